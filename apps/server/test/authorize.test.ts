import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import { dataScopeFilter } from '../src/core/permissions.repository.ts';
import type { Session } from '../src/core/session.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { relate, seededPage } from './helpers/grants.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
let mainId: string;
let page: { id: string; enCode: string };
let buttons: Record<string, string>;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  mainId = await mainSystemId(t);
  ({ page, buttons } = await seededPage(t, 'system.menu'));
});
afterAll(() => t.close());

describe('grants to a user', () => {
  test('one menu and only its add button: seen in CurrentUser and enforced; revoking is immediate', async () => {
    const userId = await t.createUser({ account: 'u1' });
    const user = await t.signIn('u1', 'Passw0rd');
    const save = await admin.put(`/api/permission/Authority/Data/${userId}`, {
      objectType: 'User',
      module: [page.id],
      button: [buttons.btn_add],
    });
    expect(save).toMatchObject({ code: 200, msg: '保存成功' });
    const me = await user.get<{
      menuList: { enCode: string; children: { enCode: string }[] }[];
      permissionList: { modelId: string; button: { enCode: string }[] }[];
    }>('/api/oauth/CurrentUser');
    // The page shows under its directory, which was not granted itself.
    expect(me.data?.menuList.map((m) => m.enCode)).toEqual(['system']);
    expect(me.data?.menuList[0]?.children.map((m) => m.enCode)).toEqual(['system.menu']);
    expect(me.data?.permissionList).toEqual([expect.objectContaining({ modelId: page.id })]);
    expect(me.data?.permissionList[0]?.button.map((b) => b.enCode)).toEqual(['btn_add']);
    const created = await user.post('/api/system/Menu', {
      systemId: mainId,
      parentId: '-1',
      fullName: 'u1',
      enCode: 'u1',
      type: 0,
    });
    expect(created.code).toBe(200);
    expect(await user.delete(`/api/system/Menu/${created.data}`)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect((await user.get(`/api/system/Menu/ModuleBySystem/${mainId}`)).code).toBe(200);

    const data = await admin.get<Record<string, string[]>>(`/api/permission/Authority/Data/User/${userId}`);
    expect(data.data).toMatchObject({ module: [page.id], button: [buttons.btn_add], systemIds: [] });

    await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', button: [] });
    expect(
      await user.post('/api/system/Menu', { systemId: mainId, parentId: '-1', fullName: 'u2', enCode: 'u2', type: 0 }),
    ).toMatchObject({ code: 403 });
    const after = await user.get<{ permissionList: { button: unknown[] }[] }>('/api/oauth/CurrentUser');
    expect(after.data?.permissionList[0]?.button).toEqual([]);
  });

  test('the directory granted with the page nests it in the menu list', async () => {
    const userId = await t.createUser({ account: 'u1b' });
    const user = await t.signIn('u1b', 'Passw0rd');
    const dir = await t.app.db.selectFrom('menu').select('id').where('enCode', '=', 'system').executeTakeFirstOrThrow();
    await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module: [dir.id, page.id] });
    const me = await user.get<{ menuList: { enCode: string; hasChildren: boolean; children: { enCode: string }[] }[] }>(
      '/api/oauth/CurrentUser',
    );
    expect(me.data?.menuList).toEqual([
      expect.objectContaining({
        enCode: 'system',
        hasChildren: true,
        children: [expect.objectContaining({ enCode: 'system.menu' })],
      }),
    ]);
  });

  test('bad input, unknown holders and items, and buttons without their menu are refused', async () => {
    const userId = await t.createUser({ account: 'u2' });
    expect(await admin.put('/api/permission/Authority/Data/999', { objectType: 'User', module: [] })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(
      await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'Role', module: [] }),
    ).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'Boss' })).toMatchObject({
      code: 400,
    });
    expect(
      await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module: 'x' }),
    ).toMatchObject({
      code: 400,
    });
    expect(
      await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module: ['999'] }),
    ).toMatchObject({
      code: 400,
      msg: '授权项不存在或已删除',
    });
    // A button id offered as a column is no column.
    expect(
      await admin.put(`/api/permission/Authority/Data/${userId}`, {
        objectType: 'User',
        module: [page.id],
        column: [buttons.btn_add],
      }),
    ).toMatchObject({ code: 400, msg: '授权项不存在或已删除' });
    expect(
      await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', button: [buttons.btn_add] }),
    ).toMatchObject({ code: 400, msg: '按钮、列表、表单和数据权限须与其所属菜单一起授权' });
    expect(await admin.get('/api/permission/Authority/Data/User/999')).toMatchObject({ code: 400, msg: '数据不存在' });
  });
});

