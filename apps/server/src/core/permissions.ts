import type { FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { Db } from '../db/database.ts';
import type { AuthorizeItemType, AuthorizeObjectType, DataScopeType } from '../db/schema.ts';
import type { App } from './app-types.ts';
import { DelegationGuard } from './delegation.ts';
import { BusinessError, ForbiddenError } from './errors.ts';
import type { EventBus } from './event-bus.ts';
import { GrantRepository, type GrantRow } from './permissions.repository.ts';
import {
  administeredAllows,
  administeredScope,
  isAdministeredMenu,
  routeGranted,
  scopeOfKinds,
} from './scope-rules.ts';
import type { Session } from './session.ts';

export { mayUseButton, mergeScopes } from './scope-rules.ts';

/** What a route needs: a menu (read routes) or a button on a menu (actions). */
export interface RequiredPermission {
  menuCode: string;
  /**
   * Other menus whose grant passes too, for one area opened from two pages (generated forms are
   * designed under 功能设计 and, as flow forms, under 表单设计).
   */
  orMenuCodes?: readonly string[];
  buttonCode: string | null;
}

/** The menu a route is granted through, or several pages of one area (the first names it in logs and docs). */
export type MenuCodes = string | readonly [string, ...string[]];

function requirementOf(menus: MenuCodes, buttonCode: string | null): RequiredPermission {
  if (typeof menus === 'string') return { menuCode: menus, buttonCode };
  const [menuCode, ...orMenuCodes] = menus;
  return { menuCode, orMenuCodes, buttonCode };
}

/** A registered route and the permission it checks (null: none); the enforcement test reads these. */
export interface RoutePermission {
  method: string;
  url: string;
  public: boolean;
  permission: RequiredPermission | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    permissions: PermissionService;
    /** Every route registered after `installPermissions`, with the permission it checks. */
    routePermissions: RoutePermission[];
  }
}

const requirement = Symbol('requiredPermission');
type CheckHandler = preHandlerAsyncHookHandler & { [requirement]?: RequiredPermission };

function checker(required: RequiredPermission): preHandlerAsyncHookHandler {
  const handler: CheckHandler = async function checkPermission(this: unknown, request: FastifyRequest) {
    const session = request.session;
    if (!session) throw new ForbiddenError();
    if (session.isAdministrator) return;
    const access = await request.server.permissions.access(session);
    if (routeGranted(access, required)) return;
    request.log.debug({ required, userId: session.userId }, 'permission refused');
    throw new ForbiddenError();
  } as CheckHandler;
  handler[requirement] = required;
  return handler;
}

/**
 * The permission an action route needs, named by the menu's enCode and the button code the
 * browser uses to show the same action (btn_add, btn_edit, btn_remove, ...). Passes for
 * administrators, and for users granted both the menu and that button on it (directly or through
 * a role, position or group); on a menu with button authorisation switched off, the menu alone.
 */
export function permit(menus: MenuCodes, buttonCode: string): preHandlerAsyncHookHandler {
  return checker(requirementOf(menus, buttonCode));
}

/** The permission a read route needs: the menu itself granted (its page may be opened). */
export function permitMenu(menus: MenuCodes): preHandlerAsyncHookHandler {
  return checker(requirementOf(menus, null));
}

/** The permission a hook checks, when it is one of `permit` / `permitMenu`. */
export function requiredPermissionOf(hook: unknown): RequiredPermission | null {
  return typeof hook === 'function' ? ((hook as CheckHandler)[requirement] ?? null) : null;
}

/**
 * Decorates `app.permissions` and watches every route as it is registered: permission checks
 * declared as `preHandler` run before body validation instead (a user without the permission
 * learns nothing about the route's input), the requirement is written into the OpenAPI
 * description, and the route is listed in `app.routePermissions`.
 */
