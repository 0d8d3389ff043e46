import type { Insertable } from 'kysely';
import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import { RecordRepository } from '../../core/record-repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { PrintDevTable, PrintLogTable } from '../../db/schema.ts';

export type PrintDevValues = Omit<Insertable<PrintDevTable>, 'id'>;

export interface PrintDevFilter {
  keyword?: string;
  category?: string | undefined;
  enabledMark?: number | undefined;
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
  'sortCode',
  'enabledMark',
  'description',
  'creatorTime',
  'lastModifyTime',
] as const;

export class PrintDevRepository extends RecordRepository<'printDev', PrintDevValues> {
  constructor(db: Db | Trx) {
    super(db, 'printDev');
  }

  private filtered(filter: PrintDevFilter) {
    let query = this.db.selectFrom('printDev').select(columns);
    if (filter.category) query = query.where('category', '=', filter.category);
    if (filter.enabledMark !== undefined) query = query.where('enabledMark', '=', filter.enabledMark);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    if (filter.keyword) query = query.where((eb) => keywordIn(eb, ['fullName', 'enCode'], filter.keyword ?? ''));
    return query.orderBy('sortCode').orderBy('creatorTime', 'desc').orderBy('id');
  }

  page(params: PageParams, filter: Omit<PrintDevFilter, 'keyword'>) {
    return fetchPage(this.filtered({ ...filter, keyword: params.keyword }), params);
  }

  /** Every template of the filter, unpaged (the selector; templates are few). */
  all(filter: PrintDevFilter) {
    return this.filtered(filter).execute();
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
