import type { PermissionMemberType } from '@platform/shared';
import { sql } from 'kysely';
import type { Db, Trx } from '../db/database.ts';
import type { AuthorizeItemType } from '../db/schema.ts';

/** Something that carries power: a relation a user can be given, or a permission group. */
export interface PowerHolder {
  objectType: PermissionMemberType | 'PermissionGroup';
  objectId: string;
}

/** One grant a holder carries. */
export interface CarriedItem {
  holderType: PowerHolder['objectType'];
  holderId: string;
  itemType: AuthorizeItemType;
  itemId: string;
}

/** The SQL behind `DelegationGuard`: what holders carry, where accounts and structure live, names for messages. */
export class DelegationRepository {
  constructor(private readonly db: Db | Trx) {}

  /**
   * The grants each holder carries: a role's, position's, user group's or organisation's are those of
   * the enabled permission groups it is a member of; a permission group's are its own (enabled or not:
   * it is about to be given or switched on).
   */
  async carried(holders: PowerHolder[]): Promise<CarriedItem[]> {
    if (!holders.length) return [];
    const members = holders.filter((h) => h.objectType !== 'PermissionGroup');
    const groups = holders.filter((h) => h.objectType === 'PermissionGroup').map((h) => h.objectId);
    const rows: CarriedItem[] = [];
    if (members.length) {
      const pairs = sql.join(members.map((m) => sql`(${m.objectType}::text, ${m.objectId}::text)`));
      const result = await sql<CarriedItem>`
        select distinct pm.object_type as holder_type, pm.object_id as holder_id, a.item_type, a.item_id
        from permission_member pm
        join permission_group pg on pg.id = pm.group_id and pg.enabled_mark = 1
        join authorize a on a.object_type = 'PermissionGroup' and a.object_id = pm.group_id
        where (pm.object_type, pm.object_id) in (${pairs})`.execute(this.db);
      rows.push(...result.rows);
    }
    if (groups.length) {
      const result = await this.db
        .selectFrom('authorize')
        .select(['objectId as holderId', 'itemType', 'itemId'])
        .where('objectType', '=', 'PermissionGroup')
        .where('objectId', 'in', groups)
        .distinct()
        .execute();
      rows.push(...result.map((r) => ({ ...r, holderType: 'PermissionGroup' as const })));
    }
    return rows;
  }

  /** The organisation each user works in (its current one), and whether it is a super administrator. */
  async accounts(userIds: string[]) {
    if (!userIds.length) return [];
    return this.db
      .selectFrom('appUser')
      .select(['id', 'organizeId', 'isAdministrator'])
      .where('id', 'in', userIds)
      .execute();
  }

  /** Each position's organisation. */
  async positionOrganizes(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('position').select(['id', 'organizeId']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.organizeId]));
  }

  /** Each organisation role's organisations; a global role is not in the map. */
  async roleOrganizes(ids: string[]): Promise<Map<string, string[]>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('role')
      .leftJoin('roleOrganize', 'roleOrganize.roleId', 'role.id')
      .select(['role.id', 'roleOrganize.organizeId'])
      .where('role.id', 'in', ids)
      .where('role.globalMark', '!=', 1)
      .execute();
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row.id, [...(map.get(row.id) ?? []), ...(row.organizeId ? [row.organizeId] : [])]);
    return map;
  }

  /** The users who are members of these user groups. */
  async groupUsers(groupIds: string[]): Promise<string[]> {
    if (!groupIds.length) return [];
    const rows = await this.db
      .selectFrom('userRelation')
      .select('userId')
      .distinct()
      .where('objectType', '=', 'Group')
      .where('objectId', 'in', groupIds)
      .execute();
    return rows.map((r) => r.userId);
  }

  /** The members of a permission group. */
  members(groupId: string) {
    return this.db
      .selectFrom('permissionMember')
      .select(['objectType', 'objectId'])
      .where('groupId', '=', groupId)
      .execute();
  }

  /** The permission group that holds one holder's own grants (Authority calls), if it has one. */
  async ownGroupOf(objectType: PermissionMemberType, objectId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('permissionGroup')
      .select('id')
      .where('ownerObjectType', '=', objectType as never)
      .where('ownerObjectId', '=', objectId)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Display names of grant items, keyed `type:id`: a menu's name, a button's as "menu/button". */
  async itemNames(items: { itemType: AuthorizeItemType; itemId: string }[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const idsOf = (...types: AuthorizeItemType[]) => [
      ...new Set(items.filter((i) => types.includes(i.itemType)).map((i) => i.itemId)),
    ];
    const menus = idsOf('module');
    if (menus.length) {
      for (const r of await this.db.selectFrom('menu').select(['id', 'fullName']).where('id', 'in', menus).execute()) {
        names.set(`module:${r.id}`, r.fullName);
      }
    }
    const systems = idsOf('system');
    if (systems.length) {
      for (const r of await this.db
        .selectFrom('system')
        .select(['id', 'fullName'])
        .where('id', 'in', systems)
        .execute()) {
        names.set(`system:${r.id}`, r.fullName);
      }
    }
    const portals = idsOf('portal');
    if (portals.length) {
      for (const r of await this.db
        .selectFrom('portal')
        .select(['id', 'fullName'])
        .where('id', 'in', portals)
        .execute()) {
        names.set(`portal:${r.id}`, r.fullName);
      }
    }
    const definitions = idsOf('button', 'column', 'form', 'resource');
    if (definitions.length) {
      const rows = await this.db
        .selectFrom('modulePermission as mp')
        .leftJoin('menu as m', 'm.id', 'mp.menuId')
        .select(['mp.id', 'mp.kind', 'mp.fullName', 'm.fullName as menuName'])
        .where('mp.id', 'in', definitions)
        .execute();
      for (const r of rows) names.set(`${r.kind}:${r.id}`, `${r.menuName ?? ''}/${r.fullName}`);
    }
    return names;
  }

  /** Display names of holders, keyed `Type:id`. */
  async holderNames(holders: PowerHolder[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const tables = {
      Role: 'role',
      Position: 'position',
      Group: 'userGroup',
      Organize: 'organize',
      PermissionGroup: 'permissionGroup',
    } as const;
    for (const [type, table] of Object.entries(tables) as [
      keyof typeof tables,
      (typeof tables)[keyof typeof tables],
    ][]) {
      const ids = holders.filter((h) => h.objectType === type).map((h) => h.objectId);
      if (!ids.length) continue;
      const rows = await this.db.selectFrom(table).select(['id', 'fullName']).where('id', 'in', ids).execute();
      for (const r of rows) names.set(`${type}:${r.id}`, r.fullName);
    }
    const users = holders.filter((h) => h.objectType === 'User').map((h) => h.objectId);
    if (users.length) {
      const rows = await this.db
        .selectFrom('appUser')
        .select(['id', 'realName', 'account'])
        .where('id', 'in', users)
        .execute();
      for (const r of rows) names.set(`User:${r.id}`, `${r.realName}/${r.account}`);
    }
    return names;
  }
}
