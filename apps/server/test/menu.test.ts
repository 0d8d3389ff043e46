import type { MenuInfo } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seed } from '../src/seed/seed.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/** The menu page's nodes (the admin tree), as the server declares them. */
type MenuNode = MenuInfo;

let t: TestApp;
let admin: Client;
let mainId: string;
let otherSystemId: string;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  mainId = await mainSystemId(t);
  otherSystemId = (await admin.post<string>('/api/system/System', { fullName: '其他', enCode: 'other' })).data!;
});
afterAll(() => t.close());

const menu = (over: Record<string, unknown> = {}) => ({
  systemId: mainId,
  parentId: '-1',
  fullName: '测试目录',
  enCode: 'test',
  type: 0,
  ...over,
});
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('menus', () => {
  test('types 0-8 with their properties', async () => {
    const dir = (await admin.post<string>('/api/system/Menu', menu({ enCode: 'crm', fullName: '客户' }))).data!;
    const cases = [
      { type: 1, enCode: 'crm.cat' },
      { type: 2, enCode: 'crm.page', urlAddress: '/crm/page' },
      { type: 3, enCode: 'crm.form', propertyJson: JSON.stringify({ moduleId: '123', isTree: 0 }) },
      { type: 4, enCode: 'crm.dict', propertyJson: JSON.stringify({ moduleId: '124', isTree: 1 }) },
      { type: 5, enCode: 'crm.report', propertyJson: JSON.stringify({ moduleId: '125' }) },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the platform's own token placeholder, not a template
      { type: 6, enCode: 'crm.screen', urlAddress: 'http://vis/${jnpfToken}' },
      { type: 7, enCode: 'crm.link', urlAddress: 'https://example.com', linkTarget: '_self', hidden: true },
      { type: 8, enCode: 'crm.portal', propertyJson: JSON.stringify({ moduleId: '126' }) },
    ];
    for (const c of cases) {
      const res = await admin.post('/api/system/Menu', menu({ parentId: dir, fullName: c.enCode, ...c }));
      expect(res, c.enCode).toMatchObject({ code: 200 });
    }
    const tree = await admin.get<{ list: MenuNode[] }>(`/api/system/Menu/ModuleBySystem/${mainId}`);
    const crm = tree.data!.list.find((n) => n.enCode === 'crm')!;
    expect(crm.children.map((c) => c.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(crm.children.find((c) => c.type === 2)?.urlAddress).toBe('crm/page');
    expect(crm.children.find((c) => c.type === 7)).toMatchObject({ linkTarget: '_self', hidden: true });
    const filtered = await admin.get<{ list: MenuNode[] }>(`/api/system/Menu/ModuleBySystem/${mainId}`, {
      keyword: 'crm.report',
    });
    expect(flatten(filtered.data!.list).map((n) => n.enCode)).toEqual(['crm', 'crm.report']);
  });

  test('type rules: address, model id, JSON', async () => {
    expect(await admin.post('/api/system/Menu', menu({ type: 2, enCode: 'p1' }))).toMatchObject({
      code: 400,
      msg: '请输入链接地址',
    });
    expect(await admin.post('/api/system/Menu', menu({ type: 3, enCode: 'p2' }))).toMatchObject({
      code: 400,
      msg: '请选择关联功能',
    });
    expect(await admin.post('/api/system/Menu', menu({ type: 4, enCode: 'p3', propertyJson: '{bad' }))).toMatchObject({
      code: 400,
      msg: '功能属性不是有效的 JSON 对象',
    });
    expect(await admin.post('/api/system/Menu', menu({ type: 9, enCode: 'p4' }))).toMatchObject({ code: 400 });
    expect(await admin.post('/api/system/Menu', menu({ linkTarget: '_top', enCode: 'p5' }))).toMatchObject({
      code: 400,
    });
    expect(await admin.post('/api/system/Menu', { systemId: mainId })).toMatchObject({ code: 400 });
  });

  test('codes are unique per system; parents must be directories of the same system', async () => {
    await admin.post('/api/system/Menu', menu({ enCode: 'dup' }));
    expect(await admin.post('/api/system/Menu', menu({ enCode: 'dup' }))).toMatchObject({
      code: 400,
      msg: '编码已存在',
    });
    expect((await admin.post('/api/system/Menu', menu({ enCode: 'dup', systemId: otherSystemId }))).code).toBe(200);
    const page = (await admin.post<string>('/api/system/Menu', menu({ enCode: 'pg', type: 2, urlAddress: 'a/b' })))
      .data!;
    expect(await admin.post('/api/system/Menu', menu({ enCode: 'under.page', parentId: page }))).toMatchObject({
      code: 400,
      msg: '上级菜单不存在或不是目录',
    });
    const otherDir = (await admin.post<string>('/api/system/Menu', menu({ enCode: 'odir', systemId: otherSystemId })))
      .data!;
    expect(await admin.post('/api/system/Menu', menu({ enCode: 'x1', parentId: otherDir }))).toMatchObject({
      code: 400,
      msg: '上级菜单不存在或不是目录',
    });
    expect(await admin.post('/api/system/Menu', menu({ enCode: 'x2', parentId: '999' }))).toMatchObject({ code: 400 });
    expect(await admin.post('/api/system/Menu', menu({ enCode: 'x3', systemId: '999' }))).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
  });

  test('edit, cycle refusal, state, delete', async () => {
    const a = (await admin.post<string>('/api/system/Menu', menu({ enCode: 'a' }))).data!;
    const b = (await admin.post<string>('/api/system/Menu', menu({ enCode: 'a.b', parentId: a }))).data!;
    expect(await admin.put(`/api/system/Menu/${a}`, menu({ enCode: 'a', parentId: b }))).toMatchObject({
      code: 400,
      msg: '上级菜单不能是自己或自己的下级',
    });
    expect(await admin.put(`/api/system/Menu/${a}`, menu({ enCode: 'a', systemId: otherSystemId }))).toMatchObject({
      code: 400,
      msg: '菜单不能移动到其他应用',
    });
    expect(
      await admin.put(`/api/system/Menu/${b}`, menu({ enCode: 'a.b', parentId: a, fullName: '改名' })),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await admin.get<{ fullName: string }>(`/api/system/Menu/${b}`)).data?.fullName).toBe('改名');
    await admin.put(`/api/system/Menu/${b}/Actions/State`);
    expect((await admin.get<{ enabledMark: number }>(`/api/system/Menu/${b}`)).data?.enabledMark).toBe(0);
    expect(await admin.delete(`/api/system/Menu/${a}`)).toMatchObject({ code: 400, msg: '该菜单存在子菜单，不能删除' });
    expect(await admin.delete(`/api/system/Menu/${b}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await admin.delete(`/api/system/Menu/${a}`)).toMatchObject({ code: 200 });
    for (const call of [
      admin.get('/api/system/Menu/999'),
      admin.put('/api/system/Menu/999', menu({ enCode: 'zz' })),
      admin.put('/api/system/Menu/999/Actions/State'),
      admin.delete('/api/system/Menu/999'),
      admin.get('/api/system/Menu/999/Actions/Export'),
      admin.get('/api/system/Menu/ModuleBySystem/999'),
    ]) {
      expect(await call).toMatchObject({ code: 400, msg: '数据不存在' });
    }
  });

  test('selectors', async () => {
    const a = (await admin.post<string>('/api/system/Menu', menu({ enCode: 's' }))).data!;
    const b = (await admin.post<string>('/api/system/Menu', menu({ enCode: 's.b', parentId: a, type: 1 }))).data!;
    await admin.post('/api/system/Menu', menu({ enCode: 's.p', parentId: b, type: 2, urlAddress: 's/p' }));
    const parents = await admin.get<{ list: MenuNode[] }>(`/api/system/Menu/Selector/${b}/${mainId}`);
    const ids = flatten(parents.data!.list);
    expect(ids.some((n) => n.id === a)).toBe(true);
    expect(ids.some((n) => n.id === b)).toBe(false);
    expect(ids.every((n) => n.type <= 1)).toBe(true);
    const forNew = await admin.get<{ list: MenuNode[] }>('/api/system/Menu/Selector/0/0');
    expect(flatten(forNew.data!.list).some((n) => n.id === b)).toBe(true);
    // The release dialog's chooser (SelectorFilter/{form or portal id}): applications holding their directories.
    const filter = await admin.get<{ list: MenuNode[] }>('/api/system/Menu/SelectorFilter/0?category=Web');
    expect(filter.data!.list.every((n) => n.type === -1)).toBe(true);
    expect(flatten(filter.data!.list).some((n) => n.id === a)).toBe(true);
    const all = await admin.get<{ list: { type: number; id: string; children: MenuNode[] }[] }>(
      '/api/system/Menu/Selector/All',
    );
    expect(all.data!.list.every((s) => s.type === -1)).toBe(true);
    expect(all.data!.list.map((s) => s.id)).toEqual(expect.arrayContaining([mainId, otherSystemId]));
    expect(await admin.get('/api/system/Menu/Selector/999/0')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.get('/api/system/Menu/Selector/0/999')).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('export and import as a JSON file, all or nothing', async () => {
    const dir = (await admin.post<string>('/api/system/Menu', menu({ enCode: 'ex' }))).data!;
    const page = (
      await admin.post<string>('/api/system/Menu', menu({ enCode: 'ex.p', parentId: dir, type: 2, urlAddress: 'ex/p' }))
    ).data!;
    await admin.post('/api/system/ModuleButton', { moduleId: page, enCode: 'btn_add', fullName: '新建' });
    await admin.post('/api/system/ModuleDataAuthorizeScheme', {
      moduleId: page,
      enCode: 'mine',
      fullName: '本人',
      scopeType: 'self',
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/system/Menu/${dir}/Actions/Export`,
      headers: { authorization: admin.token! },
    });
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['content-type']).toContain('application/json');
    const data = file.json() as { version: number; menu: { enCode: string; children: { permissions: unknown[] }[] } };
    expect(data.menu.enCode).toBe('ex');
    expect(data.menu.children[0]?.permissions).toHaveLength(2);

    const again = await admin.post('/api/system/Menu/Actions/Import', { systemId: mainId, data });
    expect(again).toMatchObject({ code: 400, msg: '菜单编码 ex 已存在，导入已取消' });
    const imported = await admin.post<{ count: number }>('/api/system/Menu/Actions/Import', {
      systemId: otherSystemId,
      data,
    });
    expect(imported).toMatchObject({ code: 200, data: { count: 2 } });
    const tree = await admin.get<{ list: MenuNode[] }>(`/api/system/Menu/ModuleBySystem/${otherSystemId}`);
    const copy = flatten(tree.data!.list).find((n) => n.enCode === 'ex.p')!;
    const buttons = await admin.get<{ list: { enCode: string }[] }>(`/api/system/ModuleButton/${copy.id}/List`);
    expect(buttons.data?.list.map((b) => b.enCode)).toEqual(['btn_add']);

    // A broken child: nothing of the file is written.
    const broken = structuredClone(data) as unknown as {
      menu: { enCode: string; children: { enCode: string; type: number }[] };
    };
    broken.menu.enCode = 'ex2';
    broken.menu.children[0]!.enCode = 'ex2.p';
    broken.menu.children[0]!.type = 42;
    expect(
      await admin.post('/api/system/Menu/Actions/Import', { systemId: otherSystemId, data: broken }),
    ).toMatchObject({
      code: 400,
      msg: '导入文件格式不正确',
    });
    const after = await admin.get<{ list: MenuNode[] }>(`/api/system/Menu/ModuleBySystem/${otherSystemId}`);
    expect(flatten(after.data!.list).some((n) => n.enCode === 'ex2')).toBe(false);
    expect(
      await admin.post('/api/system/Menu/Actions/Import', { systemId: otherSystemId, data: { version: 2 } }),
    ).toMatchObject({ code: 400, msg: '导入文件格式不正确' });
  });
});

