import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { md5Hex } from '../src/core/password.ts';
import { OauthRepository } from '../src/modules/oauth/oauth.repository.ts';
import type { Client, TestApp } from './helpers/test-app.ts';
import { testApp } from './helpers/test-app.ts';

/**
 * The security settings of the system configuration that act on signing in and on passwords
 * (issue 13): the delay lock (lockType 2), regular password change (passwordIsUpdatedRegularly,
 * updateCycle, updateInAdvance) and the ban on recent passwords (disableOldPassword).
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const dayMs = 86_400_000;
const defaults = {
  passwordErrorsNumber: 5,
  lockType: 1,
  lockTime: 10,
  captchaAfterErrorsNumber: 3,
  passwordIsUpdatedRegularly: 0,
  updateCycle: 90,
  updateInAdvance: 7,
  disableOldPassword: 0,
  disableTheNumberOfOldPasswords: 3,
};
afterEach(() => t.app.sysConfig.update(defaults));

const user = (id: string) => t.app.db.selectFrom('appUser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The profile's password change, with a captcha fixed for the test. */
async function changePassword(client: Client, from: string, to: string) {
  const key = `pp${Math.random().toString(36).slice(2, 10)}`;
  await new OauthRepository(t.app.db).putCode('captcha', key, 'K7pQ', 60_000);
  return client.post('/api/permission/Users/Current/Actions/ModifyPassword', {
    oldPassword: md5Hex(from),
    password: md5Hex(to),
    code: 'K7pQ',
    timestamp: key,
  });
}

interface UserInfoPart {
  userInfo: { passwordExpireTime: number | null; passwordExpired: boolean; passwordNotice: string };
}

describe('lockType 2: delay', () => {
  test('after the allowed wrong passwords sign-in waits for the configured minutes, then works again', async () => {
    await t.app.sysConfig.update({ lockType: 2, passwordErrorsNumber: 2, lockTime: 15, captchaAfterErrorsNumber: 100 });
    const id = await t.createUser({ account: 'delayed', password: 'Right123' });
    const session = await t.signIn('delayed', 'Right123');

    expect(await t.login('delayed', 'wrong-1')).toMatchObject({
      code: 400,
      msg: '账户或密码错误，请重新输入，还可尝试 1 次',
    });
    const before = Date.now();
    const second = await t.login('delayed', 'wrong-2');
    expect(second.code).toBe(400);
    expect(second.msg).toMatch(/^密码错误次数过多，请于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 后再试$/);
    // The right password is refused too until the delay is over.
    const refused = await t.login('delayed', 'Right123');
    expect(refused).toMatchObject({ code: 400, msg: second.msg });

    // A delay is not a lock: the account stays enabled and its open session keeps working.
    const row = await user(id);
    expect(row.enabledMark).toBe(1);
    const until = row.unlockTime?.getTime() ?? 0;
    expect(until).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    expect((await session.get('/api/oauth/CurrentUser')).code).toBe(200);

    // The configured minutes pass.
    await t.app.db
      .updateTable('appUser')
      .set({ unlockTime: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await t.login('delayed', 'Right123')).code).toBe(200);
    expect(await user(id)).toMatchObject({ enabledMark: 1, logErrorCount: 0, unlockTime: null });
    // Failures count from zero again.
    expect((await t.login('delayed', 'wrong-3')).msg).toBe('账户或密码错误，请重新输入，还可尝试 1 次');
  });

  test('lockType 1 still locks the account (enabledMark 2) and ends its sessions', async () => {
    await t.app.sysConfig.update({ lockType: 1, passwordErrorsNumber: 1, captchaAfterErrorsNumber: 100 });
    const id = await t.createUser({ account: 'lockone', password: 'Right123' });
    const session = await t.signIn('lockone', 'Right123');
    expect((await t.login('lockone', 'wrong')).msg).toMatch(/^账号已被锁定，请于 .+ 后再试$/);
    expect((await user(id)).enabledMark).toBe(2);
    expect((await session.get('/api/oauth/CurrentUser')).code).toBe(600);
  });

  test('a delayed account cannot keep guessing at the lock screen', async () => {
    await t.app.sysConfig.update({ lockType: 2, passwordErrorsNumber: 1, captchaAfterErrorsNumber: 100 });
    await t.createUser({ account: 'screeny', password: 'Right123' });
    const session = await t.signIn('screeny', 'Right123');
    expect((await t.login('screeny', 'wrong')).msg).toMatch(/^密码错误次数过多/);
    const unlock = await session.post('/api/oauth/LockScreen', {
      account: 'screeny',
      password: md5Hex('Right123'),
    });
    expect(unlock.code).toBe(400);
    expect(unlock.msg).toMatch(/^密码错误次数过多/);
  });
});

