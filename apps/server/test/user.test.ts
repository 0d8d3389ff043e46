import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { md5Hex } from '../src/core/password.ts';
import { millisSince } from './helpers/matchers.ts';
import { appWithDepartment } from './helpers/organize-fixture.ts';
import { type Client, type TestApp, userCount } from './helpers/test-app.ts';

const fileStart = Date.now();

let t: TestApp;
let admin: Client;
let rootId: string;
let deptId: string;
let positionId: string;
let roleId: string;
let groupId: string;

interface Row {
  id: string;
  account: string;
  realName: string;
  organize: string;
  enabledMark: number;
}
interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

beforeAll(async () => {
  ({ t, admin, rootId, deptId } = await appWithDepartment({ fullName: '研发部', enCode: 'rd' }));
  positionId = (
    await admin.post<{ id: string }>('/api/permission/Position', {
      organizeId: deptId,
      fullName: '工程师',
      enCode: 'eng',
    })
  ).data!.id;
  roleId = (
    await admin.post<{ id: string }>('/api/permission/Role', { fullName: '开发', enCode: 'dev', globalMark: 1 })
  ).data!.id;
  groupId = (await admin.post<{ id: string }>('/api/permission/Group', { fullName: '兴趣组', enCode: 'club' })).data!
    .id;
});
afterAll(() => t.close());

