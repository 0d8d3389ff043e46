import { PageOf, ReportImportResult, ReportInfo, ReportRow } from '@platform/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type TSchema, Type } from 'typebox';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { type FakeRequest, renderInApp, signIn } from '../../test-app.tsx';
import { checkAnswer, fakeDictionary, fakeModulePermission, wireResponse } from '../../test-wire.ts';
import ReportPage from './pages/ReportPage.tsx';

/**
 * The report definitions list (报表设计, issue 39) against faked server answers: the rows with their
 * category name and state, the 更多 actions asking the report list's questions and calling their
 * routes, and the basic-fields dialog that sends back the definition it read.
 */

const base = '/api/ReportServer/Data';
const categories = { business: 'c-business', system: 'c-system' };

/**
 * The report routes' answer schemas (as report.routes.ts declares them). The shared wire table
 * (test-wire.ts) does not list them yet, so this file checks its answers against them itself.
 */
const reportRoutes: [method: string, path: RegExp, answer: TSchema | null][] = [
  ['GET', /^\/api\/ReportServer\/Data$/, PageOf(ReportRow)],
  ['POST', /^\/api\/ReportServer\/Data$/, Type.Object({ id: Type.String() })],
  ['POST', /^\/api\/ReportServer\/Data\/Actions\/Import$/, ReportImportResult],
  ['GET', /^\/api\/ReportServer\/Data\/[^/]+\/Actions\/Export$/, Type.Object({ url: Type.String() })],
  ['POST', /^\/api\/ReportServer\/Data\/[^/]+\/Actions\/Copy$/, null],
  ['PUT', /^\/api\/ReportServer\/Data\/[^/]+\/Actions\/State$/, null],
  ['GET', /^\/api\/ReportServer\/Data\/[^/]+$/, ReportInfo],
  ['PUT', /^\/api\/ReportServer\/Data\/[^/]+$/, null],
  ['DELETE', /^\/api\/ReportServer\/Data\/[^/]+$/, null],
];

const stored = (id: string, fullName: string, fields: Partial<ReportRow> = {}): ReportRow => ({
  id,
  fullName,
  enCode: `report.${id}`,
  categoryId: categories.business,
  creatorUser: '管理员/admin',
  creatorTime: 1_764_000_000_000,
  lastModifyTime: null,
  sortCode: 0,
  enabledMark: 1,
  ...fields,
});

/** A definition as `GET {id}` answers it: one parameter feeding one dataset, and a sheet. */
const definition = (row: ReportRow): ReportInfo => ({
  id: row.id,
  fullName: row.fullName,
  enCode: row.enCode,
  categoryId: row.categoryId,
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: '按地区汇总',
  parameters: [{ name: 'region', label: '地区', jnpfKey: 'select', required: true, defaultValue: 'east' }],
  datasets: [{ name: 'sales', interfaceId: 'i-sales', parameterMap: [{ field: 'region', parameter: 'region' }] }],
  layout: { rows: [{ kind: 'static', cells: [{ text: '地区' }] }], merges: [] },
  searchForm: {
    components: [{ bindParameter: 'region', defaultValue: 'east', label: '地区', jnpfKey: 'select', required: true }],
  },
  creatorTime: row.creatorTime,
  lastModifyTime: row.lastModifyTime,
});

let reports: ReportRow[];
const sent: FakeRequest[] = [];

/** What the server answers a report call, and the message of a write. */
function answerReport(method: string, path: string, query: URLSearchParams): { msg: string; data?: unknown } {
  if (method === 'GET' && path === base) {
    const state = query.get('enabledMark');
    const list = reports.filter((row) => state === null || String(row.enabledMark) === state);
    return { msg: '', data: { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } } };
  }
  if (path.endsWith('/Actions/Copy')) return { msg: '复制成功' };
  if (path.endsWith('/Actions/State')) return { msg: '禁用成功' };
  if (path.endsWith('/Actions/Export')) return { msg: '', data: { url: '/api/file/Download/Temp/r1.json' } };
  if (method === 'GET') {
    const row = reports.find((r) => path === `${base}/${r.id}`);
    return { msg: '', data: row && definition(row) };
  }
  if (method === 'POST') return { msg: '新建成功', data: { id: 'r-new' } };
  if (method === 'PUT') return { msg: '更新成功' };
  return { msg: '删除成功' };
}

/** `fetch` replaced: report routes checked against `reportRoutes`, the rest through the shared wire table. */
function stubReportServer() {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const json = typeof init.body === 'string' && init.body.startsWith('{');
    const body = json ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    sent.push({ url, init, method, path: url.pathname, query: url.searchParams, body });
    if (!url.pathname.startsWith(base)) {
      const dictionaries = [
        fakeDictionary('ReportSort', '报表分类', [
          [categories.business, '业务报表'],
          [categories.system, '系统报表'],
        ]),
      ];
      return wireResponse(method, url, { code: 200, data: { list: dictionaries } });
    }
    const route = reportRoutes.find(([m, path]) => m === method && path.test(url.pathname));
    if (!route) throw new Error(`${method} ${url.pathname}: not a report route`);
    const { msg, data } = answerReport(method, url.pathname, url.searchParams);
    checkAnswer(route[2], data ?? null, `${method} ${url.pathname}`);
    return new Response(JSON.stringify({ code: 200, msg, data: data ?? null }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['report', 'components']);
});
beforeEach(() => {
  sent.length = 0;
  queryClient.clear();
  reports = [
    stored('r1', '销售汇总', { sortCode: 1 }),
    stored('r2', '库存明细', { categoryId: categories.system, enabledMark: 0, lastModifyTime: 1_764_100_000_000 }),
  ];
  signIn();
  useShell.setState({
    permissionList: [fakeModulePermission('m-report', { button: ['btn_add', 'btn_edit', 'btn_remove'] })],
  });
  stubReportServer();
});
afterEach(() => vi.unstubAllGlobals());

