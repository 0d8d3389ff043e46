import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertDepartment, rootOrganize } from './helpers/organize-fixture.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

const base = '/api/permission/organizeAdminIsTrator';

let t: TestApp;
let admin: Client;
let rootId: string;
let sales: string;
let salesEast: string;
let works: string;
let tiered: Client;
let tieredId: string;

const newUser = (account: string, organizeId: string) => ({ account, realName: account, organizeId });
/** The refusal of anything outside what a tiered administrator administers. */
const outside = { code: 400, msg: '超出您管理的组织范围，无法操作' };

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const root = await rootOrganize(t);
  rootId = root.id;
  sales = await insertDepartment(t, 'sales', rootId, root.organizeIdTree);
  salesEast = await insertDepartment(t, 'salesEast', sales, `${root.organizeIdTree},${sales}`);
  works = await insertDepartment(t, 'works', rootId, root.organizeIdTree);
  tieredId = await t.createUser({ account: 'tiered' });
  tiered = await t.signIn('tiered', 'Passw0rd');
  const saved = await admin.post(base, {
    userId: tieredId,
    orgAdminModel: [{ organizeId: sales, thisLayerAdd: 1, thisLayerEdit: 1, thisLayerSelect: 1, subLayerSelect: 1 }],
  });
  expect(saved).toMatchObject({ code: 200, msg: '保存成功' });
});
afterAll(() => t.close());

