import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createInterface } from './data-interface.helpers.ts';
import { answered, closeContext, screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 39 (browser), "done when": a grouped report with subtotals and a chart is built through the
 * designer (a parameter, a dataset over a SQL interface fed by it, fields bound by clicking, a group,
 * subtotal and total rows with SUM, a formula, a merged title, a bar chart), saved, previewed in the
 * viewer with a parameter value, and exported to Excel, the file read back: merged cells, formulas
 * and the subtotals' values.
 */

const run = serverAndBrowser();
const base = '/api/ReportServer/Data';

const choose = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label, { exact: true }).click();

const sheetOf = (page: Page) => page.getByRole('region', { name: '报表版式' });
const cellOf = (page: Page, address: string) => sheetOf(page).getByLabel(new RegExp(`^${address}( |$)`));

/** Types into a cell as a person does: select it, F2, the text, Enter. */
async function typeInto(page: Page, address: string, text: string) {
  await cellOf(page, address).click();
  await page.keyboard.press('F2');
  const editor = page.getByRole('textbox', { name: `编辑单元格${address}` });
  await editor.fill(text);
  await editor.press('Enter');
  await editor.waitFor({ state: 'detached' });
}

/** Chooses a row's kind from the menu on its header. */
async function rowKind(page: Page, row: number, kind: string) {
  await page.getByRole('button', { name: `第${row}行的类型` }).click();
  await page.getByRole('menuitem', { name: kind }).click();
  await page
    .getByRole('button', { name: `第${row}行的类型` })
    .getByText(kind)
    .waitFor();
}

