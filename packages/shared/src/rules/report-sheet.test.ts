import { describe, expect, test } from 'vitest';
import type { ReportLayout } from '../schemas/report.ts';
import {
  columnIndex,
  columnName,
  expandReport,
  formatReportValue,
  reportPage,
  reportSheetProblems,
} from './report-sheet.ts';

/** Sales by region and city: a title, a header, the detail row, city subtotals, region subtotals and a total. */
const sales: ReportLayout = {
  columns: [{ width: 80 }, { width: 80 }, { width: 90 }, { width: 90 }, { width: 90 }],
  rows: [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a report parameter's placeholder, as a designer types it
    { kind: 'static', cells: [{ text: '${year}年销售', style: { bold: true } }] },
    {
      kind: 'static',
      cells: [{ text: '地区' }, { text: '城市' }, { text: '销售额' }, { text: '成本' }, { text: '毛利率' }],
    },
    {
      kind: 'detail',
      dataset: 'sales',
      cells: [
        { field: 'region', group: true },
        { field: 'city', group: true },
        { field: 'amount', format: '#,##0.00' },
        { field: 'cost' },
        { text: '=(C3-D3)/C3', format: '0.0%', conditions: [{ op: '<', value: 0.2, style: { color: '#FF0000' } }] },
      ],
    },
    {
      kind: 'subtotal',
      groupColumn: 1,
      cells: [
        null,
        { text: '城市小计' },
        { aggregate: 'sum' },
        { aggregate: 'sum' },
        { text: '=(C4-D4)/C4', format: '0.0%' },
      ],
    },
    {
      kind: 'subtotal',
      groupColumn: 0,
      cells: [{ text: '地区小计' }, null, { aggregate: 'sum' }, { aggregate: 'count' }],
    },
    { kind: 'total', cells: [{ text: '合计' }, null, { aggregate: 'sum' }, { aggregate: 'max' }] },
  ],
  merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 5 }],
};
const rows = [
  { region: '华东', city: '上海', amount: 100, cost: 70 },
  { region: '华北', city: '北京', amount: 300, cost: 200 },
  { region: '华东', city: '杭州', amount: '50.5', cost: 45 },
  { region: '华东', city: '上海', amount: 200, cost: 100 },
];

/** What a person sees: every row's cell texts, on one page. */
const texts = (output: ReturnType<typeof expandReport>) =>
  reportPage(output, 1, 10_000).rows.map((row) => row.cells.map((cell) => cell?.text ?? ''));

describe('expandReport: grouped rows with subtotals (issue 39)', () => {
  const output = expandReport(sales, { sales: rows }, { year: 2026 });

  test('groups keep the order their first row comes in; each city, then each region, gets its subtotal', () => {
    expect(texts(output)).toEqual([
      ['2026年销售'],
      ['地区', '城市', '销售额', '成本', '毛利率'],
      ['华东', '上海', '100.00', '70', '30.0%'],
      ['华东', '上海', '200.00', '100', '50.0%'],
      ['', '城市小计', '300.00', '170', '43.3%'],
      ['华东', '杭州', '50.50', '45', '10.9%'],
      ['', '城市小计', '50.50', '45', '10.9%'],
      ['地区小计', '', '350.50', '3'],
      ['华北', '北京', '300.00', '200', '33.3%'],
      ['', '城市小计', '300.00', '200', '33.3%'],
      ['地区小计', '', '300.00', '1'],
      ['合计', '', '650.50', '200'],
    ]);
    expect(output.headerRows).toBe(2);
    expect(output.columns).toEqual([80, 80, 90, 90, 90]);
  });

  test('group cells merge down their group (the region over its inner subtotals); the title merge stays', () => {
    expect(output.merges).toEqual(
      expect.arrayContaining([
        { row: 0, col: 0, rowSpan: 1, colSpan: 5 },
        { row: 2, col: 1, rowSpan: 2, colSpan: 1 },
        { row: 2, col: 0, rowSpan: 5, colSpan: 1 },
        { row: 8, col: 0, rowSpan: 2, colSpan: 1 },
      ]),
    );
    // A group of one row is not merged.
    expect(output.merges.some((m) => m.row === 5 && m.col === 1)).toBe(false);
    expect(output.merges).toHaveLength(4);
  });

  test('subtotals are Excel SUBTOTALs over the group’s rows, so a total over them does not count them twice', () => {
    expect(output.rows[4]?.cells[2]).toMatchObject({ value: 300, formula: 'SUBTOTAL(9,C3:C4)' });
    expect(output.rows[7]?.cells[2]).toMatchObject({ value: 350.5, formula: 'SUBTOTAL(9,C3:C7)' });
    expect(output.rows[7]?.cells[3]).toMatchObject({ value: 3, formula: 'SUBTOTAL(3,D3:D7)' });
    expect(output.rows[11]?.cells[2]).toMatchObject({ value: 650.5, formula: 'SUBTOTAL(9,C3:C11)' });
    expect(output.rows[11]?.cells[3]).toMatchObject({ value: 200, formula: 'SUBTOTAL(4,D3:D11)' });
  });

  test('a row formula reads its own output row, in value and in its Excel form', () => {
    expect(output.rows[2]?.cells[4]).toMatchObject({ formula: '(C3-D3)/C3', value: 0.3, format: '0.0%' });
    expect(output.rows[4]?.cells[4]).toMatchObject({ formula: '(C5-D5)/C5' });
    expect(output.rows[2]?.cells[2]).toMatchObject({ value: 100, format: '#,##0.00' });
  });

  test('a condition that holds lays its style over the cell’s', () => {
    expect(output.rows[5]?.cells[4]?.style).toEqual({ color: '#FF0000' });
    expect(output.rows[2]?.cells[4]?.style).toBeUndefined();
    expect(output.rows[0]?.cells[0]?.style).toEqual({ bold: true });
  });

  test('no rows: the header, then subtotals nowhere and a total of nothing', () => {
    const empty = expandReport(sales, { sales: [] }, {});
    expect(texts(empty)).toEqual([['年销售'], ['地区', '城市', '销售额', '成本', '毛利率'], ['合计', '', '0.00', '']]);
    expect(empty.rows[2]?.cells[2]?.formula).toBeUndefined();
  });

  test('a drill cell carries the clicked row’s values as the target report’s parameters', () => {
    const drilled = expandReport(
      {
        rows: [
          {
            kind: 'detail',
            dataset: 'd',
            cells: [{ field: 'city', drill: { reportId: 'r2', parameters: [{ name: 'cityName', field: 'city' }] } }],
          },
        ],
      },
      { d: [{ city: '上海' }] },
    );
    expect(drilled.rows[0]?.cells[0]?.drill).toEqual({ reportId: 'r2', parameters: { cityName: '上海' } });
  });
});