describe('grants through roles, positions and groups', () => {
  test('each relation carries its holder grants; a disabled role carries nothing', async () => {
    const db = t.app.db;
    const org = await db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow();
    const roleId = newId();
    const positionId = newId();
    const groupId = newId();
    await db.insertInto('role').values({ id: roleId, fullName: '菜单管理员', enCode: 'menuAdmin' }).execute();
    await db
      .insertInto('position')
      .values({ id: positionId, organizeId: org.id, fullName: '岗位', enCode: 'pos1' })
      .execute();
    await db.insertInto('userGroup').values({ id: groupId, fullName: '组', enCode: 'grp1' }).execute();
    for (const [holderType, holderId, button] of [
      ['Role', roleId, 'btn_edit'],
      ['Position', positionId, 'btn_remove'],
      ['Group', groupId, 'btn_detail'],
    ] as const) {
      const userId = await t.createUser({ account: `via${holderType}` });
      const user = await t.signIn(`via${holderType}`, 'Passw0rd');
      await admin.put(`/api/permission/Authority/Data/${holderId}`, {
        objectType: holderType,
        module: [page.id],
        button: [buttons[button]],
      });
      expect((await user.get(`/api/system/Menu/ModuleBySystem/${mainId}`)).code, holderType).toBe(403);
      await relate(t, userId, holderType, holderId);
      expect((await user.get(`/api/system/Menu/ModuleBySystem/${mainId}`)).code, holderType).toBe(200);
      const me = await user.get<{
        permissionList: { button: { enCode: string }[] }[];
        userInfo: { roleIds: string[]; positionIds: { id: string }[]; groupIds: string[] };
      }>('/api/oauth/CurrentUser');
      expect(me.data?.permissionList[0]?.button.map((b) => b.enCode)).toEqual([button]);
      if (holderType === 'Role') expect(me.data?.userInfo.roleIds).toEqual([roleId]);
      if (holderType === 'Position') expect(me.data?.userInfo.positionIds).toEqual([{ id: positionId }]);
      if (holderType === 'Group') expect(me.data?.userInfo.groupIds).toEqual([groupId]);
    }
    await db.updateTable('role').set({ enabledMark: 0 }).where('id', '=', roleId).execute();
    await t.app.bus.publish({ type: 'authorize.changed' });
    const viaRole = await t.signIn('viaRole', 'Passw0rd');
    expect((await viaRole.get(`/api/system/Menu/ModuleBySystem/${mainId}`)).code).toBe(403);
  });

  test('batch adds to many holders; the menu side lists and sets holders', async () => {
    const a = await t.createUser({ account: 'batchA' });
    const b = await t.createUser({ account: 'batchB' });
    expect(
      await admin.post('/api/permission/Authority/Data/Batch', {
        userIds: [a, b],
        module: [page.id],
        button: [buttons.btn_add],
      }),
    ).toMatchObject({ code: 200 });
    const holders = await admin.get<{ list: { id: string; objectType: string; fullName: string }[] }>(
      `/api/system/Menu/getPermissionGroup/${page.id}`,
    );
    expect(holders.data?.list).toEqual(
      expect.arrayContaining([
        { id: a, objectType: 'User', fullName: 'batchA/batchA' },
        { id: b, objectType: 'User', fullName: 'batchB/batchB' },
      ]),
    );
    const grants = await admin.get<{ button: { enCode: string }[] }>(`/api/system/Menu/getPermission/${page.id}/${a}`);
    expect(grants.data?.button.map((x) => x.enCode)).toEqual(['btn_add']);
    expect(await admin.get(`/api/system/Menu/getPermission/${page.id}/999`)).toMatchObject({ code: 400 });

    const model = await admin.get<{ ids: string[] }>(`/api/permission/Authority/Model/${page.id}/User`);
    expect(model.data?.ids).toEqual(expect.arrayContaining([a, b]));
    expect(await admin.put(`/api/permission/Authority/Model/${page.id}/User`, { objectIds: [a] })).toMatchObject({
      code: 200,
    });
    expect((await admin.get<{ ids: string[] }>(`/api/permission/Authority/Model/${page.id}/User`)).data?.ids).toEqual([
      a,
    ]);
    expect(await admin.put(`/api/permission/Authority/Model/${page.id}/User`, { objectIds: ['999'] })).toMatchObject({
      code: 400,
      msg: '授权对象不存在',
    });
    expect(await admin.get('/api/permission/Authority/Model/999/User')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.post('/api/permission/Authority/Data/Batch', { module: [page.id] })).toMatchObject({
      code: 400,
      msg: '请选择授权对象',
    });
    expect(
      await admin.post('/api/permission/Authority/Data/Batch', { userIds: ['999'], module: [page.id] }),
    ).toMatchObject({ code: 400, msg: '授权对象不存在' });
  });

  test('the grant wizard steps list what may be granted and what is held', async () => {
    const userId = await t.createUser({ account: 'wizard' });
    await admin.put(`/api/permission/Authority/Data/${userId}`, {
      objectType: 'User',
      systemIds: [mainId],
      module: [page.id],
      button: [buttons.btn_add],
    });
    const systems = await admin.post<{ list: { id: string }[]; ids: string[]; all: string[] }>(
      `/api/permission/Authority/Data/${userId}/Values`,
      { objectType: 'User', type: 'system' },
    );
    expect(systems.data?.ids).toEqual([mainId]);
    const modules = await admin.post<{ list: { id: string; children: unknown[] }[]; ids: string[]; all: string[] }>(
      `/api/permission/Authority/Data/${userId}/Values`,
      { objectType: 'User', type: 'module', systemIds: [mainId] },
    );
    expect(modules.data?.list[0]?.id).toBe(mainId);
    expect(modules.data?.ids).toEqual([page.id]);
    expect(modules.data?.all.length).toBeGreaterThan(10);
    const btns = await admin.post<{ list: { id: string; children: { enCode: string }[] }[]; ids: string[] }>(
      `/api/permission/Authority/Data/${userId}/Values`,
      { objectType: 'User', type: 'button', moduleIds: [page.id] },
    );
    expect(btns.data?.list[0]?.children.map((c) => c.enCode)).toContain('btn_remove');
    expect(btns.data?.ids).toEqual([buttons.btn_add]);
    expect(
      await admin.post('/api/permission/Authority/Data/999/Values', { objectType: 'User', type: 'system' }),
    ).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(
      await admin.post(`/api/permission/Authority/Data/${userId}/Values`, { objectType: 'User', type: 'everything' }),
    ).toMatchObject({ code: 400 });
  });
});

