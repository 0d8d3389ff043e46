import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import {
  adminPassword,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  signInThroughPage,
  startServer,
} from './harness.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';

const onePixelPngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * Issue 5 in the browser, with two people at once: the administrator (context A) and a colleague
 * created through the user API (context B), each with their own socket to the real server.
 */

let server: RunningServer;
let browser: Browser;
let a: { context: BrowserContext; page: Page; token: string };
let b: { context: BrowserContext; page: Page; token: string };
const colleague = { account: 'e2echat', realName: '聊天同事' };
let colleagueId = '';

// A 2 × 2 red PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const see = (page: Page | Locator, text: string | RegExp, timeout = 20_000) =>
  page.getByText(text).first().waitFor({ timeout });

const api = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiData<T>(server.url, token, method, path, body);

async function signIn(account: string, password: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInThroughPage(page, server.url, account, password);
  await page
    .waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 })
    .catch(async (error) => {
      await screenshot(page, `messaging-signin-${account}`);
      throw error;
    });
  await page.locator('[data-testid=message-bell]').waitFor({ timeout: 20_000 });
  return { context, page, token: await tokenOf(page) };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ JOB_POLL_MS: '500' }), launchBrowser()]);
  a = await signIn('admin', adminPassword);
  // The colleague: created by the administrator through the user API, with the default password.
  const me = await api<{
    sysConfigInfo: { newUserDefaultPassword?: string };
    userInfo: { systemIds: { id: string }[] };
    menuList: { id: string; children?: { id: string }[] }[];
  }>(a.token, 'GET', '/api/oauth/CurrentUser');
  const tree = await api<{ list: { id: string }[] }>(
    a.token,
    'GET',
    '/api/permission/Organize/Department/SelectorByAuth/0',
  );
  const created = await api<{ id: string }>(a.token, 'POST', '/api/permission/Users', {
    account: colleague.account,
    realName: colleague.realName,
    gender: '1',
    organizeId: tree.list[0]?.id,
    enabledMark: 1,
    sortCode: 0,
  });
  colleagueId = created.id;
  // A new user has no menus (and so could not sign in): grant the administrator's menus to them.
  type Node = { id: string; children?: Node[] };
  const flat = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...flat(n.children ?? [])]);
  await api(a.token, 'PUT', `/api/permission/Authority/Data/${colleagueId}`, {
    objectType: 'User',
    systemIds: me.userInfo.systemIds.map((s) => s.id),
    module: flat(me.menuList),
  });
  b = await signIn(colleague.account, me.sysConfigInfo.newUserDefaultPassword || '123456');
}, 180_000);

// Each test starts from a freshly loaded page; a failed one leaves a picture of both screens.
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await screenshot(a.page, `messaging-failed-a-${context.task.name.slice(0, 12)}`);
    await screenshot(b.page, `messaging-failed-b-${context.task.name.slice(0, 12)}`);
  }
  for (const side of [a, b]) {
    if (!side.page.url().includes('/login')) await side.page.reload();
  }
  await b.page
    .locator('[data-testid=message-bell]')
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openChatWith(page: Page, name: RegExp) {
  await page.locator('[data-testid=chat-button]').click();
  await see(page, '内部聊天');
  await page.getByRole('tab', { name: '通讯录' }).click();
  await page.getByRole('button', { name }).first().click();
  await page.getByPlaceholder('请输入消息，按 Enter 发送').waitFor();
}

test('chat in real time: text with Enter, the twinkling icon and unread badge, an image, history search', async () => {
  await openChatWith(a.page, new RegExp(`${colleague.realName}/${colleague.account}`));
  const input = a.page.getByPlaceholder('请输入消息，按 Enter 发送');
  // Empty text is not sent.
  await input.fill('   ');
  await input.press('Enter');
  await input.fill('你好，同事 😀');
  await input.press('Enter');
  await see(a.page.locator('[data-testid=chat-lines]'), '你好，同事 😀');
  expect(await input.inputValue()).toBe('');

  // B: the chat icon twinkles and the conversation shows 1 unread.
  const chatIcon = b.page.locator('[data-testid=chat-button]');
  await expect.poll(() => chatIcon.getAttribute('class'), { timeout: 15_000 }).toContain('chat-twinkle');
  await chatIcon.click();
  await see(b.page, '内部聊天');
  const conversation = b.page.locator('[data-testid=chat-conversations] .chat-row').first();
  await see(b.page.locator('[data-testid=chat-conversations]'), '你好，同事 😀');
  expect(await conversation.locator('.ant-badge-count').innerText()).toBe('1');
  await screenshot(b.page, 'messaging-chat-unread');
  await conversation.click();
  await see(b.page.locator('[data-testid=chat-lines]'), '你好，同事 😀');
  await expect.poll(() => chatIcon.getAttribute('class')).not.toContain('chat-twinkle');

  // B answers; A sees it at once.
  const bInput = b.page.getByPlaceholder('请输入消息，按 Enter 发送');
  await bInput.fill('收到，谢谢');
  await bInput.press('Enter');
  await see(a.page.locator('[data-testid=chat-lines]'), '收到，谢谢');

  // An image from A reaches B.
  await a.page
    .locator('[data-testid=chat-image-input]')
    .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: png });
  await b.page.locator('[data-testid=chat-lines] img[src^="/api/file/Image/IM/"]').first().waitFor({ timeout: 15_000 });
  await screenshot(a.page, 'messaging-chat-window');

  // History search.
  await a.page.getByRole('button', { name: '聊天记录' }).click();
  const history = a.page.locator('[data-testid=chat-history-list]');
  await see(history, '收到，谢谢');
  const search = a.page.getByPlaceholder('搜索聊天记录');
  await search.fill('同事');
  await search.press('Enter');
  await see(history, '你好，同事 😀');
  await expect.poll(() => history.getByText('收到，谢谢').count()).toBe(0);
  await screenshot(a.page, 'messaging-chat-history');
  await search.fill('没有这句话');
  await search.press('Enter');
  await history.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor({ timeout: 20_000 });

  await a.page.keyboard.press('Escape');
  await b.page.keyboard.press('Escape');
});

