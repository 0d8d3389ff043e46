import { EditorView } from '@codemirror/view';
import type {
  DataInterfaceDataRow,
  DataInterfaceLogRow,
  DataInterfaceParameter,
  DataInterfaceRow,
  DataInterfaceVariateRow,
} from '@platform/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { type FakeRequest, renderInApp, signIn, stubServer } from '../../test-app.tsx';
import { fakeDictionary, fakeModulePermission } from '../../test-wire.ts';
import DataInterfacePage from './pages/DataInterfacePage.tsx';

/**
 * The data interface screens (issue 14) against faked server answers: the list by category, the
 * editor (kind switch, SQL and JSON code editors, parameters, field mapping), preview with its
 * result table, the variables and the call log, as a person sees and uses them.
 */

const base = '/api/system/DataInterface';
const categories = { system: 'c-system', business: 'c-business' };
const stored = (id: string, fullName: string, fields: Partial<DataInterfaceRow> = {}): DataInterfaceRow => ({
  id,
  fullName,
  enCode: `code.${id}`,
  category: categories.system,
  type: 1,
  action: 3,
  hasPage: 0,
  isPostPosition: 0,
  sortCode: 0,
  enabledMark: 1,
  description: '',
  tenantId: '',
  dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql: 'select 1 as one' } }),
  dataCountJson: '',
  dataEchoJson: '',
  dataJsJson: '',
  dataExceptionJson: '',
  fieldJson: '[]',
  parameterJson: '[]',
  creatorTime: 1_764_000_000_000,
  lastModifyTime: null,
  ...fields,
});

let interfaces: DataInterfaceRow[];
let parameters: DataInterfaceParameter[];
let previewRows: DataInterfaceDataRow[];
let logRows: DataInterfaceLogRow[];
let variates: DataInterfaceVariateRow[];
const sent: FakeRequest[] = [];

function answer(method: string, path: string, query: URLSearchParams): unknown {
  if (path === '/api/system/DictionaryData/All')
    return {
      list: [
        fakeDictionary('DataInterfaceType', '数据接口分类', [
          [categories.system, '系统接口'],
          [categories.business, '业务接口'],
        ]),
      ],
    };
  if (method === 'GET' && path === base) {
    const category = query.get('category');
    const list = interfaces.filter((row) => !category || row.category === category);
    return { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } };
  }
  if (path.startsWith(`${base}/GetParam/`)) return parameters;
  if (path.endsWith('/Actions/Preview')) return previewRows;
  if (path.startsWith('/api/system/DataInterfaceLog/'))
    return { list: logRows, pagination: { currentPage: 1, pageSize: 20, total: 31 } };
  if (method === 'GET' && path.startsWith('/api/system/DataInterfaceVariate/')) return { list: variates };
  if (method === 'POST' && (path === base || path === '/api/system/DataInterfaceVariate')) return { id: 'new' };
  if (method === 'GET' && path.startsWith(`${base}/`)) return interfaces.find((row) => path.endsWith(`/${row.id}`));
  return undefined;
}

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['dataInterface', 'components']);
  // The editor library loads on first use; its first transform here takes seconds, which belong to
  // no test (a page's later editors find it loaded, as in the browser).
  await import('../../shared/components/code-editor/CodeMirrorEditor.tsx');
}, 60_000);
beforeEach(() => {
  sent.length = 0;
  queryClient.clear();
  interfaces = [
    stored('i1', '用户查询', { hasPage: 1 }),
    stored('i2', '性别选项', {
      type: 2,
      category: categories.business,
      enabledMark: 0,
      dataConfigJson: JSON.stringify({ staticData: '[{"id":"1","fullName":"男"}]' }),
    }),
  ];
  parameters = [];
  previewRows = [];
  logRows = [];
  variates = [];
  signIn();
  useShell.setState({
    permissionList: [fakeModulePermission('m-di', { button: ['btn_add', 'btn_edit', 'btn_remove'] })],
  });
  stubServer((request) => {
    sent.push(request);
    const msg = request.method === 'GET' ? '' : '保存成功';
    return { code: 200, msg, data: answer(request.method, request.path, request.query) };
  });
});
afterEach(() => vi.unstubAllGlobals());

