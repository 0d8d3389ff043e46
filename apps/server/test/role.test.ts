import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { crudContract } from './helpers/crud-contract.ts';
import { appWithDepartment } from './helpers/organize-fixture.ts';
import type { Client, TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
let rootId: string;
let deptId: string;

beforeAll(async () => {
  ({ t, admin, rootId, deptId } = await appWithDepartment({ fullName: '财务部', enCode: 'fin' }));
});
afterAll(() => t.close());

describe('roles', () => {
  test('global and organisation roles; the role tree root "1"', async () => {
    const global = (
      await admin.post<{ id: string }>('/api/permission/Role', { fullName: '全员', enCode: 'everyone', globalMark: 1 })
    ).data!.id;
    const local = (
      await admin.post<{ id: string }>('/api/permission/Role', {
        fullName: '会计',
        enCode: 'accountant',
        globalMark: 0,
        organizeIdsTree: [[rootId, deptId]],
      })
    ).data!.id;
    const globals = await admin.get<{ list: { id: string; type: string }[] }>('/api/permission/Role', {
      organizeId: '1',
    });
    expect(globals.data!.list.map((r) => [r.id, r.type])).toEqual([[global, '全局']]);
    const ofDept = await admin.get<{ list: { id: string; organizeInfo: string }[] }>('/api/permission/Role', {
      organizeId: deptId,
    });
    expect(ofDept.data!.list).toEqual([expect.objectContaining({ id: local, organizeInfo: '集团总部/财务部' })]);
    expect((await admin.get<{ pagination: { total: number } }>('/api/permission/Role')).data!.pagination.total).toBe(2);

    const tree = await admin.get<{ list: { id: string; children: { id: string }[] }[] }>(
      '/api/permission/Role/Selector',
    );
    expect(tree.data!.list.map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      ['1', [global]],
      [deptId, [local]],
    ]);
    const byPermission = await admin.get<{ list: { id: string }[] }>('/api/permission/Role/SelectorByPermission');
    expect(byPermission.data!.list.map((n) => n.id)).toEqual(['1', deptId]);
    const byOrg = await admin.post<{ list: { id: string }[] }>('/api/permission/Role/getListByOrgIds', {
      organizeIds: [deptId],
    });
    expect(byOrg.data!.list.map((r) => r.id).sort()).toEqual([global, local].sort());
    const byOtherOrg = await admin.post<{ list: { id: string }[] }>('/api/permission/Role/getListByOrgIds', {
      organizeIds: [rootId],
    });
    expect(byOtherOrg.data!.list.map((r) => r.id)).toEqual([global]);
    const cond = await admin.post<{ list: { id: string }[] }>('/api/permission/Role/RoleCondition', { keyword: '会' });
    expect(cond.data!.list.map((r) => r.id)).toEqual([local]);
  });

  test('a disabled role leaves the role tree; a global role can become an organisation role', async () => {
    const id = (
      await admin.post<{ id: string }>('/api/permission/Role', { fullName: '临时', enCode: 'temp', globalMark: 1 })
    ).data!.id;
    expect(await admin.put(`/api/permission/Role/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '禁用成功' });
    const tree = await admin.get<{ list: { children: { id: string }[] }[] }>('/api/permission/Role/Selector');
    expect(tree.data!.list.flatMap((n) => n.children).some((c) => c.id === id)).toBe(false);
    expect(
      await admin.put(`/api/permission/Role/${id}`, {
        id,
        fullName: '临时组',
        enCode: 'temp',
        globalMark: 0,
        organizeIds: [deptId],
      }),
    ).toMatchObject({ code: 200 });
    expect((await admin.get(`/api/permission/Role/${id}`)).data).toMatchObject({
      globalMark: 0,
      organizeIds: [deptId],
    });
  });

  test('bad input and refusals change nothing', async () => {
    expect(await admin.post('/api/permission/Role', { fullName: 'x', enCode: 'x' })).toMatchObject({
      code: 400,
      msg: '缺少必填字段 globalMark',
    });
    expect(await admin.post('/api/permission/Role', { fullName: 'x', enCode: 'x', globalMark: 0 })).toMatchObject({
      code: 400,
      msg: '组织角色至少选择一个所属组织',
    });
    expect(
      await admin.post('/api/permission/Role', { fullName: 'x', enCode: 'x', globalMark: 0, organizeIds: ['ghost'] }),
    ).toMatchObject({
      code: 400,
      msg: '组织不存在：ghost',
    });
    expect(await admin.post('/api/permission/Role', { fullName: 'x', enCode: 'x', globalMark: '1' })).toMatchObject({
      code: 400,
    });
    const held = (
      await admin.post<{ id: string }>('/api/permission/Role', { fullName: '持有', enCode: 'held', globalMark: 1 })
    ).data!.id;
    await admin.post('/api/permission/Users', {
      account: 'roleholder',
      realName: 'x',
      organizeId: deptId,
      roleId: held,
    });
    expect(await admin.delete(`/api/permission/Role/${held}`)).toMatchObject({
      code: 400,
      msg: '该角色下存在用户，不能删除',
    });
  });

  test('SelectorByPermission for a plain user: global roles and their own organisations', async () => {
    const other = (
      await admin.post<{ id: string }>('/api/permission/Organize/Department', {
        parentId: rootId,
        fullName: '别部',
        enCode: 'other',
      })
    ).data!.id;
    const mine = (
      await admin.post<{ id: string }>('/api/permission/Role', {
        fullName: '本部角色',
        enCode: 'mine',
        globalMark: 0,
        organizeIds: [deptId],
      })
    ).data!.id;
    const theirs = (
      await admin.post<{ id: string }>('/api/permission/Role', {
        fullName: '别部角色',
        enCode: 'theirs',
        globalMark: 0,
        organizeIds: [other],
      })
    ).data!.id;
    await admin.post('/api/permission/Users', { account: 'plainrole', realName: 'x', organizeId: deptId });
    const plain = await t.signIn('plainrole', '123456');
    const tree = await plain.get<{ list: { children: { id: string }[] }[] }>(
      '/api/permission/Role/SelectorByPermission',
    );
    const ids = tree.data!.list.flatMap((n) => n.children.map((c) => c.id));
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(await plain.get('/api/permission/Role')).toMatchObject({ code: 403 });
    expect(await plain.put(`/api/permission/Role/${mine}/Actions/State`)).toMatchObject({ code: 403 });
  });
});

describe('roles: the administration list and form', () => {
  crudContract(
    { base: '/api/permission/Role', fields: () => ({ globalMark: 1 }), codeTaken: '角色编码已存在', hasState: true },
    () => ({ t, admin }),
  );
});
