import path from 'node:path';
import type { ImConversation, ImMessageType, PageQuery } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { FileStorage } from '../../core/file-storage.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams } from '../../core/paging.ts';
import type { Db } from '../../db/database.ts';
import { ChatRepository } from './chat.repository.ts';

export const imageName = /^[0-9a-f]{32}\.(png|jpg|gif|bmp|webp)$/;
export const imagePath = (name: string) => `/api/file/Image/IM/${name}`;
const maxText = 5000;

export interface SentChat {
  id: string;
  sendUserId: string;
  receiveUserId: string;
  messageType: ImMessageType;
  content: string;
  dateTime: number;
}

/** Chat between two users: persisted in im_message, with each side's conversation list in im_conversation. */
export class ChatService {
  constructor(
    private readonly db: Db,
    /** Where `/IM` uploads keep chat images (folder `im`), on disk or in the object store. */
    private readonly storage: FileStorage,
  ) {}

  /** Text as typed; an image as the JSON {name, width, height, path} of a file uploaded through /IM. */
  private async content(type: ImMessageType, raw: unknown): Promise<string> {
    if (type === 'text' || type === 'voice') {
      const text = typeof raw === 'string' ? raw : '';
      if (!text.trim()) throw new BusinessError('im.emptyMessage');
      return text.slice(0, maxText);
    }
    let image = raw;
    if (typeof raw === 'string') {
      try {
        image = raw.trim().startsWith('{') ? JSON.parse(raw) : { name: raw };
      } catch {
        throw new BusinessError('im.badImage');
      }
    }
    const { name, width, height } = (image ?? {}) as { name?: unknown; width?: unknown; height?: unknown };
    const file = typeof name === 'string' ? path.basename(name) : '';
    if (!imageName.test(file) || !(await this.storage.stat(`im/${file}`))) throw new BusinessError('im.badImage');
    const size = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);
    return JSON.stringify({ name: file, width: size(width), height: size(height), path: imagePath(file) });
  }

  /**
   * Whether the file's uploader sent `me` a chat message naming it. Only the uploader's messages
   * count: anyone else who knows the name could otherwise pass it to a friend by typing it.
   */
  async receivedFile(me: string, file: { name: string; creatorUserId: string | null }): Promise<boolean> {
    if (!file.creatorUserId) return false;
    return new ChatRepository(this.db).received(me, file.creatorUserId, file.name);
  }

  async send(from: string, toUserId: string, type: ImMessageType, raw: unknown): Promise<SentChat> {
    if (toUserId === from) throw new BusinessError('im.userUnknown');
    const content = await this.content(type, raw);
    const at = new Date();
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      const repo = new ChatRepository(trx);
      if (!(await repo.activeUser(toUserId))) throw new BusinessError('im.userUnknown');
      await repo.insertMessage({
        id,
        sendUserId: from,
        receiveUserId: toUserId,
        contentType: type,
        content,
        sendTime: at,
      });
      const latest = type === 'text' ? content.slice(0, 200) : content;
      await repo.touchConversation(newId(), from, toUserId, latest, type, at);
      await repo.touchConversation(newId(), toUserId, from, latest, type, at);
    });
    return { id, sendUserId: from, receiveUserId: toUserId, messageType: type, content, dateTime: at.getTime() };
  }

  async history(
    me: string,
    other: string,
    query: { currentPage?: number; pageSize?: number; sord?: string; keyword?: string },
  ) {
    const currentPage = Math.max(1, Math.floor(Number(query.currentPage) || 1));
    const pageSize = Math.min(100, Math.max(1, Math.floor(Number(query.pageSize) || 50)));
    const sort = query.sord === 'asc' ? 'asc' : 'desc';
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim().slice(0, 200) : '';
    const { list: rows, total } = await new ChatRepository(this.db).history(
      me,
      other,
      keyword,
      sort,
      (currentPage - 1) * pageSize,
      pageSize,
    );
    return page(
      rows.map((r) => ({
        sendUserId: r.sendUserId,
        contentType: r.contentType,
        content: r.content,
        sendTime: r.sendTime.getTime(),
      })),
      total,
      { currentPage, pageSize },
    );
  }

  markRead(me: string, from: string) {
    return new ChatRepository(this.db).markRead(me, from);
  }

  async unread(me: string) {
    const rows = await new ChatRepository(this.db).unreadBySender(me);
    const unreadNums = rows.map((r) => ({ formUserId: r.sendUserId, unreadNum: Number(r.count) }));
    return { unreadNums, unreadTotalCount: unreadNums.reduce((sum, r) => sum + r.unreadNum, 0) };
  }

  async conversations(me: string): Promise<{ list: ImConversation[] }> {
    const rows = await new ChatRepository(this.db).conversations(me);
    return {
      list: rows.map((r) => ({
        id: r.id,
        realName: r.realName,
        account: r.account,
        headIcon: r.headIcon,
        unreadMessage: Number(r.unreadMessage ?? 0),
        latestMessage: r.latestMessage,
        messageType: r.messageType,
        latestDate: r.latestDate.getTime(),
      })),
    };
  }

  removeConversation(me: string, other: string) {
    return new ChatRepository(this.db).removeConversation(me, other);
  }

  deleteHistory(me: string, other: string) {
    return this.db.transaction().execute((trx) => new ChatRepository(trx).deleteHistory(me, other));
  }

  async contacts(me: string, query: PageQuery) {
    const params = pageParams(query);
    const { list: rows, total } = await new ChatRepository(this.db).contacts(
      me,
      params.keyword,
      params.offset,
      params.pageSize,
    );
    return page(rows, total, params);
  }
}
