import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createInterface, firstEntryOf } from './data-interface.helpers.ts';
import { answered, closeContext, screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 39 (browser): 报表设计 lists the report definitions. A report is added from the menu's
 * page, copied and disabled from its 更多; editing the basic fields keeps the parameters and layout
 * the designer (a later slice) writes. A menu of type 5 opens a report in the viewer: search form,
 * merged sheet, charts, pager and 导出Excel.
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
      layout: { rows: [{ kind: 'static', cells: [{ text: '地区' }] }] },
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
    await box.getByText(/报表的参数、数据集和版式在报表设计器中编辑/).waitFor();
    await box.getByLabel('名称').fill('销售日报');
    await box.getByLabel('编码').fill('sales.daily');
    await box.getByLabel('分类').click();
    await choose(page, '业务报表');
    expect(await answered(page, base, () => box.getByRole('button', { name: /确\s*定/ }).click())).toMatchObject({
      code: 200,
      msg: '新建成功',
    });
    await box.waitFor({ state: 'hidden' });
    // Saved, the new report opens in the designer; closed unchanged, the list shows it.
    const designer = page.getByRole('application', { name: '报表设计 - 销售日报' });
    await designer.getByRole('button', { name: /关\s*闭/ }).click();
    await designer.waitFor({ state: 'detached' });
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
      layout: { rows: [{ kind: 'static', cells: [{ text: '地区' }] }] },
    });
    await context.close();
  });
});

