import { createCipheriv, createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import type { CurrentUser } from '@platform/shared';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { type Db, openDatabase } from '../../server/src/db/database.ts';
import { OauthRepository } from '../../server/src/modules/oauth/oauth.repository.ts';
import { type RunningServer, startServerProcess } from '../../server/test/helpers/server-process.ts';
import { adminPassword, within } from './harness.ts';

/**
 * Browser tests of authentication need accounts besides `admin` (locking the administrator would
 * leave nobody to unlock it) and captchas whose text they know (a captcha image is made for eyes,
 * not for tests). The captchas are planted in the data directory before the server starts (a copy
 * of the run's migrated and seeded one, written with the server's own repository); the accounts are
 * made afterwards through the API, as an administrator would make them: ordinary users holding one
 * role that grants the schedule page, so signing in resolves real permissions rather than an
 * administrator's all.
 */

export interface SeedUser {
  account: string;
  password: string;
  realName?: string;
}

export interface PreparedServer extends RunningServer {
  /** Ids of the created users by account. */
  userIds: Record<string, string>;
}

/** The text of every planted captcha; its keys are `plantedCaptchaKeys`. */
export const plantedCaptchaText = 'ABCD';
export const plantedCaptchaKeys = Array.from({ length: 40 }, (_, index) => `e2e-planted-${index}`);

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export async function startServerWithUsers(
  users: SeedUser[],
  env: Record<string, string> = {},
): Promise<PreparedServer> {
  // A copy of the run's migrated and seeded directory (template-data.ts), as `startServer` starts
  // from: creating, migrating and seeding a new database here cost each such file ~7.5 s of CPU.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-e2e-auth-'));
  cpSync(inject('templateDataDir'), dataDir, { recursive: true });
  const db: Db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    const codes = new OauthRepository(db);
    for (const key of plantedCaptchaKeys) await codes.putCode('captcha', key, plantedCaptchaText, 60 * 60_000);
  } finally {
    await db.destroy();
  }
  if (!existsSync(path.resolve(import.meta.dirname, '../dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  }
  // The server takes the prepared directory over (and removes it when stopped).
  const server = await startServerProcess(
    { ADMIN_PASSWORD: adminPassword, ...env },
    dataDir,
    [],
    inject('serverBundle'),
  );
  return { ...server, userIds: await createUsers(server.url, users) };
}

/** Users with a role granting the schedule page (a directory and its page), made through the API. */
async function createUsers(url: string, users: SeedUser[]): Promise<Record<string, string>> {
  const signedIn = await apiLogin(url, 'admin', adminPassword);
  const token = signedIn.data?.token ?? '';
  if (!token) throw new Error(`admin sign-in failed: ${signedIn.msg}`);
  const me = await apiData<CurrentUser>(url, token, 'GET', '/api/oauth/CurrentUser');
  const directory = me.menuList.find((m) => m.enCode === 'extend');
  const page = directory?.children?.find((m) => m.enCode === 'extend.schedule');
  if (!directory || !page) throw new Error('the seeded schedule menu is missing');
  const role = await apiData<{ id: string }>(url, token, 'POST', '/api/permission/Role', {
    fullName: '浏览器测试职员',
    enCode: 'e2e.staff',
    globalMark: 1,
  });
  await apiData(url, token, 'PUT', `/api/permission/Authority/Data/${role.id}`, {
    objectType: 'Role',
    module: [directory.id, page.id],
  });
  const userIds: Record<string, string> = {};
  for (const user of users) {
    const created = await apiData<{ id: string }>(url, token, 'POST', '/api/permission/Users', {
      account: user.account,
      realName: user.realName ?? user.account,
      organizeId: me.userInfo.organizeId,
      roleId: role.id,
    });
    await apiData(url, token, 'POST', `/api/permission/Users/${created.id}/Actions/ResetPassword`, {
      userPassword: md5(user.password),
      validatePassword: md5(user.password),
    });
    userIds[user.account] = created.id;
  }
  return userIds;
}

/**
 * Answers the captchas a page sends with planted ones: the person types any text, the request
 * leaves with a planted key and its text. Only requests that carry a code are touched, so a
 * login without captcha stays as the page sent it. Returns a function that stops answering.
 */
let nextPlanted = 0;

export async function answerWithPlantedCaptchas(page: Page): Promise<() => Promise<void>> {
  // Each planted captcha is good for one attempt, like any other: pages share one supply.
  const take = () => {
    const key = plantedCaptchaKeys[nextPlanted++];
    if (!key) throw new Error('out of planted captchas');
    return key;
  };
  const loginPattern = '**/api/oauth/Login?*';
  // JSON bodies that answer a captcha: the password change and a short link's public form.
  const jsonPatterns = ['**/api/permission/Users/Current/Actions/ModifyPassword?*', '**/api/visualdev/ShortLink/*'];
  await page.route(loginPattern, async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    if (form.get('code')) {
      form.set('timestamp', take());
      form.set('code', plantedCaptchaText);
    }
    await route.continue({ postData: form.toString() });
  });
  for (const pattern of jsonPatterns)
    await page.route(pattern, async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      if (!body.code) return route.continue();
      await route.continue({ postData: JSON.stringify({ ...body, timestamp: take(), code: plantedCaptchaText }) });
    });
  return async () => {
    await page.unroute(loginPattern);
    for (const pattern of jsonPatterns) await page.unroute(pattern);
  };
}

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** A call as another client of the API would make it (protocol.md headers). */
export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; form?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'jnpf-origin': 'pc' };
  if (options.token) headers.Authorization = options.token;
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  // A call that hangs fails as itself, well inside the test's own time limit.
  const response = await fetch(`${baseUrl}${url}`, { method, headers, body, signal: AbortSignal.timeout(20_000) });
  return (await response.json()) as Envelope<T>;
}

/** A call that must succeed: its data, or an error naming the call and the server's msg. */
export async function apiData<T>(baseUrl: string, token: string, method: string, url: string, body?: unknown) {
  const answer = await api<T>(baseUrl, method, url, { token, ...(body === undefined ? {} : { body }) });
  if (answer.code !== 200) throw new Error(`${method} ${url}: ${answer.code} ${answer.msg}`);
  return answer.data as T;
}

/** Signs in through the API (AES-128-ECB of the MD5, as the login page does); answers the whole envelope. */
export async function apiLogin(
  baseUrl: string,
  account: string,
  password: string,
  captcha?: { key: string; text: string },
): Promise<Envelope<{ token: string }>> {
  const config = await api<{ cipherKey: string }>(baseUrl, 'GET', '/api/oauth/getLoginConfig');
  const key = config.data?.cipherKey ?? '';
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  const payload = Buffer.concat([cipher.update(md5(password), 'utf8'), cipher.final()]).toString('hex');
  return api<{ token: string }>(baseUrl, 'POST', '/api/oauth/Login', {
    form: {
      account,
      password: payload,
      code: captcha?.text ?? '',
      timestamp: captcha?.key ?? '',
      origin: 'password',
      grant_type: 'password',
    },
  });
}

/** The token the page keeps (shared/session/store.ts persists it in local storage). */
export function tokenOf(page: Page): Promise<string> {
  return within(
    'reading the session token',
    15_000,
    page.evaluate(() => {
      const raw = localStorage.getItem('platform__session');
      return raw ? (JSON.parse(raw) as { state: { token: string } }).state.token : '';
    }),
  );
}

/** An IPv4 address of this machine other than loopback: a page opened there is not a secure context. */
export function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}
