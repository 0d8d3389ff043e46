import { describe, expect, test } from 'vitest';
import type { ReportLayout, ReportMerge } from '../schemas/report.ts';
import { ReportChartSums, ReportPageKeeper, reportChartData, reportPage } from './report-page.ts';
import { reportSheetProblems } from './report-problems.ts';
import { expandReport, type ReportFilledRow, ReportSheetFiller, reportRecordOrder } from './report-sheet.ts';
import { columnIndex, columnName, formatReportValue, type ReportValue } from './report-values.ts';

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

  test('a form drill cell carries the clicked row’s values by the form’s fields', () => {
    const drill = {
      target: 'form' as const,
      formId: 'f1',
      fields: [
        { name: 'city', field: 'cityName' },
        { name: 'amount', field: 'total' },
      ],
    };
    const drilled = expandReport(
      { rows: [{ kind: 'detail', dataset: 'd', cells: [{ field: 'cityName', drill }] }] },
      { d: [{ cityName: '杭州', total: 50 }] },
    );
    expect(drilled.rows[0]?.cells[0]?.drill).toEqual({
      target: 'form',
      formId: 'f1',
      values: { city: '杭州', amount: 50 },
    });
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

/** Region and city groups with each measure aggregated in every way, for the streaming checks. */
const measures: ReportLayout = {
  rows: [
    { kind: 'static', cells: [{ text: '地区' }, { text: '城市' }, { text: '金额' }, { text: '数量' }] },
    {
      kind: 'detail',
      dataset: 'd',
      cells: [{ field: 'region', group: true }, { field: 'city', group: true }, { field: 'amount' }, { field: 'qty' }],
    },
    { kind: 'subtotal', groupColumn: 1, cells: [null, { text: '小计' }, { aggregate: 'sum' }, { aggregate: 'avg' }] },
    {
      kind: 'subtotal',
      groupColumn: 0,
      cells: [{ field: 'region' }, null, { aggregate: 'min' }, { aggregate: 'max' }],
    },
    { kind: 'total', cells: [{ text: '合计' }, null, { aggregate: 'sum' }, { aggregate: 'count' }] },
    { kind: 'static', cells: [{ text: '完' }] },
  ],
};

/** `count` records over 4 regions and cities shared between them, shuffled (a fixed seed): groups far from contiguous. */
function shuffledSales(count: number) {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const records = Array.from({ length: count }, (_, i) => ({
    region: `R${Math.floor(random() * 4)}`,
    city: `C${Math.floor(random() * 5)}`,
    amount: Math.round(random() * 10000) / 100,
    qty: i % 7 === 0 ? null : Math.floor(random() * 50),
  }));
  return records;
}

/**
 * The sheet `measures` should give, worked out the plain way: every group collected first, its
 * figures computed over its records. An independent reading of the rules the engine streams.
 */
function expectedMeasures(records: ReturnType<typeof shuffledSales>) {
  const rows: { kind: string; values: ReportValue[]; formulas: (string | undefined)[] }[] = [
    { kind: 'static', values: ['地区', '城市', '金额', '数量'], formulas: [] },
  ];
  const merges: ReportMerge[] = [];
  const numbers = (list: typeof records, key: 'amount' | 'qty') =>
    list.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
  const firstComing = (list: typeof records, key: 'region' | 'city') => [...new Set(list.map((r) => r[key]))];
  for (const region of firstComing(records, 'region')) {
    const inRegion = records.filter((r) => r.region === region);
    const regionStart = rows.length;
    for (const city of firstComing(inRegion, 'city')) {
      const inCity = inRegion.filter((r) => r.city === city);
      const start = rows.length;
      for (const r of inCity) rows.push({ kind: 'detail', values: [r.region, r.city, r.amount, r.qty], formulas: [] });
      if (inCity.length > 1) merges.push({ row: start, col: 1, rowSpan: inCity.length, colSpan: 1 });
      const qty = numbers(inCity, 'qty');
      rows.push({
        kind: 'subtotal',
        values: [
          null,
          '小计',
          numbers(inCity, 'amount').reduce((a, b) => a + b, 0),
          qty.length ? qty.reduce((a, b) => a + b, 0) / qty.length : null,
        ],
        formulas: [
          undefined,
          undefined,
          `SUBTOTAL(9,C${start + 1}:C${rows.length})`,
          `SUBTOTAL(1,D${start + 1}:D${rows.length})`,
        ],
      });
    }
    const end = rows.length;
    merges.push({ row: regionStart, col: 0, rowSpan: end - regionStart, colSpan: 1 });
    const qty = numbers(inRegion, 'qty');
    rows.push({
      kind: 'subtotal',
      values: [region, null, Math.min(...numbers(inRegion, 'amount')), qty.length ? Math.max(...qty) : null],
      formulas: [
        undefined,
        undefined,
        `SUBTOTAL(5,C${regionStart + 1}:C${end})`,
        `SUBTOTAL(4,D${regionStart + 1}:D${end})`,
      ],
    });
  }
  const end = rows.length;
  rows.push({
    kind: 'total',
    // Summed in the sheet's order, as Excel's SUBTOTAL over the rows would.
    values: [
      '合计',
      null,
      rows.reduce((sum, row) => sum + (row.kind === 'detail' ? Number(row.values[2]) : 0), 0),
      numbers(records, 'qty').length,
    ],
    formulas: [undefined, undefined, `SUBTOTAL(9,C2:C${end})`, `SUBTOTAL(3,D2:D${end})`],
  });
  rows.push({ kind: 'static', values: ['完'], formulas: [] });
  return { rows, merges };
}

const plainRows = (rows: readonly ReportFilledRow[]) =>
  rows.map((row) => ({
    kind: row.kind,
    values: row.cells.map((cell) => cell?.value ?? null),
    formulas: row.cells.map((cell) => cell?.formula).filter(Boolean),
  }));

describe('the streaming engine (ReportSheetFiller)', () => {
  const records = shuffledSales(600);

  test('on shuffled records it gives what grouping them whole gives: groups, merges, subtotals, total, formulas', () => {
    const output = expandReport(measures, { d: records });
    const expected = expectedMeasures(records);
    const sortMerges = (list: ReportMerge[]) => [...list].sort((a, b) => a.row - b.row || a.col - b.col);
    expect(plainRows(output.rows)).toEqual(
      expected.rows.map((row) => ({ ...row, formulas: row.formulas.filter(Boolean) })),
    );
    expect(sortMerges(output.merges)).toEqual(sortMerges(expected.merges));
  });

  test('it gives each group as soon as the next begins, reading a generator lazily', () => {
    const order = reportRecordOrder(records, ['region', 'city']);
    let read = 0;
    function* ordered() {
      for (const index of order) {
        read++;
        yield records[index] as (typeof records)[number];
      }
    }
    const given: ReportFilledRow[] = [];
    let merges = 0;
    const filler = new ReportSheetFiller(measures, {}, { row: (row) => given.push(row), merge: () => merges++ });
    const block = filler.nextBlock();
    expect(block).toEqual({ dataset: 'd', groupFields: ['region', 'city'] });
    const source = ordered();
    const firstCity = records.filter((r) => r.region === records[0]?.region && r.city === records[0]?.city).length;
    for (let i = 0; i <= firstCity; i++) filler.add(source.next().value as (typeof records)[number]);
    // The first city closed when the second city's first record came: its rows, merge and subtotal are out.
    expect(read).toBe(firstCity + 1);
    expect(given.map((row) => row.kind)).toEqual(['static', ...Array(firstCity).fill('detail'), 'subtotal', 'detail']);
    expect(merges).toBe(1);
    for (let next = source.next(); !next.done; next = source.next()) filler.add(next.value);
    expect(filler.nextBlock()).toBeNull();
    expect(given).toHaveLength(expectedMeasures(records).rows.length);
  });

  test('records from in-memory datasets are put in group order, stable', () => {
    const list = [
      { g: 'b', n: 1 },
      { g: 'a', n: 2 },
      { g: 'b', n: 3 },
      { g: 1, n: 4 },
      { g: 'a', n: 5 },
      { g: '1', n: 6 },
    ];
    expect(reportRecordOrder(list, ['g']).map((i) => list[i]?.n)).toEqual([1, 3, 2, 5, 4, 6]);
  });

  test('a page kept from the stream is the page cut from the whole sheet', () => {
    const output = expandReport(measures, { d: records });
    for (const [page, size, repeat] of [
      [1, 10, true],
      [3, 7, true],
      [5, 25, false],
      [999, 40, true],
    ] as const) {
      const keeper = new ReportPageKeeper(output.headerRows, page, size, repeat);
      const filler = new ReportSheetFiller(measures, {}, keeper);
      for (let block = filler.nextBlock(); block; block = filler.nextBlock())
        for (const index of reportRecordOrder(records, block.groupFields))
          filler.add(records[index] as (typeof records)[number]);
      const streamed = keeper.page(filler.columns);
      const whole = reportPage(output, page, size, repeat);
      expect(streamed).toEqual(whole);
      // Cut from the whole sheet the plain way: the header, then the page's rows.
      const from = output.headerRows + (whole.page - 1) * size;
      expect(
        whole.rows.slice(whole.page === 1 || repeat ? output.headerRows : 0).map((r) => r.cells[2]?.value),
      ).toEqual(output.rows.slice(from, from + size).map((r) => r.cells[2]?.value));
    }
  });

  test('chart categories come in the order of their first record in the dataset, whatever order they are read in', () => {
    const chart = { type: 'bar' as const, dataset: 'd', category: 'city', values: ['amount'] };
    const list = [
      { region: 'A', city: 'x', amount: 1 },
      { region: 'B', city: 'y', amount: 2 },
      { region: 'A', city: 'z', amount: 3 },
      { region: 'B', city: 'x', amount: 4 },
    ];
    const sums = new ReportChartSums(chart);
    for (const index of reportRecordOrder(list, ['region'])) sums.add(list[index] as (typeof list)[number], index);
    expect(sums.figures()).toEqual(reportChartData(chart, list));
    expect(sums.figures()).toMatchObject({
      categories: ['x', 'y', 'z'],
      series: [{ name: 'amount', data: [5, 2, 3] }],
    });
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
