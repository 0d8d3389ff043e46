import { ReportInfo, ReportPreview, type ReportRunInput } from '@platform/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type TSchema, Type } from 'typebox';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { type FakeRequest, renderInApp, signIn } from '../../test-app.tsx';
import { checkAnswer } from '../../test-wire.ts';
import { ReportSheet } from './components/ReportSheet.tsx';
import ReportViewPage from './pages/ReportViewPage.tsx';

/**
 * The report viewer (issue 39), what a type-5 menu opens, against faked server answers: the sheet
 * drawn from a preview page (merges, styles, drill links), the search form's values sent typed,
 * the pager, the note of rows left out, the export with the parameters shown and a refusal shown
 * once in the page.
 */

// happy-dom has no canvas: ECharts draws nothing here, the charts' figures and titles are what is checked.
const drawnCharts = vi.hoisted(() => [] as unknown[]);
// happy-dom cannot draw a page into a picture: the PDF maker records the sheets it is given and says
// how far it is, or fails as a browser without canvas would.
const pdfMaker = vi.hoisted(() => ({ sheets: [] as string[], fails: false }));
vi.mock('../../shared/print-pdf.ts', () => ({
  printPdf: async (sheets: HTMLElement[], size: { width: number; height: number }, onPage: (done: number) => void) => {
    if (pdfMaker.fails) throw new Error('canvas 2d context unavailable');
    pdfMaker.sheets = sheets.map((sheet) => `${size.width}x${size.height} ${sheet.querySelectorAll('tr').length} rows`);
    for (let done = 1; done <= sheets.length; done++) onPage(done);
    return new Blob(['%PDF'], { type: 'application/pdf' });
  },
}));
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => ({
    setOption: (option: unknown) => drawnCharts.push(option),
    resize: () => undefined,
    dispose: () => undefined,
    getDataURL: () => 'data:image/png;base64,Y2hhcnQ=',
  }),
}));

const base = '/api/ReportServer/Data';
const day = new Date(2026, 0, 15).getTime();

/** The viewer's routes and their answer schemas (report.routes.ts); the shared wire table does not list them. */
const viewRoutes: [method: string, path: RegExp, answer: TSchema][] = [
  ['POST', /^\/api\/ReportServer\/Data\/[^/]+\/Actions\/Preview$/, ReportPreview],
  [
    'POST',
    /^\/api\/ReportServer\/Data\/[^/]+\/Actions\/ExportExcel$/,
    Type.Object({ name: Type.String(), url: Type.String() }),
  ],
  ['GET', /^\/api\/ReportServer\/Data\/[^/]+$/, ReportInfo],
];

const definition = (id: string, fullName: string, parameters: ReportInfo['parameters']): ReportInfo => ({
  id,
  fullName,
  enCode: `report.${id}`,
  categoryId: 'c-business',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  parameters,
  datasets: [],
  // Two static rows above the detail row, as previewOf's pages have: the header a print repeats.
  layout: {
    rows: [
      { kind: 'static', cells: [] },
      { kind: 'static', cells: [] },
      { kind: 'detail', cells: [] },
    ],
  },
  searchForm: {
    components: parameters.map((p) => ({
      bindParameter: p.name,
      defaultValue: p.defaultValue,
      label: p.label,
      jnpfKey: p.jnpfKey,
      required: p.required,
    })),
  },
  creatorTime: 1_764_000_000_000,
  lastModifyTime: null,
});

const reports: Record<string, ReportInfo> = {
  sales: definition('sales', '销售汇总', [
    { name: 'year', label: '年份', jnpfKey: 'inputNumber', required: true, defaultValue: 2026 },
    { name: 'region', label: '地区', jnpfKey: 'select', required: false, defaultValue: 'east' },
    { name: 'day', label: '日期', jnpfKey: 'datePicker', required: false, defaultValue: day },
    { name: 'closed', label: '已结', jnpfKey: 'switch', required: false, defaultValue: 1 },
  ]),
  detail: definition('detail', '地区明细', [
    { name: 'region', label: '地区', jnpfKey: 'input', required: false, defaultValue: '' },
  ]),
};