describe('data scopes', () => {
  test('all, own organisation, own organisation and below, own records', async () => {
    const db = t.app.db;
    const root = await db.selectFrom('organize').select(['id']).where('parentId', '=', '-1').executeTakeFirstOrThrow();
    const deptId = newId();
    const subId = newId();
    await db
      .insertInto('organize')
      .values([
        {
          id: deptId,
          parentId: root.id,
          category: 'department',
          enCode: 'd1',
          fullName: '部门',
          organizeIdTree: `${root.id},${deptId}`,
        },
        {
          id: subId,
          parentId: deptId,
          category: 'department',
          enCode: 'd2',
          fullName: '科室',
          organizeIdTree: `${root.id},${deptId},${subId}`,
        },
      ])
      .execute();
    const userId = await t.createUser({ account: 'scoped' });
    await db.updateTable('appUser').set({ organizeId: deptId }).where('id', '=', userId).execute();
    const others = {
      root: await t.createUser({ account: 'atRoot' }),
      dept: await t.createUser({ account: 'atDept' }),
      sub: await t.createUser({ account: 'atSub' }),
    };
    await db.updateTable('appUser').set({ organizeId: deptId }).where('id', '=', others.dept).execute();
    await db.updateTable('appUser').set({ organizeId: subId }).where('id', '=', others.sub).execute();
    await db.updateTable('appUser').set({ creatorUserId: userId }).where('id', '=', others.root).execute();

    const userPage = await db
      .selectFrom('menu')
      .select('id')
      .where('enCode', '=', 'permission.user')
      .executeTakeFirstOrThrow();
    const scopes: Record<string, string> = {};
    for (const scopeType of ['all', 'organize', 'organizeAndSub', 'self']) {
      scopes[scopeType] = (
        await admin.post<string>('/api/system/ModuleDataAuthorizeScheme', {
          moduleId: userPage.id,
          enCode: scopeType,
          fullName: scopeType,
          scopeType,
        })
      ).data!;
    }
    const session = { userId, isAdministrator: false } as Session;
    const visible = async () => {
      const scope = await t.app.permissions.dataScope(session, 'permission.user');
      const rows = await db
        .selectFrom('appUser as u')
        .select('u.account')
        .where(dataScopeFilter(scope, { organizeId: 'u.organizeId', userId: 'u.creatorUserId' }))
        .where('u.account', 'in', ['atRoot', 'atDept', 'atSub', 'scoped'])
        .orderBy('u.account')
        .execute();
      return rows.map((r) => r.account);
    };
    const grant = async (resource: string[], dataAuthorize = true) => {
      await db.updateTable('menu').set({ isDataAuthorize: dataAuthorize }).where('id', '=', userPage.id).execute();
      await admin.put(`/api/permission/Authority/Data/${userId}`, {
        objectType: 'User',
        module: [userPage.id],
        resource,
      });
    };
    await grant([], false);
    expect(await visible()).toEqual(['atDept', 'atRoot', 'atSub', 'scoped']);
    await grant([]);
    expect(await visible()).toEqual([]);
    await grant([scopes.all!]);
    expect(await visible()).toEqual(['atDept', 'atRoot', 'atSub', 'scoped']);
    await grant([scopes.organize!]);
    expect(await visible()).toEqual(['atDept', 'scoped']);
    await grant([scopes.organizeAndSub!]);
    expect(await visible()).toEqual(['atDept', 'atSub', 'scoped']);
    await grant([scopes.self!]);
    expect(await visible()).toEqual(['atRoot']);
    await grant([scopes.self!, scopes.organize!]);
    expect(await visible()).toEqual(['atDept', 'atRoot', 'scoped']);
    expect(await t.app.permissions.dataScope({ ...session, isAdministrator: true }, 'permission.user')).toEqual({
      all: true,
    });
  });
});

