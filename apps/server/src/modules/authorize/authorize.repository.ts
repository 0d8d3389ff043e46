import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import { type OwnGroupHolder, ownGroupCode, ownGroupName } from '../../db/own-group-name.ts';
import type { AuthorizeItemType, AuthorizeObjectType } from '../../db/schema.ts';

export interface GrantItem {
  itemType: AuthorizeItemType;
  itemId: string;
}

/** The menu (and its system) each item id belongs to; systems and menus name themselves. */
export interface ItemOwner {
  id: string;
  menuId: string | null;
  systemId: string;
}

export class AuthorizeRepository {
  constructor(private readonly db: Db | Trx) {}

  /** The ids among `ids` that name an existing holder of this type. */
  async existingObjects(objectType: AuthorizeObjectType, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const table = (
      {
        Role: 'role',
        Position: 'position',
        User: 'appUser',
        Group: 'userGroup',
        PermissionGroup: 'permissionGroup',
      } as const
    )[objectType];
    const rows = await this.db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The organisations of these users (their own). */
  async organizesOfUsers(userIds: string[]): Promise<string[]> {
    const rows = await this.db.selectFrom('appUser').select('organizeId').where('id', 'in', userIds).execute();
    return rows.flatMap((r) => (r.organizeId ? [r.organizeId] : []));
  }

  async organizesOfPositions(positionIds: string[]): Promise<string[]> {
    const rows = await this.db.selectFrom('position').select('organizeId').where('id', 'in', positionIds).execute();
    return rows.map((r) => r.organizeId);
  }

  /** Display names of holders, keyed `Type:id`. */
  async holderNames(pairs: { objectType: AuthorizeObjectType; objectId: string }[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const idsOf = (type: AuthorizeObjectType) => pairs.filter((p) => p.objectType === type).map((p) => p.objectId);
    const load = async (type: AuthorizeObjectType, rows: Promise<{ id: string; name: string }[]>) => {
      for (const row of await rows) names.set(`${type}:${row.id}`, row.name);
    };
    const roleIds = idsOf('Role');
    const positionIds = idsOf('Position');
    const groupIds = idsOf('Group');
    const userIds = idsOf('User');
    const permissionGroupIds = idsOf('PermissionGroup');
    if (permissionGroupIds.length) {
      await load(
        'PermissionGroup',
        this.db
          .selectFrom('permissionGroup')
          .select(['id', 'fullName as name'])
          .where('id', 'in', permissionGroupIds)
          .execute(),
      );
    }
    if (roleIds.length) {
      await load(
        'Role',
        this.db.selectFrom('role').select(['id', 'fullName as name']).where('id', 'in', roleIds).execute(),
      );
    }
    if (positionIds.length) {
      await load(
        'Position',
        this.db.selectFrom('position').select(['id', 'fullName as name']).where('id', 'in', positionIds).execute(),
      );
    }
    if (groupIds.length) {
      await load(
        'Group',
        this.db.selectFrom('userGroup').select(['id', 'fullName as name']).where('id', 'in', groupIds).execute(),
      );
    }
    if (userIds.length) {
      const rows = await this.db
        .selectFrom('appUser')
        .select(['id', 'realName', 'account'])
        .where('id', 'in', userIds)
        .execute();
      for (const row of rows) names.set(`User:${row.id}`, `${row.realName}/${row.account}`);
    }
    return names;
  }

  /** Holders of one type, for the "who holds this menu" chooser. */
  async objectsOfType(objectType: AuthorizeObjectType): Promise<{ id: string; fullName: string }[]> {
    if (objectType === 'User') {
      const rows = await this.db
        .selectFrom('appUser')
        .select(['id', 'realName', 'account'])
        .where('isAdministrator', '=', false)
        .orderBy('sortCode')
        .orderBy('creatorTime')
        .limit(5000)
        .execute();
      return rows.map((r) => ({ id: r.id, fullName: `${r.realName}/${r.account}` }));
    }
    if (objectType === 'PermissionGroup') {
      return this.db
        .selectFrom('permissionGroup')
        .select(['id', 'fullName'])
        .where('ownerObjectType', 'is', null)
        .orderBy('sortCode')
        .orderBy('creatorTime')
        .execute();
    }
    const table = ({ Role: 'role', Position: 'position', Group: 'userGroup' } as const)[objectType];
    return this.db.selectFrom(table).select(['id', 'fullName']).orderBy('sortCode').orderBy('creatorTime').execute();
  }

  /** Existing items among `ids` of one type, with the menu and system they belong to. */
  async items(itemType: AuthorizeItemType, ids: string[]): Promise<ItemOwner[]> {
    if (!ids.length) return [];
    if (itemType === 'system') {
      const rows = await this.db.selectFrom('system').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => ({ id: r.id, menuId: null, systemId: r.id }));
    }
    if (itemType === 'module') {
      const rows = await this.db.selectFrom('menu').select(['id', 'systemId']).where('id', 'in', ids).execute();
      return rows.map((r) => ({ id: r.id, menuId: r.id, systemId: r.systemId }));
    }
    if (itemType === 'portal') {
      // Portals belong to no system: they are offered in every one.
      const rows = await this.db.selectFrom('portal').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => ({ id: r.id, menuId: null, systemId: '' }));
    }
    return this.db
      .selectFrom('modulePermission as p')
      .innerJoin('menu as m', 'm.id', 'p.menuId')
      .select(['p.id', 'p.menuId', 'm.systemId'])
      .where('p.kind', '=', itemType)
      .where('p.id', 'in', ids)
      .execute();
  }

