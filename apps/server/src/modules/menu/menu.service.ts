import type { MenuInfo, MenuInput, MenuQuery, PermissionKind } from '@platform/shared';
import type { DelegationGuard } from '../../core/delegation.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MenuRow, SystemRow } from '../../db/schema.ts';
import { subtreeIds } from '../organize/organize-tree.ts';
import type { SystemService } from '../system/system.service.ts';
import { MenuRepository } from './menu.repository.ts';
import { menuInfo, moduleIdOf, nest } from './menu-info.ts';
import { checkMenu, containerTypes, menuColumns } from './menu-rules.ts';

/** Menus per system, their types' rules, and the permission definitions each menu offers. */
export class MenuService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly systems: SystemService,
    /** Switching authorisation off is giving: only what the caller holds (see requireMaySwitchOff). */
    private readonly delegation?: DelegationGuard,
  ) {}

  private changed() {
    return this.bus.publish({ type: 'authorize.changed' });
  }

  /** The menu tree of one system; a keyword keeps matching menus with their ancestors. */
  async bySystem(systemId: string, query: MenuQuery) {
    if (!(await this.systems.exists(systemId))) throw new NotFoundError();
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

  /**
   * `SelectorFilter/{moduleId}?category=`: where a form or portal can be published (the 3.6 release
   * dialog). Each enabled system is a node (type -1) holding its enabled directories and categories;
   * a node that already holds a page of `moduleId` is disabled. App menus are not served here, so
   * the App tree is empty.
   */
  async publishTargets(moduleId: string, category: string) {
    if (category === 'App') return { list: [] };
    const [systems, rows, published] = await Promise.all([
      this.systems.rows({ enabledMark: 1 }),
      new MenuRepository(this.db).menus(null),
      moduleId === '0' ? Promise.resolve([]) : this.pagesOfModule(moduleId),
    ]);
    const taken = new Set(published.map((page) => (page.parentId === '-1' ? page.systemId : page.parentId)));
    const enabledSystems = new Set(systems.map((s) => s.id));
    const nodes = rows
      .filter((r) => r.enabledMark === 1 && containerTypes.has(r.type) && enabledSystems.has(r.systemId))
      .map((r) => ({ ...menuInfo(r), parentId: r.parentId === '-1' ? r.systemId : r.parentId }));
    const marked: MenuInfo[] = [...systems.map((s) => this.systemNode(s)), ...nodes].map((n) => ({
      ...n,
      disabled: taken.has(n.id),
    }));
    return { list: nest(marked).filter((n) => n.type === -1) };
  }

  /** Every enabled menu of every enabled system, under one node per system (type -1). */
  async selectorAll() {
    const systems = await this.systems.rows({ enabledMark: 1 });
    const rows = (await new MenuRepository(this.db).menus(null)).filter((r) => r.enabledMark === 1);
    const nodes = rows.map(menuInfo);
    for (const node of nodes) if (node.parentId === '-1') node.parentId = node.systemId;
    const systemNodes = systems.map((s) => this.systemNode(s));
    return { list: nest([...systemNodes, ...nodes]).filter((n) => n.type === -1) };
  }

  async info(id: string) {
    const row = await new MenuRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return menuInfo(row);
  }

  async create(input: MenuInput, session: Session) {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      await checkMenu(trx, this.systems, input, null);
      await menus.insert({ id, ...menuColumns(input), creatorUserId: session.userId });
    });
    await this.changed();
    return id;
  }

  async update(id: string, input: MenuInput, session: Session) {
    await this.requireMaySwitchOff(id, input, session);
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      const row = await menus.findById(id);
      if (!row) throw new NotFoundError();
      if (row.systemId !== input.systemId) throw new BusinessError('menu.systemFixed');
      await checkMenu(trx, this.systems, input, row);
      await menus.update(id, {
        ...menuColumns(input, row),
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
    await this.changed();
  }

  /**
   * Switching a menu's button, column, form or data authorisation off gives every holder of the
   * menu all of that kind (every button, column, field, every row): only someone who holds every
   * one of them may (DelegationGuard).
   */
  private async requireMaySwitchOff(id: string, input: MenuInput, session: Session) {
    if (!this.delegation || session.isAdministrator) return;
    const row = await new MenuRepository(this.db).findById(id);
    if (!row) return;
    const switches = [
      ['button', row.isButtonAuthorize, input.isButtonAuthorize],
      ['column', row.isColumnAuthorize, input.isColumnAuthorize],
      ['form', row.isFormAuthorize, input.isFormAuthorize],
      ['resource', row.isDataAuthorize, input.isDataAuthorize],
    ] as const;
    const opened = switches.filter(([, before, after]) => before && after === false).map(([kind]) => kind);
    if (!opened.length) return;
    const repo = new MenuRepository(this.db);
    const items = (await repo.permissionsOf([id], undefined, true))
      .filter((d) => (opened as readonly string[]).includes(d.kind))
      .map((d) => ({ itemType: d.kind, itemId: d.id }));
    await this.delegation.requireMayGive(session, 'system.menu', {}, { items });
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

  /**
   * A form page (type 3) for a published generated form, inside the caller's transaction: under
   * `parentId` ("-1": the top of the main system), naming `moduleId`, with the permission entries
   * given. The caller tells `authorizeChanged` once its transaction has committed.
   */
  async createFormPage(
    trx: Trx,
    page: {
      /** "-1": the top of the main system; an application id: the top of that application; else a directory. */
      parentId: string;
      fullName: string;
      enCode: string;
      icon?: string | undefined;
      moduleId: string;
      /** Number the code (`code_2`, ...) when the application has it already, instead of refusing. */
      freeCode?: boolean;
    },
    switches: Pick<MenuInput, 'isButtonAuthorize' | 'isColumnAuthorize' | 'isFormAuthorize' | 'isDataAuthorize'>,
    entries: { kind: PermissionKind; enCode: string; fullName: string }[],
    session: Session,
  ): Promise<string> {
    const menus = new MenuRepository(trx);
    let systemId: string;
    let parentId = page.parentId;
    if (parentId === '-1') {
      const main = (await this.systems.rows({}, trx)).find((s) => s.isMain);
      if (!main) throw new NotFoundError();
      systemId = main.id;
    } else {
      const parent = await menus.findById(parentId);
      if (parent) systemId = parent.systemId;
      else if (await this.systems.exists(parentId, trx)) {
        systemId = parentId;
        parentId = '-1';
      } else throw new BusinessError('menu.parentInvalid');
    }
    let enCode = page.enCode;
    for (let n = 2; page.freeCode && n < 100 && (await menus.codeTaken(systemId, enCode)); n++) {
      enCode = `${page.enCode}_${n}`;
    }
    const input: MenuInput = {
      systemId,
      parentId,
      fullName: page.fullName,
      enCode,
      type: 3,
      // The 3.6 client routes a form page by its address (`/model/{code}`); ours reads the type.
      urlAddress: `model/${enCode}`,
      ...(page.icon ? { icon: page.icon } : {}),
      propertyJson: JSON.stringify({ moduleId: page.moduleId, isTree: 0 }),
      ...switches,
    };
    await checkMenu(trx, this.systems, input, null);
    const id = newId();
    await menus.insert({ id, ...menuColumns(input), creatorUserId: session.userId });
    await menus.insertPermissions(
      entries.map((entry, sortCode) => ({
        id: newId(),
        menuId: id,
        kind: entry.kind,
        enCode: entry.enCode,
        fullName: entry.fullName,
        scopeType: null,
        sortCode,
        description: null,
        creatorUserId: session.userId,
      })),
    );
    return id;
  }

  /** Tells the sessions that menus or their permission entries changed. */
  authorizeChanged() {
    return this.changed();
  }

  // What other areas read of menus. `db` is the caller's transaction where the read is part of one.

  /** Whether menu `id` exists. */
  async exists(id: string, db: Db | Trx = this.db): Promise<boolean> {
    return Boolean(await new MenuRepository(db).findById(id));
  }

  /**
   * The enabled form pages (types 3 and 4) whose property JSON names `moduleId`: the menus a
   * generated form's records are reached through, whose grants apply to them.
   */
  async pagesOfModule(moduleId: string, db: Db | Trx = this.db): Promise<MenuRow[]> {
    const rows = await new MenuRepository(db).pagesMentioning(moduleId);
    return rows.filter((row) => moduleIdOf(row.propertyJson) === moduleId);
  }

  /** Every menu of one system (all systems when null), disabled ones too, in display order. */
  rows(systemId: string | null): Promise<MenuRow[]> {
    return new MenuRepository(this.db).menus(systemId);
  }

  /** Enabled menus of one system, in display order. */
  enabledRows(systemId: string): Promise<MenuRow[]> {
    return new MenuRepository(this.db).enabledMenus(systemId);
  }

  /** The system a selector reads: the one named, else that of menu `menuId`, else the main one. */
  /** An application as a node of a menu tree (type -1), under which its top menus hang. */
  private systemNode(s: SystemRow) {
    return menuInfo({
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
    } as MenuRow);
  }

  private async resolveSystem(systemId: string | null, menuId: string): Promise<string> {
    if (systemId) {
      if (!(await this.systems.exists(systemId))) throw new NotFoundError();
      return systemId;
    }
    if (menuId !== '0') {
      const menu = await new MenuRepository(this.db).findById(menuId);
      if (!menu) throw new NotFoundError();
      return menu.systemId;
    }
    const main = (await this.systems.rows()).find((s) => s.isMain);
    if (!main) throw new NotFoundError();
    return main.id;
  }
}
