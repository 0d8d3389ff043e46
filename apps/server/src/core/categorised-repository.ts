import type { Insertable, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type CategorisedFilter, categorisedList, fetchPage } from './list.ts';
import type { PageParams } from './paging.ts';
import { RecordRepository, type RecordTable } from './record-repository.ts';

/** The columns a categorised list answers after its own: order, state, description and the stamps. */
export const listedRecordColumns = ['sortCode', 'enabledMark', 'description', 'creatorTime', 'lastModifyTime'] as const;

/**
 * The repository of records kept in categories (bill rules, data interfaces, print templates,
 * portals): the record writes, and the paged and whole lists filtered by category, state and
 * keyword (`categorisedList`). An area names its columns and its own filters in `listQuery`.
 */
export abstract class CategorisedRepository<
  T extends RecordTable,
  Values extends Omit<Insertable<Database[T]>, 'id'>,
  Filter extends CategorisedFilter,
  Row,
> extends RecordRepository<T, Values> {
  /** The list's statement: its columns and the area's own filters (type, kinds), before the common ones. */
  protected abstract listQuery(filter: Filter): SelectQueryBuilder<Database, T, Row>;

  private filtered(filter: Filter) {
    return categorisedList(this.listQuery(filter), filter);
  }

  /** One page; the keyword comes with the paging parameters. */
  page(params: PageParams, filter: Omit<Filter, 'keyword'>) {
    // `Filter` with its keyword put back: the type cannot see that the spread restores what Omit took.
    return fetchPage(this.filtered({ ...filter, keyword: params.keyword } as Filter), params);
  }

  /** Every record of the filter, unpaged (selectors; these records are few). */
  all(filter: Filter) {
    return this.filtered(filter).execute();
  }
}
