import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import { multipart } from './helpers/multipart.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

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
  await t.app.db
    .insertInto('userRelation')
    .values({ id: newId(), userId, objectType: 'Role', objectId: roleId })
    .execute();
  await t.app.bus.publish({ type: 'authorize.changed', userIds: [userId] });
  return t.signIn(account, 'Passw0rd');
}
const portalIdOf = async (client: Client) =>
  (await client.get<{ userInfo: { portalId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.portalId;

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn();
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

    const selector = await seller.get<{ list: { children: { id: string }[] }[] }>(`${base}/Selector`, {
      platform: 'Web',
      type: '1',
    });
    expect(selector.data!.list.flatMap((g) => g.children.map((c) => c.id))).toEqual(
      expect.arrayContaining([shared, mine]),
    );
    expect(await seller.put(`${base}/${mine}/Actions/SetDefault`)).toMatchObject({ code: 200 });
    expect(await portalIdOf(seller)).toBe(mine);
    // A disabled own choice falls back to the role's portal.
    await admin.put(`${base}/${mine}/Actions/State`);
    expect(await portalIdOf(seller)).toBe(shared);
  });

  test('viewers keep their own layout of an unlocked portal; a locked one refuses and shows the design', async () => {
    const designed = layout({ i: 'a', x: 0, y: 0, jnpfKey: 'notice' }, { i: 'b', x: 6, y: 0, jnpfKey: 'pieChart' });
    const id = await create({ enCode: 'custom.portal', formData: designed });
    await t.createUser({ account: 'viewer' });
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
