import { describe, expect, test } from 'vitest';
import type { ReportLayout } from '../schemas/report.ts';
import {
  reportAcrossLayout,
  reportAcrossProblems,
  reportAcrossValuesOf,
  sortedAcrossValues,
} from './report-crosstab.ts';
import { ReportPageKeeper } from './report-page.ts';
import { reportSheetProblems } from './report-problems.ts';
import { expandReport, type ReportFilledRow, ReportSheetFiller, reportRecordOrder } from './report-sheet.ts';

/** Sales by region and city (down) and quarter (right): a title, a header, the measure, a row total, region subtotals, a total. */
const crossTab: ReportLayout = {
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
        {
          field: 'amount',
          aggregate: 'sum',
          format: '#,##0',
          conditions: [{ op: '>=', value: 200, style: { color: '#FF0000' } }],
        },
        { field: 'amount', aggregate: 'sum', format: '#,##0' },
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
const sales = [
  { region: '华东', city: '上海', quarter: 'Q1', amount: 100 },
  { region: '华北', city: '北京', quarter: 'Q3', amount: 200 },
  { region: '华东', city: '杭州', quarter: 'Q1', amount: 30 },
  { region: '华东', city: '上海', quarter: 'Q2', amount: '50' },
  { region: '华东', city: '上海', quarter: 'Q1', amount: 20 },
];

const values = (rows: ReportFilledRow[]) => rows.map((row) => row.cells.map((cell) => cell?.value ?? null));

describe('cross-tab: cells that expand right (issue 39)', () => {
  const out = expandReport(crossTab, { sales });

  test('one column per quarter in order, each the template column’s width; the row total after them', () => {
    expect(out.columns).toEqual([80, 70, 90, 90, 90, 110]);
    expect(values(out.rows).slice(0, 2)).toEqual([
      ['季度销售', null, null, null, null, null],
      ['地区', '城市', 'Q1', 'Q2', 'Q3', '合计'],
    ]);
  });

  test('one row per city: each quarter sums its records, an empty intersection shows nothing; subtotals and the total sum each quarter', () => {
    expect(values(out.rows).slice(2)).toEqual([
      ['华东', '上海', 120, 50, null, 170],
      ['华东', '杭州', 30, null, null, 30],
      ['地区小计', null, 150, 50, 0, 200],
      ['华北', '北京', null, null, 200, 200],
      ['地区小计', null, 0, 0, 200, 200],
      ['总计', null, 150, 50, 200, 400],
    ]);
  });

  test('Excel keeps formulas: the row total is a SUM over the quarters, subtotals are SUBTOTALs over each quarter', () => {
    expect(out.rows[2]?.cells[5]?.formula).toBe('SUM(C3:E3)');
    expect(out.rows[4]?.cells[3]?.formula).toBe('SUBTOTAL(9,D3:D4)');
    expect(out.rows[7]?.cells[4]?.formula).toBe('SUBTOTAL(9,E3:E7)');
    expect(out.rows[7]?.cells[5]?.formula).toBe('SUBTOTAL(9,F3:F7)');
  });

  test('merges widen over the quarters; groups merge down; formats and conditions apply in every copy', () => {
    expect(out.merges).toContainEqual({ row: 0, col: 0, rowSpan: 1, colSpan: 6 });
    expect(out.merges).toContainEqual({ row: 2, col: 0, rowSpan: 2, colSpan: 1 });
    expect(out.rows[5]?.cells[4]).toMatchObject({ value: 200, format: '#,##0', style: { color: '#FF0000' } });
    expect(out.rows[4]?.cells[2]).toMatchObject({ format: '#,##0' });
  });

  test('the streamed engine over the wide template, paged, gives the same rows', () => {
    const wide = reportAcrossLayout(crossTab, reportAcrossValuesOf(crossTab, { sales }));
    const keeper = new ReportPageKeeper(2, 2, 3);
    const filler = new ReportSheetFiller(wide, {}, keeper);
    for (let block = filler.nextBlock(); block; block = filler.nextBlock())
      for (const index of reportRecordOrder(sales, block.groupFields)) filler.add(sales[index] as (typeof sales)[0]);
    const page = keeper.page(filler.columns);
    expect(page.pages).toBe(2);
    expect(page.rows.map((row) => row.cells.map((cell) => cell?.text ?? ''))).toEqual([
      ['季度销售', '', '', '', '', ''],
      ['地区', '城市', 'Q1', 'Q2', 'Q3', '合计'],
      ['华北', '北京', '', '', '200', '200'],
      ['地区小计', '', '0', '0', '200', '200'],
      ['总计', '', '150', '50', '200', '400'],
    ]);
  });

  test('an empty dataset: no quarter columns, the row total and the total row still there', () => {
    const empty = expandReport(crossTab, { sales: [] });
    expect(empty.columns).toEqual([80, 70, 110]);
    expect(values(empty.rows)).toEqual([
      ['季度销售', null, null],
      ['地区', '城市', '合计'],
      ['总计', null, 0],
    ]);
    expect(empty.merges).toEqual([{ row: 0, col: 0, rowSpan: 1, colSpan: 3 }]);
  });

  test('more than 100 columns in all is refused at the expanding cell, before any row', () => {
    const many = Array.from({ length: 98 }, (_, i) => ({ region: '华东', city: '上海', quarter: `M${i}`, amount: 1 }));
    expect(reportAcrossProblems(crossTab, reportAcrossValuesOf(crossTab, { sales: many.slice(0, 97) }))).toEqual([]);
    expect(reportAcrossProblems(crossTab, reportAcrossValuesOf(crossTab, { sales: many }))).toEqual([
      { key: 'tooManyColumns', row: 1, col: 2 },
    ]);
    expect(() => expandReport(crossTab, { sales: many })).toThrow(RangeError);
  });

  test('a detail row without a measure keeps a row per record, its value in its own quarter’s column', () => {
    const plain: ReportLayout = {
      rows: [
        { kind: 'static', cells: [{ text: '城市' }, { field: 'quarter', expand: 'right' }, { text: '合计' }] },
        { kind: 'detail', dataset: 'sales', cells: [{ field: 'city' }, { field: 'amount' }, { text: '=B2' }] },
      ],
    };
    const filled = expandReport(plain, { sales: sales.slice(0, 2) });
    expect(values(filled.rows)).toEqual([
      ['城市', 'Q1', 'Q3', '合计'],
      ['上海', 100, null, 100],
      ['北京', null, 200, 200],
    ]);
    expect(filled.rows[1]?.cells[3]?.formula).toBe('(B2+C2)');
  });

  test('values sort as numbers, then texts in natural order, an empty value last; 1 and "1" are one', () => {
    expect(sortedAcrossValues(['10月', null, '2月', 3, '1', 1, '1月'])).toEqual(['1', 3, '1月', '2月', '10月', null]);
  });

  test('an expanding cell must be a bound cell of a static row above a detail row', () => {
    const bad: ReportLayout = {
      rows: [
        { kind: 'static', cells: [{ text: '季度', expand: 'right' }] },
        { kind: 'detail', dataset: 'sales', cells: [{ field: 'amount', expand: 'right' }] },
        { kind: 'static', cells: [{ field: 'quarter', expand: 'right' }] },
      ],
    };
    expect(reportSheetProblems(bad, ['sales']).map((p) => [p.key, p.row, p.col])).toEqual([
      ['acrossNoField', 0, 0],
      ['acrossNotStatic', 1, 0],
      ['acrossNoDetail', 2, 0],
    ]);
  });
});
