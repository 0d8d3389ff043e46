import { type ExpressionBuilder, sql } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import { likePattern } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface MessageFilters {
  keyword: string;
  /** '' or a type 1-4. */
  type: string;
  /** '' both, '0' unread, '1' read. */
  isRead: string;
}

export interface NewMessage {
  id: string;
  type: number;
  title: string;
  bodyText: string | null;
  excerpt: string | null;
  files: string | null;
  sourceId: string | null;
  releaseUserId: string | null;
  flowType?: number | null;
}

type Eb = ExpressionBuilder<Database, 'messageReceive' | 'message'>;

function filtered(eb: Eb, userId: string, filters: MessageFilters) {
  const conditions = [eb('messageReceive.userId', '=', userId)];
  if (filters.keyword) conditions.push(eb('message.title', 'ilike', likePattern(filters.keyword)));
  if (filters.type) conditions.push(eb('message.type', '=', Number(filters.type)));
  if (filters.isRead) conditions.push(eb('messageReceive.isRead', '=', Number(filters.isRead)));
  return eb.and(conditions);
}

/** What the list shows of a received message; its detail adds the body and the files. */
const listedColumns = [
  'message.id',
  'message.title',
  'message.type',
  'message.flowType',
  'message.excerpt',
  'message.releaseTime',
  'messageReceive.isRead',
  'appUser.realName',
  'appUser.account',
] as const;

export class MessageRepository {
  constructor(private readonly db: Db | Trx) {}

  /** Receipts with the message each one delivered: where a user's messages are read from. */
  private receipts() {
    return this.db.selectFrom('messageReceive').innerJoin('message', 'message.id', 'messageReceive.messageId');
  }

  async list(userId: string, filters: MessageFilters, offset: number, limit: number) {
    const base = this.receipts().where((eb) => filtered(eb, userId, filters));
    return fetchPage(
      base
        .leftJoin('appUser', 'appUser.id', 'message.releaseUserId')
        .select(listedColumns)
        .orderBy('message.releaseTime', 'desc')
        .orderBy('message.id', 'desc'),
      { offset: offset, pageSize: limit },
    );
  }

  /** The flow messages (type 2) about task `taskId` whose body opens it at node instance `taskNodeId`, with the recipients' names. */
  flowMessagesAt(taskId: string, taskNodeId: string) {
    return this.db
      .selectFrom('message as m')
      .leftJoin('messageReceive as r', 'r.messageId', 'm.id')
      .leftJoin('appUser as u', 'u.id', 'r.userId')
      .select([
        'm.id',
        'm.title',
        'm.releaseTime',
        sql<string>`coalesce(string_agg(u.real_name, ',' order by u.real_name), '')`.as('userNames'),
      ])
      .where('m.sourceId', '=', taskId)
      .where('m.type', '=', 2)
      .where(
        sql<boolean>`case when m.body_text like '{%' then (m.body_text::jsonb ->> 'taskNodeId') end = ${taskNodeId}`,
      )
      .groupBy(['m.id', 'm.title', 'm.releaseTime'])
      .execute();
  }

  /** Whether `userId` received a message whose attachments name the file (a notice released to them, a system message). */
  async receivedFile(userId: string, name: string): Promise<boolean> {
    const row = await this.receipts()
      .select('message.id')
      .where('messageReceive.userId', '=', userId)
      .where('message.files', 'like', likePattern(name))
      .executeTakeFirst();
    return row !== undefined;
  }

  detail(userId: string, messageId: string) {
    return this.receipts()
      .leftJoin('appUser', 'appUser.id', 'message.releaseUserId')
      .select([...listedColumns, 'message.bodyText', 'message.files'])
      .where('messageReceive.userId', '=', userId)
      .where('message.id', '=', messageId)
      .executeTakeFirst();
  }

  async markRead(userId: string, messageId: string) {
    await this.db
      .updateTable('messageReceive')
      .set({ isRead: 1, readTime: new Date() })
      .where('userId', '=', userId)
      .where('messageId', '=', messageId)
      .where('isRead', '=', 0)
      .execute();
  }

  async markAllRead(userId: string, filters: MessageFilters): Promise<number> {
    const result = await this.db
      .updateTable('messageReceive')
      .set({ isRead: 1, readTime: new Date() })
      .where('isRead', '=', 0)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('messageReceive')
          .innerJoin('message', 'message.id', 'messageReceive.messageId')
          .select('messageReceive.id')
          .where((inner) => filtered(inner, userId, filters)),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async deleteReceipts(userId: string, messageIds: string[]): Promise<number> {
    const result = await this.db
      .deleteFrom('messageReceive')
      .where('userId', '=', userId)
      .where('messageId', 'in', messageIds)
      .executeTakeFirst();
    // A message nobody holds any more goes too.
    await this.db
      .deleteFrom('message')
      .where('id', 'in', messageIds)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('messageReceive').select('id').whereRef('messageId', '=', 'message.id'))),
      )
      .execute();
    return Number(result.numDeletedRows);
  }

  /** Unread receipts per user and message type, for the users given. */
  unreadByType(userIds: string[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.receipts()
      .select(['messageReceive.userId', 'message.type', (eb) => eb.fn.countAll<number>().as('count')])
      .where('messageReceive.userId', 'in', userIds)
      .where('messageReceive.isRead', '=', 0)
      .groupBy(['messageReceive.userId', 'message.type'])
      .execute();
  }

  /** The newest message title of the user, notices (type 3) or the rest. */
  async latestTitle(userId: string, notices: boolean): Promise<string | null> {
    const row = await this.receipts()
      .select('message.title')
      .where('messageReceive.userId', '=', userId)
      .where('message.type', notices ? '=' : '<>', 3)
      .orderBy('message.releaseTime', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.title ?? null;
  }

  async insert(message: NewMessage, userIds: string[] | null, receiptId: () => string): Promise<string[]> {
    await this.db
      .insertInto('message')
      .values({ ...message, flowType: message.flowType ?? null, creatorUserId: message.releaseUserId })
      .execute();
    const recipients = userIds ?? (await this.enabledUserIds());
    const unique = [...new Set(recipients)];
    for (let i = 0; i < unique.length; i += 1000) {
      const chunk = unique.slice(i, i + 1000);
      await this.db
        .insertInto('messageReceive')
        .values(chunk.map((userId) => ({ id: receiptId(), messageId: message.id, userId })))
        .execute();
    }
    return unique;
  }

  async enabledUserIds(): Promise<string[]> {
    const rows = await this.db.selectFrom('appUser').select('id').where('enabledMark', '=', 1).execute();
    return rows.map((r) => r.id);
  }

  async existingUserIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('appUser').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /** For tests and the bench: how many receipts a user holds. */
  countFor(userId: string) {
    return this.db
      .selectFrom('messageReceive')
      .select(sql<number>`count(*)`.as('count'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
  }
}
