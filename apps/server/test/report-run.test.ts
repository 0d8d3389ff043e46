import { expandReport } from '@platform/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interfaceCategory } from './helpers/data-interfaces.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { grantMenu } from './helpers/grants.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Running reports (issue 39): a page of the filled sheet (groups merged, subtotals and a total,
 * formulas, charts), the Excel export read back, the parameters' defaults and required ones, and
 * who may open a report and run its dataset: administrators, its designers, holders of a report
 * menu (type 5) opening it, nobody else.
 */

const base = '/api/ReportServer/Data';
let t: TestApp;
let admin: Client;
let category: string;
let salesInterface: string;
let salesReport: string;

/** Sales of 2025 and 2026: three regions' cities; the interface reads one year (`{year}`). */
const salesSql = `select region, city, amount, cost from (values
  (1, '华东', '上海', 100, 70, 2026), (2, '华东', '杭州', 50, 45, 2026), (3, '华北', '北京', 300, 200, 2026),
  (4, '华东', '上海', 200, 100, 2026), (5, '华南', '广州', 80, 60, 2025)
) as s(seq, region, city, amount, cost, year) where year = {year} order by seq`;

/** Region and city groups, city subtotals, region subtotals and a total; a margin formula per row. */
const salesLayout = {
  columns: [{ width: 80 }, { width: 80 }, { width: 100 }, { width: 100 }, { width: 90 }],
  rows: [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a report parameter's placeholder, as a designer types it
    { kind: 'static', cells: [{ text: '${year}年销售', style: { bold: true, fontSize: 14 } }] },
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
        { text: '=(C3-D3)/C3', format: '0.0%' },
      ],
    },
    {
      kind: 'subtotal',
      groupColumn: 0,
      cells: [{ text: '地区小计' }, null, { aggregate: 'sum' }, { aggregate: 'sum' }],
    },
    { kind: 'total', cells: [{ text: '合计' }, null, { aggregate: 'sum' }, { aggregate: 'sum' }] },
  ],
  merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 5 }],
  charts: [{ title: '各地区销售额', dataset: 'sales', type: 'bar', category: 'region', values: ['amount'] }],
};

const report = (fields: Record<string, unknown> = {}) => ({
  fullName: '年度销售',
  enCode: 'sales.year',
  categoryId: category,
  parameters: [{ name: 'year', label: '年份', jnpfKey: 'inputNumber', required: true, defaultValue: 2026 }],
  datasets: [{ name: 'sales', interfaceId: salesInterface, parameterMap: [{ field: 'year', parameter: 'year' }] }],
  layout: salesLayout,
  ...fields,
});

interface PreviewCell {
  text: string;
  value: string | number | null;
  formula?: string;
}
interface Preview {
  fullName: string;
  rows: { kind: string; cells: (PreviewCell | null)[] }[];
  merges: { row: number; col: number; rowSpan: number; colSpan: number }[];
  currentPage: number;
  pages: number;
  total: number;
  truncated: string[];
  charts: { title: string; categories: string[]; series: { name: string; data: number[] }[] }[];
}

const preview = (client: Client, id: string, body: object = {}) =>
  client.post<Preview>(`${base}/${id}/Actions/Preview`, body);
const texts = (page: Preview) => page.rows.map((row) => row.cells.map((cell) => cell?.text ?? ''));

/** A report menu (type 5) of the main system opening report `reportId`, as the menu designer saves one. */
async function reportMenu(reportId: string, enCode: string) {
  const menu = await admin.post<string>('/api/system/Menu', {
    systemId: await mainSystemId(t),
    parentId: '-1',
    fullName: enCode,
    enCode,
    type: 5,
    urlAddress: `dataReport/${enCode}`,
    propertyJson: JSON.stringify({ moduleId: reportId }),
  });
  expect(menu, menu.msg).toMatchObject({ code: 200 });
}

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const entry = await t.app.db
    .selectFrom('dictionaryData as d')
    .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
    .select('d.id')
    .where('k.enCode', '=', 'ReportSort')
    .executeTakeFirstOrThrow();
  category = entry.id;
  const created = await admin.post<{ id: string }>('/api/system/DataInterface', {
    fullName: '年度销售',
    enCode: 'report.run.sales',
    category: await interfaceCategory(t),
    type: 1,
    action: 3,
    hasPage: 0,
    enabledMark: 1,
    sortCode: 0,
    dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql: salesSql } }),
    parameterJson: JSON.stringify([{ field: 'year', dataType: 'int', required: 0, fieldName: '年份' }]),
    fieldJson: '[]',
  });
  expect(created, created.msg).toMatchObject({ code: 200 });
  salesInterface = created.data!.id;
  const saved = await admin.post<{ id: string }>(base, report());
  expect(saved, saved.msg).toMatchObject({ code: 200 });
  salesReport = saved.data!.id;
});
afterAll(() => t.close());

