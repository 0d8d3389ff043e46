import { toMillis } from '../../core/paging.ts';
import type { PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { MenuRow, ModulePermissionRow } from '../../db/schema.ts';
import { MenuRepository } from '../menu/menu.repository.ts';
import { type MenuNode, menuTree } from '../menu/menu-tree.ts';
import type { SysConfigService } from '../sysConfig/sys-config.service.ts';
import { UserRepository } from '../user/user.repository.ts';

/** Buttons administrators hold on every page besides those the page defines. */
const administratorButtons = ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_import', 'btn_export'];

interface PermissionEntry {
  id: string;
  fullName: string;
  enCode: string;
}

export interface ModulePermission {
  modelId: string;
  moduleName: string;
  button: PermissionEntry[];
  column: PermissionEntry[];
  form: PermissionEntry[];
  resource: PermissionEntry[];
}

/**
 * `GET /api/oauth/CurrentUser`: who the user is, what they may open, and the system record.
 * Menus and permissions come from the user's grants (its own and those of its roles, positions
 * and groups), read through the cached grant set: a warm call costs the user, systems, menus and
 * permission definitions queries; administrators see every enabled menu and definition.
 */
export class CurrentUserService {
  constructor(
    private readonly db: Db,
    private readonly sysConfig: SysConfigService,
    private readonly permissions: PermissionService,
  ) {}

  async get(session: Session, systemCode: string | undefined) {
    const users = new UserRepository(this.db);
    const menus = new MenuRepository(this.db);
    const [user, settings, allSystems, access] = await Promise.all([
      users.findById(session.userId),
      this.sysConfig.get(),
      this.db
        .selectFrom('system')
        .select(['id', 'fullName', 'enCode', 'icon', 'isMain'])
        .where('enabledMark', '=', 1)
        .orderBy('sortCode')
        .execute(),
      this.permissions.access(session),
    ]);
    if (!user) throw new Error(`session ${session.sessionId} names a missing user`);
    const admin = user.isAdministrator;
    // A user works in the systems granted to it and in those that own a granted menu.
    const grantedMenus = admin ? [] : await menus.enabledMenusIn([...access.items.module]);
    const systemIds = new Set([...access.items.system, ...grantedMenus.map((m) => m.systemId)]);
    const systems = admin ? allSystems : allSystems.filter((s) => systemIds.has(s.id));
    const current =
      systems.find((s) => s.enCode === systemCode) ??
      systems.find((s) => s.id === user.systemId) ??
      systems.find((s) => s.isMain) ??
      systems[0];
    let rows: MenuRow[] = [];
    let definitions: ModulePermissionRow[] = [];
    if (current && admin) {
      rows = await menus.enabledMenus(current.id);
      definitions = await menus.permissionsOf(
        rows.map((r) => r.id),
        undefined,
        true,
      );
    } else if (current) {
      rows = grantedMenus.filter((m) => m.systemId === current.id);
      // A granted page shows under its directories even when they were not granted themselves.
      const ids = new Set(rows.map((r) => r.id));
      if (rows.some((r) => r.parentId !== '-1' && !ids.has(r.parentId))) {
        const all = await menus.enabledMenus(current.id);
        const byId = new Map(all.map((m) => [m.id, m]));
        for (const row of [...rows]) {
          for (let parent = byId.get(row.parentId); parent && !ids.has(parent.id); parent = byId.get(parent.parentId)) {
            ids.add(parent.id);
          }
        }
        rows = all.filter((m) => ids.has(m.id));
      }
      const granted = [...access.items.button, ...access.items.column, ...access.items.form, ...access.items.resource];
      definitions = await menus.grantedPermissions(
        granted,
        rows.map((r) => r.id),
      );
    }
    const menuList = menuTree(rows);
    const entries = (menuId: string, kind: string) =>
      definitions
        .filter((d) => d.menuId === menuId && d.kind === kind)
        .map((d) => ({ id: d.id, fullName: d.fullName, enCode: d.enCode }));
    const permissionList: ModulePermission[] = rows
      .filter((row) => row.type >= 2)
      .map((row) => {
        const button = entries(row.id, 'button');
        if (admin) {
          for (const enCode of administratorButtons) {
            if (!button.some((b) => b.enCode === enCode))
              button.push({ id: `${row.id}:${enCode}`, fullName: enCode, enCode });
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
    const relationsOf = (type: string) => access.relations.filter((r) => r.objectType === type);
    const positions = relationsOf('Position');
    const roles = relationsOf('Role');
    const organizeName = await users.organizeName(user.organizeId);
    return {
      menuList,
      permissionList,
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
        portalId: user.portalId ?? '',
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
}

export type CurrentUser = Awaited<ReturnType<CurrentUserService['get']>>;
export type { MenuNode };