const meta = { title: '数据接口', zhTitle: '数据接口', icon: '', moduleId: 'm-di' };
const renderPage = () => renderInApp(<DataInterfacePage />, { meta });
const calls = (method: string, path: string | RegExp) =>
  sent.filter((s) => s.method === method && (typeof path === 'string' ? s.path === path : path.test(s.path)));
const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const dialogTitled = async (title: string | RegExp) => {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
};
/** The antd Select's options now open (a dropdown outside the dialog). */
const chooseOption = async (text: string) => {
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1) as HTMLElement);
};
const openSelect = (select: HTMLElement) =>
  fireEvent.mouseDown(select.closest('.ant-select')?.querySelector('.ant-select-selector') ?? select);

/** The code editor a label names, once its library has loaded (the first load in a file can take seconds). */
const editorLabelled = async (scope: HTMLElement, label: string) =>
  waitFor(
    () => {
      const content = within(scope).getByRole('textbox', { name: label });
      expect(content.classList.contains('cm-content')).toBe(true);
      return content;
    },
    { timeout: 15_000 },
  );
const viewOf = (content: HTMLElement) => {
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor view');
  return view;
};
/**
 * Types as a keyboard would: the text goes in at the cursor, through the editor's own transaction
 * (happy-dom has no text input to contenteditable; the browser test types for real). Without
 * focus, since happy-dom answers the editor's selection write with a selectionchange at once.
 */
const typeInto = (content: HTMLElement, text: string) => {
  const view = viewOf(content);
  view.dispatch(view.state.replaceSelection(text), { userEvent: 'input.type' });
};

describe('the interface list (数据接口)', () => {
  test('shows each interface with its category name and kind; the category filter asks for that category', async () => {
    renderPage();
    const users = await row('用户查询');
    expect(within(users).getByText('code.i1')).toBeTruthy();
    expect(within(users).getByText('系统接口')).toBeTruthy();
    expect(within(users).getByText('SQL操作')).toBeTruthy();
    const genders = await row('性别选项');
    expect(within(genders).getByText('业务接口')).toBeTruthy();
    expect(within(genders).getByText('静态数据')).toBeTruthy();

    openSelect(screen.getByText('全部分类'));
    await chooseOption('业务接口');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('用户查询')).toBeNull());
    expect(screen.getByText('性别选项')).toBeTruthy();
    expect(calls('GET', base).at(-1)?.query.get('category')).toBe(categories.business);
  });
});

/** The page with 新建 opened: the dialog. */
async function openNew() {
  renderPage();
  await row('用户查询');
  fireEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
  return dialogTitled('新建');
}

/** 新建 opened, the interface named and filed under `category`: the dialog. */
async function newInterface(fullName: string, enCode: string, category: string) {
  const form = await openNew();
  fireEvent.change(within(form).getByLabelText('接口名称'), { target: { value: fullName } });
  fireEvent.change(within(form).getByLabelText('接口编码'), { target: { value: enCode } });
  openSelect(within(form).getByLabelText('分类'));
  await chooseOption(category);
  return form;
}

/** A new interface switched to static data: the dialog and its JSON editor. */
async function newStaticInterface() {
  const form = await newInterface('选项', 'options', '系统接口');
  fireEvent.click(within(form).getByText('静态数据'));
  return { form, editor: await editorLabelled(form, '静态数据') };
}

