/**
 * The home page of a user whose default portal holds 12 cards (issue 23: largest contentful paint
 * under 1.5 s), in headless Chromium against the real server on loopback (run `npm run build`
 * first). Each run opens a new page of the signed-in browser, goes to /home and reads:
 * - LCP: the page's own largest-contentful-paint entry, from navigation start;
 * - cards: from navigation start to the 12 cards on screen with their charts drawn (a canvas is no
 *   LCP candidate, so this says when the charts are there too).
 * After one warm-up visit, BENCH_ROUNDS visits (default 5) through lib.ts `timedRounds` (no limit to
 * alternate with): median and spread over the visits, with the load average before them.
 *
 *   node --import tsx bench/portal-lcp.ts     (BENCH_ENGINES=pglite or postgres for one engine)
 */
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signInThroughPage } from '../apps/web/e2e/harness.ts';
import {
  machineLine,
  onEachEngine,
  printTimed,
  rounds,
  signIn,
  startApp,
  type TimedComparison,
  timedRounds,
} from './lib.ts';

const adminPassword = 'Bench@123456';

const series = [
  { name: '一月', type: 'A', value: 120 },
  { name: '二月', type: 'A', value: 200 },
  { name: '三月', type: 'A', value: 150 },
  { name: '一月', type: 'B', value: 90 },
  { name: '二月', type: 'B', value: 230 },
  { name: '三月', type: 'B', value: 180 },
];
const kinds = [
  'barChart',
  'lineChart',
  'pieChart',
  'radarChart',
  'notice',
  'todo',
  'dataBoard',
  'tableList',
  'rankList',
  'timeAxis',
  'text',
  'commonFunc',
] as const;
const charts = 4;

/** Twelve cards, two a row. */
const formData = JSON.stringify({
  layoutId: kinds.length,
  layout: kinds.map((kind, index) => ({
    i: `card${index + 1}`,
    x: (index % 2) * 6,
    y: Math.floor(index / 2) * 24,
    w: 6,
    h: 24,
    jnpfKey: kind,
    title: `卡片${index + 1}`,
    option: {
      defaultValue:
        kind === 'text'
          ? '欢迎使用'.repeat(20)
          : kind === 'timeAxis'
            ? [{ name: '上线', value: '2026-03-01' }]
            : series,
    },
    dataType: 'static',
    propsApi: '',
  })),
  refresh: { autoRefresh: false, autoRefreshTime: 0 },
});

async function call(url: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers:
      body === undefined ? { authorization: token } : { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data?: unknown };
  if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.msg}`);
  return answer.data;
}

async function once(page: Page, url: string) {
  await page.goto(`${url}/home`);
  await page
    .getByRole('region')
    .nth(kinds.length - 1)
    .waitFor({ timeout: 30_000 });
  await page
    .locator('.portal-chart canvas')
    .nth(charts - 1)
    .waitFor({ timeout: 30_000 });
  return page.evaluate(
    () =>
      new Promise<{ lcp: number; cards: number }>((resolve) => {
        const cards = performance.now();
        // This file is typed with Node's PerformanceObserver, which lacks the browser's entry types.
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ lcp: entries[entries.length - 1]?.startTime ?? 0, cards });
        }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
      }),
  );
}

console.log(`portal-lcp bench: ${machineLine()}; ${kinds.length} cards (${charts} charts), ${rounds} visits`);
const lines = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<TimedComparison[]> => {
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  const browser = await launchBrowser();
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const id = (await call(server.url, token, 'POST', '/api/visualdev/Portal', {
      fullName: '十二卡片',
      enCode: 'bench.twelve',
      category: '1',
      formData,
    })) as string;
    await call(server.url, token, 'PUT', `/api/visualdev/Portal/${id}/Actions/SetDefault`);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
    // One visit warms the browser's cache of the portal's chunks, as a returning user's browser has them.
    await once(page, server.url);
    const visit = async () => {
      const { lcp, cards } = await once(page, server.url);
      return { 'LCP ms (goal < 1500)': lcp, '12 cards and charts drawn ms': cards };
    };
    return [await timedRounds(`${engine}: /home, 12 cards`, [{ name: 'visit', run: visit }])];
  } finally {
    await browser.close();
    await server.close();
  }
});
printTimed(lines);
