import type { MessageDetail, MessageQuery, MessageRow, PageData, ReadAllInput, UnreadCounts } from '@platform/shared';
import { NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams } from '../../core/paging.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import type { Db, Trx } from '../../db/database.ts';
import { type MessageFilters, MessageRepository, type NewMessage } from './message.repository.ts';

export const MessageType = { system: 1, flow: 2, notice: 3, schedule: 4 } as const;

/** What a delivered message announces on the bus: sockets push `messagePush` to its recipients. */
export interface MessageCreatedEvent {
  type: 'message.created';
  /** Recipients; null means every user. */
  userIds: string[] | null;
  title: string;
  fromUserId: string | null;
  messageType: number;
}

/** Types whose body is rich text (system sends, notices); flow and schedule messages carry JSON. */
const htmlBodies: ReadonlySet<number> = new Set([MessageType.system, MessageType.notice]);

function releaseUser(row: { realName: string | null; account: string | null }): string {
  return row.realName ? `${row.realName}/${row.account}` : '';
}

/** The in-app message store every sender uses: notices, schedule reminders, send configurations. */
export class MessageService {
  constructor(
    private readonly db: Db,
    readonly _bus: EventBus,
  ) {}

  async list(userId: string, query: MessageQuery): Promise<PageData<MessageRow>> {
    const params = pageParams(query);
    const { list: rows, total } = await new MessageRepository(this.db).list(
      userId,
      filtersOf(query),
      params.offset,
      params.pageSize,
    );
    return page(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        type: r.type,
        flowType: r.flowType,
        isRead: String(r.isRead),
        releaseUser: releaseUser(r),
        releaseTime: r.releaseTime.getTime(),
        excerpt: r.excerpt,
      })),
      total,
      params,
    );
  }

  /** Opening a message reads it. Another user's message is not found. */
  async read(userId: string, messageId: string): Promise<MessageDetail> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new MessageRepository(trx);
      const row = await repo.detail(userId, messageId);
      if (!row) throw new NotFoundError();
      await repo.markRead(userId, messageId);
      return {
        id: row.id,
        title: row.title,
        type: row.type,
        flowType: row.flowType,
        isRead: '1',
        releaseUser: releaseUser(row),
        releaseTime: row.releaseTime.getTime(),
        excerpt: row.excerpt,
        bodyText: htmlBodies.has(row.type) ? sanitizeRichText(row.bodyText) : row.bodyText,
        files: row.files ?? '[]',
      };
    });
  }

  /** Whether a message the user received attaches the file: it may then have the file's link. */
  receivedFile(userId: string, name: string): Promise<boolean> {
    return new MessageRepository(this.db).receivedFile(userId, name);
  }

  readAll(userId: string, input: ReadAllInput) {
    return new MessageRepository(this.db).markAllRead(userId, filtersOf(input));
  }

  deleteRecords(userId: string, ids: string[] | string) {
    const list = (Array.isArray(ids) ? ids : ids.split(',')).map((id) => id.trim()).filter(Boolean);
    return this.db.transaction().execute((trx) => new MessageRepository(trx).deleteReceipts(userId, list));
  }

  async unreadCounts(userId: string): Promise<UnreadCounts> {
    const counts = (await this.unreadFor([userId])).get(userId) ?? new Map<number, number>();
    const of = (type: number) => counts.get(type) ?? 0;
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    return {
      unReadNum: total,
      unReadMsg: of(MessageType.flow),
      unReadSystemMsg: of(MessageType.system),
      unReadNotice: of(MessageType.notice),
      unReadSchedule: of(MessageType.schedule),
    };
  }

  /** Unread receipts per user and type, in one query for many users (socket pushes). */
  async unreadFor(userIds: string[]): Promise<Map<string, Map<number, number>>> {
    const rows = await new MessageRepository(this.db).unreadByType(userIds);
    const result = new Map<string, Map<number, number>>();
    for (const row of rows) {
      const perType = result.get(row.userId) ?? new Map<number, number>();
      perType.set(row.type, Number(row.count));
      result.set(row.userId, perType);
    }
    return result;
  }

  latestTitle(userId: string, notices: boolean) {
    return new MessageRepository(this.db).latestTitle(userId, notices);
  }

  /**
   * Stores a message and its receipts inside the caller's transaction; returns the recipients.
   * Call `announce` after the transaction commits.
   */
  static async deliver(
    trx: Trx,
    message: Omit<NewMessage, 'id'>,
    userIds: string[] | null,
  ): Promise<{ id: string; recipients: string[] }> {
    const id = newId();
    const recipients = await new MessageRepository(trx).insert({ ...message, id }, userIds, newId);
    return { id, recipients };
  }

  /** Which of `ids` name existing users (a message's named audience), read inside the caller's transaction. */
  static existingRecipients(trx: Trx, ids: string[]): Promise<string[]> {
    return new MessageRepository(trx).existingUserIds(ids);
  }

  /** The flow messages a workflow node instance sent (the monitor's event log). */
  static flowMessagesAt(db: Db | Trx, taskId: string, taskNodeId: string) {
    return new MessageRepository(db).flowMessagesAt(taskId, taskNodeId);
  }

  /** Tells every instance to push `messagePush` to the recipients' sockets. */
  static announce(bus: EventBus, event: Omit<MessageCreatedEvent, 'type'>) {
    const payload: MessageCreatedEvent = { type: 'message.created', ...event };
    return bus.publish({ ...payload });
  }
}

function filtersOf(input: { keyword?: string | undefined; type?: string | undefined; isRead?: string | undefined }) {
  return {
    keyword: input.keyword?.trim() ?? '',
    type: input.type ?? '',
    isRead: input.isRead ?? '',
  } satisfies MessageFilters;
}
