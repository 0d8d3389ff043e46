import type { Locator, Page } from 'playwright-core';
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

/** The colour a piece of text is drawn in. */
const colourOf = (locator: Locator) => locator.evaluate((node) => getComputedStyle(node).color);

/** 新建 opened, named and filed under 系统接口: the dialog. */
async function newInterface(page: Page, fullName: string, enCode: string) {
  await page
    .getByRole('button', { name: /新\s*建/ })
    .first()
    .click();
  const box = page.getByRole('dialog', { name: '新建' });
  await box.waitFor();
  await box.getByLabel('接口名称').fill(fullName);
  await box.getByLabel('接口编码').fill(enCode);
  await box.getByLabel('分类', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText('系统接口', { exact: true })
    .click();
  return box;
}

describe('data interfaces', () => {
  test('create a SQL interface with a parameter, preview it, see the rows', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await openPage(page);
    const box = await newInterface(page, '字典分类查询', 'e2e.dictionaryTypes');
    // The SQL is typed into the code editor as a person types it, and shows highlighted.
    const editor = box.getByRole('textbox', { name: 'SQL语句' });
    await editor.click();
    await page.keyboard.type(
      "select en_code, full_name from dictionary_type where en_code like {code} || '%' order by en_code",
    );
    expect(await editor.textContent()).toBe(
      "select en_code, full_name from dictionary_type where en_code like {code} || '%' order by en_code",
    );
    // A keyword is drawn in its own colour; plain names are in the editor's text colour.
    const keyword = editor.getByText('select', { exact: true });
    expect(await colourOf(keyword)).not.toBe(await colourOf(editor));
    // Tab leaves the editor instead of indenting (a keyboard user is never trapped in it).
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((node) => node.contains(document.activeElement))).toBe(false);
    expect(await editor.textContent()).not.toContain('\t');
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

  test('static JSON is highlighted; one that does not parse is refused with its place, a valid one is saved', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await openPage(page);
    const box = await newInterface(page, '性别选项', 'e2e.genders');
    await box.getByText('静态数据', { exact: true }).click();
    const editor = box.getByRole('textbox', { name: '静态数据' });
    await editor.click();
    // Enter indents the next line by itself, as in any code editor; the trailing comma is the mistake.
    await page.keyboard.type(
      '[\n{"id": "1", "fullName": "男", "default": true},\n{"id": "2", "fullName": "女", "sort": 2},\n]',
    );
    const saving = box.getByRole('button', { name: /确\s*定/ });
    await saving.click();
    await box.getByText('JSON 格式有误：第 4 行第 1 列').waitFor();
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    expect(await colourOf(editor.getByText('"男"', { exact: true }))).not.toBe(
      await colourOf(editor.getByText('true', { exact: true })),
    );
    await screenshot(page, 'data-interface-static-json');
    // The comma goes: back in the editor, the end of line 3, Backspace; the text parses.
    await editor.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    const saved = await answered(page, '/api/system/DataInterface', () => saving.click());
    expect(saved).toMatchObject({ code: 200 });
    await page.getByRole('row', { name: /性别选项/ }).waitFor();
    await context.close();
  });
});
