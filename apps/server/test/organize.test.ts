import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
let rootId: string;

interface Node {
  id: string;
  fullName: string;
  icon: string;
  hasChildren: boolean;
  children: Node[];
  organize?: string;
  organizeIds?: string[];
}

const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const root = await t.app.db
    .selectFrom('organize')
    .select('id')
    .where('parentId', '=', '-1')
    .executeTakeFirstOrThrow();
  rootId = root.id;
});
afterAll(() => t.close());

async function company(fields: Record<string, unknown> = {}) {
  const res = await admin.post<{ id: string }>('/api/permission/Organize', {
    parentId: rootId,
    fullName: `公司${Math.random().toString(36).slice(2, 8)}`,
    enCode: `c${Math.random().toString(36).slice(2, 10)}`,
    ...fields,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!.id;
}

async function department(parentId: string, fields: Record<string, unknown> = {}) {
  const res = await admin.post<{ id: string }>('/api/permission/Organize/Department', {
    parentId,
    fullName: `部门${Math.random().toString(36).slice(2, 8)}`,
    enCode: `d${Math.random().toString(36).slice(2, 10)}`,
    ...fields,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!.id;
}

const treeOf = (id: string) =>
  t.app.db
    .selectFrom('organize')
    .select('organizeIdTree')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => r.organizeIdTree);

describe('organisations and departments', () => {
  test('a company and a department appear in the tree with their id paths', async () => {
    const c = await company({ fullName: '华东公司', enCode: 'east' });
    const d = await department(c, { fullName: '研发部', enCode: 'east.rd' });
    expect(await treeOf(d)).toBe(`${rootId},${c},${d}`);
    const res = await admin.get<{ list: Node[] }>('/api/permission/Organize');
    const nodes = flat(res.data!.list);
    const east = nodes.find((n) => n.id === c)!;
    expect(east).toMatchObject({ fullName: '华东公司', hasChildren: true, type: 'company' });
    expect(east.children.map((n) => n.id)).toEqual([d]);
    const search = await admin.get<{ list: Node[] }>('/api/permission/Organize', { keyword: '研发' });
    expect(flat(search.data!.list).map((n) => n.id)).toEqual([rootId, c, d]);
  });

  test('info of a company and of a department', async () => {
    const c = await company();
    const d = await department(c, { description: '说明' });
    expect((await admin.get(`/api/permission/Organize/${c}`)).data).toMatchObject({ id: c, category: 'company' });
    expect((await admin.get(`/api/permission/Organize/Department/${d}`)).data).toMatchObject({
      id: d,
      parentId: c,
      description: '说明',
      organizeIdTree: [rootId, c, d],
    });
    // A company is not a department.
    expect(await admin.get(`/api/permission/Organize/Department/${c}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.get('/api/permission/Organize/404404')).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('moving a department rewrites the id paths of its whole subtree', async () => {
    const a = await company();
    const b = await company();
    const d = await department(a);
    const sub = await department(d);
    const res = await admin.put(`/api/permission/Organize/Department/${d}`, {
      id: d,
      parentId: b,
      fullName: '迁移部门',
      enCode: `moved${Date.now()}`,
    });
    expect(res).toMatchObject({ code: 200, msg: '更新成功' });
    expect(await treeOf(d)).toBe(`${rootId},${b},${d}`);
    expect(await treeOf(sub)).toBe(`${rootId},${b},${d},${sub}`);
  });

  test('a node cannot move below itself, and a company cannot sit under a department', async () => {
    const c = await company();
    const d = await department(c);
    const sub = await department(d);
    const info = (await admin.get<{ fullName: string; enCode: string }>(`/api/permission/Organize/Department/${d}`))
      .data!;
    const cycle = await admin.put(`/api/permission/Organize/Department/${d}`, { ...info, parentId: sub });
    expect(cycle).toMatchObject({ code: 400, msg: '上级不能是自己或自己的下级' });
    expect(await treeOf(d)).toBe(`${rootId},${c},${d}`);
    const underDept = await admin.post('/api/permission/Organize', { parentId: d, fullName: 'X', enCode: 'xunderd' });
    expect(underDept).toMatchObject({ code: 400, msg: '公司的上级不能是部门' });
    const topDept = await admin.post('/api/permission/Organize/Department', {
      parentId: '-1',
      fullName: 'X',
      enCode: 'xtop',
    });
    expect(topDept).toMatchObject({ code: 400, msg: '部门的上级必须是公司或部门' });
    const noParent = await admin.post('/api/permission/Organize/Department', {
      parentId: '999',
      fullName: 'X',
      enCode: 'x999',
    });
    expect(noParent).toMatchObject({ code: 400, msg: '上级组织不存在' });
  });

  test('codes are unique and names unique under one parent', async () => {
    const c = await company({ enCode: 'uniq.code' });
    expect(
      await admin.post('/api/permission/Organize', { parentId: rootId, fullName: '另一个', enCode: 'UNIQ.code' }),
    ).toMatchObject({
      code: 400,
      msg: '组织编码已存在',
    });
    await department(c, { fullName: '财务部' });
    expect(
      await admin.post('/api/permission/Organize/Department', { parentId: c, fullName: '财务部', enCode: 'fin2' }),
    ).toMatchObject({
      code: 400,
      msg: '同一上级下已有同名组织',
    });
  });

  test('bad input is refused naming the field, and nothing is written', async () => {
    const before = await t.app.db
      .selectFrom('organize')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await admin.post('/api/permission/Organize', { parentId: rootId, enCode: 'a' })).toMatchObject({
      code: 400,
      msg: '缺少必填字段 fullName',
    });
    expect(
      await admin.post('/api/permission/Organize', { parentId: rootId, fullName: 'x'.repeat(51), enCode: 'a' }),
    ).toMatchObject({
      code: 400,
      msg: '字段 fullName 不能超过 50 个字符',
    });
    expect(
      await admin.post('/api/permission/Organize', { parentId: rootId, fullName: 'x', enCode: 'a', sortCode: '1' }),
    ).toMatchObject({
      code: 400,
      msg: '字段 sortCode 的类型应为 整数',
    });
    expect(
      await admin.post('/api/permission/Organize', { parentId: rootId, fullName: 'x', enCode: '.a' }),
    ).toMatchObject({
      code: 400,
      msg: '字段 enCode 格式不正确',
    });
    expect(
      await admin.post('/api/permission/Organize', {
        parentId: rootId,
        fullName: 'x',
        enCode: 'mgr',
        managerId: 'nobody',
      }),
    ).toMatchObject({ code: 400, msg: '直属主管不存在' });
    const after = await t.app.db
      .selectFrom('organize')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  test('delete is refused while children, users or positions remain', async () => {
    const c = await company();
    const d = await department(c);
    expect(await admin.delete(`/api/permission/Organize/${c}`)).toMatchObject({
      code: 400,
      msg: '该组织存在下级组织，请先删除下级组织',
    });
    const userId = await t.createUser({ account: 'deptuser' });
    await t.app.db.updateTable('appUser').set({ organizeId: d }).where('id', '=', userId).execute();
    expect(await admin.delete(`/api/permission/Organize/${d}`)).toMatchObject({
      code: 400,
      msg: '该组织下存在用户，请先移除用户',
    });
    await t.app.db.updateTable('appUser').set({ organizeId: rootId }).where('id', '=', userId).execute();
    const pos = await admin.post<{ id: string }>('/api/permission/Position', {
      organizeId: d,
      fullName: '岗',
      enCode: 'p.del',
    });
    expect(await admin.delete(`/api/permission/Organize/${d}`)).toMatchObject({
      code: 400,
      msg: '该组织下存在岗位，请先删除岗位',
    });
    await admin.delete(`/api/permission/Position/${pos.data!.id}`);
    expect(await admin.delete(`/api/permission/Organize/${d}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await admin.delete(`/api/permission/Organize/${c}`)).toMatchObject({ code: 200 });
    expect(await admin.delete(`/api/permission/Organize/${c}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('selectors: the protocol shape, without the node being edited and its subtree', async () => {
    const c = await company({ fullName: '选择器公司' });
    const d = await department(c, { fullName: '选择器部门' });
    const all = await admin.get<{ list: Node[] }>('/api/permission/Organize/Department/SelectorByAuth/0');
    const nodes = flat(all.data!.list);
    const node = nodes.find((n) => n.id === d)!;
    expect(node).toMatchObject({
      id: d,
      fullName: '选择器部门',
      icon: 'icon-ym icon-ym-tree-department1',
      children: [],
    });
    expect(node.organize).toBe(`集团总部/选择器公司/选择器部门`);
    expect(node.organizeIds).toEqual([rootId, c, d]);
    const without = flat(
      (await admin.get<{ list: Node[] }>(`/api/permission/Organize/Department/Selector/${c}`)).data!.list,
    );
    expect(without.some((n) => n.id === c || n.id === d)).toBe(false);
    const companies = flat((await admin.get<{ list: Node[] }>('/api/permission/Organize/SelectorByAuth/0')).data!.list);
    expect(companies.some((n) => n.id === c)).toBe(true);
    expect(companies.some((n) => n.id === d)).toBe(false);
    const tree = flat((await admin.get<{ list: Node[] }>('/api/permission/Organize/Tree')).data!.list);
    expect(tree.some((n) => n.id === d)).toBe(true);
  });

  test('a user without organisations sees nothing in SelectorByAuth', async () => {
    await t.createUser({ account: 'plainorg', password: 'Passw0rd' });
    await t.app.db.deleteFrom('userRelation').execute();
    const plain = await t.signIn('plainorg', 'Passw0rd');
    const res = await plain.get<{ list: Node[] }>('/api/permission/Organize/Department/SelectorByAuth/0');
    expect(res).toMatchObject({ code: 200, data: { list: [] } });
    // and the administration page itself is refused
    expect(await plain.get('/api/permission/Organize')).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(
      await plain.post('/api/permission/Organize', { parentId: rootId, fullName: 'x', enCode: 'x' }),
    ).toMatchObject({
      code: 403,
    });
  });

  test('OrganizeCondition and the paged department selector', async () => {
    const c = await company({ fullName: '条件公司' });
    const d1 = await department(c, { fullName: '条件甲部' });
    await department(c, { fullName: '条件乙部' });
    const cond = await admin.post<{ list: { id: string; organize: string }[] }>(
      '/api/permission/Organize/OrganizeCondition',
      {
        departIds: [c],
        keyword: '甲',
      },
    );
    expect(cond.data!.list.map((r) => r.id)).toEqual([d1]);
    const paged = await admin.get<{ list: { id: string }[]; pagination: { total: number } }>(
      '/api/permission/Organize/Department',
      {
        organizeId: c,
        pageSize: '1',
      },
    );
    expect(paged.data!.pagination).toMatchObject({ total: 2, pageSize: 1, currentPage: 1 });
    expect(paged.data!.list).toHaveLength(1);
    expect(await admin.post('/api/permission/Organize/OrganizeCondition', { departIds: 'x' })).toMatchObject({
      code: 400,
    });
  });
});
