import { type Insertable, sql, type Updateable } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { FlowDelegateTable } from '../../db/schema.ts';

/** Delegations (流程委托): a user hands launching (type 0) or approving (type 1) to another for a period. */
export class DelegateRepository {
  constructor(private readonly db: Db | Trx) {}

  page(params: PageParams, userId: string, toMe: boolean) {
    let q = this.db
      .selectFrom('flowDelegate as d')
      .leftJoin('appUser as f', 'f.id', 'd.userId')
      .leftJoin('appUser as t', 't.id', 'd.toUserId')
      .selectAll('d')
      .select([
        sql<string>`coalesce(f.real_name, '')`.as('userName'),
        sql<string>`coalesce(t.real_name, '')`.as('toUserName'),
      ])
      .where(toMe ? 'd.toUserId' : 'd.userId', '=', userId);
    if (params.keyword) q = q.where('d.flowName', 'ilike', `%${params.keyword}%`);
    return fetchPage(q.orderBy('d.creatorTime', 'desc').orderBy('d.id', 'desc'), params);
  }
  find(id: string) {
    return this.db.selectFrom('flowDelegate').selectAll().where('id', '=', id).executeTakeFirst();
  }
  insert(values: Insertable<FlowDelegateTable>) {
    return this.db.insertInto('flowDelegate').values(values).execute();
  }
  update(id: string, values: Updateable<FlowDelegateTable>) {
    return this.db.updateTable('flowDelegate').set(values).where('id', '=', id).execute();
  }
  delete(id: string) {
    return this.db.deleteFrom('flowDelegate').where('id', '=', id).execute();
  }
  /** Approval delegations to `toUserId` running now: who delegated, and for which templates ('' = all). */
  activeTo(toUserId: string, now = new Date()) {
    return this.db
      .selectFrom('flowDelegate')
      .select(['userId', 'flowId'])
      .where('toUserId', '=', toUserId)
      .where('type', '=', 1)
      .where('startTime', '<=', now)
      .where('endTime', '>', now)
      .execute();
  }
}
