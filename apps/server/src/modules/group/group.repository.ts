import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import { forgetPermissionHolder } from '../../core/permissions.repository.ts';
import { RecordRepository } from '../../core/record-repository.ts';
import type { Db, Trx } from '../../db/database.ts';

export interface GroupValues {
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

const columns = ['id', 'fullName', 'enCode', 'type', 'sortCode', 'enabledMark', 'description', 'creatorTime'] as const;

export class GroupRepository extends RecordRepository<'userGroup', GroupValues> {
  constructor(db: Db | Trx) {
    super(db, 'userGroup');
  }

  private filtered(filter: { keyword?: string; ids?: string[]; enabledMark?: number | undefined }) {
    let query = this.db.selectFrom('userGroup').select(columns);
    if (filter.ids) query = query.where('id', 'in', filter.ids.length ? filter.ids : ['']);
    if (filter.enabledMark !== undefined) query = query.where('enabledMark', '=', filter.enabledMark);
    if (filter.keyword) query = query.where((eb) => keywordIn(eb, ['fullName', 'enCode'], filter.keyword ?? ''));
    return query.orderBy('sortCode').orderBy('creatorTime', 'desc');
  }

  page(params: PageParams, enabledMark?: number) {
    return fetchPage(this.filtered({ keyword: params.keyword, enabledMark }), params);
  }

  list(filter: { keyword?: string; ids?: string[]; enabledMark?: number }) {
    return this.filtered(filter).limit(5000).execute();
  }

  findById(id: string) {
    return this.db.selectFrom('userGroup').select(columns).where('id', '=', id).executeTakeFirst();
  }

  /** A group is only a label on users: deleting it drops the memberships with it. */
  override async delete(id: string) {
    await forgetPermissionHolder(this.db, 'Group', id);
    await this.db.deleteFrom('userRelation').where('objectType', '=', 'Group').where('objectId', '=', id).execute();
    await super.delete(id);
  }
}
