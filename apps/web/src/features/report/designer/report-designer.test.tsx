import {
  expandReport,
  type ReportDraftInput,
  ReportDraftPreview,
  type ReportInfo,
  reportPage,
  reportSheetProblems,
} from '@platform/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../../app/query-client.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { type FakeRequest, renderInApp, signIn } from '../../../test-app.tsx';
import { checkAnswer } from '../../../test-wire.ts';
import { Workbench } from './ReportDesigner.tsx';

/**
 * The report designer (issue 39) against a faked server: binding a field from the live view's field
 * list, making a subtotal row from the row header's menu, merging a title, undo and redo with the
 * keyboard, and 保存 sending the whole definition. The fake live view runs the real engine over two
 * rows, so what the designer sends is what the server would fill.
 */

// The designer is a big tree for jsdom: a test takes seconds on a shared machine, and the live view
// answers after its debounce, so the waits are generous.
vi.setConfig({ testTimeout: 60_000 });

const base = '/api/ReportServer/Data';
const rows = [
  { region: '华东', city: '上海', amount: 1200 },
  { region: '华东', city: '杭州', amount: 800 },
];

const info: ReportInfo = {
  id: 'r1',
  fullName: '城市销售',
  enCode: 'city.sales',
  categoryId: 'c1',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  parameters: [{ name: 'year', label: '年份', jnpfKey: 'inputNumber', required: false, defaultValue: 2026 }],
  datasets: [{ name: 'sales', interfaceId: 'i1', parameterMap: [{ field: 'year', parameter: 'year' }] }],
  layout: {
    columns: [{ width: 100 }, { width: 100 }, { width: 100 }],
    rows: [
      { kind: 'static', cells: [{ text: '城市销售' }] },
      { kind: 'static', cells: [{ text: '地区' }, { text: '城市' }, { text: '金额' }] },
      { kind: 'static', cells: [] },
      { kind: 'static', cells: [] },
    ],
  },
  searchForm: { components: [] },
  creatorTime: 1_764_000_000_000,
  lastModifyTime: null,
};

const sent: FakeRequest[] = [];

/** The live view as the server answers it: the engine over `rows`, or the sheet's problems. */
function draftPreview(input: ReportDraftInput) {
  const layout = input.report.layout ?? {};
  const problems = reportSheetProblems(
    layout,
    (input.report.datasets ?? []).map((d) => d.name),
  ).map((p) => ({
    message: p.key,
    row: p.row,
    ...(p.col === undefined ? {} : { col: p.col }),
  }));
  const page = problems.length
    ? { columns: [], rows: [], merges: [], page: 1, pages: 1, total: 0 }
    : reportPage(expandReport(layout, { sales: rows }), 1, 50);
  return checkAnswer(
    ReportDraftPreview,
    {
      id: '',
      fullName: input.report.fullName ?? '',
      columns: page.columns,
      rows: page.rows,
      merges: page.merges,
      currentPage: page.page,
      pages: page.pages,
      total: page.total,
      frozenRows: layout.frozenRows ?? 0,
      page: layout.page ?? {},
      truncated: [],
      cap: 100_000,
      charts: [],
      fields: { sales: ['region', 'city', 'amount'] },
      problems,
    },
    'POST Actions/PreviewDraft',
  );
}

function stubServer() {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    sent.push({ url, init, method, path: url.pathname, query: url.searchParams, body });
    let data: unknown = null;
    let msg = '';
    if (url.pathname === `${base}/Actions/PreviewDraft`) data = draftPreview(body as unknown as ReportDraftInput);
    else if (method === 'PUT') msg = '更新成功';
    else if (url.pathname === `${base}/Selector`) data = { list: [] };
    else if (url.pathname === '/api/system/DataInterface/Selector') data = [];
    else if (url.pathname.includes('/GetParam/')) data = [];
    return new Response(JSON.stringify({ code: 200, msg, data }), { headers: { 'Content-Type': 'application/json' } });
  });
}

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['report', 'components']);
});
beforeEach(() => {
  sent.length = 0;
  queryClient.clear();
  signIn();
  stubServer();
});
afterEach(() => vi.unstubAllGlobals());

const grid = () => screen.getByRole('region', { name: '报表版式' });
const cell = (address: string) => within(grid()).getByLabelText(new RegExp(`^${address}( |$)`));
const click = (element: HTMLElement, init: { shiftKey?: boolean } = {}) =>
  fireEvent.pointerDown(element, { button: 0, ...init });
const rowKind = (row: number) => screen.getByRole('button', { name: new RegExp(`^第${row}行的类型`) });

/** The designer on `info`, its live view answered once (the fields listed). */
async function openDesigner() {
  const onClose = vi.fn();
  renderInApp(<Workbench info={info} onClose={onClose} />);
  await screen.findByRole('button', { name: 'city' }, { timeout: 10_000 });
  return { onClose };
}

