import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { adminPassword, answered, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';

/**
 * Issue 14 (browser): a SQL data interface made in the editor with one parameter, then previewed:
 * the parameter's value is bound and the rows it selects show in the result table.
 */

const run = serverAndBrowser();

async function openPage(page: Page) {
  await signInThroughPage(page, run.server.url, 'admin', adminPassword);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  await page.goto(`${run.server.url}/systemData/dataInterface`);
  await page
    .getByRole('button', { name: /新\s*建/ })
    .first()
    .waitFor({ timeout: 20_000 });
}

describe('data interfaces', () => {
  test('create a SQL interface with a parameter, preview it, see the rows', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await openPage(page);
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const box = page.getByRole('dialog', { name: '新建' });
    await box.waitFor();
    await box.getByLabel('接口名称').fill('字典分类查询');
    await box.getByLabel('接口编码').fill('e2e.dictionaryTypes');
    await box.getByLabel('分类', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText('系统接口', { exact: true })
      .click();
    await box
      .getByLabel('SQL语句')
      .fill("select en_code, full_name from dictionary_type where en_code like {code} || '%' order by en_code");
    await box.getByRole('button', { name: '添加参数' }).click();
    await box.getByLabel('参数名').fill('code');
    await box.getByLabel('参数说明').fill('编码开头');
    await screenshot(page, 'data-interface-editor');
    const saved = await answered(page, '/api/system/DataInterface', () =>
      box.getByRole('button', { name: /确\s*定/ }).click(),
    );
    expect(saved).toMatchObject({ code: 200 });
    await box.waitFor({ state: 'hidden', timeout: 15_000 });

    const row = page.getByRole('row', { name: /字典分类查询/ });
    await row.waitFor();
    await row.getByText('预览', { exact: true }).click();
    const preview = page.getByRole('dialog', { name: /预览/ });
    await preview.waitFor();
    await preview.getByLabel('编码开头').fill('Data');
    const answer = await answered(page, '/Actions/Preview', () =>
      preview.getByRole('button', { name: /执\s*行/ }).click(),
    );
    expect(answer).toMatchObject({ code: 200 });
    await preview.getByRole('cell', { name: 'DataInterfaceType', exact: true }).waitFor();
    await preview.getByRole('cell', { name: '数据接口分类', exact: true }).waitFor();
    await screenshot(page, 'data-interface-preview');
    // The parameter is bound, not pasted: a quote in it matches nothing instead of breaking the statement.
    await preview.getByLabel('编码开头').fill("' or 1=1 --");
    const quoted = await answered(page, '/Actions/Preview', () =>
      preview.getByRole('button', { name: /执\s*行/ }).click(),
    );
    expect(quoted).toMatchObject({ code: 200, data: [] });
    await preview.getByText('共 0 行').waitFor();
    await context.close();
  });
});