describe('wrong passwords at the lock screen', () => {
  const unlock = (client: Client, account: string, password: string) =>
    client.post('/api/oauth/LockScreen', { account, password: md5Hex(password) });

  test('count towards the lockout as wrong sign-ins do, and together with them', async () => {
    await t.app.sysConfig.update({ lockType: 1, passwordErrorsNumber: 3, captchaAfterErrorsNumber: 100 });
    const id = await t.createUser({ account: 'screenguess', password: 'Right123' });
    const session = await t.signIn('screenguess', 'Right123');
    expect(await unlock(session, 'screenguess', 'wrong-1')).toMatchObject({
      code: 400,
      msg: '账户或密码错误，请重新输入，还可尝试 2 次',
    });
    // A wrong sign-in elsewhere is the second failure of the same count.
    expect((await t.login('screenguess', 'wrong-2')).msg).toBe('账户或密码错误，请重新输入，还可尝试 1 次');
    expect((await unlock(session, 'screenguess', 'wrong-3')).msg).toMatch(/^账号已被锁定，请于 .+ 后再试$/);
    expect((await user(id)).enabledMark).toBe(2);
    // Locked: the right password opens neither the screen nor a new session.
    expect((await t.login('screenguess', 'Right123')).msg).toMatch(/^账号已被锁定/);
    expect((await session.get('/api/oauth/CurrentUser')).code).toBe(600);
  });

  test('the right password at the lock screen starts the count again', async () => {
    await t.app.sysConfig.update({ lockType: 2, passwordErrorsNumber: 2, captchaAfterErrorsNumber: 100 });
    const id = await t.createUser({ account: 'screenright', password: 'Right123' });
    const session = await t.signIn('screenright', 'Right123');
    expect((await unlock(session, 'screenright', 'wrong-1')).msg).toBe('账户或密码错误，请重新输入，还可尝试 1 次');
    expect(await unlock(session, 'screenright', 'Right123')).toMatchObject({ code: 200 });
    expect((await unlock(session, 'screenright', 'wrong-2')).msg).toBe('账户或密码错误，请重新输入，还可尝试 1 次');
    expect((await unlock(session, 'screenright', 'wrong-3')).msg).toMatch(/^密码错误次数过多/);
    expect((await user(id)).unlockTime).not.toBeNull();
    expect((await t.login('screenright', 'Right123')).msg).toMatch(/^密码错误次数过多/);
  });
});

describe('regular password change', () => {
  async function userWithPasswordAge(account: string, ageDays: number | null) {
    const id = await t.createUser({ account, password: 'Right123' });
    await t.app.db
      .updateTable('appUser')
      .set({
        changePasswordDate: ageDays === null ? null : new Date(Date.now() - ageDays * dayMs),
        creatorTime: new Date(Date.now() - 200 * dayMs),
      })
      .where('id', '=', id)
      .execute();
    return id;
  }

  test('inside updateInAdvance days the login and CurrentUser say how many days are left', async () => {
    await t.app.sysConfig.update({ passwordIsUpdatedRegularly: 1, updateCycle: 30, updateInAdvance: 7 });
    const id = await userWithPasswordAge('soon', 25);
    const login = await t.login('soon', 'Right123');
    expect(login).toMatchObject({ code: 200, msg: '您的密码将于 5 天后过期，请及时修改密码' });
    const client = await t.signIn('soon', 'Right123');
    const current = await client.get<UserInfoPart>('/api/oauth/CurrentUser');
    const changed = (await user(id)).changePasswordDate?.getTime() ?? 0;
    expect(current.data?.userInfo).toMatchObject({
      passwordExpireTime: changed + 30 * dayMs,
      passwordExpired: false,
      passwordNotice: '您的密码将于 5 天后过期，请及时修改密码',
    });
  });

  test('before the warning days nothing is said; with the policy off there is no expiry', async () => {
    await t.app.sysConfig.update({ passwordIsUpdatedRegularly: 1, updateCycle: 30, updateInAdvance: 7 });
    await userWithPasswordAge('fresh', 10);
    expect(await t.login('fresh', 'Right123')).toMatchObject({ code: 200, msg: '登录成功' });
    const client = await t.signIn('fresh', 'Right123');
    expect((await client.get<UserInfoPart>('/api/oauth/CurrentUser')).data?.userInfo).toMatchObject({
      passwordExpired: false,
      passwordNotice: '',
    });
    await t.app.sysConfig.update({ passwordIsUpdatedRegularly: 0 });
    await userWithPasswordAge('ancient', 1000);
    expect(await t.login('ancient', 'Right123')).toMatchObject({ code: 200, msg: '登录成功' });
    const old = await t.signIn('ancient', 'Right123');
    expect((await old.get<UserInfoPart>('/api/oauth/CurrentUser')).data?.userInfo).toMatchObject({
      passwordExpireTime: null,
      passwordExpired: false,
      passwordNotice: '',
    });
  });

  test('an expired password is reported (also in the caller’s language) until it is changed', async () => {
    await t.app.sysConfig.update({ passwordIsUpdatedRegularly: 1, updateCycle: 30, updateInAdvance: 7 });
    await userWithPasswordAge('expired', 31);
    expect(await t.login('expired', 'Right123')).toMatchObject({ code: 200, msg: '您的密码已过期，请修改密码' });
    const client = await t.signIn('expired', 'Right123');
    expect((await client.get<UserInfoPart>('/api/oauth/CurrentUser')).data?.userInfo).toMatchObject({
      passwordExpired: true,
      passwordNotice: '您的密码已过期，请修改密码',
    });
    const english = await client.call<UserInfoPart>({
      method: 'GET',
      url: '/api/oauth/CurrentUser',
      headers: { 'accept-language': 'en' },
    });
    expect(english.data?.userInfo.passwordNotice).toBe('Your password has expired; please change it');

    expect((await changePassword(client, 'Right123', 'Newer123')).code).toBe(200);
    expect((await client.get<UserInfoPart>('/api/oauth/CurrentUser')).data?.userInfo).toMatchObject({
      passwordExpired: false,
      passwordNotice: '',
    });
  });

  test('a password never changed expires counting from the account’s creation', async () => {
    await t.app.sysConfig.update({ passwordIsUpdatedRegularly: 1, updateCycle: 100, updateInAdvance: 0 });
    await userWithPasswordAge('neverchanged', null);
    expect((await t.login('neverchanged', 'Right123')).msg).toBe('您的密码已过期，请修改密码');
  });
});

