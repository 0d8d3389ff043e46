import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { millisSince } from './helpers/matchers.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

const fileStart = Date.now();

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

interface Online {
  id: string;
  userAccount: string;
  userName: string;
  loginTime: number;
  loginIPAddress: string;
  isCurrent: boolean;
}

describe('online users', () => {
  test('live sessions are listed; forced offline ends one on its next call', async () => {
    await t.createUser({ account: 'onliner', realName: '在线者', password: 'Passw0rd' });
    const user = await t.signIn('onliner', 'Passw0rd');
    const list = await admin.get<{ list: Online[]; pagination: { total: number } }>('/api/permission/OnlineUser', {
      keyword: '在线',
    });
    expect(list.data!.list).toEqual([
      expect.objectContaining({
        userAccount: 'onliner',
        userName: '在线者/onliner',
        loginTime: millisSince(fileStart),
        isCurrent: false,
      }),
    ]);
    const sessionId = list.data!.list[0]!.id;
    expect(await admin.delete(`/api/permission/OnlineUser/${sessionId}`)).toMatchObject({ code: 200, msg: '注销成功' });
    expect((await user.get('/api/oauth/CurrentUser')).code).toBe(600);
    const after = await admin.get<{ list: Online[] }>('/api/permission/OnlineUser', { keyword: '在线' });
    expect(after.data!.list).toEqual([]);
    // Already offline: nothing to end.
    expect(await admin.delete(`/api/permission/OnlineUser/${sessionId}`)).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
  });

  test('batch offline; the caller’s own session is refused and nothing is ended', async () => {
    await t.createUser({ account: 'batch1', password: 'Passw0rd' });
    const one = await t.signIn('batch1', 'Passw0rd');
    const list = await admin.get<{ list: Online[] }>('/api/permission/OnlineUser');
    const mine = list.data!.list.find((s) => s.isCurrent)!;
    const theirs = list.data!.list.find((s) => s.userAccount === 'batch1')!;
    expect(
      await admin.post('/api/permission/OnlineUser/Actions/BatchOffline', { ids: [theirs.id, mine.id] }),
    ).toMatchObject({
      code: 400,
      msg: '不能注销当前登录的会话',
    });
    expect((await one.get('/api/oauth/CurrentUser')).code).toBe(200);
    expect(await admin.post('/api/permission/OnlineUser/Actions/BatchOffline', { ids: [] })).toMatchObject({
      code: 400,
    });
    expect(await admin.post('/api/permission/OnlineUser/Actions/BatchOffline', { ids: [theirs.id] })).toMatchObject({
      code: 200,
    });
    expect((await one.get('/api/oauth/CurrentUser')).code).toBe(600);
  });

  test('a user without grants is refused', async () => {
    await t.createUser({ account: 'nogrant', password: 'Passw0rd' });
    const plain = await t.signIn('nogrant', 'Passw0rd');
    expect(await plain.get('/api/permission/OnlineUser')).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await plain.delete('/api/permission/OnlineUser/123')).toMatchObject({ code: 403 });
  });
});
