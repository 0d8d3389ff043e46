import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const screenshotDir = path.join(import.meta.dirname, 'screenshots');

export const adminPassword = 'Admin@e2e2026';

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: string[];
  stop(): Promise<void>;
}

/**
 * The real server as a user runs it (`node src/main.ts` with the built web app), on a free port
 * with a fresh data directory and the embedded database.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-e2e-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      logs.push(text);
      const match = /Platform is running: (http:\/\/localhost:\d+)\//.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('')}`));
    });
  });
  return {
    url: url.replace('localhost', '127.0.0.1'),
    dataDir,
    logs,
    stop: () => stopChild(child).then(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
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
