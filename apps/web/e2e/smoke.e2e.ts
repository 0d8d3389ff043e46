import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adminPassword, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';

const run = serverAndBrowser();

test('the printed address shows the login page in Chinese', async () => {
  const context = await newContext(run.browser);
  const page = await context.newPage();
  await page.goto(`${run.server.url}/`);
  await page.waitForURL(/\/login/);
  await expect.poll(() => page.getByRole('button', { name: /登\s*录/ }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('账号登录').first().isVisible()).toBe(true);
  await screenshot(page, 'login-zh');
  await context.close();
});

test('a deep link that is not an API path gets the app (history-mode fallback)', async () => {
  const res = await fetch(`${run.server.url}/some/deep/link`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<div id="root">');
  const api = await fetch(`${run.server.url}/api/unknown`);
  expect(api.status).toBe(404);
});

test('the administrator signs in with the password printed at first start; the console stays clean', async () => {
  const context = await newContext(run.browser, { motion: 'no-preference' });
  const page = await context.newPage();
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  await signInThroughPage(page, run.server.url, 'admin', adminPassword);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect.poll(() => page.getByText('管理员').first().isVisible(), { timeout: 15_000 }).toBe(true);
  await page.reload();
  await expect.poll(() => page.getByText('管理员').first().isVisible(), { timeout: 15_000 }).toBe(true);
  await screenshot(page, 'signed-in');
  expect(complaints).toEqual([]);
  expect(await motionDuration(page)).not.toBe('0s');
  await context.close();
});

/** antd's medium animation length: 0s once the product has switched animations off. */
function motionDuration(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--ant-motion-duration-mid').trim(),
  );
}

test('someone who asked their system for less motion gets no animations', async () => {
  const context = await newContext(run.browser, { motion: 'reduce' });
  const page = await context.newPage();
  await signInThroughPage(page, run.server.url, 'admin', adminPassword);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect.poll(() => motionDuration(page)).toBe('0s');
  await context.close();
});

test('the open routes: /sso and /auth-redirect lead to the login page, /formShortLink without a link says it is not open', async () => {
  const context = await newContext(run.browser);
  const page = await context.newPage();
  await page.goto(`${run.server.url}/sso?redirect=%2Fprofile`);
  await page.waitForURL(/\/login\?redirect=%2Fprofile/);
  await page.goto(`${run.server.url}/auth-redirect`);
  await page.waitForURL(/\/login/);
  await page.goto(`${run.server.url}/formShortLink`);
  await expect.poll(() => page.getByText('外链未开启或已失效').first().isVisible(), { timeout: 15_000 }).toBe(true);
  await context.close();
});
