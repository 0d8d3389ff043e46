import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { adminPassword, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';

/**
 * Issue 13 (browser): the areas page. Opened from the menu it shows the provinces; expanding one
 * loads its cities; an area added at the top and one added below it appear where they belong,
 * an edit shows at once, and an area is deleted only once nothing lies below it.
 */

const run = serverAndBrowser();

/** A name in the tree table (the dialogs may show it too). */
const cell = (page: Page, name: string) => page.locator('.ant-table').getByText(name, { exact: true });
const see = (page: Page, name: string) => cell(page, name).first().waitFor();
const row = (page: Page, name: string) =>
  page
    .locator('.ant-table')
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
const expand = (page: Page, name: string) => row(page, name).getByRole('button', { name: /展开/ }).click();

async function save(page: Page, title: string, fields: { fullName?: string; enCode?: string }) {
  const box = page.getByRole('dialog', { name: title });
  await box.waitFor();
  if (fields.fullName !== undefined) await box.getByLabel('区域名称').fill(fields.fullName);
  if (fields.enCode !== undefined) await box.getByLabel('区域编码').fill(fields.enCode);
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await box.waitFor({ state: 'hidden', timeout: 15_000 });
}

describe('areas', () => {
  test('from the menu: provinces, a province expanded to its cities, an area added, one added below it, an edit, deletes', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 20_000 });
    await page.getByRole('menuitem', { name: '系统管理' }).click();
    await page.getByRole('menuitem', { name: '行政区划' }).click();
    await page.waitForURL(/\/system\/area$/);
    await see(page, '北京市');
    await see(page, '新疆维吾尔自治区');

    await expand(page, '河北省');
    await see(page, '石家庄市');
    await see(page, '唐山市');
    await expand(page, '石家庄市');
    await see(page, '长安区');
    await screenshot(page, 'area-tree');

    // The toolbar's 新建 adds at the top level; the digits-only code is checked on the form.
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const box = page.getByRole('dialog', { name: '新建区域' });
    await box.getByLabel('区域名称').fill('测试特区');
    await box.getByLabel('区域编码').fill('99AB');
    await box.getByRole('button', { name: /确\s*定/ }).click();
    await box.getByText('区域编码只能输入数字，最多12位').waitFor();
    await save(page, '新建区域', { enCode: '990000' });
    await see(page, '测试特区');

    // 新建下级 puts the new area below the row it was asked on.
    await row(page, '测试特区').getByRole('button', { name: '新建下级' }).click();
    await page.getByRole('dialog', { name: '新建区域' }).getByText('测试特区').waitFor();
    await save(page, '新建区域', { fullName: '测试市', enCode: '990100' });
    await expand(page, '测试特区');
    await see(page, '测试市');

    // An edit loads the area, with its parent named, and the tree shows the change.
    await row(page, '测试市')
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const edit = page.getByRole('dialog', { name: '编辑区域' });
    await expect.poll(() => edit.getByLabel('区域名称').inputValue()).toBe('测试市');
    await edit.getByText('测试特区').waitFor();
    await screenshot(page, 'area-edit');
    await save(page, '编辑区域', { fullName: '测试市改' });
    await see(page, '测试市改');

    const token = await tokenOf(page);
    const found = await apiData<{ list: { fullName: string; enCode: string }[] }>(
      run.server.url,
      token,
      'GET',
      '/api/system/Area/-1?keyword=9901',
    );
    expect(found.list).toMatchObject([{ fullName: '测试市改', enCode: '990100' }]);
    await screenshot(page, 'area-after-edit');

    // An area with areas below it is not deleted; once they are gone, it is.
    const remove = async (name: string) => {
      await row(page, name)
        .getByRole('button', { name: /删\s*除/ })
        .click();
      const question = page.getByRole('dialog').filter({ hasText: '此操作将永久删除该数据' });
      await question.getByRole('button', { name: /确\s*定/ }).click();
      await question.waitFor({ state: 'hidden' });
    };
    await remove('测试特区');
    await page.getByText('该区域存在下级区域，请先删除下级区域').waitFor();
    await see(page, '测试市改');
    await remove('测试市改');
    await cell(page, '测试市改').waitFor({ state: 'detached' });
    await remove('测试特区');
    await cell(page, '测试特区').waitFor({ state: 'detached' });
    await see(page, '北京市');
    await context.close();
  });
});
