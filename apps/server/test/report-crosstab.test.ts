import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interfaceCategory } from './helpers/data-interfaces.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Cross-tab reports (issue 39): a header cell that expands right over a SQL dataset, its columns
 * the distinct values the database finds before the first row; previewed and exported to Excel
 * (the expanded headers, the values, the formulas and merges read back), and refused past 100
 * columns.
 */

const base = '/api/ReportServer/Data';
let t: TestApp;
let admin: Client;
let category: string;

/** Sales by region, city and quarter; the interface reads one year (`{year}`). */
const salesSql = `select region, city, quarter, amount from (values
  (1, '华东', '上海', 'Q2', 50, 2026), (2, '华北', '北京', 'Q3', 200, 2026), (3, '华东', '杭州', 'Q1', 30, 2026),
  (4, '华东', '上海', 'Q1', 100, 2026), (5, '华东', '上海', 'Q1', 20, 2026), (6, '华南', '广州', 'Q4', 80, 2025)
) as s(seq, region, city, quarter, amount, year) where year = {year} order by seq`;

/** Regions and cities down, quarters right, the summed amount at each crossing, a row total, region subtotals and a total. */
const crossLayout = {
  columns: [{ width: 80 }, { width: 70 }, { width: 90 }, { width: 110 }],
  rows: [
    { kind: 'static', cells: [{ text: '季度销售', style: { bold: true } }] },
    {
      kind: 'static',
      cells: [{ text: '地区' }, { text: '城市' }, { field: 'quarter', expand: 'right' }, { text: '合计' }],
    },
    {
      kind: 'detail',
      dataset: 'sales',
      cells: [
        { field: 'region', group: true },
        { field: 'city', group: true },
        { field: 'amount', aggregate: 'sum', format: '#,##0.00' },
        { field: 'amount', aggregate: 'sum', format: '#,##0.00' },
      ],
    },
    {
      kind: 'subtotal',
      groupColumn: 0,
      cells: [{ text: '地区小计' }, null, { aggregate: 'sum' }, { aggregate: 'sum' }],
    },
    { kind: 'total', cells: [{ text: '总计' }, null, { aggregate: 'sum' }, { aggregate: 'sum' }] },
  ],
  merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 4 }],
};

async function sqlInterface(enCode: string, sql: string, parameters: object[] = []) {
  const created = await admin.post<{ id: string }>('/api/system/DataInterface', {
    fullName: enCode,
    enCode,
    category: await interfaceCategory(t),
    type: 1,
    action: 3,
    hasPage: 0,
    enabledMark: 1,
    sortCode: 0,
    dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql } }),
    parameterJson: JSON.stringify(parameters),
    fieldJson: '[]',
  });
  expect(created, created.msg).toMatchObject({ code: 200 });
  return created.data!.id;
}

async function crossReport(enCode: string, interfaceId: string, parameterMap: object[] = []) {
  const saved = await admin.post<{ id: string }>(base, {
    fullName: '季度销售',
    enCode,
    categoryId: category,
    parameters: [{ name: 'year', label: '年份', jnpfKey: 'inputNumber', defaultValue: 2026 }],
    datasets: [{ name: 'sales', interfaceId, parameterMap }],
    layout: crossLayout,
  });
  expect(saved, saved.msg).toMatchObject({ code: 200 });
  return saved.data!.id;
}

interface Preview {
  columns: number[];
  rows: { kind: string; cells: ({ text: string; formula?: string } | null)[] }[];
  merges: { row: number; col: number; rowSpan: number; colSpan: number }[];
}
const texts = (page: Preview) => page.rows.map((row) => row.cells.map((cell) => cell?.text ?? ''));

let salesReport: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const entry = await t.app.db
    .selectFrom('dictionaryData as d')
    .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
    .select('d.id')
    .where('k.enCode', '=', 'ReportSort')
    .executeTakeFirstOrThrow();
  category = entry.id;
  const sales = await sqlInterface('report.cross.sales', salesSql, [
    { field: 'year', dataType: 'int', required: 0, fieldName: '年份' },
  ]);
  salesReport = await crossReport('sales.cross', sales, [{ field: 'year', parameter: 'year' }]);
});
afterAll(() => t.close());

