import type { ModulePermissionInput } from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { ModulePermissionRow, PermissionKind } from '../../db/schema.ts';
import { MenuRepository } from './menu.repository.ts';
import { permissionInfo } from './menu-info.ts';

/** The permission definitions a menu offers (buttons, columns, forms, data scopes), one kind at a time. */
export class ModulePermissionService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  private changed() {
    return this.bus.publish({ type: 'authorize.changed' });
  }

  async list(kind: PermissionKind, moduleId: string, keyword: string | undefined) {
    const menus = new MenuRepository(this.db);
    if (!(await menus.findById(moduleId))) throw new NotFoundError();
    const k = keyword?.trim().toLowerCase() ?? '';
    const rows = (await menus.permissionsOf([moduleId], kind)).filter(
      (r) => !k || r.fullName.toLowerCase().includes(k) || r.enCode.toLowerCase().includes(k),
    );
    return { list: rows.map(permissionInfo) };
  }

  async info(kind: PermissionKind, id: string) {
    const row = await new MenuRepository(this.db).findPermission(id, kind);
    if (!row) throw new NotFoundError();
    return permissionInfo(row);
  }

  async create(kind: PermissionKind, input: ModulePermissionInput, session: Session) {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      if (!(await menus.findById(input.moduleId))) throw new NotFoundError();
      if (await menus.permissionCodeTaken(input.moduleId, kind, input.enCode))
        throw new BusinessError('menu.codeTaken');
      await menus.insertPermission({
        id,
        menuId: input.moduleId,
        kind,
        ...this.columns(kind, input),
        creatorUserId: session.userId,
      });
    });
    await this.changed();
    return id;
  }

  async update(kind: PermissionKind, id: string, input: ModulePermissionInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      const row = await menus.findPermission(id, kind);
      if (!row) throw new NotFoundError();
      if (row.menuId !== input.moduleId) throw new BusinessError('menu.moduleFixed');
      if (await menus.permissionCodeTaken(row.menuId, kind, input.enCode, id))
        throw new BusinessError('menu.codeTaken');
      await menus.updatePermission(id, {
        ...this.columns(kind, input),
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
    await this.changed();
  }

  async toggleState(kind: PermissionKind, id: string, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      const row = await menus.findPermission(id, kind);
      if (!row) throw new NotFoundError();
      await menus.updatePermission(id, {
        enabledMark: row.enabledMark === 1 ? 0 : 1,
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
    await this.changed();
  }

  async delete(kind: PermissionKind, id: string) {
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      if (!(await menus.findPermission(id, kind))) throw new NotFoundError();
      await menus.deletePermission(id, kind);
    });
    await this.changed();
  }

  private columns(kind: PermissionKind, input: ModulePermissionInput) {
    if (kind === 'resource' && !input.scopeType) throw new BusinessError('menu.scopeRequired');
    return {
      fullName: input.fullName,
      enCode: input.enCode,
      scopeType: kind === 'resource' ? (input.scopeType ?? null) : null,
      sortCode: input.sortCode ?? 0,
      enabledMark: input.enabledMark ?? 1,
      description: input.description ?? null,
    };
  }

  // What other areas read of definitions.

  /** Definitions of these menus, of one kind or all, enabled ones only when asked. */
  ofMenus(menuIds: string[], kind?: PermissionKind, enabledOnly = false): Promise<ModulePermissionRow[]> {
    return new MenuRepository(this.db).permissionsOf(menuIds, kind, enabledOnly);
  }

  /** Enabled definitions on enabled menus of one system. */
  enabledOfSystem(systemId: string): Promise<ModulePermissionRow[]> {
    return new MenuRepository(this.db).enabledPermissionsOfSystem(systemId);
  }
}
