import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * The user picker's lookups (widgets.md 4 and 7): users of one organisation, the tree level within
 * the caller's data scope, and the custom-mode flat list of the users some picked ids cover.
 *
 *   root ─┬─ 甲部 (deptA) ── 甲部一组 (subA)
 *         └─ 乙部 (deptB)
 */
let t: TestApp;
let admin: Client;
let clerk: Client;
let rootId: string;
let deptA: string;
let subA: string;
let deptB: string;
let roleId: string;
let positionId: string;
let groupId: string;
const u: Record<'clerk' | 'ann' | 'sam' | 'bob' | 'off' | 'duo' | 'gus', string> = {
  clerk: '',
  ann: '',
  sam: '',
  bob: '',
  off: '',
  duo: '',
  gus: '',
};
let userMenuId: string;
const schemes: Record<string, string> = {};

interface Brief {
  id: string;
  account: string;
  fullName: string;
  organize: string;
  type: string;
}
interface Node {
  id: string;
  type: string;
  fullName: string;
  hasChildren: boolean;
}
interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

async function created(res: Promise<{ code: number; msg: string; data?: { id: string } | null }>) {
  const reply = await res;
  expect(reply.code, reply.msg).toBe(200);
  return reply.data!.id;
}

async function addUser(account: string, realName: string, organizeId: string, extra: Record<string, string> = {}) {
  return created(admin.post('/api/permission/Users', { account, realName, organizeId, ...extra }));
}

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  rootId = (await t.app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow())
    .id;
  const department = (parentId: string, fullName: string, enCode: string) =>
    created(admin.post('/api/permission/Organize/Department', { parentId, fullName, enCode }));
  deptA = await department(rootId, '甲部', 'lka');
  subA = await department(deptA, '甲部一组', 'lka1');
  deptB = await department(rootId, '乙部', 'lkb');
  roleId = await created(admin.post('/api/permission/Role', { fullName: '审核', enCode: 'lkrole', globalMark: 1 }));
  positionId = await created(
    admin.post('/api/permission/Position', { organizeId: deptB, fullName: '会计', enCode: 'lkpos' }),
  );
  groupId = await created(admin.post('/api/permission/Group', { fullName: '读书会', enCode: 'lkgroup' }));

  u.clerk = await addUser('lkclerk', '职员', deptA);
  u.ann = await addUser('lkann', '安娜', deptA);
  u.sam = await addUser('lksam', '三木', subA);
  u.bob = await addUser('lkbob', '鲍勃', deptB, { roleId, positionId });
  u.off = await addUser('lkoff', '停用', deptA);
  u.duo = await addUser('lkduo', '双岗', `${deptA},${deptB}`);
  u.gus = await addUser('lkgus', '古斯', deptB, { groupId });
  expect(await admin.put(`/api/permission/Users/${u.off}/Actions/State`)).toMatchObject({ code: 200 });
  clerk = await t.signIn('lkclerk', '123456');

  userMenuId = (
    await t.app.db.selectFrom('menu').select('id').where('enCode', '=', 'permission.user').executeTakeFirstOrThrow()
  ).id;
  for (const scopeType of ['all', 'organize', 'organizeAndSub', 'self']) {
    schemes[scopeType] = (
      await admin.post<string>('/api/system/ModuleDataAuthorizeScheme', {
        moduleId: userMenuId,
        enCode: `lk_${scopeType}`,
        fullName: scopeType,
        scopeType,
      })
    ).data!;
  }
});
afterAll(() => t.close());

const sorted = (ids: string[]) => [...ids].sort();
const ids = (list: { id: string }[]) => sorted(list.map((x) => x.id));
const ours = (...names: (keyof typeof u)[]) => sorted(names.map((n) => u[n]));

