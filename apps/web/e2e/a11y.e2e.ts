import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousViolationsOn } from './axe.ts';
import { adminPassword, closeContext, newContext, serverAndBrowser, signInThroughPage } from './harness.ts';

/**
 * Issue 21: the core screens have no serious or critical WCAG 2.1 A/AA violation (axe-core) in
 * Chinese and English, light and dark. Each screen is opened by its address, as a bookmark would.
 */
const running = serverAndBrowser();

const screens: [name: string, path: string][] = [
  ['home', '/home'],
  ['users', '/permission/user'],
  ['organisations', '/permission/organize'],
  ['roles', '/permission/role'],
  ['menus', '/system/menu'],
  ['messages', '/messageRecord'],
  ['notices', '/system/notice'],
  ['schedule', '/extend/schedule'],
  ['profile', '/profile'],
  ['form preview', '/previewModel'],
  ['data interfaces', '/systemData/dataInterface'],
];

/** Waits for a screen's content: its list has answered (no spinner left) or it has no list. */
async function contentShown(page: Page) {
  await page.locator('.shell-content').first().waitFor();
  const loading = page.locator('.shell-content .ant-spin-spinning, .shell-content .ant-skeleton');
  await expect.poll(() => loading.count(), { timeout: 20_000 }).toBe(0);
}

for (const mode of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US']) {
    test(`the core screens in ${locale}, ${mode}: no serious or critical violation`, { timeout: 240_000 }, async () => {
      const context = await newContext(running.browser, { locale });
      // The display settings as the settings drawer stores them (shell.e2e.ts checks that key).
      await context.addInitScript(
        `localStorage.setItem('platform__settings', JSON.stringify({ state: { mode: '${mode}' }, version: 0 }));`,
      );
      const page = await context.newPage();
      const found: string[] = [];
      try {
        await page.goto(`${running.server.url}/login`);
        await page.locator('.login-card input').first().waitFor();
        found.push(...(await seriousViolationsOn(page, 'login')));
        await signInThroughPage(page, running.server.url, 'admin', adminPassword);
        await page.waitForURL((url) => url.pathname === '/home', { timeout: 20_000 });
        for (const [name, path] of screens) {
          await page.goto(`${running.server.url}${path}`);
          await contentShown(page);
          found.push(...(await seriousViolationsOn(page, name)));
        }
        await page.locator('[data-testid=chat-button]').click();
        const chat = page.getByRole('dialog', { name: /内部聊天|Chat/ });
        await chat.waitFor();
        await expect.poll(() => chat.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
        found.push(...(await seriousViolationsOn(page, 'chat')));
      } finally {
        await closeContext(context);
      }
      expect(found).toEqual([]);
    });
  }
}
