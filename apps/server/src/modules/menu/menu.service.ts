import {
  type MenuImportInput,
  type MenuInput,
  MenuInput as MenuInputSchema,
  type MenuQuery,
  type ModulePermissionInput,
  ModulePermissionInput as PermissionSchema,
} from '@platform/shared';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MenuRow, ModulePermissionRow, PermissionKind } from '../../db/schema.ts';
import { SystemRepository } from '../system/system.repository.ts';
import { MenuRepository } from './menu.repository.ts';

/** A menu as the menu page reads it. */
export interface MenuInfo {
  id: string;
  systemId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  icon: string;
  type: number;
  urlAddress: string;
  linkTarget: string;
  propertyJson: string;
  hidden: boolean;
  sortCode: number;
  enabledMark: number;
  isButtonAuthorize: boolean;
  isColumnAuthorize: boolean;
  isFormAuthorize: boolean;
  isDataAuthorize: boolean;
  description: string;
  creatorTime: number | null;
  hasChildren: boolean;
  children: MenuInfo[];
}

export function menuInfo(row: MenuRow): MenuInfo {
  return {
    id: row.id,
    systemId: row.systemId,
    parentId: row.parentId,
    fullName: row.fullName,
    enCode: row.enCode,
    icon: row.icon ?? '',
    type: row.type,
    urlAddress: row.urlAddress ?? '',
    linkTarget: row.linkTarget ?? '',
    propertyJson: row.propertyJson ?? '',
    hidden: row.isHidden,
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    isButtonAuthorize: row.isButtonAuthorize,
    isColumnAuthorize: row.isColumnAuthorize,
    isFormAuthorize: row.isFormAuthorize,
    isDataAuthorize: row.isDataAuthorize,
    description: row.description ?? '',
    creatorTime: toMillis(row.creatorTime),
    hasChildren: false,
    children: [],
  };
}

/** Nests nodes under their parents (rows in display order); orphans become roots. */
export function nest<T extends { id: string; parentId: string; hasChildren: boolean; children: T[] }>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const node of nodes) {
    const parent = byId.get(node.parentId);
    if (parent) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

/** The ids of `id` and everything below it. */
export function subtreeIds(rows: Pick<MenuRow, 'id' | 'parentId'>[], id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (!ids.has(row.id) && ids.has(row.parentId)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return ids;
}

export interface ModulePermissionInfo {
  id: string;
  moduleId: string;
  fullName: string;
  enCode: string;
  scopeType: string;
  sortCode: number;
  enabledMark: number;
  description: string;
  creatorTime: number | null;
}

export function permissionInfo(row: ModulePermissionRow): ModulePermissionInfo {
  return {
    id: row.id,
    moduleId: row.menuId,
    fullName: row.fullName,
    enCode: row.enCode,
    scopeType: row.scopeType ?? '',
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    description: row.description ?? '',
    creatorTime: toMillis(row.creatorTime),
  };
}

/** Types that open a model (form, dictionary, report, portal) and must name it in propertyJson. */
const modelTypes = new Set([3, 4, 5, 8]);
/** Directories and categories may hold other menus. */
const containerTypes = new Set([0, 1]);

const ExportedPermission = Type.Object({
  kind: Type.Union(['button', 'column', 'form', 'resource'].map((k) => Type.Literal(k))),
  fullName: PermissionSchema.properties.fullName,
  enCode: PermissionSchema.properties.enCode,
  scopeType: Type.Optional(Type.Union([Type.Null(), PermissionSchema.properties.scopeType])),
  sortCode: Type.Optional(Type.Integer()),
  enabledMark: Type.Optional(Type.Integer()),
  description: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 500 })])),
});
const ExportedMenuFields = Type.Omit(MenuInputSchema, ['systemId', 'parentId']);

interface ExportedMenu extends Omit<MenuInput, 'systemId' | 'parentId'> {
  permissions: {
    kind: PermissionKind;
    fullName: string;
    enCode: string;
    scopeType?: string | null;
    sortCode?: number;
    enabledMark?: number;
    description?: string | null;
  }[];
  children: ExportedMenu[];
}