describe('report preview', () => {
  test('the sheet is filled: groups merged down, region subtotals and a total over the year the parameter names', async () => {
    const reply = await preview(admin, salesReport, { parameters: { year: 2026 } });
    expect(reply, reply.msg).toMatchObject({ code: 200 });
    const page = reply.data!;
    expect(texts(page)).toEqual([
      ['2026年销售'],
      ['地区', '城市', '销售额', '成本', '毛利率'],
      ['华东', '上海', '100.00', '70', '30.0%'],
      ['华东', '上海', '200.00', '100', '50.0%'],
      ['华东', '杭州', '50.00', '45', '10.0%'],
      ['地区小计', '', '350.00', '215'],
      ['华北', '北京', '300.00', '200', '33.3%'],
      ['地区小计', '', '300.00', '200'],
      ['合计', '', '650.00', '415'],
    ]);
    expect(page).toMatchObject({ fullName: '年度销售', currentPage: 1, pages: 1, total: 9, truncated: [] });
    expect(page.merges).toEqual(
      expect.arrayContaining([
        { row: 0, col: 0, rowSpan: 1, colSpan: 5 },
        { row: 2, col: 0, rowSpan: 3, colSpan: 1 },
        { row: 2, col: 1, rowSpan: 2, colSpan: 1 },
      ]),
    );
    expect(page.rows[8]?.cells[2]).toMatchObject({ value: 650, formula: 'SUBTOTAL(9,C3:C8)' });
    expect(page.charts).toEqual([
      {
        title: '各地区销售额',
        type: 'bar',
        categories: ['华东', '华北'],
        series: [{ name: 'amount', data: [350, 300] }],
      },
    ]);
  });

  test('a parameter left out takes its default; another year reads other rows; pages repeat the header', async () => {
    expect(texts((await preview(admin, salesReport)).data!)[0]).toEqual(['2026年销售']);
    const other = (await preview(admin, salesReport, { parameters: { year: '2025' } })).data!;
    expect(texts(other).slice(2)).toEqual([
      ['华南', '广州', '80.00', '60', '25.0%'],
      ['地区小计', '', '80.00', '60'],
      ['合计', '', '80.00', '60'],
    ]);
    const second = (await preview(admin, salesReport, { parameters: { year: 2026 }, currentPage: 2, pageSize: 3 }))
      .data!;
    expect(second).toMatchObject({ currentPage: 2, pages: 3 });
    expect(texts(second).map((row) => row[0])).toEqual(['2026年销售', '地区', '地区小计', '华北', '地区小计']);
  });

  test('a required parameter left empty is refused by its label; bad input is refused by name', async () => {
    expect(await preview(admin, salesReport, { parameters: { year: '' } })).toMatchObject({
      code: 400,
      msg: '年份不能为空',
    });
    expect(await preview(admin, salesReport, { pageSize: 0 })).toMatchObject({ code: 400, msg: /pageSize/ });
    expect(await preview(admin, 'no-such-report')).toMatchObject({ code: 400 });
  });

  test('a sheet the engine cannot fill is refused on save, naming the problem, and nothing is stored', async () => {
    const rows = [{ kind: 'total', cells: [{ aggregate: 'sum' }] }];
    expect(await admin.post(base, report({ enCode: 'bad.sheet', layout: { rows } }))).toMatchObject({
      code: 400,
      msg: '第1行是小计或合计行，其上方须有明细行',
    });
    const formula = [{ kind: 'detail', dataset: 'sales', cells: [{ field: 'amount' }, { text: '=A2*2' }] }];
    expect(await admin.post(base, report({ enCode: 'bad.sheet', layout: { rows: formula } }))).toMatchObject({
      code: 400,
      msg: '单元格B1的公式只能引用本行的单元格',
    });
    const stored = await t.app.db.selectFrom('report').select('id').where('enCode', '=', 'bad.sheet').execute();
    expect(stored).toEqual([]);
  });
});

