import { type Insertable, sql } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import { likePattern, type PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { SysLogTable } from '../../db/schema.ts';

export type NewLogEntry = Insertable<SysLogTable>;

/** Rows per insert statement: 16 columns each stays far below PostgreSQL's parameter limit. */
const insertChunk = 200;
/** Rows per delete statement when old entries are pruned, so one statement never holds a huge lock set. */
const pruneChunk = 5000;
/** sys_log categories (1 login, 2 operation, 3 exception, 4 request); pruning walks each through its index. */
const categories = [1, 2, 3, 4];

export class LogRepository {
  constructor(private readonly db: Db | Trx) {}

  async page(params: PageParams, filter: { category: number; start: Date | null; end: Date | null; userId?: string }) {
    let query = this.db.selectFrom('sysLog').where('category', '=', filter.category);
    if (filter.userId) query = query.where('userId', '=', filter.userId);
    if (filter.start) query = query.where('creatorTime', '>=', filter.start);
    if (filter.end) query = query.where('creatorTime', '<=', filter.end);
    if (params.keyword) {
      // The same expression as the sys_log_search trigram index (migration 0010).
      query = query.where(
        sql<boolean>`(coalesce(account, '') || ' ' || coalesce(real_name, '') || ' ' || coalesce(ip, '') || ' ' || coalesce(description, '')
          || ' ' || coalesce(module_name, '') || ' ' || coalesce(request_url, '')) ilike ${likePattern(params.keyword)}`,
      );
    }
    return fetchPage(
      query
        .select([
          'id',
          'category',
          'userId',
          'account',
          'realName',
          'ip',
          'ipName',
          'userAgent',
          'success',
          'description',
          'requestMethod',
          'requestUrl',
          'durationMs',
          'moduleCode',
          'moduleName',
          'creatorTime',
          'objectType',
          'objectId',
          'objectName',
          'changes',
        ])
        .orderBy('creatorTime', params.sort)
        .orderBy('id', params.sort),
      params,
    );
  }

  /** Writes a batch of entries (the operation log's writer), in statements of a bounded size. */
  async insertMany(entries: NewLogEntry[]) {
    for (let i = 0; i < entries.length; i += insertChunk) {
      await this.db
        .insertInto('sysLog')
        .values(entries.slice(i, i + insertChunk))
        .execute();
    }
  }

  /** Names of the menus with these enCodes (a code in several systems takes one of their names). */
  async menuNames(codes: string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('menu')
      .select(['enCode', 'fullName'])
      .where('enCode', 'in', codes)
      .orderBy('enCode')
      .orderBy('sortCode')
      .execute();
    const names = new Map<string, string>();
    for (const row of rows) if (!names.has(row.enCode)) names.set(row.enCode, row.fullName);
    return names;
  }

  /** Deletes entries of every category written before `before`; returns how many. */
  async prune(before: Date): Promise<number> {
    let removed = 0;
    for (const category of categories) {
      for (;;) {
        const result = await sql`
          delete from sys_log where id in (
            select id from sys_log where category = ${category} and creator_time < ${before} limit ${pruneChunk}
          )`.execute(this.db);
        const count = Number(result.numAffectedRows ?? 0);
        removed += count;
        if (count < pruneChunk) break;
      }
    }
    return removed;
  }
}
