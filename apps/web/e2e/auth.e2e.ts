import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminPassword,
  closeContext,
  launchBrowser,
  newContext,
  screenshot,
  signInThroughPage,
  within,
} from './harness.ts';
import {
  answerWithPlantedCaptchas,
  api,
  apiLogin,
  lanAddress,
  type PreparedServer,
  plantedCaptchaKeys,
  plantedCaptchaText,
  startServerWithUsers,
  tokenOf,
} from './users.auth-helpers.ts';

const lan = lanAddress();
let server: PreparedServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerWithUsers(
      [
        { account: 'locky', password: 'Right123', realName: '锁定测试' },
        { account: 'capty', password: 'Right123', realName: '验证码测试' },
        { account: 'changer', password: 'Old12345', realName: '改密测试' },
        { account: 'returner', password: 'Right123', realName: '回访测试' },
        // All interfaces, so that the page can also be opened as http://<LAN address>:port.
      ],
      lan ? { HOST: '0.0.0.0' } : {},
    ),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (page: Page) => page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
const loginButton = (page: Page) => page.getByRole('button', { name: /登\s*录/ });
const see = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: 15_000 });

/** Picks an entry of the navbar's user dropdown (avatar and name), as a person would. */
async function fromUserMenu(page: Page, entry: string) {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

async function newPage() {
  const context = await within('opening a browser context', 20_000, newContext(browser));
  return { context, page: await within('opening a page', 20_000, context.newPage()) };
}

async function signInAsAdmin(page: Page, baseUrl = server.url) {
  await signInThroughPage(page, baseUrl, 'admin', adminPassword);
  await signedIn(page);
  await see(page, '管理员');
}

describe('lockout', () => {
  test('five wrong passwords lock the account; an administrator unlocks it; the right password then works', async () => {
    const { context, page } = await newPage();
    await answerWithPlantedCaptchas(page);
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('locky');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByPlaceholder('请输入密码').fill(`Wrong${attempt}`);
      // After three failures (the configured captchaAfterErrorsNumber) the server wants a captcha.
      if (attempt > 3) await page.getByPlaceholder('请输入验证码').fill('abcd');
      await loginButton(page).click();
      if (attempt < 5) await see(page, `账户或密码错误，请重新输入，还可尝试 ${5 - attempt} 次`);
    }
    await see(page, /账号已被锁定，请于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 后再试/);

    // Even the right password is refused while locked.
    await page.getByPlaceholder('请输入密码').fill('Right123');
    await page.getByPlaceholder('请输入验证码').fill('abcd');
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/oauth/Login');
    await loginButton(page).click();
    const refused = (await (await answer).json()) as { code: number; msg: string };
    expect(refused.code).toBe(400);
    expect(refused.msg).toMatch(/^账号已被锁定，请于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 后再试/);
    await see(page, refused.msg);
    expect(new URL(page.url()).pathname).toBe('/login');

    // The administrator, signed in elsewhere, unlocks the account.
    const admin = await apiLogin(server.url, 'admin', adminPassword);
    const lockyId = server.userIds.locky ?? '';
    const unlocked = await api(server.url, 'PUT', `/api/permission/Users/${lockyId}/Actions/unlock`, {
      token: admin.data?.token,
    });
    expect(unlocked).toMatchObject({ code: 200, msg: '解锁成功' });

    await page.getByPlaceholder('请输入密码').fill('Right123');
    const code = page.getByPlaceholder('请输入验证码');
    if (await code.isVisible()) await code.fill('abcd');
    await loginButton(page).click();
    await signedIn(page);
    await see(page, '锁定测试');
    // An ordinary user: the menu is what their role grants (the schedule page), nothing more.
    await page.getByRole('menuitem', { name: '个人办公' }).waitFor();
    expect(await page.getByRole('menuitem', { name: '组织管理' }).count()).toBe(0);
    await closeContext(context);
  });
});

describe('login cipher', () => {
  test.skipIf(!lan)('signing in works on a plain-HTTP LAN address, where WebCrypto is missing', async () => {
    const { context, page } = await newPage();
    const address = server.url.replace('127.0.0.1', lan ?? '');
    await page.goto(`${address}/login`);
    expect(
      await page.evaluate(() => ({ secure: window.isSecureContext, subtle: !!globalThis.crypto?.subtle })),
    ).toEqual({ secure: false, subtle: false });
    await signInAsAdmin(page, address);
    await closeContext(context);
  });

  test('a cipher that cannot load is said plainly', async () => {
    const { context, page } = await newPage();
    await page.route('**/assets/login-cipher-*.js', (route) => route.abort());
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(adminPassword);
    await loginButton(page).click();
    await see(page, '登录加密组件加载失败，请刷新页面重试');
    expect(new URL(page.url()).pathname).toBe('/login');
    await closeContext(context);
  });
});

