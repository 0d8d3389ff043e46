import type { Envelope, PageData } from '@platform/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../app/query-client.tsx';
import { renderInApp, signIn } from '../../test-app.tsx';
import { fakeModulePermission, wireResponse } from '../../test-wire.ts';
import { http } from '../api/http.ts';
import { i18n } from '../i18n/index.ts';
import { useShell } from '../shell/shell-store.ts';
import { useColumnSettings } from './ColumnSettingsDrawer.tsx';
import { AddButton, CrudPage, useCrudList } from './crud.tsx';
import { useListQuery, useUnpagedListQuery } from './list.ts';
import { type CrudFormProps, RecordFormDialog, type RecordValues } from './record-form.tsx';

// --- A list page and its form built on the shared pieces, against a fake server -------------

interface Row {
  id: string;
  fullName: string;
  enCode: string;
  note: string;
  sortCode: number;
  enabledMark: number;
  description: string;
  creatorTime: number;
}
const stored: Row = {
  id: 'r1',
  fullName: '甲',
  enCode: 'a.1',
  note: '旧备注',
  sortCode: 3,
  enabledMark: 1,
  description: '说明',
  creatorTime: 0,
};

const api = {
  list: (query: object, signal?: AbortSignal) => http.get<PageData<Row>>('/api/t', { ...query }, { signal }),
  info: (id: string) => http.get<Row>(`/api/t/${id}`),
  create: (input: object) => http.post<Envelope<null>>('/api/t', input, { envelope: true }),
  update: (id: string, input: object) => http.put<Envelope<null>>(`/api/t/${id}`, input, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`/api/t/${id}`, undefined, { envelope: true }),
  toggle: (id: string) => http.put<Envelope<null>>(`/api/t/${id}/State`, undefined, { envelope: true }),
};

function TestForm(props: CrudFormProps<{ id?: string }>) {
  return (
    <RecordFormDialog
      {...props}
      queryKey={['t', 'info']}
      api={api}
      toInput={(values: RecordValues & { note?: string }) => ({ note: values.note ?? '' })}
      titles={['新建测试', '编辑测试']}
    >
      <Form.Item name="note" label="备注">
        <Input />
      </Form.Item>
    </RecordFormDialog>
  );
}

const initialSearch = { keyword: '' };
const settable = [
  { prop: 'fullName', label: '名称' },
  { prop: 'enCode', label: '编码' },
];

