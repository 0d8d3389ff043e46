import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createInterface, firstEntryOf } from './data-interface.helpers.ts';
import { answered, closeContext, screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 39 (browser): a cross-tab made in the designer. A report of amounts by region is opened
 * with 设计; the header cell over the amounts is set to expand right by 季度 (quarter) and the
 * amount cell to sum, the grid marks the expanding cell, and the live view shows one column per
 * quarter, the sums at each crossing, the row totals and the total row, as a person reads them.
 */

const run = serverAndBrowser();
const base = '/api/ReportServer/Data';

const choose = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label, { exact: true }).click();
const cellOf = (page: Page, address: string) =>
  page.getByRole('region', { name: '报表版式' }).getByLabel(new RegExp(`^${address}( |$)`));

describe('a cross-tab in the report designer', () => {
  test('a header cell expanding right by quarter and a summed amount make one column per quarter in the live view', {
    timeout: 300_000,
  }, async () => {
    const { context, page, call } = await signedInWithApi(run);
    const suffix = Date.now().toString(36);
    const interfaceId = await createInterface(call, {
      fullName: `交叉表销售${suffix}`,
      enCode: `crosstab.sales.${suffix}`,
      rows: [
        { region: '华东', quarter: 'Q2', amount: 50 },
        { region: '华东', quarter: 'Q1', amount: 100 },
        { region: '华北', quarter: 'Q1', amount: 200 },
        { region: '华东', quarter: 'Q1', amount: 20 },
      ],
    });
    const report = await call<{ id: string }>('POST', base, {
      fullName: `季度交叉表${suffix}`,
      enCode: `crosstab.report.${suffix}`,
      categoryId: await firstEntryOf(call, 'ReportSort'),
      datasets: [{ name: 'sales', interfaceId }],
      layout: {
        columns: [{ width: 100 }, { width: 90 }, { width: 100 }],
        rows: [
          { kind: 'static', cells: [{ text: '地区' }, { text: '季度' }, { text: '合计' }] },
          {
            kind: 'detail',
            dataset: 'sales',
            cells: [{ field: 'region', group: true }, { field: 'amount' }, { field: 'amount', aggregate: 'sum' }],
          },
          { kind: 'total', cells: [{ text: '总计' }, { aggregate: 'sum' }, { aggregate: 'sum' }] },
        ],
      },
    });

    await page.getByRole('menuitem', { name: /数据应用/ }).click();
    await page.getByRole('menuitem', { name: /报表设计/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/onlineDev/dataReport'));
    await page
      .getByRole('row', { name: new RegExp(`季度交叉表${suffix}`) })
      .getByRole('button', { name: '设计' })
      .click();
    const designer = page.getByRole('application', { name: `报表设计 - 季度交叉表${suffix}` });
    await designer.waitFor();
    await designer.getByRole('group', { name: 'sales的字段' }).getByRole('button', { name: 'quarter' }).waitFor();
    const properties = designer.getByRole('complementary', { name: '属性' });

    // B1 expands right by quarter: the grid marks it with an arrow.
    await cellOf(page, 'B1').click();
    await properties.getByLabel('向右展开').click();
    await choose(page, 'quarter');
    await cellOf(page, 'B1').getByTitle('向右展开：该字段的每个值一列').waitFor();
    expect(await cellOf(page, 'B1').textContent()).toBe('→[quarter]');

    // B2 sums the amounts of each region and quarter.
    await cellOf(page, 'B2').click();
    await properties.getByLabel('汇总方式').click();
    await choose(page, '求和');
    await cellOf(page, 'B2').getByText('SUM(amount)').waitFor();
    await screenshot(page, 'report-crosstab-design');

    await designer.getByRole('tab', { name: '预览' }).click();
    const live = designer.locator('table.report-sheet');
    await live.getByRole('cell', { name: 'Q2' }).waitFor();
    const texts = await live
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(texts).toEqual([
      ['地区', 'Q1', 'Q2', '合计'],
      ['华东', '120', '50', '170'],
      ['华北', '200', '', '200'],
      ['总计', '320', '50', '370'],
    ]);
    await screenshot(page, 'report-crosstab-preview');

    expect(
      await answered(page, `${base}/${report.id}`, () => designer.getByRole('button', { name: /保\s*存/ }).click()),
    ).toMatchObject({ code: 200 });
    const saved = await call<{ layout: { rows: { cells: unknown[] }[] } }>('GET', `${base}/${report.id}`);
    expect(saved.layout.rows[0]?.cells[1]).toEqual({ field: 'quarter', expand: 'right' });
    expect(saved.layout.rows[1]?.cells[1]).toEqual({ field: 'amount', aggregate: 'sum' });
    await closeContext(context);
  });
});
