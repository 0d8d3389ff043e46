import type { Insertable, Selectable } from 'kysely';
import { CategorisedRepository, listedRecordColumns } from '../../core/categorised-repository.ts';
import { type CategorisedFilter, fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { PrintDevTable, PrintLogTable } from '../../db/schema.ts';

export type PrintDevValues = Omit<Insertable<PrintDevTable>, 'id'>;

export interface PrintDevFilter extends CategorisedFilter {
  type?: number | undefined;
}

const columns = [
  'id',
  'fullName',
  'enCode',
  'category',
  'type',
  'formId',
  'sourceType',
  'dbLinkId',
  'sqlTemplate',
  'parameterJson',
  'interfaceId',
  'interfaceName',
  'printTemplate',
  'pageParam',
  ...listedRecordColumns,
] as const;

/** A record as the lists answer it. */
export type PrintDevListRow = Pick<Selectable<PrintDevTable>, (typeof columns)[number]>;

export class PrintDevRepository extends CategorisedRepository<
  'printDev',
  PrintDevValues,
  PrintDevFilter,
  PrintDevListRow
> {
  constructor(db: Db | Trx) {
    super(db, 'printDev');
  }

  protected listQuery(filter: PrintDevFilter) {
    const query = this.db.selectFrom('printDev').select(columns);
    return filter.type === undefined ? query : query.where('type', '=', filter.type);
  }

  findById(id: string) {
    return this.db.selectFrom('printDev').select(columns).where('id', '=', id).executeTakeFirst();
  }

  names(ids: string[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('printDev').select(['id', 'fullName']).where('id', 'in', ids).execute();
  }
}

export interface PrintLogFilter {
  printId: string;
  keyword?: string;
  from?: Date | undefined;
  to?: Date | undefined;
}

export class PrintLogRepository {
  constructor(private readonly db: Db | Trx) {}

  async insert(values: Insertable<PrintLogTable>) {
    await this.db.insertInto('printLog').values(values).execute();
  }

  page(params: PageParams, filter: PrintLogFilter) {
    let query = this.db
      .selectFrom('printLog')
      .select(['id', 'printTitle', 'printMan', 'printTime', 'printNum'])
      .where('printId', '=', filter.printId);
    if (filter.from) query = query.where('printTime', '>=', filter.from);
    if (filter.to) query = query.where('printTime', '<=', filter.to);
    if (params.keyword) query = query.where((eb) => keywordIn(eb, ['printTitle', 'printMan'], params.keyword));
    return fetchPage(query.orderBy('printTime', 'desc').orderBy('id'), params);
  }
}
