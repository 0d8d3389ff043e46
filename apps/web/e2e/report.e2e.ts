import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { answered, screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 39 (browser), the first web slice: 报表设计 lists the report definitions. A report is
 * added from the menu's page, copied and disabled from its 更多; editing the basic fields keeps
 * the parameters and layout the designer (a later slice) writes.
 */

const run = serverAndBrowser();
const base = '/api/ReportServer/Data';

const choose = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label, { exact: true }).click();
/** The list's row whose code is exactly `enCode`. */
const rowOf = (page: Page, enCode: string) =>
  page.locator('tr', { has: page.getByRole('cell', { name: enCode, exact: true }) });

/** Opens the row's 更多, chooses `item` and answers the question that follows 确定; the call's envelope. */
async function fromMore(page: Page, enCode: string, item: string, question: string, path: string) {
  await rowOf(page, enCode).getByRole('button', { name: /更多/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const asking = page.getByRole('dialog', { name: '提示' });
  await asking.getByText(question).waitFor();
  const envelope = await answered(page, path, () => asking.getByRole('button', { name: /确\s*定/ }).click());
  await asking.waitFor({ state: 'hidden' });
  return envelope;
}

describe('report definitions', () => {
  test('a report added from the menu page is listed, copied and disabled; an edit keeps its definition', async () => {
    const { context, page, call } = await signedInWithApi(run);
    const categories = await call<{ list: { enCode: string; dictionaryList: { id: string; fullName: string }[] }[] }>(
      'GET',
      '/api/system/DictionaryData/All',
    );
    const sorts = categories.list.find((d) => d.enCode === 'ReportSort')?.dictionaryList ?? [];
    const system = sorts.find((entry) => entry.fullName === '系统报表');
    // A report the designer has written (parameters and a sheet), to edit from the list.
    const designed = await call<{ id: string }>('POST', base, {
      fullName: '库存明细',
      enCode: 'stock.detail',
      categoryId: system?.id,
      parameters: [{ name: 'region', label: '地区', jnpfKey: 'input' }],
      layout: { cells: [{ r: 0, c: 0, v: '地区' }] },
    });

    // From the menu, as a person would.
    await page.getByRole('menuitem', { name: /数据应用/ }).click();
    await page.getByRole('menuitem', { name: /报表设计/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/onlineDev/dataReport'));
    await rowOf(page, 'stock.detail').waitFor();

    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    let box = page.getByRole('dialog', { name: '新建' });
    await box.getByText('报表的参数、数据集和版式在报表设计器中编辑（即将推出）').waitFor();
    await box.getByLabel('名称').fill('销售日报');
    await box.getByLabel('编码').fill('sales.daily');
    await box.getByLabel('分类').click();
    await choose(page, '业务报表');
    expect(await answered(page, base, () => box.getByRole('button', { name: /确\s*定/ }).click())).toMatchObject({
      code: 200,
      msg: '新建成功',
    });
    await box.waitFor({ state: 'hidden' });
    const added = rowOf(page, 'sales.daily');
    await added.waitFor();
    expect(await added.textContent()).toMatch(/销售日报.*业务报表.*admin.*启用/);

    expect(await fromMore(page, 'sales.daily', '复制', '您确定要复制该报表, 是否继续?', '/Actions/Copy')).toMatchObject(
      { code: 200, msg: '复制成功' },
    );
    await page.getByRole('row', { name: /销售日报\.副本/ }).waitFor();

    expect(
      await fromMore(page, 'sales.daily', '禁用', '此操作将禁用该报表，是否继续?', '/Actions/State'),
    ).toMatchObject({ code: 200, msg: '禁用成功' });
    await added.getByText('禁用', { exact: true }).waitFor();
    // The toasts gone, the record shows the list itself (they cover the search bar).
    await page.getByText('禁用成功').waitFor({ state: 'hidden' });
    await screenshot(page, 'report-list');

    // The basic fields change; the parameters and the sheet stay as the designer wrote them.
    await rowOf(page, 'stock.detail')
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    box = page.getByRole('dialog', { name: '编辑' });
    const name = box.getByLabel('名称');
    await expect.poll(() => name.inputValue()).toBe('库存明细');
    await name.fill('库存明细表');
    expect(
      await answered(page, `${base}/${designed.id}`, () => box.getByRole('button', { name: /确\s*定/ }).click()),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    await box.waitFor({ state: 'hidden' });
    expect(await call('GET', `${base}/${designed.id}`)).toMatchObject({
      fullName: '库存明细表',
      parameters: [{ name: 'region', label: '地区', jnpfKey: 'input' }],
      layout: { cells: [{ r: 0, c: 0, v: '地区' }] },
    });
    await context.close();
  });
});