describe('a dataset whose groups are scattered', () => {
  /** 60 rows whose regions and cities interleave, the same city names in every region, some regions null. */
  const scattered = Array.from({ length: 60 }, (_, i) => ({
    region: i % 7 === 0 ? null : `R${(i * 7) % 3}`,
    city: `C${(i * 5) % 4}`,
    amount: i + 1,
  }));
  const scatteredSql = `select region, city, amount from (values ${scattered
    .map((r, i) => `(${i}, ${r.region === null ? 'null' : `'${r.region}'`}, '${r.city}', ${r.amount})`)
    .join(', ')}) as s(seq, region, city, amount) order by seq`;
  const block = (dataset: string, region: string) => [
    {
      kind: 'detail',
      dataset,
      cells: [{ field: region, group: true }, { field: 'city', group: true }, { field: 'amount' }],
    },
    { kind: 'subtotal', groupColumn: 1, cells: [null, { text: '小计' }, { aggregate: 'sum' }] },
    { kind: 'subtotal', groupColumn: 0, cells: [{ text: '地区' }, null, { aggregate: 'avg' }] },
    { kind: 'total', cells: [{ text: '合计' }, null, { aggregate: 'sum' }] },
  ];
  // The SQL block groups by `area`, the interface's name for its `region` column; the static block
  // below reads the same rows from memory.
  const layout = {
    rows: [
      { kind: 'static', cells: [{ text: 'SQL' }] },
      ...block('sql', 'area'),
      { kind: 'static', cells: [{ text: '静态' }] },
      ...block('fixed', 'region'),
    ],
  };

  test('groups by the order groups first come, through the SQL cursor as through memory, block after block', async () => {
    const made = async (enCode: string, fields: object) => {
      const reply = await admin.post<{ id: string }>('/api/system/DataInterface', {
        fullName: enCode,
        enCode,
        category: await interfaceCategory(t),
        action: 3,
        hasPage: 0,
        enabledMark: 1,
        sortCode: 0,
        parameterJson: '[]',
        fieldJson: '[]',
        ...fields,
      });
      expect(reply, reply.msg).toMatchObject({ code: 200 });
      return reply.data!.id;
    };
    const sqlId = await made('report.run.scattered', {
      type: 1,
      dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql: scatteredSql } }),
      fieldJson: JSON.stringify([{ field: 'region', defaultValue: 'area' }]),
    });
    const fixedId = await made('report.run.scattered.static', {
      type: 2,
      dataConfigJson: JSON.stringify({ staticData: JSON.stringify(scattered) }),
    });
    const saved = await admin.post<{ id: string }>(base, {
      ...report(),
      enCode: 'scattered',
      parameters: [],
      datasets: [
        { name: 'sql', interfaceId: sqlId },
        { name: 'fixed', interfaceId: fixedId },
      ],
      layout,
    });
    expect(saved, saved.msg).toMatchObject({ code: 200 });
    const reply = await preview(admin, saved.data!.id, { pageSize: 1000 });
    expect(reply, reply.msg).toMatchObject({ code: 200 });

    // What the engine gives the rows whole, in the statement's order.
    const whole = expandReport(layout as Parameters<typeof expandReport>[0], {
      sql: scattered.map(({ region, ...rest }) => ({ area: region, ...rest })),
      fixed: scattered,
    });
    const page = reply.data!;
    expect(page.total).toBe(whole.rows.length);
    expect(page.rows.map((row) => row.cells.map((cell) => cell?.value ?? null))).toEqual(
      whole.rows.map((row) => row.cells.map((cell) => cell?.value ?? null)),
    );
    expect(page.rows.map((row) => row.cells.map((cell) => cell?.formula ?? ''))).toEqual(
      whole.rows.map((row) => row.cells.map((cell) => cell?.formula ?? '')),
    );
    const sorted = (list: { row: number; col: number }[]) => [...list].sort((a, b) => a.row - b.row || a.col - b.col);
    expect(sorted(page.merges)).toEqual(sorted(whole.merges));
    // Each block: the regions as their first rows come (row 0 has none), each region's rows together.
    const regions = page.rows.filter((row) => row.kind === 'detail').map((row) => row.cells[0]?.value ?? null);
    for (const inBlock of [regions.slice(0, 60), regions.slice(60)]) {
      expect(inBlock.filter((region, i) => i === 0 || region !== inBlock[i - 1])).toEqual([null, 'R1', 'R2', 'R0']);
    }
  });
});

