import { sql } from 'kysely';
import { likePattern, type PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';

export class LogRepository {
  constructor(private readonly db: Db | Trx) {}

  async page(params: PageParams, filter: { category: number; start: Date | null; end: Date | null; userId?: string }) {
    let query = this.db.selectFrom('sysLog').where('category', '=', filter.category);
    if (filter.userId) query = query.where('userId', '=', filter.userId);
    if (filter.start) query = query.where('creatorTime', '>=', filter.start);
    if (filter.end) query = query.where('creatorTime', '<=', filter.end);
    if (params.keyword) {
      // The same expression as the sys_log_search trigram index.
      query = query.where(
        sql<boolean>`(coalesce(account, '') || ' ' || coalesce(real_name, '') || ' ' || coalesce(ip, '') || ' ' || coalesce(description, '')) ilike ${likePattern(params.keyword)}`,
      );
    }
    const [list, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('creatorTime', params.sort)
        .orderBy('id', params.sort)
        .limit(params.pageSize)
        .offset(params.offset)
        .execute(),
      query
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    ]);
    return { list, total };
  }
}
