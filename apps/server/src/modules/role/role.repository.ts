import { sql } from 'kysely';
import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import { forgetPermissionHolder } from '../../core/permissions.repository.ts';
import { RecordRepository } from '../../core/record-repository.ts';
import type { Db, Trx } from '../../db/database.ts';

export interface RoleValues {
  fullName: string;
  enCode: string;
  globalMark: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface RoleFilter {
  keyword?: string;
  ids?: string[];
  enabledMark?: number | undefined;
  /** Only global roles. */
  globalOnly?: boolean;
  /** Roles of any of these organisations. */
  organizeIds?: string[];
  /** Global roles, plus roles of these organisations. */
  visibleFrom?: string[];
}

export class RoleRepository extends RecordRepository<'role', RoleValues> {
  constructor(db: Db | Trx) {
    super(db, 'role');
  }

  private filtered(filter: RoleFilter) {
    let query = this.db
      .selectFrom('role as r')
      .select([
        'r.id',
        'r.fullName',
        'r.enCode',
        'r.globalMark',
        'r.sortCode',
        'r.enabledMark',
        'r.description',
        'r.creatorTime',
        sql<
          string[]
        >`coalesce((select array_agg(ro.organize_id order by ro.organize_id) from role_organize ro where ro.role_id = r.id), '{}')`.as(
          'organizeIds',
        ),
      ]);
    if (filter.ids) query = query.where('r.id', 'in', filter.ids.length ? filter.ids : ['']);
    if (filter.enabledMark !== undefined) query = query.where('r.enabledMark', '=', filter.enabledMark);
    if (filter.globalOnly) query = query.where('r.globalMark', '=', 1);
    const byOrganize = (ids: string[]) =>
      sql<boolean>`exists (select 1 from role_organize ro where ro.role_id = r.id and ro.organize_id in (${sql.join(
        ids.length ? ids : [''],
      )}))`;
    if (filter.organizeIds) query = query.where(byOrganize(filter.organizeIds));
    if (filter.visibleFrom) {
      const ids = filter.visibleFrom;
      query = query.where((eb) => eb.or([eb('r.globalMark', '=', 1), byOrganize(ids)]));
    }
    if (filter.keyword) query = query.where((eb) => keywordIn(eb, ['r.fullName', 'r.enCode'], filter.keyword ?? ''));
    return query.orderBy('r.sortCode').orderBy('r.creatorTime', 'desc');
  }

  page(params: PageParams, filter: Omit<RoleFilter, 'keyword'>) {
    return fetchPage(this.filtered({ ...filter, keyword: params.keyword }), params);
  }

  list(filter: RoleFilter) {
    return this.filtered(filter).limit(5000).execute();
  }

  findById(id: string) {
    return this.filtered({ ids: [id] }).executeTakeFirst();
  }

  existingOrganizeIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('organize')
      .select('id')
      .where('id', 'in', ids)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }

  async setOrganizes(roleId: string, organizeIds: string[]) {
    await this.db.deleteFrom('roleOrganize').where('roleId', '=', roleId).execute();
    if (organizeIds.length) {
      await this.db
        .insertInto('roleOrganize')
        .values(organizeIds.map((organizeId) => ({ roleId, organizeId })))
        .execute();
    }
  }

  hasUsers(id: string): Promise<boolean> {
    return this.db
      .selectFrom('userRelation')
      .select('id')
      .where('objectType', '=', 'Role')
      .where('objectId', '=', id)
      .executeTakeFirst()
      .then(Boolean);
  }

  override async delete(id: string) {
    await forgetPermissionHolder(this.db, 'Role', id);
    await super.delete(id);
  }

  /** The organisation roles among `roleIds` bound to none of `organizeIds`, in display order. */
  /** The organisations of each organisation role among `roleIds` (global roles are left out). */
  async organizeScopes(roleIds: string[]): Promise<Map<string, { fullName: string; organizeIds: string[] }>> {
    const scopes = new Map<string, { fullName: string; organizeIds: string[] }>();
    if (roleIds.length === 0) return scopes;
    const rows = await this.db
      .selectFrom('role as r')
      .leftJoin('roleOrganize as ro', 'ro.roleId', 'r.id')
      .select(['r.id', 'r.fullName', 'ro.organizeId'])
      .where('r.id', 'in', roleIds)
      .where('r.globalMark', '<>', 1)
      .orderBy('r.sortCode')
      .orderBy('r.creatorTime', 'desc')
      .execute();
    for (const row of rows) {
      const scope = scopes.get(row.id) ?? { fullName: row.fullName, organizeIds: [] };
      if (row.organizeId) scope.organizeIds.push(row.organizeId);
      scopes.set(row.id, scope);
    }
    return scopes;
  }

  organizationRolesOutside(roleIds: string[], organizeIds: string[]): Promise<{ id: string; fullName: string }[]> {
    if (roleIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('role as r')
      .select(['r.id', 'r.fullName'])
      .where('r.id', 'in', roleIds)
      .where('r.globalMark', '<>', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('roleOrganize as ro')
              .select('ro.roleId')
              .whereRef('ro.roleId', '=', 'r.id')
              .where('ro.organizeId', 'in', organizeIds.length ? organizeIds : ['']),
          ),
        ),
      )
      .orderBy('r.sortCode')
      .orderBy('r.creatorTime', 'desc')
      .execute();
  }
}
