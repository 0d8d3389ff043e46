import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import { insertDepartment, rootOrganize, userInOrganize } from './helpers/organize-fixture.ts';
import { adminApp, type Client, type Reply, type TestApp, testAdminPassword } from './helpers/test-app.ts';

/**
 * The rule of power (issue 35): nobody gives an account, itself included, a right it does not hold,
 * within the organisations it manages; only a super administrator touches a super administrator.
 *
 * Callers: the super administrator; `manager`, who holds only the user page with its buttons; and
 * `tiered`, a tiered administrator of the department `sales` that also holds the user and
 * authorisation pages. Powers: roles, positions, user groups, organisations and permission groups
 * that carry pages the callers lack ("strong") or hold ("weak"), direct grants and tiered rights.
 * Every refusal is paired with a positive control through the same route and a read-back that the
 * refused call changed nothing.
 */

let t: TestApp;
let admin: Client;
let adminId: string;
let manager: Client;
let managerId: string;
let tiered: Client;
/** Holds the role page (with its edit button) and system configuration. */
let roleManager: Client;
let roleManagerId: string;
/** Holds the menu page (with its edit button) and the user page with its add button only. */
let menuManager: Client;
let tieredId: string;
let rootId: string;
let sales: string;
let works: string;
let vault: string;
const page: Record<string, string> = {};
const ids: Record<string, string> = {};

const PASSWORD = 'Passw0rd';

async function buttonOf(menuCode: string, enCode: string) {
  const row = await t.app.db
    .selectFrom('modulePermission')
    .select('modulePermission.id')
    .innerJoin('menu', 'menu.id', 'modulePermission.menuId')
    .where('menu.enCode', '=', menuCode)
    .where('modulePermission.enCode', '=', enCode)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Grants pages (and buttons) to a holder, as the super administrator. */
async function grant(objectType: string, objectId: string, module: string[], button: string[] = []) {
  const res = await admin.put(`/api/permission/Authority/Data/${objectId}`, { objectType, module, button });
  expect(res.code, res.msg).toBe(200);
}

async function created(url: string, body: object): Promise<string> {
  const res = await admin.post<{ id: string } | string>(url, body);
  expect(res.code, res.msg).toBe(200);
  const data = res.data;
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object' && 'id' in data) return data.id;
  throw new Error(`no id from ${url}`);
}

async function relations(userId: string, objectType: 'Role' | 'Position' | 'Group' | 'Organize') {
  const rows = await t.app.db
    .selectFrom('userRelation')
    .select('objectId')
    .where('userId', '=', userId)
    .where('objectType', '=', objectType)
    .execute();
  return rows.map((r) => r.objectId).sort();
}

async function members(groupId: string) {
  const rows = await t.app.db
    .selectFrom('permissionMember')
    .select(['objectType', 'objectId'])
    .where('groupId', '=', groupId)
    .execute();
  return rows.map((r) => `${r.objectType}:${r.objectId}`).sort();
}

async function realName(userId: string) {
  return (await t.app.db.selectFrom('appUser').select('realName').where('id', '=', userId).executeTakeFirstOrThrow())
    .realName;
}

/** A user card as the user form sends it, with relations as comma strings. */
async function card(userId: string, changes: Record<string, string>) {
  const info = await admin.get<Record<string, unknown>>(`/api/permission/Users/${userId}`);
  expect(info.code, info.msg).toBe(200);
  const d = info.data as Record<string, string>;
  // Accounts made straight in the table have their organisation on the account only.
  const own = await t.app.db
    .selectFrom('appUser')
    .select('organizeId')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    account: d.account,
    realName: d.realName,
    organizeId: d.organizeId || (own.organizeId ?? ''),
    positionId: d.positionId,
    roleId: d.roleId,
    groupId: d.groupId,
    ...changes,
  };
}

/** A menu as the menu form sends it back, with its button authorisation switched. */
async function menuInput(enCode: string, isButtonAuthorize: boolean) {
  const info = await admin.get<Record<string, unknown>>(`/api/system/Menu/${page[enCode]}`);
  expect(info.code, info.msg).toBe(200);
  const { id: _id, ...menu } = info.data as Record<string, unknown>;
  return { ...menu, isButtonAuthorize };
}

