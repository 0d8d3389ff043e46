import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * System configuration (issue 13): the page saves the flat settings object of protocol-admin.md
 * section 9, checked field by field; a saved change is what the next call reads; administrators
 * are chosen by an administrator only.
 */
let t: TestApp;
let admin: Client;
let clerk: Client;
let clerkId: string;
let keeper: Client;
let keeperId: string;
const base = '/api/system/SysConfig';

type Settings = Record<string, string | number>;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  clerkId = await t.createUser({ account: 'clerk' });
  clerk = await t.signIn('clerk', 'Passw0rd');
  // A user granted the system-configuration page, but not an administrator.
  keeperId = await t.createUser({ account: 'keeper' });
  const page = await t.app.db
    .selectFrom('menu')
    .select('id')
    .where('enCode', '=', 'system.sysConfig')
    .executeTakeFirstOrThrow();
  expect(
    await admin.put(`/api/permission/Authority/Data/${keeperId}`, {
      objectType: 'User',
      module: [page.id],
      button: [],
    }),
  ).toMatchObject({ code: 200 });
  keeper = await t.signIn('keeper', 'Passw0rd');
});
afterAll(() => t.close());

const settings = async (client: Client = admin) => (await client.get<Settings>(base)).data ?? {};

describe('system configuration: settings', () => {
  test('what the page saves is what every later call reads, the login page included', async () => {
    const before = await settings();
    const saved = await admin.put(base, {
      ...before,
      sysName: '华东集团平台',
      tokenTimeout: 120,
      passwordErrorsNumber: 4,
    });
    expect(saved).toMatchObject({ code: 200, msg: '保存成功' });
    expect(await settings()).toMatchObject({ sysName: '华东集团平台', tokenTimeout: 120, passwordErrorsNumber: 4 });
    const login = await t.anonymous.get<{ sysName?: string; title?: string }>('/api/oauth/getLoginConfig');
    expect(JSON.stringify(login.data)).toContain('华东集团平台');
    // A field this server does not hold is dropped, not refused: the client sends back what it read.
    expect(await admin.put(base, { sysName: '华东集团平台', someFutureSetting: 'x' })).toMatchObject({ code: 200 });
    expect(await settings()).not.toHaveProperty('someFutureSetting');
  });

  test('every field the page shows answers, text as text and numbers as numbers; secrets only with the page', async () => {
    const view = await settings();
    expect(view).toMatchObject({
      emailSmtpHost: '',
      emailSmtpPort: 465,
      mapServiceKey: '',
      newUserDefaultPassword: '123456',
    });
    expect(typeof view.workLogoIcon).toBe('string');
    const plain = await settings(clerk);
    expect(plain).toHaveProperty('mandatoryModificationOfInitialPassword');
    for (const secret of ['newUserDefaultPassword', 'emailPassword', 'qyhCorpSecret', 'dingSynAppSecret']) {
      expect(plain).not.toHaveProperty(secret);
    }
  });

  test('bad values are refused naming the field, and nothing is saved', async () => {
    const before = await settings();
    const refusals: [Settings, RegExp][] = [
      [{ tokenTimeout: '120' }, /tokenTimeout/],
      [{ tokenTimeout: 1 }, /tokenTimeout/],
      [{ sysName: '' }, /sysName/],
      [{ singleLogin: 3 }, /singleLogin/],
      [{ logoIcon: 'javascript:alert(1)' }, /logoIcon/],
      [{ logoIcon: '//evil.example/logo.png' }, /logoIcon/],
      [{ newUserDefaultPassword: '123' }, /newUserDefaultPassword/],
      [{ emailSmtpPort: 70_000 }, /emailSmtpPort/],
      [{ sysName: 'x'.repeat(101) }, /sysName/],
    ];
    for (const [body, field] of refusals) {
      const answer = await admin.put(base, { ...body, sysVersion: '9.9.9' });
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toMatch(field);
    }
    expect(await admin.put(base, { whiteListIp: '10.0.0.1, not-an-ip', sysVersion: '9.9.9' })).toMatchObject({
      code: 400,
      msg: '白名单中的“not-an-ip”不是有效的 IP 地址',
    });
    expect(await admin.put(base, { whitelistSwitch: 1, whiteListIp: ' ', sysVersion: '9.9.9' })).toMatchObject({
      code: 400,
      msg: '开启白名单时须填写允许的 IP 地址',
    });
    expect(await settings()).toEqual(before);
  });

  test("a whitelist must hold the saver's own address; sign-in from elsewhere is then refused", async () => {
    expect(await admin.put(base, { whitelistSwitch: 1, whiteListIp: '10.0.0.1' })).toMatchObject({
      code: 400,
      msg: '白名单须包含您当前的地址 127.0.0.1，否则保存后您将无法登录',
    });
    expect(await settings()).toMatchObject({ whitelistSwitch: 0 });
    expect(await admin.put(base, { whitelistSwitch: 1, whiteListIp: '10.0.0.1, 127.0.0.1' })).toMatchObject({
      code: 200,
    });
    await t.signIn('clerk', 'Passw0rd');
    // Another administrator narrowed it (a direct change, as from another address).
    await t.app.sysConfig.update({ whiteListIp: '10.0.0.1' });
    await expect(t.signIn('clerk', 'Passw0rd')).rejects.toThrow(/当前地址 127\.0\.0\.1 不在登录白名单中/);
    await t.app.sysConfig.update({ whitelistSwitch: 0, whiteListIp: '' });
    await t.signIn('clerk', 'Passw0rd');
  });

  test('without the page, the settings cannot be changed', async () => {
    const before = await settings();
    expect(await clerk.put(base, { sysName: '改不了' })).toMatchObject({ code: 403 });
    expect(await settings()).toEqual(before);
  });
});

