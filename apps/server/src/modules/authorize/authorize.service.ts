import type {
  AuthorizeBatchInput,
  AuthorizeDataInput,
  AuthorizeItemType,
  AuthorizeModelInput,
  AuthorizeObjectType,
  AuthorizeValuesInput,
  ColumnSettingInput,
  ColumnSettings,
  GrantNode,
} from '@platform/shared';
import type { DelegationGuard } from '../../core/delegation.ts';
import { BusinessError, ForbiddenError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import type { PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MenuService } from '../menu/menu.service.ts';
import { menuInfo, nest } from '../menu/menu-info.ts';
import type { ModulePermissionService } from '../menu/module-permission.service.ts';
import type { PortalService } from '../portal/portal.service.ts';
import type { SystemService } from '../system/system.service.ts';
import { AuthorizeRepository, type GrantItem } from './authorize.repository.ts';

const inputKeys: Record<AuthorizeItemType, keyof AuthorizeDataInput & keyof AuthorizeBatchInput> = {
  system: 'systemIds',
  module: 'module',
  button: 'button',
  column: 'column',
  form: 'form',
  resource: 'resource',
  portal: 'portal',
};
/** The authorisation page: its data scope says whose accounts the caller manages. */
const menu = 'permission.authorize';
const itemTypes = Object.keys(inputKeys) as AuthorizeItemType[];
const definitionTypes = ['button', 'column', 'form', 'resource'] as const;

type ValuesNode = GrantNode;

/**
 * Grants of applications, menus, a menu's buttons, columns, forms and data scopes, and portals to
 * roles, positions, users and groups. Every change publishes `authorize.changed`, so cached grant sets
 * on every instance are dropped and the next call (and the next CurrentUser) sees the change.
 */
/** The services whose records a grant names: systems, menus, their permission definitions, portals. */
export interface AuthorizeParts {
  systems: SystemService;
  menus: MenuService;
  definitions: ModulePermissionService;
  portals: PortalService;
}

export class AuthorizeService {
  private readonly systems: SystemService;
  private readonly menus: MenuService;
  private readonly definitions: ModulePermissionService;
  private readonly portals: PortalService;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly permissions: PermissionService,
    private readonly delegation: DelegationGuard,
    parts: AuthorizeParts,
  ) {
    this.systems = parts.systems;
    this.menus = parts.menus;
    this.definitions = parts.definitions;
    this.portals = parts.portals;
  }

  private changed() {
    return this.bus.publish({ type: 'authorize.changed' });
  }

  private async requireObject(repo: AuthorizeRepository, objectType: AuthorizeObjectType, objectId: string) {
    if (!(await repo.existingObjects(objectType, [objectId])).has(objectId)) throw new NotFoundError();
  }

  /**
   * One step of the grant wizard: what may be granted of one item type (as a tree), which of it
   * the holder has (`ids`), and every id of the tree (`all`, for "select all").
   */
  async values(objectId: string, input: AuthorizeValuesInput, session?: Session) {
    const repo = new AuthorizeRepository(this.db);
    await this.requireObject(repo, input.objectType, objectId);
    const granted = new Set(
      (await repo.grantsOf(input.objectType, objectId)).filter((g) => g.itemType === input.type).map((g) => g.itemId),
    );
    const systems = (await this.systems.rows({ enabledMark: 1 })).filter(
      (s) => !input.systemIds || input.systemIds.includes(s.id),
    );
    const systemNodes: ValuesNode[] = systems.map((s) => ({
      id: s.id,
      parentId: '-1',
      fullName: s.fullName,
      enCode: s.enCode,
      icon: s.icon ?? '',
      type: 'system',
      hasChildren: false,
      children: [],
    }));
    let list: ValuesNode[];
    let all: string[];
    if (input.type === 'portal') {
      // Portals by category; they belong to no application, so the earlier steps do not narrow them.
      list = (await this.portals.catalog()).map((category) => ({
        id: category.id,
        parentId: '-1',
        fullName: category.fullName,
        enCode: category.id,
        icon: '',
        type: 'category',
        hasChildren: true,
        children: category.children.map((p) => ({
          id: p.id,
          parentId: category.id,
          fullName: p.fullName,
          enCode: p.enCode,
          icon: '',
          type: 'portal',
          hasChildren: false,
          children: [],
        })),
      }));
      all = list.flatMap((category) => category.children.map((p) => p.id));
    } else if (input.type === 'system') {
      list = systemNodes;
      all = systemNodes.map((s) => s.id);
    } else {
      const systemIds = new Set(systems.map((s) => s.id));
      const menus = (await this.menus.rows(null)).filter((m) => m.enabledMark === 1 && systemIds.has(m.systemId));
      const menuNodes: ValuesNode[] = menus.map((m) => {
        const info = menuInfo(m);
        return {
          id: info.id,
          parentId: info.parentId === '-1' ? info.systemId : info.parentId,
          fullName: info.fullName,
          enCode: info.enCode,
          icon: info.icon,
          type: info.type,
          hasChildren: false,
          children: [],
        };
      });
      if (input.type === 'module') {
        list = nest([...systemNodes, ...menuNodes]).filter((n) => n.type === 'system');
        all = menuNodes.map((n) => n.id);
      } else {
        const wanted = input.moduleIds ? menus.filter((m) => input.moduleIds?.includes(m.id)) : menus;
        const definitions = await this.definitions.ofMenus(
          wanted.map((m) => m.id),
          input.type,
          true,
        );
        const withDefinitions = new Set(definitions.map((d) => d.menuId));
        list = wanted
          .filter((m) => withDefinitions.has(m.id))
          .map((m) => ({
            id: m.id,
            parentId: '-1',
            fullName: m.fullName,
            enCode: m.enCode,
            icon: m.icon ?? '',
            type: m.type,
            hasChildren: true,
            children: definitions
              .filter((d) => d.menuId === m.id)
              .map((d) => ({
                id: d.id,
                parentId: m.id,
                fullName: d.fullName,
                enCode: d.enCode,
                icon: '',
                type: d.kind,
                hasChildren: false,
                children: [],
              })),
          }));
        all = definitions.map((d) => d.id);
      }
    }
    if (session && !session.isAdministrator) {
      // The wizard offers what the caller may give (what it holds) and what the holder already has
      // (kept, since keeping is not giving); the server refuses anything else anyway.
      const held = (await this.permissions.access(session)).items[input.type];
      const offered = new Set(all.filter((id) => held.has(id) || granted.has(id)));
      list = offeredOnly(list, new Set(all), offered);
      all = all.filter((id) => offered.has(id));
    }
    return { list, ids: all.filter((id) => granted.has(id)), all };
  }

  /** The holder's grants, by item type. */
  async data(objectType: AuthorizeObjectType, objectId: string) {
    const repo = new AuthorizeRepository(this.db);
    await this.requireObject(repo, objectType, objectId);
    const grants = await repo.grantsOf(objectType, objectId);
    const byType = (type: AuthorizeItemType) => grants.filter((g) => g.itemType === type).map((g) => g.itemId);
    return {
      systemIds: byType('system'),
      module: byType('module'),
      button: byType('button'),
      column: byType('column'),
      form: byType('form'),
      resource: byType('resource'),
      portal: byType('portal'),
    };
  }

  /**
   * Replaces the holder's grants of each item type the input names (types left out stay as they
   * are). Every id must exist, and a button, column, form or data scope only with its menu.
   */
  async save(objectId: string, input: AuthorizeDataInput, session: Session) {
    await this.requireMayGrant(session, [{ objectType: input.objectType, objectId }], this.itemsOf(input));
    await this.db.transaction().execute(async (trx) => {
      const repo = new AuthorizeRepository(trx);
      await this.requireObject(repo, input.objectType, objectId);
      const types = itemTypes.filter((t) => input[inputKeys[t]] !== undefined);
      const current = (await repo.grantsOf(input.objectType, objectId)).filter((g) => !types.includes(g.itemType));
      const given = await this.checkedItems(trx, input);
      this.checkConsistent(given, [...current, ...given], await this.ownersOf(trx, given));
      const groupId = await repo.ensureGroupOf(input.objectType, objectId, session.userId, newId);
      await repo.replaceGrants(groupId, types, given, session.userId, newId);
    });
    await this.changed();
  }

  /** Adds the same grants to many holders at once (nothing is taken away). */
  async batch(input: AuthorizeBatchInput, session: Session) {
    const lists: [AuthorizeObjectType, string[] | undefined][] = [
      ['Role', input.roleIds],
      ['Position', input.positionIds],
      ['User', input.userIds],
      ['Group', input.groupIds],
      ['PermissionGroup', input.permissionGroupIds],
    ];
    await this.requireMayGrant(
      session,
      lists.flatMap(([objectType, ids = []]) => ids.map((objectId) => ({ objectType, objectId }))),
      this.itemsOf(input),
    );
    await this.db.transaction().execute(async (trx) => {
      const repo = new AuthorizeRepository(trx);
      const holders: { objectType: AuthorizeObjectType; objectId: string }[] = [];
      for (const [objectType, ids = []] of lists) {
        const unique = [...new Set(ids)];
        const found = await repo.existingObjects(objectType, unique);
        if (found.size !== unique.length) throw new BusinessError('authorize.objectMissing');
        for (const objectId of unique) holders.push({ objectType, objectId });
      }
      if (!holders.length) throw new BusinessError('authorize.noObjects');
      const given = await this.checkedItems(trx, input);
      const owners = await this.ownersOf(trx, given);
      const groupIds: string[] = [];
      for (const holder of holders) {
        const current = await repo.grantsOf(holder.objectType, holder.objectId);
        this.checkConsistent(given, [...current, ...given], owners);
        groupIds.push(await repo.ensureGroupOf(holder.objectType, holder.objectId, session.userId, newId));
      }
      await repo.addGrants(
        groupIds.flatMap((groupId) => given.map((g) => ({ ...g, groupId }))),
        session.userId,
        newId,
      );
    });
    await this.changed();
  }

  /** Holders of one type, and which of them hold menu `menuId`. */
  async model(menuId: string, objectType: AuthorizeObjectType) {
    if (!(await this.menus.exists(menuId))) throw new NotFoundError();
    const repo = new AuthorizeRepository(this.db);
    const [list, ids] = await Promise.all([repo.objectsOfType(objectType), repo.holdersOfMenu(menuId, objectType)]);
    return { list, ids };
  }

  /** Sets which holders of one type hold menu `menuId`. */
  async saveModel(menuId: string, objectType: AuthorizeObjectType, input: AuthorizeModelInput, session: Session) {
    await this.requireMayGrant(
      session,
      input.objectIds.map((objectId) => ({ objectType, objectId })),
      [{ itemType: 'module', itemId: menuId }],
    );
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.menus.exists(menuId, trx))) throw new NotFoundError();
      const repo = new AuthorizeRepository(trx);
      const ids = [...new Set(input.objectIds)];
      if ((await repo.existingObjects(objectType, ids)).size !== ids.length) {
        throw new BusinessError('authorize.objectMissing');
      }
      await repo.removeMenuHolders(menuId, objectType);
      const groupIds: string[] = [];
      for (const objectId of ids) groupIds.push(await repo.ensureGroupOf(objectType, objectId, session.userId, newId));
      await repo.addGrants(
        groupIds.map((groupId) => ({ groupId, itemType: 'module' as const, itemId: menuId })),
        session.userId,
        newId,
      );
    });
    await this.changed();
  }

  /**
   * The permission groups that grant a menu (`GET /api/system/Menu/getPermissionGroup/{id}`): a
   * holder's own group answers as the holder, the others as themselves.
   */
  async menuHolders(menuId: string) {
    if (!(await this.menus.exists(menuId))) throw new NotFoundError();
    const repo = new AuthorizeRepository(this.db);
    const groups = await repo.holdersOf(menuId);
    const holders = groups.map((g) =>
      g.ownerObjectType && g.ownerObjectId
        ? { objectType: g.ownerObjectType, objectId: g.ownerObjectId }
        : { objectType: 'PermissionGroup' as const, objectId: g.id },
    );
    const names = await repo.holderNames(holders);
    return {
      list: holders.map((h) => ({
        id: h.objectId,
        objectType: h.objectType,
        fullName: names.get(`${h.objectType}:${h.objectId}`) ?? '',
      })),
    };
  }

  /** What one holder (or permission group) that grants a menu has of its buttons, columns, forms and data scopes. */
  async menuHolderGrants(menuId: string, objectId: string) {
    if (!(await this.menus.exists(menuId))) throw new NotFoundError();
    const repo = new AuthorizeRepository(this.db);
    const group = (await repo.holdersOf(menuId)).find((g) => g.id === objectId || g.ownerObjectId === objectId);
    if (!group) throw new NotFoundError();
    const rows = await repo.grantsOfGroupOn(menuId, group.id);
    const of = (kind: string) =>
      rows.filter((r) => r.kind === kind).map((r) => ({ id: r.id, fullName: r.fullName, enCode: r.enCode }));
    return { button: of('button'), column: of('column'), form: of('form'), resource: of('resource') };
  }

  /** The caller's column display settings of a page it may open; an empty list when none are saved. */
  async columns(session: Session, moduleId: string) {
    await this.requireMenuAccess(session, moduleId);
    const row = await new AuthorizeRepository(this.db).columnSetting(session.userId, moduleId);
    return { list: row ? (JSON.parse(row.fieldList) as ColumnSettings['list']) : [] };
  }

  async saveColumns(session: Session, input: ColumnSettingInput) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input.fieldList);
    } catch {
      throw new BusinessError('authorize.fieldListInvalid');
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.length <= 500 &&
      parsed.every((f) => f && typeof f === 'object' && typeof (f as { prop?: unknown }).prop === 'string');
    if (!valid) throw new BusinessError('authorize.fieldListInvalid');
    await this.requireMenuAccess(session, input.moduleId);
    await new AuthorizeRepository(this.db).saveColumnSetting(session.userId, input.moduleId, JSON.stringify(parsed));
  }

  private async requireMenuAccess(session: Session, moduleId: string) {
    if (!(await this.menus.exists(moduleId))) throw new NotFoundError();
    if (session.isAdministrator) return;
    const access = await this.permissions.access(session);
    if (!access.items.module.has(moduleId)) throw new ForbiddenError();
  }

  private itemsOf(input: AuthorizeDataInput | AuthorizeBatchInput): GrantItem[] {
    return itemTypes.flatMap((itemType) => (input[inputKeys[itemType]] ?? []).map((itemId) => ({ itemType, itemId })));
  }

  /**
   * The rule of power (DelegationGuard): nobody but a super administrator grants what it does not
   * hold itself, or to accounts it does not manage. Only what is new is given: a holder keeps what
   * it has without the caller holding it.
   */
  private async requireMayGrant(
    session: Session,
    holders: { objectType: AuthorizeObjectType; objectId: string }[],
    items: GrantItem[],
  ) {
    if (session.isAdministrator) return;
    const repo = new AuthorizeRepository(this.db);
    const held =
      holders.length === 1 && holders[0] ? await repo.grantsOf(holders[0].objectType, holders[0].objectId) : [];
    const given = items.filter((i) => !held.some((h) => h.itemType === i.itemType && h.itemId === i.itemId));
    await this.delegation.requireMayGive(session, menu, { holders }, { items: given });
  }

  /** The input's items, each checked to exist. */
  private async checkedItems(trx: Trx, input: AuthorizeDataInput | AuthorizeBatchInput): Promise<GrantItem[]> {
    const repo = new AuthorizeRepository(trx);
    const items: GrantItem[] = [];
    for (const itemType of itemTypes) {
      const ids = [...new Set(input[inputKeys[itemType]] ?? [])];
      const found = await repo.items(itemType, ids);
      if (found.length !== ids.length) throw new BusinessError('authorize.itemMissing');
      for (const itemId of ids) items.push({ itemType, itemId });
    }
    return items;
  }

  private async ownersOf(trx: Trx, items: GrantItem[]) {
    const repo = new AuthorizeRepository(trx);
    const owners = new Map<string, string>();
    for (const type of definitionTypes) {
      const ids = items.filter((i) => i.itemType === type).map((i) => i.itemId);
      for (const owner of await repo.items(type, ids)) owners.set(owner.id, owner.menuId ?? '');
    }
    return owners;
  }

  /** A button, column, form or data scope is granted only together with its menu. */
  private checkConsistent(given: GrantItem[], result: GrantItem[], owners: Map<string, string>) {
    const menus = new Set(result.filter((i) => i.itemType === 'module').map((i) => i.itemId));
    for (const item of given) {
      if (item.itemType === 'system' || item.itemType === 'module' || item.itemType === 'portal') continue;
      const menuId = owners.get(item.itemId);
      if (menuId === undefined || !menus.has(menuId)) throw new BusinessError('authorize.menuRequired');
    }
  }
}

/** The tree cut down to the offered items, with the nodes that lead to them; `items` tells items from their ancestors. */
function offeredOnly(nodes: ValuesNode[], items: ReadonlySet<string>, offered: ReadonlySet<string>): ValuesNode[] {
  return nodes.flatMap((node) => {
    const children = offeredOnly(node.children ?? [], items, offered);
    const keep = items.has(node.id) ? offered.has(node.id) || children.length > 0 : children.length > 0;
    return keep ? [{ ...node, children, hasChildren: children.length > 0 }] : [];
  });
}