describe('a dataset past the row cap', () => {
  test('the SQL cursor reads the first rows the statement answers up to the cap, groups them, and names the cut', async () => {
    const capped = await adminApp({ dataInterface: { reportRowCap: 50 } });
    try {
      const made = await capped.admin.post<{ id: string }>('/api/system/DataInterface', {
        fullName: '截断',
        enCode: 'report.run.capped',
        category: await interfaceCategory(capped.t),
        type: 1,
        action: 3,
        hasPage: 0,
        enabledMark: 1,
        sortCode: 0,
        // 60 rows whose groups interleave; the statement's own order decides which 50 are read.
        dataConfigJson: JSON.stringify({
          sqlData: {
            dbLinkId: '0',
            sql: "select 'G' || (g % 3) as grp, g as amount from generate_series(1, 60) g order by g",
          },
        }),
        parameterJson: '[]',
        fieldJson: '[]',
      });
      expect(made, made.msg).toMatchObject({ code: 200 });
      const saved = await capped.admin.post<{ id: string }>(base, {
        fullName: '截断',
        enCode: 'capped',
        categoryId: (
          await capped.t.app.db
            .selectFrom('dictionaryData as d')
            .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
            .select('d.id')
            .where('k.enCode', '=', 'ReportSort')
            .executeTakeFirstOrThrow()
        ).id,
        datasets: [{ name: 'd', interfaceId: made.data!.id }],
        layout: {
          rows: [
            { kind: 'detail', dataset: 'd', cells: [{ field: 'grp', group: true }, { field: 'amount' }] },
            { kind: 'subtotal', groupColumn: 0, cells: [null, { aggregate: 'count' }] },
            { kind: 'total', cells: [null, { aggregate: 'sum' }] },
          ],
        },
      });
      expect(saved, saved.msg).toMatchObject({ code: 200 });
      const reply = await capped.admin.post<Preview>(`${base}/${saved.data!.id}/Actions/Preview`, { pageSize: 100 });
      expect(reply, reply.msg).toMatchObject({ code: 200, data: { truncated: ['d'], total: 54 } });
      const rows = reply.data!.rows;
      // G1 first (its first row is 1), then G2, then G0; 17, 17 and 16 of rows 1 to 50.
      expect(rows.filter((row) => row.kind === 'subtotal').map((row) => row.cells[1]?.value)).toEqual([17, 17, 16]);
      expect(rows.filter((row) => row.kind === 'detail').map((row) => row.cells[0]?.value)[0]).toBe('G1');
      expect(rows.at(-1)?.cells[1]?.value).toBe(1275);
    } finally {
      await capped.t.close();
    }
  });
});

describe("the designer's live view", () => {
  const draft = (layout: object, parameters: object = {}) =>
    admin.post<Preview & { fields: Record<string, string[]>; problems: { message: string; row: number }[] }>(
      `${base}/Actions/PreviewDraft`,
      {
        report: { fullName: '草稿', parameters: report().parameters, datasets: report().datasets, layout },
        parameters,
      },
    );

  test('a draft not yet saved is filled with the given parameter; its datasets name their fields', async () => {
    const reply = await draft(salesLayout, { year: 2025 });
    expect(reply, reply.msg).toMatchObject({ code: 200, data: { fullName: '草稿', problems: [] } });
    expect(reply.data!.fields).toEqual({ sales: ['region', 'city', 'amount', 'cost'] });
    expect(texts(reply.data!).at(-1)).toEqual(['合计', '', '80.00', '60']);
    // Nothing was stored by previewing.
    const stored = await t.app.db.selectFrom('report').select('id').where('fullName', '=', '草稿').execute();
    expect(stored).toEqual([]);
  });

  test('a sheet with problems answers them by cell, no rows, and still the fields to bind', async () => {
    const reply = await draft({
      rows: [
        { kind: 'detail', cells: [{ field: 'amount' }] },
        { kind: 'total', cells: [] },
      ],
    });
    expect(reply, reply.msg).toMatchObject({
      code: 200,
      data: { rows: [], problems: [{ message: '第1行是明细行，请选择数据集', row: 0 }] },
    });
    expect(reply.data!.fields.sales).toContain('amount');
  });

  test('only the report designers may preview a draft', async () => {
    await t.createUser({ account: 'report.stranger' });
    const stranger = await t.signIn('report.stranger', 'Passw0rd');
    const reply = await stranger.post(`${base}/Actions/PreviewDraft`, { report: { layout: salesLayout } });
    expect(reply).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await admin.post(`${base}/Actions/PreviewDraft`, { report: { layout: { rows: 'x' } } })).toMatchObject({
      code: 400,
      msg: /rows/,
    });
  });
});

