/**
 * The home page of a user whose default portal holds 12 cards (issue 23: largest contentful paint
 * under 1.5 s), in headless Chromium against the real server on loopback (run `npm run build`
 * first). Each run opens a new page of the signed-in browser, goes to /home and reads:
 * - LCP: the page's own largest-contentful-paint entry, from navigation start;
 * - cards: from navigation start to the 12 cards on screen with their charts drawn (a canvas is no
 *   LCP candidate, so this says when the charts are there too).
 * BENCH_LCP_RUNS runs (default 3): median and spread, with the load average before them.
 *
 *   node --import tsx bench/portal-lcp.ts     (BENCH_ENGINES=pglite or postgres for one engine)
 */
import os from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signInThroughPage } from '../apps/web/e2e/harness.ts';
import { machineLine, onEachEngine, signIn, spread, startApp } from './lib.ts';

const adminPassword = 'Bench@123456';
const runs = Math.max(1, Number(process.env.BENCH_LCP_RUNS ?? 3));

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

console.log(`portal-lcp bench: ${machineLine()}; ${kinds.length} cards (${charts} charts), ${runs} runs`);
const lines = await onEachEngine(async (engine, databaseUrl, dataDir) => {
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
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    const results: { lcp: number; cards: number }[] = [];
    for (let run = 0; run < runs; run++) results.push(await once(page, server.url));
    const f = (values: number[]) => {
      const s = spread(values);
      return `${s.median.toFixed(0)} (${s.min.toFixed(0)}-${s.max.toFixed(0)})`;
    };
    const line = `| ${engine} | ${load} | ${f(results.map((r) => r.lcp))} | ${f(results.map((r) => r.cards))} |`;
    console.log(line);
    return [line];
  } finally {
    await browser.close();
    await server.close();
  }
});
console.log(
  '\n| engine | load avg before | LCP ms median (min-max) | 12 cards and charts drawn ms median (min-max) |\n|---|---|---|---|',
);
for (const line of lines) console.log(line);