function TestPage() {
  const list = useListQuery<Row, typeof initialSearch>({
    queryKey: ['t', 'list'],
    fetch: (params, signal) => api.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<Row>(list);
  const settings = useColumnSettings('m1', settable);
  const columns = [
    { title: '名称', dataIndex: 'fullName', key: 'fullName', width: 120 },
    { title: '编码', dataIndex: 'enCode', key: 'enCode', width: 120 },
    crud.columns.stateSwitch({ width: 80, toggle: (row) => api.toggle(row.id) }),
    crud.columns.actions({
      width: 120,
      actions: (row) => [crud.edit({ id: row.id }), crud.remove(() => api.remove(row.id))],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      columnSettings={settings}
      actions={<AddButton onClick={() => crud.open({})} />}
    >
      <TestForm {...crud.form} />
    </CrudPage>
  );
}

type Answer = { code: number; msg: string; data?: unknown };
let answers: Record<string, Answer> = {};
/** While set, the fake server holds its answers until it resolves. */
let hold: Promise<void> | undefined;
const calls: { method: string; path: string; query: URLSearchParams; body?: Record<string, unknown> }[] = [];
const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});
beforeEach(() => {
  calls.length = 0;
  hold = undefined;
  queryClient.clear();
  signIn();
  grant('btn_add', 'btn_edit', 'btn_remove');
  answers = {
    'GET /api/t': {
      code: 200,
      msg: 'Success',
      data: { list: [stored], pagination: { currentPage: 1, pageSize: 20, total: 1 } },
    },
    'GET /api/t/r1': { code: 200, msg: 'Success', data: stored },
    'POST /api/t': { code: 200, msg: '新建成功' },
    'PUT /api/t/r1': { code: 200, msg: '修改成功' },
    'DELETE /api/t/r1': { code: 200, msg: '删除成功' },
    'PUT /api/t/r1/State': { code: 200, msg: '更新成功' },
    'GET /api/permission/Authority/GetColumnsByModuleId/m1': { code: 200, msg: 'Success', data: { list: [] } },
    'PUT /api/permission/Authority/SetColumnsByModuleId': { code: 200, msg: 'Success' },
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    });
    if (hold && method !== 'GET') await hold;
    const answer = answers[`${method} ${url.pathname}`] ?? { code: 404, msg: 'not here' };
    // /api/t is the kit's made-up endpoint; the real routes it calls answer what the server declares.
    if (!url.pathname.startsWith('/api/t')) return wireResponse(method, url, answer);
    return new Response(JSON.stringify({ data: null, ...answer }), { headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

function grant(...buttons: string[]) {
  useShell.setState({ permissionList: [fakeModulePermission('m1', { button: buttons })] });
}

const meta = { title: '测试', zhTitle: '测试', icon: '', moduleId: 'm1' };
const renderIn = (element: ReactNode) => renderInApp(element, { meta });
const renderPage = () => renderIn(<TestPage />);
/** The form alone: `onClose` then `onSaved` (the list's refresh) are what a save ends with. */
function renderForm(target: { id?: string }) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderIn(<TestForm target={target} onClose={onClose} onSaved={onSaved} />);
  return { onClose, onSaved };
}
const closedThenRefreshed = async ({ onClose, onSaved }: ReturnType<typeof renderForm>) => {
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(onClose.mock.invocationCallOrder[0]).toBeLessThan(onSaved.mock.invocationCallOrder[0] as number);
};

const firstRow = async () => {
  await screen.findByText('a.1');
  return screen.getAllByRole('row')[1] as HTMLElement;
};
const confirmBox = async (question: string) => (await screen.findByText(question)).closest('.ant-modal') as HTMLElement;
const deleteQuestion = '此操作将永久删除该数据, 是否继续?';
const toast = (text: string) => screen.findByText(text, { selector: '.ant-message *' });
const dialog = async (title: string) => (await screen.findByText(title)).closest('.ant-modal') as HTMLElement;
const okOf = (box: HTMLElement) => within(box).getByRole('button', { name: /确\s*定/ });

describe('useCrudList and CrudPage (admin.md §4, §7 "Handling of answers", §8)', { timeout: 20_000 }, () => {
  test('the first page, the pager, the add button and the refresh', async () => {
    renderPage();
    await firstRow();
    expect(screen.getByText('共 1 条')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新\s*建/ })).toBeTruthy();
    expect(callsTo('GET', '/api/t')[0]?.query.get('pageSize')).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(callsTo('GET', '/api/t')).toHaveLength(2));
  });

  test('delete asks the spec question, shows the server message and refreshes the list', async () => {
    renderPage();
    fireEvent.click(within(await firstRow()).getByRole('button', { name: '删除' }));
    fireEvent.click(okOf(await confirmBox(deleteQuestion)));
    expect(await toast('删除成功')).toBeTruthy();
    expect(callsTo('DELETE', '/api/t/r1')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET', '/api/t')).toHaveLength(2));
  });

  test('cancelling the question sends nothing', async () => {
    renderPage();
    fireEvent.click(within(await firstRow()).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await confirmBox(deleteQuestion)).getByRole('button', { name: /取\s*消/ }));
    // A delete the cancel started would be asked for before the refresh clicked after it.
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(callsTo('GET', '/api/t')).toHaveLength(2));
    expect(callsTo('DELETE', '/api/t/r1')).toHaveLength(0);
  });

  test('a refused delete (already toasted by the request layer) does not refresh the list', async () => {
    answers['DELETE /api/t/r1'] = { code: 400, msg: '该数据已被引用' };
    renderPage();
    fireEvent.click(within(await firstRow()).getByRole('button', { name: '删除' }));
    fireEvent.click(okOf(await confirmBox(deleteQuestion)));
    expect(await toast('该数据已被引用')).toBeTruthy();
    expect(callsTo('GET', '/api/t')).toHaveLength(1);
  });

  test('the state switch asks to disable, toggles and refreshes', async () => {
    renderPage();
    const toggle = within(await firstRow()).getByRole('switch', { name: '禁用' });
    expect(toggle.hasAttribute('disabled')).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(okOf(await confirmBox('您确定要禁用当前数据吗, 是否继续?')));
    expect(await toast('更新成功')).toBeTruthy();
    expect(callsTo('PUT', '/api/t/r1/State')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET', '/api/t')).toHaveLength(2));
  });

  test('without btn_edit and btn_remove: no edit, no delete, the switch is off', async () => {
    grant('btn_add');
    renderPage();
    const row = await firstRow();
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(row).getByRole('switch').hasAttribute('disabled')).toBe(true);
  });

  test('column settings: a failed save puts the previous columns back (admin.md §4)', async () => {
    answers['PUT /api/permission/Authority/SetColumnsByModuleId'] = { code: 500, msg: '保存失败' };
    renderPage();
    await firstRow();
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const drawer = (await screen.findByText('列表显示设置')).closest('.ant-drawer') as HTMLElement;
    fireEvent.click(within(drawer).getByRole('checkbox', { name: '编码' }));
    expect(await toast('保存失败，已恢复原设置')).toBeTruthy();
    expect(within(drawer).getByRole('checkbox', { name: '编码' })).toHaveProperty('checked', true);
    expect(screen.getByRole('columnheader', { name: '编码' })).toBeTruthy();
  });
});

