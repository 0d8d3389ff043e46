import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seriousViolationsOn } from './axe.ts';
import {
  adminPassword,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  settled,
  signInThroughPage,
  startServer,
} from './harness.ts';

/**
 * The generic import wizard (admin.md 2.5) where people meet it first, the user page: a real .xlsx
 * goes through the three steps, a bad cell is mended in the preview with the keyboard, a row that
 * still fails comes back with its reason, and the failed rows download as a sheet.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let dir: string;
const progressFrames: { done: number; total: number }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'platform-import-'));
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { method?: string; done: number; total: number };
      if (frame.method === 'importProgress') progressFrames.push({ done: frame.done, total: frame.total });
    });
  });
  await signInThroughPage(page, server.url, 'admin', adminPassword);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function sheetRows(download: Download) {
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

const wizard = (): Locator => page.getByRole('dialog').filter({ hasText: '批量导入' });

describe('import wizard', () => {
  test('upload a real .xlsx, mend a cell, import, see what failed and download it', async () => {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('users');
    ws.addRow(['账户', '姓名', '性别', '组织编码', '岗位编码', '角色编码', '手机', '邮箱', '排序', '说明']);
    ws.addRow(['e2eimp1', '导入一', '男', 'root', '', '', '', '', 1, '']);
    ws.addRow(['e2eimp2', '导入二', '女', 'root', '', '', '', '', 2, '']);
    ws.addRow(['e2eimp3', '导入三', '男', 'nowhere', '', '', '', '', 3, '']);
    ws.addRow(['e2eimp4', '导入四', '男', 'root', '', '', '123', '', 4, '']);
    const upload = path.join(dir, '新员工.xlsx');
    writeFileSync(upload, Buffer.from(await workbook.xlsx.writeBuffer()));

    await page.goto(`${server.url}/permission/user`);
    await page.getByRole('button', { name: /^导\s*入$/ }).click();
    await wizard().waitFor();
    await settled(page);
    expect(
      await wizard()
        .boundingBox()
        .then((b) => Math.round(b?.width ?? 0)),
    ).toBe(1000);

    // Step 1: 下一步 without a file says so; the template downloads as a sheet with the columns.
    await wizard()
      .getByRole('button', { name: /下一步/ })
      .click();
    await expect.poll(() => page.getByText('请先上传文件').count()).toBeGreaterThan(0);
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      wizard()
        .getByRole('button', { name: /下载模板/ })
        .click(),
    ]);
    expect((await sheetRows(template))[0]?.slice(0, 4)).toEqual(['账户', '姓名', '性别', '组织编码']);
    await wizard().locator('input[type=file]').setInputFiles(upload);
    await wizard().getByText('新员工.xlsx').waitFor();
    await settled(page);
    await screenshot(page, 'import-wizard-upload');
    expect(await seriousViolationsOn(page, 'import wizard: upload')).toEqual([]);
    await wizard()
      .getByRole('button', { name: /下一步/ })
      .click();

    // Step 2: the rows, each problem under its cell; the bad organisation is mended by keyboard.
    await wizard().getByText('共 4 条数据，其中 2 条有问题，可直接修改或删除').waitFor();
    await wizard().getByText('组织编码不存在：nowhere').waitFor();
    await wizard().getByText('手机格式不正确').waitFor();
    await screenshot(page, 'import-wizard-preview');
    expect(await seriousViolationsOn(page, 'import wizard: preview')).toEqual([]);
    const organize = wizard().getByLabel('第3行 组织编码');
    await organize.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('root');
    expect(await wizard().getByText('组织编码不存在：nowhere').count()).toBe(0);
    await wizard().getByText('共 4 条数据，其中 1 条有问题，可直接修改或删除').waitFor();
    // Only the rows with problems, then all again.
    await wizard().getByLabel('只看有问题的数据').click();
    await expect
      .poll(() =>
        wizard()
          .getByLabel(/^第\d+行 账户$/)
          .count(),
      )
      .toBe(1);
    await wizard().getByLabel('只看有问题的数据').click();
    await wizard()
      .getByRole('button', { name: /开始导入/ })
      .focus();
    await page.keyboard.press('Enter');

    // Step 3: the counts, the failed row with its reason, its export as a sheet.
    await wizard().getByText('部分数据导入失败').waitFor({ timeout: 20_000 });
    await wizard().getByText('成功导入 3 条，失败 1 条').waitFor();
    await wizard().getByRole('cell', { name: '手机格式不正确' }).waitFor();
    await screenshot(page, 'import-wizard-result');
    expect(await seriousViolationsOn(page, 'import wizard: result')).toEqual([]);
    const [failures] = await Promise.all([
      page.waitForEvent('download'),
      wizard()
        .getByRole('button', { name: /导出失败数据/ })
        .click(),
    ]);
    const failedRows = await sheetRows(failures);
    expect(failedRows[0]?.at(-1)).toBe('异常原因');
    expect(failedRows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([['e2eimp4', '手机格式不正确']]);
    await expect.poll(() => progressFrames.at(-1)).toEqual({ done: 4, total: 4 });

    // 关闭 refreshes the list: the imported people are there.
    await wizard()
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await wizard().waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /e2eimp3/ }).waitFor();
    expect(await page.getByRole('row', { name: /e2eimp4/ }).count()).toBe(0);
  });
});