const refusedNotHeld = (kind: string, name: string, items: string) => ({
  code: 400,
  msg: `无权授予${kind}「${name}」：它带有您没有的权限（${items}）`,
});
const superAdminOnly = { code: 400, msg: '只有超级管理员才能操作超级管理员' };
const outside = { code: 400, msg: '超出您管理的组织范围，无法操作' };

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const root = await rootOrganize(t);
  rootId = root.id;
  sales = await insertDepartment(t, 'sales', rootId, root.organizeIdTree);
  works = await insertDepartment(t, 'works', rootId, root.organizeIdTree);
  vault = await insertDepartment(t, 'vault', rootId, root.organizeIdTree);
  adminId = (await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow())
    .id;
  for (const code of ['permission.user', 'permission.role', 'permission.authorize', 'system.sysConfig']) {
    page[code] = (
      await t.app.db.selectFrom('menu').select('id').where('enCode', '=', code).executeTakeFirstOrThrow()
    ).id;
  }
  const userPage = page['permission.user'] as string;
  const rolePage = page['permission.role'] as string;
  const authorizePage = page['permission.authorize'] as string;
  const configPage = page['system.sysConfig'] as string;

  managerId = await t.createUser({ account: 'manager', password: PASSWORD });
  await grant(
    'User',
    managerId,
    [userPage],
    [
      await buttonOf('permission.user', 'btn_add'),
      await buttonOf('permission.user', 'btn_edit'),
      await buttonOf('permission.user', 'btn_remove'),
      await buttonOf('permission.user', 'btn_import'),
    ],
  );
  tieredId = await t.createUser({ account: 'tiered', password: PASSWORD });
  await t.app.db.updateTable('appUser').set({ organizeId: sales }).where('id', '=', tieredId).execute();
  await grant(
    'User',
    tieredId,
    [userPage, authorizePage],
    [await buttonOf('permission.authorize', 'btn_add'), await buttonOf('permission.authorize', 'btn_edit')],
  );
  const rights = await admin.post('/api/permission/organizeAdminIsTrator', {
    userId: tieredId,
    orgAdminModel: [{ organizeId: sales, thisLayerAdd: 1, thisLayerEdit: 1, thisLayerSelect: 1, subLayerSelect: 1 }],
  });
  expect(rights.code, rights.msg).toBe(200);
  roleManagerId = await t.createUser({ account: 'roleManager', password: PASSWORD });
  await grant('User', roleManagerId, [rolePage, configPage], [await buttonOf('permission.role', 'btn_edit')]);
  roleManager = await t.signIn('roleManager', PASSWORD);
  const menuManagerId = await t.createUser({ account: 'menuManager', password: PASSWORD });
  const menuPage = (
    await t.app.db.selectFrom('menu').select('id').where('enCode', '=', 'system.menu').executeTakeFirstOrThrow()
  ).id;
  await grant(
    'User',
    menuManagerId,
    [menuPage, userPage],
    [await buttonOf('system.menu', 'btn_edit'), await buttonOf('permission.user', 'btn_add')],
  );
  menuManager = await t.signIn('menuManager', PASSWORD);
  manager = await t.signIn('manager', PASSWORD);
  tiered = await t.signIn('tiered', PASSWORD);

  // Powers: "strong" ones carry the role page and system configuration, which neither caller holds.
  ids.strongRole = await created('/api/permission/Role', { fullName: '强角色', enCode: 'strongRole', globalMark: 1 });
  ids.weakRole = await created('/api/permission/Role', { fullName: '弱角色', enCode: 'weakRole', globalMark: 1 });
  ids.offRole = await created('/api/permission/Role', {
    fullName: '停用角色',
    enCode: 'offRole',
    globalMark: 1,
    enabledMark: 0,
  });
  await grant('Role', ids.strongRole, [rolePage, configPage]);
  await grant('Role', ids.weakRole, [userPage]);
  await grant('Role', ids.offRole, [authorizePage]);
  ids.strongGroup = await created('/api/permission/Group', { fullName: '强用户组', enCode: 'strongGroup' });
  ids.weakGroup = await created('/api/permission/Group', { fullName: '弱用户组', enCode: 'weakGroup' });
  await grant('Group', ids.strongGroup, [configPage]);
  await grant('Group', ids.weakGroup, [userPage]);
  ids.salesBoss = await created('/api/permission/Position', {
    fullName: '销售主管',
    enCode: 'salesBoss',
    organizeId: sales,
  });
  ids.salesClerk = await created('/api/permission/Position', {
    fullName: '销售员',
    enCode: 'salesClerk',
    organizeId: sales,
  });
  ids.worksClerk = await created('/api/permission/Position', {
    fullName: '车间员',
    enCode: 'worksClerk',
    organizeId: works,
  });
  await grant('Position', ids.salesBoss, [rolePage]);
  await grant('Position', ids.salesClerk, [userPage]);
  await grant('Position', ids.worksClerk, [userPage]);
  ids.strongPG = await created('/api/permission/PermissionGroup', { fullName: '强权限组', enCode: 'strongPG' });
  ids.weakPG = await created('/api/permission/PermissionGroup', { fullName: '弱权限组', enCode: 'weakPG' });
  ids.offStrongPG = await created('/api/permission/PermissionGroup', {
    fullName: '停用强权限组',
    enCode: 'offStrongPG',
    enabledMark: 0,
  });
  ids.offWeakPG = await created('/api/permission/PermissionGroup', {
    fullName: '停用弱权限组',
    enCode: 'offWeakPG',
    enabledMark: 0,
  });
  await grant('PermissionGroup', ids.strongPG, [rolePage, configPage]);
  await grant('PermissionGroup', ids.weakPG, [userPage]);
  await grant('PermissionGroup', ids.offStrongPG, [rolePage]);
  await grant('PermissionGroup', ids.offWeakPG, [userPage]);
  // Working in `vault` is powerful: the organisation is a member of the strong group.
  const vaultMember = await admin.post(`/api/permission/PermissionGroup/PermissionMember/${ids.strongPG}`, {
    ids: [`${vault}--department`],
  });
  expect(vaultMember.code, vaultMember.msg).toBe(200);

  ids.salesUser = await userInOrganize(t, admin, 'salesUser', sales);
  ids.salesUser2 = await userInOrganize(t, admin, 'salesUser2', sales);
  ids.worksUser = await userInOrganize(t, admin, 'worksUser', works);
  ids.strongHolder = await userInOrganize(t, admin, 'strongHolder', rootId);
  ids.weakHolder = await userInOrganize(t, admin, 'weakHolder', rootId);
  expect(
    (
      await admin.put(
        `/api/permission/Users/${ids.strongHolder}`,
        await card(ids.strongHolder, { roleId: ids.strongRole }),
      )
    ).code,
  ).toBe(200);
  expect(
    (await admin.put(`/api/permission/Users/${ids.weakHolder}`, await card(ids.weakHolder, { roleId: ids.weakRole })))
      .code,
  ).toBe(200);
});
afterAll(() => t.close());