/** A preview page: a title merged over three columns, a header row, and one detail row per region. */
function previewOf(id: string, input: ReportRunInput, fields: Partial<ReportPreview> = {}): ReportPreview {
  const page = input.currentPage ?? 1;
  const region = String(input.parameters?.region ?? '');
  return {
    id,
    fullName: reports[id]?.fullName ?? id,
    columns: [120, 80, 100],
    rows: [
      { kind: 'static', cells: [{ text: `${reports[id]?.fullName} ${region}`, value: null }, null, null] },
      {
        kind: 'static',
        cells: [
          { text: '地区', value: '地区' },
          { text: '月份', value: '月份' },
          { text: '金额', value: '金额' },
        ],
      },
      {
        kind: 'detail',
        cells: [
          {
            text: `华东-${page}`,
            value: `华东-${page}`,
            drill: { reportId: 'detail', parameters: { region: 'east' } },
          },
          { text: '1月', value: '1月' },
          { text: '1,200.00', value: 1200, format: '#,##0.00' },
        ],
      },
    ],
    merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 3 }],
    currentPage: page,
    pages: 1,
    total: 3,
    frozenRows: 2,
    page: {},
    truncated: [],
    cap: 5000,
    charts: [],
    ...fields,
  };
}

const sent: FakeRequest[] = [];
/** What the next previews answer besides the default page (pages, truncation). */
let previewFields: Partial<ReportPreview> = {};
/** A refusal `GET {id}` answers instead of the definition. */
let refusal: string | null = null;

