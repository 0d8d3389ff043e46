/**
 * The user picker as a person meets it, in headless Chromium against the real server with 10,000
 * users in 500 organisations (issue 17; run `npm run build` first):
 * - open: from the click on the field to the organisation tree shown (median of BENCH_OPENS
 *   openings, default 7, with the spread);
 * - scroll: a keyword matching every user, then the list scrolled to its end 50 times, each time
 *   waiting for the next page of 20 (the pane asks at 200 px from the bottom): the time per page,
 *   and the page's JavaScript heap after a garbage collection at pages 1, 10, 25 and 50, so a
 *   growing heap would show.
 *
 *   node --import tsx bench/user-picker-browser.ts     (BENCH_ENGINES=pglite or postgres for one engine)
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import { launchBrowser, newContext, signInThroughPage } from '../apps/web/e2e/harness.ts';
import { machineLine, onEachEngine, spread, startApp } from './lib.ts';
import { organizations, seedUsers, users } from './picker-seed.ts';

const adminPassword = 'Bench@123456';
const opens = Number(process.env.BENCH_OPENS ?? 7);
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

async function measure(url: string) {
  const browser = await launchBrowser();
  try {
    const page = await (await newContext(browser, { motion: 'no-preference' })).newPage();
    await signInThroughPage(page, url, 'admin', adminPassword);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.goto(`${url}/previewModel`);
    await page.getByRole('textbox', { name: /definition|定义/ }).fill(JSON.stringify(definition));
    await page.getByRole('button', { name: /^预\s*览$/ }).click();
    const field = page.getByTestId('preview-form').locator('[data-field="owner"] .ant-select').first();
    await field.waitFor();
    const dialog = page.getByRole('dialog', { name: '选择用户' });

    const openTimes: number[] = [];
    for (let i = 0; i < opens; i++) {
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
    const rows = dialog.locator('.user-picker-item');
    // The list renders only the rows in view; it says how many it holds.
    const holding = (count: number) => dialog.locator(`.user-picker-list[data-count="${count}"]`).waitFor();
    await holding(pageSize);
    const heap: { page: number; mb: number }[] = [{ page: 1, mb: await heapMb(page) }];
    const pageTimes: number[] = [];
    for (let n = 2; n <= pages; n++) {
      const started = performance.now();
      await dialog.locator('.selector-dialog-pane-body:has(.user-picker-list)').evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });
      await holding(n * pageSize);
      pageTimes.push(performance.now() - started);
      if (n === 10 || n === 25 || n === pages) heap.push({ page: n, mb: await heapMb(page) });
    }
    return { open: spread(openTimes), page: spread(pageTimes), heap, rendered: await rows.count() };
  } finally {
    await browser.close();
  }
}

console.log(`user-picker-browser bench: ${machineLine()}; ${users} users in ${organizations} organisations`);
const lines = await onEachEngine(async (engine, databaseUrl, dataDir) => {
  const config: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  await (await seedUsers(config, adminPassword)).destroy();
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  try {
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    const m = await measure(server.url);
    const f = (s: { median: number; min: number; max: number }) =>
      `${s.median.toFixed(0)} (${s.min.toFixed(0)}-${s.max.toFixed(0)})`;
    const line = `| ${engine} | ${load} | ${f(m.open)} | ${f(m.page)} | ${m.heap.map((h) => `${h.page}: ${h.mb.toFixed(1)}`).join(', ')} | ${pages * pageSize} (${m.rendered} rendered) |`;
    console.log(line);
    return [line];
  } finally {
    await server.close();
  }
});
console.log(
  '\n| engine | load avg before | open ms median (min-max) | next page ms median (min-max) | JS heap MB after GC at page | rows held |\n|---|---|---|---|---|---|',
);
for (const line of lines) console.log(line);