  /**
   * The permission group that holds a holder's grants: the group itself, or the own group of a
   * role, position, user or user group (undefined while it has none).
   */
  async groupOf(objectType: AuthorizeObjectType, objectId: string): Promise<string | undefined> {
    if (objectType === 'PermissionGroup') return objectId;
    const row = await this.db
      .selectFrom('permissionGroup')
      .select('id')
      .where('ownerObjectType', '=', objectType)
      .where('ownerObjectId', '=', objectId)
      .executeTakeFirst();
    return row?.id;
  }

  /** `groupOf`, creating the holder's own group (named after it, the holder its one member) when missing. */
  async ensureGroupOf(
    objectType: AuthorizeObjectType,
    objectId: string,
    creatorUserId: string,
    newId: () => string,
  ): Promise<string> {
    const found = await this.groupOf(objectType, objectId);
    if (found) return found;
    if (objectType === 'PermissionGroup') return objectId;
    const name = (await this.holderNames([{ objectType, objectId }])).get(`${objectType}:${objectId}`) ?? objectId;
    const id = newId();
    await this.db
      .insertInto('permissionGroup')
      .values({
        id,
        fullName: ownGroupName(objectType, name),
        enCode: await this.freeOwnGroupCode(objectType, objectId),
        ownerObjectType: objectType,
        ownerObjectId: objectId,
        creatorUserId,
      })
      .execute();
    await this.db.insertInto('permissionMember').values({ groupId: id, objectType, objectId, creatorUserId }).execute();
    return id;
  }

  /** The own group's code (own-group-name.ts), numbered past the codes groups have already. */
  private async freeOwnGroupCode(objectType: OwnGroupHolder, objectId: string) {
    const table = ({ Role: 'role', Position: 'position', Group: 'userGroup' } as const)[
      objectType as Exclude<OwnGroupHolder, 'User'>
    ];
    const holder = table
      ? await this.db.selectFrom(table).select('enCode as code').where('id', '=', objectId).executeTakeFirst()
      : await this.db.selectFrom('appUser').select('account as code').where('id', '=', objectId).executeTakeFirst();
    const first = ownGroupCode(objectType, holder?.code ?? '', new Set());
    const rows = await this.db
      .selectFrom('permissionGroup')
      .select(sql<string>`lower(en_code)`.as('code'))
      .where((eb) =>
        eb.or([
          eb(sql`lower(en_code)`, '=', first.toLowerCase()),
          eb(sql`lower(en_code)`, 'like', `${first.toLowerCase()}.%`),
        ]),
      )
      .execute();
    return ownGroupCode(objectType, holder?.code ?? '', new Set(rows.map((r) => r.code)));
  }

  async grantsOf(objectType: AuthorizeObjectType, objectId: string): Promise<GrantItem[]> {
    const groupId = await this.groupOf(objectType, objectId);
    if (!groupId) return [];
    return this.db
      .selectFrom('authorize')
      .select(['itemType', 'itemId'])
      .where('objectType', '=', 'PermissionGroup')
      .where('objectId', '=', groupId)
      .execute();
  }