describe('disableOldPassword', () => {
  test('a new password may not be one of the last N; older ones may come back', async () => {
    await t.app.sysConfig.update({ disableOldPassword: 1, disableTheNumberOfOldPasswords: 2 });
    await t.createUser({ account: 'historian', password: 'First123' });
    const client = await t.signIn('historian', 'First123');
    expect((await changePassword(client, 'First123', 'Second12')).code).toBe(200);
    // Second12 is current, First123 the one before: both within the last two.
    const reused = await changePassword(client, 'Second12', 'First123');
    expect(reused).toMatchObject({ code: 400, msg: '新密码不能与最近 2 次使用过的密码相同' });
    expect((await t.login('historian', 'Second12')).code).toBe(200);
    expect((await t.login('historian', 'First123')).code).toBe(400);

    expect((await changePassword(client, 'Second12', 'Third123')).code).toBe(200);
    // Now the last two are Third123 and Second12: First123 is allowed again.
    expect((await changePassword(client, 'Third123', 'Second12')).msg).toBe('新密码不能与最近 2 次使用过的密码相同');
    expect((await changePassword(client, 'Third123', 'First123')).code).toBe(200);
  });

  test('with the setting off an old password may be chosen again', async () => {
    await t.createUser({ account: 'repeater', password: 'First123' });
    const client = await t.signIn('repeater', 'First123');
    expect((await changePassword(client, 'First123', 'Second12')).code).toBe(200);
    expect((await changePassword(client, 'Second12', 'First123')).code).toBe(200);
  });

  test('the current password counts for users whose history began before the table', async () => {
    await t.app.sysConfig.update({ disableOldPassword: 1, disableTheNumberOfOldPasswords: 1 });
    const id = await t.createUser({ account: 'legacy', password: 'First123' });
    const count = await t.app.db
      .selectFrom('passwordHistory')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    const client = await t.signIn('legacy', 'First123');
    // The samePassword rule answers first for the current one; the history rule must agree.
    expect((await changePassword(client, 'First123', 'First123')).code).toBe(400);
    expect((await changePassword(client, 'First123', 'Second12')).code).toBe(200);
  });

  test('a password an administrator set is remembered; the history keeps at most 24 entries', async () => {
    await t.app.sysConfig.update({ disableOldPassword: 1, disableTheNumberOfOldPasswords: 3 });
    const id = await t.createUser({ account: 'resetee', password: 'First123' });
    const admin = await t.signIn();
    const reset = await admin.post(`/api/permission/Users/${id}/Actions/ResetPassword`, {
      userPassword: md5Hex('Reset123'),
      validatePassword: md5Hex('Reset123'),
    });
    expect(reset.code).toBe(200);
    const client = await t.signIn('resetee', 'Reset123');
    expect((await changePassword(client, 'Reset123', 'Mine1234')).code).toBe(200);
    expect((await changePassword(client, 'Mine1234', 'Reset123')).msg).toBe('新密码不能与最近 3 次使用过的密码相同');

    for (let i = 0; i < 24; i++) {
      await t.app.db
        .insertInto('passwordHistory')
        .values({
          id: `${id}-${i}`,
          userId: id,
          passwordHash: 'x',
          creatorTime: new Date(Date.now() - (i + 1) * dayMs),
        })
        .execute();
    }
    expect((await changePassword(client, 'Mine1234', 'Other123')).code).toBe(200);
    const rows = await t.app.db.selectFrom('passwordHistory').select('passwordHash').where('userId', '=', id).execute();
    expect(rows).toHaveLength(24);
  });
});