describe('getOrganization: users of one organisation', () => {
  const url = '/api/permission/Users/getOrganization';

  test('enabled users with a direct relation to it, not those of its suborganisations; by keyword', async () => {
    const res = await admin.get<{ list: Brief[] }>(url, { organizeId: deptA });
    expect(res.code).toBe(200);
    expect(ids(res.data!.list)).toEqual(ours('clerk', 'ann', 'duo'));
    expect(res.data!.list.find((x) => x.id === u.ann)).toMatchObject({
      account: 'lkann',
      fullName: '安娜/lkann',
      organize: '甲部',
      type: 'user',
      enabledMark: 1,
    });
    const duo = await admin.get<{ list: Brief[] }>(url, { organizeId: deptB, keyword: '' });
    expect(ids(duo.data!.list)).toEqual(ours('bob', 'duo', 'gus'));
    expect(duo.data!.list.find((x) => x.id === u.duo)?.organize).toBe('甲部,乙部');
    const hit = await admin.get<{ list: Brief[] }>(url, { organizeId: deptA, keyword: '安娜' });
    expect(ids(hit.data!.list)).toEqual([u.ann]);
    expect((await admin.get<{ list: Brief[] }>(url, { organizeId: subA })).data!.list.map((x) => x.id)).toEqual([
      u.sam,
    ]);
  });

  test("without organizeId (or with it empty): the caller's current organisation", async () => {
    expect(ids((await clerk.get<{ list: Brief[] }>(url)).data!.list)).toEqual(ours('clerk', 'ann', 'duo'));
    expect(ids((await clerk.get<{ list: Brief[] }>(url, { organizeId: '', keyword: 'lkduo' })).data!.list)).toEqual([
      u.duo,
    ]);
    const bob = await t.signIn('lkbob', '123456');
    expect(ids((await bob.get<{ list: Brief[] }>(url)).data!.list)).toEqual(ours('bob', 'duo', 'gus'));
    // The seeded administrator belongs to the root organisation, and so does no one of ours.
    const adminId = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    expect((await admin.get<{ list: Brief[] }>(url)).data!.list.map((x) => x.id)).toEqual([adminId]);
  });

  test('an unknown organisation and bad input are refused, in the caller language', async () => {
    expect(await admin.get(url, { organizeId: 'nope' })).toMatchObject({ code: 400, msg: '组织不存在：nope' });
    for (const [lang, msg] of [
      ['en', 'Unknown organisation: nope'],
      ['zh-TW', '組織不存在：nope'],
    ]) {
      const res = await admin.call({
        method: 'GET',
        url,
        query: { organizeId: 'nope' },
        headers: { 'accept-language': lang! },
      });
      expect(res).toMatchObject({ code: 400, msg });
    }
    expect(await admin.get(url, { organizeId: 'a.b' })).toMatchObject({ code: 400, msg: '字段 organizeId 格式不正确' });
    expect(await admin.get(url, { organizeId: deptA, keyword: 'x'.repeat(201) })).toMatchObject({
      code: 400,
      msg: '字段 keyword 不能超过 200 个字符',
    });
    expect((await t.anonymous.get(url)).code).toBe(602);
  });
});

