import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { DatabaseConfig } from '../src/config.ts';
import { newId } from '../src/core/ids.ts';
import { OperationLogWriter, redactBody } from '../src/core/operation-log.ts';
import { md5Hex } from '../src/core/password.ts';
import { openDatabase } from '../src/db/database.ts';
import { LogService } from '../src/modules/log/log.service.ts';
import { nextPruneTime } from '../src/modules/log/log-retention.ts';
import { millisSince } from './helpers/matchers.ts';
import { adminApp, type Client, type TestApp, testApp, testDatabase } from './helpers/test-app.ts';

const fileStart = Date.now();

let t: TestApp;
let admin: Client;
const day = 24 * 60 * 60_000;
const base = Date.UTC(2024, 0, 10);

beforeAll(async () => {
  ({ t, admin } = await adminApp());
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
  list: {
    userName: string;
    moduleName: string;
    abstracts: string;
    creatorTime: number;
    ipAddress: string;
    requestMethod: string;
    requestURL: string;
    loginMark: number;
    platForm: string;
  }[];
  pagination: { total: number };
}

describe('system log', () => {
  test('logins (category 1) include the administrator’s sign-in', async () => {
    const res = await admin.get<LogPage>('/api/system/Log/1', { keyword: 'admin' });
    expect(res.code).toBe(200);
    expect(res.data!.list.length).toBeGreaterThan(0);
    expect(res.data!.list[0]).toMatchObject({
      userName: expect.stringContaining('admin'),
      creatorTime: millisSince(fileStart),
    });
  });

  test('a login entry says what happened in the reader’s language, not the stored code', async () => {
    await t.createUser({ account: 'typo', password: 'Passw0rd' });
    expect((await t.login('typo', 'Wrong0rd')).code).not.toBe(200);
    await t.signIn('typo', 'Passw0rd');
    const zh = await admin.get<LogPage>('/api/system/Log/1', { keyword: 'typo' });
    expect(zh.data!.list.map((l) => [l.abstracts, l.loginMark])).toEqual([
      ['登录成功', 1],
      ['密码错误', 0],
    ]);
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/system/Log/1?keyword=typo',
      headers: { authorization: admin.token!, 'accept-language': 'en' },
    });
    expect((en.json() as { data: LogPage }).data.list.map((l) => l.abstracts)).toEqual(['Signed in', 'Wrong password']);
  });

  test('operations: keyword, time range, paging, newest first', async () => {
    const all = await admin.get<LogPage>('/api/system/Log/2');
    expect(all.data!.list.map((l) => l.abstracts)).toEqual(['修改角色', '删除岗位', '新建用户']);
    expect(all.data!.list[0]).toMatchObject({ userName: '鲍勃/bob', ipAddress: '10.0.0.1', requestMethod: 'POST' });
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

/** The operation entries written since `since`, oldest first, once the writer's queue is stored. */
async function operations(since: Date) {
  await t.app.operationLog.flush();
  return t.app.db
    .selectFrom('sysLog')
    .selectAll()
    .where('category', '=', 2)
    .where('creatorTime', '>=', since)
    .orderBy('creatorTime')
    .orderBy('id')
    .execute();
}

describe('operation log', () => {
  let rootId: string;
  beforeAll(async () => {
    rootId = (await t.app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow())
      .id;
  });

  test('create, update and delete of a position: who, what, where, module and outcome', async () => {
    const since = new Date();
    const created = await admin.post<{ id: string }>('/api/permission/Position', {
      organizeId: rootId,
      fullName: '审计员',
      enCode: 'auditor',
    });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data!.id;
    expect(
      await admin.put(`/api/permission/Position/${id}`, {
        id,
        organizeId: rootId,
        fullName: '审计主管',
        enCode: 'auditor',
      }),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    expect(await admin.delete(`/api/permission/Position/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });

    const rows = await operations(since);
    const adminId = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    expect(rows.map((r) => [r.requestMethod, r.requestRoute, r.requestUrl, r.resultCode, r.description])).toEqual([
      ['POST', '/api/permission/Position', '/api/permission/Position', 200, '新建成功'],
      ['PUT', '/api/permission/Position/:id', `/api/permission/Position/${id}`, 200, '更新成功'],
      ['DELETE', '/api/permission/Position/:id', `/api/permission/Position/${id}`, 200, '删除成功'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        userId: adminId,
        account: 'admin',
        realName: '管理员',
        ip: '127.0.0.1',
        ipName: '本机',
        userAgent: 'lightMyRequest',
        success: true,
        moduleCode: 'permission.position',
        moduleName: '岗位管理',
      });
      expect(row.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(JSON.parse(rows[1]!.requestBody!)).toMatchObject({ fullName: '审计主管', enCode: 'auditor' });
    expect(rows[2]!.requestBody).toBeNull();

    const page = await admin.get<LogPage>('/api/system/Log/2', {
      keyword: '岗位管理',
      startTime: String(since.getTime()),
    });
    expect(page.data!.list.map((l) => [l.requestMethod, l.moduleName, l.abstracts, l.loginMark])).toEqual([
      ['DELETE', '岗位管理', '删除成功', 1],
      ['PUT', '岗位管理', '更新成功', 1],
      ['POST', '岗位管理', '新建成功', 1],
    ]);
    expect(page.data!.list[0]).toMatchObject({
      userName: '管理员/admin',
      ipAddress: '127.0.0.1',
      requestURL: `/api/permission/Position/${id}`,
      platForm: 'lightMyRequest',
    });
    // The search also finds the address.
    const byUrl = await admin.get<LogPage>('/api/system/Log/2', { keyword: id });
    expect(byUrl.data!.pagination.total).toBe(2);
  });

  test('refused calls are logged with their code and message', async () => {
    const since = new Date();
    expect(await admin.post('/api/permission/Position', { organizeId: rootId, enCode: 'x' })).toMatchObject({
      code: 400,
      msg: '缺少必填字段 fullName',
    });
    const clerkId = await t.createUser({ account: 'clerk', password: 'Clerk123' });
    const clerk = await t.signIn('clerk', 'Clerk123');
    expect(await clerk.delete('/api/permission/Position/123')).toMatchObject({ code: 403, msg: '暂无权限' });
    const rows = await operations(since);
    expect(rows.map((r) => [r.account, r.requestMethod, r.resultCode, r.success, r.description, r.moduleCode])).toEqual(
      [
        ['admin', 'POST', 400, false, '缺少必填字段 fullName', 'permission.position'],
        ['clerk', 'DELETE', 403, false, '暂无权限', 'permission.position'],
      ],
    );
    expect(rows[1]!.userId).toBe(clerkId);
  });

  test('passwords and other secrets never reach the log', async () => {
    const since = new Date();
    const userId = await t.createUser({ account: 'resetme', password: 'Before123' });
    const digest = md5Hex('Secret#2024');
    expect(
      await admin.post(`/api/permission/Users/${userId}/Actions/ResetPassword`, {
        userPassword: digest,
        validatePassword: digest,
      }),
    ).toMatchObject({ code: 200 });
    // A create carrying a password field (refused: the server sets the first password) is logged redacted.
    await admin.post('/api/permission/Users', {
      account: 'newbie',
      realName: '新人',
      organizeId: rootId,
      password: 'Plain#Secret1',
      profile: { apiKey: 'k-123456', nested: [{ token: 'tok-abcdef' }] },
    });
    await admin.put('/api/permission/Users/Current/BaseInfo?token=qs-secret-1', { realName: '管理员' });
    const resetting = await t.signIn('resetme', 'Secret#2024');
    expect(
      await resetting.post('/api/permission/Users/Current/Actions/ModifyPassword', {
        oldPassword: md5Hex('Secret#2024'),
        password: md5Hex('Another#2024'),
        code: 'abcd',
        timestamp: '1',
      }),
    ).toMatchObject({ code: 400 });

    const rows = await operations(since);
    const stored = JSON.stringify(rows);
    for (const secret of [digest, 'Plain#Secret1', 'k-123456', 'tok-abcdef', 'qs-secret-1', md5Hex('Another#2024')]) {
      expect(stored).not.toContain(secret);
    }
    const byRoute = (route: string) => rows.find((r) => r.requestRoute === route)!;
    expect(JSON.parse(byRoute('/api/permission/Users/:id/Actions/ResetPassword').requestBody!)).toEqual({
      userPassword: '***',
      validatePassword: '***',
    });
    expect(JSON.parse(byRoute('/api/permission/Users').requestBody!)).toMatchObject({
      account: 'newbie',
      password: '***',
      profile: { apiKey: '***', nested: [{ token: '***' }] },
    });
    expect(byRoute('/api/permission/Users/Current/BaseInfo').requestUrl).toBe(
      '/api/permission/Users/Current/BaseInfo?token=***',
    );
    // Without a permission check the module is the path's first segments.
    expect(byRoute('/api/permission/Users/Current/BaseInfo').moduleCode).toBe('permission/Users/Current');
    expect(JSON.parse(byRoute('/api/permission/Users/Current/Actions/ModifyPassword').requestBody!)).toMatchObject({
      oldPassword: '***',
      password: '***',
      code: '***',
    });
  });

  test('bodies are cut to about 2 KB and long strings shortened', () => {
    const body = redactBody({ signImg: `data:image/png;base64,${'A'.repeat(50_000)}`, items: Array(500).fill('row') });
    expect(body!.length).toBeLessThanOrEqual(2048);
    expect(body).toContain('…(50022)');
    expect(redactBody({})).toBeNull();
    expect(redactBody(undefined)).toBeNull();
    expect(redactBody('password=hunter2')).toBe('…(16)');
  });

  test('reads, sign-in and self-service noise are not logged', async () => {
    const since = new Date();
    await admin.get('/api/system/Log/2');
    await admin.get('/api/permission/Position');
    await admin.post('/api/permission/Position/PositionCondition', { keyword: 'x' });
    await admin.put('/api/permission/Users/Current/SystemTheme', { theme: 'classic' });
    await t.signIn();
    await t.anonymous.post('/api/permission/Position', { fullName: 'x' });
    expect(await operations(since)).toEqual([]);
  });

  test('the profile shows the caller’s own operations only', async () => {
    const since = new Date();
    await t.createUser({ account: 'own1', password: 'Own12345' });
    const own = await t.signIn('own1', 'Own12345');
    expect(await own.put('/api/permission/Users/Current/BaseInfo', { realName: '自己' })).toMatchObject({ code: 200 });
    await admin.post('/api/permission/Position', { organizeId: rootId, fullName: '别人的', enCode: 'others' });
    await t.app.operationLog.flush();
    type OwnPage = { list: { userName: string; requestMethod: string; moduleName: string; browser: string }[] };
    const mine = await own.get<OwnPage>('/api/permission/Users/Current/SystemLog', { category: '2' });
    expect(mine.data!.list).toEqual([
      // The name is the session's, as it was at sign-in.
      expect.objectContaining({ userName: 'own1/own1', requestMethod: 'PUT', moduleName: 'permission/Users/Current' }),
    ]);
    const admins = await admin.get<OwnPage>('/api/permission/Users/Current/SystemLog', { category: '2' });
    expect(admins.data!.list.length).toBeGreaterThan(0);
    expect(admins.data!.list.every((row) => row.userName.endsWith('/admin'))).toBe(true);
    expect(admins.data!.list[0]).toMatchObject({ moduleName: '岗位管理' });
    expect((await operations(since)).map((r) => r.account)).toEqual(['own1', 'admin']);
  });

  test('a failed write is logged and dropped; it never reaches the caller', async () => {
    const error = vi.fn();
    const log = { error, warn: vi.fn() } as unknown as ConstructorParameters<typeof OperationLogWriter>[1];
    const writer = new OperationLogWriter((batch) => new LogService(t.app.db).storeOperations(batch), log);
    writer.add({ id: 'broken', category: null as unknown as number });
    await expect(writer.flush()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('operation log at close', () => {
  test('closing the app stores what was answered just before', async () => {
    const dir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'oplog-close-'));
    const database: DatabaseConfig = process.env.DATABASE_URL
      ? testDatabase()
      : { kind: 'pglite', dataDir: path.join(dir, 'db') };
    const other = await testApp({ database });
    const signedIn = await other.signIn();
    const root = await other.app.db
      .selectFrom('organize')
      .select('id')
      .where('parentId', '=', '-1')
      .executeTakeFirstOrThrow();
    expect(
      await signedIn.post('/api/permission/Position', { organizeId: root.id, fullName: '最后一个', enCode: 'last' }),
    ).toMatchObject({ code: 200 });
    await other.close();
    const db = await openDatabase(database);
    try {
      const rows = await db.selectFrom('sysLog').select(['requestRoute']).where('category', '=', 2).execute();
      expect(rows).toEqual([{ requestRoute: '/api/permission/Position' }]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('retention', () => {
  test('the daily job deletes entries older than the retention days and schedules the next day', async () => {
    const now = Date.now();
    const old = [newId(), newId()];
    const kept = [newId(), newId()];
    const at = (days: number) => new Date(now - days * day);
    await t.app.db
      .insertInto('sysLog')
      .values([
        { id: old[0]!, category: 1, account: 'aged', creatorTime: at(181) },
        { id: old[1]!, category: 2, account: 'aged', creatorTime: at(400) },
        { id: kept[0]!, category: 1, account: 'aged', creatorTime: at(179) },
        { id: kept[1]!, category: 2, account: 'aged', creatorTime: at(1) },
      ])
      .execute();
    const pending = await t.app.db
      .selectFrom('job')
      .select(['id', 'runAt'])
      .where('type', '=', 'log.prune')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAt.getTime()).toBe(nextPruneTime(new Date(now)).getTime());

    // Run it now instead of at 03:00.
    await t.app.db
      .updateTable('job')
      .set({ runAt: new Date(0) })
      .where('id', '=', pending[0]!.id)
      .execute();
    await t.app.jobs.runDue();
    await vi.waitFor(
      async () => {
        const job = await t.app.db
          .selectFrom('job')
          .select('status')
          .where('id', '=', pending[0]!.id)
          .executeTakeFirst();
        expect(job?.status).toBe('done');
      },
      { timeout: 10_000 },
    );
    const left = await t.app.db.selectFrom('sysLog').select('id').where('account', '=', 'aged').execute();
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
    const next = await t.app.db
      .selectFrom('job')
      .select(['runAt'])
      .where('type', '=', 'log.prune')
      .where('status', '=', 'pending')
      .execute();
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(pending[0]!.runAt.getTime());
    expect(next[0]!.runAt.getHours()).toBe(3);
  });

  test('the next run is 03:00 today when before it, else tomorrow', () => {
    expect(nextPruneTime(new Date(2024, 5, 1, 1, 0))).toEqual(new Date(2024, 5, 1, 3, 0));
    expect(nextPruneTime(new Date(2024, 5, 1, 3, 0))).toEqual(new Date(2024, 5, 2, 3, 0));
    expect(nextPruneTime(new Date(2024, 11, 31, 23, 59))).toEqual(new Date(2025, 0, 1, 3, 0));
  });
});