export function installPermissions(app: App) {
  app.decorate('permissions', new PermissionService(app.db, app.bus));
  app.decorate('delegation', new DelegationGuard(app.db, app.permissions));
  app.decorate('routePermissions', [] as RoutePermission[]);
  app.addHook('onRoute', (route: RouteOptions) => {
    const pre = route.preHandler === undefined ? [] : [route.preHandler].flat();
    const checks = pre.filter((hook) => requiredPermissionOf(hook));
    const permission = checks.length ? requiredPermissionOf(checks[0]) : null;
    if (checks.length) {
      route.preHandler = pre.filter((hook) => !requiredPermissionOf(hook));
      const preValidation = route.preValidation === undefined ? [] : [route.preValidation].flat();
      route.preValidation = [...checks, ...preValidation] as RouteOptions['preValidation'];
      if (route.schema && permission) {
        const menus = [permission.menuCode, ...(permission.orMenuCodes ?? [])].join(' or ');
        const needs = permission.buttonCode
          ? `Permission: ${menus} / ${permission.buttonCode}`
          : `Permission: menu ${menus}`;
        const description = route.schema.description ? `${route.schema.description}\n\n${needs}` : needs;
        route.schema = { ...route.schema, description };
      }
    }
    const methods = [route.method].flat();
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routePermissions.push({ method, url: route.url, public: Boolean(route.config?.public), permission });
    }
  });
}

/** Column and form-field codes a user may see on one menu; null means every one. */
export interface FieldRights {
  columns: Set<string> | null;
  forms: Set<string> | null;
}

/** Which rows of a list a user may see (admin.md: data permissions). */
export type DataScope =
  | { all: true }
  | {
      all: false;
      userId: string;
      /** Rows of these organisations (scope "organize"). */
      organizeIds: string[];
      /** Rows of these organisations and every organisation below them (scope "organizeAndSub"). */
      subtreeOrganizeIds: string[];
      /** Rows the user owns (scope "self"). */
      self: boolean;
    };

/** What a tiered administrator may do with people and structure: add, edit, delete, see. */
export type AdminAction = 'add' | 'edit' | 'delete' | 'select';

/** One organisation a tiered administrator administers: its rights on it and on the ones below it. */
export interface Administered {
  organizeId: string;
  thisLayer: Set<AdminAction>;
  subLayer: Set<AdminAction>;
}

/** A user's grants, resolved once and cached (see PermissionService). */
export interface Access {
  userId: string;
  /** The enabled permission groups the user reaches, sorted (the key of its grant set). */
  groupIds: string[];
  /**
   * Ids granted by item type: the union over the user's permission groups (`groupIds`). An
   * organisation role (global_mark 0) leads to its groups only while the user's current
   * organisation (app_user.organize_id) is one of the role's organisations; global roles always do.
   */
  items: Record<AuthorizeItemType, Set<string>>;
  /** enCodes of granted, enabled menus. */
  menus: Set<string>;
  /** `menuCode:buttonCode` of granted, enabled buttons on granted, enabled menus. */
  buttons: Set<string>;
  /** Granted menus with button authorisation off: every button of theirs passes (`mayUseButton`). */
  buttonsUnchecked: Set<string>;
  /** Granted data scopes per menu enCode, for menus that have data authorisation switched on. */
  scopes: Map<string, DataScopeType[]>;
  /** Granted menus with data authorisation off: their lists are not filtered. */
  unscopedMenus: Set<string>;
  /** Granted column codes (a list's field names) per menu enCode, for menus with column authorisation on. */
  columns: Map<string, Set<string>>;
  /** Granted form field codes per menu enCode, for menus with form authorisation on. */
  forms: Map<string, Set<string>>;
  /** The user's organisations: its own and those of its Organize relations. */
  organizeIds: string[];
  /**
   * The user's organisations, positions, roles and groups (user_relation), in their order, with
   * names; only the roles that count (an organisation role outside the current organisation does not).
   */
  relations: { objectType: AuthorizeObjectType | 'Organize'; objectId: string; fullName: string | null }[];
  /** Systems that own a granted menu. */
  menuSystemIds: Set<string>;
  /** Where the user is a tiered administrator (分级管理) and what it may do there; empty for everyone else. */
  administers: Administered[];
  /** Views computed from this grant set (CurrentUser's menus per system), shared by its users; dropped with it. */
  memo: Map<string, unknown>;
}

/** What a set of permission groups grants: shared by every user who reaches exactly those groups. */
export type GrantSet = Pick<
  Access,
  | 'items'
  | 'menus'
  | 'buttons'
  | 'buttonsUnchecked'
  | 'scopes'
  | 'unscopedMenus'
  | 'columns'
  | 'forms'
  | 'menuSystemIds'
  | 'memo'
