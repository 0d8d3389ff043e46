import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mainSystemId } from './helpers/form-menu.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Organisation roles (global_mark 0) are bound to organisations: a user may hold one only when it
 * belongs to one of them, and the role's grants count only while the user's current organisation
 * (the first of its organisations) is one of the role's. Global roles always count.
 */

interface Me {
  menuList: { enCode: string; children: { enCode: string }[] }[];
  permissionList: { modelId: string; button: { enCode: string }[] }[];
  userInfo: { organizeId: string; roleIds: string[]; roleName: string };
}

let t: TestApp;
let admin: Client;
let rootId: string;
let eastId: string;
let westId: string;
let northId: string;
let menuPage: { id: string; btnAdd: string };
let groupPage: string;
let positionPage: string;
let orgRole: string;
let globalRole: string;

const menuCodes = (me: Me | undefined) => me?.menuList.flatMap((m) => m.children.map((c) => c.enCode)).sort();

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const db = t.app.db;
  rootId = (await db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow()).id;
  const department = async (fullName: string, enCode: string) =>
    (await admin.post<{ id: string }>('/api/permission/Organize/Department', { parentId: rootId, fullName, enCode }))
      .data!.id;
  eastId = await department('华东部', 'east');
  westId = await department('华西部', 'west');
  northId = await department('华北部', 'north');
  const pageId = async (enCode: string) =>
    (await db.selectFrom('menu').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;
  const menuId = await pageId('system.menu');
  const btnAdd = (
    await db
      .selectFrom('modulePermission')
      .select('id')
      .where('menuId', '=', menuId)
      .where('enCode', '=', 'btn_add')
      .executeTakeFirstOrThrow()
  ).id;
  menuPage = { id: menuId, btnAdd };
  groupPage = await pageId('permission.group');
  positionPage = await pageId('permission.position');

  orgRole = (
    await admin.post<{ id: string }>('/api/permission/Role', {
      fullName: '华东菜单员',
      enCode: 'eastMenus',
      globalMark: 0,
      organizeIds: [eastId],
    })
  ).data!.id;
  globalRole = (
    await admin.post<{ id: string }>('/api/permission/Role', { fullName: '分组员', enCode: 'groups', globalMark: 1 })
  ).data!.id;
  expect(
    await admin.put(`/api/permission/Authority/Data/${orgRole}`, {
      objectType: 'Role',
      module: [menuPage.id],
      button: [menuPage.btnAdd],
    }),
  ).toMatchObject({ code: 200 });
  expect(
    await admin.put(`/api/permission/Authority/Data/${globalRole}`, { objectType: 'Role', module: [groupPage] }),
  ).toMatchObject({ code: 200 });
});
afterAll(() => t.close());

async function newUser(account: string, organizeId: string, roleId: string) {
  return admin.post('/api/permission/Users', { account, realName: account, organizeId, roleId });
}

async function userId(account: string) {
  return (await t.app.db.selectFrom('appUser').select('id').where('account', '=', account).executeTakeFirstOrThrow())
    .id;
}

/** Sets the user's organisations (the first is the current one), keeping everything else of its card. */
async function moveUser(id: string, organizeId: string, roleId?: string) {
  const info = await admin.get<Record<string, unknown>>(`/api/permission/Users/${id}`);
  return admin.put(`/api/permission/Users/${id}`, {
    ...info.data,
    organizeId,
    ...(roleId === undefined ? {} : { roleId }),
    entryDate: null,
    birthday: null,
  });
}

describe('assigning an organisation role', () => {
  test('refused, naming the role, when the user belongs to none of its organisations', async () => {
    expect(await newUser('outsider', westId, orgRole)).toMatchObject({
      code: 400,
      msg: '角色 华东菜单员 不属于该用户所在的任何组织',
    });
    expect(await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'outsider').execute()).toEqual([]);
    const english = await admin.call({
      method: 'POST',
      url: '/api/permission/Users',
      headers: { 'accept-language': 'en' },
      payload: { account: 'outsider', realName: 'x', organizeId: westId, roleId: orgRole },
    });
    expect(english).toMatchObject({
      code: 400,
      msg: 'The role 华东菜单员 belongs to none of the organisations of this user',
    });
    const traditional = await admin.call({
      method: 'POST',
      url: '/api/permission/Users',
      headers: { 'accept-language': 'zh-TW' },
      payload: { account: 'outsider', realName: 'x', organizeId: westId, roleId: orgRole },
    });
    expect(traditional).toMatchObject({ code: 400, msg: '角色 华东菜单员 不屬於該用戶所在的任何組織' });
  });

  test('accepted when one of the user’s organisations is the role’s, current or not; global roles fit anyone', async () => {
    expect(await newUser('inEast', eastId, `${orgRole},${globalRole}`)).toMatchObject({ code: 200 });
    expect(await newUser('westThenEast', `${westId},${eastId}`, orgRole)).toMatchObject({ code: 200 });
    expect(await newUser('globalOnly', northId, globalRole)).toMatchObject({ code: 200 });
  });

  test('an update that takes the role’s organisation away from its holder is refused and changes nothing', async () => {
    const id = await userId('inEast');
    expect(await moveUser(id, westId)).toMatchObject({ code: 400, msg: '角色 华东菜单员 不属于该用户所在的任何组织' });
    const info = await admin.get<{ organizeId: string; roleId: string }>(`/api/permission/Users/${id}`);
    expect(info.data).toMatchObject({ organizeId: eastId });
    expect(info.data?.roleId.split(',').sort()).toEqual([orgRole, globalRole].sort());
    // Taking the role away with the organisation is fine.
    expect(await moveUser(id, westId, globalRole)).toMatchObject({ code: 200 });
    expect(await moveUser(id, eastId, `${orgRole},${globalRole}`)).toMatchObject({ code: 200 });
  });
});

