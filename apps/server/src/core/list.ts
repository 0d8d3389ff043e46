import { type ExpressionBuilder, type ReferenceExpression, type SelectQueryBuilder, sql } from 'kysely';
import { likePattern, type PageParams } from './paging.ts';

/** One page of a filtered list and the number of rows that match the filter. */
export interface Page<Row> {
  list: Row[];
  total: number;
}

/**
 * The page every administration list answers: the rows of `query` (filtered and ordered by the
 * repository that built it) between `offset` and `offset + pageSize`, and the total of its
 * matches. The total is the same statement without its columns and order, so a filter is written
 * once and cannot differ between the page and its count.
 */
export async function fetchPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  params: Pick<PageParams, 'pageSize' | 'offset'>,
): Promise<Page<Row>> {
  // Selection types of a generic query stay unresolved, so the count's row is read as what it is.
  const count = query.clearSelect().clearOrderBy().select(sql<string>`count(*)`.as('total'));
  const [list, counted] = await Promise.all([
    query.limit(params.pageSize).offset(params.offset).execute(),
    count.executeTakeFirstOrThrow() as Promise<{ total: string | number }>,
  ]);
  return { list, total: Number(counted.total) };
}

/**
 * "Any of these columns contains the keyword as typed" (LIKE wildcards escaped, case ignored),
 * the keyword search of every list. An empty keyword matches everything.
 */
export function keywordIn<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly ReferenceExpression<DB, TB>[],
  keyword: string,
) {
  if (!keyword) return sql<boolean>`true`;
  const like = likePattern(keyword);
  return eb.or(columns.map((column) => eb(column, 'ilike', like)));
}

/** The filter of a list whose records sit in a category (a dictionary entry) and can be switched off. */
export interface CategorisedFilter {
  keyword?: string | undefined;
  category?: string | undefined;
  enabledMark?: number | undefined;
}

/**
 * A categorised list's statement (bill rules, data interfaces, print templates, portals): `query`,
 * with the table's own filters already on it, narrowed to the filter's category, state and keyword
 * (name or code), in the designers' order: sort code, newest first, then id so pages never overlap.
 */
export function categorisedList<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  filter: CategorisedFilter,
): SelectQueryBuilder<DB, TB, Row> {
  // The columns every categorised table has, named through references: Kysely cannot check them
  // against a table it only knows as a type parameter.
  let narrowed = query;
  if (filter.category) narrowed = narrowed.where(sql.ref('category'), '=', filter.category);
  if (filter.enabledMark !== undefined) narrowed = narrowed.where(sql.ref('enabledMark'), '=', filter.enabledMark);
  const { keyword } = filter;
  if (keyword) narrowed = narrowed.where((eb) => keywordIn(eb, [sql.ref('fullName'), sql.ref('enCode')], keyword));
  return narrowed.orderBy(sql.ref('sortCode')).orderBy(sql.ref('creatorTime'), 'desc').orderBy(sql.ref('id'));
}