>;

interface Cached<T> {
  value: T;
  at: number;
}

/** A cached grant set is re-read after this long even without an `authorize.changed` event. */
const cacheTtlMs = 30_000;
const cacheLimit = 50_000;
const itemTypes: AuthorizeItemType[] = ['system', 'module', 'button', 'column', 'form', 'resource', 'portal'];

/** What grant rows amount to: the menus, buttons and data scopes they open (disabled ones left out). */
export function grantSetOf(grantRows: GrantRow[]): GrantSet {
  const items = Object.fromEntries(itemTypes.map((type) => [type, new Set<string>()])) as Access['items'];
  const menus = new Set<string>();
  const unscopedMenus = new Set<string>();
  const buttonsUnchecked = new Set<string>();
  const menuSystemIds = new Set<string>();
  for (const row of grantRows) {
    items[row.itemType].add(row.itemId);
    if (row.itemType === 'module' && row.menuCode && row.menuEnabled === 1) {
      menus.add(row.menuCode);
      if (row.menuSystemId) menuSystemIds.add(row.menuSystemId);
      if (!row.buttonAuthorize) buttonsUnchecked.add(row.menuCode);
      if (!row.dataAuthorize) unscopedMenus.add(row.menuCode);
    }
  }
  const buttons = new Set<string>();
  const scopes = new Map<string, DataScopeType[]>();
  // A menu with column or form authorisation on shows only the granted codes (none granted: none shown).
  const columns = new Map<string, Set<string>>();
  const forms = new Map<string, Set<string>>();
  for (const row of grantRows) {
    if (row.itemType !== 'module' || !row.menuCode || !menus.has(row.menuCode)) continue;
    if (row.columnAuthorize) columns.set(row.menuCode, columns.get(row.menuCode) ?? new Set());
    if (row.formAuthorize) forms.set(row.menuCode, forms.get(row.menuCode) ?? new Set());
  }
  for (const row of grantRows) {
    if (!row.menuCode || !menus.has(row.menuCode) || row.itemEnabled !== 1 || !row.code) continue;
    if (row.itemType === 'button') buttons.add(`${row.menuCode}:${row.code}`);
    if (row.itemType === 'column') columns.get(row.menuCode)?.add(row.code);
    if (row.itemType === 'form') forms.get(row.menuCode)?.add(row.code);
    if (row.itemType === 'resource' && row.scopeType) {
      scopes.set(row.menuCode, [...(scopes.get(row.menuCode) ?? []), row.scopeType]);
    }
  }
  return {
    items,
    menus,
    buttons,
    buttonsUnchecked,
    scopes,
    unscopedMenus,
    columns,
    forms,
    menuSystemIds,
    memo: new Map(),
  };
}

/**
 * A cache of values loaded once per key however many callers ask at once, each kept for
 * `cacheTtlMs`. `clear` (an `authorize.changed`) also forgets loads under way, so a load that
 * read the old state is not stored.
 */
class LoadingCache<T> {
  private readonly entries = new Map<string, Cached<T>>();
  private readonly loading = new Map<string, Promise<T>>();
  private generation = 0;

  get(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached && Date.now() - cached.at < cacheTtlMs) return Promise.resolve(cached.value);
    let pending = this.loading.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = load().then(
        (value) => {
          if (generation === this.generation) {
            this.entries.set(key, { value, at: Date.now() });
            if (this.entries.size > cacheLimit) this.entries.delete(this.entries.keys().next().value as string);
            this.loading.delete(key);
          }
          return value;
        },
        (error) => {
          if (generation === this.generation) this.loading.delete(key);
          throw error;
        },
      );
      this.loading.set(key, pending);
    }
    return pending;
  }

  delete(keys: string[]) {
    this.generation++;
    for (const key of keys) this.entries.delete(key);
    this.loading.clear();
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}

/**
 * Resolves what a user may do: the enabled permission groups it reaches (through itself, its
 * roles, positions, user groups and organisations), and the union of their grants. The grants are
 * cached per grant set, the sorted list of groups, and shared by every user who reaches the same
 * groups (with the views computed from them, `memo`); each user's groups and relations are cached
 * per user. Whoever changes grants, groups, members, relations, menus or their permission
 * definitions publishes `{type: 'authorize.changed'}` on the bus: with `userIds` when only those
 * users' memberships changed (their entries are dropped), with `scope: 'members'` when only who
 * belongs to which group changed (every user's entry is dropped, grant sets stay), with neither
 * when grants may have changed (everything is dropped); on every instance.
 */