describe('report export', () => {
  test('Excel gets real merged cells, the subtotal formulas with their results, and the number formats', async () => {
    const reply = await admin.post<{ name: string; url: string }>(`${base}/${salesReport}/Actions/ExportExcel`, {
      parameters: { year: 2026 },
    });
    expect(reply, reply.msg).toMatchObject({ code: 200, data: { name: '年度销售.xlsx' } });
    const file = await t.app.inject({ method: 'GET', url: reply.data!.url });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('年度销售');
    expect(sheet.getCell('A1').value).toBe('2026年销售');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    // The title spans five columns; 华东 spans its three rows; 上海 its two.
    expect(sheet.getCell('E1').isMerged && sheet.getCell('E1').master.address).toBe('A1');
    expect(sheet.getCell('A5').master.address).toBe('A3');
    expect(sheet.getCell('B4').master.address).toBe('B3');
    expect(sheet.getCell('B5').isMerged).toBe(false);
    expect(sheet.getCell('C3')).toMatchObject({ value: 100, numFmt: '#,##0.00' });
    expect(sheet.getCell('E3').value).toMatchObject({ formula: '(C3-D3)/C3', result: 0.3 });
    expect(sheet.getCell('C6').value).toMatchObject({ formula: 'SUBTOTAL(9,C3:C5)', result: 350 });
    expect(sheet.getCell('C9').value).toMatchObject({ formula: 'SUBTOTAL(9,C3:C8)', result: 650 });
    expect(sheet.getCell('A9').value).toBe('合计');
    // The header rows stay in view and print on every page.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(sheet.pageSetup.printTitlesRow).toBe('1:2');
  });
});

describe('who may open a report', () => {
  test('someone without a menu to it is refused the report and its dataset; a report menu opens both', async () => {
    const userId = await t.createUser({ account: 'report.reader' });
    const reader = await t.signIn('report.reader', 'Passw0rd');
    const options = () => reader.get(`/api/system/DataInterface/${salesInterface}/Actions/Options`);
    expect(await preview(reader, salesReport)).toMatchObject({ code: 400, msg: '无权查看该报表' });
    expect(await reader.get(`${base}/${salesReport}`)).toMatchObject({ code: 400, msg: '无权查看该报表' });
    expect(await reader.post(`${base}/${salesReport}/Actions/ExportExcel`, {})).toMatchObject({
      code: 400,
      msg: '无权查看该报表',
    });
    expect(await options()).toMatchObject({ code: 400, msg: '无权调用该数据接口' });

    await reportMenu(salesReport, 'report.menu.sales');
    await grantMenu(t, admin, userId, 'report.menu.sales');
    const opened = await preview(reader, salesReport);
    expect(opened, opened.msg).toMatchObject({ code: 200 });
    expect(texts(opened.data!).at(-1)).toEqual(['合计', '', '650.00', '415']);
    expect((await reader.get(`${base}/${salesReport}`)).data).toMatchObject({
      searchForm: { components: [{ bindParameter: 'year', defaultValue: 2026 }] },
    });
    expect(await options()).toMatchObject({ code: 200 });

    // Switched off, it opens only for its designers.
    expect(await admin.put(`${base}/${salesReport}/Actions/State`)).toMatchObject({ code: 200 });
    expect(await preview(reader, salesReport)).toMatchObject({ code: 400, msg: '报表已停用' });
    expect(await preview(admin, salesReport)).toMatchObject({ code: 200 });
    expect(await admin.put(`${base}/${salesReport}/Actions/State`)).toMatchObject({ code: 200 });
  });
});

describe('the 3.6 client’s preview page', () => {
  test('Report/preview.html is served to a frame without a session: texts in the asked language, its script beside it, no inline script', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/Report/preview.html?id=${salesReport}&token=x&page=1`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.body).toContain('"search":"查询"');
    expect(page.body).toContain('"export":"导出Excel"');
    expect(page.body).toContain('<script src="preview.js"></script>');
    // The page holds no data of the report: its script asks for it with the frame's token.
    expect(page.body).not.toContain('年度销售');
    const english = await t.app.inject({ method: 'GET', url: '/api/Report/preview.html?lang=en' });
    expect(english.body).toContain('"search":"Search"');
    const script = await t.app.inject({ method: 'GET', url: '/api/Report/preview.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('/Actions/Preview');
    expect(script.body).not.toContain('innerHTML');
  });
});