describe('an organisation role counts only in one of its organisations', () => {
  test('the current organisation decides; global roles and the user’s own grants always count', async () => {
    const id = await userId('westThenEast');
    await admin.put(`/api/permission/Authority/Data/${id}`, { objectType: 'User', module: [positionPage] });
    expect(await moveUser(id, `${westId},${eastId}`, `${orgRole},${globalRole}`)).toMatchObject({ code: 200 });
    const user = await t.signIn('westThenEast', '123456');
    const mainId = await mainSystemId(t);
    // system.menu's list (the menu alone) and its add button.
    const menuList = async () => (await user.get(`/api/system/Menu/ModuleBySystem/${mainId}`)).code;
    const addMenu = async (enCode: string) =>
      (await user.post('/api/system/Menu', { systemId: mainId, parentId: '-1', fullName: enCode, enCode, type: 0 }))
        .code;

    // Current organisation 华西部: the role of 华东部 carries nothing.
    let me = (await user.get<Me>('/api/oauth/CurrentUser')).data;
    expect(me?.userInfo.organizeId).toBe(westId);
    expect(menuCodes(me)).toEqual(['permission.group', 'permission.position']);
    expect(me?.userInfo.roleIds).toEqual([globalRole]);
    expect(me?.userInfo.roleName).toBe('分组员');
    expect(await menuList()).toBe(403);
    expect(await addMenu('w1')).toBe(403);

    // Now working in 华东部: the role's menu and its add button, at the next call.
    expect(await moveUser(id, `${eastId},${westId}`)).toMatchObject({ code: 200 });
    me = (await user.get<Me>('/api/oauth/CurrentUser')).data;
    expect(me?.userInfo.organizeId).toBe(eastId);
    expect(menuCodes(me)).toEqual(['permission.group', 'permission.position', 'system.menu']);
    expect(me?.userInfo.roleIds.sort()).toEqual([orgRole, globalRole].sort());
    expect(me?.permissionList.find((p) => p.modelId === menuPage.id)?.button.map((b) => b.enCode)).toEqual(['btn_add']);
    expect(await menuList()).toBe(200);
    expect(await addMenu('e1')).toBe(200);

    // Back in 华西部: gone again, menus and buttons alike.
    expect(await moveUser(id, `${westId},${eastId}`)).toMatchObject({ code: 200 });
    me = (await user.get<Me>('/api/oauth/CurrentUser')).data;
    expect(menuCodes(me)).toEqual(['permission.group', 'permission.position']);
    expect(me?.permissionList.some((p) => p.modelId === menuPage.id)).toBe(false);
    expect(await menuList()).toBe(403);
    expect(await addMenu('w2')).toBe(403);
  });

  test('taking the current organisation off the role drops its grants at the next call', async () => {
    const user = await t.signIn('inEast', '123456');
    expect(menuCodes((await user.get<Me>('/api/oauth/CurrentUser')).data)).toEqual(['permission.group', 'system.menu']);
    const role = await admin.get<Record<string, unknown>>(`/api/permission/Role/${orgRole}`);
    expect(await admin.put(`/api/permission/Role/${orgRole}`, { ...role.data, organizeIds: [northId] })).toMatchObject({
      code: 200,
    });
    expect(menuCodes((await user.get<Me>('/api/oauth/CurrentUser')).data)).toEqual(['permission.group']);
    expect(
      await admin.put(`/api/permission/Role/${orgRole}`, { ...role.data, organizeIds: [eastId, northId] }),
    ).toMatchObject({ code: 200 });
    expect(menuCodes((await user.get<Me>('/api/oauth/CurrentUser')).data)).toEqual(['permission.group', 'system.menu']);
  });

  test('the role lists by organisation still find it under each of its organisations', async () => {
    const ofEast = await admin.get<{ list: { id: string }[] }>('/api/permission/Role', { organizeId: eastId });
    expect(ofEast.data?.list.map((r) => r.id)).toEqual([orgRole]);
    const ofWest = await admin.get<{ list: { id: string }[] }>('/api/permission/Role', { organizeId: westId });
    expect(ofWest.data?.list).toEqual([]);
    const usable = await admin.post<{ list: { id: string }[] }>('/api/permission/Role/getListByOrgIds', {
      organizeIds: [northId],
    });
    expect(usable.data?.list.map((r) => r.id).sort()).toEqual([orgRole, globalRole].sort());
    const elsewhere = await admin.post<{ list: { id: string }[] }>('/api/permission/Role/getListByOrgIds', {
      organizeIds: [westId],
    });
    expect(elsewhere.data?.list.map((r) => r.id)).toEqual([globalRole]);
  });
});
