/**
 * The user picker as a person meets it, in headless Chromium against the real server with 10,000
 * users in 500 organisations (issue 17; run `npm run build` first). BENCH_ROUNDS rounds per engine
 * (default 5, lib.ts `timedRounds`), each on a freshly loaded preview page:
 * - open: from the click on the field to the organisation tree shown, the first opening (the
 *   picker's code evaluated) and the second (what a person meets every other time);
 * - scroll: a keyword matching every user, then the list scrolled to its end 49 times, each time
 *   waiting for the next page of 20 (the pane asks at 200 px from the bottom): the round's median
 *   time per page, and the page's JavaScript heap after a garbage collection at pages 1, 10, 25
 *   and 50, so a growing heap would show.
 * Each figure is the median and spread over the rounds, with the load average before.
 *
 *   node --import tsx bench/user-picker-browser.ts     (BENCH_ENGINES=pglite or postgres for one engine)
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import { launchBrowser, newContext, signInThroughPage } from '../apps/web/e2e/harness.ts';
import {
  machineLine,
  onEachEngine,
  printTimed,
  rounds,
  spread,
  startApp,
  type TimedComparison,
  timedRounds,
} from './lib.ts';
import { organizations, seedUsers, users } from './picker-seed.ts';

const adminPassword = 'Bench@123456';
const pages = 50;
const pageSize = 20;

const definition = {
  fields: [{ __vModel__: 'owner', __config__: { jnpfKey: 'userSelect', label: '负责人', span: 24 }, multiple: true }],
};

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
}

/** One round on a freshly loaded preview page of the signed-in browser `page`. */
async function round(page: Page, url: string): Promise<Record<string, number>> {
  await page.goto(`${url}/previewModel`);
  await page.getByRole('textbox', { name: /definition|定义/ }).fill(JSON.stringify(definition));
  await page.getByRole('button', { name: /^预\s*览$/ }).click();
  const field = page.getByTestId('preview-form').locator('[data-field="owner"] .ant-select').first();
  await field.waitFor();
  const dialog = page.getByRole('dialog', { name: '选择用户' });

  const openTimes: number[] = [];
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    await field.click();
    await dialog.locator('.ant-tree-treenode').nth(1).waitFor();
    openTimes.push(performance.now() - started);
    await dialog.getByRole('button', { name: /^取\s*消$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  await field.click();
  const box = dialog.getByPlaceholder('请输入关键词查询');
  await box.fill('user');
  await box.press('Enter');
  // The list renders only the rows in view; it says how many it holds.
  const holding = (count: number) => dialog.locator(`.user-picker-list[data-count="${count}"]`).waitFor();
  await holding(pageSize);
  const heap: Record<string, number> = { 'heap MB p1': await heapMb(page) };
  const pageTimes: number[] = [];
  for (let n = 2; n <= pages; n++) {
    const started = performance.now();
    await dialog.locator('.selector-dialog-pane-body:has(.user-picker-list)').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await holding(n * pageSize);
    pageTimes.push(performance.now() - started);
    if (n === 10 || n === 25 || n === pages) heap[`heap MB p${n}`] = await heapMb(page);
  }
  const rendered = await dialog.locator('.user-picker-item').count();
  return {
    'first open ms': openTimes[0] ?? 0,
    'open ms': openTimes[1] ?? 0,
    'next page ms': spread(pageTimes).median,
    ...heap,
    'rows rendered': rendered,
  };
}

async function measure(browser: Browser, engine: string, url: string): Promise<TimedComparison> {
  const page = await (await newContext(browser, { motion: 'no-preference' })).newPage();
  await signInThroughPage(page, url, 'admin', adminPassword);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  return timedRounds(`${engine}: ${pages * pageSize} rows held at the end`, [
    { name: 'picker', run: () => round(page, url) },
  ]);
}

console.log(
  `user-picker-browser bench: ${machineLine()}; ${users} users in ${organizations} organisations, ${rounds} rounds`,
);
const lines = await onEachEngine(async (engine, databaseUrl, dataDir) => {
  const config: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  await (await seedUsers(config, adminPassword)).destroy();
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  const browser = await launchBrowser();
  try {
    return [await measure(browser, engine, server.url)];
  } finally {
    await browser.close();
    await server.close();
  }
});
printTimed(lines, { 'heap MB p1': 1, 'heap MB p10': 1, 'heap MB p25': 1, 'heap MB p50': 1 });
