import type { Db, Trx } from '../../db/database.ts';
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
    const table = ({ Role: 'role', Position: 'position', User: 'appUser', Group: 'userGroup' } as const)[objectType];
    const rows = await this.db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
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
    return this.db
      .selectFrom('modulePermission as p')
      .innerJoin('menu as m', 'm.id', 'p.menuId')
      .select(['p.id', 'p.menuId', 'm.systemId'])
      .where('p.kind', '=', itemType)
      .where('p.id', 'in', ids)
      .execute();
  }

  grantsOf(objectType: AuthorizeObjectType, objectId: string): Promise<GrantItem[]> {
    return this.db
      .selectFrom('authorize')
      .select(['itemType', 'itemId'])
      .where('objectType', '=', objectType)
      .where('objectId', '=', objectId)
      .execute();
  }

  async replaceGrants(
    objectType: AuthorizeObjectType,
    objectId: string,
    types: AuthorizeItemType[],
    items: GrantItem[],
    creatorUserId: string,
    newId: () => string,
  ) {
    if (types.length) {
      await this.db
        .deleteFrom('authorize')
        .where('objectType', '=', objectType)
        .where('objectId', '=', objectId)
        .where('itemType', 'in', types)
        .execute();
    }
    await this.addGrants(
      items.map((item) => ({ ...item, objectType, objectId })),
      creatorUserId,
      newId,
    );
  }

  async addGrants(
    rows: (GrantItem & { objectType: AuthorizeObjectType; objectId: string })[],
    creatorUserId: string,
    newId: () => string,
  ) {
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000).map((r) => ({ id: newId(), ...r, creatorUserId }));
      await this.db
        .insertInto('authorize')
        .values(chunk)
        .onConflict((oc) => oc.columns(['objectType', 'objectId', 'itemType', 'itemId']).doNothing())
        .execute();
    }
  }

  /** Holders of one type that hold menu `menuId`. */
  async holdersOfMenu(menuId: string, objectType: AuthorizeObjectType): Promise<string[]> {
    const rows = await this.db
      .selectFrom('authorize')
      .select('objectId')
      .where('itemType', '=', 'module')
      .where('itemId', '=', menuId)
      .where('objectType', '=', objectType)
      .execute();
    return rows.map((r) => r.objectId);
  }

  async removeMenuHolders(menuId: string, objectType: AuthorizeObjectType) {
    await this.db
      .deleteFrom('authorize')
      .where('itemType', '=', 'module')
      .where('itemId', '=', menuId)
      .where('objectType', '=', objectType)
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

  /** Who holds a menu: grants of item type module on it. */
  holdersOf(menuId: string) {
    return this.db
      .selectFrom('authorize')
      .select(['objectType', 'objectId'])
      .where('itemType', '=', 'module')
      .where('itemId', '=', menuId)
      .orderBy('objectType')
      .orderBy('creatorTime')
      .execute();
  }

  /** What one holder is granted among a menu's permission definitions. */
  grantsOfHolderOn(menuId: string, objectId: string) {
    return this.db
      .selectFrom('authorize as a')
      .innerJoin('modulePermission as p', 'p.id', 'a.itemId')
      .select(['p.id', 'p.kind', 'p.enCode', 'p.fullName'])
      .where('a.objectId', '=', objectId)
      .where('p.menuId', '=', menuId)
      .whereRef('a.itemType', '=', 'p.kind')
      .orderBy('p.sortCode')
      .execute();
  }
}