/** One row of the matrix: a route, the power it gives, a refused call, what it left, and a control. */
interface Case {
  route: string;
  power: string;
  caller: () => Client;
  refused: () => Promise<Reply>;
  /** The refusal; `msg` exact, or a matcher where the list of what is lacking is long. */
  expected: { code: number; msg: unknown };
  /** Read before and after the refused call: must be equal. */
  state: () => Promise<unknown>;
  /** The same route giving what the caller may give: answers 200 and takes effect. */
  control: () => Promise<Reply>;
  /** Read after the control: shows it took effect. */
  effect: () => Promise<boolean>;
}

const cases: Case[] = [
  {
    route: 'PUT /api/permission/Users/:id',
    power: 'role (to itself)',
    caller: () => manager,
    refused: async () =>
      manager.put(`/api/permission/Users/${managerId}`, await card(managerId, { roleId: ids.strongRole as string })),
    expected: refusedNotHeld('角色', '强角色', '系统配置、角色管理'),
    state: () => relations(managerId, 'Role'),
    control: async () =>
      manager.put(`/api/permission/Users/${managerId}`, await card(managerId, { roleId: ids.weakRole as string })),
    effect: async () => (await relations(managerId, 'Role')).includes(ids.weakRole as string),
  },
  {
    route: 'PUT /api/permission/Users/:id',
    power: 'user group',
    caller: () => manager,
    refused: async () =>
      manager.put(
        `/api/permission/Users/${ids.salesUser}`,
        await card(ids.salesUser as string, { groupId: ids.strongGroup as string }),
      ),
    expected: refusedNotHeld('用户组', '强用户组', '系统配置'),
    state: () => relations(ids.salesUser as string, 'Group'),
    control: async () =>
      manager.put(
        `/api/permission/Users/${ids.salesUser}`,
        await card(ids.salesUser as string, { groupId: ids.weakGroup as string }),
      ),
    effect: async () => (await relations(ids.salesUser as string, 'Group')).includes(ids.weakGroup as string),
  },
  {
    route: 'PUT /api/permission/Users/:id',
    power: 'position',
    caller: () => manager,
    refused: async () =>
      manager.put(
        `/api/permission/Users/${ids.salesUser}`,
        await card(ids.salesUser as string, { positionId: ids.salesBoss as string }),
      ),
    expected: refusedNotHeld('岗位', '销售主管', '角色管理'),
    state: () => relations(ids.salesUser as string, 'Position'),
    control: async () =>
      manager.put(
        `/api/permission/Users/${ids.salesUser}`,
        await card(ids.salesUser as string, { positionId: ids.salesClerk as string }),
      ),
    effect: async () => (await relations(ids.salesUser as string, 'Position')).includes(ids.salesClerk as string),
  },
  {
    route: 'PUT /api/permission/Users/:id',
    power: 'organisation',
    caller: () => manager,
    refused: async () =>
      manager.put(
        `/api/permission/Users/${ids.salesUser2}`,
        await card(ids.salesUser2 as string, { organizeId: `${sales},${vault}` }),
      ),
    expected: refusedNotHeld('组织', 'vault', '系统配置、角色管理'),
    state: () => relations(ids.salesUser2 as string, 'Organize'),
    control: async () =>
      manager.put(
        `/api/permission/Users/${ids.salesUser2}`,
        await card(ids.salesUser2 as string, { organizeId: `${sales},${works}` }),
      ),
    effect: async () => (await relations(ids.salesUser2 as string, 'Organize')).includes(works),
  },
  {
    route: 'PUT /api/permission/Users/:id',
    power: 'super administrator edited',
    caller: () => manager,
    refused: async () => manager.put(`/api/permission/Users/${adminId}`, await card(adminId, { realName: '被改名' })),
    expected: superAdminOnly,
    state: () => realName(adminId),
    control: async () =>
      manager.put(
        `/api/permission/Users/${ids.salesUser}`,
        await card(ids.salesUser as string, { realName: '改名成功' }),
      ),
    effect: async () => (await realName(ids.salesUser as string)) === '改名成功',
  },
  {
    route: 'POST /api/permission/Users',
    power: 'role (a new user)',
    caller: () => manager,
    refused: () =>
      manager.post('/api/permission/Users', {
        account: 'newStrong',
        realName: 'n',
        organizeId: rootId,
        roleId: ids.strongRole,
      }),
    expected: refusedNotHeld('角色', '强角色', '系统配置、角色管理'),
    state: async () =>
      (await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'newStrong').execute()).length,
    control: () =>
      manager.post('/api/permission/Users', {
        account: 'newWeak',
        realName: 'n',
        organizeId: rootId,
        roleId: ids.weakRole,
      }),
    effect: async () =>
      (await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'newWeak').execute()).length === 1,
  },
  {
    route: 'POST /api/permission/Users',
    power: 'role (a new user in its department)',
    caller: () => tiered,
    refused: () =>
      tiered.post('/api/permission/Users', {
        account: 'tStrong',
        realName: 'n',
        organizeId: sales,
        roleId: ids.strongRole,
      }),
    expected: refusedNotHeld('角色', '强角色', '系统配置、角色管理'),
    state: async () =>
      (await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'tStrong').execute()).length,
    control: () =>
      tiered.post('/api/permission/Users', {
        account: 'tWeak',
        realName: 'n',
        organizeId: sales,
        roleId: ids.weakRole,
      }),
    effect: async () =>
      (await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'tWeak').execute()).length === 1,
  },
  {
    route: 'PUT /api/permission/Users/:id',
    power: 'position of another department (to itself)',
    caller: () => tiered,
    refused: async () =>
      tiered.put(`/api/permission/Users/${tieredId}`, await card(tieredId, { positionId: ids.worksClerk as string })),
    expected: { code: 400, msg: '岗位「车间员」不属于您管理的组织，无法授予' },
    state: () => relations(tieredId, 'Position'),
    control: async () =>
      tiered.put(`/api/permission/Users/${tieredId}`, await card(tieredId, { positionId: ids.salesClerk as string })),
    effect: async () => (await relations(tieredId, 'Position')).includes(ids.salesClerk as string),
  },
  {
    route: 'POST /api/permission/Users/ImportData',
    power: 'role (imported rows)',
    caller: () => manager,
    refused: () =>
      manager.post('/api/permission/Users/ImportData', {
        list: [{ account: 'impStrong', realName: 'i', organizeCode: 'sales', roleCode: 'strongRole' }],
      }),
    expected: { code: 200, msg: '导入完成：成功0条，失败1条' },
    state: async () =>
      (await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'impStrong').execute()).length,
    control: () =>
      manager.post('/api/permission/Users/ImportData', {
        list: [{ account: 'impWeak', realName: 'i', organizeCode: 'sales', roleCode: 'weakRole' }],
      }),
    effect: async () =>
      (await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'impWeak').execute()).length === 1,
  },
  {
    route: 'POST /api/permission/Users/workHandover',
    power: 'role (handed over)',
    caller: () => manager,
    refused: () =>
      manager.post('/api/permission/Users/workHandover', { fromId: ids.strongHolder, toId: ids.salesUser2 }),
    expected: refusedNotHeld('角色', '强角色', '系统配置、角色管理'),
    state: () => relations(ids.salesUser2 as string, 'Role'),
    control: () => manager.post('/api/permission/Users/workHandover', { fromId: ids.weakHolder, toId: ids.salesUser2 }),
    effect: async () => (await relations(ids.salesUser2 as string, 'Role')).includes(ids.weakRole as string),
  },
  {
    route: 'POST /api/permission/PermissionGroup/PermissionMember/:id',
    power: 'permission group membership (itself)',
    caller: () => tiered,
    refused: () =>
      tiered.post(`/api/permission/PermissionGroup/PermissionMember/${ids.strongPG}`, {
        ids: [`${vault}--department`, `${tieredId}--user`],
      }),
    expected: refusedNotHeld('权限组', '强权限组', '系统配置、角色管理'),
    state: () => members(ids.strongPG as string),
    control: () =>
      tiered.post(`/api/permission/PermissionGroup/PermissionMember/${ids.weakPG}`, {
        ids: [`${ids.salesUser}--user`],
      }),
    effect: async () => (await members(ids.weakPG as string)).includes(`User:${ids.salesUser}`),
  },
  {
    route: 'PUT /api/permission/PermissionGroup/PermissionMember/:id',
    power: 'permission group membership (someone outside its department)',
    caller: () => tiered,
    refused: () =>
      tiered.put(`/api/permission/PermissionGroup/PermissionMember/${ids.weakPG}`, {
        ids: [`${ids.salesUser}--user`, `${ids.worksUser}--user`],
      }),
    expected: outside,
    state: () => members(ids.weakPG as string),
    control: () =>
      tiered.put(`/api/permission/PermissionGroup/PermissionMember/${ids.weakPG}`, {
        ids: [`${ids.salesUser}--user`, `${ids.salesUser2}--user`],
      }),
    effect: async () => (await members(ids.weakPG as string)).includes(`User:${ids.salesUser2}`),
  },
  {
    route: 'POST /api/permission/PermissionGroup/:id/Actions/Copy',
    power: 'a copy of a permission group',
    caller: () => tiered,
    refused: () => tiered.post(`/api/permission/PermissionGroup/${ids.strongPG}/Actions/Copy`),
    expected: refusedNotHeld('权限组', '强权限组', '系统配置、角色管理'),
    state: async () => (await t.app.db.selectFrom('permissionGroup').select('id').execute()).length,
    control: () => tiered.post(`/api/permission/PermissionGroup/${ids.weakPG}/Actions/Copy`),
    effect: async () =>
      (await t.app.db.selectFrom('permissionGroup').select('id').where('fullName', 'like', '弱权限组.副本%').execute())
        .length === 1,
  },
  {
    route: 'PUT /api/permission/PermissionGroup/:id',
    power: 'a permission group switched on',
    caller: () => tiered,
    refused: () =>
      tiered.put(`/api/permission/PermissionGroup/${ids.offStrongPG}`, {
        fullName: '停用强权限组',
        enCode: 'offStrongPG',
        enabledMark: 1,
      }),
    expected: refusedNotHeld('权限组', '停用强权限组', '角色管理'),
    state: async () =>
      (
        await t.app.db
          .selectFrom('permissionGroup')
          .select('enabledMark')
          .where('id', '=', ids.offStrongPG as string)
          .executeTakeFirstOrThrow()
      ).enabledMark,
    control: () =>
      tiered.put(`/api/permission/PermissionGroup/${ids.offWeakPG}`, {
        fullName: '停用弱权限组',
        enCode: 'offWeakPG',
        enabledMark: 1,
      }),
    effect: async () =>
      (
        await t.app.db
          .selectFrom('permissionGroup')
          .select('enabledMark')
          .where('id', '=', ids.offWeakPG as string)
          .executeTakeFirstOrThrow()
      ).enabledMark === 1,
  },
  {
    route: 'PUT /api/permission/Authority/Data/:objectId',
    power: 'a page granted (to itself)',
    caller: () => tiered,
    refused: () =>
      tiered.put(`/api/permission/Authority/Data/${tieredId}`, {
        objectType: 'User',
        module: [page['permission.user'], page['permission.authorize'], page['system.sysConfig']],
      }),
    expected: { code: 400, msg: '无权授予您没有的权限：系统配置' },
    state: async () => (await t.app.permissions.access({ userId: tieredId })).menus.has('system.sysConfig'),
    control: () =>
      tiered.put(`/api/permission/Authority/Data/${ids.salesUser}`, {
        objectType: 'User',
        module: [page['permission.user']],
      }),
    effect: async () =>
      (await t.app.permissions.access({ userId: ids.salesUser as string })).menus.has('permission.user'),
  },
  {
    route: 'POST /api/permission/Authority/Data/Batch',
    power: 'a page granted to several',
    caller: () => tiered,
    refused: () =>
      tiered.post('/api/permission/Authority/Data/Batch', {
        userIds: [ids.salesUser2],
        module: [page['permission.role']],
      }),
    expected: { code: 400, msg: '无权授予您没有的权限：角色管理' },
    state: async () =>
      (await t.app.permissions.access({ userId: ids.salesUser2 as string })).menus.has('permission.role'),
    control: () =>
      tiered.post('/api/permission/Authority/Data/Batch', {
        userIds: [ids.salesUser2],
        module: [page['permission.authorize']],
      }),
    effect: async () =>
      (await t.app.permissions.access({ userId: ids.salesUser2 as string })).menus.has('permission.authorize'),
  },
  {
    route: 'PUT /api/permission/Authority/Model/:itemId/:objectType',
    power: "a page's holders",
    caller: () => tiered,
    refused: () =>
      tiered.put(`/api/permission/Authority/Model/${page['system.sysConfig']}/User`, { objectIds: [tieredId] }),
    expected: { code: 400, msg: '无权授予您没有的权限：系统配置' },
    state: async () => (await t.app.permissions.access({ userId: tieredId })).menus.has('system.sysConfig'),
    control: () =>
      tiered.put(`/api/permission/Authority/Model/${page['permission.authorize']}/User`, {
        objectIds: [tieredId, ids.salesUser],
      }),
    effect: async () =>
      (await t.app.permissions.access({ userId: ids.salesUser as string })).menus.has('permission.authorize'),
  },
  {
    route: 'POST /api/permission/organizeAdminIsTrator',
    power: 'tiered rights (its own, widened)',
    caller: () => tiered,
    refused: () =>
      tiered.post('/api/permission/organizeAdminIsTrator', {
        userId: tieredId,
        orgAdminModel: [
          {
            organizeId: sales,
            thisLayerAdd: 1,
            thisLayerEdit: 1,
            thisLayerSelect: 1,
            subLayerSelect: 1,
            subLayerDelete: 1,
          },
        ],
      }),
    expected: { code: 400, msg: '无权授予「sales」的分级管理权限：您没有子层级删除权限' },
    state: async () =>
      (await t.app.db.selectFrom('organizeAdministrator').selectAll().where('userId', '=', tieredId).execute()).map(
        (r) => [r.organizeId, r.subLayerDelete],
      ),
    control: () =>
      tiered.post('/api/permission/organizeAdminIsTrator', {
        userId: ids.salesUser,
        orgAdminModel: [{ organizeId: sales, thisLayerSelect: 1 }],
      }),
    effect: async () =>
      (
        await t.app.db
          .selectFrom('organizeAdministrator')
          .select('id')
          .where('userId', '=', ids.salesUser as string)
          .execute()
      ).length === 1,
  },
  {
    route: 'POST /api/permission/organizeAdminIsTrator',
    power: 'tiered rights (delete, to a user of its department)',
    caller: () => tiered,
    refused: () =>
      tiered.post('/api/permission/organizeAdminIsTrator', {
        userId: ids.salesUser2,
        orgAdminModel: [{ organizeId: sales, thisLayerSelect: 1, thisLayerDelete: 1 }],
      }),
    expected: { code: 400, msg: '无权授予「sales」的分级管理权限：您没有本层级删除权限' },
    state: async () =>
      (
        await t.app.db
          .selectFrom('organizeAdministrator')
          .select('id')
          .where('userId', '=', ids.salesUser2 as string)
          .execute()
      ).length,
    control: () =>
      admin.post('/api/permission/organizeAdminIsTrator', {
        userId: ids.salesUser2,
        orgAdminModel: [{ organizeId: sales, thisLayerSelect: 1, thisLayerDelete: 1 }],
      }),
    effect: async () =>
      (
        await t.app.db
          .selectFrom('organizeAdministrator')
          .select('id')
          .where('userId', '=', ids.salesUser2 as string)
          .execute()
      ).length === 1,
  },
  {
    route: 'PUT /api/permission/Role/:id/Actions/State',
    power: 'a role switched on',
    caller: () => roleManager,
    refused: () => roleManager.put(`/api/permission/Role/${ids.offRole}/Actions/State`),
    expected: refusedNotHeld('角色', '停用角色', '权限授权'),
    state: async () =>
      (
        await t.app.db
          .selectFrom('role')
          .select('enabledMark')
          .where('id', '=', ids.offRole as string)
          .executeTakeFirstOrThrow()
      ).enabledMark,
    control: () => admin.put(`/api/permission/Role/${ids.offRole}/Actions/State`),
    effect: async () =>
      (
        await t.app.db
          .selectFrom('role')
          .select('enabledMark')
          .where('id', '=', ids.offRole as string)
          .executeTakeFirstOrThrow()
      ).enabledMark === 1,
  },
  {
    route: 'PUT /api/system/SysConfig/setAdminList',
    power: 'super administrator (itself)',
    caller: () => roleManager,
    refused: () => roleManager.put('/api/system/SysConfig/setAdminList', { adminIds: [adminId, roleManagerId] }),
    expected: { code: 403, msg: '只有管理员可以设置管理员' },
    state: async () =>
      (
        await t.app.db
          .selectFrom('appUser')
          .select('isAdministrator')
          .where('id', '=', roleManagerId)
          .executeTakeFirstOrThrow()
      ).isAdministrator,
    control: () => admin.put('/api/system/SysConfig/setAdminList', { adminIds: [adminId, ids.strongHolder as string] }),
    effect: async () =>
      (
        await t.app.db
          .selectFrom('appUser')
          .select('isAdministrator')
          .where('id', '=', ids.strongHolder as string)
          .executeTakeFirstOrThrow()
      ).isAdministrator,
  },
  {
    route: 'PUT /api/system/Menu/:id',
    power: "a page's buttons, by switching its button authorisation off",
    caller: () => menuManager,
    refused: async () =>
      menuManager.put(`/api/system/Menu/${page['permission.user']}`, await menuInput('permission.user', false)),
    expected: { code: 400, msg: expect.stringMatching(/^无权授予您没有的权限：.*用户管理\/删除/) },
    state: async () =>
      (
        await t.app.db
          .selectFrom('menu')
          .select('isButtonAuthorize')
          .where('id', '=', page['permission.user'] as string)
          .executeTakeFirstOrThrow()
      ).isButtonAuthorize,
    control: async () =>
      admin.put(`/api/system/Menu/${page['permission.user']}`, await menuInput('permission.user', false)),
    effect: async () => {
      const row = await t.app.db
        .selectFrom('menu')
        .select('isButtonAuthorize')
        .where('id', '=', page['permission.user'] as string)
        .executeTakeFirstOrThrow();
      // Put back for the tests after this one.
      expect(
        (await admin.put(`/api/system/Menu/${page['permission.user']}`, await menuInput('permission.user', true))).code,
      ).toBe(200);
      return row.isButtonAuthorize === false;
    },
  },
];