export class PermissionService {
  private readonly users = new LoadingCache<Access>();
  private readonly grantSets = new LoadingCache<GrantSet>();

  constructor(
    private readonly db: Db,
    bus: EventBus,
  ) {
    bus.subscribe((event) => {
      if (event.type !== 'authorize.changed') return;
      const userIds = event.userIds as string[] | undefined;
      if (userIds) this.users.delete(userIds);
      else if (event.scope === 'members') this.users.clear();
      else {
        this.users.clear();
        this.grantSets.clear();
      }
    });
  }

  async access(session: Pick<Session, 'userId'>): Promise<Access> {
    return this.users.get(session.userId, () => this.load(session.userId));
  }

  /** What a set of permission groups grants (cached per set; `groupIds` sorted). */
  grantSet(groupIds: string[]): Promise<GrantSet> {
    const key = groupIds.join(',');
    return this.grantSets.get(key, async () => grantSetOf(await new GrantRepository(this.db).grants(groupIds)));
  }

  /**
   * The list columns and form fields of menu `menuCode` the caller may see, by code (a generated
   * form's field name); null: all of them (administrators, or the menu's switch off).
   */
  async fieldRights(session: Session, menuCode: string): Promise<FieldRights> {
    if (session.isAdministrator) return { columns: null, forms: null };
    const access = await this.access(session);
    return { columns: access.columns.get(menuCode) ?? null, forms: access.forms.get(menuCode) ?? null };
  }

  /** Which rows of the list behind menu `menuCode` the caller may see. */
  async dataScope(session: Session, menuCode: string): Promise<DataScope> {
    if (session.isAdministrator) return { all: true };
    const access = await this.access(session);
    if (isAdministeredMenu(menuCode) && access.administers.length) {
      return administeredScope(session.userId, access.administers);
    }
    if (access.unscopedMenus.has(menuCode)) return { all: true };
    return scopeOfKinds(session.userId, access.scopes.get(menuCode) ?? [], access.organizeIds);
  }

  /**
   * Refuses (400, saying why) a tiered administrator acting on people or structure of organisations
   * outside what it administers for `action`: the organisation itself needs the this-layer right,
   * one below it the sub-layer right. Administrators and users who are no tiered administrators
   * pass (their grants decide).
   */
  async requireAdministered(session: Session, organizeIds: string[], action: AdminAction) {
    if (session.isAdministrator) return;
    const access = await this.access(session);
    if (!access.administers.length) return;
    // Someone outside every organisation is outside what a tiered administrator administers.
    if (!organizeIds.length) throw new BusinessError('organizeAdministrator.outside');
    const paths = await new GrantRepository(this.db).organizePaths([...new Set(organizeIds)]);
    for (const organizeId of new Set(organizeIds)) {
      const allowed = administeredAllows(access.administers, organizeId, paths.get(organizeId) ?? [], action);
      if (!allowed) throw new BusinessError('organizeAdministrator.outside');
    }
  }

  private async load(userId: string): Promise<Access> {
    const repository = new GrantRepository(this.db);
    const [groupIds, relationRows, administered] = await Promise.all([
      repository.groupIds(userId),
      repository.relations(userId),
      repository.administered(userId),
    ]);
    const grants = await this.grantSet(groupIds);
    const organizeIds = [...new Set(relationRows.filter((r) => r.objectType === 'Organize').map((r) => r.objectId))];
    const actions = (row: (typeof administered)[number], layer: 'thisLayer' | 'subLayer') =>
      new Set(
        (['add', 'edit', 'delete', 'select'] as const).filter(
          (action) => row[`${layer}${action[0]?.toUpperCase()}${action.slice(1)}` as keyof typeof row] === 1,
        ),
      );
    const administers = administered.map((row) => ({
      organizeId: row.organizeId,
      thisLayer: actions(row, 'thisLayer'),
      subLayer: actions(row, 'subLayer'),
    }));
    return { userId, groupIds, ...grants, organizeIds, relations: relationRows, administers };
  }
}