describe('RecordFormDialog and useRecordForm (admin.md §8: save success and failure)', { timeout: 20_000 }, () => {
  test('new: the defaults, a create with the common and the own fields, the message, close and refresh', async () => {
    const form = renderForm({});
    const box = await dialog('新建测试');
    expect(within(box).getByLabelText('排序')).toHaveProperty('value', '0');
    expect(within(box).getByRole('switch', { name: '状态' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.change(within(box).getByLabelText('名称'), { target: { value: ' 乙 ' } });
    fireEvent.change(within(box).getByLabelText('编码'), { target: { value: 'b.2' } });
    fireEvent.click(okOf(box));
    expect(await toast('新建成功')).toBeTruthy();
    expect(callsTo('POST', '/api/t')[0]?.body).toEqual({
      fullName: '乙',
      enCode: 'b.2',
      sortCode: 0,
      enabledMark: 1,
      description: '',
      note: '',
    });
    await closedThenRefreshed(form);
  });

  test('an invalid form sends nothing', async () => {
    const { onClose } = renderForm({});
    const box = await dialog('新建测试');
    fireEvent.click(okOf(box));
    expect(await within(box).findByText('请输入名称')).toBeTruthy();
    expect(callsTo('POST', '/api/t')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('edit: the record is loaded when the dialog opens, and saving sends an update of it', async () => {
    const form = renderForm({ id: 'r1' });
    const box = await dialog('编辑测试');
    await waitFor(() => expect(within(box).getByLabelText('名称')).toHaveProperty('value', '甲'));
    expect(within(box).getByLabelText('备注')).toHaveProperty('value', '旧备注');
    expect(callsTo('GET', '/api/t/r1')).toHaveLength(1);
    fireEvent.click(okOf(box));
    expect(await toast('修改成功')).toBeTruthy();
    expect(callsTo('PUT', '/api/t/r1')[0]?.body).toEqual({
      fullName: '甲',
      enCode: 'a.1',
      sortCode: 3,
      enabledMark: 1,
      description: '说明',
      note: '旧备注',
    });
    await closedThenRefreshed(form);
  });

  test('a failed save keeps the dialog open with what was typed and stops the button loading', async () => {
    answers['PUT /api/t/r1'] = { code: 400, msg: '名称已存在' };
    const { onClose, onSaved } = renderForm({ id: 'r1' });
    const box = await dialog('编辑测试');
    await waitFor(() => expect(within(box).getByLabelText('名称')).toHaveProperty('value', '甲'));
    fireEvent.change(within(box).getByLabelText('名称'), { target: { value: '丙' } });
    let answer = () => {};
    hold = new Promise((resolve) => {
      answer = resolve;
    });
    fireEvent.click(okOf(box));
    await waitFor(() => expect(okOf(box).className).toContain('ant-btn-loading'));
    answer();
    expect(await toast('名称已存在')).toBeTruthy();
    await waitFor(() => expect(okOf(box).className).not.toContain('ant-btn-loading'));
    expect(within(box).getByLabelText('名称')).toHaveProperty('value', '丙');
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('useUnpagedListQuery (trees and short lists)', () => {
  interface Node {
    id: string;
    children?: Node[];
  }
  function setup() {
    const fetch = vi.fn(async (_params: Record<string, unknown>, _signal: AbortSignal) => [
      { id: '1', children: [{ id: '2', children: [] }] },
    ]);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(
      () =>
        useUnpagedListQuery<Node, { keyword: string }, { systemId?: string }>({
          queryKey: ['tree'],
          fetch,
          initialSearch: { keyword: '' },
          initialFixed: { systemId: 's1' },
        }),
      { wrapper },
    );
    return { fetch, hook };
  }

  test('sends the search and the filters as they are, no paging; empty children are pruned', async () => {
    const { fetch, hook } = setup();
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(1));
    expect(fetch.mock.calls[0]?.[0]).toEqual({ keyword: '', systemId: 's1' });
    expect(hook.result.current.rows).toEqual([{ id: '1', children: [{ id: '2' }] }]);
    expect(hook.result.current.paged).toBe(false);
    act(() => hook.result.current.search({ keyword: ' 菜单 ' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith({ keyword: ' 菜单 ', systemId: 's1' }, expect.anything()),
    );
    act(() => hook.result.current.reset());
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ keyword: '', systemId: 's1' }, expect.anything()));
  });
});
