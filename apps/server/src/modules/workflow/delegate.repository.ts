import { type Insertable, sql, type Updateable } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { FlowDelegateTable } from '../../db/schema.ts';

/** `flow_delegate.type`: what is handed over (protocol-workflow.md 3: '0' launch, '1' approval). */
export const DelegationType = { launch: 0, approve: 1 } as const;
export type DelegationType = (typeof DelegationType)[keyof typeof DelegationType];

/** Delegations (流程委托): a user hands launching (type 0) or approving (type 1) to another for a period. */
export class DelegateRepository {
  constructor(private readonly db: Db | Trx) {}

  /** Delegations with the names of who delegated and to whom. */
  private rows() {
    return this.db
      .selectFrom('flowDelegate as d')
      .leftJoin('appUser as f', 'f.id', 'd.userId')
      .leftJoin('appUser as t', 't.id', 'd.toUserId')
      .selectAll('d')
      .select([
        sql<string>`coalesce(f.real_name, '')`.as('userName'),
        sql<string>`coalesce(t.real_name, '')`.as('toUserName'),
      ]);
  }
  page(params: PageParams, userId: string, toMe: boolean) {
    let q = this.rows().where(toMe ? 'd.toUserId' : 'd.userId', '=', userId);
    if (params.keyword) q = q.where('d.flowName', 'ilike', `%${params.keyword}%`);
    return fetchPage(q.orderBy('d.creatorTime', 'desc').orderBy('d.id', 'desc'), params);
  }
  /** One delegation with its names. */
  one(id: string) {
    return this.rows().where('d.id', '=', id).executeTakeFirst();
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
  /** Delegations of `type` (0 launch, 1 approval) to `toUserId` running now: who delegated, and for which templates ('' = all). */
  activeTo(toUserId: string, type: DelegationType = DelegationType.approve, now = new Date()) {
    return this.db
      .selectFrom('flowDelegate')
      .select(['userId', 'flowId'])
      .where('toUserId', '=', toUserId)
      .where('type', '=', type)
      .where('startTime', '<=', now)
      .where('endTime', '>', now)
      .execute();
  }
  /**
   * The users `fromUserIds` with each launch delegation (whatever its period) they made to
   * `toUserId`; a user without one comes once with null delegation fields. Tells why a launch on
   * someone's behalf does not hold.
   */
  launchesFrom(fromUserIds: readonly string[], toUserId: string) {
    return this.db
      .selectFrom('appUser as u')
      .leftJoin('flowDelegate as d', (join) =>
        join.onRef('d.userId', '=', 'u.id').on('d.toUserId', '=', toUserId).on('d.type', '=', DelegationType.launch),
      )
      .select(['u.id as userId', 'u.realName as userName', 'd.flowId', 'd.startTime', 'd.endTime'])
      .where('u.id', 'in', fromUserIds.length ? [...fromUserIds] : [''])
      .execute();
  }
  /** The enabled users among `userIds`, as the launch page's choice shows them. */
  principals(userIds: readonly string[]) {
    return this.db
      .selectFrom('appUser')
      .select(['id', 'account', 'realName as fullName'])
      .where('id', 'in', userIds.length ? [...userIds] : [''])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('id')
      .execute();
  }
}