describe('system configuration: administrators', () => {
  const adminIds = async () =>
    ((await admin.get<{ id: string }[]>(`${base}/getAdminList`)).data ?? []).map((a) => a.id);

  test('an administrator makes a user one, and removing them ends their sessions at once', async () => {
    const me = (await admin.get<{ userInfo: { userId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.userId;
    // The list may come as a comma string, as older clients send id lists.
    expect(await admin.put(`${base}/setAdminList`, { adminIds: `${me},${clerkId}` })).toMatchObject({ code: 200 });
    expect((await adminIds()).sort()).toEqual([me, clerkId].sort());
    expect(await clerk.get('/api/permission/Role')).toMatchObject({ code: 200 });

    expect(await admin.put(`${base}/setAdminList`, { adminIds: [me] })).toMatchObject({ code: 200 });
    expect(await adminIds()).toEqual([me]);
    expect([600, 602]).toContain((await clerk.get('/api/oauth/CurrentUser')).code);
    clerk = await t.signIn('clerk', 'Passw0rd');
    expect(await clerk.get('/api/permission/Role')).toMatchObject({ code: 403 });
  });

  test('unknown users, an empty list and leaving the list oneself are refused; nothing changes', async () => {
    const me = (await admin.get<{ userInfo: { userId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.userId;
    const before = await adminIds();
    expect(await admin.put(`${base}/setAdminList`, { adminIds: [me, 'nobody-here'] })).toMatchObject({
      code: 400,
      msg: '用户不存在：nobody-here',
    });
    expect(await admin.put(`${base}/setAdminList`, { adminIds: [clerkId] })).toMatchObject({
      code: 400,
      msg: '不能取消自己的管理员身份',
    });
    expect(await admin.put(`${base}/setAdminList`, { adminIds: [] })).toMatchObject({ code: 400 });
    expect(await admin.put(`${base}/setAdminList`, {})).toMatchObject({ code: 400 });
    expect(await adminIds()).toEqual(before);
  });

  test('holding the page is not enough to choose administrators', async () => {
    const before = await adminIds();
    expect(await keeper.get(base)).toMatchObject({ code: 200 });
    expect(await keeper.put(`${base}/setAdminList`, { adminIds: [...before, keeperId] })).toMatchObject({
      code: 403,
      msg: '只有管理员可以设置管理员',
    });
    expect(await clerk.put(`${base}/setAdminList`, { adminIds: [clerkId] })).toMatchObject({ code: 403 });
    expect(await adminIds()).toEqual(before);
  });
});
