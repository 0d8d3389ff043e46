import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
const day = 24 * 60 * 60_000;
const base = Date.UTC(2024, 0, 10);

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn();
  const rows = [
    { category: 2, account: 'alice', realName: '爱丽丝', description: '新建用户', creatorTime: new Date(base) },
    { category: 2, account: 'bob', realName: '鲍勃', description: '删除岗位', creatorTime: new Date(base + day) },
    { category: 2, account: 'bob', realName: '鲍勃', description: '修改角色', creatorTime: new Date(base + 2 * day) },
  ];
  for (const row of rows) {
    await t.app.db
      .insertInto('sysLog')
      .values({ id: newId(), ip: '10.0.0.1', requestMethod: 'POST', requestUrl: '/api/x', durationMs: 12, ...row })
      .execute();
  }
});
afterAll(() => t.close());

interface LogPage {
  list: { userName: string; abstracts: string; creatorTime: number; ipaddress: string; requestMethod: string }[];
  pagination: { total: number };
}

describe('system log', () => {
  test('logins (category 1) include the administrator’s sign-in', async () => {
    const res = await admin.get<LogPage>('/api/system/Log/1', { keyword: 'admin' });
    expect(res.code).toBe(200);
    expect(res.data!.list.length).toBeGreaterThan(0);
    expect(res.data!.list[0]).toMatchObject({
      userName: expect.stringContaining('admin'),
      creatorTime: expect.any(Number),
    });
  });

  test('operations: keyword, time range, paging, newest first', async () => {
    const all = await admin.get<LogPage>('/api/system/Log/2');
    expect(all.data!.list.map((l) => l.abstracts)).toEqual(['修改角色', '删除岗位', '新建用户']);
    expect(all.data!.list[0]).toMatchObject({ userName: '鲍勃/bob', ipaddress: '10.0.0.1', requestMethod: 'POST' });
    const bob = await admin.get<LogPage>('/api/system/Log/2', { keyword: '鲍勃' });
    expect(bob.data!.pagination.total).toBe(2);
    const ranged = await admin.get<LogPage>('/api/system/Log/2', {
      startTime: String(base + day / 2),
      endTime: String(base + day * 1.5),
    });
    expect(ranged.data!.list.map((l) => l.abstracts)).toEqual(['删除岗位']);
    const paged = await admin.get<LogPage>('/api/system/Log/2', { pageSize: '1', currentPage: '3' });
    expect(paged.data!.list.map((l) => l.abstracts)).toEqual(['新建用户']);
    const asc = await admin.get<LogPage>('/api/system/Log/2', { sort: 'asc', pageSize: '1' });
    expect(asc.data!.list.map((l) => l.abstracts)).toEqual(['新建用户']);
  });

  test('bad input is refused naming the problem', async () => {
    expect(await admin.get('/api/system/Log/9')).toMatchObject({ code: 400 });
    expect(await admin.get('/api/system/Log/2', { startTime: 'yesterday' })).toMatchObject({
      code: 400,
      msg: '字段 startTime 的类型应为 整数',
    });
    expect(
      await admin.get('/api/system/Log/2', { startTime: String(base + day), endTime: String(base) }),
    ).toMatchObject({
      code: 400,
      msg: '开始时间不能晚于结束时间',
    });
  });

  test('a user without grants is refused', async () => {
    await t.createUser({ account: 'nolog', password: 'Passw0rd' });
    const plain = await t.signIn('nolog', 'Passw0rd');
    expect(await plain.get('/api/system/Log/1')).toMatchObject({ code: 403, msg: '暂无权限' });
  });
});
