// node --import tsx bench/login-page.ts: what a browser pays to open /login, on loopback, against
// the real server with the built web app (run `npm run build` first). Five loads in fresh browser
// profiles (BENCH_LOADS): largest contentful paint, bytes over the wire, and the scripts' gzip
// size against issue 4's budgets (/login 250 KB, the shell after sign-in 500 KB).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { startServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { launchBrowser, newContext, signInThroughPage } from '../apps/web/e2e/harness.ts';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const loads = Number(process.env.BENCH_LOADS ?? 5);
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
/** The last largest-contentful-paint entry, in ms since navigation start. */
const largestContentfulPaint = (page: Page) =>
  page.evaluate<number>(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries.length ? entries[entries.length - 1].startTime : Number.NaN);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  })`);

/** Kilobytes the page moved over the wire (document and every resource, compressed as sent). */
const transferredKb = (page: Page) =>
  page.evaluate<number>(`performance.getEntriesByType('navigation')
    .concat(performance.getEntriesByType('resource'))
    .reduce((sum, entry) => sum + entry.transferSize, 0) / 1024`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main() {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  console.log(`load average before: ${one} ${five} ${fifteen}; ${os.cpus().length} cores; ${loads} loads`);
  const server = await startServerProcess({ ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    const lcp: number[] = [];
    const wire: number[] = [];
    let loginScripts = 0;
    for (let i = 0; i < loads; i++) {
      const context = await newContext(browser);
      const page = await context.newPage();
      const scripts = trackScripts(page);
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: /登\s*录/ }).waitFor();
      await page.waitForLoadState('networkidle');
      lcp.push(await largestContentfulPaint(page));
      wire.push(await transferredKb(page));
      loginScripts = gzipKb(scripts);
      await context.close();
    }
    const context = await newContext(browser);
    const page = await context.newPage();
    const scripts = trackScripts(page);
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.getByText('快捷入口').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const shellScripts = gzipKb(scripts);
    await context.close();

    const fmt = (values: number[], digits = 0) => values.map((v) => v.toFixed(digits)).join(', ');
    console.log(`/login largest contentful paint: median ${median(lcp).toFixed(0)} ms (${fmt(lcp)}), limit 1000 ms`);
    console.log(`/login over the wire: median ${median(wire).toFixed(1)} KB (${fmt(wire, 1)})`);
    console.log(`/login scripts: ${loginScripts.toFixed(1)} KB gzip, budget 250 KB`);
    console.log(`shell after sign-in (cumulative scripts): ${shellScripts.toFixed(1)} KB gzip, budget 500 KB`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