describe('column display settings', () => {
  test('per user and page; only pages the user may open', async () => {
    const fields = JSON.stringify([{ prop: 'account', label: '账户', visible: false }]);
    expect(
      (await admin.get<{ list: unknown[] }>(`/api/permission/Authority/GetColumnsByModuleId/${page.id}`)).data,
    ).toEqual({ list: [] });
    expect(
      await admin.put('/api/permission/Authority/SetColumnsByModuleId', { moduleId: page.id, fieldList: fields }),
    ).toMatchObject({ code: 200, msg: '保存成功' });
    expect((await admin.get(`/api/permission/Authority/GetColumnsByModuleId/${page.id}`)).data).toEqual({
      list: [{ prop: 'account', label: '账户', visible: false }],
    });
    expect(
      await admin.put('/api/permission/Authority/SetColumnsByModuleId', { moduleId: page.id, fieldList: '[1,2]' }),
    ).toMatchObject({ code: 400, msg: '列设置不是有效的 JSON 列表' });
    expect(
      await admin.put('/api/permission/Authority/SetColumnsByModuleId', { moduleId: page.id, fieldList: 'nope' }),
    ).toMatchObject({ code: 400, msg: '列设置不是有效的 JSON 列表' });
    expect(await admin.put('/api/permission/Authority/SetColumnsByModuleId', { moduleId: page.id })).toMatchObject({
      code: 400,
    });
    expect(await admin.get('/api/permission/Authority/GetColumnsByModuleId/999')).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    const userId = await t.createUser({ account: 'cols' });
    const user = await t.signIn('cols', 'Passw0rd');
    expect(await user.get(`/api/permission/Authority/GetColumnsByModuleId/${page.id}`)).toMatchObject({ code: 403 });
    expect(
      await user.put('/api/permission/Authority/SetColumnsByModuleId', { moduleId: page.id, fieldList: fields }),
    ).toMatchObject({ code: 403 });
    await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module: [page.id] });
    // The administrator's settings are not the user's.
    expect((await user.get(`/api/permission/Authority/GetColumnsByModuleId/${page.id}`)).data).toEqual({ list: [] });
  });
});

