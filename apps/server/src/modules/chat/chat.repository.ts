import { sql } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import { likePattern } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';

export class ChatRepository {
  constructor(private readonly db: Db | Trx) {}

  activeUser(id: string) {
    return this.db
      .selectFrom('appUser')
      .select(['id', 'realName', 'account', 'headIcon'])
      .where('id', '=', id)
      .where('enabledMark', '=', 1)
      .executeTakeFirst();
  }

  /** Whether `from` sent `me` a message whose content names the file. */
  async received(me: string, from: string, name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('imMessage')
      .select('id')
      .where('receiveUserId', '=', me)
      .where('sendUserId', '=', from)
      .where('content', 'like', likePattern(name))
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertMessage(values: {
    id: string;
    sendUserId: string;
    receiveUserId: string;
    contentType: string;
    content: string;
    sendTime: Date;
  }) {
    await this.db.insertInto('imMessage').values(values).execute();
  }

  /** The user's conversation with `other` moves to the top with the latest message (made if missing). */
  async touchConversation(id: string, userId: string, otherUserId: string, latest: string, type: string, at: Date) {
    await this.db
      .insertInto('imConversation')
      .values({ id, userId, otherUserId, latestMessage: latest, messageType: type, latestDate: at })
      .onConflict((oc) =>
        oc.columns(['userId', 'otherUserId']).doUpdateSet({ latestMessage: latest, messageType: type, latestDate: at }),
      )
      .execute();
  }

  /** The user's side of the chat with `other`, newest first or oldest first. */
  async history(me: string, other: string, keyword: string, sort: 'asc' | 'desc', offset: number, limit: number) {
    let base = this.db
      .selectFrom('imMessage')
      .where((eb) =>
        eb.or([
          eb.and([eb('sendUserId', '=', me), eb('receiveUserId', '=', other), eb('sendDeleted', '=', false)]),
          eb.and([eb('sendUserId', '=', other), eb('receiveUserId', '=', me), eb('receiveDeleted', '=', false)]),
        ]),
      );
    // Only text is searched: an image's content is its file description.
    if (keyword) base = base.where('contentType', '=', 'text').where('content', 'ilike', likePattern(keyword));
    return fetchPage(
      base
        .select(['id', 'sendUserId', 'contentType', 'content', 'sendTime'])
        .orderBy('sendTime', sort)
        .orderBy('id', sort),
      { offset: offset, pageSize: limit },
    );
  }

  async markRead(me: string, from: string) {
    const result = await this.db
      .updateTable('imMessage')
      .set({ readTime: new Date() })
      .where('receiveUserId', '=', me)
      .where('sendUserId', '=', from)
      .where('readTime', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  unreadBySender(me: string) {
    return this.db
      .selectFrom('imMessage')
      .select(['sendUserId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('receiveUserId', '=', me)
      .where('readTime', 'is', null)
      .where('receiveDeleted', '=', false)
      .groupBy('sendUserId')
      .execute();
  }

  conversations(me: string) {
    return this.db
      .selectFrom('imConversation as c')
      .innerJoin('appUser as u', 'u.id', 'c.otherUserId')
      .select([
        'u.id',
        'u.realName',
        'u.account',
        'u.headIcon',
        'c.latestMessage',
        'c.messageType',
        'c.latestDate',
        (eb) =>
          eb
            .selectFrom('imMessage as m')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('m.sendUserId', '=', 'c.otherUserId')
            .where('m.receiveUserId', '=', me)
            .where('m.readTime', 'is', null)
            .where('m.receiveDeleted', '=', false)
            .as('unreadMessage'),
      ])
      .where('c.userId', '=', me)
      .orderBy('c.latestDate', 'desc')
      .limit(500)
      .execute();
  }

  async removeConversation(me: string, other: string) {
    await this.db.deleteFrom('imConversation').where('userId', '=', me).where('otherUserId', '=', other).execute();
  }

  /** Deletes my side of the history with `other`; rows both sides deleted are gone for good. */
  async deleteHistory(me: string, other: string) {
    await this.db
      .updateTable('imMessage')
      .set({ sendDeleted: true })
      .where('sendUserId', '=', me)
      .where('receiveUserId', '=', other)
      .execute();
    await this.db
      .updateTable('imMessage')
      .set({ receiveDeleted: true, readTime: sql`coalesce(read_time, now())` })
      .where('sendUserId', '=', other)
      .where('receiveUserId', '=', me)
      .execute();
    await this.db
      .deleteFrom('imMessage')
      .where('sendDeleted', '=', true)
      .where('receiveDeleted', '=', true)
      .where((eb) =>
        eb.or([
          eb.and([eb('sendUserId', '=', me), eb('receiveUserId', '=', other)]),
          eb.and([eb('sendUserId', '=', other), eb('receiveUserId', '=', me)]),
        ]),
      )
      .execute();
    await this.db
      .updateTable('imConversation')
      .set({ latestMessage: null, messageType: null })
      .where('userId', '=', me)
      .where('otherUserId', '=', other)
      .execute();
  }

  async contacts(me: string, keyword: string, offset: number, limit: number) {
    let base = this.db
      .selectFrom('appUser as u')
      .leftJoin('organize as o', 'o.id', 'u.organizeId')
      .where('u.enabledMark', '=', 1)
      .where('u.id', '<>', me);
    if (keyword) {
      const pattern = likePattern(keyword);
      base = base.where((eb) => eb.or([eb('u.realName', 'ilike', pattern), eb('u.account', 'ilike', pattern)]));
    }
    return fetchPage(
      base
        .select(['u.id', 'u.realName', 'u.account', 'u.headIcon', 'o.fullName as department'])
        .orderBy('u.sortCode')
        .orderBy('u.account'),
      { offset: offset, pageSize: limit },
    );
  }
}