describe('captcha', () => {
  test('after three failed attempts the captcha appears; a wrong code is refused and the image changes', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('capty');
    // A typo or two must not bring a captcha (the 3.6 client shows none until asked).
    for (let attempt = 1; attempt <= 3; attempt++) {
      await page.getByPlaceholder('请输入密码').fill(`Wrong${attempt}`);
      await loginButton(page).click();
      await see(page, `账户或密码错误，请重新输入，还可尝试 ${5 - attempt} 次`);
      if (attempt < 3) expect(await page.getByPlaceholder('请输入验证码').count()).toBe(0);
    }
    const image = page.getByRole('img', { name: '验证码' });
    await image.waitFor();
    const first = await image.getAttribute('src');

    await page.getByPlaceholder('请输入密码').fill('Right123');
    await page.getByPlaceholder('请输入验证码').fill('zz99');
    await loginButton(page).click();
    await see(page, '验证码错误或已过期，请重新输入');
    await expect.poll(() => image.getAttribute('src')).not.toBe(first);
    expect(await page.getByPlaceholder('请输入验证码').inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');
    await closeContext(context);
  });

  test('a captcha cannot be used twice', async () => {
    // capty has three failed attempts behind it, so every login of it needs a captcha.
    const captcha = { key: plantedCaptchaKeys.at(-1) ?? '', text: plantedCaptchaText };
    const first = await apiLogin(server.url, 'capty', 'Wrong2', captcha);
    expect(first.msg).toMatch(/^账户或密码错误/); // the captcha was right: the password was checked
    const again = await apiLogin(server.url, 'capty', 'Right123', captcha);
    expect(again).toMatchObject({ code: 400, msg: '验证码错误或已过期，请重新输入' });
  });
});

describe('sessions', () => {
  test('after logout the old token gets 600 or 602', async () => {
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    const token = await tokenOf(page);
    expect(token).toMatch(/^Bearer /);
    expect(await api(server.url, 'GET', '/api/oauth/CurrentUser', { token })).toMatchObject({ code: 200 });

    await fromUserMenu(page, '退出登录');
    await see(page, '您确定要退出应用程序吗?');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    // A client-side navigation: no load event to wait for.
    await page.waitForURL(/\/login/, { waitUntil: 'commit' });
    const after = await api(server.url, 'GET', '/api/oauth/CurrentUser', { token });
    expect([600, 602]).toContain(after.code);
    await closeContext(context);
  });

  test('signing in again tells when and from where the previous sign-in was, in words', async () => {
    // The first sign-in has no previous one; it happens through the API so the page sees the second.
    expect((await apiLogin(server.url, 'returner', 'Right123')).code).toBe(200);
    const { context, page } = await newPage();
    await signInThroughPage(page, server.url, 'returner', 'Right123');
    await signedIn(page);
    const notice = page.locator('.ant-notification-notice');
    await notice.getByText('上次登录', { exact: true }).waitFor({ timeout: 15_000 });
    await expect(notice.textContent()).resolves.toMatch(/上次登录时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}.*，IP：/);
    expect(await notice.textContent()).not.toMatch(/prevLogin/);
    await closeContext(context);
  });

  test('a password change in one browser ends the session of another; the changer stays signed in', async () => {
    const first = await newPage();
    const second = await newPage();
    for (const { page } of [first, second]) {
      await signInThroughPage(page, server.url, 'changer', 'Old12345');
      await signedIn(page);
      await see(page, '改密测试');
    }

    const page = first.page;
    await answerWithPlantedCaptchas(page);
    await fromUserMenu(page, '修改密码');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('旧密码', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(page, '验证码不能为空');
    await screenshot(page, 'reset-password-dialog');

    await dialog.getByPlaceholder('请输入旧密码').fill('Old12345');
    await dialog.getByPlaceholder('请输入新密码', { exact: true }).fill('New12345');
    await dialog.getByPlaceholder('请再次输入新密码').fill('New12346');
    await see(page, '两次密码输入不一致');
    await dialog.getByPlaceholder('请再次输入新密码').fill('New12345');
    await dialog.getByPlaceholder('请输入验证码').fill('abcd');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(page, '修改成功，请牢记新密码');
    await dialog.waitFor({ state: 'hidden' });

    // This browser stays signed in, also after a reload.
    await page.reload();
    await see(page, '改密测试');
    expect(new URL(page.url()).pathname).not.toMatch(/^\/login/);

    // The other one is sent to the login page by its next navigation.
    await second.page.goto(`${server.url}/`);
    await second.page.waitForURL(/\/login/, { timeout: 20_000 });

    // Old password refused, new one accepted.
    expect((await apiLogin(server.url, 'changer', 'Old12345')).code).toBe(400);
    await first.context.close();
    await second.context.close();
  });

  test('scan login across two browsers', async () => {
    const waiting = await newPage();
    const phone = await newPage();
    await signInAsAdmin(phone.page);

    await waiting.page.goto(`${server.url}/login`);
    const issued = waiting.page.waitForResponse((response) => response.url().includes('/api/oauth/codeCertificate?'));
    await waiting.page.getByRole('tab', { name: '扫码登录' }).click();
    const ticket = ((await (await issued).json()) as { data: { ticket: string } }).data.ticket;
    // The ticket is a server id (decimal digits), the key the phone confirms.
    expect(ticket).toMatch(/^\d{15,20}$/);
    await see(waiting.page, '请使用手机App扫描二维码登录');

    const confirm = (status: number) =>
      phone.page.evaluate(
        async ([id, value]) => {
          const session = JSON.parse(localStorage.getItem('platform__session') ?? '{}') as { state: { token: string } };
          const response = await fetch(`/api/oauth/setCodeCertificateStatus/${id}/${value}`, {
            headers: { Authorization: session.state.token, 'jnpf-origin': 'pc' },
          });
          return ((await response.json()) as { code: number }).code;
        },
        [ticket, status] as const,
      );
    expect(await confirm(1)).toBe(200);
    await see(waiting.page, '扫描成功，请在手机上确认登录');
    expect(await confirm(2)).toBe(200);
    await signedIn(waiting.page);
    await see(waiting.page, '管理员');
    await waiting.context.close();
    await phone.context.close();
  });
});

