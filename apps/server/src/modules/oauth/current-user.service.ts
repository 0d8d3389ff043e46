import { toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { MenuRepository } from '../menu/menu.repository.ts';
import { type MenuNode, menuTree } from '../menu/menu-tree.ts';
import type { SysConfigService } from '../sysConfig/sys-config.service.ts';
import { UserRepository } from '../user/user.repository.ts';

/** Buttons every administrator holds on every page until per-menu button definitions exist. */
const defaultButtons = ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_import', 'btn_export'];

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

/** `GET /api/oauth/CurrentUser`: who the user is, what they may open, and the system record. */
export class CurrentUserService {
  constructor(
    private readonly db: Db,
    private readonly sysConfig: SysConfigService,
  ) {}

  async get(session: Session, systemCode: string | undefined) {
    const users = new UserRepository(this.db);
    const user = await users.findById(session.userId);
    if (!user) throw new Error(`session ${session.sessionId} names a missing user`);
    const settings = await this.sysConfig.get();
    const systems = await this.db
      .selectFrom('system')
      .select(['id', 'fullName', 'enCode', 'icon', 'isMain'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .execute();
    const current =
      systems.find((s) => s.enCode === systemCode) ??
      systems.find((s) => s.id === user.systemId) ??
      systems.find((s) => s.isMain) ??
      systems[0];
    // Grants for other users arrive with the authorisation area; until then only administrators see menus.
    const rows = current && user.isAdministrator ? await new MenuRepository(this.db).enabledMenus(current.id) : [];
    const menuList = menuTree(rows);
    const permissionList: ModulePermission[] = rows
      .filter((row) => row.type >= 2)
      .map((row) => ({
        modelId: row.id,
        moduleName: row.fullName,
        button: defaultButtons.map((enCode) => ({ id: `${row.id}:${enCode}`, fullName: enCode, enCode })),
        column: [],
        form: [],
        resource: [],
      }));
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
        organizeIdList: user.organizeId ? [user.organizeId] : [],
        positionId: '',
        positionName: '',
        positionIds: [] as { id: string }[],
        roleName: '',
        roleIds: [] as string[],
        groupIds: [] as string[],
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
