import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type RunningServer, startServerProcess } from '../../server/test/helpers/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const screenshotDir = path.join(import.meta.dirname, 'screenshots');

export const adminPassword = 'Admin@e2e2026';

export type { RunningServer };

/** The real server with the built web app, the embedded database and a known admin password. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  }
  return startServerProcess({ ADMIN_PASSWORD: adminPassword, ...env });
}

/** Debian's Chromium, headless, with nothing that reaches outside this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh browser profile in Chinese, the product's default language. */
export function newContext(
  browser: Browser,
  options: { locale?: string; width?: number } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    locale: options.locale ?? 'zh-CN',
    viewport: { width: options.width ?? 1440, height: 900 },
  });
}

/** Saves what the person sees, for the record (apps/web/e2e/screenshots, not committed). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Signs in through the login page as a person would. */
export async function signInThroughPage(page: Page, baseUrl: string, account: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page
    .getByPlaceholder(/账号|帐号/)
    .first()
    .fill(account);
  await page.getByPlaceholder('密码').first().fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}
