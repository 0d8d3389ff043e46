import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mainSystemId } from './helpers/form-menu.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
let mainId: string;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  mainId = await mainSystemId(t);
});
afterAll(() => t.close());

interface SystemInfo {
  id: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  isMain: boolean;
}

const input = (over: Record<string, unknown> = {}) => ({ fullName: '客户关系', enCode: 'crm', sortCode: 1, ...over });

describe('applications', () => {
  test('list, create, read, edit', async () => {
    const list = await admin.get<{ list: SystemInfo[] }>('/api/system/System');
    expect(list.code).toBe(200);
    expect(list.data?.list).toEqual([expect.objectContaining({ enCode: 'main', isMain: true })]);

    const created = await admin.post<string>('/api/system/System', input());
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data!;
    expect((await admin.get<SystemInfo>(`/api/system/System/${id}`)).data).toMatchObject({
      fullName: '客户关系',
      enCode: 'crm',
      enabledMark: 1,
      isMain: false,
    });
    const edited = await admin.put(`/api/system/System/${id}`, input({ fullName: '客户关系管理', enabledMark: 0 }));
    expect(edited).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await admin.get<SystemInfo>(`/api/system/System/${id}`)).data).toMatchObject({
      fullName: '客户关系管理',
      enabledMark: 0,
    });
    const filtered = await admin.get<{ list: SystemInfo[] }>('/api/system/System', { keyword: 'CRM' });
    expect(filtered.data?.list.map((s) => s.id)).toEqual([id]);
    const enabled = await admin.get<{ list: SystemInfo[] }>('/api/system/System/Selector');
    expect(enabled.data?.list.map((s) => s.enCode)).toEqual(['main']);
  });

  test('codes and names are unique', async () => {
    await admin.post('/api/system/System', input({ fullName: '办公', enCode: 'oa' }));
    expect(await admin.post('/api/system/System', input({ fullName: '办公2', enCode: 'oa' }))).toMatchObject({
      code: 400,
      msg: '编码已存在',
    });
    expect(await admin.post('/api/system/System', input({ fullName: '办公', enCode: 'oa2' }))).toMatchObject({
      code: 400,
      msg: '名称已存在',
    });
  });

  test('bad input names the field and changes nothing', async () => {
    const res = await admin.post('/api/system/System', { fullName: '', enCode: 'x y' });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('fullName');
    expect(await admin.post('/api/system/System', { enCode: 'abc' })).toMatchObject({ code: 400 });
    expect(await admin.post('/api/system/System', input({ sortCode: '1' }))).toMatchObject({ code: 400 });
  });

  test('unknown ids answer 数据不存在', async () => {
    expect(await admin.get('/api/system/System/999')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.put('/api/system/System/999', input())).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.put('/api/system/System/999/Actions/State')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.delete('/api/system/System/999')).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('the main application is neither disabled nor deleted', async () => {
    expect(await admin.put(`/api/system/System/${mainId}/Actions/State`)).toMatchObject({
      code: 400,
      msg: '主系统不能禁用',
    });
    expect(await admin.delete(`/api/system/System/${mainId}`)).toMatchObject({ code: 400, msg: '主系统不能删除' });
  });

  test('state toggles; delete is refused while menus remain', async () => {
    const id = (await admin.post<string>('/api/system/System', input({ fullName: '仓储', enCode: 'wms' }))).data!;
    await admin.put(`/api/system/System/${id}/Actions/State`);
    expect((await admin.get<SystemInfo>(`/api/system/System/${id}`)).data?.enabledMark).toBe(0);
    await admin.put(`/api/system/System/${id}/Actions/State`);
    expect((await admin.get<SystemInfo>(`/api/system/System/${id}`)).data?.enabledMark).toBe(1);
    const menu = await admin.post<string>('/api/system/Menu', {
      systemId: id,
      parentId: '-1',
      fullName: '库存',
      enCode: 'wms.stock',
      type: 0,
    });
    expect(menu.code).toBe(200);
    expect(await admin.delete(`/api/system/System/${id}`)).toMatchObject({
      code: 400,
      msg: '该应用下存在菜单，不能删除',
    });
    await admin.delete(`/api/system/Menu/${menu.data}`);
    expect(await admin.delete(`/api/system/System/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await admin.get(`/api/system/System/${id}`)).toMatchObject({ code: 400 });
  });
});

describe('application switch', () => {
  test('the administrator switches to any enabled application; CurrentUser follows', async () => {
    const id = (await admin.post<string>('/api/system/System', input({ fullName: '财务', enCode: 'fin' }))).data!;
    const res = await admin.put('/api/permission/Users/Current/major', { majorId: id, majorType: 'System' });
    expect(res).toMatchObject({ code: 200, msg: '切换成功' });
    const me = await admin.get<{ userInfo: { systemId: string; systemIds: { id: string; currentSystem: boolean }[] } }>(
      '/api/oauth/CurrentUser',
    );
    expect(me.data?.userInfo.systemId).toBe(id);
    expect(me.data?.userInfo.systemIds.find((s) => s.currentSystem)?.id).toBe(id);
    await admin.put('/api/permission/Users/Current/major', { majorId: mainId, majorType: 'System' });
  });

  test('bad switches are refused', async () => {
    expect(
      await admin.put('/api/permission/Users/Current/major', { majorId: mainId, majorType: 'Organize' }),
    ).toMatchObject({
      code: 400,
      msg: '不支持的切换类型：Organize',
    });
    expect(
      await admin.put('/api/permission/Users/Current/major', { majorId: '999', majorType: 'System' }),
    ).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await admin.put('/api/permission/Users/Current/major', { majorType: 'System' })).toMatchObject({
      code: 400,
    });
  });

  test('a user switches only to applications it is granted', async () => {
    const other = (await admin.post<string>('/api/system/System', input({ fullName: '人事', enCode: 'hr' }))).data!;
    const userId = await t.createUser({ account: 'switcher' });
    const user = await t.signIn('switcher', 'Passw0rd');
    expect(
      await user.put('/api/permission/Users/Current/major', { majorId: other, majorType: 'System' }),
    ).toMatchObject({
      code: 400,
      msg: '您没有该应用的权限',
    });
    await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', systemIds: [other] });
    expect(
      await user.put('/api/permission/Users/Current/major', { majorId: other, majorType: 'System' }),
    ).toMatchObject({
      code: 200,
    });
    const me = await user.get<{ userInfo: { systemId: string; systemIds: { id: string }[] } }>(
      '/api/oauth/CurrentUser',
    );
    expect(me.data?.userInfo.systemId).toBe(other);
    expect(me.data?.userInfo.systemIds.map((s) => s.id)).toEqual([other]);
  });

  test('a user without grants cannot manage applications', async () => {
    await t.createUser({ account: 'nobody' });
    const user = await t.signIn('nobody', 'Passw0rd');
    expect(await user.get('/api/system/System')).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await user.post('/api/system/System', input({ enCode: 'zz', fullName: 'zz' }))).toMatchObject({ code: 403 });
  });
});