describe('the matrix: every assigning route refuses what the caller does not hold', () => {
  test.each(cases.map((c) => [`${c.route} · ${c.power}`, c] as const))('%s', async (_name, c) => {
    const before = await c.state();
    const res = await c.refused();
    expect(res).toMatchObject(c.expected);
    await t.app.operationLog.flush();
    expect(await c.state()).toEqual(before);
    const control = await c.control();
    expect(control.code, control.msg).toBe(200);
    expect(await c.effect()).toBe(true);
  });
});

/**
 * Every write route under /api/permission (and the administrator list) either gives power and has a
 * row in the matrix above, or is listed here with why it gives none. A new route that is in neither
 * fails this test until someone decides.
 */
const givesNothing: Record<string, string> = {
  'DELETE /api/permission/Users/:id': 'takes away; super administrator rule tested below',
  'PUT /api/permission/Users/:id/Actions/State': 'switches an account; super administrator rule tested below',
  'POST /api/permission/Users/:id/Actions/ResetPassword': 'super administrator rule tested below',
  'PUT /api/permission/Users/:id/Actions/unlock': 'super administrator rule tested below',
  'POST /api/permission/Users/ImUser/Selector/:id': 'a read sent as POST',
  'POST /api/permission/Users/GetListByAuthorize/:id': 'a read sent as POST',
  'POST /api/permission/Users/getSelectedUserList': 'a read sent as POST',
  'POST /api/permission/Users/getUserList': 'a read sent as POST',
  'POST /api/permission/Users/getSelectedList': 'a read sent as POST',
  'POST /api/permission/Users/getSubordinates': 'a read sent as POST',
  'POST /api/permission/Users/Uploader': 'stores a sheet; its rows are checked by ImportData',
  'POST /api/permission/Users/ImportExceptionData': 'writes a sheet of failed rows',
  'POST /api/permission/Users/ExportExceptionData': 'writes a sheet of failed rows',
  'POST /api/permission/Organize/OrganizeCondition': 'a read sent as POST',
  'POST /api/permission/Organize': 'structure: a new organisation carries nothing',
  'PUT /api/permission/Organize/:id': 'structure, within what a tiered administrator administers',
  'DELETE /api/permission/Organize/:id': 'takes away',
  'POST /api/permission/Organize/Department': 'structure: a new department carries nothing',
  'PUT /api/permission/Organize/Department/:id': 'structure, within what a tiered administrator administers',
  'POST /api/permission/Position': 'a new position carries nothing',
  'DELETE /api/permission/Position/:id': 'takes away',
  'POST /api/permission/Position/getListByOrgIds': 'a read sent as POST',
  'POST /api/permission/Position/PositionCondition': 'a read sent as POST',
  'POST /api/permission/Role': 'a new role carries nothing',
  'DELETE /api/permission/Role/:id': 'takes away',
  'POST /api/permission/Role/RoleCondition': 'a read sent as POST',
  'POST /api/permission/Role/getListByOrgIds': 'a read sent as POST',
  'POST /api/permission/Group': 'a new user group carries nothing',
  'DELETE /api/permission/Group/:id': 'takes away',
  'POST /api/permission/Group/GroupCondition': 'a read sent as POST',
  'POST /api/permission/PermissionGroup': 'a new permission group grants nothing',
  'DELETE /api/permission/PermissionGroup/:id': 'takes away',
  'DELETE /api/permission/organizeAdminIsTrator/:id': 'takes away, within what the caller administers',
  'POST /api/permission/Authority/Data/:objectId/Values': 'a read of the grant wizard sent as POST',
  'PUT /api/permission/Authority/SetColumnsByModuleId': "the caller's own column layout",
  'DELETE /api/permission/OnlineUser/:id': 'signs out; super administrator rule tested below',
  'POST /api/permission/OnlineUser/Actions/BatchOffline': 'signs out; super administrator rule tested below',
  'PUT /api/permission/Users/Current/BaseInfo': "the caller's own card, without relations",
  'PUT /api/permission/Users/Current/SystemTheme': "the caller's own setting",
  'PUT /api/permission/Users/Current/SystemLanguage': "the caller's own setting",
  'POST /api/permission/Users/Current/SignImg': "the caller's own signature",
  'PUT /api/permission/Users/Current/:id/SignImg': "the caller's own signature",
  'DELETE /api/permission/Users/Current/:id/SignImg': "the caller's own signature",
  'PUT /api/permission/Users/Current/Avatar/:name': "the caller's own avatar",
  'POST /api/permission/Users/Current/Actions/ModifyPassword': "the caller's own password",
  'PUT /api/permission/Users/Current/major': "the caller's own current organisation, among its own",
};
/** Switching these on gives what they carry; the role's row stands for the kit's shared rule. */
const switchesOn = [
  'PUT /api/permission/Role/:id',
  'PUT /api/permission/Position/:id',
  'PUT /api/permission/Group/:id',
];

