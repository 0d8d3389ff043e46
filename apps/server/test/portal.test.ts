import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { relate } from './helpers/grants.ts';
import { multipart } from './helpers/multipart.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/** Portals (/api/visualdev/Portal): definitions, the designer's save, and what the home page reads. */

const base = '/api/visualdev/Portal';
let t: TestApp;
let admin: Client;

const layout = (...cards: { i: string; x: number; y: number; jnpfKey: string }[]) =>
  JSON.stringify({
    layoutId: cards.length,
    layout: cards.map((c) => ({ w: 6, h: 4, title: c.i, option: {}, dataType: 'static', propsApi: '', ...c })),
    refresh: { autoRefresh: true, autoRefreshTime: 30 },
  });
const portal = (fields: Record<string, unknown> = {}) => ({
  fullName: '经营门户',
  enCode: 'biz.portal',
  category: '1',
  type: 0,
  enabledLock: 0,
  formData: layout({ i: 'a', x: 0, y: 0, jnpfKey: 'notice' }),
  ...fields,
});
const create = async (fields: Record<string, unknown> = {}) => {
  const reply = await admin.post<string>(base, portal(fields));
  expect(reply).toMatchObject({ code: 200, msg: '新建成功' });
  expect(typeof reply.data).toBe('string');
  return reply.data!;
};
async function member(account: string, roleId: string) {
  const userId = await t.createUser({ account });
  await relate(t, userId, 'Role', roleId);
  return t.signIn(account, 'Passw0rd');
}
/** Grants (or, with [], takes back) portals to a role or user through the grant wizard's save. */
const grantPortals = async (objectType: 'Role' | 'User', objectId: string, portalIds: string[]) =>
  expect(
    await admin.put(`/api/permission/Authority/Data/${objectId}`, { objectType, portal: portalIds }),
  ).toMatchObject({
    code: 200,
  });
const switcherIds = async (client: Client) =>
  (
    await client.get<{ list: { children: { id: string }[] }[] }>(`${base}/Selector`, { platform: 'Web', type: '1' })
  ).data!.list.flatMap((g) => g.children.map((c) => c.id));