test('a notice released by the administrator reaches the colleague’s bell without a reload', async () => {
  const bell = b.page.locator('[data-testid=message-bell]');
  const before = Number((await bell.getAttribute('aria-label'))?.replace(/\D/g, '') || 0);
  await a.page.goto(`${server.url}/system/notice`);
  await a.page.getByRole('button', { name: /新\s*建/ }).click();
  await a.page.getByPlaceholder('请输入公告标题').fill('端到端公告');
  const editor = a.page.getByRole('textbox', { name: '公告内容' });
  await editor.click();
  await a.page.keyboard.type('公告正文：明天放假');
  await a.page.getByRole('button', { name: '加粗' }).click();
  await a.page.keyboard.type('不用上班');
  // Images come in by upload (to the file service) or by pasting one (kept as a data URL).
  await a.page.locator('input[type=file][aria-label="插入图片"]').setInputFiles({
    name: 'chart.png',
    mimeType: 'image/png',
    buffer: Buffer.from(onePixelPngBase64, 'base64'),
  });
  await expect
    .poll(() => editor.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? '')))
    .toEqual([expect.stringMatching(/^\/api\/file\//)]);
  await editor.evaluate((area, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const clipboard = new DataTransfer();
    clipboard.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, onePixelPngBase64);
  await expect.poll(() => editor.locator('img[src^="data:image/png;base64,"]').count()).toBe(1);
  await screenshot(a.page, 'messaging-notice-editor');
  await a.page.getByRole('button', { name: /保\s*存/ }).click();
  await see(a.page, '端到端公告');
  const row = a.page.locator('tr', { hasText: '端到端公告' });
  await row.getByRole('button', { name: '发布' }).click();
  await a.page.getByRole('button', { name: /确\s*定/ }).click();
  await see(row, '已发布');

  await expect
    .poll(async () => Number((await bell.getAttribute('aria-label'))?.replace(/\D/g, '') || 0), { timeout: 15_000 })
    .toBe(before + 1);
  await bell.click();
  await see(b.page, '站内消息');
  await b.page.locator('.message-item', { hasText: '端到端公告' }).first().click();
  const dialog = b.page.getByRole('dialog', { name: '端到端公告' });
  await see(dialog, '公告正文：明天放假');
  expect(await dialog.locator('.message-detail-body b, .message-detail-body strong').count()).toBeGreaterThan(0);
  expect(await dialog.locator('.message-detail-body img').count()).toBe(2);
  await screenshot(b.page, 'messaging-notice-detail');
  await b.page.keyboard.press('Escape');
  await b.page.keyboard.press('Escape');
});

test('a schedule reminder arrives as a message and opens the schedule detail', async () => {
  const start = Date.now() + 3_000;
  await api(a.token, 'POST', '/api/system/Schedule', {
    title: '端到端日程提醒',
    content: '带上电脑',
    urgent: 2,
    startDay: start,
    endDay: start + 3_600_000,
    reminderTime: -1,
    repetition: '1',
    toUserIds: [colleagueId],
  });
  const bell = b.page.locator('[data-testid=message-bell]');
  await bell.click();
  await see(b.page, '站内消息');
  const item = b.page.locator('.message-item', { hasText: '端到端日程提醒' }).first();
  await item.waitFor({ timeout: 30_000 });
  await item.click();
  const detail = b.page.getByRole('dialog', { name: '详情' });
  await see(detail, '带上电脑');
  await see(detail, '重要');
  // Opened from a message (type 2): no delete button.
  expect(await detail.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
  await screenshot(b.page, 'messaging-schedule-detail');
  await b.page.keyboard.press('Escape');
});

test('the drawer: only-unread by default, mark all read with confirmation, more leads to /messageRecord', async () => {
  await b.page.locator('[data-testid=message-bell]').click();
  await see(b.page, '站内消息');
  await screenshot(b.page, 'messaging-drawer');
  await b.page.getByRole('button', { name: '全部已读' }).click();
  await see(b.page, '您确定全部标识为已读状态, 是否继续?');
  await b.page.getByRole('button', { name: /确\s*定/ }).click();
  await expect
    .poll(async () => (await b.page.locator('[data-testid=message-bell]').getAttribute('aria-label')) ?? '')
    .toBe('消息通知');
  await b.page.getByRole('button', { name: '查看更多' }).click();
  await b.page.waitForURL(/\/messageRecord/);
  // The full message centre, not a placeholder: its list with the sender column.
  await see(b.page, '发送人');
  await see(b.page, '批量删除');
});

test('forced offline throws the colleague to the login page', async () => {
  const online = await api<{ list: { id: string; userId: string }[] }>(a.token, 'GET', '/api/permission/OnlineUser');
  const session = online.list.find((s) => s.userId === colleagueId);
  expect(session).toBeTruthy();
  await api(a.token, 'DELETE', `/api/permission/OnlineUser/${session?.id}`);
  await b.page.waitForURL(/\/login/, { timeout: 20_000 });
  await screenshot(b.page, 'messaging-forced-offline');
});