describe('reportPage', () => {
  const output = expandReport(sales, { sales: rows }, { year: 2026 });

  test('later pages repeat the header; a group merge is cut at the page edge and goes on over the next', () => {
    const first = reportPage(output, 1, 3);
    expect(first).toMatchObject({ page: 1, pages: 4, total: 12 });
    expect(first.rows).toHaveLength(5);
    expect(first.merges).toEqual(
      expect.arrayContaining([
        { row: 2, col: 0, rowSpan: 3, colSpan: 1 },
        { row: 2, col: 1, rowSpan: 2, colSpan: 1 },
      ]),
    );
    const second = reportPage(output, 2, 3);
    expect(second.rows.map((r) => r.cells[1]?.text ?? '')).toEqual(['', '城市', '杭州', '城市小计', '']);
    expect(second.merges).toEqual(
      expect.arrayContaining([
        { row: 0, col: 0, rowSpan: 1, colSpan: 5 },
        { row: 2, col: 0, rowSpan: 2, colSpan: 1 },
      ]),
    );
    // The region cell at the top of page 2 still says which region it is.
    expect(second.rows[2]?.cells[0]?.text).toBe('华东');
  });

  test('a page past the end is the last; without repeating, later pages have no header', () => {
    expect(reportPage(output, 99, 3).page).toBe(4);
    expect(reportPage(output, 2, 3, false).rows[0]?.cells[1]?.text).toBe('杭州');
  });
});

describe('reportSheetProblems', () => {
  test('a sound template has none', () => {
    expect(reportSheetProblems(sales, ['sales'])).toEqual([]);
  });

  test('names what is wrong and where', () => {
    const problems = reportSheetProblems(
      {
        rows: [
          { kind: 'total', cells: [] },
          { kind: 'detail', dataset: 'nope', cells: [{ field: 'a' }, { text: '=A1+' }, { text: '=A3*2' }] },
          { kind: 'subtotal', groupColumn: 0, cells: [] },
          { kind: 'detail', cells: [] },
        ],
        merges: [
          { row: 0, col: 0, rowSpan: 9, colSpan: 1 },
          { row: 0, col: 0, rowSpan: 1, colSpan: 2 },
        ],
      },
      ['sales'],
    );
    expect(problems).toEqual([
      { key: 'noDetailAbove', row: 0 },
      { key: 'unknownDataset', row: 1, name: 'nope' },
      { key: 'badFormula', row: 1, col: 1 },
      { key: 'otherRowReference', row: 1, col: 2 },
      { key: 'groupColumn', row: 2 },
      { key: 'noDataset', row: 3 },
      { key: 'mergeOutside', row: 0, col: 0 },
      { key: 'mergeOverlap', row: 0, col: 0 },
    ]);
  });
});

describe('formats and columns', () => {
  test('numbers, percentages and dates as Excel formats show them', () => {
    expect(formatReportValue(1234567.891, '#,##0.00')).toBe('1,234,567.89');
    expect(formatReportValue(-1234.5, '#,##0')).toBe('-1,235');
    expect(formatReportValue(0.1234, '0.0%')).toBe('12.3%');
    expect(formatReportValue(0.1 + 0.2)).toBe('0.3');
    expect(formatReportValue(new Date(2026, 10, 30, 9, 5).getTime(), 'yyyy-mm-dd hh:mm')).toBe('2026-11-30 09:05');
    expect(formatReportValue('2026-01-02', 'yyyy/mm/dd')).toBe('2026/01/02');
    expect(formatReportValue('文本', '#,##0')).toBe('文本');
    expect(formatReportValue(null, '#,##0')).toBe('');
  });

  test('a date from the dataset shows as a date without a format of its own, and stays a date for Excel', () => {
    const layout: ReportLayout = {
      rows: [
        {
          kind: 'detail',
          dataset: 'd',
          cells: [{ field: 'at' }, { field: 'day' }, { field: 'at', format: 'yyyy/mm/dd' }],
        },
      ],
    };
    const at = new Date(2026, 10, 30, 9, 5, 7);
    const day = new Date(2026, 10, 30);
    const page = reportPage(expandReport(layout, { d: [{ at, day }] }), 1, 10);
    expect(page.rows[0]?.cells.map((cell) => cell?.text)).toEqual(['2026-11-30 09:05:07', '2026-11-30', '2026/11/30']);
    expect(page.rows[0]?.cells[0]).toMatchObject({ value: at.getTime(), format: 'yyyy-mm-dd hh:mm:ss' });
  });

  test('column letters both ways', () => {
    expect([0, 25, 26, 27, 99].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'CV']);
    expect(['A', 'z', 'AA', 'CV', 'A1'].map(columnIndex)).toEqual([0, 25, 26, 99, -1]);
  });
});
