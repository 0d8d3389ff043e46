import { describe, expect, test } from 'vitest';
import { createInterface, firstEntryOf } from './data-interface.helpers.ts';
import { closeContext, screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 39: the preview page the 3.6 client frames for a report menu,
 * `{api}/Report/preview.html?id&token&page=1&<parameter>=<value>`, served by us. It is opened
 * here as the client's iframe opens it: the address alone, the token in it.
 */

const run = serverAndBrowser();
const base = '/api/ReportServer/Data';

describe('Report/preview.html', () => {
  test('the framed page shows the report for the parameter in its address: merged groups, subtotals, pages', async () => {
    const { context, page, call, token } = await signedInWithApi(run);
    // A retry runs on the same server: its codes must not be taken.
    const suffix = Date.now().toString(36);
    const categoryId = await firstEntryOf(call, 'ReportSort');
    const rows = [
      { region: '华东', city: '上海', amount: 100, year: 2026 },
      { region: '华东', city: '杭州', amount: 50, year: 2026 },
      { region: '华北', city: '北京', amount: 300, year: 2026 },
      { region: '华南', city: '广州', amount: 80, year: 2025 },
    ];
    const interfaceId = await createInterface(call, {
      fullName: '城市销售',
      enCode: `preview.sales.${suffix}`,
      sql: `select region, city, amount from (values ${rows
        .map((r, i) => `(${i}, '${r.region}', '${r.city}', ${r.amount}, ${r.year})`)
        .join(', ')}) as s(seq, region, city, amount, year) where year = {year} order by seq`,
      parameters: [{ field: 'year', dataType: 'int', fieldName: '年份' }],
    });
    const report = await call<{ id: string }>('POST', base, {
      fullName: '城市销售表',
      enCode: `preview.report.${suffix}`,
      categoryId,
      parameters: [{ name: 'year', label: '年份', jnpfKey: 'inputNumber', defaultValue: 2025 }],
      datasets: [{ name: 'sales', interfaceId, parameterMap: [{ field: 'year', parameter: 'year' }] }],
      layout: {
        columns: [{ width: 90 }, { width: 90 }, { width: 110 }],
        rows: [
          { kind: 'static', cells: [{ text: '地区' }, { text: '城市' }, { text: '销售额' }] },
          {
            kind: 'detail',
            dataset: 'sales',
            cells: [{ field: 'region', group: true }, { field: 'city' }, { field: 'amount', format: '#,##0.00' }],
          },
          { kind: 'subtotal', groupColumn: 0, cells: [{ text: '小计' }, null, { aggregate: 'sum' }] },
        ],
      },
    });

    await page.goto(
      `${run.server.url}/api/Report/preview.html?id=${report.id}&token=${token}&page=1&from=menu&year=2026`,
    );
    const sheet = page.locator('table.sheet');
    await sheet.waitFor();
    await page.getByRole('heading', { name: '城市销售表' }).waitFor();
    expect(await page.getByLabel(/年份/).inputValue()).toBe('2026');
    const texts = await sheet
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).innerText.split('\t')));
    expect(texts).toEqual([
      ['地区', '城市', '销售额'],
      ['华东', '上海', '100.00'],
      ['杭州', '50.00'],
      ['小计', '', '150.00'],
      ['华北', '北京', '300.00'],
      ['小计', '', '300.00'],
    ]);
    // 华东 is one cell over its two cities.
    expect(await sheet.getByRole('cell', { name: '华东' }).getAttribute('rowspan')).toBe('2');
    await page.getByText('第1/1页，共6行').waitFor();
    await screenshot(page, 'report-preview-html');

    // Another year from the page's own search form.
    await page.getByLabel(/年份/).fill('2025');
    await page.getByRole('button', { name: '查询' }).click();
    await sheet.getByRole('cell', { name: '广州' }).waitFor();
    await page.getByText('第1/1页，共3行').waitFor();
    await closeContext(context);
  });

  test('without a valid token the page says why and shows nothing of the report', async () => {
    const { context, page } = await signedInWithApi(run);
    await page.goto(`${run.server.url}/api/Report/preview.html?id=none&token=wrong&page=1`);
    const error = page.locator('#report-error');
    await error.waitFor();
    expect((await error.innerText()).length).toBeGreaterThan(0);
    expect(await page.locator('table.sheet').count()).toBe(0);
    await closeContext(context);
  });
});