function stubViewServer() {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    sent.push({ url, init, method, path: url.pathname, query: url.searchParams, body });
    const route = viewRoutes.find(([m, path]) => m === method && path.test(url.pathname));
    if (!route) throw new Error(`${method} ${url.pathname}: not a report viewer route`);
    const id = url.pathname.slice(base.length + 1).split('/')[0] ?? '';
    let data: unknown;
    if (url.pathname.endsWith('/Actions/Preview')) data = previewOf(id, body as ReportRunInput, previewFields);
    else if (url.pathname.endsWith('/Actions/ExportExcel'))
      data = { name: '销售汇总.xlsx', url: '/api/file/Download/Temp/sales.xlsx' };
    else if (refusal) return Response.json({ code: 400, msg: refusal, data: null });
    else data = reports[id];
    checkAnswer(route[2], data, `${method} ${url.pathname}`);
    return Response.json({ code: 200, msg: '', data });
  });
}

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['report', 'components']);
});
beforeEach(() => {
  sent.length = 0;
  previewFields = {};
  refusal = null;
  drawnCharts.length = 0;
  queryClient.clear();
  signIn();
  stubViewServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const meta = { title: '销售汇总', zhTitle: '销售汇总', icon: '', moduleId: 'm-sales', relationId: 'sales' };
const renderView = () => renderInApp(<ReportViewPage />, { meta });
const previews = (id = 'sales') => sent.filter((s) => s.path === `${base}/${id}/Actions/Preview`);
const lastPreview = (id = 'sales') => previews(id).at(-1)?.body as ReportRunInput;
const defaults = { year: 2026, region: 'east', day, closed: 1 };

describe('the sheet (ReportSheet)', () => {
  const page = (fields: Partial<ReportPreview> = {}) => previewOf('sales', { parameters: { region: '' } }, fields);

  test('a merged cell spans its columns and rows; the cells it covers are not drawn', () => {
    const { container } = render(
      <ReportSheet
        page={page({
          merges: [
            { row: 0, col: 0, rowSpan: 1, colSpan: 3 },
            { row: 1, col: 1, rowSpan: 2, colSpan: 1 },
          ],
        })}
        onDrill={() => undefined}
      />,
    );
    const rows = container.querySelectorAll('tr');
    expect(rows).toHaveLength(3);
    const title = rows[0]?.querySelectorAll('td') ?? [];
    expect(title).toHaveLength(1);
    expect(title[0]?.colSpan).toBe(3);
    expect(title[0]?.textContent).toBe('销售汇总 ');
    const month = screen.getByText('月份').closest('td') as HTMLTableCellElement;
    expect(month.rowSpan).toBe(2);
    // The detail row lost the cell under 月份: 华东-1 and the amount remain.
    expect([...(rows[2]?.querySelectorAll('td') ?? [])].map((td) => td.textContent)).toEqual(['华东-1', '1,200.00']);
    expect([...container.querySelectorAll('col')].map((col) => col.style.width)).toEqual(['120px', '80px', '100px']);
  });

  test('each cell wears its style; a number sits on the right; the header rows stay on top', () => {
    const styled = page();
    const header = styled.rows[1]?.cells[2];
    if (header)
      header.style = {
        bold: true,
        italic: true,
        fontSize: 14,
        color: '#FF0000',
        background: '#FFFF00',
        align: 'center',
        border: true,
      };
    const { container } = render(<ReportSheet page={styled} onDrill={() => undefined} />);
    const amount = screen.getByText('金额').closest('td') as HTMLTableCellElement;
    expect(amount.style.fontWeight).toBe('600');
    expect(amount.style.fontStyle).toBe('italic');
    expect(amount.style.fontSize).toBe('14pt');
    expect(amount.style.color).toMatch(/#FF0000|rgb\(255, 0, 0\)/i);
    expect(amount.style.background).toMatch(/#FFFF00|rgb\(255, 255, 0\)/i);
    expect(amount.style.textAlign).toBe('center');
    expect(amount.style.border).toMatch(/1px solid/);
    expect((screen.getByText('1,200.00').closest('td') as HTMLTableCellElement).style.textAlign).toBe('right');
    // Two frozen rows in the head, the second held below the first.
    expect(container.querySelectorAll('thead tr')).toHaveLength(2);
    expect(amount.style.top).toBe('26px');
  });

  test('a drill cell is a link that hands over its report and parameters', () => {
    const onDrill = vi.fn();
    render(<ReportSheet page={page()} onDrill={onDrill} />);
    fireEvent.click(screen.getByRole('button', { name: '华东-1' }));
    expect(onDrill).toHaveBeenCalledWith({ reportId: 'detail', parameters: { region: 'east' } });
    expect(screen.queryByRole('button', { name: '1月' })).toBeNull();
  });
});

describe('the report viewer (a type-5 menu)', () => {
  test('runs the report with its defaults at open and shows the sheet', async () => {
    renderView();
    expect(await screen.findByText('华东-1')).toBeTruthy();
    expect(screen.getByText('销售汇总 east')).toBeTruthy();
    expect(previews()).toHaveLength(1);
    expect(lastPreview()).toEqual({ parameters: defaults, currentPage: 1, pageSize: 100 });
    expect((screen.getByLabelText('年份') as HTMLInputElement).value).toBe('2026');
    expect(screen.queryByText(/数据超过/)).toBeNull();
  });

  test('查询 sends what was typed, typed as the server reads it, from page 1; 重置 goes back to the defaults', async () => {
    renderView();
    await screen.findByText('华东-1');
    fireEvent.change(screen.getByLabelText('年份'), { target: { value: '2025' } });
    fireEvent.change(screen.getByLabelText('地区'), { target: { value: 'west' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('销售汇总 west');
    expect(lastPreview()).toEqual({
      parameters: { year: 2025, region: 'west', day, closed: 0 },
      currentPage: 1,
      pageSize: 100,
    });

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('销售汇总 east');
    expect(lastPreview()).toEqual({ parameters: defaults, currentPage: 1, pageSize: 100 });
  });

  test('a required parameter left empty is asked for, and the report is not run', async () => {
    renderView();
    await screen.findByText('华东-1');
    fireEvent.change(screen.getByLabelText('年份'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('请输入年份')).toBeTruthy();
    expect(previews()).toHaveLength(1);
  });

  test('warns when a dataset had more rows than the report reads', async () => {
    previewFields = { truncated: ['sales'], cap: 5000 };
    renderView();
    expect(await screen.findByText('数据超过5000行，只显示前5000行')).toBeTruthy();
  });

  test('draws each chart under its title; an untitled one is still named for screen readers', async () => {
    previewFields = {
      charts: [
        {
          title: '各地区销售额',
          type: 'bar',
          categories: ['华东', '华北'],
          series: [{ name: 'amount', data: [1, 2] }],
        },
        { title: '', type: 'pie', categories: ['华东'], series: [{ name: 'amount', data: [1] }] },
      ],
    };
    renderView();
    expect(await screen.findByText('各地区销售额')).toBeTruthy();
    expect(screen.getByRole('img', { name: '各地区销售额' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '图表' })).toBeTruthy();
    await waitFor(() => expect(drawnCharts).toHaveLength(2));
    expect(drawnCharts[0]).toMatchObject({
      xAxis: { data: ['华东', '华北'] },
      series: [{ type: 'bar', name: 'amount', data: [1, 2] }],
    });
    expect(drawnCharts[1]).toMatchObject({ series: [{ type: 'pie', data: [{ name: '华东', value: 1 }] }] });
  });

  test('the pager asks for the page chosen with the parameters shown', async () => {
    previewFields = { pages: 3, total: 250 };
    renderView();
    await screen.findByText('华东-1');
    expect(screen.getByText('共 250 行')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('华东-2')).toBeTruthy();
    expect(lastPreview()).toEqual({ parameters: defaults, currentPage: 2, pageSize: 100 });
  });

  test('导出Excel exports the report with the parameters shown and downloads the file', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderView();
    await screen.findByText('华东-1');
    fireEvent.change(screen.getByLabelText('地区'), { target: { value: 'north' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('销售汇总 north');
    fireEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(clicked).toEqual(['/api/file/Download/Temp/sales.xlsx']));
    const exports = sent.filter((s) => s.path === `${base}/sales/Actions/ExportExcel`);
    expect(exports.map((s) => s.body)).toEqual([{ parameters: { ...defaults, region: 'north' } }]);
    expect(await screen.findByText(/销售汇总\.xlsx/)).toBeTruthy();
  });

  test('打印 prints every page of the report on sheets of the page setup’s paper, the header once per sheet', async () => {
    const chart = {
      title: '各月金额',
      type: 'bar' as const,
      categories: ['1月'],
      series: [{ name: '金额', data: [1200] }],
    };
    previewFields = {
      pages: 2,
      charts: [chart],
      page: { paper: 'A3', orientation: 'landscape', margins: { top: 10, right: 8, bottom: 10, left: 8 } },
    };
    const printed: { printing: boolean; sheets: string[][]; pictures: string[][]; pageRule: string; paper: string }[] =
      [];
    // happy-dom has no print(): the stand-in records what the print dialog would see.
    vi.stubGlobal('print', () => {
      const copy = document.querySelector('body > .report-print');
      printed.push({
        printing: document.body.classList.contains('report-printing'),
        sheets: [...(copy?.querySelectorAll('.report-paper') ?? [])].map((sheet) =>
          [...sheet.querySelectorAll('tr')].map((tr) => tr.querySelector('td')?.textContent ?? ''),
        ),
        pictures: [...(copy?.querySelectorAll('.report-paper') ?? [])].map((sheet) =>
          [...sheet.querySelectorAll('img')].map((img) => `${img.alt} ${img.getAttribute('src')}`),
        ),
        pageRule: copy?.querySelector('style')?.textContent ?? '',
        paper: (copy?.querySelector('.report-paper') as HTMLElement | null)?.style.cssText ?? '',
      });
    });
    renderView();
    await screen.findByText('华东-1');
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    await waitFor(() => expect(printed).toHaveLength(1));
    // Both pages read, as large as the server answers, with the parameters shown.
    expect(
      previews()
        .slice(1)
        .map((s) => s.body),
    ).toEqual([
      { parameters: defaults, currentPage: 1, pageSize: 1000 },
      { parameters: defaults, currentPage: 2, pageSize: 1000 },
    ]);
    expect(printed[0]).toMatchObject({
      printing: true,
      // The second page's repeated title and header are not printed again on the same sheet.
      sheets: [['销售汇总 east', '地区', '华东-1', '华东-2']],
      // The chart, drawn as a picture (ECharts' own, still, for the paper), above the table.
      pictures: [['各月金额 data:image/png;base64,Y2hhcnQ=']],
      pageRule: '@page { size: 420mm 297mm; margin: 0; }',
    });
    expect(printed[0]?.paper).toContain('width: 420mm; height: 297mm; padding: 10mm 8mm;');
    // The copy stays until the print dialog is done.
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(document.querySelector('body > .report-print')).toBeNull());
    expect(document.body.classList.contains('report-printing')).toBe(false);
  });

  test('a long read for 打印 shows its pages and 取消 stops it', async () => {
    previewFields = { pages: 3 };
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderView();
    await screen.findByText('华东-1');
    // The second page of the whole report never comes, until it is cancelled.
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as ReportRunInput) : {};
      if (body.currentPage !== 2) return answering(input, init);
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    });
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(await screen.findByRole('button', { name: /正在读取 1 \/ 3 页/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await screen.findByRole('button', { name: /打\s*印/ });
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(print).not.toHaveBeenCalled();
    expect(document.querySelector('body > .report-print')).toBeNull();
  });

  test('a page the server refuses during 打印 is told with its message, and nothing is printed', async () => {
    previewFields = { pages: 2 };
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderView();
    await screen.findByText('华东-1');
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as ReportRunInput) : {};
      if (body.currentPage !== 2) return answering(input, init);
      return Promise.resolve(Response.json({ code: 400, msg: '无权查看该报表', data: null }));
    });
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(await screen.findByText('无权查看该报表')).toBeTruthy();
    expect(print).not.toHaveBeenCalled();
  });

  test('导出PDF draws the whole report’s sheets into <report name>.pdf; a failure is told in the person’s language', async () => {
    previewFields = { pages: 2, page: { paper: 'A5' } };
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined }));
    pdfMaker.fails = false;
    renderView();
    await screen.findByText('华东-1');
    fireEvent.click(screen.getByRole('button', { name: '导出PDF' }));
    await waitFor(() => expect(saved).toEqual(['销售汇总.pdf']));
    // One A5 sheet: the title, the header and both pages' rows.
    expect(pdfMaker.sheets).toEqual(['148x210 4 rows']);
    // Drawn off screen, and gone once saved.
    await waitFor(() => expect(document.querySelector('body > .report-print')).toBeNull());

    pdfMaker.fails = true;
    // The button may still wear its fading loading icon (antd's motion does not end in happy-dom).
    fireEvent.click(await screen.findByRole('button', { name: /导出PDF$/ }));
    expect(await screen.findByText('导出PDF失败，请重试')).toBeTruthy();
    expect(saved).toEqual(['销售汇总.pdf']);
  });

  test('a drill link opens the target report in a dialog, run with the clicked row’s values', async () => {
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: '华东-1' }));
    const dialog = (await screen.findByText('地区明细', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(await within(dialog).findByText('地区明细 east')).toBeTruthy();
    expect(lastPreview('detail')).toEqual({ parameters: { region: 'east' }, currentPage: 1, pageSize: 100 });
    const region = within(dialog).getByLabelText('地区') as HTMLInputElement;
    expect(region.value).toBe('east');
    // Its label points at it, not at the page's own 地区 under the dialog.
    expect(document.querySelectorAll(`[id="${region.id}"]`)).toHaveLength(1);
  });

  test('a report the caller may not open shows the server’s refusal once', async () => {
    refusal = '无权查看该报表';
    renderView();
    expect(await screen.findByText('无权查看该报表')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('无权查看该报表')).toHaveLength(1);
    expect(previews()).toHaveLength(0);
  });
});