const meta = { title: '报表设计', zhTitle: '报表设计', icon: '', moduleId: 'm-report' };
const renderPage = () => renderInApp(<ReportPage />, { meta });
const calls = (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path);
const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const openSelect = (select: HTMLElement) =>
  fireEvent.mouseDown(select.closest('.ant-select')?.querySelector('.ant-select-selector') ?? select);
/** Opens a row's 更多 and chooses `item`. */
const chooseMore = async (rowName: string, item: string) => {
  fireEvent.click(within(await row(rowName)).getByRole('button', { name: /更多/ }));
  const entries = await screen.findAllByText(item, { selector: '.ant-dropdown-menu-title-content' });
  fireEvent.click(entries.at(-1) as HTMLElement);
};
/** The confirmation asking `question`, answered 确定. */
const confirmQuestion = async (question: string) => {
  const dialog = (await screen.findByText(question)).closest('.ant-modal') as HTMLElement;
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
};

describe('the report list (报表设计)', () => {
  test('shows each report with its code, category name, creator, times, sort and state tag', async () => {
    renderPage();
    const sales = await row('销售汇总');
    for (const text of ['report.r1', '业务报表', '管理员/admin', '启用']) {
      expect(within(sales).getByText(text)).toBeTruthy();
    }
    const stock = await row('库存明细');
    expect(within(stock).getByText('系统报表')).toBeTruthy();
    expect(within(stock).getByText('禁用')).toBeTruthy();
    // 创建时间 and 最后修改时间.
    expect(within(stock).getAllByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { selector: 'td' })).toHaveLength(2);
  });

  test('copy asks the report question, then posts to the copy route and shows the server message', async () => {
    renderPage();
    await chooseMore('销售汇总', '复制');
    await confirmQuestion('您确定要复制该报表, 是否继续?');
    await waitFor(() => expect(calls('POST', `${base}/r1/Actions/Copy`)).toHaveLength(1));
    expect(await screen.findByText('复制成功')).toBeTruthy();
  });

  test('the state entry disables an enabled report and enables a disabled one, each with its question', async () => {
    renderPage();
    await chooseMore('销售汇总', '禁用');
    await confirmQuestion('此操作将禁用该报表，是否继续?');
    await waitFor(() => expect(calls('PUT', `${base}/r1/Actions/State`)).toHaveLength(1));
    expect(await screen.findByText('禁用成功')).toBeTruthy();

    await chooseMore('库存明细', '启用');
    await confirmQuestion('此操作将启用该报表，是否继续?');
    await waitFor(() => expect(calls('PUT', `${base}/r2/Actions/State`)).toHaveLength(1));
  });

  test('export asks the report question, then downloads the address the server answers', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderPage();
    await chooseMore('销售汇总', '导出');
    await confirmQuestion('您确定要导出该报表, 是否继续?');
    await waitFor(() => expect(clicked).toEqual(['/api/file/Download/Temp/r1.json']));
    expect(calls('GET', `${base}/r1/Actions/Export`)).toHaveLength(1);
  });

  test('the state filter asks for enabled or disabled reports', async () => {
    renderPage();
    await row('库存明细');
    openSelect(screen.getByText('全部状态'));
    const options = await screen.findAllByText('启用', { selector: '.ant-select-item-option-content' });
    fireEvent.click(options.at(-1) as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('库存明细')).toBeNull());
    expect(
      sent
        .filter((s) => s.path === base)
        .at(-1)
        ?.query.get('enabledMark'),
    ).toBe('1');
  });
});

describe('the report dialog', () => {
  test('editing the basic fields sends back the parameters, datasets and layout it read', async () => {
    renderPage();
    fireEvent.click(within(await row('销售汇总')).getByRole('button', { name: /编\s*辑/ }));
    const form = (await screen.findByText('编辑', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(form).getByText(/报表的参数、数据集和版式在报表设计器中编辑/)).toBeTruthy();
    const name = within(form).getByLabelText('名称') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('销售汇总'));
    fireEvent.change(name, { target: { value: '销售汇总（新）' } });
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(calls('PUT', `${base}/r1`)).toHaveLength(1));
    const read = definition(reports[0] as ReportRow);
    expect(calls('PUT', `${base}/r1`)[0]?.body).toMatchObject({
      id: 'r1',
      fullName: '销售汇总（新）',
      enCode: 'report.r1',
      categoryId: categories.business,
      sortCode: 1,
      enabledMark: 1,
      description: '按地区汇总',
      parameters: read.parameters,
      datasets: read.datasets,
      layout: read.layout,
    });
    expect(await screen.findByText('更新成功')).toBeTruthy();
  });

  test('a new report is sent with its category and no definition (the designer fills it later)', async () => {
    renderPage();
    await row('销售汇总');
    fireEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = (await screen.findByText('新建', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '月报' } });
    fireEvent.change(within(form).getByLabelText('编码'), { target: { value: 'monthly' } });
    openSelect(within(form).getByLabelText('分类'));
    const options = await screen.findAllByText('系统报表', { selector: '.ant-select-item-option-content' });
    fireEvent.click(options.at(-1) as HTMLElement);
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(calls('POST', base)).toHaveLength(1));
    const body = calls('POST', base)[0]?.body ?? {};
    expect(body).toMatchObject({ fullName: '月报', enCode: 'monthly', categoryId: categories.system, enabledMark: 1 });
    expect(body).not.toHaveProperty('parameters');
    expect(body).not.toHaveProperty('layout');
  });
});
