import type { DashboardNotice, DashboardNoticeQuery, NoticeInput, NoticeQuery } from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import { plainText, sanitizeRichText } from '../../core/sanitize.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { MessageService, MessageType } from '../message/message.service.ts';
import { NoticeRepository } from './notice.repository.ts';

function who(name: string | null, account: string | null) {
  return name ? `${name}/${account}` : null;
}

/** Audience ids as sent: the 3.6 client joins them with commas, ours sends an array. */
function audienceIds(toUserIds: NoticeInput['toUserIds']): string[] {
  const ids = typeof toUserIds === 'string' ? toUserIds.split(',') : (toUserIds ?? []);
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
}

export class NoticeService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    /** Names of the NoticeType entries the list prints. */
    private readonly dictionaries: DictionaryCache,
  ) {}

  /** The portal's notice card: what the caller received (at most 50, as the card shows). */
  async dashboard(session: Session, query: DashboardNoticeQuery): Promise<DashboardNotice[]> {
    const repo = new NoticeRepository(this.db);
    await repo.expire(new Date());
    const [rows, types] = await Promise.all([
      repo.received(session.userId, MessageType.notice, (query.typeList ?? []).filter(Boolean), 50),
      this.dictionaries.names('NoticeType'),
    ]);
    return rows.map((r) => ({
      id: r.id,
      fullName: r.title,
      category: types.name(r.category) ?? '',
      excerpt: r.excerpt ?? '',
      coverImage: r.coverImage ?? '',
      creatorTime: r.creatorTime.getTime(),
      releaseTime: toMillis(r.releaseTime),
    }));
  }

  async list(query: NoticeQuery) {
    const params = pageParams(query);
    const repo = new NoticeRepository(this.db);
    await repo.expire(new Date());
    const marks =
      query.enabledMark === undefined || query.enabledMark === ''
        ? []
        : Array.isArray(query.enabledMark)
          ? // The 3.6 client's '2' (已过期) is our -1.
            query.enabledMark.map((mark) => (mark === '2' ? -1 : Number(mark)))
          : [query.enabledMark];
    const categories = query.type ?? (query.category ? [query.category] : []);
    const types = await this.dictionaries.names('NoticeType');
    const { list: rows, total } = await repo.list(
      { keyword: params.keyword, enabledMarks: marks, categories },
      params.offset,
      params.pageSize,
    );
    return page(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        // The list shows the type as text (the NoticeType entry's name); Info keeps the code the form selects.
        category: types.name(r.category),
        enabledMark: r.enabledMark,
        releaseTime: toMillis(r.releaseTime),
        releaseUser: who(r.releaseName, r.releaseAccount),
        creatorUser: who(r.creatorName, r.creatorAccount),
        creatorTime: r.creatorTime.getTime(),
        lastModifyTime: toMillis(r.lastModifyTime),
        expirationTime: toMillis(r.expirationTime),
      })),
      total,
      params,
    );
  }

  async info(id: string) {
    const row = await new NoticeRepository(this.db).find(id);
    if (!row) throw new NotFoundError();
    return {
      id: row.id,
      title: row.title,
      bodyText: sanitizeRichText(row.bodyText),
      excerpt: row.excerpt,
      category: row.category,
      files: row.files,
      coverImage: row.coverImage,
      // Comma-joined, as the 3.6 client reads it back (`toUserIds.split(',')`); '' for everybody.
      toUserIds: row.toUserIds ? (JSON.parse(row.toUserIds) as string[]).join(',') : '',
      enabledMark: row.enabledMark,
      expirationTime: toMillis(row.expirationTime),
      releaseTime: toMillis(row.releaseTime),
      releaseUser: who(row.releaseName, row.releaseAccount),
    };
  }

  private values(input: NoticeInput) {
    const bodyText = sanitizeRichText(input.bodyText ?? '');
    return {
      title: input.title.trim(),
      bodyText,
      excerpt: input.excerpt?.trim() || plainText(bodyText),
      category: input.category ?? null,
      files: input.files ?? null,
      coverImage: input.coverImage ?? null,
      toUserIds: audienceIds(input.toUserIds).length ? JSON.stringify(audienceIds(input.toUserIds)) : null,
      expirationTime: input.expirationTime ? new Date(input.expirationTime) : null,
    };
  }

  async create(input: NoticeInput, session: Session) {
    const id = newId();
    await new NoticeRepository(this.db).insert({ id, ...this.values(input), creatorUserId: session.userId });
    return id;
  }

  async update(id: string, input: NoticeInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new NoticeRepository(trx);
      const row = await repo.findForUpdate(id);
      if (!row) throw new NotFoundError();
      if (row.enabledMark === 1) throw new BusinessError('notice.released');
      await repo.update(id, { ...this.values(input), lastModifyTime: new Date(), lastModifyUserId: session.userId });
    });
  }

  async delete(id: string) {
    const deleted = await new NoticeRepository(this.db).delete(id);
    if (!deleted) throw new NotFoundError();
  }

  /** Releases a draft: one message to the audience (everyone when none is named), then the pushes. */
  async release(id: string, session: Session) {
    const delivered = await this.db.transaction().execute(async (trx) => {
      const repo = new NoticeRepository(trx);
      const row = await repo.findForUpdate(id);
      if (!row) throw new NotFoundError();
      if (row.enabledMark === 1) throw new BusinessError('notice.released');
      if (row.expirationTime && row.expirationTime.getTime() <= Date.now()) throw new BusinessError('notice.expired');
      await repo.update(id, { enabledMark: 1, releaseTime: new Date(), releaseUserId: session.userId });
      const named = row.toUserIds ? (JSON.parse(row.toUserIds) as string[]) : [];
      const audience = named.length ? await MessageService.existingRecipients(trx, named) : null;
      const { recipients } = await MessageService.deliver(
        trx,
        {
          type: MessageType.notice,
          title: row.title,
          bodyText: row.bodyText,
          excerpt: row.excerpt,
          files: row.files,
          sourceId: row.id,
          releaseUserId: session.userId,
        },
        audience,
      );
      return { title: row.title, userIds: audience ? recipients : null };
    });
    await MessageService.announce(this.bus, {
      userIds: delivered.userIds,
      title: delivered.title,
      fromUserId: session.userId,
      messageType: MessageType.notice,
    });
  }
}
