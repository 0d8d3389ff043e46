// node --import tsx bench/login-page.ts: what a browser pays to open /login, on loopback, against
// the real server with the built web app (run `npm run build` first). BENCH_ROUNDS loads (default 5)
// in fresh browser profiles: largest contentful paint, CPU time, bytes over the wire, and the scripts'
// gzip size against issue 4's budgets (/login 250 KB, the shell after sign-in 500 KB).
// Each load of /login is paired with a load of a bare static page (one heading, no script, served
// from loopback by the bench itself), alternating (lib.ts `timedRounds`: bare, /login, bare, ...):
// the machine is shared, and the bare page's paint says what the browser and the machine cost at
// that moment, so the per-round ratio can be judged under load. Median and spread over the rounds,
// with the load average before them.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';
import { startServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { launchBrowser, newContext, signInThroughPage } from '../apps/web/e2e/harness.ts';
import { machineLine, printTimed, rounds, timedRounds } from './lib.ts';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const adminPassword = 'Bench@2026pass';

/** Paths of the scripts a page loads from our server. */
function trackScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) seen.add(url.pathname);
  });
  return seen;
}

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0) / 1024;

// Both run in the page; they are text because the bench is type-checked against Node's types, not the DOM's.
/**
 * Recorded in the page from its first script on: each largest-contentful-paint entry, in ms since
 * navigation start, with the element it names (tag, class, start of its text), described when the
 * entry arrives, because the login shell's element is removed soon after (when the page removed it
 * before this observer heard of it, the entry names "an element since removed"). The last entry is the
 * page's figure; a later, larger element painted by React would show as a second entry.
 */
const recordPaints = `window.__paints = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const name = element
        ? element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ')[0] : '') +
          ' "' + (element.textContent || '').slice(0, 20) + '"' + (element.closest('#login-shell') ? ' (login shell)' : '')
        : 'an element since removed';
      window.__paints.push({ startTime: entry.startTime, element: name });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });`;
/**
 * The entries recorded so far. It waits for the recorder's first entry: a second observer's buffered
 * callback can run before the recorder's, and the list was then empty (a bare-page load reported no
 * paint, NaN, on 2026-11-28). Then one more observer, so that every entry so far has been delivered
 * to the recorder too.
 */
async function largestContentfulPaint(page: Page) {
  await page.waitForFunction('window.__paints.length > 0', undefined, { timeout: 10_000 });
  return page.evaluate<{ startTime: number; element: string }[]>(`new Promise((resolve) => {
    new PerformanceObserver(() => resolve(window.__paints)).observe({ type: 'largest-contentful-paint', buffered: true });
  })`);
}
const lastPaint = (entries: { startTime: number }[]) => entries.at(-1)?.startTime ?? Number.NaN;

/**
 * CPU time of the page's main thread (Chromium's ThreadTime) and of its whole renderer process
 * (ProcessTime: parsing, compiling and raster threads too), and the wall time its tasks spent in
 * script (which a loaded machine inflates), from navigation until the page is settled. Unlike a paint time these hardly move with the machine's load: they say
 * what the page itself asks of the processor.
 */
async function mainThreadCost(session: CDPSession): Promise<{ cpuMs: number; processMs: number; scriptMs: number }> {
  const { metrics } = await session.send('Performance.getMetrics');
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  return { cpuMs: metric('ThreadTime'), processMs: metric('ProcessTime'), scriptMs: metric('ScriptDuration') };
}

/** Kilobytes the page moved over the wire (document and every resource, compressed as sent). */
const transferredKb = (page: Page) =>
  page.evaluate<number>(`performance.getEntriesByType('navigation')
    .concat(performance.getEntriesByType('resource'))
    .reduce((sum, entry) => sum + entry.transferSize, 0) / 1024`);

/** The floor: a static page with the login page's title as its only content, no script, no style sheet. */
const barePage = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>bare</title></head>
<body><h1 style="font-size:32px">低代码开发平台</h1><p>bench baseline</p></body></html>`;

function serveBarePage(): Promise<{ url: string; close(): void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(barePage);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

async function main() {
  console.log(`Machine: ${machineLine()}; ${rounds} loads of each page`);
  const server = await startServerProcess({ ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'error' });
  const bare = await serveBarePage();
  const browser = await launchBrowser();
  try {
    const elements: string[] = [];
    let loginScripts = 0;
    const bareSide = {
      name: 'bare static page',
      async run() {
        const context = await newContext(browser, { motion: 'no-preference' });
        const page = await context.newPage();
        await page.addInitScript(recordPaints);
        await page.goto(bare.url);
        const lcp = lastPaint(await largestContentfulPaint(page));
        await context.close();
        return { 'LCP ms': lcp };
      },
    };
    const loginSide = {
      name: '/login',
      async run() {
        const context = await newContext(browser, { motion: 'no-preference' });
        const page = await context.newPage();
        await page.addInitScript(recordPaints);
        const scripts = trackScripts(page);
        const session = await context.newCDPSession(page);
        await session.send('Performance.enable');
        await page.goto(`${server.url}/login`);
        await page.getByRole('button', { name: /登\s*录/ }).waitFor();
        await page.waitForLoadState('networkidle');
        const entries = await largestContentfulPaint(page);
        elements.push(entries.map((entry) => `${entry.startTime.toFixed(0)} ms ${entry.element}`).join(' -> '));
        const cost = await mainThreadCost(session);
        const wireKb = await transferredKb(page);
        loginScripts = gzipKb(scripts);
        await context.close();
        return {
          'LCP ms': lastPaint(entries),
          'main-thread CPU ms': cost.cpuMs,
          'renderer process CPU ms': cost.processMs,
          'wall time in script ms': cost.scriptMs,
          'over the wire KB': wireKb,
        };
      },
    };
    const comparison = await timedRounds('/login (limit: LCP 1000 ms)', [bareSide, loginSide]);

    const context = await newContext(browser, { motion: 'no-preference' });
    const page = await context.newPage();
    const scripts = trackScripts(page);
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.getByText('快捷入口').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const shellScripts = gzipKb(scripts);
    await context.close();

    printTimed([comparison], { 'over the wire KB': 1 });
    console.log('\nlargest contentful paint entries of each /login load:');
    for (const [i, line] of elements.entries()) console.log(`  load ${i + 1}: ${line}`);
    console.log(`/login scripts: ${loginScripts.toFixed(1)} KB gzip, budget 250 KB`);
    console.log(`shell after sign-in (cumulative scripts): ${shellScripts.toFixed(1)} KB gzip, budget 500 KB`);
  } finally {
    await browser.close();
    bare.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