describe('the report designer', () => {
  test('a field clicked in the data panel binds the selected cell and makes its row a detail row', async () => {
    await openDesigner();
    click(cell('B3'));
    fireEvent.click(screen.getByRole('button', { name: 'city' }));
    expect(cell('B3').textContent).toBe('[city]');
    expect(rowKind(3).textContent).toBe('明细');
    // Typing a binding works as the grid writes it.
    click(cell('C3'));
    fireEvent.keyDown(grid(), { key: '[' });
    const editor = screen.getByRole('textbox', { name: '编辑单元格C3' });
    fireEvent.change(editor, { target: { value: '[amount]' } });
    fireEvent.keyDown(editor, { key: 'Enter' });
    expect(cell('C3').textContent).toBe('[amount]');
  });

  test('a grouped detail row, a subtotal row chosen from the row header and SUM: the live view fills them', async () => {
    await openDesigner();
    click(cell('A3'));
    fireEvent.click(screen.getByRole('button', { name: 'region' }));
    click(cell('C3'));
    fireEvent.click(screen.getByRole('button', { name: 'amount' }));
    // 分组 on the region cell, in the properties panel.
    click(cell('A3'));
    fireEvent.click(within(screen.getByRole('complementary', { name: '属性' })).getByRole('switch'));
    expect(cell('A3').textContent).toBe('[region]分组');

    fireEvent.click(rowKind(4));
    fireEvent.click(await screen.findByRole('menuitem', { name: '小计' }));
    expect(rowKind(4).textContent).toBe('小计');
    click(cell('C4'));
    fireEvent.keyDown(grid(), { key: 'S' });
    const editor = screen.getByRole('textbox', { name: '编辑单元格C4' });
    fireEvent.change(editor, { target: { value: 'SUM(amount)' } });
    fireEvent.keyDown(editor, { key: 'Enter' });
    expect(cell('C4').textContent).toBe('SUM(amount)');

    // The live view shows the rows the engine fills: two cities and their region's subtotal of 2000.
    fireEvent.click(screen.getByRole('tab', { name: '预览' }));
    await waitFor(
      () => {
        const last = sent.filter((s) => s.path === `${base}/Actions/PreviewDraft`).at(-1);
        const layout = (last?.body.report as ReportDraftInput['report'] | undefined)?.layout;
        expect(layout?.rows?.[3]).toEqual({
          kind: 'subtotal',
          groupColumn: 0,
          cells: [null, null, { aggregate: 'sum' }],
        });
      },
      { timeout: 10_000 },
    );
    expect(await screen.findByText('2000', { selector: '.report-sheet td' }, { timeout: 10_000 })).toBeTruthy();
    // The parameters' defaults are what the draft runs with.
    expect(sent.at(-1)?.body.parameters).toEqual({ year: 2026 });
  });

  test('merge joins the selection, Ctrl+Z undoes it and Ctrl+Y does it again; 保存 sends the whole definition', async () => {
    const { onClose } = await openDesigner();
    click(cell('A1'));
    click(cell('C1'), { shiftKey: true });
    fireEvent.click(screen.getByRole('button', { name: '合并单元格' }));
    expect(cell('A1').getAttribute('colspan')).toBe('3');
    expect(within(grid()).queryByLabelText(/^B1/)).toBeNull();

    fireEvent.keyDown(grid(), { key: 'z', ctrlKey: true });
    expect(cell('A1').getAttribute('colspan')).toBeNull();
    expect(cell('B1')).toBeTruthy();
    fireEvent.keyDown(grid(), { key: 'y', ctrlKey: true });
    expect(cell('A1').getAttribute('colspan')).toBe('3');

    // Bold over the merged title from the toolbar, a border from the properties panel, then save.
    fireEvent.click(screen.getByRole('button', { name: '加粗' }));
    const properties = within(screen.getByRole('complementary', { name: '属性' }));
    expect((properties.getByRole('checkbox', { name: '加粗' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(properties.getByRole('checkbox', { name: '边框' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(1), { timeout: 10_000 });
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.path).toBe(`${base}/r1`);
    expect(put?.body).toMatchObject({
      fullName: '城市销售',
      enCode: 'city.sales',
      categoryId: 'c1',
      parameters: [{ name: 'year', label: '年份', jnpfKey: 'inputNumber', defaultValue: 2026 }],
      datasets: info.datasets,
      layout: { merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 3 }] },
    });
    expect((put?.body.layout as ReportInfo['layout'] | undefined)?.rows?.[0]?.cells[0]).toEqual({
      text: '城市销售',
      style: { bold: true, border: true },
    });
    // Saved (the title bar no longer says 未保存): closing asks nothing.
    await waitFor(() => expect(screen.queryByText('未保存')).toBeNull(), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    expect(onClose).toHaveBeenCalled();
  });

  test('closing with unsaved changes asks first; Delete clears and Escape leaves a cell as it was', async () => {
    const { onClose } = await openDesigner();
    click(cell('A2'));
    fireEvent.keyDown(grid(), { key: 'Delete' });
    expect(cell('A2').textContent).toBe('');
    click(cell('B2'));
    fireEvent.keyDown(grid(), { key: 'F2' });
    const editor = screen.getByRole('textbox', { name: '编辑单元格B2' });
    expect((editor as HTMLInputElement).value).toBe('城市');
    fireEvent.change(editor, { target: { value: '省份' } });
    fireEvent.keyDown(editor, { key: 'Escape' });
    expect(cell('B2').textContent).toBe('城市');

    fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    await screen.findByText('报表已修改但未保存，关闭后修改将丢失，是否继续?', undefined, { timeout: 10_000 });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
  });

  test('the live view lists the sheet problems; a click on one selects the row it names', async () => {
    await openDesigner();
    // A subtotal with no detail row above it cannot be filled.
    fireEvent.click(rowKind(4));
    fireEvent.click(await screen.findByRole('menuitem', { name: '小计' }));
    const problem = await screen.findByRole('button', { name: /^第4行: noDetailAbove/ }, { timeout: 10_000 });
    expect(screen.getByText('版式有1个问题')).toBeTruthy();
    click(cell('A1'));
    expect(screen.getByRole('heading', { name: '第1行' })).toBeTruthy();
    fireEvent.click(problem);
    expect(screen.getByRole('heading', { name: '第4行' })).toBeTruthy();
    expect(cell('A4').className).toContain('rd-focus');
  });
});