describe('tiered administrators: assignment', () => {
  test('listed per user and organisation, read back by user, and checked', async () => {
    const list = await admin.get<{ list: { userId: string; organizeName: string; thisLayerAdd: number }[] }>(base, {
      keyword: '',
      currentPage: '1',
      pageSize: '20',
    });
    expect(list.data?.list).toEqual([
      expect.objectContaining({ userId: tieredId, organizeName: 'sales', thisLayerAdd: 1, subLayerAdd: 0 }),
    ]);
    const mine = await admin.get<{ list: { organizeId: string }[] }>(`${base}/Selector`, { userId: tieredId });
    expect(mine.data?.list.map((r) => r.organizeId)).toEqual([sales]);
    expect(await admin.post(base, { userId: tieredId, orgAdminModel: [{ organizeId: '999' }] })).toMatchObject({
      code: 400,
      msg: '组织不存在或已删除',
    });
    expect(await admin.post(base, { userId: '999', orgAdminModel: [] })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    // Nothing changed by the refused calls.
    expect((await admin.get<{ list: unknown[] }>(`${base}/Selector`, { userId: tieredId })).data?.list).toHaveLength(1);
  });
});

describe('tiered administrators: what they may do', () => {
  test('a department administrator creates users there and not in the sibling or below without the right', async () => {
    expect(await tiered.post('/api/permission/Users', newUser('inSales', sales))).toMatchObject({ code: 200 });
    expect(await tiered.post('/api/permission/Users', newUser('inWorks', works))).toMatchObject(outside);
    // Sub layers: seeing, but not adding.
    expect(await tiered.post('/api/permission/Users', newUser('inSalesEast', salesEast))).toMatchObject(outside);
    const accounts = (await t.app.db.selectFrom('appUser').select('account').execute()).map((u) => u.account);
    expect(accounts).toContain('inSales');
    expect(accounts).not.toContain('inWorks');
    expect(accounts).not.toContain('inSalesEast');
  });

  test('organisations: it reads its subtree, adds and edits where it may, and is refused outside', async () => {
    const before = (await t.app.db.selectFrom('organize').select('id').execute()).length;
    const tree = await tiered.get<{ list: { id: string; children: { id: string }[] }[] }>('/api/permission/Organize');
    expect(tree.code).toBe(200);
    // What it administers, as a tree of its own: sales (this layer) with salesEast (sub layers).
    expect(tree.data?.list.map((o) => o.id)).toEqual([sales]);
    expect(tree.data?.list[0]?.children.map((o) => o.id)).toEqual([salesEast]);
    expect(await tiered.get(`/api/permission/Organize/Department/${salesEast}`)).toMatchObject({ code: 200 });
    expect(await tiered.get(`/api/permission/Organize/Department/${works}`)).toMatchObject(outside);

    const department = (parentId: string, enCode: string, fullName = enCode) => ({
      parentId,
      fullName,
      enCode,
      category: 'department',
    });
    const created = await tiered.post<{ id: string }>(
      '/api/permission/Organize/Department',
      department(sales, 'salesWest'),
    );
    expect(created).toMatchObject({ code: 200 });
    expect(await tiered.post('/api/permission/Organize/Department', department(works, 'worksWest'))).toMatchObject(
      outside,
    );
    // Adding below salesEast needs the sub-layer right it lacks.
    expect(await tiered.post('/api/permission/Organize/Department', department(salesEast, 'salesEastA'))).toMatchObject(
      outside,
    );
    expect(
      await tiered.put(`/api/permission/Organize/Department/${sales}`, department(rootId, 'sales', '销售部')),
    ).toMatchObject({
      code: 200,
    });
    expect(
      await tiered.put(`/api/permission/Organize/Department/${works}`, department(rootId, 'works2')),
    ).toMatchObject(outside);
    // Moving its own department out from under sales is editing at the root, which it does not administer.
    expect(
      await tiered.put(`/api/permission/Organize/Department/${sales}`, department(works, 'sales', '销售部')),
    ).toMatchObject(outside);
    // No delete right anywhere: the route refuses before looking where.
    expect(await tiered.delete(`/api/permission/Organize/${created.data?.id}`)).toMatchObject({
      code: 403,
      msg: '暂无权限',
    });
    const rows = await t.app.db.selectFrom('organize').select(['id', 'fullName', 'parentId']).execute();
    expect(rows).toHaveLength(before + 1);
    expect(rows.find((o) => o.id === works)?.fullName).toBe('works');
    expect(rows.find((o) => o.id === sales)).toMatchObject({ fullName: '销售部', parentId: rootId });
  });

  test('positions: it lists and changes those of what it administers, and is refused outside', async () => {
    const position = (enCode: string, organizeId: string) => ({ fullName: enCode, enCode, organizeId, type: '1' });
    const worksClerk = await admin.post<{ id: string }>('/api/permission/Position', position('worksClerk', works));
    expect(worksClerk.code).toBe(200);
    const clerk = await tiered.post<{ id: string }>('/api/permission/Position', position('salesClerk', sales));
    expect(clerk).toMatchObject({ code: 200 });
    expect(await tiered.post('/api/permission/Position', position('worksClerk2', works))).toMatchObject(outside);

    const listed = await tiered.get<{ list: { enCode: string }[] }>('/api/permission/Position', { pageSize: '500' });
    expect(listed.data?.list.map((p) => p.enCode)).toEqual(['salesClerk']);
    const filtered = await tiered.get<{ list: unknown[] }>('/api/permission/Position', { organizeId: works });
    expect(filtered.data?.list).toEqual([]);
    expect(await tiered.get(`/api/permission/Position/${worksClerk.data?.id}`)).toMatchObject(outside);

    expect(
      await tiered.put(`/api/permission/Position/${clerk.data?.id}`, {
        ...position('salesClerk', sales),
        fullName: '销售员',
      }),
    ).toMatchObject({ code: 200 });
    expect(await tiered.put(`/api/permission/Position/${clerk.data?.id}`, position('salesClerk', works))).toMatchObject(
      outside,
    );
    expect(
      await tiered.put(`/api/permission/Position/${worksClerk.data?.id}`, {
        ...position('worksClerk', works),
        fullName: 'x',
      }),
    ).toMatchObject(outside);
    const rows = await t.app.db.selectFrom('position').select(['enCode', 'fullName', 'organizeId']).execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { enCode: 'salesClerk', fullName: '销售员', organizeId: sales },
        { enCode: 'worksClerk', fullName: 'worksClerk', organizeId: works },
      ]),
    );
    expect(rows.map((r) => r.enCode)).not.toContain('worksClerk2');
  });

  test('it lists only the people of what it administers, edits there, and deletes nowhere without the right', async () => {
    expect(await admin.post('/api/permission/Users', newUser('eastPerson', salesEast))).toMatchObject({ code: 200 });
    expect(await admin.post('/api/permission/Users', newUser('worksPerson', works))).toMatchObject({ code: 200 });
    const worksId = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'worksPerson').executeTakeFirstOrThrow()
    ).id;
    const listed = await tiered.get<{ list: { account: string }[] }>('/api/permission/Users', {
      organizeId: rootId,
      pageSize: '500',
    });
    const accounts = listed.data?.list.map((u) => u.account) ?? [];
    expect(accounts).toEqual(expect.arrayContaining(['inSales', 'eastPerson']));
    expect(accounts).not.toContain('worksPerson');
    expect(accounts).not.toContain('admin');

    const inSales = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'inSales').executeTakeFirstOrThrow()
    ).id;
    expect(
      await tiered.put(`/api/permission/Users/${inSales}`, { ...newUser('inSales', sales), realName: '销售员' }),
    ).toMatchObject({
      code: 200,
    });
    // Moving someone out of what it administers is editing outside it.
    expect(await tiered.put(`/api/permission/Users/${inSales}`, newUser('inSales', works))).toMatchObject(outside);
    expect(await tiered.put(`/api/permission/Users/${worksId}`, newUser('worksPerson', works))).toMatchObject(outside);
    expect(await tiered.delete(`/api/permission/Users/${inSales}`)).toMatchObject({ code: 403, msg: '暂无权限' });
  });

  test('it grants only what it holds, and only to people of what it administers', async () => {
    const menu = async (enCode: string) =>
      (await t.app.db.selectFrom('menu').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;
    const authorizeMenu = await menu('permission.authorize');
    const menuPage = await menu('system.menu');
    const rolePage = await menu('permission.role');
    const editButton = (
      await t.app.db
        .selectFrom('modulePermission')
        .select('id')
        .where('menuId', '=', authorizeMenu)
        .where('enCode', '=', 'btn_edit')
        .executeTakeFirstOrThrow()
    ).id;
    // The tiered administrator holds the authorisation page (with its edit button) and the menu page.
    expect(
      await admin.put(`/api/permission/Authority/Data/${tieredId}`, {
        objectType: 'User',
        module: [authorizeMenu, menuPage],
        button: [editButton],
      }),
    ).toMatchObject({ code: 200 });
    const target = await tiered.post<string>('/api/permission/Users', newUser('grantee', sales));
    expect(target.code).toBe(200);
    const granteeId = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'grantee').executeTakeFirstOrThrow()
    ).id;
    expect(
      await tiered.put(`/api/permission/Authority/Data/${granteeId}`, { objectType: 'User', module: [menuPage] }),
    ).toMatchObject({ code: 200 });
    expect(
      await tiered.put(`/api/permission/Authority/Data/${granteeId}`, { objectType: 'User', module: [rolePage] }),
    ).toMatchObject({ code: 400, msg: '无权授予您没有的权限：角色管理' });
    const worksId = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'worksPerson').executeTakeFirstOrThrow()
    ).id;
    expect(
      await tiered.put(`/api/permission/Authority/Data/${worksId}`, { objectType: 'User', module: [menuPage] }),
    ).toMatchObject(outside);
    const worksPosition = (
      await t.app.db.selectFrom('position').select('id').where('enCode', '=', 'worksClerk').executeTakeFirstOrThrow()
    ).id;
    expect(
      await tiered.put(`/api/permission/Authority/Data/${worksPosition}`, {
        objectType: 'Position',
        module: [menuPage],
      }),
    ).toMatchObject(outside);
    const held = await admin.get<{ module: string[] }>(`/api/permission/Authority/Data/User/${granteeId}`);
    expect(held.data?.module).toEqual([menuPage]);
  });

  test('it assigns administration only within what it administers; ending it takes the rights away at once', async () => {
    const other = await t.createUser({ account: 'otherTiered' });
    expect(
      await tiered.post(base, { userId: other, orgAdminModel: [{ organizeId: works, thisLayerAdd: 1 }] }),
    ).toMatchObject(outside);
    const mine = await admin.get<{ list: { id: string }[] }>(`${base}/Selector`, { userId: tieredId });
    expect(await admin.delete(`${base}/${mine.data?.list[0]?.id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await tiered.post('/api/permission/Users', newUser('afterEnd', sales))).toMatchObject({
      code: 403,
      msg: '暂无权限',
    });
  });
});
