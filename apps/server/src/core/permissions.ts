import type { FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { Db } from '../db/database.ts';
import type { AuthorizeItemType, AuthorizeObjectType, DataScopeType } from '../db/schema.ts';
import type { App } from './app-types.ts';
import { ForbiddenError } from './errors.ts';
import type { EventBus } from './event-bus.ts';
import { GrantRepository } from './permissions.repository.ts';
import type { Session } from './session.ts';

/** What a route needs: a menu (read routes) or a button on a menu (actions). */
export interface RequiredPermission {
  menuCode: string;
  buttonCode: string | null;
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
    const granted = required.buttonCode
      ? mayUseButton(access, required.menuCode, required.buttonCode)
      : access.menus.has(required.menuCode);
    if (granted) return;
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
export function permit(menuCode: string, buttonCode: string): preHandlerAsyncHookHandler {
  return checker({ menuCode, buttonCode });
}

/** The permission a read route needs: the menu itself granted (its page may be opened). */
export function permitMenu(menuCode: string): preHandlerAsyncHookHandler {
  return checker({ menuCode, buttonCode: null });
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
        const needs = permission.buttonCode
          ? `Permission: ${permission.menuCode} / ${permission.buttonCode}`
          : `Permission: menu ${permission.menuCode}`;
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

/**
 * Whether a user may use button `buttonCode` of menu `menuCode`: the menu granted and enabled, and
 * either the button granted (and enabled) or the menu's button authorisation switched off, when
 * its buttons are not subject to authorisation and come with the menu.
 */
export function mayUseButton(access: Access, menuCode: string, buttonCode: string): boolean {
  return access.buttons.has(`${menuCode}:${buttonCode}`) || access.buttonsUnchecked.has(menuCode);
}

/** A user's grants, resolved once and cached (see PermissionService). */
export interface Access {
  userId: string;
  /**
   * Ids granted by item type, through the user and its enabled roles, positions and groups. An
   * organisation role (global_mark 0) counts only while the user's current organisation
   * (app_user.organize_id) is one of the role's organisations; global roles always count.
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
  /** The user's organisations: its own and those of its Organize relations. */
  organizeIds: string[];
  /**
   * The user's organisations, positions, roles and groups (user_relation), in their order, with
   * names; only the roles that count (an organisation role outside the current organisation does not).
   */
  relations: { objectType: AuthorizeObjectType | 'Organize'; objectId: string; fullName: string | null }[];
  /** Systems that own a granted menu. */
  menuSystemIds: Set<string>;
  /** Views computed from this grant set (CurrentUser's menus per system); dropped with it. */
  memo: Map<string, unknown>;
}

interface CachedAccess {
  access: Access;
  at: number;
}

/** A cached grant set is re-read after this long even without an `authorize.changed` event. */
const cacheTtlMs = 30_000;
const itemTypes: AuthorizeItemType[] = ['system', 'module', 'button', 'column', 'form', 'resource'];

/**
 * Resolves what a user may do from the `authorize` table, in two queries, cached per user on each
 * instance. Whoever changes grants, relations, menus or their permission definitions publishes
 * `{type: 'authorize.changed'}` on the bus (optionally with `userIds`), and every instance drops
 * the cached copies.
 */
export class PermissionService {
  private readonly cache = new Map<string, CachedAccess>();
  private readonly loading = new Map<string, Promise<Access>>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    bus: EventBus,
  ) {
    bus.subscribe((event) => {
      if (event.type !== 'authorize.changed') return;
      const userIds = event.userIds as string[] | undefined;
      this.generation++;
      if (userIds) for (const id of userIds) this.cache.delete(id);
      else this.cache.clear();
      this.loading.clear();
    });
  }

  async access(session: Pick<Session, 'userId'>): Promise<Access> {
    const cached = this.cache.get(session.userId);
    if (cached && Date.now() - cached.at < cacheTtlMs) return cached.access;
    let pending = this.loading.get(session.userId);
    if (!pending) {
      const generation = this.generation;
      pending = this.load(session.userId).then(
        (access) => {
          if (generation === this.generation) {
            this.cache.set(session.userId, { access, at: Date.now() });
            if (this.cache.size > 50_000) this.cache.delete(this.cache.keys().next().value as string);
          }
          this.loading.delete(session.userId);
          return access;
        },
        (error) => {
          this.loading.delete(session.userId);
          throw error;
        },
      );
      this.loading.set(session.userId, pending);
    }
    return pending;
  }

  /** Which rows of the list behind menu `menuCode` the caller may see. */
  async dataScope(session: Session, menuCode: string): Promise<DataScope> {
    if (session.isAdministrator) return { all: true };
    const access = await this.access(session);
    if (access.unscopedMenus.has(menuCode)) return { all: true };
    const kinds = access.scopes.get(menuCode) ?? [];
    if (kinds.includes('all')) return { all: true };
    return {
      all: false,
      userId: session.userId,
      organizeIds: kinds.includes('organize') ? access.organizeIds : [],
      subtreeOrganizeIds: kinds.includes('organizeAndSub') ? access.organizeIds : [],
      self: kinds.includes('self'),
    };
  }

  private async load(userId: string): Promise<Access> {
    const grants = new GrantRepository(this.db);
    const [grantRows, relationRows] = await Promise.all([grants.grants(userId), grants.relations(userId)]);
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
    for (const row of grantRows) {
      if (!row.menuCode || !menus.has(row.menuCode) || row.itemEnabled !== 1 || !row.code) continue;
      if (row.itemType === 'button') buttons.add(`${row.menuCode}:${row.code}`);
      if (row.itemType === 'resource' && row.scopeType) {
        scopes.set(row.menuCode, [...(scopes.get(row.menuCode) ?? []), row.scopeType]);
      }
    }
    const organizeIds = [...new Set(relationRows.filter((r) => r.objectType === 'Organize').map((r) => r.objectId))];
    return {
      userId,
      items,
      menus,
      buttons,
      buttonsUnchecked,
      scopes,
      unscopedMenus,
      organizeIds,
      relations: relationRows,
      menuSystemIds,
      memo: new Map(),
    };
  }
}
