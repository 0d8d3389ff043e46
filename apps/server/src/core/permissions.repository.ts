import type { PermissionMemberType } from '@platform/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Trx } from '../db/database.ts';
import type { AuthorizeItemType, AuthorizeObjectType, DataScopeType } from '../db/schema.ts';
import type { DataScope } from './permissions.ts';

/**
 * The where-clause of a data scope, for list repositories: pass the columns that hold a row's
 * organisation and its owner (either may be left out; a scope that needs a missing column then
 * matches nothing). `where(dataScopeFilter(scope, { organizeId: 'u.organizeId', userId: 'u.id' }))`.
 */
export function dataScopeFilter(
  scope: DataScope,
  columns: { organizeId?: string; userId?: string },
  // biome-ignore lint/suspicious/noExplicitAny: works in any query of any table
): (eb: ExpressionBuilder<any, any>) => Expression<SqlBool> {
  return (eb) => {
    if (scope.all) return sql<boolean>`true`;
    const parts: Expression<SqlBool>[] = [];
    if (columns.organizeId) {
      const column = sql.ref(columns.organizeId);
      if (scope.organizeIds.length) parts.push(eb(column, 'in', scope.organizeIds));
      for (const id of scope.subtreeOrganizeIds) {
        parts.push(
          // The path lists ancestors and the organisation itself (organize_ancestors index).
          sql<boolean>`${column} in (select o.id from organize o where string_to_array(o.organize_id_tree, ',') @> array[${id}::text])`,
        );
      }
    }
    if (columns.userId && scope.self) parts.push(eb(sql.ref(columns.userId), '=', scope.userId));
    return parts.length ? eb.or(parts) : sql<boolean>`false`;
  };
}

/**
 * What a deleted user, role, position, organisation or user group leaves in authorisation: its
 * memberships of permission groups, and its own group (with the grants in it). Called by the
 * area's repository inside its delete's transaction.
 */
export async function forgetPermissionHolder(db: Db | Trx, objectType: PermissionMemberType, objectId: string) {
  await db
    .deleteFrom('permissionMember')
    .where('objectType', '=', objectType)
    .where('objectId', '=', objectId)
    .execute();
  if (objectType === 'Organize') return;
  const own = db
    .selectFrom('permissionGroup')
    .select('id')
    .where('ownerObjectType', '=', objectType)
    .where('ownerObjectId', '=', objectId);
  await db.deleteFrom('authorize').where('objectType', '=', 'PermissionGroup').where('objectId', 'in', own).execute();
  await db
    .deleteFrom('permissionGroup')
    .where('ownerObjectType', '=', objectType)
    .where('ownerObjectId', '=', objectId)
    .execute();
}

/**
 * A user's relations as the mixed picker's member references (`<id>--user`, `<org>--department`
 * and `--company`, `<id>--role`, `--position`, `--group`): what a definition that names who may
 * launch, or whom it is for, is matched against (workflow initiators, data-interface callers).
 */
export async function memberReferences(db: Db | Trx, userId: string): Promise<Set<string>> {
  const [user, relations] = await Promise.all([
    db.selectFrom('appUser').select('organizeId').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('userRelation').select(['objectType', 'objectId']).where('userId', '=', userId).execute(),
  ]);
  const refs = new Set<string>([`${userId}--user`]);
  if (user?.organizeId) {
    refs.add(`${user.organizeId}--department`);
    refs.add(`${user.organizeId}--company`);
  }
  for (const r of relations) {
    const kind = r.objectType === 'Organize' ? 'department' : r.objectType.toLowerCase();
    refs.add(`${r.objectId}--${kind}`);
    if (kind === 'department') refs.add(`${r.objectId}--company`);
  }
  return refs;
}

/**
 * A relation to an organisation role (global_mark other than 1) counts only while the user works
 * in one of the role's organisations: its current one, app_user.organize_id. Joined as `r`.
 */
function roleInForce(userId: string) {
  return sql<boolean>`(r.id is null or r.global_mark = 1 or exists (
      select 1 from role_organize ro join app_user cu on cu.organize_id = ro.organize_id
      where ro.role_id = r.id and cu.id = ${userId}))`;
}