describe('the report viewer (a type-5 menu)', () => {
  test('a report menu runs its report with a parameter: merges, subtotals, a chart, drill-through, print and export', async () => {
    const { context, page, call } = await signedInWithApi(run);
    // A retry runs on the same server: its codes must not be taken.
    const suffix = Date.now().toString(36);
    const categoryId = await firstEntryOf(call, 'ReportSort');
    const sales = [
      ['华东', '上海', 1200.5, 2026],
      ['华东', '杭州', 830, 2026],
      ['华北', '北京', 2100, 2026],
      ['华南', '广州', 640, 2025],
    ];
    const interfaceId = await createInterface(call, {
      fullName: '城市销售',
      enCode: `viewer.sales.${suffix}`,
      sql: `select region, city, amount, year from (values ${sales
        .map(([region, city, amount, year], i) => `(${i}, '${region}', '${city}', ${amount}, ${year})`)
        .join(', ')}) as s(seq, region, city, amount, year) where year = {year} order by seq`,
      parameters: [{ field: 'year', dataType: 'int', fieldName: '年份' }],
    });
    // What a click on a city opens: a report of the year of the clicked row.
    const yearly = await call<{ id: string }>('POST', base, {
      fullName: '年度明细',
      enCode: `viewer.yearly.${suffix}`,
      categoryId,
      parameters: [{ name: 'year', label: '年份', jnpfKey: 'inputNumber' }],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the report's own placeholder, the server fills it.
      layout: { rows: [{ kind: 'static', cells: [{ text: '${year}年明细' }] }] },
    });
    const report = await call<{ id: string }>('POST', base, {
      fullName: '城市销售表',
      enCode: `viewer.report.${suffix}`,
      categoryId,
      parameters: [{ name: 'year', label: '年份', jnpfKey: 'inputNumber', required: true, defaultValue: 2025 }],
      datasets: [{ name: 'sales', interfaceId, parameterMap: [{ field: 'year', parameter: 'year' }] }],
      layout: {
        columns: [{ width: 100 }, { width: 120 }, { width: 140 }],
        rows: [
          {
            kind: 'static',
            height: 36,
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the report's own placeholder, the server fills it.
            cells: [{ text: '${year}年城市销售', style: { bold: true, fontSize: 14, align: 'center' } }, null, null],
          },
          {
            kind: 'static',
            cells: [
              { text: '地区', style: { bold: true, background: '#E6F4FF', align: 'center', border: true } },
              { text: '城市', style: { bold: true, background: '#E6F4FF', align: 'center', border: true } },
              { text: '销售额', style: { bold: true, background: '#E6F4FF', align: 'center', border: true } },
            ],
          },
          {
            kind: 'detail',
            dataset: 'sales',
            cells: [
              { field: 'region', group: true },
              { field: 'city', drill: { reportId: yearly.id, parameters: [{ name: 'year', field: 'year' }] } },
              { field: 'amount', format: '#,##0.00' },
            ],
          },
          {
            kind: 'subtotal',
            groupColumn: 0,
            cells: [{ text: '小计' }, null, { aggregate: 'sum', format: '#,##0.00' }],
          },
          { kind: 'total', cells: [{ text: '合计' }, null, { aggregate: 'sum', format: '#,##0.00' }] },
        ],
        merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 3 }],
        charts: [{ title: '各地区销售额', dataset: 'sales', type: 'bar', category: 'region', values: ['amount'] }],
      },
    });
    const systems = await call<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/System');
    await call<string>('POST', '/api/system/Menu', {
      systemId: systems.list.find((s) => s.enCode === 'main')?.id,
      parentId: '-1',
      fullName: '城市销售报表',
      enCode: `e2e.salesReport.${suffix}`,
      type: 5,
      urlAddress: `e2e/salesReport${suffix}`,
      propertyJson: JSON.stringify({ moduleId: report.id }),
    });

    // The menu opens with the default year, 2025: only 广州.
    await page.goto(`${run.server.url}/e2e/salesReport${suffix}`);
    const sheet = page.locator('table.report-sheet');
    await sheet.getByRole('cell', { name: '广州' }).waitFor();
    expect(await page.getByLabel('年份').inputValue()).toBe('2025');

    // Another year from the search form.
    await page.getByLabel('年份').fill('2026');
    expect(
      await answered(page, '/Actions/Preview', () => page.getByRole('button', { name: /查\s*询/ }).click()),
    ).toMatchObject({ code: 200 });
    await sheet.getByRole('cell', { name: '2026年城市销售' }).waitFor();
    const texts = await sheet
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(texts).toEqual([
      ['2026年城市销售'],
      ['地区', '城市', '销售额'],
      ['华东', '上海', '1,200.50'],
      ['杭州', '830.00'],
      ['小计', '', '2,030.50'],
      ['华北', '北京', '2,100.00'],
      ['小计', '', '2,100.00'],
      ['合计', '', '4,130.50'],
    ]);
    expect(await sheet.getByRole('cell', { name: '2026年城市销售' }).getAttribute('colspan')).toBe('3');
    expect(await sheet.getByRole('cell', { name: '华东' }).getAttribute('rowspan')).toBe('2');
    await page.getByText('各地区销售额').waitFor();
    await screenshot(page, 'report-viewer');

    // 打印: the whole report, read again from the server, stands alone under <body> while the print
    // dialog is open; it goes when the dialog is done.
    await page.evaluate(`window.print = () => {
      const copy = document.querySelector('body > .report-print');
      window.printed = {
        printing: document.body.classList.contains('report-printing'),
        rows: copy ? copy.querySelectorAll('table.report-sheet tr').length : 0,
        charts: copy ? copy.querySelectorAll('.report-print-chart img').length : 0,
      };
    }`);
    await page.getByRole('button', { name: /打\s*印/ }).click();
    await expect.poll(() => page.evaluate('window.printed')).toEqual({ printing: true, rows: 8, charts: 1 });
    await page.evaluate(`window.dispatchEvent(new Event('afterprint'))`);
    await expect.poll(() => page.evaluate('document.body.classList.contains("report-printing")')).toBe(false);

    // A city drills through to the yearly report, in a dialog, for the clicked row's year.
    await sheet.getByRole('button', { name: '北京' }).click();
    const drilled = page.getByRole('dialog', { name: '年度明细' });
    await drilled.getByRole('cell', { name: '2026年明细' }).waitFor();
    expect(await drilled.getByLabel('年份').inputValue()).toBe('2026');
    await drilled.getByRole('button', { name: /关\s*闭|Close/ }).click();
    await drilled.waitFor({ state: 'hidden' });

    // 导出Excel: the whole report for 2026, downloaded.
    const downloading = page.waitForEvent('download');
    const exported = await answered(page, '/Actions/ExportExcel', () =>
      page.getByRole('button', { name: '导出Excel' }).click(),
    );
    expect(exported).toMatchObject({ code: 200, data: { name: '城市销售表.xlsx' } });
    expect((await downloading).suggestedFilename()).toBe('城市销售表.xlsx');
    await closeContext(context);
  });
});