describe('lock screen', () => {
  test('a locked screen survives a reload and blocks other routes until the server accepts the password', async () => {
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    await fromUserMenu(page, '锁定屏幕');
    await page.waitForURL(/\/lockScreen$/);
    await see(page, '屏幕已锁定');
    await see(page, '管理员');
    await screenshot(page, 'lock-screen');

    await page.reload();
    await see(page, '屏幕已锁定');
    expect(new URL(page.url()).pathname).toBe('/lockScreen');
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/lockScreen$/);
    await page.goto(`${server.url}/login`);
    await page.waitForURL(/\/lockScreen$/);

    const password = page.getByPlaceholder('请输入密码解锁');
    await password.fill('not-the-password');
    await password.press('Enter');
    await see(page, '账户或密码错误，请重新输入，还可尝试 4 次');
    await screenshot(page, 'lock-screen-wrong');
    expect(new URL(page.url()).pathname).toBe('/lockScreen');

    await password.fill(adminPassword);
    await password.press('Enter');
    // Unlocked, '/' opens the landing page (the shell redirects it to /home).
    await page.waitForURL((url) => url.pathname === '/home', { waitUntil: 'commit' });
    await see(page, '管理员');
    await page.reload();
    await see(page, '管理员');
    expect(new URL(page.url()).pathname).toBe('/home');
    await closeContext(context);
  });

  // One retry: in about half of the full browser runs this test has hung until the 90 s limit at a
  // step without a timeout of its own (reproduced in CI and here, never when run alone); those steps
  // are now bounded and named (harness `within`), so a hang says where. The retry keeps CI honest
  // about the behaviour while the cause is found: it still fails if logging in again ever fails twice.
  test('"log in again" on the lock screen signs out', { retry: 1 }, async () => {
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    const token = await tokenOf(page);
    await fromUserMenu(page, '锁定屏幕');
    // Both are client-side navigations: there is no load event to wait for.
    await page.waitForURL(/\/lockScreen$/, { waitUntil: 'commit' });
    await page.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL(/\/login/, { waitUntil: 'commit' });
    expect([600, 602]).toContain((await api(server.url, 'GET', '/api/oauth/CurrentUser', { token })).code);
    await closeContext(context);
  });
});
