import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type RunningServer, startServerProcess } from '../../server/test/helpers/server-process.ts';
import { seriousViolationsOn } from './axe.ts';
import { adminPassword } from './run-context.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const screenshotDir = path.join(import.meta.dirname, 'screenshots');

export type { RunningServer };
export { adminPassword };

/**
 * The real server with the built web app, the embedded database and a known admin password, on its
 * own copy of the migrated and seeded data directory (template-data.ts).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-run-'));
  cpSync(inject('templateDataDir'), dataDir, { recursive: true });
  const server = await startServerProcess(
    { ADMIN_PASSWORD: adminPassword, ...env },
    dataDir,
    [],
    inject('serverBundle'),
  );
  opened.servers.add(server);
  return server;
}

/** What this file has started, so that a failed test can say what the server and the browser were doing. */
const opened = { servers: new Set<RunningServer>(), browsers: new Set<Browser>() };

/**
 * A short account of the servers and pages open when a test failed: CI keeps only the end of the
 * output, so this goes into the failure itself (see failure-report.ts) rather than the log above it.
 */
export function whatWasOpen(): string {
  const lines: string[] = [];
  for (const server of opened.servers) {
    const exit = server.exitCode();
    lines.push(`server ${server.url}: ${exit === null ? 'running' : `exited with ${exit}`}`);
    const tail = server.logs.join('').trim().split('\n').slice(-8);
    for (const line of tail) if (line) lines.push(`  ${line.slice(0, 300)}`);
  }
  for (const browser of opened.browsers) {
    if (!browser.isConnected()) continue;
    for (const context of browser.contexts()) for (const page of context.pages()) lines.push(`page at ${page.url()}`);
  }
  return lines.join('\n');
}

/** Debian's Chromium, headless, with nothing that reaches outside this machine. */
/**
 * A server on a fresh data directory and a browser for one test file: started before its tests,
 * stopped after them. Read `server` and `browser` inside tests (they are set once started).
 */
export function serverAndBrowser(env: Record<string, string> = {}): { server: RunningServer; browser: Browser } {
  const started = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [started.server, started.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
  return started;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
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
  opened.browsers.add(browser);
  browser.on('disconnected', () => opened.browsers.delete(browser));
  return browser;
}

/**
 * A fresh browser profile in Chinese, the product's default language. It asks for reduced motion
 * unless told otherwise: the product then switches its animations off (reduced-motion.ts), so a
 * test neither waits for dialogs to zoom in nor clicks something still moving. Benchmarks and the
 * tests that check the animated default pass `motion: 'no-preference'`.
 */
export async function newContext(
  browser: Browser,
  options: { locale?: string; width?: number; motion?: 'reduce' | 'no-preference' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: options.locale ?? 'zh-CN',
    viewport: { width: options.width ?? 1440, height: 900 },
    reducedMotion: options.motion ?? 'reduce',
  });
  // A step that never completes fails with its own name and locator, not as the test's 90 s timeout.
  context.setDefaultTimeout(25_000);
  context.setDefaultNavigationTimeout(25_000);
  return context;
}

/** Saves what the person sees, for the record (apps/web/e2e/screenshots, not committed). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
  // Every screen a test shows is also checked for WCAG 2.1 A/AA, so a new screen cannot skip it.
  // A screenshot taken because a step failed records that failure; it is not a screen to judge.
  if (name.includes('failed')) return;
  const violations = await seriousViolationsOn(page, name);
  if (process.env.AXE_SURVEY) {
    appendFileSync(process.env.AXE_SURVEY, violations.map((line) => `${line}\n`).join(''));
  } else if (violations.length > 0) {
    throw new Error(`Accessibility violations:\n${violations.join('\n')}`);
  }
}

// Scripts run in the page (a string: this file is type-checked without the DOM's types).
const twoFrames = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))';

/**
 * Resolves after the page has drawn two more frames: scroll and resize handlers of what was just
 * done have run (they run before a frame's callbacks), and transitions it started have begun.
 */
export async function nextFrames(page: Page) {
  await page.evaluate(twoFrames);
}

/**
 * Waits for the page to come to rest: a frame for any transition just started (a drawer sliding in,
 * a dialog zooming) to begin, then every finite animation running has finished. Spinners and other
 * endless ones are left alone.
 */
export async function settled(page: Page) {
  await nextFrames(page);
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
      .map((animation) => animation.finished.catch(() => undefined)),
  ).then(() => undefined)`);
}

/** Signs in through the login page as a person would. */
export async function signInThroughPage(page: Page, baseUrl: string, account: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page
    .getByPlaceholder(/账号|帐号|帳號|your account/)
    .first()
    .fill(account);
  await page
    .getByPlaceholder(/密码|密碼|your password/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /登\s*录|登\s*錄|^Sign in$/ }).click();
}

/**
 * `step` within `ms`, or an error naming it: for the browser calls that have no timeout of their
 * own (evaluate, closing a context), so that a hang fails as itself, not as the test's 90 s limit.
 */
export async function within<T>(label: string, ms: number, step: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([step, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Closes a test's browser context. Closing is cleanup, not behaviour under test: one that does not
 * finish within 10 s is reported on the console and left to the browser's own close at the end.
 */
export async function closeContext(context: BrowserContext) {
  await within('closing the browser context', 10_000, context.close()).catch((error: Error) => {
    console.warn(error.message);
  });
}

/**
 * Runs `act` and answers the envelope of the API call it makes whose path contains `path`: a test
 * asserts the server's answer (and its msg) instead of watching for a toast that shows for 1.5 s.
 */
export async function answered(
  page: Page,
  path: string,
  act: () => Promise<unknown>,
): Promise<{ code: number; msg: string; data?: unknown }> {
  const response = page.waitForResponse((r) => r.url().includes(path) && r.request().method() !== 'OPTIONS', {
    timeout: 25_000,
  });
  await act();
  return (await (await response).json()) as { code: number; msg: string; data?: unknown };
}
