import type { Insertable, Updateable } from 'kysely';
import { likePattern } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type {
  MenuRow,
  MenuTable,
  ModulePermissionRow,
  ModulePermissionTable,
  PermissionKind,
} from '../../db/schema.ts';

export class MenuRepository {
  constructor(private readonly db: Db | Trx) {}

  /** Enabled menus of one system, in display order. */
  enabledMenus(systemId: string): Promise<MenuRow[]> {
    return this.db
      .selectFrom('menu')
      .selectAll()
      .where('systemId', '=', systemId)
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .execute();
  }

  /** Enabled menus among `ids` (a user's granted menus), of every system. */
  enabledMenusIn(ids: string[]): Promise<MenuRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('menu')
      .selectAll()
      .where('enabledMark', '=', 1)
      .where('id', '=', (eb) => eb.fn<string>('any', [eb.val(ids)]))
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .execute();
  }

  /** Every menu of one system (all systems when null), disabled ones too. */
  menus(systemId: string | null): Promise<MenuRow[]> {
    let query = this.db.selectFrom('menu').selectAll();
    if (systemId) query = query.where('systemId', '=', systemId);
    return query.orderBy('sortCode').orderBy('creatorTime').execute();
  }

  menusIn(ids: string[]): Promise<MenuRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('menu').selectAll().where('id', 'in', ids).execute();
  }

  /** Enabled menus of types 3 and 4 whose property JSON contains `text` (the caller parses it to be sure). */
  pagesMentioning(text: string): Promise<MenuRow[]> {
    return this.db
      .selectFrom('menu')
      .selectAll()
      .where('type', 'in', [3, 4])
      .where('enabledMark', '=', 1)
      .where('propertyJson', 'like', likePattern(text))
      .execute();
  }

  findById(id: string): Promise<MenuRow | undefined> {
    return this.db.selectFrom('menu').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async codeTaken(systemId: string, enCode: string, exceptId?: string): Promise<boolean> {
    let query = this.db.selectFrom('menu').select('id').where('systemId', '=', systemId).where('enCode', '=', enCode);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return Boolean(await query.executeTakeFirst());
  }

  async hasChildren(id: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('menu').select('id').where('parentId', '=', id).executeTakeFirst());
  }

  async insert(row: Insertable<MenuTable>) {
    await this.db.insertInto('menu').values(row).execute();
  }

  async update(id: string, changes: Updateable<MenuTable>) {
    await this.db.updateTable('menu').set(changes).where('id', '=', id).execute();
  }

  /** The menu, its permission definitions (by cascade), and every grant of either. */
  async delete(id: string) {
    await this.db
      .deleteFrom('authorize')
      .where((eb) =>
        eb.or([
          eb.and([eb('itemType', '=', 'module'), eb('itemId', '=', id)]),
          eb.and([
            eb('itemType', 'in', ['button', 'column', 'form', 'resource']),
            eb('itemId', 'in', eb.selectFrom('modulePermission').select('id').where('menuId', '=', id)),
          ]),
        ]),
      )
      .execute();
    await this.db.deleteFrom('columnSetting').where('moduleId', '=', id).execute();
    await this.db.deleteFrom('menu').where('id', '=', id).execute();
  }

  // Permission definitions (buttons, columns, forms, data scopes) of menus.

  permissionsOf(menuIds: string[], kind?: PermissionKind, enabledOnly = false): Promise<ModulePermissionRow[]> {
    if (!menuIds.length) return Promise.resolve([]);
    let query = this.db
      .selectFrom('modulePermission')
      .selectAll()
      .where('menuId', '=', (eb) => eb.fn<string>('any', [eb.val(menuIds)]));
    if (kind) query = query.where('kind', '=', kind);
    if (enabledOnly) query = query.where('enabledMark', '=', 1);
    return query.orderBy('sortCode').orderBy('creatorTime').execute();
  }

  /** Enabled definitions among `ids` whose menu is among `menuIds` (a user's granted ones). */
  grantedPermissions(ids: string[], menuIds: string[]): Promise<ModulePermissionRow[]> {
    if (!ids.length || !menuIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('modulePermission')
      .selectAll()
      .where('id', '=', (eb) => eb.fn<string>('any', [eb.val(ids)]))
      .where('menuId', '=', (eb) => eb.fn<string>('any', [eb.val(menuIds)]))
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .execute();
  }

  /** Enabled definitions on enabled menus of one system. */
  enabledPermissionsOfSystem(systemId: string): Promise<ModulePermissionRow[]> {
    return this.db
      .selectFrom('modulePermission as p')
      .innerJoin('menu as m', 'm.id', 'p.menuId')
      .selectAll('p')
      .where('m.systemId', '=', systemId)
      .where('m.enabledMark', '=', 1)
      .where('p.enabledMark', '=', 1)
      .orderBy('p.sortCode')
      .orderBy('p.creatorTime')
      .execute();
  }

  findPermission(id: string, kind: PermissionKind): Promise<ModulePermissionRow | undefined> {
    return this.db
      .selectFrom('modulePermission')
      .selectAll()
      .where('id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  async permissionCodeTaken(menuId: string, kind: PermissionKind, enCode: string, exceptId?: string) {
    let query = this.db
      .selectFrom('modulePermission')
      .select('id')
      .where('menuId', '=', menuId)
      .where('kind', '=', kind)
      .where('enCode', '=', enCode);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return Boolean(await query.executeTakeFirst());
  }

  async insertPermission(row: Insertable<ModulePermissionTable>) {
    await this.db.insertInto('modulePermission').values(row).execute();
  }

  async insertPermissions(rows: Insertable<ModulePermissionTable>[]) {
    if (rows.length) await this.db.insertInto('modulePermission').values(rows).execute();
  }

  async updatePermission(id: string, changes: Updateable<ModulePermissionTable>) {
    await this.db.updateTable('modulePermission').set(changes).where('id', '=', id).execute();
  }

  async deletePermission(id: string, kind: PermissionKind) {
    await this.db.deleteFrom('authorize').where('itemType', '=', kind).where('itemId', '=', id).execute();
    await this.db.deleteFrom('modulePermission').where('id', '=', id).execute();
  }
}
