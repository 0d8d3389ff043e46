import { Channel } from '@platform/shared';
import type { Insertable, Updateable } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import { likePattern } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MessageSendLogTable, SendMessageConfigTable } from '../../db/schema.ts';

export class SendConfigRepository {
  constructor(private readonly db: Db | Trx) {}

  async list(filters: { keyword: string; enabledMark: string; messageSource: string }, offset: number, limit: number) {
    let base = this.db.selectFrom('sendMessageConfig');
    if (filters.keyword) {
      const pattern = likePattern(filters.keyword);
      base = base.where((eb) =>
        eb.or([eb('sendMessageConfig.fullName', 'ilike', pattern), eb('sendMessageConfig.enCode', 'ilike', pattern)]),
      );
    }
    if (filters.enabledMark) base = base.where('sendMessageConfig.enabledMark', '=', Number(filters.enabledMark));
    if (filters.messageSource) base = base.where('sendMessageConfig.messageSource', '=', filters.messageSource);
    return fetchPage(base.selectAll().orderBy('sortCode').orderBy('creatorTime', 'desc'), {
      offset: offset,
      pageSize: limit,
    });
  }

  find(id: string) {
    return this.db.selectFrom('sendMessageConfig').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async codeTaken(enCode: string, exceptId?: string) {
    let query = this.db.selectFrom('sendMessageConfig').select('id').where('enCode', '=', enCode);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return Boolean(await query.executeTakeFirst());
  }

  async insert(values: Insertable<SendMessageConfigTable>) {
    await this.db.insertInto('sendMessageConfig').values(values).execute();
  }

  async update(id: string, values: Updateable<SendMessageConfigTable>) {
    const result = await this.db.updateTable('sendMessageConfig').set(values).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async delete(id: string) {
    const result = await this.db.deleteFrom('sendMessageConfig').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  recipients(userIds: string[]) {
    return this.db
      .selectFrom('appUser')
      .select(['id', 'account', 'email', 'mobilePhone'])
      .where('id', 'in', userIds)
      .where('enabledMark', '=', 1)
      .execute();
  }

  async log(rows: Insertable<MessageSendLogTable>[]) {
    if (rows.length) await this.db.insertInto('messageSendLog').values(rows).execute();
  }

  /** Where one message of the outbox stands (its send-log row is the message). */
  async logStatus(id: string) {
    const row = await this.db.selectFrom('messageSendLog').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status ?? null;
  }

  /** A try's result; only a message still pending takes it, so a late duplicate never rewrites a settled one. */
  async settleLog(id: string, values: Updateable<MessageSendLogTable>) {
    await this.db
      .updateTable('messageSendLog')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  logs(sendConfigId: string, offset: number, limit: number) {
    return this.db
      .selectFrom('messageSendLog')
      .selectAll()
      .where('sendConfigId', '=', sendConfigId)
      .orderBy('creatorTime', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** One e-mail of the send log, with the name of the user it went to. */
  email(id: string) {
    return this.db
      .selectFrom('messageSendLog')
      .leftJoin('appUser', 'appUser.id', 'messageSendLog.toUserId')
      .selectAll('messageSendLog')
      .select(['appUser.realName as toRealName', 'appUser.account as toAccount'])
      .where('messageSendLog.id', '=', id)
      .where('messageSendLog.messageType', '=', Channel.email)
      .executeTakeFirst();
  }
}
