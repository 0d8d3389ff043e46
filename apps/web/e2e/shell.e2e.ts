import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adminPassword, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';

const run = serverAndBrowser();

const see = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: 20_000 });

async function signedIn(options: { width?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(run.browser, options);
  const page = await context.newPage();
  await signInThroughPage(page, run.server.url, 'admin', adminPassword);
  await page.waitForURL((url) => url.pathname === '/home', { timeout: 20_000 });
  await see(page, '快捷入口');
  return { context, page };
}

const layoutNames = { classic: '经典', functional: '功能', blend: '混合', plain: '简洁' } as const;

test('each of the four layouts, light and dark', async () => {
  const { context, page } = await signedIn();
  await page.getByRole('menuitem', { name: '用户管理' }).click();
  await page.waitForURL(/\/permission\/user$/);
  // The users page is real now (no longer a placeholder): its tab says it opened.
  await page.getByRole('tab', { name: '用户管理' }).waitFor();
  for (const mode of ['亮色', '暗色'] as const) {
    for (const [layout, label] of Object.entries(layoutNames)) {
      await page.getByRole('button', { name: '系统设置' }).click();
      const drawer = page.getByRole('dialog', { name: '系统设置' });
      await drawer.getByRole('button', { name: label }).click();
      await drawer.getByText(mode, { exact: true }).click();
      await drawer.getByRole('button', { name: '关闭' }).click();
      await drawer.waitFor({ state: 'hidden' });
      // Every layout still offers the directory of the open page.
      await see(page, '组织管理');
      await screenshot(page, `shell-${layout}-${mode === '亮色' ? 'light' : 'dark'}`);
    }
  }
  // Settings are stored locally under the key scheme.
  const stored = await page.evaluate(() => localStorage.getItem('platform__settings'));
  expect(JSON.parse(stored ?? '{}').state).toMatchObject({ layout: 'plain', mode: 'dark' });
  await context.close();
});

test('the language switch changes menus, the shell and antd texts', async () => {
  const { context, page } = await signedIn();
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await see(page, 'Organisation');
  await expect.poll(() => page.getByRole('tab', { name: 'Home' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  // antd's own text: the drawer's close button is labelled by antd's locale.
  await expect.poll(() => page.getByRole('button', { name: 'Close', exact: true }).isVisible()).toBe(true);
  await screenshot(page, 'shell-english');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('button', { name: '繁體中文' }).click();
  await see(page, '組織管理');
  await context.close();
});

test('tags: context menu, affixed home, middle click', async () => {
  const { context, page } = await signedIn();
  const tab = (name: string) => page.getByRole('tab', { name });
  for (const name of ['用户管理', '组织机构', '岗位管理']) {
    await page.getByRole('menuitem', { name }).click();
    await tab(name).waitFor();
  }
  // The affixed home tab has no close icon; the others have one.
  expect(await tab('首页').locator('.shell-tag-close').count()).toBe(0);
  expect(await tab('用户管理').locator('.shell-tag-close').count()).toBe(1);
  // The keyboard: arrows move between tabs, Delete closes the focused one.
  await tab('岗位管理').focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('组织机构');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Delete');
  await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['首页', '用户管理', '组织机构']);
  await tab('组织机构').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['首页', '组织机构']);
  await page.waitForURL(/\/permission\/organize$/);
  await page.getByRole('menuitem', { name: '用户管理' }).click();
  await tab('用户管理').click({ button: 'middle' });
  await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['首页', '组织机构']);
  await tab('首页').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭所有' }).click();
  await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['首页']);
  await page.waitForURL(/\/home$/);
  await screenshot(page, 'shell-tags');
  await context.close();
});

test('kept-alive views: a page keeps its state while another tab is shown', async () => {
  const { context, page } = await signedIn();
  // As a person does: each page opens (its tab appears) before the next is chosen.
  for (const name of ['用户管理', '组织机构']) {
    await page.getByRole('menuitem', { name }).click();
    await page.getByRole('tab', { name }).waitFor();
  }
  await page.getByRole('cell', { name: '集团总部' }).waitFor();
  // Back to a kept-alive tab: it shows again without asking the server for anything.
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  await page.getByRole('tab', { name: '用户管理' }).click();
  await see(page, '用户管理');
  // A call the tab's render or effects started would be on the wire before one the page sends
  // after them: once this marker call is seen, nothing else may have been asked for.
  const marker = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/health');
  await page.evaluate(() => fetch('/api/health').then((r) => r.text()));
  await marker;
  expect(
    calls.filter((c) => new URL(c).pathname !== '/api/health'),
    calls.join(', '),
  ).toEqual([]);
  // Both pages stay mounted, one hidden.
  await expect.poll(() => page.locator('[data-view]').count()).toBeGreaterThanOrEqual(3);
  await context.close();
});

test('an 800 px wide window closes the sidebar', async () => {
  const { context, page } = await signedIn({ width: 800 });
  expect(await page.getByRole('menuitem', { name: '组织管理' }).isVisible()).toBe(false);
  await screenshot(page, 'shell-mobile');
  await page.getByRole('button', { name: '展开菜单' }).click();
  await page.getByRole('menuitem', { name: '组织管理' }).waitFor();
  await screenshot(page, 'shell-mobile-open');
  await context.close();
});

test('menu search, profile, unknown paths and the logout confirmation', async () => {
  const { context, page } = await signedIn();
  await page.getByRole('combobox', { name: '搜索菜单' }).fill('字典');
  await page.locator('.shell-search-hit').filter({ hasText: '/systemData/dictionary' }).click();
  await page.waitForURL(/\/systemData\/dictionary$/);
  await page.goto(`${run.server.url}/no/such/page`);
  await page.waitForURL(/\/404$/);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await page.waitForURL(/\/profile$/);
  await see(page, 'admin');
  await screenshot(page, 'shell-profile');
  await page.getByRole('tab', { name: '授权菜单' }).click();
  await see(page, '数据字典');
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '关于平台' }).click();
  await see(page, '系统名称');
  await screenshot(page, 'shell-about');
  const about = page.getByRole('dialog').filter({ hasText: '系统名称' });
  await about
    .getByRole('button', { name: /关闭|Close/ })
    .first()
    .click();
  await about.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await see(page, '您确定要退出应用程序吗?');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL(/\/login/);
  await context.close();
});

test('a type 7 menu with _self opens inside the app', async () => {
  const { context, page } = await signedIn();
  const created = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('platform__session') ?? '{}').state;
    const headers = { Authorization: session.token, 'jnpf-origin': 'pc', 'Content-Type': 'application/json' };
    const me = await (await fetch('/api/oauth/CurrentUser', { headers })).json();
    const res = await fetch('/api/system/Menu', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        systemId: me.data.userInfo.systemId,
        parentId: '-1',
        fullName: '站内链接',
        enCode: 'insideLink',
        type: 7,
        urlAddress: 'favicon.svg?token={token}',
        linkTarget: '_self',
        sortCode: 99,
      }),
    });
    return (await res.json()).code;
  });
  expect(created).toBe(200);
  await page.reload();
  await page.getByRole('menuitem', { name: '站内链接' }).click();
  await page.waitForURL(/\/externalLink\?href=/);
  await page.getByRole('tab', { name: '站内链接' }).waitFor();
  const src = await page.locator('iframe.shell-external').getAttribute('src');
  expect(src).toContain(`${run.server.url}/favicon.svg?token=`);
  await screenshot(page, 'shell-external-self');
  await context.close();
});