/** Routes outside /api/permission that give power: the administrator list, and a menu's authorisation switches. */
const elsewhere = ['PUT /api/system/SysConfig/setAdminList', 'PUT /api/system/Menu/:id'];

test('the matrix covers every route that gives power (from the route registry)', () => {
  const inMatrix = new Set(cases.map((c) => c.route));
  const writes = t.app.routePermissions
    .filter((r) => r.method !== 'GET' && !r.public)
    .map((r) => `${r.method} ${r.url}`)
    .filter((key) => key.includes(' /api/permission/') || elsewhere.includes(key));
  const unclassified = writes.filter(
    (key) => !inMatrix.has(key) && !(key in givesNothing) && !switchesOn.includes(key),
  );
  expect(unclassified).toEqual([]);
  // And nothing listed is stale.
  const stale = [...inMatrix, ...Object.keys(givesNothing), ...switchesOn].filter((key) => !writes.includes(key));
  expect(stale).toEqual([]);
});

describe('switching a position or a user group on gives what it carries', () => {
  test('refused to whoever lacks it, done by the super administrator', async () => {
    const positionClerk = await t.createUser({ account: 'positionClerk', password: PASSWORD });
    await grant('User', positionClerk, [page['permission.user'] as string], []);
    const positionPage = (
      await t.app.db
        .selectFrom('menu')
        .select('id')
        .where('enCode', '=', 'permission.position')
        .executeTakeFirstOrThrow()
    ).id;
    const groupPage = (
      await t.app.db.selectFrom('menu').select('id').where('enCode', '=', 'permission.group').executeTakeFirstOrThrow()
    ).id;
    await grant(
      'User',
      positionClerk,
      [page['permission.user'] as string, positionPage, groupPage],
      [await buttonOf('permission.position', 'btn_edit'), await buttonOf('permission.group', 'btn_edit')],
    );
    const clerk = await t.signIn('positionClerk', PASSWORD);
    const off = { fullName: '销售主管', enCode: 'salesBoss', organizeId: sales, enabledMark: 0 };
    expect((await admin.put(`/api/permission/Position/${ids.salesBoss}`, off)).code).toBe(200);
    expect(await clerk.put(`/api/permission/Position/${ids.salesBoss}`, { ...off, enabledMark: 1 })).toMatchObject(
      refusedNotHeld('岗位', '销售主管', '角色管理'),
    );
    const position = () =>
      t.app.db
        .selectFrom('position')
        .select('enabledMark')
        .where('id', '=', ids.salesBoss as string)
        .executeTakeFirstOrThrow();
    expect((await position()).enabledMark).toBe(0);
    // Editing it while it stays off gives nothing.
    expect(
      await clerk.put(`/api/permission/Position/${ids.salesBoss}`, { ...off, description: '仍停用' }),
    ).toMatchObject({ code: 200 });
    expect((await admin.put(`/api/permission/Position/${ids.salesBoss}`, { ...off, enabledMark: 1 })).code).toBe(200);
    expect((await position()).enabledMark).toBe(1);

    const groupOff = { fullName: '强用户组', enCode: 'strongGroup', enabledMark: 0 };
    expect((await admin.put(`/api/permission/Group/${ids.strongGroup}`, groupOff)).code).toBe(200);
    expect(await clerk.put(`/api/permission/Group/${ids.strongGroup}`, { ...groupOff, enabledMark: 1 })).toMatchObject(
      refusedNotHeld('用户组', '强用户组', '系统配置'),
    );
    expect((await admin.put(`/api/permission/Group/${ids.strongGroup}`, { ...groupOff, enabledMark: 1 })).code).toBe(
      200,
    );
  });
});