/** Menus per system, their types' rules, and the permission definitions each menu offers. */
export class MenuService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  private changed() {
    return this.bus.publish({ type: 'authorize.changed' });
  }

  /** The menu tree of one system; a keyword keeps matching menus with their ancestors. */
  async bySystem(systemId: string, query: MenuQuery) {
    const systems = new SystemRepository(this.db);
    if (!(await systems.findById(systemId))) throw new NotFoundError();
    const rows = await new MenuRepository(this.db).menus(systemId);
    const keyword = query.keyword?.trim().toLowerCase() ?? '';
    const matches = (row: MenuRow) =>
      (!keyword || row.fullName.toLowerCase().includes(keyword) || row.enCode.toLowerCase().includes(keyword)) &&
      (query.enabledMark === undefined || row.enabledMark === query.enabledMark) &&
      (query.type === undefined || row.type === query.type);
    const keep = new Set<string>();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const row of rows) {
      if (!matches(row)) continue;
      for (let r: MenuRow | undefined = row; r && !keep.has(r.id); r = byId.get(r.parentId)) keep.add(r.id);
    }
    return { list: nest(rows.filter((r) => keep.has(r.id)).map(menuInfo)) };
  }

  /**
   * Parent chooser: the directories and categories of a system ("0": the main system), without
   * menu `id` and what lies below it ("0": a new menu).
   */
  async selector(id: string, systemId: string) {
    const resolved = await this.resolveSystem(systemId === '0' ? null : systemId, id);
    const rows = await new MenuRepository(this.db).menus(resolved);
    const excluded = id === '0' ? new Set<string>() : subtreeIds(rows, id);
    return { list: nest(rows.filter((r) => containerTypes.has(r.type) && !excluded.has(r.id)).map(menuInfo)) };
  }

  /** Every menu of one system except menu `id` and its subtree ("0": none excluded; the main system). */
  async selectorFilter(id: string) {
    const resolved = await this.resolveSystem(null, id);
    const rows = await new MenuRepository(this.db).menus(resolved);
    const excluded = id === '0' ? new Set<string>() : subtreeIds(rows, id);
    return { list: nest(rows.filter((r) => !excluded.has(r.id)).map(menuInfo)) };
  }

  /** Every enabled menu of every enabled system, under one node per system (type -1). */
  async selectorAll() {
    const systems = await new SystemRepository(this.db).list({ enabledMark: 1 });
    const rows = (await new MenuRepository(this.db).menus(null)).filter((r) => r.enabledMark === 1);
    const nodes = rows.map(menuInfo);
    for (const node of nodes) if (node.parentId === '-1') node.parentId = node.systemId;
    const systemNodes = systems.map((s) => ({
      ...menuInfo({
        id: s.id,
        systemId: s.id,
        parentId: '-1',
        fullName: s.fullName,
        enCode: s.enCode,
        icon: s.icon,
        type: -1,
        sortCode: s.sortCode,
        enabledMark: s.enabledMark,
        description: s.description,
        creatorTime: s.creatorTime,
      } as MenuRow),
    }));
    return { list: nest([...systemNodes, ...nodes]).filter((n) => n.type === -1) };
  }

  async get(id: string) {
    const row = await new MenuRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return menuInfo(row);
  }

  async create(input: MenuInput, session: Session) {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      await this.check(trx, input, null);
      await menus.insert({ id, ...this.columns(input), creatorUserId: session.userId });
    });
    await this.changed();
    return id;
  }

  async update(id: string, input: MenuInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      const row = await menus.findById(id);
      if (!row) throw new NotFoundError();
      if (row.systemId !== input.systemId) throw new BusinessError('menu.systemFixed');
      await this.check(trx, input, row);
      await menus.update(id, {
        ...this.columns(input, row),
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
    await this.changed();
  }

  async toggleState(id: string, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      const row = await menus.findById(id);
      if (!row) throw new NotFoundError();
      await menus.update(id, {
        enabledMark: row.enabledMark === 1 ? 0 : 1,
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
    await this.changed();
  }

  /** Refused while the menu has children; its permission definitions and grants go with it. */
  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      if (!(await menus.findById(id))) throw new NotFoundError();
      if (await menus.hasChildren(id)) throw new BusinessError('menu.hasChildren');
      await menus.delete(id);
    });
    await this.changed();
  }

  /** The menu, its subtree and their permission definitions, as a JSON document to import elsewhere. */
  async export(id: string) {
    const menus = new MenuRepository(this.db);
    const row = await menus.findById(id);
    if (!row) throw new NotFoundError();
    const rows = await menus.menus(row.systemId);
    const ids = subtreeIds(rows, id);
    const inTree = rows.filter((r) => ids.has(r.id));
    const permissions = await menus.permissionsOf([...ids]);
    const toExported = (r: MenuRow): ExportedMenu => ({
      fullName: r.fullName,
      enCode: r.enCode,
      type: r.type,
      icon: r.icon ?? '',
      urlAddress: r.urlAddress ?? '',
      linkTarget: (r.linkTarget ?? '') as MenuInput['linkTarget'] & string,
      propertyJson: r.propertyJson ?? '',
      hidden: r.isHidden,
      sortCode: r.sortCode,
      enabledMark: r.enabledMark as 0 | 1,
      isButtonAuthorize: r.isButtonAuthorize,
      isColumnAuthorize: r.isColumnAuthorize,
      isFormAuthorize: r.isFormAuthorize,
      isDataAuthorize: r.isDataAuthorize,
      description: r.description ?? '',
      permissions: permissions
        .filter((p) => p.menuId === r.id)
        .map((p) => ({
          kind: p.kind,
          fullName: p.fullName,
          enCode: p.enCode,
          scopeType: p.scopeType,
          sortCode: p.sortCode,
          enabledMark: p.enabledMark,
          description: p.description,
        })),
      children: inTree.filter((c) => c.parentId === r.id).map(toExported),
    });
    return { fileName: `${row.enCode}.json`, document: { version: 1, menu: toExported(row) } };
  }

  /** Adds an exported menu tree under `parentId` of a system; all of it or, on any conflict, none. */
  async import(input: MenuImportInput, session: Session) {
    const data = input.data as { version?: unknown; menu?: unknown };
    if (data.version !== 1 || !data.menu) throw new BusinessError('menu.importInvalid');
    const root = data.menu as ExportedMenu;
    let count = 0;
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      const insert = async (node: ExportedMenu, parentId: string, depth: number) => {
        if (depth > 10 || count >= 2000) throw new BusinessError('menu.importInvalid');
        const { permissions, children, ...fields } = node;
        if (!Value.Check(ExportedMenuFields, fields) || !Array.isArray(permissions) || !Array.isArray(children)) {
          throw new BusinessError('menu.importInvalid');
        }
        const menuInput: MenuInput = { ...fields, systemId: input.systemId, parentId };
        if (await menus.codeTaken(input.systemId, fields.enCode)) {
          throw new BusinessError('menu.importCodeTaken', { code: fields.enCode });
        }
        await this.check(trx, menuInput, null);
        const id = newId();
        count++;
        await menus.insert({ id, ...this.columns(menuInput), creatorUserId: session.userId });
        const seen = new Set<string>();
        for (const p of permissions) {
          if (!Value.Check(ExportedPermission, p) || seen.has(`${p.kind}:${p.enCode}`)) {
            throw new BusinessError('menu.importInvalid');
          }
          seen.add(`${p.kind}:${p.enCode}`);
          await menus.insertPermission({
            id: newId(),
            menuId: id,
            kind: p.kind,
            fullName: p.fullName,
            enCode: p.enCode,
            scopeType: p.kind === 'resource' ? ((p.scopeType ?? 'self') as 'self') : null,
            sortCode: p.sortCode ?? 0,
            enabledMark: p.enabledMark === 0 ? 0 : 1,
            description: p.description ?? null,
            creatorUserId: session.userId,
          });
        }
        for (const child of children) await insert(child, id, depth + 1);
      };
      await insert(root, input.parentId ?? '-1', 0);
    });
    await this.changed();
    return { count };
  }

  // Permission definitions of one kind on menus.

  async permissions(kind: PermissionKind, moduleId: string, keyword: string | undefined) {
    const menus = new MenuRepository(this.db);
    if (!(await menus.findById(moduleId))) throw new NotFoundError();
    const k = keyword?.trim().toLowerCase() ?? '';
    const rows = (await menus.permissionsOf([moduleId], kind)).filter(
      (r) => !k || r.fullName.toLowerCase().includes(k) || r.enCode.toLowerCase().includes(k),
    );
    return { list: rows.map(permissionInfo) };
  }

  async getPermission(kind: PermissionKind, id: string) {
    const row = await new MenuRepository(this.db).findPermission(id, kind);
    if (!row) throw new NotFoundError();
    return permissionInfo(row);
  }

  async createPermission(kind: PermissionKind, input: ModulePermissionInput, session: Session) {
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
        ...this.permissionColumns(kind, input),
        creatorUserId: session.userId,
      });
    });
    await this.changed();
    return id;
  }

  async updatePermission(kind: PermissionKind, id: string, input: ModulePermissionInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      const row = await menus.findPermission(id, kind);
      if (!row) throw new NotFoundError();
      if (row.menuId !== input.moduleId) throw new BusinessError('menu.moduleFixed');
      if (await menus.permissionCodeTaken(row.menuId, kind, input.enCode, id))
        throw new BusinessError('menu.codeTaken');
      await menus.updatePermission(id, {
        ...this.permissionColumns(kind, input),
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
    await this.changed();
  }

  async togglePermissionState(kind: PermissionKind, id: string, session: Session) {
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

  async deletePermission(kind: PermissionKind, id: string) {
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      if (!(await menus.findPermission(id, kind))) throw new NotFoundError();
      await menus.deletePermission(id, kind);
    });
    await this.changed();
  }

  private permissionColumns(kind: PermissionKind, input: ModulePermissionInput) {
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

  /** The system a selector reads: the one named, else that of menu `menuId`, else the main one. */
  private async resolveSystem(systemId: string | null, menuId: string): Promise<string> {
    const systems = new SystemRepository(this.db);
    if (systemId) {
      if (!(await systems.findById(systemId))) throw new NotFoundError();
      return systemId;
    }
    if (menuId !== '0') {
      const menu = await new MenuRepository(this.db).findById(menuId);
      if (!menu) throw new NotFoundError();
      return menu.systemId;
    }
    const main = (await systems.list({})).find((s) => s.isMain);
    if (!main) throw new NotFoundError();
    return main.id;
  }

  /** The rules of each menu type and of the tree; `current` is the menu being edited. */
  private async check(trx: Trx, input: MenuInput, current: MenuRow | null) {
    const menus = new MenuRepository(trx);
    if (!(await new SystemRepository(trx).findById(input.systemId))) throw new NotFoundError();
    if (await menus.codeTaken(input.systemId, input.enCode, current?.id)) throw new BusinessError('menu.codeTaken');
    if (input.parentId !== '-1') {
      const parent = await menus.findById(input.parentId);
      if (!parent || parent.systemId !== input.systemId || !containerTypes.has(parent.type)) {
        throw new BusinessError('menu.parentInvalid');
      }
      if (current) {
        const ids = subtreeIds(await menus.menus(input.systemId), current.id);
        if (ids.has(parent.id)) throw new BusinessError('menu.parentCycle');
      }
    }
    const url = input.urlAddress?.trim() ?? '';
    if ((input.type === 2 || input.type === 7) && !url) throw new BusinessError('menu.urlRequired');
    if (input.propertyJson) {
      let property: unknown;
      try {
        property = JSON.parse(input.propertyJson);
      } catch {
        throw new BusinessError('menu.propertyInvalid');
      }
      if (!property || typeof property !== 'object' || Array.isArray(property)) {
        throw new BusinessError('menu.propertyInvalid');
      }
    }
    if (modelTypes.has(input.type) || (input.type === 6 && !url)) {
      const property = input.propertyJson ? (JSON.parse(input.propertyJson) as { moduleId?: unknown }) : {};
      if (typeof property.moduleId !== 'string' || !property.moduleId) throw new BusinessError('menu.moduleRequired');
    }
  }

  /**
   * The row's columns from the input; `current` is the menu being edited. An authorisation switch
   * left out keeps its value, and on a new menu button authorisation defaults to on (as the menu
   * form does): a client that says nothing must not open every button to whoever holds the menu.
   */
  private columns(input: MenuInput, current?: MenuRow) {
    const url = input.urlAddress?.trim() ?? '';
    return {
      systemId: input.systemId,
      parentId: input.parentId,
      enCode: input.enCode,
      fullName: input.fullName,
      icon: input.icon || null,
      type: input.type,
      // Pages are addressed without a leading slash (protocol.md).
      urlAddress: url ? (input.type === 2 ? url.replace(/^\/+/, '') : url) : null,
      linkTarget: input.type === 7 ? input.linkTarget || '_blank' : input.linkTarget || null,
      propertyJson: input.propertyJson || null,
      isHidden: input.hidden ?? false,
      sortCode: input.sortCode ?? 0,
      enabledMark: input.enabledMark ?? 1,
      isButtonAuthorize: input.isButtonAuthorize ?? current?.isButtonAuthorize ?? true,
      isColumnAuthorize: input.isColumnAuthorize ?? current?.isColumnAuthorize ?? false,
      isFormAuthorize: input.isFormAuthorize ?? current?.isFormAuthorize ?? false,
      isDataAuthorize: input.isDataAuthorize ?? current?.isDataAuthorize ?? false,
      description: input.description || null,
    };
  }
}