describe('a cross-tab over a SQL dataset', () => {
  test('the preview has one column per quarter of the year asked, sums at each crossing, row totals, subtotals and a total', async () => {
    const page = await admin.post<Preview>(`${base}/${salesReport}/Actions/Preview`, { parameters: { year: 2026 } });
    expect(page, page.msg).toMatchObject({ code: 200 });
    expect(page.data!.columns).toEqual([80, 70, 90, 90, 90, 110]);
    expect(texts(page.data!)).toEqual([
      ['季度销售', '', '', '', '', ''],
      ['地区', '城市', 'Q1', 'Q2', 'Q3', '合计'],
      ['华东', '上海', '120.00', '50.00', '', '170.00'],
      ['华东', '杭州', '30.00', '', '', '30.00'],
      ['地区小计', '', '150.00', '50.00', '0.00', '200.00'],
      ['华北', '北京', '', '', '200.00', '200.00'],
      ['地区小计', '', '0.00', '0.00', '200.00', '200.00'],
      ['总计', '', '150.00', '50.00', '200.00', '400.00'],
    ]);
    expect(page.data!.merges).toContainEqual({ row: 0, col: 0, rowSpan: 1, colSpan: 6 });

    const other = await admin.post<Preview>(`${base}/${salesReport}/Actions/Preview`, { parameters: { year: 2025 } });
    expect(texts(other.data!).slice(1, 3)).toEqual([
      ['地区', '城市', 'Q4', '合计'],
      ['华南', '广州', '80.00', '80.00'],
    ]);
  });

  test('Excel gets the expanded headers, the values, SUM and SUBTOTAL formulas and real merges', async () => {
    const reply = await admin.post<{ name: string; url: string }>(`${base}/${salesReport}/Actions/ExportExcel`, {
      parameters: { year: 2026 },
    });
    expect(reply, reply.msg).toMatchObject({ code: 200 });
    const file = await t.app.inject({ method: 'GET', url: reply.data!.url });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(['C2', 'D2', 'E2', 'F2'].map((a) => sheet.getCell(a).value)).toEqual(['Q1', 'Q2', 'Q3', '合计']);
    expect(sheet.getCell('C3')).toMatchObject({ value: 120, numFmt: '#,##0.00' });
    expect(sheet.getCell('E6').value).toBe(200);
    expect(sheet.getCell('F3').value).toMatchObject({ formula: 'SUM(C3:E3)', result: 170 });
    expect(sheet.getCell('D5').value).toMatchObject({ formula: 'SUBTOTAL(9,D3:D4)', result: 50 });
    expect(sheet.getCell('F8').value).toMatchObject({ formula: 'SUBTOTAL(9,F3:F7)', result: 400 });
    // The title spans the widened sheet; 华东 spans its two cities.
    expect(sheet.getCell('F1').master.address).toBe('A1');
    expect(sheet.getCell('A4').master.address).toBe('A3');
    expect(sheet.getColumn(4).width).toBeCloseTo(90 / 7);
  });

  test('more than 100 columns is refused, naming the expanding cell; the designer’s live view lists it as a problem', async () => {
    const many = await sqlInterface(
      'report.cross.many',
      `select '华东' as region, '上海' as city, 'M' || g as quarter, 1 as amount from generate_series(1, 120) as g`,
    );
    const id = await crossReport('sales.cross.many', many);
    const refused = await admin.post(`${base}/${id}/Actions/Preview`, {});
    expect(refused).toMatchObject({ code: 400, msg: '单元格C2向右展开后超过100列，请用参数缩小范围' });
    const exported = await admin.post(`${base}/${id}/Actions/ExportExcel`, {});
    expect(exported).toMatchObject({ code: 400 });
    const draft = await admin.post<{ problems: { message: string; row: number; col: number }[]; rows: unknown[] }>(
      `${base}/Actions/PreviewDraft`,
      { report: { datasets: [{ name: 'sales', interfaceId: many }], layout: crossLayout } },
    );
    expect(draft.data).toMatchObject({ rows: [], problems: [{ row: 1, col: 2 }] });
  });
});
