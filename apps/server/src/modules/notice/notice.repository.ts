import type { Insertable, Updateable } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import { likePattern } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { NoticeTable } from '../../db/schema.ts';

export interface NoticeFilters {
  keyword: string;
  enabledMarks: number[];
  /** NoticeType codes; none means every type. */
  categories: string[];
}

export class NoticeRepository {
  constructor(private readonly db: Db | Trx) {}

  async list(filters: NoticeFilters, offset: number, limit: number) {
    let base = this.db.selectFrom('notice');
    if (filters.keyword) base = base.where('notice.title', 'ilike', likePattern(filters.keyword));
    if (filters.enabledMarks.length) base = base.where('notice.enabledMark', 'in', filters.enabledMarks);
    if (filters.categories.length) base = base.where('notice.category', 'in', filters.categories);
    return fetchPage(
      base
        .leftJoin('appUser as r', 'r.id', 'notice.releaseUserId')
        .leftJoin('appUser as c', 'c.id', 'notice.creatorUserId')
        .select([
          'notice.id',
          'notice.title',
          'notice.category',
          'notice.enabledMark',
          'notice.releaseTime',
          'notice.creatorTime',
          'notice.lastModifyTime',
          'notice.expirationTime',
          'r.realName as releaseName',
          'r.account as releaseAccount',
          'c.realName as creatorName',
          'c.account as creatorAccount',
        ])
        .orderBy('notice.enabledMark', 'asc')
        .orderBy('notice.creatorTime', 'desc')
        .orderBy('notice.id', 'desc'),
      { offset: offset, pageSize: limit },
    );
  }

  find(id: string) {
    return this.db
      .selectFrom('notice')
      .leftJoin('appUser as r', 'r.id', 'notice.releaseUserId')
      .selectAll('notice')
      .select(['r.realName as releaseName', 'r.account as releaseAccount'])
      .where('notice.id', '=', id)
      .executeTakeFirst();
  }

  /** Locks the row so two releases of one notice cannot both deliver it. */
  findForUpdate(id: string) {
    return this.db.selectFrom('notice').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async insert(values: Insertable<NoticeTable>) {
    await this.db.insertInto('notice').values(values).execute();
  }

  async update(id: string, values: Updateable<NoticeTable>) {
    await this.db.updateTable('notice').set(values).where('id', '=', id).execute();
  }

  async delete(id: string) {
    const result = await this.db.deleteFrom('notice').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The released, unexpired notices `userId` received, newest first, of the given types ([] = all). */
  received(userId: string, messageType: number, categories: string[], limit: number) {
    let query = this.db
      .selectFrom('messageReceive as r')
      .innerJoin('message as m', 'm.id', 'r.messageId')
      .innerJoin('notice as n', 'n.id', 'm.sourceId')
      .select(['m.id', 'n.title', 'n.category', 'n.excerpt', 'n.coverImage', 'n.creatorTime', 'm.releaseTime'])
      .where('r.userId', '=', userId)
      .where('m.type', '=', messageType)
      .where('n.enabledMark', '=', 1);
    if (categories.length) query = query.where('n.category', 'in', categories);
    return query.orderBy('m.releaseTime', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  }

  /** Released notices past their expiration become expired (-1). */
  async expire(now: Date) {
    await this.db
      .updateTable('notice')
      .set({ enabledMark: -1 })
      .where('enabledMark', '=', 1)
      .where('expirationTime', 'is not', null)
      .where('expirationTime', '<=', now)
      .execute();
  }
}
