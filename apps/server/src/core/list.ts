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
