import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { adminPassword, answered, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';

/**
 * Issue 13 (browser): the data dictionary. An administrator opens it from the menu, makes a tree
 * category in the classification drawer, adds a parent and a child entry, sees the tree table,
 * switches an entry off after the confirmation, and exports the category and imports it again
 * appending duplicates, finding the copied entries under the suffixed copy of the category.
 */

const run = serverAndBrowser();

const ok = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByRole('button', { name: /确\s*定/ });
const _toast = (page: Page, text: string) => page.getByText(text).first().waitFor({ timeout: 15_000 });

async function openCategoryDrawer(page: Page) {
  await page.getByRole('button', { name: '更多操作' }).click();
  await page.getByRole('menuitem', { name: '分类管理' }).click();
  const drawer = page.getByRole('dialog', { name: '字典分类管理' });
  await drawer.waitFor();
  return drawer;
}

describe('data dictionary', () => {
  test('categories, a tree of entries, the state switch, export and import (append)', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });

    // From the menu, as a person would.
    await page.getByRole('menuitem', { name: /数据应用/ }).click();
    await page.getByRole('menuitem', { name: /数据字典/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/systemData/dictionary'));
    await page.getByText('字典分类').first().waitFor();

    // A tree category, made in the classification drawer.
    let drawer = await openCategoryDrawer(page);
    await drawer.getByRole('button', { name: /新\s*建/ }).click();
    let box = page.getByRole('dialog', { name: '新建' });
    await box.waitFor();
    await ok(box).click();
    await box.getByText('请输入名称').waitFor();
    await box.getByLabel('名称').fill('地区');
    await box.getByLabel('编码').fill('e2eRegion');
    await box.getByLabel('树形').click();
    expect(await answered(page, '/api/system/DictionaryType', () => ok(box).click())).toMatchObject({
      code: 200,
      msg: '新建成功',
    });
    await box.waitFor({ state: 'hidden' });
    const categoryRow = drawer.getByRole('row', { name: /地区/ });
    await categoryRow.waitFor();
    expect(await categoryRow.textContent()).toContain('是');
    await screenshot(page, 'dictionary-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Its entries: a parent, then a child under it.
    await page.locator('.ant-tree').getByText('地区', { exact: true }).click();
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    box = page.getByRole('dialog', { name: '新建' });
    await box.getByLabel('字典名称').fill('华东');
    await box.getByLabel('字典编码').fill('east');
    await ok(box).click();
    await box.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /华东/ }).waitFor();

    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    box = page.getByRole('dialog', { name: '新建' });
    await box.getByLabel('字典名称').fill('上海');
    await box.getByLabel('字典编码').fill('shanghai');
    await box.getByLabel('上级').click();
    await page.locator('.ant-select-tree').getByText('华东', { exact: true }).click();
    await ok(box).click();
    await box.waitFor({ state: 'hidden' });

    // The tree table: the child under its parent; every row has children, so the toggle shows.
    const child = page.getByRole('row', { name: /上海/ });
    await child.waitFor();
    await page.getByRole('button', { name: '折叠', exact: true }).click();
    await child.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '展开', exact: true }).click();
    await child.waitFor();

    // The state switch asks first, then the server's message shows.
    await child.getByRole('switch').click();
    await page.getByText('您确定要禁用当前数据吗, 是否继续?').waitFor();
    expect(
      await answered(page, '/Actions/State', () => ok(page.getByRole('dialog', { name: '提示' })).click()),
    ).toMatchObject({ code: 200, msg: '禁用成功' });
    await expect.poll(() => child.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'dictionary-page');

    // Export the category, then import the file again appending duplicates.
    drawer = await openCategoryDrawer(page);
    const downloading = page.waitForEvent('download');
    await drawer.getByRole('row', { name: /地区/ }).getByText('导出').click();
    await page.getByText('您确定要导出当前数据吗, 是否继续?').waitFor();
    await ok(page.getByRole('dialog', { name: '提示' })).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('地区.bdd');
    const content = await readFile(await download.path());

    await drawer.getByRole('button', { name: /导\s*入/ }).click();
    box = page.getByRole('dialog', { name: '导入' });
    await box.waitFor();
    await box.getByRole('radio', { name: '追加' }).check();
    await box
      .locator('input[type=file]')
      .setInputFiles({ name: '地区.bdd', mimeType: 'application/octet-stream', buffer: content });
    expect(await answered(page, '/Actions/Import', () => ok(box).click())).toMatchObject({
      code: 200,
      msg: '导入成功',
    });
    await box.waitFor({ state: 'hidden' });
    const copy = drawer.getByRole('row', { name: /地区\.[a-z0-9]{5}/ });
    await copy.waitFor();
    const copyName = ((await copy.locator('td').first().textContent()) ?? '').trim();
    expect(copyName).toMatch(/^地区\.[a-z0-9]{5}$/);
    await screenshot(page, 'dictionary-drawer-imported');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.locator('.ant-tree').getByText(copyName, { exact: true }).click();
    await page.getByRole('row', { name: /华东/ }).waitFor();
    await page.getByRole('row', { name: /上海/ }).waitFor();
    await screenshot(page, 'dictionary-imported');
    await context.close();
  });
});
