import { type Expression, type SqlBool, sql } from 'kysely';
import { likePattern } from '../../core/paging.ts';
import { dataScopeFilter } from '../../core/permissions.repository.ts';
import type { DataScope } from '../../core/permissions.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { RelationKind } from './user.repository.ts';

/** Whom a picker lookup reaches: the union of every part given. */
export interface UserCover {
  userIds?: string[];
  /** Users with a direct Organize relation to one of these (subtrees are expanded by the caller). */
  organizeIds?: string[];
  roleIds?: string[];
  positionIds?: string[];
  groupIds?: string[];
  /**
   * Users with an Organize relation to an organisation the data scope allows, and the scope's own
   * user when it grants "self".
   */
  scope?: DataScope;
}

/** Pickers' lookups that combine several ways of reaching a user; rows themselves come from `UserAdminRepository.brief`. */
export class UserLookupRepository {
  constructor(private readonly db: Db | Trx) {}

  /**
   * One page of the distinct enabled users the cover reaches, matching the keyword, in the pickers'
   * order (sortCode, newest first, id; the same as `brief`), and the total, in one statement. A page
   * past the end carries no row, so only then is the total counted alone.
   */
  async page(
    cover: UserCover,
    params: { keyword: string; limit: number; offset: number },
  ): Promise<{ ids: string[]; total: number }> {
    const rows = await this.covered(cover, params.keyword)
      .select(['u.id', sql<number>`count(*) over ()`.as('total')])
      .orderBy('u.sortCode')
      .orderBy('u.creatorTime', 'desc')
      .orderBy('u.id')
      .limit(params.limit)
      .offset(params.offset)
      .execute();
    const first = rows[0];
    if (!first && params.offset > 0) {
      const counted = await this.covered(cover, params.keyword)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { ids: [], total: Number(counted.n) };
    }
    return { ids: rows.map((r) => r.id), total: Number(first?.total ?? 0) };
  }

  private covered(cover: UserCover, keyword: string) {
    let query = this.db.selectFrom('appUser as u').where('u.enabledMark', '=', 1);
    // The same expression as the app_user_search trigram index, so a leading wildcard stays fast.
    if (keyword) query = query.where(sql<boolean>`(u.account || ' ' || u.real_name) ilike ${likePattern(keyword)}`);
    return query.where((eb) => {
      const members = (kind: RelationKind) =>
        eb.selectFrom('userRelation as r').select('r.userId').where('r.objectType', '=', kind);
      const parts: Expression<SqlBool>[] = [];
      if (cover.userIds?.length) parts.push(eb('u.id', 'in', cover.userIds));
      const byRelation: [RelationKind, string[] | undefined][] = [
        ['Organize', cover.organizeIds],
        ['Role', cover.roleIds],
        ['Position', cover.positionIds],
        ['Group', cover.groupIds],
      ];
      for (const [kind, ids] of byRelation) {
        if (ids?.length) parts.push(eb('u.id', 'in', members(kind).where('r.objectId', 'in', ids)));
      }
      if (cover.scope) {
        const scope = cover.scope;
        parts.push(eb('u.id', 'in', members('Organize').where(dataScopeFilter(scope, { organizeId: 'r.objectId' }))));
        parts.push(dataScopeFilter(scope, { userId: 'u.id' })(eb));
      }
      return parts.length ? eb.or(parts) : sql<boolean>`false`;
    });
  }
}