describe('changes to the structure a grant hangs on take effect at once', () => {
  test('disabling a role, and taking the role from a user, refuse its grants on the next call', async () => {
    const root = await t.app.db
      .selectFrom('organize')
      .select('id')
      .where('parentId', '=', '-1')
      .executeTakeFirstOrThrow();
    const role = await admin.post('/api/permission/Role', {
      fullName: '菜单管理员',
      enCode: 'menuKeeper',
      globalMark: 1,
    });
    expect(role.code).toBe(200);
    const roleId = (
      await t.app.db.selectFrom('role').select('id').where('enCode', '=', 'menuKeeper').executeTakeFirstOrThrow()
    ).id;
    await admin.put(`/api/permission/Authority/Data/${roleId}`, { objectType: 'Role', module: [page.id] });
    const created = await admin.post('/api/permission/Users', {
      account: 'keeper1',
      realName: '管理员甲',
      organizeId: root.id,
      roleId,
    });
    expect(created.code).toBe(200);
    const userId = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'keeper1').executeTakeFirstOrThrow()
    ).id;
    await t.app.db
      .updateTable('appUser')
      .set({
        passwordHash: (
          await t.app.db
            .selectFrom('appUser')
            .select('passwordHash')
            .where('account', '=', 'u1')
            .executeTakeFirstOrThrow()
        ).passwordHash,
      })
      .where('id', '=', userId)
      .execute();
    const keeper = await t.signIn('keeper1', 'Passw0rd');
    const menus = `/api/system/Menu/ModuleBySystem/${mainId}`;
    expect((await keeper.get(menus)).code).toBe(200);

    expect((await admin.put(`/api/permission/Role/${roleId}/Actions/State`)).code).toBe(200);
    expect((await keeper.get(menus)).code).toBe(403);
    expect((await admin.put(`/api/permission/Role/${roleId}/Actions/State`)).code).toBe(200);
    expect((await keeper.get(menus)).code).toBe(200);

    const info = await admin.get<Record<string, unknown>>(`/api/permission/Users/${userId}`);
    expect(
      (
        await admin.put(`/api/permission/Users/${userId}`, {
          ...info.data,
          roleId: '',
          entryDate: null,
          birthday: null,
        })
      ).code,
    ).toBe(200);
    expect((await keeper.get(menus)).code).toBe(403);
  });
});