describe('the report designer', () => {
  test('a grouped report with subtotals, a formula, a merged title and a chart, built through the designer, previewed and exported', {
    timeout: 300_000,
  }, async () => {
    const { context, page, call } = await signedInWithApi(run);
    const suffix = Date.now().toString(36);
    const sales = [
      ['华东', '上海', 1200.5, 2026],
      ['华东', '杭州', 830, 2026],
      ['华北', '北京', 2100, 2026],
      ['华南', '广州', 640, 2025],
    ];
    await createInterface(call, {
      fullName: `设计器销售${suffix}`,
      enCode: `designer.sales.${suffix}`,
      sql: `select region, city, amount, year from (values ${sales
        .map(([region, city, amount, year], i) => `(${i}, '${region}', '${city}', ${amount}, ${year})`)
        .join(', ')}) as s(seq, region, city, amount, year) where year = {year} order by seq`,
      parameters: [{ field: 'year', dataType: 'int', fieldName: '年份' }],
    });

    // 新建 from the list: once the basic fields are saved, the designer opens on the new report.
    await page.getByRole('menuitem', { name: /数据应用/ }).click();
    await page.getByRole('menuitem', { name: /报表设计/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/onlineDev/dataReport'));
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const basics = page.getByRole('dialog', { name: '新建' });
    await basics.getByLabel('名称').fill('设计器销售表');
    await basics.getByLabel('编码').fill(`designer.report.${suffix}`);
    await basics.getByLabel('分类').click();
    await choose(page, '业务报表');
    const created = await answered(page, base, () => basics.getByRole('button', { name: /确\s*定/ }).click());
    expect(created).toMatchObject({ code: 200 });
    const reportId = (created.data as { id: string }).id;
    const designer = page.getByRole('application', { name: '报表设计 - 设计器销售表' });
    await designer.waitFor();

    // A parameter: the year, 2025 by default.
    await designer.getByRole('button', { name: '添加参数' }).click();
    let dialog = page.getByRole('dialog', { name: '添加参数' });
    await dialog.getByLabel('参数名').fill('year');
    await dialog.getByLabel('显示名称').fill('年份');
    await dialog.getByLabel('控件类型').click();
    await choose(page, '数字输入');
    await dialog.getByLabel('默认值').fill('2025');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A dataset over the SQL interface, its year fed by the report's.
    await designer.getByRole('button', { name: '添加数据集' }).click();
    dialog = page.getByRole('dialog', { name: '添加数据集' });
    await dialog.getByLabel('数据集名称').fill('sales');
    await dialog.getByLabel('数据接口').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(`设计器销售${suffix}`).click();
    await dialog.getByLabel('年份 (year)').click();
    await choose(page, '年份 (year)');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The live view runs the draft and lists the dataset's fields.
    const fields = designer.getByRole('group', { name: 'sales的字段' });
    await fields.getByRole('button', { name: 'amount' }).waitFor();

    // A new sheet has six columns: four are enough.
    await cellOf(page, 'E1').click();
    await designer.getByRole('button', { name: '删除列' }).click();
    await designer.getByRole('button', { name: '删除列' }).click();
    await cellOf(page, 'E1').waitFor({ state: 'detached' });

    // The title, merged over A1:C1, bold and centred.
    await typeInto(page, 'A1', '城市销售');
    await cellOf(page, 'A1').click();
    await cellOf(page, 'C1').click({ modifiers: ['Shift'] });
    await designer.getByRole('button', { name: '合并单元格' }).click();
    expect(await cellOf(page, 'A1').getAttribute('colspan')).toBe('3');
    await designer.getByRole('button', { name: '加粗' }).click();
    await designer.getByRole('button', { name: '居中' }).click();

    // The header row, then the detail row: fields clicked onto the selected cells, and a formula.
    await typeInto(page, 'A2', '地区');
    await typeInto(page, 'B2', '城市');
    await typeInto(page, 'C2', '销售额');
    await typeInto(page, 'D2', '千元');
    for (const [address, field] of [
      ['A3', 'region'],
      ['C3', 'amount'],
    ] as const) {
      await cellOf(page, address).click();
      await fields.getByRole('button', { name: field }).click();
      await cellOf(page, address).getByText(`[${field}]`).waitFor();
    }
    // A field dragged onto a cell binds that cell.
    const from = await fields.getByRole('button', { name: 'city' }).boundingBox();
    const to = await cellOf(page, 'B3').boundingBox();
    if (!from || !to) throw new Error('the field or the cell is not on the screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await cellOf(page, 'B3').getByText('[city]').waitFor();
    await designer.getByRole('button', { name: '第3行的类型' }).getByText('明细').waitFor();
    await typeInto(page, 'D3', '=C3/1000');
    await cellOf(page, 'C3').click();
    const format = designer.getByRole('toolbar', { name: '工具栏' }).getByRole('combobox', { name: '数字格式' });
    await format.click();
    await choose(page, '#,##0.00');
    // Region groups the rows.
    await cellOf(page, 'A3').click();
    await designer.getByRole('complementary', { name: '属性' }).getByRole('switch', { name: '分组' }).click();
    await cellOf(page, 'A3').getByText('分组').waitFor();

    // A subtotal per region and a total, each summing the amounts.
    await rowKind(page, 4, '小计');
    await typeInto(page, 'A4', '小计');
    await typeInto(page, 'C4', 'SUM(amount)');
    await cellOf(page, 'A4').click();
    await designer.getByRole('button', { name: '在下方插入行' }).click();
    await rowKind(page, 5, '合计');
    await typeInto(page, 'A5', '合计');
    await typeInto(page, 'C5', 'SUM(amount)');
    expect(await cellOf(page, 'C5').textContent()).toBe('SUM(amount)');

    // A bar chart of the amounts by region.
    const properties = designer.getByRole('complementary', { name: '属性' });
    await properties.getByRole('tab', { name: '图表' }).click();
    await properties.getByRole('button', { name: '添加图表' }).click();
    const chart = properties.getByRole('region', { name: '图表1' });
    await chart.getByLabel('标题').fill('各地区销售额');
    await chart.getByLabel('标题').press('Enter');
    await chart.getByLabel('分类字段').click();
    await choose(page, 'region');
    await chart.getByLabel('数值字段').click();
    await choose(page, 'amount');
    await choose(page, 'city');
    await page.keyboard.press('Escape');
    await properties.getByRole('tab', { name: '单元格' }).click();

    // The live view: 2025's one city, its subtotal and the total, and the chart; no problems.
    await cellOf(page, 'A1').click();
    await designer.getByRole('tab', { name: '预览' }).click();
    const live = designer.locator('table.report-sheet');
    await live.getByRole('cell', { name: '广州' }).waitFor();
    await expect.poll(() => live.locator('td').allTextContents()).toContain('640.00');
    await designer.getByText('各地区销售额').waitFor();
    await screenshot(page, 'report-designer-preview');
    await designer.getByRole('tab', { name: '设计' }).click();
    await screenshot(page, 'report-designer');

    expect(
      await answered(page, `${base}/${reportId}`, () => designer.getByRole('button', { name: /保\s*存/ }).click()),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    await designer.getByRole('button', { name: /关\s*闭/ }).click();
    await designer.waitFor({ state: 'detached' });
    const saved = await call<{ layout: { rows: unknown[]; merges: unknown[]; charts: unknown[] } }>(
      'GET',
      `${base}/${reportId}`,
    );
    expect(saved.layout.merges).toEqual([{ row: 0, col: 0, rowSpan: 1, colSpan: 3 }]);
    expect(saved.layout.rows[3]).toMatchObject({ kind: 'subtotal', groupColumn: 0 });
    expect(saved.layout.charts).toEqual([
      { dataset: 'sales', type: 'bar', category: 'region', values: ['amount'], title: '各地区销售额' },
    ]);

    // The viewer, from a report menu, for 2026.
    const systems = await call<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/System');
    await call<string>('POST', '/api/system/Menu', {
      systemId: systems.list.find((s) => s.enCode === 'main')?.id,
      parentId: '-1',
      fullName: '设计器销售报表',
      enCode: `e2e.designerReport.${suffix}`,
      type: 5,
      urlAddress: `e2e/designerReport${suffix}`,
      propertyJson: JSON.stringify({ moduleId: reportId }),
    });
    await page.goto(`${run.server.url}/e2e/designerReport${suffix}`);
    const sheet = page.locator('table.report-sheet');
    await sheet.getByRole('cell', { name: '广州' }).waitFor();
    await page.getByLabel('年份').fill('2026');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await sheet.getByRole('cell', { name: '北京' }).waitFor();
    const texts = await sheet
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(texts).toEqual([
      ['城市销售', ''],
      ['地区', '城市', '销售额', '千元'],
      ['华东', '上海', '1,200.50', '1.2005'],
      ['杭州', '830.00', '0.83'],
      ['小计', '', '2,030.50', ''],
      ['华北', '北京', '2,100.00', '2.1'],
      ['小计', '', '2,100.00', ''],
      ['合计', '', '4,130.50', ''],
    ]);
    await page.getByText('各地区销售额').waitFor();

    // 导出Excel, read back: the merged title, the row formula and the subtotals' SUBTOTAL formulas with their values.
    const downloading = page.waitForEvent('download');
    expect(
      await answered(page, '/Actions/ExportExcel', () => page.getByRole('button', { name: '导出Excel' }).click()),
    ).toMatchObject({ code: 200 });
    const file = await (await downloading).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const ws = book.worksheets[0];
    if (!ws) throw new Error('the exported workbook has no sheet');
    expect(ws.getCell('A1').isMerged && ws.getCell('C1').isMerged).toBe(true);
    expect(ws.getCell('C1').master.address).toBe('A1');
    expect(ws.getCell('A3').master.address).toBe('A3');
    expect(ws.getCell('A4').master.address).toBe('A3');
    expect(ws.getCell('D3').formula).toBe('C3/1000');
    const subtotal = (address: string) => ({
      formula: ws.getCell(address).formula,
      result: ws.getCell(address).result,
    });
    expect(subtotal('C5')).toEqual({ formula: 'SUBTOTAL(9,C3:C4)', result: 2030.5 });
    expect(subtotal('C7')).toEqual({ formula: 'SUBTOTAL(9,C6:C6)', result: 2100 });
    expect(subtotal('C8')).toEqual({ formula: 'SUBTOTAL(9,C3:C7)', result: 4130.5 });
    expect(ws.getCell('C3').numFmt).toBe('#,##0.00');
    await closeContext(context);
  });
});
