import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import { forgetPermissionHolder } from '../../core/permissions.repository.ts';
import { RecordRepository } from '../../core/record-repository.ts';
import type { Db, Trx } from '../../db/database.ts';

export interface PositionValues {
  organizeId: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface PositionFilter {
  /** Positions of these organisations; null or absent: all. */
  organizeIds?: string[] | null;
  ids?: string[];
  keyword?: string;
  enabledMark?: number | undefined;
}

export class PositionRepository extends RecordRepository<'position', PositionValues> {
  constructor(db: Db | Trx) {
    super(db, 'position');
  }

  private rows() {
    return this.db
      .selectFrom('position as p')
      .leftJoin('organize as o', 'o.id', 'p.organizeId')
      .select([
        'p.id',
        'p.organizeId',
        'p.fullName',
        'p.enCode',
        'p.type',
        'p.sortCode',
        'p.enabledMark',
        'p.description',
        'p.creatorTime',
        'o.fullName as department',
      ]);
  }

  private filtered(filter: PositionFilter) {
    let query = this.rows();
    if (filter.organizeIds)
      query = query.where('p.organizeId', 'in', filter.organizeIds.length ? filter.organizeIds : ['']);
    if (filter.ids) query = query.where('p.id', 'in', filter.ids.length ? filter.ids : ['']);
    if (filter.enabledMark !== undefined) query = query.where('p.enabledMark', '=', filter.enabledMark);
    if (filter.keyword) query = query.where((eb) => keywordIn(eb, ['p.fullName', 'p.enCode'], filter.keyword ?? ''));
    return query.orderBy('p.sortCode').orderBy('p.creatorTime', 'desc');
  }

  /** One page, filtered by organisations (null: all), keyword on name or code, and state. */
  page(params: PageParams, filter: Omit<PositionFilter, 'keyword'>) {
    return fetchPage(this.filtered({ ...filter, keyword: params.keyword }), params);
  }

  list(filter: PositionFilter) {
    return this.filtered(filter).limit(5000).execute();
  }

  findById(id: string) {
    return this.rows().where('p.id', '=', id).executeTakeFirst();
  }

  organizeExists(id: string): Promise<boolean> {
    return this.db.selectFrom('organize').select('id').where('id', '=', id).executeTakeFirst().then(Boolean);
  }

  hasUsers(id: string): Promise<boolean> {
    return this.db
      .selectFrom('userRelation')
      .select('id')
      .where('objectType', '=', 'Position')
      .where('objectId', '=', id)
      .executeTakeFirst()
      .then(Boolean);
  }

  override async delete(id: string) {
    await forgetPermissionHolder(this.db, 'Position', id);
    await super.delete(id);
  }
}
