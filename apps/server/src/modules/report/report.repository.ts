import { type Insertable, sql } from 'kysely';
import { fetchPage, keywordIn } from '../../core/list.ts';
import { likePattern, type PageParams } from '../../core/paging.ts';
import { RecordRepository } from '../../core/record-repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { ReportTable } from '../../db/schema.ts';
import { moduleIdOf } from '../menu/menu-info.ts';

/** A report's columns as written: parameters, datasets and layout as JSON text. */
export type ReportValues = Omit<Insertable<ReportTable>, 'id'>;

export interface ReportFilter {
  keyword?: string | undefined;
  categoryId?: string | undefined;
  enabledMark?: number | undefined;
}

/**
 * The SQL of report definitions (`report`). The JSON columns are read as text: the result rows'
 * camel-case mapping would otherwise rename the keys inside them.
 */
export class ReportRepository extends RecordRepository<'report', ReportValues> {
  constructor(db: Db | Trx) {
    super(db, 'report');
  }

  private listed(filter: ReportFilter) {
    let query = this.db
      .selectFrom('report as r')
      .leftJoin('appUser as c', 'c.id', 'r.creatorUserId')
      .select([
        'r.id',
        'r.fullName',
        'r.enCode',
        'r.categoryId',
        'r.sortCode',
        'r.enabledMark',
        'r.creatorTime',
        'r.lastModifyTime',
        'c.realName as creatorName',
        'c.account as creatorAccount',
      ]);
    if (filter.categoryId) query = query.where('r.categoryId', '=', filter.categoryId);
    if (filter.enabledMark !== undefined) query = query.where('r.enabledMark', '=', filter.enabledMark);
    const { keyword } = filter;
    if (keyword) query = query.where((eb) => keywordIn(eb, ['r.fullName', 'r.enCode'], keyword));
    // The designers' order: sort code, newest first, then id so pages never overlap.
    return query.orderBy('r.sortCode').orderBy('r.creatorTime', 'desc').orderBy('r.id');
  }

  page(params: PageParams, filter: Omit<ReportFilter, 'keyword'>) {
    return fetchPage(this.listed({ ...filter, keyword: params.keyword }), params);
  }

  /** Every report of the filter, unpaged (the selector; reports are few). */
  all(filter: ReportFilter) {
    return this.listed(filter).execute();
  }

  /** One report with its definition; parameters, datasets and layout as JSON text. */
  findById(id: string) {
    return this.db
      .selectFrom('report')
      .select([
        'id',
        'fullName',
        'enCode',
        'categoryId',
        'sortCode',
        'enabledMark',
        'description',
        'creatorTime',
        'lastModifyTime',
        sql<string>`parameters::text`.as('parameters'),
        sql<string>`datasets::text`.as('datasets'),
        sql<string>`layout::text`.as('layout'),
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The codes of enabled report menus (type 5) whose moduleId is `id`. */
  async menusOpening(id: string): Promise<string[]> {
    const menus = await this.db
      .selectFrom('menu')
      .select(['enCode', 'propertyJson'])
      .where('type', '=', 5)
      .where('enabledMark', '=', 1)
      .where('propertyJson', 'like', likePattern(`"${id}"`))
      .execute();
    return menus.filter((menu) => moduleIdOf(menu.propertyJson) === id).map((menu) => menu.enCode);
  }
}