describe('GetListByAuthorize: the user picker within the caller data scope', () => {
  const level = <T = Node>(client: Client, id: string, body: object = {}) =>
    client.post<Paged<T>>(`/api/permission/Users/GetListByAuthorize/${id}`, body);
  /** Gives the clerk the user page with these data scopes ('off': data authorisation switched off; null: no page at all). */
  async function scope(kinds: string[] | 'off' | null) {
    await t.app.db
      .updateTable('menu')
      .set({ isDataAuthorize: kinds !== 'off' })
      .where('id', '=', userMenuId)
      .execute();
    const resource = Array.isArray(kinds) ? kinds.map((k) => schemes[k]!) : [];
    const res = await admin.put(`/api/permission/Authority/Data/${u.clerk}`, {
      objectType: 'User',
      module: kinds === null ? [] : [userMenuId],
      resource,
    });
    expect(res.code, res.msg).toBe(200);
  }
  const nodeIds = (page: Paged<Node> | null | undefined) => page!.list.map((n) => `${n.type}:${n.id}`);

  test('an administrator sees every organisation and user, like ImUser/Selector', async () => {
    expect(nodeIds((await level(admin, '0')).data)).toEqual([`company:${rootId}`]);
    const a = await level(admin, deptA);
    expect(nodeIds(a.data)).toEqual([
      `department:${subA}`,
      ...a.data!.list.filter((n) => n.type === 'user').map((n) => `user:${n.id}`),
    ]);
    expect(ids(a.data!.list.filter((n) => n.type === 'user'))).toEqual(ours('clerk', 'ann', 'duo'));
    expect(a.data!.list[0]).toMatchObject({ fullName: '甲部一组', hasChildren: true });
    expect((a.data!.list[0] as Node & { organize: string }).organize).toMatch(/^.+\/甲部\/甲部一组$/);
    expect(a.data!.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 3 });
    const search = await level<Brief>(admin, '0', { keyword: 'lk' });
    expect(ids(search.data!.list)).toEqual(ours('clerk', 'ann', 'sam', 'bob', 'duo', 'gus'));
    const second = await level<Brief>(admin, '0', { keyword: 'lk', currentPage: 2, pageSize: 4 });
    expect(second.data!.list).toHaveLength(2);
    expect(second.data!.pagination).toEqual({ currentPage: 2, pageSize: 4, total: 6 });
  });

  test('without the user page the caller sees no one', async () => {
    await scope(null);
    expect((await level(clerk, '0')).data).toEqual({
      list: [],
      pagination: { currentPage: 1, pageSize: 20, total: 0 },
    });
    expect((await level(clerk, deptA)).data!.list).toEqual([]);
    expect((await level(clerk, '0', { keyword: 'lk' })).data!.pagination.total).toBe(0);
  });

  test('the user page without data authorisation, or with scope "all": everything', async () => {
    for (const kinds of ['off', ['all']] as const) {
      await scope(kinds === 'off' ? 'off' : [...kinds]);
      expect(nodeIds((await level(clerk, '0')).data)).toEqual([`company:${rootId}`]);
      expect(ids((await level<Brief>(clerk, '0', { keyword: 'lk' })).data!.list)).toEqual(
        ours('clerk', 'ann', 'sam', 'bob', 'duo', 'gus'),
      );
    }
  });

  test('own organisation and below: the tree starts there; others and their members stay hidden', async () => {
    await scope(['organizeAndSub']);
    expect(nodeIds((await level(clerk, '0')).data)).toEqual([`department:${deptA}`]);
    const a = await level(clerk, deptA);
    expect(a.data!.list.filter((n) => n.type !== 'user').map((n) => n.id)).toEqual([subA]);
    expect(ids(a.data!.list.filter((n) => n.type === 'user'))).toEqual(ours('clerk', 'ann', 'duo'));
    expect(ids((await level(clerk, subA)).data!.list)).toEqual([u.sam]);
    for (const outside of [deptB, rootId, 'nope']) {
      expect((await level(clerk, outside)).data, outside).toEqual({
        list: [],
        pagination: { currentPage: 1, pageSize: 20, total: 0 },
      });
    }
    const search = await level<Brief>(clerk, '0', { keyword: 'lk' });
    expect(ids(search.data!.list)).toEqual(ours('clerk', 'ann', 'sam', 'duo'));
    expect(search.data!.pagination.total).toBe(4);
    expect((await level<Brief>(clerk, '0', { keyword: 'lkbob' })).data!.list).toEqual([]);
    // duo is also in 乙部: reachable through 甲部, listed once.
    expect((await level<Brief>(clerk, deptB, { keyword: 'lkduo' })).data!.list.map((x) => x.id)).toEqual([u.duo]);
  });

  test('own organisation only: not the organisations below it', async () => {
    await scope(['organize']);
    expect(nodeIds((await level(clerk, '0')).data)).toEqual([`department:${deptA}`]);
    const a = await level(clerk, deptA);
    expect(a.data!.list.every((n) => n.type === 'user')).toBe(true);
    expect(ids(a.data!.list)).toEqual(ours('clerk', 'ann', 'duo'));
    expect((await level(clerk, subA)).data!.list).toEqual([]);
    expect(ids((await level<Brief>(clerk, '0', { keyword: 'lk' })).data!.list)).toEqual(ours('clerk', 'ann', 'duo'));
  });

  test('own records only: the caller alone, at the top; with their organisation too, not twice', async () => {
    await scope(['self']);
    const top = await level<Brief>(clerk, '0');
    expect(top.data!.list.map((n) => [n.type, n.id])).toEqual([['user', u.clerk]]);
    expect(top.data!.pagination.total).toBe(1);
    expect((await level(clerk, deptA)).data!.list).toEqual([]);
    expect((await level<Brief>(clerk, '0', { keyword: 'lk' })).data!.list.map((x) => x.id)).toEqual([u.clerk]);
    expect((await level<Brief>(clerk, '0', { keyword: 'lkann' })).data!.list).toEqual([]);

    await scope(['self', 'organize']);
    expect(nodeIds((await level(clerk, '0')).data)).toEqual([`department:${deptA}`]);
  });

  test('the user list and its export apply the same scope as the picker', async () => {
    const listed = async (query: Record<string, string> = {}) =>
      ((await clerk.get<Paged<Brief>>('/api/permission/Users', { keyword: 'lk', ...query })).data?.list ?? []).map(
        (r) => r.id,
      );
    // The list shows disabled members too (the picker does not): lkoff is in 甲部.
    await scope(['organizeAndSub']);
    expect((await listed()).sort()).toEqual(ours('clerk', 'ann', 'sam', 'duo', 'off'));
    expect(await listed({ organizeId: deptB })).toEqual([u.duo]);
    await scope(['organize']);
    expect((await listed()).sort()).toEqual(ours('clerk', 'ann', 'duo', 'off'));
    await scope(['self']);
    expect(await listed()).toEqual([u.clerk]);

    // The export of every match is the same list: only the clerk under "self".
    const exportButton = await t.app.db
      .selectFrom('modulePermission')
      .select('id')
      .where('menuId', '=', userMenuId)
      .where('enCode', '=', 'btn_export')
      .executeTakeFirstOrThrow();
    const granted = await admin.put(`/api/permission/Authority/Data/${u.clerk}`, {
      objectType: 'User',
      module: [userMenuId],
      button: [exportButton.id],
      resource: [schemes.self],
    });
    expect(granted.code, granted.msg).toBe(200);
    const exported = await clerk.get<{ url: string }>('/api/permission/Users/ExportData', {
      keyword: 'lk',
      dataType: '1',
    });
    expect(exported.code, exported.msg).toBe(200);
    const sheet = await t.app.inject({ method: 'GET', url: exported.data!.url });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const accounts: string[] = [];
    workbook.worksheets[0]!.eachRow((row, index) => {
      if (index > 1) accounts.push(String((row.values as unknown[])[1]));
    });
    expect(accounts).toEqual(['lkclerk']);

    await scope(['all']);
    const everyone = ours('clerk', 'ann', 'sam', 'bob', 'off', 'duo', 'gus');
    expect((await listed()).sort()).toEqual(everyone);
    // Administrators are never narrowed.
    const forAdmin = await admin.get<Paged<Brief>>('/api/permission/Users', { keyword: 'lk' });
    expect(forAdmin.data!.list.map((r) => r.id).sort()).toEqual(everyone);
  });

  test('bad input is refused', async () => {
    expect(await level(admin, 'a.b')).toMatchObject({ code: 400, msg: '字段 id 格式不正确' });
    expect(await level(admin, '0', { currentPage: '2' })).toMatchObject({
      code: 400,
      msg: '字段 currentPage 的类型应为 整数',
    });
    expect(await level(admin, '0', { keyword: 7 })).toMatchObject({ code: 400, msg: '字段 keyword 的类型应为 字符串' });
    expect(await level(admin, '0', { pageSize: 501 })).toMatchObject({ code: 400, msg: '字段 pageSize 不能大于 500' });
  });
});