describe('the interface editor', () => {
  test('the kind switch shows the SQL editor, the JSON editor or the HTTP fields, and keeps what was typed', async () => {
    const form = await openNew();
    const sqlEditor = await editorLabelled(form, 'SQL语句');
    expect(sqlEditor.closest('[data-language]')?.getAttribute('data-language')).toBe('sql');
    typeInto(sqlEditor, 'select id from app_user');

    fireEvent.click(within(form).getByText('静态数据'));
    const jsonEditor = await editorLabelled(form, '静态数据');
    expect(jsonEditor.closest('[data-language]')?.getAttribute('data-language')).toBe('json');
    expect(within(form).queryByRole('textbox', { name: 'SQL语句' })).toBeNull();

    fireEvent.click(within(form).getByText('API操作'));
    expect(await within(form).findByLabelText('接口地址')).toBeTruthy();
    expect(within(form).getByLabelText('数据路径')).toBeTruthy();
    expect(within(form).getByText('GET')).toBeTruthy();
    expect(within(form).queryByRole('textbox', { name: '静态数据' })).toBeNull();

    fireEvent.click(within(form).getByText('SQL操作'));
    expect((await editorLabelled(form, 'SQL语句')).textContent).toBe('select id from app_user');
  });

  test('a parameter name must be a word (it becomes {name} in the statement); nothing is sent before', async () => {
    const form = await openNew();
    fireEvent.click(within(form).getByRole('button', { name: '添加参数' }));
    fireEvent.change(within(form).getByLabelText('参数名'), { target: { value: '1name' } });
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('参数名只能包含字母、数字和下划线，且不能以数字开头')).toBeTruthy();
    expect(await within(form).findByText('请输入SQL语句')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(within(form).queryByLabelText('参数名')).toBeNull());
    expect(calls('POST', base)).toHaveLength(0);
  });

  test('a new SQL interface is sent with its statement, parameters and field mapping', async () => {
    const form = await newInterface('水果', 'fruit', '业务接口');
    typeInto(await editorLabelled(form, 'SQL语句'), 'select id, name from fruit where name like {name}');

    fireEvent.click(within(form).getByRole('button', { name: '添加参数' }));
    fireEvent.change(within(form).getByLabelText('参数名'), { target: { value: 'name' } });
    fireEvent.change(within(form).getByLabelText('参数说明'), { target: { value: '名称' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: '必填' }));
    openSelect(within(form).getByLabelText('数据类型'));
    await chooseOption('整型');
    fireEvent.click(within(form).getByRole('button', { name: '添加映射' }));
    fireEvent.change(within(form).getByLabelText('返回字段'), { target: { value: 'name' } });
    fireEvent.change(within(form).getByLabelText('映射为'), { target: { value: 'fullName' } });
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(calls('POST', base)).toHaveLength(1));
    const body = calls('POST', base)[0]?.body ?? {};
    expect(body).toMatchObject({ fullName: '水果', enCode: 'fruit', category: categories.business, type: 1 });
    expect(JSON.parse(String(body.dataConfigJson))).toEqual({
      sqlData: { dbLinkId: '0', sql: 'select id, name from fruit where name like {name}' },
    });
    expect(JSON.parse(String(body.parameterJson))).toEqual([
      { id: '1', field: 'name', fieldName: '名称', dataType: 'int', required: 1, defaultValue: '' },
    ]);
    expect(JSON.parse(String(body.fieldJson))).toEqual([{ id: '1', field: 'name', defaultValue: 'fullName' }]);
  });

  test('static data that is not JSON is refused under the editor with its line and column', async () => {
    const { form, editor } = await newStaticInterface();
    typeInto(editor, '[\n  {"id": "1",}\n]');
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    const message = await within(form).findByText('JSON 格式有误：第 2 行第 14 列');
    // The error is the editor's description, and the editor says it is invalid.
    await waitFor(() => expect(editor.getAttribute('aria-invalid')).toBe('true'));
    expect(editor.getAttribute('aria-describedby')?.split(' ')).toContain(message.closest('[id]')?.id);
    expect(calls('POST', base)).toHaveLength(0);
  });

  test('static data must be an array or object; valid JSON is sent as the text typed', async () => {
    const { form, editor } = await newStaticInterface();
    typeInto(editor, '"text"');
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('静态数据须是 JSON 数组或对象')).toBeTruthy();

    const view = viewOf(editor);
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '[{"id":"1","fullName":"甲"}]' } });
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('POST', base)).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', base)[0]?.body.dataConfigJson))).toEqual({
      staticData: '[{"id":"1","fullName":"甲"}]',
    });
  });

  test('editing opens the stored statement in the SQL editor with its parameters', async () => {
    interfaces[0] = stored('i1', '用户查询', {
      dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql: 'select account from app_user' } }),
      parameterJson: JSON.stringify([
        { id: '1', field: 'account', fieldName: '账号', dataType: 'varchar', required: 1, defaultValue: 'admin' },
      ]),
    });
    renderPage();
    fireEvent.click(within(await row('用户查询')).getByRole('button', { name: /编\s*辑/ }));
    const form = await dialogTitled('编辑');
    await waitFor(async () =>
      expect((await editorLabelled(form, 'SQL语句')).textContent).toBe('select account from app_user'),
    );
    expect((within(form).getByLabelText('参数名') as HTMLInputElement).value).toBe('account');
    expect((within(form).getByLabelText('参数说明') as HTMLInputElement).value).toBe('账号');
    expect((within(form).getByLabelText('默认值') as HTMLInputElement).value).toBe('admin');
    expect((within(form).getByRole('checkbox', { name: '必填' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('the HTTP interface editor', () => {
  test('opens with its headers and query rows and sends them back, with a POST body template in the JSON editor', async () => {
    const api = {
      method: 1,
      url: 'https://api.example.com/weather',
      header: [{ field: 'Authorization', source: 3, defaultValue: 'Bearer abc' }],
      query: [{ field: 'city', source: 1, defaultValue: 'city' }],
      bodyType: 0,
      responsePath: 'data.list',
    };
    interfaces[0] = stored('i1', '天气', { type: 3, dataConfigJson: JSON.stringify({ apiData: api }) });
    renderPage();
    fireEvent.click(within(await row('天气')).getByRole('button', { name: /编\s*辑/ }));
    const form = await dialogTitled('编辑');
    await waitFor(() => expect((within(form).getByLabelText('接口地址') as HTMLInputElement).value).toBe(api.url));
    const names = within(form).getAllByLabelText('名称', { selector: 'input' }) as HTMLInputElement[];
    const values = within(form).getAllByLabelText('值', { selector: 'input' }) as HTMLInputElement[];
    expect(names.map((input) => input.value)).toEqual(['Authorization', 'city']);
    expect(values.map((input) => input.value)).toEqual(['Bearer abc', 'city']);
    // Where each value comes from: the header's is typed here, the query's is the parameter named `city`.
    expect(within(form).getByText('自定义')).toBeTruthy();
    expect(within(form).getByText('参数')).toBeTruthy();
    expect(within(form).queryByText('请求体')).toBeNull();

    fireEvent.click(within(form).getByText('POST'));
    fireEvent.click(await within(form).findByText('JSON'));
    typeInto(await editorLabelled(form, '请求体模板'), '{"city": "{city}"}');
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('PUT', `${base}/i1`)).toHaveLength(1));
    expect(JSON.parse(String(calls('PUT', `${base}/i1`)[0]?.body.dataConfigJson))).toEqual({
      apiData: { ...api, method: 2, bodyType: 3, body: '{"city": "{city}"}' },
    });
  });
});

describe('preview, variables and the call log', () => {
  test('preview asks for the parameters, runs with the values given and shows the rows as a table', async () => {
    parameters = [{ field: 'name', fieldName: '名称', dataType: 'varchar', defaultValue: 'ap', required: 0 }];
    previewRows = [
      { id: '1', name: 'apple', price: 3 },
      { id: '4', name: 'apricot', price: null },
    ];
    renderPage();
    fireEvent.click(within(await row('用户查询')).getByRole('button', { name: '预览' }));
    const preview = await dialogTitled('预览 - 用户查询');
    const value = (await within(preview).findByLabelText('名称')) as HTMLInputElement;
    expect(value.value).toBe('ap');
    fireEvent.change(value, { target: { value: "' or 1=1 --" } });
    fireEvent.click(within(preview).getByRole('button', { name: /执\s*行/ }));
    expect(await within(preview).findByText('共 2 行')).toBeTruthy();
    expect(calls('POST', `${base}/i1/Actions/Preview`)[0]?.body).toEqual({
      paramList: [{ field: 'name', defaultValue: "' or 1=1 --" }],
      origin: 'preview',
    });
    const headers = within(preview)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['id', 'name', 'price']));
    const apple = within(preview).getByText('apple').closest('tr') as HTMLElement;
    expect(within(apple).getByText('3')).toBeTruthy();
    expect(within(preview).getByText('apricot')).toBeTruthy();
  });

  test('an interface without parameters says so and previews on 执行', async () => {
    previewRows = [{ one: 1 }];
    renderPage();
    fireEvent.click(within(await row('用户查询')).getByRole('button', { name: '预览' }));
    const preview = await dialogTitled('预览 - 用户查询');
    expect(await within(preview).findByText('此接口没有参数')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: /执\s*行/ }));
    expect(await within(preview).findByText('共 1 行')).toBeTruthy();
    expect(calls('POST', `${base}/i1/Actions/Preview`)[0]?.body).toEqual({ paramList: [], origin: 'preview' });
  });

  test('the variables dialog lists {@name} with its value and adds a variable', async () => {
    variates = [
      {
        id: 'v1',
        interfaceId: 'i1',
        fullName: 'me',
        expression: '{@currentUser}',
        value: 'u-admin',
        creatorTime: 1_764_000_000_000,
      },
    ];
    renderPage();
    fireEvent.click(within(await row('用户查询')).getByRole('button', { name: '接口变量' }));
    const dialog = await dialogTitled('接口变量 - 用户查询');
    const me = (await within(dialog).findByText('{@me}')).closest('tr') as HTMLElement;
    expect(within(me).getByText('{@currentUser}')).toBeTruthy();
    expect(within(me).getByText('u-admin')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('变量名'), { target: { value: 'org' } });
    fireEvent.change(within(dialog).getByLabelText('表达式'), { target: { value: '{@currentOrganize}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '添加变量' }));
    await waitFor(() => expect(calls('POST', '/api/system/DataInterfaceVariate')).toHaveLength(1));
    expect(calls('POST', '/api/system/DataInterfaceVariate')[0]?.body).toEqual({
      interfaceId: 'i1',
      fullName: 'org',
      expression: '{@currentOrganize}',
    });
  });

  test('the call log shows who called, when, how long, how much and whether it succeeded, paged', async () => {
    const call = (id: string, fields: Partial<DataInterfaceLogRow>): DataInterfaceLogRow => ({
      id,
      interfaceId: 'i1',
      userId: 'u-admin',
      userName: '管理员/admin',
      invokTime: new Date(2026, 10, 25, 9, 30, 5).getTime(),
      invokWasteTime: 12,
      invokState: 1,
      invokSize: 2048,
      invokIp: '127.0.0.1',
      origin: 'preview',
      message: '',
      ...fields,
    });
    logRows = [
      call('l1', {}),
      call('l2', { userName: '张三/zhangsan', invokState: 0, invokWasteTime: 5003, message: '查询超时' }),
    ];
    renderPage();
    fireEvent.click(within(await row('用户查询')).getByRole('button', { name: '调用日志' }));
    const dialog = await dialogTitled('调用日志 - 用户查询');
    const first = (await within(dialog).findByText('管理员/admin')).closest('tr') as HTMLElement;
    expect(within(first).getByText('2026-11-25 09:30:05')).toBeTruthy();
    expect(within(first).getByText('12')).toBeTruthy();
    expect(within(first).getByText('2048')).toBeTruthy();
    expect(within(first).getByText('成功')).toBeTruthy();
    const failed = within(dialog).getByText('张三/zhangsan').closest('tr') as HTMLElement;
    expect(within(failed).getByText('失败').getAttribute('title')).toBe('查询超时');
    expect(within(dialog).getByText('共 31 条')).toBeTruthy();
    const asked = calls('GET', '/api/system/DataInterfaceLog/i1')[0]?.query;
    expect([asked?.get('currentPage'), asked?.get('pageSize')]).toEqual(['1', '20']);
  });
});
