import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { relate, seededPage } from './helpers/grants.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

const base = '/api/permission/PermissionGroup';

let t: TestApp;
let admin: Client;
let mainId: string;
let page: { id: string; enCode: string };
let buttons: Record<string, string>;

interface Row {
  id: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  memberCount: number;
}

async function createGroup(fields: Partial<{ fullName: string; enCode: string; enabledMark: number }> = {}) {
  const enCode = fields.enCode ?? `pg${newId()}`;
  const created = await admin.post<{ id: string }>(base, { fullName: enCode, enCode, ...fields });
  expect(created).toMatchObject({ code: 200, msg: '新建成功' });
  return created.data!.id;
}

async function createRole(enCode: string) {
  const created = await admin.post<string>('/api/permission/Role', { fullName: enCode, enCode, globalMark: 1 });
  expect(created.code).toBe(200);
  return (await t.app.db.selectFrom('role').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  mainId = await mainSystemId(t);
  ({ page, buttons } = await seededPage(t, 'system.menu'));
});
afterAll(() => t.close());

describe('permission groups: the list page', () => {
  test('create, read, update, list by keyword and state, refuse a taken code, delete', async () => {
    const id = await createGroup({ fullName: '财务权限', enCode: 'finance' });
    expect(await admin.get(`${base}/${id}`)).toMatchObject({
      code: 200,
      data: { id, fullName: '财务权限', enCode: 'finance', enabledMark: 1, memberCount: 0, description: '' },
    });
    expect(await admin.post(base, { fullName: 'x', enCode: 'FINANCE' })).toMatchObject({
      code: 400,
      msg: '权限组编码已存在',
    });
    expect(await admin.post(base, { fullName: '', enCode: 'x' })).toMatchObject({
      code: 400,
      msg: '字段 fullName 不能少于 1 个字符',
    });
    expect(
      await admin.put(`${base}/${id}`, { id, fullName: '财务权限组', enCode: 'finance', enabledMark: 0 }),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    const found = await admin.get<{ list: Row[]; pagination: { total: number } }>(base, {
      keyword: '财务',
      enabledMark: '0',
      currentPage: '1',
      pageSize: '20',
    });
    expect(found.data?.list.map((r) => r.fullName)).toEqual(['财务权限组']);
    // The 3.6 client sends every filter, empty ones included.
    const all = await admin.get<{ list: Row[] }>(base, { keyword: '', currentPage: '1', pageSize: '20' });
    expect(all.data?.list.map((r) => r.id)).toContain(id);
    expect(await admin.delete(`${base}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await admin.get(`${base}/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('members are saved as <id>--type, listed with names, and must exist', async () => {
    const id = await createGroup();
    const userId = await t.createUser({ account: 'member1', realName: '成员一' });
    const roleId = await createRole('memberRole');
    const organize = await t.app.db.selectFrom('organize').select(['id', 'fullName']).executeTakeFirstOrThrow();
    const saved = await admin.post(`${base}/PermissionMember/${id}`, {
      ids: [`${userId}--user`, `${roleId}--role`, `${organize.id}--company`],
    });
    expect(saved).toMatchObject({ code: 200, msg: '保存成功' });
    const members = await admin.get<{ ids: string[]; list: { id: string; type: string; fullName: string }[] }>(
      `${base}/PermissionMember/${id}`,
    );
    expect(members.data?.ids.sort()).toEqual([`${organize.id}--organize`, `${roleId}--role`, `${userId}--user`].sort());
    expect(members.data?.list).toEqual(
      expect.arrayContaining([
        { id: userId, type: 'User', fullName: '成员一/member1' },
        { id: roleId, type: 'Role', fullName: 'memberRole' },
        { id: organize.id, type: 'Organize', fullName: organize.fullName },
      ]),
    );
    expect((await admin.get<Row>(`${base}/${id}`)).data?.memberCount).toBe(3);
    expect(await admin.post(`${base}/PermissionMember/${id}`, { ids: ['999--user'] })).toMatchObject({
      code: 400,
      msg: '成员不存在或已删除',
    });
    expect(await admin.post(`${base}/PermissionMember/${id}`, { ids: [`${userId}--nobody`] })).toMatchObject({
      code: 400,
    });
    expect((await admin.get<{ ids: string[] }>(`${base}/PermissionMember/${id}`)).data?.ids).toHaveLength(3);
  });

  test('a copy carries the grants and members, starts disabled, and has its own code', async () => {
    const id = await createGroup({ fullName: '源', enCode: 'source' });
    const userId = await t.createUser({ account: 'copyMember' });
    await admin.post(`${base}/PermissionMember/${id}`, { ids: [`${userId}--user`] });
    await admin.put(`/api/permission/Authority/Data/${id}`, {
      objectType: 'PermissionGroup',
      module: [page.id],
      button: [buttons.btn_add],
    });
    const copied = await admin.post<{ id: string }>(`${base}/${id}/Actions/Copy`);
    expect(copied).toMatchObject({ code: 200, msg: '复制成功' });
    const copy = await admin.get<Row>(`${base}/${copied.data!.id}`);
    expect(copy.data).toMatchObject({ enabledMark: 0, memberCount: 1 });
    expect(copy.data?.fullName).toMatch(/^源\.副本\d{6}$/);
    expect(copy.data?.enCode).not.toBe('source');
    const grants = await admin.get<{ module: string[]; button: string[] }>(
      `/api/permission/Authority/Data/PermissionGroup/${copied.data!.id}`,
    );
    expect(grants.data).toMatchObject({ module: [page.id], button: [buttons.btn_add] });
  });

  test('the selector lists enabled groups only, to any signed-in user', async () => {
    const on = await createGroup({ enCode: 'selectorOn' });
    const off = await createGroup({ enCode: 'selectorOff', enabledMark: 0 });
    await t.createUser({ account: 'plainSelector' });
    const plain = await t.signIn('plainSelector', 'Passw0rd');
    const list = await plain.get<{ list: { id: string }[] }>(`${base}/Selector`);
    expect(list.data?.list.map((g) => g.id)).toContain(on);
    expect(list.data?.list.map((g) => g.id)).not.toContain(off);
    expect(await plain.get(base)).toMatchObject({ code: 403, msg: '暂无权限' });
  });
});

describe('permission groups: deleted members', () => {
  test('a deleted role leaves the groups it was in, and its own group goes with it', async () => {
    const roleId = await createRole('shortLived');
    const groupId = await createGroup({ enCode: 'outlives' });
    await admin.post(`${base}/PermissionMember/${groupId}`, { ids: [`${roleId}--role`] });
    await admin.put(`/api/permission/Authority/Data/${roleId}`, { objectType: 'Role', module: [page.id] });
    const own = await admin.get<{ list: { id: string }[] }>(`${base}/getPermissionGroup`, {
      id: roleId,
      objectType: 'role',
    });
    expect(own.data?.list).toHaveLength(2);
    // The role's own group reads as the role with its kind, under the role's code.
    const ownGroup = own.data?.list.find((g) => g.id !== groupId);
    expect(ownGroup).toMatchObject({ fullName: 'shortLived（角色）', enCode: 'shortLived.role' });
    expect(await admin.delete(`/api/permission/Role/${roleId}`)).toMatchObject({ code: 200 });
    expect((await admin.get<Row>(`${base}/${groupId}`)).data?.memberCount).toBe(0);
    const ownGroupId = own.data?.list.find((g) => g.id !== groupId)?.id;
    expect(await admin.get(`${base}/${ownGroupId}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    const holders = await admin.get<{ list: { id: string }[] }>(`/api/system/Menu/getPermissionGroup/${page.id}`);
    expect(holders.data?.list.map((h) => h.id)).not.toContain(roleId);
  });
});

describe('permission groups: own groups follow their holder', () => {
  const ownGroupOf = async (id: string, objectType: 'role' | 'position' | 'group') => {
    const groups = await admin.get<{ list: Row[] }>(`${base}/getPermissionGroup`, { id, objectType });
    return groups.data!.list[0]!;
  };

  test('renaming a role renames its own group; a group someone named otherwise keeps its name', async () => {
    const roleId = await createRole('renamed');
    await admin.put(`/api/permission/Authority/Data/${roleId}`, { objectType: 'Role', module: [page.id] });
    expect(await ownGroupOf(roleId, 'role')).toMatchObject({ fullName: 'renamed（角色）', enCode: 'renamed.role' });

    const renamed = { id: roleId, fullName: '出纳', enCode: 'cashier', globalMark: 1 };
    expect(await admin.put(`/api/permission/Role/${roleId}`, renamed)).toMatchObject({ code: 200 });
    const own = await ownGroupOf(roleId, 'role');
    expect(own).toMatchObject({ fullName: '出纳（角色）', enCode: 'cashier.role' });
    // Still the same group, with the grants it held.
    expect(
      (await admin.get<{ list: { id: string }[] }>(`${base}/getPermissionGroup`, { id: roleId, objectType: 'role' }))
        .data!.list,
    ).toHaveLength(1);

    expect(await admin.put(`${base}/${own.id}`, { fullName: '收银组', enCode: 'tills' })).toMatchObject({ code: 200 });
    expect(
      await admin.put(`/api/permission/Role/${roleId}`, { ...renamed, fullName: '总出纳', enCode: 'chief' }),
    ).toMatchObject({
      code: 200,
    });
    expect(await ownGroupOf(roleId, 'role')).toMatchObject({ id: own.id, fullName: '收银组', enCode: 'tills' });
  });

  test('renaming a user group renames its own group; a code another group holds is numbered past', async () => {
    await createGroup({ enCode: 'readers.group' });
    const groupId = (
      await admin.post<{ id: string }>('/api/permission/Group', { fullName: '书友', enCode: 'books', type: '兴趣' })
    ).data!.id;
    await admin.put(`/api/permission/Authority/Data/${groupId}`, { objectType: 'Group', module: [page.id] });
    expect(await ownGroupOf(groupId, 'group')).toMatchObject({ fullName: '书友（分组）', enCode: 'books.group' });
    await admin.put(`/api/permission/Group/${groupId}`, { fullName: '读者', enCode: 'readers', type: '兴趣' });
    expect(await ownGroupOf(groupId, 'group')).toMatchObject({ fullName: '读者（分组）', enCode: 'readers.group.2' });
  });
});

describe('permission groups: effective rights', () => {
  test('a user reaches a menu only through a group its role belongs to; taking the role out revokes it', async () => {
    const userId = await t.createUser({ account: 'viaGroupRole' });
    const roleId = await createRole('viaGroupRole');
    await relate(t, userId, 'Role', roleId);
    const user = await t.signIn('viaGroupRole', 'Passw0rd');
    const modules = `/api/system/Menu/ModuleBySystem/${mainId}`;
    expect(await user.get(modules)).toMatchObject({ code: 403, msg: '暂无权限' });

    const groupId = await createGroup({ enCode: 'menuReaders' });
    await admin.put(`/api/permission/Authority/Data/${groupId}`, {
      objectType: 'PermissionGroup',
      module: [page.id],
      button: [buttons.btn_add],
    });
    // Granted to the group, but nobody belongs to it yet.
    expect(await user.get(modules)).toMatchObject({ code: 403, msg: '暂无权限' });

    await admin.post(`${base}/PermissionMember/${groupId}`, { ids: [`${roleId}--role`] });
    expect((await user.get(modules)).code).toBe(200);
    const me = await user.get<{ permissionList: { modelId: string; button: { enCode: string }[] }[] }>(
      '/api/oauth/CurrentUser',
    );
    expect(me.data?.permissionList).toEqual([
      expect.objectContaining({ modelId: page.id, button: [expect.objectContaining({ enCode: 'btn_add' })] }),
    ]);

    await admin.post(`${base}/PermissionMember/${groupId}`, { ids: [] });
    expect(await user.get(modules)).toMatchObject({ code: 403, msg: '暂无权限' });
  });

  test('a disabled group grants nothing; groups reached through an organisation and a position add up', async () => {
    const userId = await t.createUser({ account: 'unionUser' });
    const user = await t.signIn('unionUser', 'Passw0rd');
    const organizeId = (
      await t.app.db.selectFrom('appUser').select('organizeId').where('id', '=', userId).executeTakeFirstOrThrow()
    ).organizeId!;
    const viaOrganize = await createGroup({ enCode: 'viaOrganize' });
    await admin.put(`/api/permission/Authority/Data/${viaOrganize}`, {
      objectType: 'PermissionGroup',
      module: [page.id],
    });
    await admin.post(`${base}/PermissionMember/${viaOrganize}`, { ids: [`${organizeId}--organize`] });
    const viaUser = await createGroup({ enCode: 'viaUser' });
    await admin.put(`/api/permission/Authority/Data/${viaUser}`, {
      objectType: 'PermissionGroup',
      module: [page.id],
      button: [buttons.btn_edit],
    });
    await admin.post(`${base}/PermissionMember/${viaUser}`, { ids: [`${userId}--user`] });
    const me = async () =>
      (
        await user.get<{ permissionList: { modelId: string; button: { enCode: string }[] }[] }>(
          '/api/oauth/CurrentUser',
        )
      ).data?.permissionList
        .find((p) => p.modelId === page.id)
        ?.button.map((b) => b.enCode);
    expect(await me()).toEqual(['btn_edit']);

    await admin.put(`${base}/${viaUser}`, { fullName: 'viaUser', enCode: 'viaUser', enabledMark: 0 });
    expect(await me()).toEqual([]);
    await admin.delete(`${base}/${viaOrganize}`);
    expect(await me()).toBeUndefined();
  });
});

describe('permission groups: the "permissions" views', () => {
  test('which groups reach a user, role, organisation or menu, and what one of them grants', async () => {
    const userId = await t.createUser({ account: 'viewed' });
    const roleId = await createRole('viewedRole');
    await relate(t, userId, 'Role', roleId);
    const groupId = await createGroup({ fullName: '查看组', enCode: 'viewers' });
    await admin.put(`/api/permission/Authority/Data/${groupId}`, {
      objectType: 'PermissionGroup',
      systemIds: [mainId],
      module: [page.id],
      button: [buttons.btn_add],
    });
    await admin.post(`${base}/PermissionMember/${groupId}`, { ids: [`${roleId}--role`] });

    const ofUser = await admin.get<{ type: number; list: { id: string; fullName: string }[] }>(
      `${base}/getPermissionGroup`,
      { id: userId, objectType: 'user' },
    );
    // The user is also in the root organisation, which an earlier group has as a member.
    expect(ofUser.data?.type).toBe(1);
    expect(ofUser.data?.list).toContainEqual({ id: groupId, fullName: '查看组', enCode: 'viewers' });
    const ofRole = await admin.get(`${base}/getPermissionGroup`, { id: roleId, objectType: 'Role' });
    expect(ofRole.data).toEqual({ type: 1, list: [{ id: groupId, fullName: '查看组', enCode: 'viewers' }] });
    const ofMenu = await admin.get<{ list: { id: string }[] }>(`${base}/getPermissionGroup`, {
      id: page.id,
      objectType: 'module',
    });
    expect(ofMenu.data?.list.map((g) => g.id)).toContain(groupId);
    const nobody = await createRole('notViewed');
    expect((await admin.get(`${base}/getPermissionGroup`, { id: nobody, objectType: 'role' })).data).toEqual({
      type: 0,
      list: [],
    });
    expect(await admin.get(`${base}/getPermissionGroup`, { id: userId, objectType: 'planet' })).toMatchObject({
      code: 400,
      msg: 'objectType 只能是 user、role、position、organize、group 或 module',
    });

    interface Node {
      id: string;
      type: string;
      children: Node[];
    }
    const tree = await admin.get<{ list: Node[] }>(`${base}/getPermission`, {
      id: userId,
      objectType: 'user',
      permissionId: groupId,
    });
    expect(tree.data?.list.map((n) => [n.id, n.type])).toEqual([[mainId, 'system']]);
    const menuNode = tree.data?.list[0]?.children.find((n) => n.id === page.id);
    expect(menuNode?.children.map((n) => [n.id, n.type])).toEqual([[buttons.btn_add, 'button']]);
    const ofMenuTree = await admin.get<{ list: Node[] }>(`${base}/getPermission`, {
      id: page.id,
      objectType: 'module',
      permissionId: groupId,
    });
    expect(ofMenuTree.data?.list.map((n) => n.id)).toEqual([page.id]);
    // A group that does not reach the object is not shown through it.
    expect(
      await admin.get(`${base}/getPermission`, { id: nobody, objectType: 'role', permissionId: groupId }),
    ).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test("a holder's own grants show on the menu page as the holder; a group's as the group", async () => {
    const roleId = await createRole('ownGrants');
    await admin.put(`/api/permission/Authority/Data/${roleId}`, { objectType: 'Role', module: [page.id] });
    const groupId = await createGroup({ fullName: '菜单组', enCode: 'menuGroup' });
    await admin.put(`/api/permission/Authority/Data/${groupId}`, {
      objectType: 'PermissionGroup',
      module: [page.id],
      button: [buttons.btn_edit],
    });
    const holders = await admin.get<{ list: { id: string; objectType: string; fullName: string }[] }>(
      `/api/system/Menu/getPermissionGroup/${page.id}`,
    );
    expect(holders.data?.list).toEqual(
      expect.arrayContaining([
        { id: roleId, objectType: 'Role', fullName: 'ownGrants' },
        { id: groupId, objectType: 'PermissionGroup', fullName: '菜单组' },
      ]),
    );
    const grants = await admin.get<{ button: { enCode: string }[] }>(
      `/api/system/Menu/getPermission/${page.id}/${groupId}`,
    );
    expect(grants.data?.button.map((b) => b.enCode)).toEqual(['btn_edit']);
  });
});