describe('super administrators are touched only by a super administrator', () => {
  test('edit, reset, disable, unlock, delete and sign-out are refused to a user manager; the admin still signs in', async () => {
    const calls: [string, () => Promise<Reply>][] = [
      [
        'reset',
        () =>
          manager.post(`/api/permission/Users/${adminId}/Actions/ResetPassword`, {
            userPassword: 'e10adc3949ba59abbe56e057f20f883e',
            validatePassword: 'e10adc3949ba59abbe56e057f20f883e',
          }),
      ],
      ['state', () => manager.put(`/api/permission/Users/${adminId}/Actions/State`)],
      ['unlock', () => manager.put(`/api/permission/Users/${adminId}/Actions/unlock`)],
      ['delete', () => manager.delete(`/api/permission/Users/${adminId}`)],
    ];
    for (const [name, call] of calls) expect(await call(), name).toMatchObject(superAdminOnly);
    const row = await t.app.db
      .selectFrom('appUser')
      .select(['enabledMark', 'realName'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ enabledMark: 1, realName: expect.not.stringMatching('被改名') });
    expect((await t.login('admin', testAdminPassword)).code).toBe(200);
    // The positive control: the same calls on an ordinary user pass.
    expect(
      await manager.post(`/api/permission/Users/${ids.weakHolder}/Actions/ResetPassword`, {
        userPassword: 'e10adc3949ba59abbe56e057f20f883e',
        validatePassword: 'e10adc3949ba59abbe56e057f20f883e',
      }),
    ).toMatchObject({ code: 200 });
    expect((await t.login('weakHolder', '123456')).code).toBe(200);
  });

  test('a forced sign-out of a super administrator needs one', async () => {
    const online = await admin.get<{ list: { id: string; userId: string }[] }>('/api/permission/OnlineUser', {
      currentPage: '1',
      pageSize: '100',
    });
    const adminSession = online.data?.list.find((s) => s.userId === adminId);
    expect(adminSession).toBeDefined();
    const onlinePage = (
      await t.app.db
        .selectFrom('menu')
        .select('id')
        .where('enCode', '=', 'permission.userOnline')
        .executeTakeFirstOrThrow()
    ).id;
    await grant(
      'User',
      managerId,
      [page['permission.user'] as string, onlinePage],
      [
        await buttonOf('permission.user', 'btn_add'),
        await buttonOf('permission.user', 'btn_edit'),
        await buttonOf('permission.user', 'btn_remove'),
        await buttonOf('permission.user', 'btn_import'),
        await buttonOf('permission.userOnline', 'btn_remove'),
      ],
    );
    expect(await manager.delete(`/api/permission/OnlineUser/${adminSession?.id}`)).toMatchObject(superAdminOnly);
    expect((await admin.get('/api/permission/Users', { currentPage: '1', pageSize: '1' })).code).toBe(200);
  });

  test('the super administrator edits other super administrators and anyone', async () => {
    expect(
      await admin.put(
        `/api/permission/Users/${ids.worksUser}`,
        await card(ids.worksUser as string, { roleId: ids.strongRole as string }),
      ),
    ).toMatchObject({ code: 200 });
    expect(await relations(ids.worksUser as string, 'Role')).toEqual([ids.strongRole]);
  });
});