let counter = 0;
async function createUser(fields: Record<string, unknown> = {}) {
  counter++;
  const res = await admin.post<{ id: string }>('/api/permission/Users', {
    account: `user${counter}x`,
    realName: `用户${counter}`,
    gender: '1',
    organizeId: deptId,
    ...fields,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!.id;
}

const countUsers = () => userCount(t);

describe('create and read', () => {
  test('a new user gets the default password and their organisations, positions and roles', async () => {
    const id = await createUser({
      account: 'zhangsan',
      realName: '张三',
      organizeId: `${deptId},${rootId}`,
      positionId,
      roleId,
      mobilePhone: '13800000000',
      email: 'zs@example.com',
      entryDate: 1_700_000_000_000,
      nation: '汉族',
      managerId: '',
    });
    const info = await admin.get<Record<string, unknown>>(`/api/permission/Users/${id}`);
    expect(info.data).toMatchObject({
      account: 'zhangsan',
      organizeId: `${deptId},${rootId}`,
      positionId,
      roleId,
      mobilePhone: '13800000000',
      entryDate: 1_700_000_000_000,
      nation: '汉族',
    });
    expect(info.data).not.toHaveProperty('passwordHash');
    // The default password of system configuration signs in.
    const login = await t.login('zhangsan', '123456');
    expect(login.code).toBe(200);
  });

  test('the list answers the protocol row shape, filtered by organisation subtree and keyword', async () => {
    const sub = (
      await admin.post<{ id: string }>('/api/permission/Organize/Department', {
        parentId: deptId,
        fullName: '前端组',
        enCode: 'rd.fe',
      })
    ).data!.id;
    const id = await createUser({ account: 'lisife', realName: '李四', organizeId: sub });
    const res = await admin.get<Paged<Row>>('/api/permission/Users', { organizeId: deptId, keyword: '李四' });
    expect(res.data!.list).toEqual([
      {
        id,
        account: 'lisife',
        realName: '李四',
        // The sex entry's name: the 3.6 client prints the column as it is.
        gender: '男',
        mobilePhone: '',
        organize: '前端组',
        creatorTime: millisSince(fileStart),
        sortCode: 0,
        enabledMark: 1,
        isAdministrator: false,
      },
    ]);
    expect(
      (await admin.get<Paged<Row>>('/api/permission/Users', { keyword: 'sifE' })).data!.list.map((r) => r.id),
    ).toEqual([id]);
    const none = await admin.get<Paged<Row>>('/api/permission/Users', { organizeId: '123456', keyword: '李四' });
    expect(none.data).toMatchObject({ list: [], pagination: { total: 0 } });
    // A wildcard typed by the user is matched literally.
    expect((await admin.get<Paged<Row>>('/api/permission/Users', { keyword: '%' })).data!.list).toEqual([]);
  });

  test('pages split the list, sorted as asked, and a page past the end still says the total', async () => {
    for (const n of [1, 2, 3]) await createUser({ account: `pager${n}`, realName: `翻页${n}` });
    const query = { keyword: 'pager', pageSize: '2', sidx: 'account', sort: 'asc' };
    const first = await admin.get<Paged<Row>>('/api/permission/Users', { ...query, currentPage: '1' });
    expect(first.data?.list.map((r) => r.account)).toEqual(['pager1', 'pager2']);
    expect(first.data?.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    const second = await admin.get<Paged<Row>>('/api/permission/Users', { ...query, currentPage: '2' });
    expect(second.data?.list.map((r) => r.account)).toEqual(['pager3']);
    const beyond = await admin.get<Paged<Row>>('/api/permission/Users', { ...query, currentPage: '9' });
    expect(beyond.data).toEqual({ list: [], pagination: { currentPage: 9, pageSize: 2, total: 3 } });
    const desc = await admin.get<Paged<Row>>('/api/permission/Users', { ...query, sort: 'desc', currentPage: '1' });
    expect(desc.data?.list.map((r) => r.account)).toEqual(['pager3', 'pager2']);
  });

  test('paging and sorting', async () => {
    for (let i = 0; i < 3; i++) await createUser({ realName: `分页${i}`, sortCode: 10 + i });
    const first = await admin.get<Paged<Row>>('/api/permission/Users', { keyword: '分页', pageSize: '2' });
    expect(first.data!.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(first.data!.list.map((r) => r.realName)).toEqual(['分页0', '分页1']);
    const second = await admin.get<Paged<Row>>('/api/permission/Users', {
      keyword: '分页',
      pageSize: '2',
      currentPage: '2',
    });
    expect(second.data!.list.map((r) => r.realName)).toEqual(['分页2']);
    const desc = await admin.get<Paged<Row>>('/api/permission/Users', {
      keyword: '分页',
      sidx: 'realName',
      sort: 'desc',
    });
    expect(desc.data!.list.map((r) => r.realName)).toEqual(['分页2', '分页1', '分页0']);
    expect(await admin.get('/api/permission/Users', { pageSize: '501' })).toMatchObject({
      code: 400,
      msg: '字段 pageSize 不能大于 500',
    });
  });
});

describe('bad input changes nothing', () => {
  test.each([
    [{ realName: 'x', organizeId: 'a' }, '缺少必填字段 account'],
    [{ account: 'ok1', realName: 'x', organizeId: 'a', sortCode: '1' }, '字段 sortCode 的类型应为 整数'],
    [{ account: 'bad account', realName: 'x', organizeId: 'a' }, '字段 account 格式不正确'],
    [{ account: 'ok2', realName: 'x', organizeId: 'a', mobilePhone: '123' }, '字段 mobilePhone 的取值不在允许范围内'],
    [{ account: 'ok8', realName: 'x', organizeId: 'a', landline: '13800000000' }, '字段 landline 的取值不在允许范围内'],
    [{ account: 'ok9', realName: 'x', organizeId: 'a', telePhone: '010 1234' }, '字段 telePhone 的取值不在允许范围内'],
    [{ account: 'ok3', realName: 'x', organizeId: '' }, '字段 organizeId 不能少于 1 个字符'],
    [{ account: 'ok4', realName: 'x', organizeId: 'nope' }, '组织不存在：nope'],
    [{ account: 'admin', realName: 'x', organizeId: 'ROOT' }, '账户已存在'],
    [{ account: 'ok5', realName: 'x', organizeId: 'ROOT', roleId: 'r1,r2' }, '角色不存在：r1,r2'],
    [{ account: 'ok6', realName: 'x', organizeId: 'ROOT', positionId: 'p9' }, '岗位不存在：p9'],
    [{ account: 'ok7', realName: 'x', organizeId: 'ROOT', managerId: 'ghost' }, '直属主管不存在'],
  ])('%j -> %s', async (body, msg) => {
    const before = await countUsers();
    const payload = { ...body, organizeId: body.organizeId === 'ROOT' ? rootId : body.organizeId };
    expect(await admin.post('/api/permission/Users', payload)).toMatchObject({ code: 400, msg });
    expect(await countUsers()).toBe(before);
  });

  test('messages follow the caller language', async () => {
    const res = await admin.call({
      method: 'POST',
      url: '/api/permission/Users',
      headers: { 'accept-language': 'en' },
      payload: { account: 'admin', realName: 'x', organizeId: rootId },
    });
    expect(res).toMatchObject({ code: 400, msg: 'The account is already in use' });
  });

  test('unknown ids on update, delete, state, reset and info', async () => {
    const body = { account: 'ghost1', realName: 'x', organizeId: rootId };
    expect(await admin.put('/api/permission/Users/424242', body)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.delete('/api/permission/Users/424242')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.put('/api/permission/Users/424242/Actions/State')).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    const digest = md5Hex('x1y2z3');
    expect(
      await admin.post('/api/permission/Users/424242/Actions/ResetPassword', {
        userPassword: digest,
        validatePassword: digest,
      }),
    ).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.get('/api/permission/Users/424242')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.put('/api/permission/Users/424242/Actions/unlock')).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
  });
});

describe('edit, state, password, delete', () => {
  test('editing replaces relations and keeps the password', async () => {
    const id = await createUser({ account: 'editme', positionId });
    const res = await admin.put(`/api/permission/Users/${id}`, {
      id,
      account: 'editme2',
      realName: '改名',
      organizeId: rootId,
      roleId,
      groupId,
    });
    expect(res).toMatchObject({ code: 200, msg: '更新成功' });
    const info = await admin.get<Record<string, unknown>>(`/api/permission/Users/${id}`);
    expect(info.data).toMatchObject({
      account: 'editme2',
      realName: '改名',
      organizeId: rootId,
      positionId: '',
      roleId,
      groupId,
    });
    expect((await t.login('editme2', '123456')).code).toBe(200);
    expect(
      await admin.put(`/api/permission/Users/${id}`, {
        account: 'editme2',
        realName: 'x',
        organizeId: rootId,
        managerId: id,
      }),
    ).toMatchObject({
      code: 400,
      msg: '直属主管不能是自己',
    });
  });

  test('disabling ends the user’s sessions; enabling lets them in again', async () => {
    await createUser({ account: 'toggler' });
    const user = await t.signIn('toggler', '123456');
    const id = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'toggler').executeTakeFirstOrThrow()
    ).id;
    expect(await admin.put(`/api/permission/Users/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '禁用成功' });
    expect((await user.get('/api/oauth/CurrentUser')).code).toBe(600);
    expect((await t.login('toggler', '123456')).code).toBe(400);
    expect(await admin.put(`/api/permission/Users/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '启用成功' });
    expect((await t.login('toggler', '123456')).code).toBe(200);
  });

  test('the administrator cannot disable or delete themself', async () => {
    const me = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    expect(await admin.put(`/api/permission/Users/${me}/Actions/State`)).toMatchObject({
      code: 400,
      msg: '不能禁用当前登录的账号',
    });
    expect(await admin.delete(`/api/permission/Users/${me}`)).toMatchObject({
      code: 400,
      msg: '不能删除当前登录的账号',
    });
  });

  test('reset password: digests must match; the user is signed out and the new password works', async () => {
    const id = await createUser({ account: 'resetme' });
    const user = await t.signIn('resetme', '123456');
    const url = `/api/permission/Users/${id}/Actions/ResetPassword`;
    expect(await admin.post(url, { userPassword: md5Hex('a1b2c3'), validatePassword: md5Hex('zzz999') })).toMatchObject(
      {
        code: 400,
        msg: '两次输入的密码不一致',
      },
    );
    expect(await admin.post(url, { userPassword: 'plain', validatePassword: 'plain' })).toMatchObject({
      code: 400,
      msg: '字段 userPassword 不能少于 32 个字符',
    });
    expect((await user.get('/api/oauth/CurrentUser')).code).toBe(200);
    expect(await admin.post(url, { userPassword: md5Hex('a1b2c3'), validatePassword: md5Hex('a1b2c3') })).toMatchObject(
      {
        code: 200,
        msg: '重置密码成功',
      },
    );
    expect((await user.get('/api/oauth/CurrentUser')).code).toBe(600);
    expect(await t.login('resetme', 'a1b2c3')).toMatchObject({ code: 200 });
    expect((await t.login('resetme', '123456')).code).toBe(400);
  });

  test('delete removes the user and their relations; an administrator cannot be deleted', async () => {
    const id = await createUser({ account: 'deleteme', roleId });
    expect(await admin.delete(`/api/permission/Users/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await t.app.db.selectFrom('userRelation').select('id').where('userId', '=', id).execute()).toEqual([]);
    const other = await createUser({ account: 'otheradmin' });
    await t.app.db.updateTable('appUser').set({ isAdministrator: true }).where('id', '=', other).execute();
    expect(await admin.delete(`/api/permission/Users/${other}`)).toMatchObject({
      code: 400,
      msg: '不能删除管理员账号',
    });
  });

  test('unlock lifts a lock from failed logins', async () => {
    const id = await createUser({ account: 'lockedone' });
    await t.app.db.updateTable('appUser').set({ enabledMark: 2, logErrorCount: 5 }).where('id', '=', id).execute();
    expect(await admin.put(`/api/permission/Users/${id}/Actions/unlock`)).toMatchObject({ code: 200, msg: '解锁成功' });
    expect((await t.login('lockedone', '123456')).code).toBe(200);
  });
});

describe('work handover and lookups', () => {
  test('handover moves managed organisations, reports and memberships', async () => {
    const from = await createUser({ account: 'leaver', positionId, roleId });
    const to = await createUser({ account: 'taker' });
    const report = await createUser({ account: 'report1', managerId: from });
    await t.app.db.updateTable('organize').set({ managerId: from }).where('id', '=', deptId).execute();
    const work = await admin.get<{
      organizeList: unknown[];
      subordinateList: { id: string }[];
      permissionList: unknown[];
    }>('/api/permission/Users/getWorkByUser', { fromId: from });
    expect(work.data!.organizeList).toHaveLength(1);
    expect(work.data!.subordinateList.map((s) => s.id)).toEqual([report]);
    expect(work.data!.permissionList).toHaveLength(2);
    expect(await admin.post('/api/permission/Users/workHandover', { fromId: from, toId: from })).toMatchObject({
      code: 400,
      msg: '交接人不能是同一个用户',
    });
    expect(await admin.post('/api/permission/Users/workHandover', { fromId: from, toId: 'ghost' })).toMatchObject({
      code: 400,
    });
    expect(await admin.post('/api/permission/Users/workHandover', { fromId: from, toId: to })).toMatchObject({
      code: 200,
      msg: '工作交接成功',
    });
    const info = await admin.get<Record<string, string>>(`/api/permission/Users/${to}`);
    expect(info.data).toMatchObject({ positionId, roleId });
    expect((await admin.get<Record<string, string>>(`/api/permission/Users/${report}`)).data!.managerId).toBe(to);
  });

  test('handover refuses an organisation role of none of the receiver’s organisations', async () => {
    const deptRole = (
      await admin.post<{ id: string }>('/api/permission/Role', {
        fullName: '研发角色',
        enCode: 'rdrole',
        globalMark: 0,
        organizeIds: [deptId],
      })
    ).data!.id;
    const from = await createUser({ account: 'rdleaver', roleId: `${roleId},${deptRole}` });
    const outside = await createUser({ account: 'roottaker', organizeId: rootId });
    const report = await createUser({ account: 'rdreport', managerId: from });
    expect(await admin.post('/api/permission/Users/workHandover', { fromId: from, toId: outside })).toMatchObject({
      code: 400,
      msg: '角色 研发角色 不属于该用户所在的任何组织',
    });
    // Refused as a whole: nothing moved.
    expect((await admin.get<Record<string, string>>(`/api/permission/Users/${outside}`)).data!.roleId ?? '').toBe('');
    expect((await admin.get<Record<string, string>>(`/api/permission/Users/${report}`)).data!.managerId).toBe(from);

    // A receiver in one of the role's organisations takes it.
    const inside = await createUser({ account: 'rdtaker', organizeId: `${rootId},${deptId}` });
    expect(await admin.post('/api/permission/Users/workHandover', { fromId: from, toId: inside })).toMatchObject({
      code: 200,
    });
    const roles = (await admin.get<Record<string, string>>(`/api/permission/Users/${inside}`)).data!.roleId!;
    expect(roles.split(',').sort()).toEqual([roleId, deptRole].sort());
  });

  test('users by ids, position, role and organisation; subordinates; selected list', async () => {
    const a = await createUser({ account: 'lookupa', realName: '查找甲', positionId, roleId });
    const b = await createUser({ account: 'lookupb', realName: '查找乙', organizeId: rootId, roleId });
    const byIds = await admin.post<{ list: { id: string; fullName: string }[] }>('/api/permission/Users/getUserList', {
      ids: [b, a, 'none'],
    });
    expect(byIds.data!.list.map((u) => [u.id, u.fullName])).toEqual([
      [b, '查找乙/lookupb'],
      [a, '查找甲/lookupa'],
    ]);
    const byPosition = await admin.get<Paged<{ id: string }>>('/api/permission/Users/GetUsersByPositionId', {
      positionId,
      keyword: '查找',
    });
    expect(byPosition.data!.list.map((u) => u.id)).toEqual([a]);
    const byRole = await admin.get<Paged<{ id: string }>>('/api/permission/Users/GetUsersByRoleOrgId', {
      roleId,
      keyword: '查找',
    });
    expect(byRole.data!.pagination.total).toBe(2);
    const byRoleOrg = await admin.get<Paged<{ id: string }>>('/api/permission/Users/GetUsersByRoleOrgId', {
      roleId,
      organizeId: rootId,
      keyword: '查找',
    });
    expect(byRoleOrg.data!.list.map((u) => u.id)).toEqual([b]);
    expect(await admin.get('/api/permission/Users/GetUsersByPositionId')).toMatchObject({
      code: 400,
      msg: '缺少必填字段 positionId',
    });

    const me = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    await t.app.db.updateTable('appUser').set({ managerId: me }).where('id', '=', a).execute();
    const subs = await admin.post<{ list: { id: string }[] }>('/api/permission/Users/getSubordinates', { keyword: '' });
    expect(subs.data!.list.map((u) => u.id)).toEqual([a]);

    const selected = await admin.post<{ list: { id: string; fullName: string; type: string }[] }>(
      '/api/permission/Users/getSelectedList',
      {
        ids: [
          a,
          `${deptId}--department`,
          `${roleId}--role`,
          `${positionId}--position`,
          `${groupId}--group`,
          'ghost--user',
        ],
      },
    );
    expect(selected.data!.list.map((s) => [s.type, s.fullName])).toEqual([
      ['user', '查找甲/lookupa'],
      ['department', '研发部'],
      ['role', '开发'],
      ['position', '工程师'],
      ['group', '兴趣组'],
    ]);
    expect(await admin.post('/api/permission/Users/getSelectedList', { ids: ['../x'] })).toMatchObject({ code: 400 });
  });

  test('ImUser, the picker levels, All and Selector', async () => {
    const id = await createUser({ account: 'chatty', realName: '聊天者' });
    const im = await admin.get<Paged<{ id: string }>>('/api/permission/Users/ImUser', { keyword: '聊天' });
    expect(im.data!.list.map((u) => u.id)).toEqual([id]);
    const top = await admin.post<Paged<{ id: string; type: string }>>('/api/permission/Users/ImUser/Selector/0', {});
    expect(top.data!.list.map((n) => n.id)).toEqual([rootId]);
    const level = await admin.post<Paged<{ id: string; type: string }>>(
      `/api/permission/Users/ImUser/Selector/${deptId}`,
      {},
    );
    expect(level.data!.list.some((n) => n.id === id && n.type === 'user')).toBe(true);
    const all = await admin.get<{ list: { id: string }[] }>('/api/permission/Users/All');
    expect(all.data!.list.some((u) => u.id === id)).toBe(true);
    const tree = await admin.get<{ list: { id: string; children: { id: string; children: { id: string }[] }[] }[] }>(
      '/api/permission/Users/Selector',
    );
    const dept = tree.data!.list[0]!.children.find((c) => c.id === deptId)!;
    expect(dept.children.some((c) => c.id === id)).toBe(true);
  });

  test('DictionaryData/All carries the sex dictionary for the user page', async () => {
    const res = await admin.get<{
      list: {
        enCode: string;
        isTree: number;
        dictionaryList: { enCode: string; fullName: string; children: unknown[] }[];
      }[];
    }>('/api/system/DictionaryData/All');
    const sex = res.data!.list.find((d) => d.enCode === 'sex')!;
    expect(sex).toMatchObject({ id: expect.any(String), fullName: '性别', isTree: 0 });
    expect(sex.dictionaryList.map((e) => [e.enCode, e.fullName])).toEqual([
      ['1', '男'],
      ['2', '女'],
      ['3', '保密'],
    ]);
    expect(sex.dictionaryList[0]).toMatchObject({ id: expect.any(String), children: [] });
  });
});

describe('permissions', () => {
  test('a user without grants is refused on the administration routes but may use lookups', async () => {
    await createUser({ account: 'nobody1' });
    const plain = await t.signIn('nobody1', '123456');
    for (const [method, url] of [
      ['GET', '/api/permission/Users'],
      ['POST', '/api/permission/Users'],
      ['GET', `/api/permission/Users/${rootId}`],
      ['DELETE', `/api/permission/Users/${rootId}`],
      ['PUT', `/api/permission/Users/${rootId}/Actions/State`],
      ['POST', `/api/permission/Users/${rootId}/Actions/ResetPassword`],
      ['GET', '/api/permission/Users/ExportData'],
      ['POST', '/api/permission/Users/ImportData'],
      ['POST', '/api/permission/Users/workHandover'],
    ] as const) {
      const res = await plain.call({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res, `${method} ${url}`).toMatchObject({ code: 403, msg: '暂无权限' });
    }
    expect((await plain.get('/api/permission/Users/ImUser')).code).toBe(200);
    expect((await t.anonymous.get('/api/permission/Users/All')).code).toBe(602);
  });
});
