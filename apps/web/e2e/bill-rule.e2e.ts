import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { adminPassword, answered, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';

/**
 * Issue 13 (browser): the code-rule dialog. The example follows the kind and every field as the
 * user types; the rule saved through the dialog numbers records through BillNumber exactly as
 * the example said.
 */

const run = serverAndBrowser();

async function openPage(page: Page) {
  await signInThroughPage(page, run.server.url, 'admin', adminPassword);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  await page.goto(`${run.server.url}/system/billRule`);
  await page
    .getByRole('button', { name: /新\s*建/ })
    .first()
    .waitFor({ timeout: 20_000 });
}

/** Picks an entry of the open antd select (its accessible listbox copy is hidden, so by the visible item). */
const choose = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label, { exact: true }).click();

describe('code rules', () => {
  test('the example follows the kind and the fields; the saved rule numbers as the example said; export and import', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await openPage(page);
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const box = page.getByRole('dialog', { name: '新建' });
    await box.waitFor();
    const example = box.locator('output[aria-label="流水范例"]');

    await box.getByLabel('业务名称').fill('采购单号');
    await box.getByLabel('业务编码').fill('purchase.no');
    await box.getByLabel('业务分类').click();
    await choose(page, '订单');
    await box.getByLabel('前缀').fill('CG');
    await box.getByLabel('日期格式').click();
    await choose(page, '不使用时间');
    await box.getByLabel('位数', { exact: true }).fill('5');
    await box.getByLabel('起始值').fill('42');
    await box.getByLabel('后缀').fill('-A');
    await expect.poll(() => example.textContent()).toBe('CG00042-A');

    // The kind decides the fields: random numbers have their own, and the example follows.
    await box.getByText('随机数编号').click();
    await expect.poll(async () => box.getByLabel('位数', { exact: true }).count()).toBe(0);
    await expect.poll(() => example.textContent()).toMatch(/^CG\d{16}-A$/);
    await box.getByText('UUID').click();
    await expect
      .poll(() => example.textContent())
      .toMatch(/^CG[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}-A$/);
    await box.getByText('时间格式', { exact: true }).first().click();
    await expect.poll(() => example.textContent()).toBe('CG00042-A');

    // An all-zero start number is refused on the form.
    await box.getByLabel('起始值').fill('000');
    await box.getByRole('button', { name: /确\s*定/ }).click();
    await box.getByText('起始值不能为0').waitFor();
    await box.getByLabel('起始值').fill('42');
    await screenshot(page, 'bill-rule-dialog');
    await box.getByRole('button', { name: /确\s*定/ }).click();
    await box.waitFor({ state: 'hidden', timeout: 15_000 });
    const row = page.getByRole('row', { name: /采购单号/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('订单');

    const numbered = await apiData<string>(
      run.server.url,
      await tokenOf(page),
      'GET',
      '/api/system/BillRule/BillNumber/purchase.no',
    );
    expect(numbered).toBe('CG00042-A');
    await page.reload();
    await page
      .getByRole('row', { name: /采购单号/ })
      .getByText('CG00042-A')
      .waitFor();
    await screenshot(page, 'bill-rule-list');

    // Exported to a .bb file and imported again with 追加, the copy gets a suffixed code.
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('row', { name: /采购单号/ })
      .getByText('导出')
      .click();
    const question = page.getByRole('dialog', { name: '提示' });
    await question.getByText('您确定要导出当前数据吗, 是否继续?').waitFor();
    await question.getByRole('button', { name: /确\s*定/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('采购单号.bb');
    const content = await readFile(await download.path());
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const importing = page.getByRole('dialog', { name: '导入' });
    await importing.getByRole('radio', { name: '追加' }).check();
    await importing
      .locator('input[type=file]')
      .setInputFiles({ name: '采购单号.bb', mimeType: 'application/octet-stream', buffer: content });
    expect(
      await answered(page, '/Actions/Import', () => importing.getByRole('button', { name: /确\s*定/ }).click()),
    ).toMatchObject({ code: 200, msg: '导入成功' });
    await page.getByRole('row', { name: /purchase\.no\.[a-z0-9]{5}/ }).waitFor();
    await context.close();
  });
});