describe('reads are scoped the same way', () => {
  test('a tiered administrator reads a card of its department only; the list shows only its organisations', async () => {
    expect(await tiered.get(`/api/permission/Users/${ids.worksUser}`)).toMatchObject(outside);
    const own = await tiered.get<{ mobilePhone: string; account: string }>(`/api/permission/Users/${ids.salesUser}`);
    expect(own).toMatchObject({ code: 200, data: { account: 'salesUser' } });
    const list = await tiered.get<{ list: { account: string }[] }>('/api/permission/Users', {
      currentPage: '1',
      pageSize: '100',
    });
    const accounts = list.data?.list.map((u) => u.account) ?? [];
    expect(accounts).toContain('salesUser');
    expect(accounts).not.toContain('worksUser');
    expect(accounts).not.toContain('admin');
  });

  test('the grant wizard offers a non-administrator only what it holds, and what the holder already has', async () => {
    const step = { objectType: 'User', type: 'module' };
    const offered = await tiered.post<{ all: string[] }>(`/api/permission/Authority/Data/${ids.worksClerk}/Values`, {
      ...step,
      objectType: 'Position',
    });
    expect(offered.code, offered.msg).toBe(200);
    // worksClerk already has the user page; the tiered administrator holds it and the authorisation page.
    expect(new Set(offered.data?.all)).toEqual(new Set([page['permission.user'], page['permission.authorize']]));
    const everything = await admin.post<{ all: string[] }>(`/api/permission/Authority/Data/${tieredId}/Values`, step);
    expect(everything.data?.all).toContain(page['system.sysConfig']);
    expect(everything.data?.all).toContain(page['permission.role']);
  });

  test('a user manager with a data scope of its own organisation reads no card outside it', async () => {
    // The user page with data authorisation on: the manager is granted the "its organisation" scheme only.
    const userPage = page['permission.user'] as string;
    await t.app.db.updateTable('menu').set({ isDataAuthorize: true }).where('id', '=', userPage).execute();
    const scheme = newId();
    await t.app.db
      .insertInto('modulePermission')
      .values({
        id: scheme,
        menuId: userPage,
        kind: 'resource',
        enCode: 'own_org',
        fullName: '本组织',
        scopeType: 'organize',
      })
      .execute();
    const scoped = await t.createUser({ account: 'scopedManager', password: PASSWORD });
    await t.app.db.updateTable('appUser').set({ organizeId: sales }).where('id', '=', scoped).execute();
    const res = await admin.put(`/api/permission/Authority/Data/${scoped}`, {
      objectType: 'User',
      module: [userPage],
      button: [await buttonOf('permission.user', 'btn_edit')],
      resource: [scheme],
    });
    expect(res.code, res.msg).toBe(200);
    const client = await t.signIn('scopedManager', PASSWORD);
    try {
      expect(await client.get(`/api/permission/Users/${ids.worksUser}`)).toMatchObject({
        code: 400,
        msg: '该用户不在您可管理的数据范围内，无法操作',
      });
      expect(await client.get(`/api/permission/Users/${ids.salesUser}`)).toMatchObject({ code: 200 });
      expect(
        await client.put(
          `/api/permission/Users/${ids.worksUser}`,
          await card(ids.worksUser as string, { realName: '越权' }),
        ),
      ).toMatchObject({ code: 400, msg: '该用户不在您可管理的数据范围内，无法操作' });
      expect(await realName(ids.worksUser as string)).toBe('worksUser');
    } finally {
      await t.app.db.updateTable('menu').set({ isDataAuthorize: false }).where('id', '=', userPage).execute();
      await t.app.bus.publish({ type: 'authorize.changed' });
    }
  });
});
