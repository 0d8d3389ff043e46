/**
 * Printing (issue 20): a batch of 100 generated-form records printed as a person does it, in
 * headless Chromium against the real server (run `npm run build` first): the form's list at 100
 * rows a page, every row selected, 批量打印, then in the print preview the Word download (下 载)
 * and the PDF download (下载PDF). Each record has a head, ten sub-table rows, a barcode and a QR
 * code. Two sides alternate, round after round (lib.ts `timedRounds`: .docx, PDF, .docx, PDF ...,
 * BENCH_ROUNDS each, default 5): each opens the batch (seconds until its 100 pages are shown) and
 * downloads it, as Word or as PDF (seconds from the click to the file saved, and its bytes). It
 * prints the median and spread over the rounds of each figure, the per-round ratio PDF ÷ .docx,
 * and the load average before the first round.
 *
 *   node --import tsx bench/print-batch.ts            (PGlite; the engine hardly matters here)
 *   BENCH_RECORDS=3 BENCH_ROUNDS=1 node --import tsx bench/print-batch.ts    (a quick check that it runs)
 *
 * BENCH_SAVE=<dir> keeps the last run's .docx and .pdf there, to look at.
 */
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signInThroughPage } from '../apps/web/e2e/harness.ts';
import { apiCaller, machineLine, printTimed, signIn, startApp, type TimedSide, timedRounds } from './lib.ts';

const adminPassword = 'Bench@123456';
const records = Number(process.env.BENCH_RECORDS ?? 100);

const field = (jnpfKey: string, name: string, label: string) => ({ __vModel__: name, __config__: { jnpfKey, label } });
const formData = JSON.stringify({
  fields: [
    field('input', 'code', '单号'),
    field('input', 'customer', '客户'),
    field('input', 'address', '地址'),
    field('input', 'note', '备注'),
    {
      __vModel__: 'items',
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [
          field('input', 'item', '物品'),
          field('input', 'spec', '规格'),
          field('inputNumber', 'count', '数量'),
          field('inputNumber', 'price', '单价'),
        ],
      },
    },
  ],
});
const template =
  '<h3>送货单 {code}</h3><p><strong>客户：</strong>{customer}</p><p>地址：{address}</p>' +
  '<table><thead><tr><th>物品</th><th>规格</th><th>数量</th><th>单价</th></tr></thead>' +
  '<tbody><tr><td>{items.item}</td><td>{items.spec}</td><td>{items.count}</td><td>{items.price}</td></tr></tbody></table>' +
  '<p>备注：{note}</p><p>{@barcode:code}</p><p>{@qrcode:code}</p><p>{@approval}</p>';

/** A released form with 100 records, a template and a menu page offering batch print. */
async function seed(url: string): Promise<void> {
  const call = apiCaller(url, await signIn(url, 'admin', adminPassword));
  const draft = { fullName: '送货单', enCode: 'bench.delivery', webType: 2, formData };
  const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
    ...draft,
    columnData: JSON.stringify({ columnList: [{ prop: 'code', label: '单号' }] }),
  });
  // A template prints a released form; the list then offers it, released again.
  await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
  const printTemplate = await call<{ id: string }>('POST', '/api/system/printDev', {
    fullName: '送货单打印',
    enCode: 'bench.delivery.print',
    category: '2',
    formId: form.id,
    printTemplate: template,
    pageParam: JSON.stringify({ type: 'A4', direction: 1, mt: 10, mb: 10, ml: 10, mr: 10 }),
  });
  await call('PUT', `/api/visualdev/Base/${form.id}`, {
    ...draft,
    columnData: JSON.stringify({
      columnList: [{ prop: 'code', label: '单号' }],
      btnsList: [{ value: 'batchPrint', label: '批量打印' }],
      printIds: [printTemplate.id],
    }),
  });
  await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
  for (let i = 1; i <= records; i++) {
    const data = {
      code: `SH${String(i).padStart(6, '0')}`,
      customer: `客户${i}`,
      address: `某省某市某区某路${i}号`,
      note: '请当面点清。',
      items: Array.from({ length: 10 }, (_, j) => ({ item: `物品${j + 1}`, spec: '标准', count: j + 1, price: 9.5 })),
    };
    await call('POST', `/api/visualdev/OnlineDev/${form.id}`, { data: JSON.stringify(data) });
  }
  const systems = await call<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/System');
  await call('POST', '/api/system/Menu', {
    systemId: systems.list.find((s) => s.enCode === 'main')?.id,
    parentId: '-1',
    fullName: '送货管理',
    enCode: 'bench.delivery',
    type: 3,
    urlAddress: 'bench/delivery',
    propertyJson: JSON.stringify({ moduleId: form.id }),
  });
}

/** Clicks `button` and waits for the file it downloads: seconds and bytes. */
async function timedDownload(page: Page, button: ReturnType<Page['getByRole']>) {
  const started = performance.now();
  const downloading = page.waitForEvent('download', { timeout: 600_000 });
  await button.click();
  const file = await (await downloading).path();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, bytes: (await stat(file)).size, file };
}

/** Opens the batch's preview, downloads it as `kind` and closes the preview: seconds and bytes. */
async function printed(page: Page, kind: 'docx' | 'pdf') {
  const preview = page.getByRole('dialog', { name: '打印预览' });
  const started = performance.now();
  await page.getByRole('button', { name: '批量打印' }).click();
  await preview.locator(`.print-sheet:nth-child(${records}) img.print-qrcode`).waitFor({ timeout: 600_000 });
  const shown = (performance.now() - started) / 1000;
  const file = await timedDownload(
    page,
    kind === 'docx'
      ? preview.getByRole('button', { name: /^下\s*载$/ })
      : preview.getByRole('button', { name: '下载PDF' }),
  );
  if (kind === 'pdf') {
    // A PDF of one page per record, or the figure is of something else.
    const pages = (await PDFDocument.load(await readFile(file.file))).getPageCount();
    if (pages !== records) throw new Error(`the PDF has ${pages} pages, not ${records}`);
  }
  if (process.env.BENCH_SAVE) await copyFile(file.file, path.join(process.env.BENCH_SAVE, `print-batch.${kind}`));
  await preview.getByRole('button', { name: /^取\s*消$/ }).click();
  await preview.waitFor({ state: 'hidden' });
  return { 'preview s': shown, 'download s': file.seconds, bytes: file.bytes };
}

console.log(
  `print-batch bench: ${machineLine()}; ${records} records of 10 sub-table rows, a barcode and a QR code each`,
);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-print-'));
const server = await startApp(null, dataDir, { ADMIN_PASSWORD: adminPassword });
const browser = await launchBrowser();
try {
  await seed(server.url);
  const page = await (await newContext(browser)).newPage();
  await signInThroughPage(page, server.url, 'admin', adminPassword);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.goto(`${server.url}/bench/delivery`);
  await page.locator('.list-pager .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(/^100/).click();
  await page.getByRole('row', { name: new RegExp(`SH${String(records).padStart(6, '0')}`) }).waitFor();
  // The list has no select-all box: each row is ticked.
  for (const box of await page.getByRole('row').getByRole('checkbox').all()) await box.check();

  const side = (name: string, kind: 'docx' | 'pdf'): TimedSide => ({ name, run: () => printed(page, kind) });
  const comparison = await timedRounds(`${records} records printed`, [side('.docx', 'docx'), side('PDF', 'pdf')]);
  printTimed([comparison], { 'preview s': 2, 'download s': 2 });
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