describe('getSelectedUserList: the users picked ids cover', () => {
  const url = '/api/permission/Users/getSelectedUserList';
  const list = (client: Client, body: object) => client.post<Paged<Brief>>(url, body);

  test('users, organisations with everything below them, roles, positions and groups; each enabled user once', async () => {
    const res = await list(admin, {
      ids: [u.ann, `${deptA}--department`, `${roleId}--role`, `${groupId}--group`, u.off],
    });
    expect(res.code).toBe(200);
    expect(ids(res.data!.list)).toEqual(ours('clerk', 'ann', 'sam', 'bob', 'duo', 'gus'));
    expect(res.data!.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 6 });
    expect(res.data!.list.find((x) => x.id === u.sam)).toMatchObject({ fullName: '三木/lksam', organize: '甲部一组' });

    expect(ids((await list(admin, { ids: [`${positionId}--position`] })).data!.list)).toEqual([u.bob]);
    expect(ids((await list(admin, { ids: [`${deptA}--organize`] })).data!.list)).toEqual(
      ours('clerk', 'ann', 'sam', 'duo'),
    );
    const everyone = await list(admin, { ids: [`${rootId}--company`], keyword: 'lk' });
    expect(ids(everyone.data!.list)).toEqual(ours('clerk', 'ann', 'sam', 'bob', 'duo', 'gus'));
    // As getSelectedList: the suffix names the kind, so a department is not a company.
    expect((await list(admin, { ids: [`${deptA}--company`] })).data!.list).toEqual([]);
    expect(ids((await list(admin, { ids: [`${u.gus}--USER`] })).data!.list)).toEqual([u.gus]);
  });

  test('unknown ids, unknown kinds and disabled users cover no one', async () => {
    const res = await list(admin, {
      ids: ['ghost', 'ghost--role', 'ghost--department', 'ghost--group', `${u.ann}--thing`, u.off, 'currentUser'],
    });
    expect(res.data).toEqual({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } });
    expect((await list(admin, { ids: [] })).data!.pagination.total).toBe(0);
  });

  test('filtered by keyword and paged; a page past the end still says the total', async () => {
    const body = { ids: [`${deptA}--department`, `${roleId}--role`, `${groupId}--group`], keyword: 'lk', pageSize: 4 };
    const first = await list(admin, body);
    const second = await list(admin, { ...body, currentPage: 2 });
    expect(first.data!.list).toHaveLength(4);
    expect(second.data!.list).toHaveLength(2);
    expect(second.data!.pagination).toEqual({ currentPage: 2, pageSize: 4, total: 6 });
    expect(ids([...first.data!.list, ...second.data!.list])).toEqual(ours('clerk', 'ann', 'sam', 'bob', 'duo', 'gus'));
    expect((await list(admin, { ...body, currentPage: 9 })).data).toEqual({
      list: [],
      pagination: { currentPage: 9, pageSize: 4, total: 6 },
    });
    expect((await list(admin, { ...body, keyword: '三木' })).data!.list.map((x) => x.id)).toEqual([u.sam]);
    expect((await list(admin, { ...body, keyword: '100%_' })).data!.list).toEqual([]);
  });

  test('any signed-in user may ask; anonymous callers may not', async () => {
    const res = await list(clerk, { ids: [`${deptB}--department`] });
    expect(ids(res.data!.list)).toEqual(ours('bob', 'duo', 'gus'));
    expect((await t.anonymous.post(url, { ids: [] })).code).toBe(602);
  });

  test('bad input is refused with a message naming the field, in the caller language', async () => {
    const tooMany = Array.from({ length: 1001 }, (_, i) => `id${i}`);
    for (const [body, msg] of [
      [{}, '缺少必填字段 ids'],
      [{ ids: 'abc' }, '字段 ids 的类型应为 数组'],
      [{ ids: [7] }, '字段 ids.0 的类型应为 字符串'],
      [{ ids: ['../x'] }, '字段 ids.0 格式不正确'],
      [{ ids: tooMany }, '字段 ids 最多 1000 项'],
      [{ ids: [], pageSize: 0 }, '字段 pageSize 不能小于 1'],
    ] as const) {
      expect(await list(admin, body), JSON.stringify(body).slice(0, 40)).toMatchObject({ code: 400, msg });
    }
    const en = await admin.call({
      method: 'POST',
      url,
      payload: { ids: tooMany },
      headers: { 'accept-language': 'en' },
    });
    expect(en).toMatchObject({ code: 400, msg: 'Field ids allows at most 1000 items' });
    const tw = await admin.call({
      method: 'POST',
      url,
      payload: { ids: 'abc' },
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw).toMatchObject({ code: 400, msg: '欄位 ids 的類型應為 陣列' });
    expect((await list(admin, { ids: tooMany.slice(0, 1000) })).data!.pagination.total).toBe(0);
  });
});
