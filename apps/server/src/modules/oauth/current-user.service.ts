import type {
  CurrentUserInfo,
  HeldPermissionNode,
  HeldPermissions,
  ModulePermission,
  SysConfigInfo,
} from '@platform/shared';
import type { EventBus } from '../../core/event-bus.ts';
import type { Translate } from '../../core/i18n.ts';
import { toMillis } from '../../core/paging.ts';
import type { Access, PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { MenuRow, ModulePermissionRow, PermissionKind } from '../../db/schema.ts';
import type { MenuService } from '../menu/menu.service.ts';
import { type MenuNode, menuTree } from '../menu/menu-tree.ts';
import type { ModulePermissionService } from '../menu/module-permission.service.ts';
import { homePortalOf } from '../portal/portal.service.ts';
import { openablePortals } from '../portal/portal-access.ts';
import type { SysConfigService } from '../sysConfig/sys-config.service.ts';
import type { SystemService } from '../system/system.service.ts';
import type { UserAccountService } from '../user/user-account.service.ts';
import { passwordExpiry, passwordNotice } from './password-expiry.ts';

/**
 * Buttons administrators hold on every page besides those the page defines; so does anyone granted
 * a page whose button authorisation is off (the server lets them use any button of it).
 */
const administratorButtons = ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_import', 'btn_export'];

/**
 * Whether a menu's definitions of one kind are subject to authorisation (its switches). A switch
 * off: whoever is granted the menu holds every definition of that kind, granted or not.
 */
function authorizes(menu: MenuRow, kind: PermissionKind): boolean {
  if (kind === 'button') return menu.isButtonAuthorize;
  if (kind === 'column') return menu.isColumnAuthorize;
  if (kind === 'form') return menu.isFormAuthorize;
  return menu.isDataAuthorize;
}

export type { ModulePermission };

/** The services whose records the current user's answer gathers. */
export interface CurrentUserParts {
  users: UserAccountService;
  systems: SystemService;
  menus: MenuService;
  definitions: ModulePermissionService;
}

/**
 * `GET /api/oauth/CurrentUser`: who the user is, what they may open, and the system record.
 * Menus and permissions come from the user's grants (its own and those of its roles, positions
 * and groups), read through the cached grant set: a warm call costs the user, systems, menus and
 * permission definitions queries; administrators see every enabled menu and definition.
 */
export class CurrentUserService {
  private systems: Promise<SystemRow[]> | null = null;
  private readonly users: UserAccountService;
  private readonly systemService: SystemService;
  private readonly menus: MenuService;
  private readonly definitions: ModulePermissionService;

  constructor(
    private readonly db: Db,
    private readonly sysConfig: SysConfigService,
    private readonly permissions: PermissionService,
    bus: EventBus,
    parts: CurrentUserParts,
  ) {
    this.users = parts.users;
    this.systemService = parts.systems;
    this.menus = parts.menus;
    this.definitions = parts.definitions;
    // System changes publish authorize.changed too (they change what users may switch to).
    bus.subscribe((event) => {
      if (event.type === 'authorize.changed') this.systems = null;
    });
  }

  private enabledSystems(): Promise<SystemRow[]> {
    if (!this.systems) {
      this.systems = this.systemService.enabled();
      this.systems.catch(() => {
        this.systems = null;
      });
    }
    return this.systems;
  }

  /**
   * The answer as JSON text. The menu tree and permission list are the bulk of it (hundreds of KB
   * for a user with hundreds of menus) and change only with grants, so their text is kept with
   * the cached grant set and spliced in instead of being serialised on every call.
   */
  async json(session: Session, systemCode: string | undefined, t: Translate): Promise<string> {
    const { view, userInfo, sysConfigInfo } = await this.parts(session, systemCode, t);
    return `{"code":200,"msg":"Success","data":{${view.json},"userInfo":${JSON.stringify(userInfo)},"sysConfigInfo":${JSON.stringify(sysConfigInfo)}}}`;
  }

  /**
   * `GET /api/permission/Users/Current/Authorize` (the profile's 系统权限 tab): what the caller holds
   * in the current system, one tree per tab: menus, then each page with its buttons, columns, forms
   * and data rules; the portals it may open.
   */
  async authorizeTrees(session: Session): Promise<HeldPermissions> {
    const { view } = await this.parts(session, undefined);
    const portals = await openablePortals(this.db, session, await this.permissions.access(session));
    const fromMenu = (node: MenuNode): HeldPermissionNode => ({
      id: node.id,
      fullName: node.fullName,
      icon: node.icon,
      children: node.children.map(fromMenu),
    });
    const byPage = (kind: PermissionKind) =>
      view.permissionList
        .filter((p) => p[kind].length > 0)
        .map((p) => ({
          id: p.modelId,
          fullName: p.moduleName,
          icon: '',
          children: p[kind].map((e) => ({ id: e.id, fullName: e.fullName, icon: '', children: [] })),
        }));
    return {
      module: view.menuList.map(fromMenu),
      button: byPage('button'),
      column: byPage('column'),
      form: byPage('form'),
      resource: byPage('resource'),
      portal: portals.map((p) => ({ id: p.id, fullName: p.fullName, icon: '', children: [] })),
    };
  }

  private async parts(
    session: Session,
    systemCode: string | undefined,
    t?: Translate,
  ): Promise<{ view: MenuView; userInfo: CurrentUserInfo; sysConfigInfo: SysConfigInfo }> {
    const [user, settings, allSystems, access] = await Promise.all([
      this.users.byId(session.userId),
      this.sysConfig.get(),
      this.enabledSystems(),
      this.permissions.access(session),
    ]);
    if (!user) throw new Error(`session ${session.sessionId} names a missing user`);
    const admin = user.isAdministrator;
    // A user works in the systems granted to it and in those that own a granted menu.
    const systems = admin
      ? allSystems
      : allSystems.filter((s) => access.items.system.has(s.id) || access.menuSystemIds.has(s.id));
    const current =
      systems.find((s) => s.enCode === systemCode) ??
      systems.find((s) => s.id === user.systemId) ??
      systems.find((s) => s.isMain) ??
      systems[0];
    const view = current ? await this.view(access, current.id, admin) : emptyView;
    const relationsOf = (type: string) => access.relations.filter((r) => r.objectType === type);
    const positions = relationsOf('Position');
    const roles = relationsOf('Role');
    const organizeName = await this.users.organizeName(user.organizeId);
    const expiry = passwordExpiry(settings, user);
    return {
      view,
      userInfo: {
        userId: user.id,
        userAccount: user.account,
        userName: user.realName,
        headIcon: user.headIcon ?? '',
        signImg: '',
        gender: user.gender ?? '',
        mobilePhone: user.mobilePhone ?? '',
        email: user.email ?? '',
        isAdministrator: user.isAdministrator,
        portalId: await homePortalOf(this.db, user, access),
        theme: user.theme || 'classic',
        language: user.language ?? '',
        organizeId: user.organizeId ?? '',
        organizeName,
        organizeIdList: access.organizeIds,
        positionId: positions[0]?.objectId ?? '',
        positionName: positions[0]?.fullName ?? '',
        positionIds: positions.map((p) => ({ id: p.objectId })),
        roleName: roles.map((r) => r.fullName ?? '').join(','),
        roleIds: roles.map((r) => r.objectId),
        groupIds: relationsOf('Group').map((g) => g.objectId),
        systemId: current?.id ?? '',
        systemIds: systems.map((s) => ({
          id: s.id,
          name: s.fullName,
          icon: s.icon ?? '',
          currentSystem: s.id === current?.id,
        })),
        changePasswordDate: toMillis(user.changePasswordDate),
        prevLogin: settings.lastLoginTimeSwitch === 1 ? 1 : 0,
        prevLoginTime: toMillis(user.prevLoginTime),
        prevLoginIPAddress: user.prevLoginIp ?? '',
        prevLoginIPAddressName: user.prevLoginIpName ?? '',
        passwordExpireTime: expiry ? expiry.expiresAt.getTime() : null,
        passwordExpired: expiry?.expired ?? false,
        passwordNotice: t ? passwordNotice(t, expiry) : '',
      },
      sysConfigInfo: {
        sysName: settings.sysName,
        sysVersion: settings.sysVersion,
        title: settings.title,
        copyright: settings.copyright,
        companyName: settings.companyName,
        logoIcon: settings.logoIcon,
        workLogoIcon: settings.workLogoIcon,
        navigationIcon: settings.navigationIcon,
        loginIcon: settings.loginIcon,
        appIcon: settings.appIcon,
        // Administrators create users with it; nobody else needs to know it.
        newUserDefaultPassword: user.isAdministrator ? settings.newUserDefaultPassword : '',
      },
    };
  }

  /**
   * The menu tree and permission list of one system for this grant set, kept with the cached
   * grants (dropped with them on `authorize.changed`, which every menu change publishes too).
   */
  private async view(access: Access, systemId: string, admin: boolean): Promise<MenuView> {
    const key = `view:${systemId}:${admin}`;
    const cached = access.memo.get(key) as Promise<MenuView> | undefined;
    if (cached) return cached;
    const pending = this.computeView(access, systemId, admin);
    access.memo.set(key, pending);
    pending.catch(() => access.memo.delete(key));
    return pending;
  }

  private async computeView(access: Access, systemId: string, admin: boolean): Promise<MenuView> {
    const [all, allDefinitions] = await Promise.all([
      this.menus.enabledRows(systemId),
      this.definitions.enabledOfSystem(systemId),
    ]);
    let rows = all;
    let definitions = allDefinitions;
    const byId = new Map(all.map((m) => [m.id, m]));
    if (!admin) {
      // A granted page shows under its directories even when they were not granted themselves.
      const ids = new Set(all.filter((m) => access.items.module.has(m.id)).map((m) => m.id));
      for (const id of [...ids]) {
        const row = byId.get(id);
        for (
          let parent = row && byId.get(row.parentId);
          parent && !ids.has(parent.id);
          parent = byId.get(parent.parentId)
        ) {
          ids.add(parent.id);
        }
      }
      rows = all.filter((m) => ids.has(m.id));
      definitions = allDefinitions.filter((d) => {
        const menu = byId.get(d.menuId);
        if (!menu || !access.items.module.has(menu.id)) return false;
        return !authorizes(menu, d.kind) || access.items[d.kind].has(d.id);
      });
    }
    const byMenu = new Map<string, ModulePermissionRow[]>();
    for (const d of definitions) byMenu.set(d.menuId, [...(byMenu.get(d.menuId) ?? []), d]);
    const entries = (menuId: string, kind: string) =>
      (byMenu.get(menuId) ?? [])
        .filter((d) => d.kind === kind)
        .map((d) => ({ id: d.id, fullName: d.fullName, enCode: d.enCode }));
    const permissionList: ModulePermission[] = rows
      .filter((row) => row.type >= 2)
      .map((row) => {
        const button = entries(row.id, 'button');
        if (admin || !row.isButtonAuthorize) {
          for (const enCode of administratorButtons) {
            if (!button.some((b) => b.enCode === enCode)) {
              button.push({ id: `${row.id}:${enCode}`, fullName: enCode, enCode });
            }
          }
        }
        return {
          modelId: row.id,
          moduleName: row.fullName,
          button,
          column: entries(row.id, 'column'),
          form: entries(row.id, 'form'),
          resource: entries(row.id, 'resource'),
        };
      });
    const menuList = menuTree(rows);
    return { menuList, permissionList, json: JSON.stringify({ menuList, permissionList }).slice(1, -1) };
  }
}

interface MenuView {
  menuList: MenuNode[];
  permissionList: ModulePermission[];
  /** `"menuList":[…],"permissionList":[…]`, ready to splice into the answer. */
  json: string;
}

const emptyView: MenuView = { menuList: [], permissionList: [], json: '"menuList":[],"permissionList":[]' };

type SystemRow = { id: string; fullName: string; enCode: string; icon: string | null; isMain: boolean };

export type { MenuNode };