describe('permission definitions of a menu', () => {
  test('buttons, columns, forms, data scopes: create, list, edit, state, delete', async () => {
    const page = (await admin.post<string>('/api/system/Menu', menu({ enCode: 'def', type: 2, urlAddress: 'd/p' })))
      .data!;
    for (const [path, extra] of [
      ['ModuleButton', {}],
      ['ModuleColumn', {}],
      ['ModuleForm', {}],
      ['ModuleDataAuthorizeScheme', { scopeType: 'organize' }],
    ] as const) {
      const id = (
        await admin.post<string>(`/api/system/${path}`, { moduleId: page, enCode: 'code1', fullName: '一', ...extra })
      ).data!;
      expect(id, path).toBeTruthy();
      expect(
        await admin.post(`/api/system/${path}`, { moduleId: page, enCode: 'code1', fullName: '一', ...extra }),
      ).toMatchObject({ code: 400, msg: '编码已存在' });
      const list = await admin.get<{ list: { id: string; enCode: string }[] }>(`/api/system/${path}/${page}/List`);
      expect(list.data?.list.map((r) => r.id)).toEqual([id]);
      expect(
        await admin.put(`/api/system/${path}/${id}`, { moduleId: page, enCode: 'code2', fullName: '二', ...extra }),
      ).toMatchObject({ code: 200 });
      expect((await admin.get<{ enCode: string }>(`/api/system/${path}/${id}`)).data?.enCode).toBe('code2');
      await admin.put(`/api/system/${path}/${id}/Actions/State`);
      expect((await admin.get<{ enabledMark: number }>(`/api/system/${path}/${id}`)).data?.enabledMark).toBe(0);
      expect(await admin.delete(`/api/system/${path}/${id}`)).toMatchObject({ code: 200 });
      expect(await admin.get(`/api/system/${path}/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
      expect(await admin.get(`/api/system/${path}/999/List`)).toMatchObject({ code: 400, msg: '数据不存在' });
      expect(
        await admin.post(`/api/system/${path}`, { moduleId: '999', enCode: 'c', fullName: 'c', ...extra }),
      ).toMatchObject({ code: 400, msg: '数据不存在' });
    }
  });

  test('a definition of one kind is not reachable as another; a data scope needs its scope type', async () => {
    const page = (await admin.post<string>('/api/system/Menu', menu({ enCode: 'def2', type: 2, urlAddress: 'd/q' })))
      .data!;
    const button = (
      await admin.post<string>('/api/system/ModuleButton', { moduleId: page, enCode: 'b', fullName: 'b' })
    ).data!;
    expect(await admin.get(`/api/system/ModuleColumn/${button}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.delete(`/api/system/ModuleForm/${button}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(
      await admin.post('/api/system/ModuleDataAuthorizeScheme', { moduleId: page, enCode: 's', fullName: 's' }),
    ).toMatchObject({ code: 400, msg: '请选择数据范围' });
    expect(
      await admin.post('/api/system/ModuleDataAuthorizeScheme', {
        moduleId: page,
        enCode: 's',
        fullName: 's',
        scopeType: 'everyone',
      }),
    ).toMatchObject({ code: 400 });
  });

  test('seeded pages offer btn_add, btn_edit, btn_remove, btn_detail', async () => {
    const page = await t.app.db
      .selectFrom('menu')
      .select('id')
      .where('enCode', '=', 'permission.role')
      .executeTakeFirstOrThrow();
    const list = await admin.get<{ list: { enCode: string }[] }>(`/api/system/ModuleButton/${page.id}/List`);
    expect(list.data?.list.map((b) => b.enCode)).toEqual(['btn_add', 'btn_edit', 'btn_remove', 'btn_detail']);
  });

  describe('seeding again at the next start', () => {
    const reseed = () => seed(t.app.db, { adminPassword: null, production: false });
    const buttonsOf = async (menuId: string) =>
      (
        await admin.get<{ list: { id: string; enCode: string; fullName: string }[] }>(
          `/api/system/ModuleButton/${menuId}/List`,
        )
      ).data!.list;
    const pageId = async (enCode: string) =>
      (await t.app.db.selectFrom('menu').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;

    test('gives an administrator’s page no buttons', async () => {
      const own = (
        await admin.post<string>('/api/system/Menu', menu({ type: 2, enCode: 'own.page', urlAddress: 'own/page' }))
      ).data!;
      await reseed();
      expect(await buttonsOf(own)).toEqual([]);
    });

    test('brings back no standard button an administrator deleted, and keeps one they renamed', async () => {
      const role = await pageId('permission.role');
      const [add, edit, , detail] = await buttonsOf(role);
      expect(await admin.delete(`/api/system/ModuleButton/${detail!.id}`)).toMatchObject({ code: 200 });
      expect(await admin.delete(`/api/system/ModuleButton/${add!.id}`)).toMatchObject({ code: 200 });
      expect(
        await admin.put(`/api/system/ModuleButton/${edit!.id}`, {
          moduleId: role,
          enCode: 'btn_modify',
          fullName: '修改',
        }),
      ).toMatchObject({ code: 200 });
      await reseed();
      await reseed();
      expect((await buttonsOf(role)).map((b) => [b.enCode, b.fullName])).toEqual([
        ['btn_modify', '修改'],
        ['btn_remove', '删除'],
      ]);
    });

    test('re-creates a standard page that is gone, with its standard buttons', async () => {
      const signature = await pageId('system.signature');
      expect(await admin.delete(`/api/system/Menu/${signature}`)).toMatchObject({ code: 200 });
      await reseed();
      const again = await pageId('system.signature');
      expect(again).not.toBe(signature);
      expect((await buttonsOf(again)).map((b) => b.enCode)).toEqual([
        'btn_add',
        'btn_edit',
        'btn_remove',
        'btn_detail',
      ]);
    });
  });
});