const userIdOf = async (account: string) =>
  (await t.app.db.selectFrom('appUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const portalIdOf = async (client: Client) =>
  (await client.get<{ userInfo: { portalId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.portalId;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

describe('definitions', () => {
  test('create answers the new id; the list filters by category and keyword; bad input changes nothing', async () => {
    const id = await create();
    await create({ enCode: 'sys.portal', fullName: '系统门户', category: '2' });
    const byCategory = await admin.get<{ list: { id: string }[]; pagination: { total: number } }>(base, {
      category: '1',
    });
    expect(byCategory.data!.list.map((r) => r.id)).toEqual([id]);
    const byKeyword = await admin.get<{ list: { enCode: string }[] }>(base, { keyword: '系统' });
    expect(byKeyword.data!.list.map((r) => r.enCode)).toEqual(['sys.portal']);
    expect(await admin.post(base, portal())).toMatchObject({ code: 400, msg: '编码已存在' });
    expect(await admin.post(base, portal({ enCode: 'x1', category: 'nope' }))).toMatchObject({
      code: 400,
      msg: '门户分类不存在：nope',
    });
    expect(await admin.post(base, portal({ enCode: 'x2', formData: '{"layout":[{"i":1}]}' }))).toMatchObject({
      code: 400,
      msg: '门户布局格式错误',
    });
    expect((await admin.get<{ pagination: { total: number } }>(base)).data!.pagination.total).toBe(2);
  });

  test("the designer's {id, formData} changes the cards and keeps every other field; the dialog keeps the cards", async () => {
    const id = await create({ enCode: 'designer.save', enabledLock: 1, description: '说明' });
    const cards = layout({ i: 'c1', x: 0, y: 0, jnpfKey: 'barChart' }, { i: 'c2', x: 6, y: 0, jnpfKey: 'text' });
    expect(await admin.put(`${base}/${id}`, { id, formData: cards })).toMatchObject({ code: 200 });
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({
      enCode: 'designer.save',
      enabledLock: 1,
      description: '说明',
      formData: cards,
    });
    expect(
      await admin.put(`${base}/${id}`, {
        ...portal({ enCode: 'designer.save', fullName: '改名' }),
        formData: undefined,
      }),
    ).toMatchObject({ code: 200 });
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({
      fullName: '改名',
      formData: cards,
      enabledLock: 0,
    });
  });

  test('copy, export and import, delete', async () => {
    const id = await create({ enCode: 'export.portal', fullName: '导出门户' });
    expect(await admin.post(`${base}/${id}/Actions/Copy`)).toMatchObject({ code: 200, msg: '复制成功' });
    const copies = await admin.get<{ list: { fullName: string; enCode: string }[] }>(base, {
      keyword: 'export.portal',
    });
    expect(copies.data!.list.map((r) => r.fullName)).toEqual(
      expect.arrayContaining(['导出门户', expect.stringMatching(/^导出门户\.副本/)]),
    );
    const exported = await admin.get<{ url: string }>(`${base}/${id}/Actions/Export`);
    const content = (await t.app.inject({ method: 'GET', url: exported.data!.url })).body;
    expect(JSON.parse(content)).toMatchObject({ format: 'platform.portal', portal: { enCode: 'export.portal' } });
    const importFile = (type: string, name: string, body: string) =>
      admin.call<{ id: string; skipped: boolean }>({
        method: 'POST',
        url: `${base}/Actions/Import`,
        ...multipart({ type }, { name, content: body }),
      });
    expect(await importFile('0', 'a.vp', content)).toMatchObject({ code: 200, msg: '编码已存在，已跳过' });
    const added = await importFile('1', 'a.vp', content);
    expect(added).toMatchObject({ code: 200, msg: '导入成功', data: { skipped: false } });
    expect(await importFile('0', 'a.txt', content)).toMatchObject({ code: 400, msg: '请选择.vp类型的文件' });
    expect(await admin.delete(`${base}/${added.data!.id}`)).toMatchObject({ code: 200 });
    expect(await admin.get(`${base}/${added.data!.id}`)).toMatchObject({ code: 400 });
  });

  test('a user without the portal menu cannot list or write portals', async () => {
    await t.createUser({ account: 'outsider' });
    const outsider = await t.signIn('outsider', 'Passw0rd');
    expect(await outsider.get(base)).toMatchObject({ code: 403 });
    expect(await outsider.post(base, portal({ enCode: 'nope.portal' }))).toMatchObject({ code: 403 });
  });
});

describe('runtime', () => {
  test("a role's default portal is its members' home page until they choose their own", async () => {
    const shared = await create({ enCode: 'role.portal', fullName: '角色门户' });
    const mine = await create({ enCode: 'own.portal', fullName: '个人门户' });
    const role = await admin.post<{ id: string } | string>('/api/permission/Role', {
      fullName: '销售',
      enCode: 'sales',
      globalMark: 1,
    });
    expect(role).toMatchObject({ code: 200 });
    const roleId = (
      await t.app.db.selectFrom('role').select('id').where('enCode', '=', 'sales').executeTakeFirstOrThrow()
    ).id;
    const seller = await member('seller', roleId);
    expect(await portalIdOf(seller)).toBe('');
    expect(await admin.put(`${base}/${shared}/Actions/RoleDefault`, { roleIds: [roleId] })).toMatchObject({
      code: 200,
    });
    expect((await admin.get(`${base}/${shared}/Actions/RoleDefault`)).data).toEqual({ roleIds: [roleId] });
    expect(await portalIdOf(seller)).toBe(shared);
    expect(await admin.put(`${base}/${shared}/Actions/RoleDefault`, { roleIds: ['missing'] })).toMatchObject({
      code: 400,
      msg: '角色不存在：missing',
    });
    expect(await portalIdOf(seller)).toBe(shared);

    // The role's portal is its members' to open; another one only once it is granted to them.
    expect(await switcherIds(seller)).toEqual([shared]);
    expect(await seller.put(`${base}/${mine}/Actions/SetDefault`)).toMatchObject({ code: 403, msg: '暂无权限' });
    await grantPortals('User', await userIdOf('seller'), [mine]);
    expect(await switcherIds(seller)).toEqual(expect.arrayContaining([shared, mine]));
    expect(await seller.put(`${base}/${mine}/Actions/SetDefault`)).toMatchObject({ code: 200 });
    expect(await portalIdOf(seller)).toBe(mine);
    // A disabled own choice falls back to the role's portal.
    await admin.put(`${base}/${mine}/Actions/State`);
    expect(await portalIdOf(seller)).toBe(shared);
  });

  test('viewers keep their own layout of an unlocked portal; a locked one refuses and shows the design', async () => {
    const designed = layout({ i: 'a', x: 0, y: 0, jnpfKey: 'notice' }, { i: 'b', x: 6, y: 0, jnpfKey: 'pieChart' });
    const id = await create({ enCode: 'custom.portal', formData: designed });
    await grantPortals('User', await t.createUser({ account: 'viewer' }), [id]);
    const viewer = await t.signIn('viewer', 'Passw0rd');
    expect((await viewer.get(`${base}/${id}/auth`, { platform: 'Web' })).data).toMatchObject({
      type: 0,
      enabledLock: 0,
      formData: designed,
      custom: false,
    });
    const moved = layout({ i: 'a', x: 6, y: 0, jnpfKey: 'notice' }, { i: 'b', x: 0, y: 0, jnpfKey: 'pieChart' });
    expect(await viewer.put(`${base}/Custom/Save/${id}`, { formData: moved })).toMatchObject({ code: 200 });
    expect(await viewer.put(`${base}/Custom/Save/${id}`, { formData: 'not json' })).toMatchObject({ code: 400 });
    expect((await viewer.get(`${base}/${id}/auth`)).data).toMatchObject({ formData: moved, custom: true });
    // Others still see the design.
    expect((await admin.get(`${base}/${id}/auth`)).data).toMatchObject({ formData: designed, custom: false });

    const info = (await admin.get<Record<string, unknown>>(`${base}/${id}`)).data!;
    await admin.put(`${base}/${id}`, {
      ...portal({ enCode: 'custom.portal' }),
      formData: designed,
      enabledLock: 1,
      fullName: info.fullName,
    });
    expect((await viewer.get(`${base}/${id}/auth`)).data).toMatchObject({
      enabledLock: 1,
      formData: designed,
      custom: false,
    });
    expect(await viewer.put(`${base}/Custom/Save/${id}`, { formData: moved })).toMatchObject({
      code: 400,
      msg: '门户已锁定，不能调整布局',
    });
  });
});

describe('who may open a portal', () => {
  test('only portals granted to the user, its roles or its portal menus are offered, drawn and kept', async () => {
    const granted = await create({ enCode: 'grant.portal', fullName: '授权门户' });
    const byMenu = await create({ enCode: 'menu.portal', fullName: '菜单门户' });
    const hidden = await create({ enCode: 'hidden.portal', fullName: '未授权门户' });
    const screen = await create({ enCode: 'screen.portal', fullName: '大屏门户' });
    const role = await admin.post<string>('/api/permission/Role', {
      fullName: '财务',
      enCode: 'finance',
      globalMark: 1,
    });
    expect(role).toMatchObject({ code: 200 });
    const roleId = (
      await t.app.db.selectFrom('role').select('id').where('enCode', '=', 'finance').executeTakeFirstOrThrow()
    ).id;
    const clerk = await member('clerk', roleId);
    const plain = await member('plain', roleId);
    expect(await switcherIds(clerk)).toEqual([]);

    // Not granted: not offered, not drawn, no own layout, not a home page.
    expect(await clerk.get(`${base}/${hidden}/auth`, { platform: 'Web' })).toMatchObject({
      code: 403,
      msg: '暂无权限',
    });
    expect(await clerk.put(`${base}/Custom/Save/${hidden}`, { formData: layout() })).toMatchObject({ code: 403 });
    expect(await clerk.put(`${base}/${hidden}/Actions/SetDefault`)).toMatchObject({ code: 403 });
    expect(await portalIdOf(clerk)).toBe('');

    // Granted to the role through the grant wizard (门户权限): every member may open it.
    const step = await admin.post<{ list: { fullName: string; children: { id: string }[] }[]; all: string[] }>(
      `/api/permission/Authority/Data/${roleId}/Values`,
      { objectType: 'Role', type: 'portal' },
    );
    expect(step.data!.all).toEqual(expect.arrayContaining([granted, byMenu, hidden]));
    await grantPortals('Role', roleId, [granted]);
    expect((await admin.get(`/api/permission/Authority/Data/Role/${roleId}`)).data).toMatchObject({
      portal: [granted],
    });
    expect(await switcherIds(clerk)).toEqual([granted]);
    expect(await clerk.get(`${base}/${granted}/auth`)).toMatchObject({ code: 200, data: { id: granted } });
    expect(await clerk.put(`${base}/${granted}/Actions/SetDefault`)).toMatchObject({ code: 200 });
    expect(await portalIdOf(clerk)).toBe(granted);
    const held = await clerk.get<{ portal: { id: string }[] }>('/api/permission/Users/Current/Authorize');
    expect(held.data!.portal.map((p) => p.id)).toEqual([granted]);

    // A type-8 menu (portal page) or type-6 menu (data screen) granted to the role opens its
    // portal, and so lets the members open it.
    const system = await t.app.db
      .selectFrom('system')
      .select('id')
      .where('isMain', '=', true)
      .executeTakeFirstOrThrow();
    const menuOf = async (type: number, enCode: string, moduleId: string) =>
      (
        await admin.post<string>('/api/system/Menu', {
          parentId: '-1',
          systemId: system.id,
          fullName: enCode,
          enCode,
          type,
          propertyJson: JSON.stringify({ moduleId }),
          sortCode: 0,
          enabledMark: 1,
        })
      ).data!;
    const menuIds = [await menuOf(8, 'portal.page', byMenu), await menuOf(6, 'portal.screen', screen)];
    expect(await clerk.get(`${base}/${byMenu}/auth`)).toMatchObject({ code: 403 });
    expect(await clerk.get(`${base}/${screen}/auth`)).toMatchObject({ code: 403 });
    expect(
      await admin.put(`/api/permission/Authority/Data/${roleId}`, {
        objectType: 'Role',
        systemIds: [system.id],
        module: menuIds,
      }),
    ).toMatchObject({ code: 200 });
    expect(await plain.get(`${base}/${byMenu}/auth`)).toMatchObject({ code: 200 });
    expect(await plain.get(`${base}/${screen}/auth`)).toMatchObject({ code: 200 });
    expect(await switcherIds(plain)).toEqual(expect.arrayContaining([granted, byMenu, screen]));

    // Taken back: the portal leaves the switcher and the own choice falls back to none.
    await grantPortals('Role', roleId, []);
    expect(await switcherIds(clerk)).not.toContain(granted);
    expect(await clerk.get(`${base}/${granted}/auth`)).toMatchObject({ code: 403 });
    expect(await portalIdOf(clerk)).toBe('');
    // Administrators open every portal.
    expect(await switcherIds(admin)).toEqual(expect.arrayContaining([granted, byMenu, hidden]));
    // A deleted portal takes its grants with it.
    await grantPortals('Role', roleId, [hidden]);
    expect(await admin.delete(`${base}/${hidden}`)).toMatchObject({ code: 200 });
    expect((await admin.get(`/api/permission/Authority/Data/Role/${roleId}`)).data).toMatchObject({ portal: [] });
  });
});
