import { standardMenus } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { encryptLoginPayload } from '../src/core/login-cipher.ts';
import { md5Hex } from '../src/core/password.ts';
import { OauthRepository } from '../src/modules/oauth/oauth.repository.ts';
import { millisSince } from './helpers/matchers.ts';
import { Client, loginPayload, type TestApp, testAdminPassword, testApp, testCipherKey } from './helpers/test-app.ts';

const fileStart = Date.now();

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Shows a captcha image for `key`, then fixes its text so the test can type it. */
async function captcha(key: string, text = 'K7pQ') {
  const image = await t.app.inject({ method: 'GET', url: `/api/file/ImageCode/${key}` });
  expect(image.headers['content-type']).toContain('image/svg+xml');
  expect(image.body).toContain('<path');
  await new OauthRepository(t.app.db).putCode('captcha', key, text, 60_000);
  return text;
}

async function setConfig(values: Record<string, unknown>) {
  await t.app.sysConfig.update(values);
}

describe('login payload', () => {
  test('the cipher matches the protocol test vector', () => {
    expect(md5Hex('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
    expect(encryptLoginPayload(md5Hex('123456'), 'EY8WePvjM5GGwQzn')).toBe(
      '0141e448f84d2cd13e1a5bf9429ee5c35d0eb5c544aed9bc182fe49ccc0c8557a229e03f24a483b5f63d74677b8c4a66',
    );
  });

  test('the login page learns the key and the system name before signing in', async () => {
    const res = await t.anonymous.get<{ cipherKey: string; sysName: string; redirect: boolean }>(
      '/api/oauth/getLoginConfig',
    );
    expect(res.data).toMatchObject({ cipherKey: testCipherKey, redirect: false, socialsList: [] });
    expect(res.data?.sysName).toBe('企业低代码平台');
  });
});

describe('password login', () => {
  test('the administrator signs in and gets a Bearer token and a theme', async () => {
    const res = await t.login('admin', testAdminPassword);
    expect(res).toMatchObject({ code: 200, data: { theme: 'classic' } });
    expect(res.data?.token).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
  });

  test('CurrentUser answers menus, permissions, user info and the system record', async () => {
    const admin = await t.signIn();
    const res = await admin.get<{
      menuList: { fullName: string; hasChildren: boolean; children: { urlAddress: string }[] }[];
      userInfo: Record<string, unknown>;
      permissionList: { modelId: string; button: { enCode: string }[] }[];
      sysConfigInfo: Record<string, unknown>;
    }>('/api/oauth/CurrentUser');
    expect(res.code).toBe(200);
    const data = res.data!;
    // The administrator sees every standard directory.
    const directories = standardMenus.map((m) => m.fullName);
    expect(data.menuList.map((m) => m.fullName)).toEqual(expect.arrayContaining(directories));
    const pages = data.menuList.flatMap((m) => m.children.map((c) => c.urlAddress));
    expect(pages).toEqual(expect.arrayContaining(['permission/user', 'systemData/dictionary', 'system/sysConfig']));
    expect(data.menuList.every((m) => m.hasChildren === m.children.length > 0)).toBe(true);
    expect(data.permissionList[0]?.button.map((b) => b.enCode)).toEqual(
      expect.arrayContaining(['btn_add', 'btn_edit', 'btn_remove']),
    );
    expect(data.userInfo).toMatchObject({ userAccount: 'admin', isAdministrator: true, prevLogin: 1 });
    expect(data.userInfo.systemIds).toEqual([expect.objectContaining({ currentSystem: true })]);
    expect(data.sysConfigInfo).toMatchObject({ sysVersion: '3.6.0' });
    // What the shell shows: the seeded names and icons.
    expect(data.sysConfigInfo).toMatchObject({
      title: '企业低代码平台',
      sysName: '企业低代码平台',
      copyright: 'Copyright © 2026 企业低代码平台',
      navigationIcon: '/logo.svg',
      workLogoIcon: '/logo.svg',
      loginIcon: '/logo.svg',
      logoIcon: '/logo.svg',
    });
  });

  test('the previous login time, IP and a readable place are returned on the next login', async () => {
    await t.signIn();
    const admin = await t.signIn();
    const res = await admin.get<{ userInfo: Record<string, unknown> }>('/api/oauth/CurrentUser');
    expect(res.data?.userInfo.prevLoginTime).toEqual(millisSince(fileStart));
    expect(res.data?.userInfo.prevLoginIPAddress).toBe('127.0.0.1');
    expect(res.data?.userInfo.prevLoginIPAddressName).toBe('本机');
  });

  test('bad input is answered clearly and signs nobody in', async () => {
    const missing = await t.anonymous.call({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=abc',
    });
    expect(missing).toMatchObject({ code: 400, msg: '缺少必填字段 account' });
    const badCipher = await t.login('admin', 'x', { password: 'zz-not-hex' });
    expect(badCipher).toMatchObject({ code: 400, msg: '密码密文无法解密，请刷新页面后重试' });
    const wrongKey = await t.login('admin', 'x', {
      password: encryptLoginPayload(md5Hex(testAdminPassword), 'AAAAAAAAAAAAAAAA'),
    });
    expect(wrongKey.code).toBe(400);
    const english = await t.anonymous.call({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'account=admin',
    });
    expect(english).toMatchObject({ code: 400, msg: 'Please enter the password' });
  });

  test('an unknown account gets the same answer as a wrong password', async () => {
    const res = await t.login('nobody-here', 'whatever1');
    expect(res).toMatchObject({ code: 400, msg: '账户或密码错误，请重新输入' });
  });

  test('a sub-account signs in as mobile@account', async () => {
    await t.createUser({ account: '13800000001@zhangsan', password: 'Sub12345' });
    const res = await t.login('13800000001@zhangsan', 'Sub12345');
    expect(res.code).toBe(200);
  });
});

describe('lockout and captcha', () => {
  test('five wrong passwords lock the account until a stated time; an administrator unlocks it', async () => {
    const id = await t.createUser({ account: 'locky', password: 'Right123' });
    const first = await t.login('locky', 'wrong-1');
    expect(first).toMatchObject({ code: 400, msg: '账户或密码错误，请重新输入，还可尝试 4 次' });
    for (let attempt = 2; attempt <= 5; attempt++) {
      // From the fourth attempt on, after three failures (captchaAfterErrorsNumber), a captcha is demanded.
      const key = `lock${attempt}`;
      const code = await captcha(key);
      const res = await t.login('locky', `wrong-${attempt}`, { code, timestamp: key });
      if (attempt < 5) expect(res.msg).toBe(`账户或密码错误，请重新输入，还可尝试 ${5 - attempt} 次`);
      else expect(res.msg).toMatch(/^账号已被锁定，请于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 后再试$/);
    }
    const code = await captcha('lock6');
    const refused = await t.login('locky', 'Right123', { code, timestamp: 'lock6' });
    expect(refused.msg).toMatch(/^账号已被锁定/);

    const clerk = await t.signIn('locky-clerk-does-not-exist', 'x').catch(() => null);
    expect(clerk).toBeNull();
    const admin = await t.signIn();
    expect(await admin.put(`/api/permission/Users/${id}/Actions/unlock`)).toMatchObject({ code: 200, msg: '解锁成功' });
    expect((await t.login('locky', 'Right123')).code).toBe(200);
  });

  test('after the configured number of failed attempts the account demands a captcha, and a captcha works once', async () => {
    await t.createUser({ account: 'capty', password: 'Right123' });
    expect((await t.anonymous.get('/api/oauth/getConfig/capty')).data).toEqual({
      enableVerificationCode: false,
      verificationCodeNumber: 4,
    });
    for (let failure = 1; failure <= 3; failure++) {
      expect((await t.anonymous.get('/api/oauth/getConfig/capty')).data).toMatchObject({
        enableVerificationCode: false,
      });
      await t.login('capty', 'wrong');
    }
    expect((await t.anonymous.get('/api/oauth/getConfig/capty')).data).toMatchObject({ enableVerificationCode: true });

    expect(await t.login('capty', 'Right123')).toMatchObject({ code: 400, msg: '请输入验证码' });
    const code = await captcha('once1');
    expect(await t.login('capty', 'Right123', { code: 'XXXX', timestamp: 'once1' })).toMatchObject({
      msg: '验证码错误或已过期，请重新输入',
    });
    // The wrong guess used the code up: the right text no longer works either.
    expect((await t.login('capty', 'Right123', { code, timestamp: 'once1' })).msg).toBe(
      '验证码错误或已过期，请重新输入',
    );
    const fresh = await captcha('once2');
    expect((await t.login('capty', 'Right123', { code: fresh, timestamp: 'once2' })).code).toBe(200);
    expect((await t.login('capty', 'Right123', { code: fresh, timestamp: 'once2' })).code).toBe(200);
  });

  test('an expired captcha is refused', async () => {
    await setConfig({ enableVerificationCode: 1 });
    try {
      await captcha('late1');
      await new OauthRepository(t.app.db).putCode('captcha', 'late1', 'K7pQ', -1);
      expect((await t.login('admin', testAdminPassword, { code: 'K7pQ', timestamp: 'late1' })).msg).toBe(
        '验证码错误或已过期，请重新输入',
      );
    } finally {
      await setConfig({ enableVerificationCode: 0 });
    }
  });

  test('the older clients captcha path draws an image of the asked length', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/oauth/ImageCode/5/abc123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    const bad = await t.anonymous.get('/api/oauth/ImageCode/99/abc');
    expect(bad).toMatchObject({ code: 400, msg: '字段 length 不能大于 8' });
  });
});

describe('sessions', () => {
  test('no token, or a made-up one, is refused with 602', async () => {
    expect(await t.anonymous.get('/api/oauth/CurrentUser')).toMatchObject({ code: 602, msg: 'Token验证失败' });
    const forged = new Client(t.app, 'Bearer not-a-real-token');
    expect((await forged.get('/api/oauth/CurrentUser')).code).toBe(602);
  });

  test('after logout the old token no longer works', async () => {
    const admin = await t.signIn();
    expect(await admin.get('/api/oauth/Logout')).toMatchObject({ code: 200, msg: '退出成功' });
    expect([600, 602]).toContain((await admin.get('/api/oauth/CurrentUser')).code);
  });

  test('an expired session answers 600', async () => {
    const admin = await t.signIn();
    await t.app.db
      .updateTable('userSession')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    // Each instance caches sessions briefly; an expired one must still be refused.
    const again = new Client(t.app, admin.token);
    const res = await again.get('/api/oauth/CurrentUser');
    expect(res).toMatchObject({ code: 600, msg: '登录过期,请重新登录' });
  });

  test('with single login, a newer login pushes the older session out with 601', async () => {
    await setConfig({ singleLogin: 1 });
    try {
      const first = await t.signIn();
      expect((await first.get('/api/oauth/CurrentUser')).code).toBe(200);
      await t.signIn();
      expect(await first.get('/api/oauth/CurrentUser')).toMatchObject({
        code: 601,
        msg: '您的帐号在其他地方已登录,被强制踢出',
      });
    } finally {
      await setConfig({ singleLogin: 2 });
    }
  });

  test('the lock screen checks the password with the server', async () => {
    const admin = await t.signIn();
    const wrong = await admin.post('/api/oauth/LockScreen', { account: 'admin', password: md5Hex('nope') });
    expect(wrong.code).toBe(400);
    const right = await admin.post('/api/oauth/LockScreen', { account: 'admin', password: md5Hex(testAdminPassword) });
    expect(right).toMatchObject({ code: 200, msg: '解锁成功' });
    const cipher = await admin.post('/api/oauth/LockScreen', {
      account: 'admin',
      password: loginPayload(testAdminPassword),
    });
    expect(cipher.code).toBe(200);
    const other = await admin.post('/api/oauth/LockScreen', {
      account: 'someone',
      password: md5Hex(testAdminPassword),
    });
    expect(other).toMatchObject({ code: 400, msg: '只能解锁当前登录的账号' });
  });

  test('a user without the grant cannot unlock others (403 暂无权限)', async () => {
    await t.createUser({ account: 'plain', password: 'Plain123' });
    const plain = await t.signIn('plain', 'Plain123');
    const admin = await t.app.db
      .selectFrom('appUser')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(await plain.put(`/api/permission/Users/${admin.id}/Actions/unlock`)).toMatchObject({
      code: 403,
      msg: '暂无权限',
    });
    const adminClient = await t.signIn();
    expect(await adminClient.put('/api/permission/Users/999999/Actions/unlock')).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
  });
});

describe('password change', () => {
  test('changing the password ends the other sessions and keeps this one', async () => {
    await t.createUser({ account: 'changer', password: 'Old12345' });
    const here = await t.signIn('changer', 'Old12345');
    const elsewhere = await t.signIn('changer', 'Old12345');
    const code = await captcha('pw1');
    const res = await here.post('/api/permission/Users/Current/Actions/ModifyPassword', {
      oldPassword: md5Hex('Old12345'),
      password: md5Hex('New12345'),
      code,
      timestamp: 'pw1',
    });
    expect(res).toMatchObject({ code: 200, msg: '修改成功，请牢记新密码' });
    expect((await here.get('/api/oauth/CurrentUser')).code).toBe(200);
    expect((await elsewhere.get('/api/oauth/CurrentUser')).code).toBe(600);
    expect((await t.login('changer', 'New12345')).code).toBe(200);
    expect((await t.login('changer', 'Old12345')).code).toBe(400);
  });

  test('a wrong old password or a missing captcha changes nothing', async () => {
    await t.createUser({ account: 'keeper', password: 'Keep1234' });
    const keeper = await t.signIn('keeper', 'Keep1234');
    const code = await captcha('pw2');
    const wrongOld = await keeper.post('/api/permission/Users/Current/Actions/ModifyPassword', {
      oldPassword: md5Hex('nope'),
      password: md5Hex('New12345'),
      code,
      timestamp: 'pw2',
    });
    expect(wrongOld).toMatchObject({ code: 400, msg: '旧密码错误' });
    const noCode = await keeper.post('/api/permission/Users/Current/Actions/ModifyPassword', {
      oldPassword: md5Hex('Keep1234'),
      password: md5Hex('New12345'),
    });
    expect(noCode).toMatchObject({ code: 400, msg: '缺少必填字段 code' });
    const notDigest = await keeper.post('/api/permission/Users/Current/Actions/ModifyPassword', {
      oldPassword: 'Keep1234',
      password: md5Hex('New12345'),
      code: 'x',
      timestamp: 'y',
    });
    expect(notDigest).toMatchObject({ code: 400, msg: '字段 oldPassword 不能少于 32 个字符' });
    expect((await t.login('keeper', 'Keep1234')).code).toBe(200);
  });

  test('the password policy is enforced on the server with the spec messages', async () => {
    await setConfig({
      passwordStrengthLimit: 1,
      passwordLengthMin: 1,
      passwordLengthMinNumber: 8,
      containsNumbers: 1,
      includeUppercaseLetters: 1,
    });
    try {
      const policy = await (await t.signIn()).get('/api/oauth/PasswordPolicy');
      expect(policy.data).toMatchObject({ passwordStrengthLimit: 1, passwordLengthMinNumber: 8 });
      await t.createUser({ account: 'policed', password: 'Start123' });
      const user = await t.signIn('policed', 'Start123');
      const change = async (clear: string, withCipher = true) => {
        const key = `pol${Math.random().toString(36).slice(2, 8)}`;
        const code = await captcha(key);
        return user.post('/api/permission/Users/Current/Actions/ModifyPassword', {
          oldPassword: md5Hex('Start123'),
          password: md5Hex(clear),
          code,
          timestamp: key,
          ...(withCipher ? { passwordCipher: encryptLoginPayload(clear, testCipherKey) } : {}),
        });
      };
      expect((await change('Ab1', true)).msg).toBe('新密码长度不能小于8位');
      expect((await change('abcdefgh1', true)).msg).toBe('新密码必须包含大写字母');
      expect((await change('Abcdefghi', true)).msg).toBe('新密码必须包含数字');
      expect((await change('Abcdefg12', false)).msg).toBe('密码策略已开启，请刷新页面后重新修改密码');
      expect((await change('Abcdefg12', true)).code).toBe(200);
    } finally {
      await setConfig({
        passwordStrengthLimit: 0,
        passwordLengthMin: 0,
        containsNumbers: 0,
        includeUppercaseLetters: 0,
      });
    }
  });
});

describe('verification-code login', () => {
  test('a code goes to the mobile, works once, and not more than one a minute is sent', async () => {
    await t.createUser({ account: 'mobiley', password: 'Mob12345', mobilePhone: '13912345678' });
    expect(await t.anonymous.post('/api/oauth/sendSmsCode', { mobile: '12345' })).toMatchObject({
      code: 400,
      msg: '字段 mobile 格式不正确',
    });
    expect(await t.anonymous.post('/api/oauth/sendSmsCode', { mobile: '13700000000' })).toMatchObject({
      msg: '该手机号未绑定用户',
    });
    expect(await t.anonymous.post('/api/oauth/sendSmsCode', { mobile: '13912345678' })).toMatchObject({ code: 200 });
    const again = await t.anonymous.post('/api/oauth/sendSmsCode', { mobile: '13912345678' });
    expect(again.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    const code = t.sms.lastCode('13912345678')!;
    expect(code).toMatch(/^\d{6}$/);
    const sms = (c: string) => t.login('13912345678', '', { origin: 'sms', code: c, password: '' });
    expect((await sms(code === '000000' ? '111111' : '000000')).msg).toBe('短信验证码错误或已过期');
    expect((await sms(code)).msg).toBe('短信验证码错误或已过期');
  });

  test('the right code signs the user in', async () => {
    await t.createUser({ account: 'mobiler', password: 'Mob12345', mobilePhone: '13812345678' });
    await t.anonymous.post('/api/oauth/sendSmsCode', { mobile: '13812345678' });
    const code = t.sms.lastCode('13812345678')!;
    const res = await t.login('13812345678', '', { origin: 'sms', code, password: '' });
    expect(res.code).toBe(200);
    expect(res.data?.token).toMatch(/^Bearer /);
  });
});

describe('app-scan login', () => {
  test('a ticket confirmed by a signed-in user signs the waiting page in, once', async () => {
    const ticket = await t.anonymous.get<{ ticket: string; expiresAt: number }>('/api/oauth/codeCertificate');
    const id = ticket.data!.ticket;
    expect((await t.anonymous.get(`/api/oauth/codeCertificateStatus/${id}`)).data).toEqual({ status: 0 });
    const phone = await t.signIn();
    expect((await phone.get(`/api/oauth/setCodeCertificateStatus/${id}/1`)).code).toBe(200);
    expect((await t.anonymous.get(`/api/oauth/codeCertificateStatus/${id}`)).data).toEqual({ status: 1 });
    expect((await phone.get(`/api/oauth/setCodeCertificateStatus/${id}/2`)).code).toBe(200);
    const signedIn = await t.anonymous.get<{ status: number; token: string }>(`/api/oauth/codeCertificateStatus/${id}`);
    expect(signedIn.data).toMatchObject({ status: 2, token: expect.stringMatching(/^Bearer /) });
    const page = new Client(t.app, signedIn.data!.token);
    expect((await page.get('/api/oauth/CurrentUser')).code).toBe(200);
    expect((await t.anonymous.get(`/api/oauth/codeCertificateStatus/${id}`)).data).toEqual({ status: -1 });
    expect((await phone.get(`/api/oauth/setCodeCertificateStatus/${id}/2`)).msg).toBe('二维码已失效，请刷新');
  });

  test('an unknown ticket and a bad status are refused', async () => {
    expect((await t.anonymous.get('/api/oauth/codeCertificateStatus/12345')).msg).toBe('二维码不存在，请刷新');
    const phone = await t.signIn();
    const ticket = await t.anonymous.get<{ ticket: string }>('/api/oauth/codeCertificate');
    expect((await phone.get(`/api/oauth/setCodeCertificateStatus/${ticket.data!.ticket}/7`)).code).toBe(400);
    expect((await t.anonymous.get(`/api/oauth/setCodeCertificateStatus/${ticket.data!.ticket}/2`)).code).toBe(602);
  });
});

describe('rate limits', () => {
  test('too many login attempts from one address are refused with HTTP 429', async () => {
    const limited = await testApp({ rateLimits: { login: 3, codes: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.login('admin', 'wrong')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const last = await limited.login('admin', testAdminPassword);
      expect(last).toMatchObject({ status: 429, code: 429, msg: '请求过于频繁，请稍后再试' });
    } finally {
      await limited.close();
    }
  });
});
