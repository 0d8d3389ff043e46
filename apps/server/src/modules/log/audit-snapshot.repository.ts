import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The tables whose rows the audit trail reads whole (camelCase as in db/schema.ts, snake_case in SQL). */
export const auditRowTables = {
  appUser: 'app_user',
  role: 'role',
  position: 'position',
  userGroup: 'user_group',
  organize: 'organize',
  permissionGroup: 'permission_group',
  menu: 'menu',
  modulePermission: 'module_permission',
} as const;
export type AuditRowTable = keyof typeof auditRowTables;

export interface NamedItem {
  id: string;
  name: string | null;
}

/** The user's name as lists show it: "张三/zhangsan". */
const userName = sql<string>`app_user.real_name || '/' || app_user.account`;

/**
 * The reads of the audit trail: the stored state of the objects administrative calls change, read
 * across the areas that own them. It only reads, and reads every column, so a field an area adds
 * later is audited without a change here.
 */
export class AuditSnapshotRepository {
  constructor(private readonly db: Db) {}

  async row(table: AuditRowTable, id: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${sql.table(auditRowTables[table])} where id = ${id}`.execute(this.db);
    return rows[0];
  }

  /** A user's organisations, positions, roles and groups (user_relation), with their names. */
  userRelations(userId: string) {
    return this.db
      .selectFrom('userRelation as r')
      .leftJoin('organize', (join) => join.onRef('organize.id', '=', 'r.objectId').on('r.objectType', '=', 'Organize'))
      .leftJoin('position', (join) => join.onRef('position.id', '=', 'r.objectId').on('r.objectType', '=', 'Position'))
      .leftJoin('role', (join) => join.onRef('role.id', '=', 'r.objectId').on('r.objectType', '=', 'Role'))
      .leftJoin('userGroup', (join) => join.onRef('userGroup.id', '=', 'r.objectId').on('r.objectType', '=', 'Group'))
      .select([
        'r.objectType',
        'r.objectId as id',
        sql<string | null>`coalesce(organize.full_name, position.full_name, role.full_name, user_group.full_name)`.as(
          'name',
        ),
      ])
      .where('r.userId', '=', userId)
      .orderBy('r.objectId')
      .execute();
  }

  /** The users holding a role, position or group. */
  relationMembers(objectType: 'Role' | 'Position' | 'Group', objectId: string): Promise<NamedItem[]> {
    return this.db
      .selectFrom('userRelation')
      .innerJoin('appUser', 'appUser.id', 'userRelation.userId')
      .select(['appUser.id', userName.as('name')])
      .where('userRelation.objectType', '=', objectType)
      .where('userRelation.objectId', '=', objectId)
      .orderBy('appUser.id')
      .execute();
  }

  roleOrganizations(roleId: string): Promise<NamedItem[]> {
    return this.db
      .selectFrom('roleOrganize')
      .leftJoin('organize', 'organize.id', 'roleOrganize.organizeId')
      .select(['roleOrganize.organizeId as id', 'organize.fullName as name'])
      .where('roleOrganize.roleId', '=', roleId)
      .orderBy('roleOrganize.organizeId')
      .execute();
  }

  /** A permission group's members as `<id>--<type>` items, the way the member calls name them. */
  permissionMembers(groupId: string) {
    return this.db
      .selectFrom('permissionMember as m')
      .leftJoin('appUser', (join) => join.onRef('appUser.id', '=', 'm.objectId').on('m.objectType', '=', 'User'))
      .leftJoin('role', (join) => join.onRef('role.id', '=', 'm.objectId').on('m.objectType', '=', 'Role'))
      .leftJoin('position', (join) => join.onRef('position.id', '=', 'm.objectId').on('m.objectType', '=', 'Position'))
      .leftJoin('organize', (join) => join.onRef('organize.id', '=', 'm.objectId').on('m.objectType', '=', 'Organize'))
      .leftJoin('userGroup', (join) => join.onRef('userGroup.id', '=', 'm.objectId').on('m.objectType', '=', 'Group'))
      .select([
        'm.objectType',
        'm.objectId',
        sql<
          string | null
        >`coalesce(${userName}, role.full_name, position.full_name, organize.full_name, user_group.full_name)`.as(
          'name',
        ),
      ])
      .where('m.groupId', '=', groupId)
      .orderBy('m.objectType')
      .orderBy('m.objectId')
      .execute();
  }

  /** The permission groups carrying a holder's grants: the group itself, or the one a role, user, ... owns. */
  async grantGroupIds(holderId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('permissionGroup')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', holderId), eb('ownerObjectId', '=', holderId)]))
      .execute();
    return rows.map((row) => row.id);
  }

  /** The grants of these permission groups, named: applications, menus, a menu's buttons etc., portals. */
  grants(groupIds: string[]) {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('authorize as a')
      .leftJoin('system', (join) => join.onRef('system.id', '=', 'a.itemId').on('a.itemType', '=', 'system'))
      .leftJoin('menu', (join) => join.onRef('menu.id', '=', 'a.itemId').on('a.itemType', '=', 'module'))
      .leftJoin('modulePermission', 'modulePermission.id', 'a.itemId')
      .leftJoin('menu as owner', 'owner.id', 'modulePermission.menuId')
      .leftJoin('portal', (join) => join.onRef('portal.id', '=', 'a.itemId').on('a.itemType', '=', 'portal'))
      .select([
        'a.itemType',
        'a.itemId as id',
        sql<
          string | null
        >`coalesce(system.full_name, menu.full_name, owner.full_name || ' / ' || module_permission.full_name, portal.full_name)`.as(
          'name',
        ),
      ])
      .where('a.objectId', 'in', groupIds)
      .orderBy('a.itemType')
      .orderBy('a.itemId')
      .execute();
  }

  /** The name of a holder of grants: a role, position, user, user group or permission group. */
  async holderName(id: string): Promise<string | null> {
    const { rows } = await sql<{ name: string }>`
      select full_name as name from role where id = ${id}
      union all select full_name from position where id = ${id}
      union all select real_name || '/' || account from app_user where id = ${id}
      union all select full_name from user_group where id = ${id}
      union all select full_name from permission_group where id = ${id} and owner_object_id is null
      limit 1`.execute(this.db);
    return rows[0]?.name ?? null;
  }

  /** Who holds a menu: the owner of each group granting it (a role, user, ...), or the group itself. */
  menuHolders(menuId: string) {
    return this.db
      .selectFrom('authorize')
      .innerJoin('permissionGroup', 'permissionGroup.id', 'authorize.objectId')
      .select([
        sql<string>`coalesce(permission_group.owner_object_type, 'PermissionGroup')`.as('holderType'),
        sql<string>`coalesce(permission_group.owner_object_id, permission_group.id)`.as('id'),
      ])
      .where('authorize.itemType', '=', 'module')
      .where('authorize.itemId', '=', menuId)
      .orderBy('id')
      .execute();
  }

  /** A tiered administrator's rights, one row per organisation, with its name. */
  organizeAdministrators(userId: string) {
    return this.db
      .selectFrom('organizeAdministrator')
      .leftJoin('organize', 'organize.id', 'organizeAdministrator.organizeId')
      .selectAll('organizeAdministrator')
      .select('organize.fullName as organizeName')
      .where('organizeAdministrator.userId', '=', userId)
      .orderBy('organizeAdministrator.organizeId')
      .execute();
  }

  /** The user of one tiered-administrator row (a route names the row it ends). */
  async organizeAdministratorUser(rowId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('organizeAdministrator')
      .select('userId')
      .where('id', '=', rowId)
      .executeTakeFirst();
    return row?.userId;
  }

  userName(userId: string): Promise<{ name: string } | undefined> {
    return this.db.selectFrom('appUser').select(userName.as('name')).where('id', '=', userId).executeTakeFirst();
  }

  async sysConfig(): Promise<{ key: string; value: unknown }[]> {
    return this.db.selectFrom('sysConfig').select(['key', 'value']).orderBy('key').execute();
  }

  administrators(): Promise<NamedItem[]> {
    return this.db
      .selectFrom('appUser')
      .select(['id', userName.as('name')])
      .where('isAdministrator', '=', true)
      .orderBy('id')
      .execute();
  }
}
