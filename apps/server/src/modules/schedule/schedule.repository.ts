import type { Insertable, Updateable } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { ScheduleTable } from '../../db/schema.ts';

export class ScheduleRepository {
  constructor(private readonly db: Db | Trx) {}

  /** Entries the user created or takes part in that overlap [start, end). */
  listInRange(userId: string, start: Date, end: Date) {
    return this.db
      .selectFrom('schedule')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('creatorUserId', '=', userId),
          eb.exists(
            eb
              .selectFrom('scheduleUser')
              .select('scheduleId')
              .whereRef('scheduleUser.scheduleId', '=', 'schedule.id')
              .where('scheduleUser.userId', '=', userId),
          ),
        ]),
      )
      .where('startDay', '<', end)
      .where('endDay', '>=', start)
      .orderBy('startDay')
      .orderBy('id')
      .limit(5000)
      .execute();
  }

  find(id: string) {
    return this.db.selectFrom('schedule').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async participants(scheduleId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('scheduleUser')
      .select('userId')
      .where('scheduleId', '=', scheduleId)
      .execute();
    return rows.map((r) => r.userId);
  }

  userNames(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('appUser').select(['id', 'realName', 'account']).where('id', 'in', ids).execute();
  }

  async existingUserIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('appUser').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  async insert(rows: Insertable<ScheduleTable>[], userIds: string[]) {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await this.db.insertInto('schedule').values(chunk).execute();
      const links = chunk.flatMap((row) => userIds.map((userId) => ({ scheduleId: row.id, userId })));
      if (links.length) await this.db.insertInto('scheduleUser').values(links).execute();
    }
  }

  async update(id: string, values: Updateable<ScheduleTable>, userIds: string[]) {
    await this.db.updateTable('schedule').set(values).where('id', '=', id).execute();
    await this.db.deleteFrom('scheduleUser').where('scheduleId', '=', id).execute();
    if (userIds.length) {
      await this.db
        .insertInto('scheduleUser')
        .values(userIds.map((userId) => ({ scheduleId: id, userId })))
        .execute();
    }
  }

  /** Ids of a group's entries, optionally only those starting at or after `from`. */
  async groupIds(groupId: string, from?: Date): Promise<string[]> {
    let query = this.db.selectFrom('schedule').select('id').where('groupId', '=', groupId);
    if (from) query = query.where('startDay', '>=', from);
    return (await query.execute()).map((r) => r.id);
  }

  async delete(ids: string[]) {
    if (ids.length === 0) return;
    await this.db.deleteFrom('schedule').where('id', 'in', ids).execute();
  }
}
