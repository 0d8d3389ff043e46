import { sql } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import { likePattern, type PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';

export class UserOnlineRepository {
  constructor(private readonly db: Db | Trx) {}

  private live(keyword: string) {
    let query = this.db
      .selectFrom('userSession as s')
      .innerJoin('appUser as u', 'u.id', 's.userId')
      .where('s.revokedAt', 'is', null)
      .where('s.expiresAt', '>', new Date());
    if (keyword) query = query.where(sql<boolean>`(u.account || ' ' || u.real_name) ilike ${likePattern(keyword)}`);
    return query;
  }

  /** Sessions that are neither revoked nor expired, most recently active first. */
  async page(params: PageParams) {
    const query = this.live(params.keyword);
    return fetchPage(
      query
        .select([
          's.id',
          's.userId',
          's.createdAt',
          's.lastSeenAt',
          's.ip',
          's.userAgent',
          's.device',
          'u.account',
          'u.realName',
          sql<string | null>`(select o.full_name from organize o where o.id = u.organize_id)`.as('organize'),
        ])
        .orderBy('s.lastSeenAt', 'desc')
        .orderBy('s.id'),
      params,
    );
  }

  findLive(id: string) {
    return this.live('').select(['s.id', 's.userId']).where('s.id', '=', id).executeTakeFirst();
  }
}