  /** Replaces the grants of the given item types of one permission group. */
  async replaceGrants(
    groupId: string,
    types: AuthorizeItemType[],
    items: GrantItem[],
    creatorUserId: string,
    newId: () => string,
  ) {
    if (types.length) {
      await this.db
        .deleteFrom('authorize')
        .where('objectType', '=', 'PermissionGroup')
        .where('objectId', '=', groupId)
        .where('itemType', 'in', types)
        .execute();
    }
    await this.addGrants(
      items.map((item) => ({ ...item, groupId })),
      creatorUserId,
      newId,
    );
  }

  async addGrants(rows: (GrantItem & { groupId: string })[], creatorUserId: string, newId: () => string) {
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000).map((r) => ({
        id: newId(),
        objectType: 'PermissionGroup' as const,
        objectId: r.groupId,
        itemType: r.itemType,
        itemId: r.itemId,
        creatorUserId,
      }));
      await this.db
        .insertInto('authorize')
        .values(chunk)
        .onConflict((oc) => oc.columns(['objectType', 'objectId', 'itemType', 'itemId']).doNothing())
        .execute();
    }
  }

  /**
   * The permission groups of one kind of holder: a role's (position's, ...) own groups by their
   * owner, or the groups that stand for themselves (type PermissionGroup).
   */
  private groupsOfType(objectType: AuthorizeObjectType) {
    const groups = this.db.selectFrom('permissionGroup');
    return objectType === 'PermissionGroup'
      ? groups.select('id as groupId').select('id as holderId').where('ownerObjectType', 'is', null)
      : groups.select('id as groupId').select('ownerObjectId as holderId').where('ownerObjectType', '=', objectType);
  }

  /** Holders of one type that hold menu `menuId`. */
  async holdersOfMenu(menuId: string, objectType: AuthorizeObjectType): Promise<string[]> {
    const rows = await this.groupsOfType(objectType)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('authorize')
            .select('authorize.id')
            .where('itemType', '=', 'module')
            .where('itemId', '=', menuId)
            .whereRef('authorize.objectId', '=', 'permissionGroup.id'),
        ),
      )
      .orderBy('creatorTime')
      .execute();
    return rows.map((r) => r.holderId ?? r.groupId);
  }

  async removeMenuHolders(menuId: string, objectType: AuthorizeObjectType) {
    await this.db
      .deleteFrom('authorize')
      .where('itemType', '=', 'module')
      .where('itemId', '=', menuId)
      .where('objectId', 'in', this.groupsOfType(objectType).clearSelect().select('id'))
      .execute();
  }

  columnSetting(userId: string, moduleId: string) {
    return this.db
      .selectFrom('columnSetting')
      .select('fieldList')
      .where('userId', '=', userId)
      .where('moduleId', '=', moduleId)
      .executeTakeFirst();
  }

  async saveColumnSetting(userId: string, moduleId: string, fieldList: string) {
    await this.db
      .insertInto('columnSetting')
      .values({ userId, moduleId, fieldList })
      .onConflict((oc) => oc.columns(['userId', 'moduleId']).doUpdateSet({ fieldList, lastModifyTime: new Date() }))
      .execute();
  }

  /** The permission groups that grant a menu, with the holder a group stands for (if any). */
  holdersOf(menuId: string) {
    return this.db
      .selectFrom('authorize as a')
      .innerJoin('permissionGroup as g', 'g.id', 'a.objectId')
      .select(['g.id', 'g.fullName', 'g.ownerObjectType', 'g.ownerObjectId'])
      .where('a.itemType', '=', 'module')
      .where('a.itemId', '=', menuId)
      .orderBy('g.ownerObjectType')
      .orderBy('a.creatorTime')
      .execute();
  }

  /** What one permission group grants among a menu's permission definitions. */
  grantsOfGroupOn(menuId: string, groupId: string) {
    return this.db
      .selectFrom('authorize as a')
      .innerJoin('modulePermission as p', 'p.id', 'a.itemId')
      .select(['p.id', 'p.kind', 'p.enCode', 'p.fullName'])
      .where('a.objectId', '=', groupId)
      .where('p.menuId', '=', menuId)
      .whereRef('a.itemType', '=', 'p.kind')
      .orderBy('p.sortCode')
      .execute();
  }
}