/** A grant of a permission group, with the menu it belongs to (what `PermissionService` derives rights from). */
export interface GrantRow {
  itemType: AuthorizeItemType;
  itemId: string;
  menuSystemId: string | null;
  menuCode: string | null;
  menuEnabled: number | null;
  buttonAuthorize: boolean | null;
  dataAuthorize: boolean | null;
  columnAuthorize: boolean | null;
  formAuthorize: boolean | null;
  code: string | null;
  itemEnabled: number | null;
  scopeType: DataScopeType | null;
}

/** The SQL behind `PermissionService`: the groups a user reaches, their grants, and the user's relations. */
export class GrantRepository {
  constructor(private readonly db: Db) {}

  /**
   * The enabled permission groups the user reaches: as a member itself, or through its enabled
   * roles (in force), positions and user groups, and its enabled organisations (its own and those
   * of its Organize relations). Sorted: the list is the key of the grant set.
   */
  async groupIds(userId: string): Promise<string[]> {
    const result = await sql<{ groupId: string }>`
        with holders as (
          select 'User'::text as object_type, ${userId}::text as object_id
          union all
          select ur.object_type, ur.object_id
          from user_relation ur
          left join role r on ur.object_type = 'Role' and r.id = ur.object_id
          left join position p on ur.object_type = 'Position' and p.id = ur.object_id
          left join user_group g on ur.object_type = 'Group' and g.id = ur.object_id
          left join organize o on ur.object_type = 'Organize' and o.id = ur.object_id
          where ur.user_id = ${userId} and coalesce(r.enabled_mark, p.enabled_mark, g.enabled_mark, o.enabled_mark) = 1
            and ${roleInForce(userId)}
          union all
          select 'Organize', u.organize_id from app_user u join organize o on o.id = u.organize_id
          where u.id = ${userId} and o.enabled_mark = 1
        )
        select distinct pm.group_id
        from permission_member pm
        join holders h on h.object_type = pm.object_type and h.object_id = pm.object_id
        join permission_group pg on pg.id = pm.group_id and pg.enabled_mark = 1
        order by pm.group_id`.execute(this.db);
    return result.rows.map((r) => r.groupId);
  }

  /** The organisations the user administers as a tiered administrator, with its rights there. */
  administered(userId: string) {
    return this.db.selectFrom('organizeAdministrator').selectAll().where('userId', '=', userId).execute();
  }

  /** Each organisation's path from the top (ids, itself last). */
  async organizePaths(ids: string[]): Promise<Map<string, string[]>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('organize').select(['id', 'organizeIdTree']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.organizeIdTree.split(',')]));
  }

  /** Every grant of these permission groups, with its menu. */
  async grants(groupIds: string[]): Promise<GrantRow[]> {
    if (!groupIds.length) return [];
    const result = await sql<GrantRow>`
        select distinct a.item_type, a.item_id, m.system_id as menu_system_id, m.en_code as menu_code, m.enabled_mark as menu_enabled,
          m.is_button_authorize as button_authorize, m.is_data_authorize as data_authorize,
          m.is_column_authorize as column_authorize, m.is_form_authorize as form_authorize, mp.en_code as code, mp.enabled_mark as item_enabled, mp.scope_type
        from authorize a
        left join module_permission mp on a.item_type not in ('system', 'module', 'portal') and mp.id = a.item_id
        left join menu m on m.id = case when a.item_type = 'module' then a.item_id else mp.menu_id end
        where a.object_type = 'PermissionGroup' and a.object_id in (${sql.join(groupIds)})`.execute(this.db);
    return result.rows;
  }

  /** The user's organisations, positions, roles (in force) and groups, in their order, with names. */
  async relations(userId: string) {
    const result = await sql<{
      objectType: AuthorizeObjectType | 'Organize';
      objectId: string;
      fullName: string | null;
    }>`
        select ur.object_type, ur.object_id, coalesce(r.full_name, p.full_name, g.full_name, o.full_name) as full_name
        from user_relation ur
        left join role r on ur.object_type = 'Role' and r.id = ur.object_id
        left join position p on ur.object_type = 'Position' and p.id = ur.object_id
        left join user_group g on ur.object_type = 'Group' and g.id = ur.object_id
        left join organize o on ur.object_type = 'Organize' and o.id = ur.object_id
        where ur.user_id = ${userId} and ${roleInForce(userId)}
        union all
        select 'Organize', u.organize_id, null from app_user u where u.id = ${userId} and u.organize_id is not null`.execute(
      this.db,
    );
    return result.rows;
  }
}
