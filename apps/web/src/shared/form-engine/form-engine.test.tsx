import type { FormDefinition, FormField, FormValues } from '@platform/shared';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider } from '../../app/query-client.tsx';
import { wireResponse } from '../../test-wire.ts';
import { i18n } from '../i18n/index.ts';
import { FormRenderer } from './FormRenderer.tsx';
import { allKindsDefinition } from './fixtures/all-kinds.ts';
import { jnpf36Definition } from './fixtures/jnpf36.ts';
import { FormEngineProvider } from './plugins.tsx';
import { FormStore } from './store.ts';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount(
  definition: FormDefinition,
  values: FormValues = {},
  mode: 'edit' | 'detail' = 'edit',
  disabled = false,
  plugins = true,
) {
  const store = new FormStore(definition, values);
  const form = <FormRenderer store={store} mode={mode} disabled={disabled} />;
  const view = render(
    <Providers>
      <QueryProvider>{plugins ? form : <FormEngineProvider>{form}</FormEngineProvider>}</QueryProvider>
    </Providers>,
  );
  return { store, view };
}

const f = (
  jnpfKey: string,
  name: string,
  label: string,
  config: Record<string, unknown> = {},
  rest: Record<string, unknown> = {},
) => ({ __vModel__: name, __config__: { jnpfKey, label, ...config }, ...rest }) as FormField;
const item = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;

const saved: FormValues = {
  name: '张三',
  phone: '13812345678',
  remark: '备注文本',
  secret: 'p@ss',
  price: 1234.5,
  qty: 2,
  budget: [0, 10],
  gender: '1',
  hobbies: ['1', '3'],
  level: '2',
  tags: ['1', '2'],
  city: ['fj', 'xm'],
  dept: 'hz',
  enabled: 1,
  score: 3,
  progress: 40,
  color: '#ff0000',
  birthday: new Date(2024, 0, 15).getTime(),
  alarm: '08:30:00',
  period: [new Date(2024, 0, 1).getTime(), new Date(2024, 0, 31).getTime()],
  hours: ['09:00', '18:00'],
  code: 'ABC123',
  content: '<p>正文<b>加粗</b></p><img src=x onerror="window.pwned=1">',
  sig: 'data:image/png;base64,iVBORw0KGgo=',
  files: [{ name: '合同.pdf', fileId: 'f1', url: '/api/file/x/合同.pdf', fileSize: 2048 }],
  photos: [{ name: 'a.png', fileId: 'p1', url: '/img/a.png' }],
  creator: '管理员/admin',
  createdAt: new Date(2024, 1, 2, 3, 4, 5).getTime(),
  org: '总公司',
  billNo: 'BH202401150001',
  items: [
    { item: '纸', unitPrice: 1000.5, count: 2 },
    { item: '笔', unitPrice: 2, count: 3 },
  ],
};

describe('the input renderer', () => {
  test('the every-kind definition renders each field with its label; noShow and app-only fields are left out', async () => {
    mount(allKindsDefinition);
    for (const label of [
      '姓名',
      '手机号',
      '单价',
      '金额',
      '性别',
      '爱好',
      '级别',
      '城市',
      '生日',
      '颜色',
      '签名',
      '附件',
      '图片',
      '单据编号',
      '物品',
      '合并单元格',
      '格子B',
      '页一字段',
      '面板字段',
      '卡片内字段',
    ]) {
      expect(screen.getAllByText(label).length, label).toBeGreaterThan(0);
    }
    expect(screen.queryByText('不显示')).toBeNull();
    expect(screen.queryByText('仅移动端')).toBeNull();
    expect(screen.getByText('基本信息')).toBeTruthy();
    expect(screen.getByText('这是一段说明文字')).toBeTruthy();
    expect(screen.getByText('帮助文档').getAttribute('href')).toBe('https://example.com/help');
    // The merged grid cell is swallowed by its neighbour's colspan.
    const cell = screen.getByText('合并单元格').closest('td') as HTMLTableCellElement;
    expect(cell.colSpan).toBe(2);
    expect(cell.closest('tr')?.children).toHaveLength(1);
    // Heavy widgets arrive lazily.
    await waitFor(() => expect(item('sig').querySelector('button')?.textContent).toContain('手写签名'));
  });

  test('typing into the number fields updates the calculate field with thousands and capitals; submit shows each message', async () => {
    const { store } = mount(allKindsDefinition);
    const price = document.getElementById('fe-price') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '1234.5' } });
    const qty = document.getElementById('fe-qty') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '2' } });
    expect(store.get('price')).toBe(1234.5);
    expect(store.get('amount')).toBe(2469);
    expect((document.getElementById('fe-amount') as HTMLInputElement).value).toBe('2,469.00');
    expect(within(item('amount')).getByText('贰仟肆佰陆拾玖元整')).toBeTruthy();
    act(() => {
      expect(store.validate()).toBe(false);
    });
    for (const message of [
      '姓名不能为空',
      '手机号不能为空',
      '性别不能为空',
      '爱好不能为空',
      '级别不能为空',
      '城市不能为空',
      '生日不能为空',
    ]) {
      expect(screen.queryAllByText(message).length, message).toBeGreaterThan(0);
    }
    expect(screen.queryByText('不显示不能为空')).toBeNull();
    // A regex rule shows its own message; fixing the value clears it.
    fireEvent.change(document.getElementById('fe-phone') as HTMLInputElement, { target: { value: '12' } });
    expect(await screen.findByText('请正确输入您的手机号')).toBeTruthy();
    fireEvent.focus(document.getElementById('fe-phone') as HTMLInputElement);
    fireEvent.change(document.getElementById('fe-phone') as HTMLInputElement, { target: { value: '13812345678' } });
    await waitFor(() => expect(screen.queryByText('请正确输入您的手机号')).toBeNull());
    // Not focused any more: the phone mask keeps the first 3 and last 4.
    fireEvent.blur(document.getElementById('fe-phone') as HTMLInputElement);
    expect((document.getElementById('fe-phone') as HTMLInputElement).value).toBe('138****5678');
    expect(store.get('phone')).toBe('13812345678');
  });

  test('value in, value out: input, textarea, radio, checkbox, switch, number range, password', () => {
    const { store } = mount(
      {
        fields: [
          f('input', 'a', 'A', {}, { addonBefore: 'pre', addonAfter: 'suf', maxlength: 10, showCount: true }),
          f('textarea', 'b', 'B'),
          f(
            'radio',
            'c',
            'C',
            {},
            {
              options: [
                { id: 'x', fullName: '甲' },
                { id: 'y', fullName: '乙' },
              ],
            },
          ),
          f(
            'checkbox',
            'd',
            'D',
            {},
            {
              options: [
                { id: 1, fullName: '一' },
                { id: 2, fullName: '二' },
              ],
            },
          ),
          f('switch', 'e', 'E', {}, { activeValue: 'on', inactiveValue: 'off' }),
          f('numRange', 'g', 'G', {}, { precision: 0 }),
          f('PsdInput', 'h', 'H'),
        ],
      },
      { a: 'hello', c: 'x', d: [2], e: 'off' },
    );
    const a = document.getElementById('fe-a') as HTMLInputElement;
    expect(a.value).toBe('hello');
    expect(screen.getByText('pre')).toBeTruthy();
    expect(screen.getByText('suf')).toBeTruthy();
    expect(screen.getByText('5 / 10')).toBeTruthy();
    fireEvent.change(a, { target: { value: 'world' } });
    expect(store.get('a')).toBe('world');
    fireEvent.change(document.getElementById('fe-b') as HTMLTextAreaElement, { target: { value: 'line' } });
    expect(store.get('b')).toBe('line');
    fireEvent.click(screen.getByLabelText('乙'));
    expect(store.get('c')).toBe('y');
    fireEvent.click(screen.getByLabelText('一'));
    expect(store.get('d')).toEqual([1, 2]);
    fireEvent.click(document.getElementById('fe-e') as HTMLElement);
    expect(store.get('e')).toBe('on');
    fireEvent.change(screen.getByLabelText('最小值'), { target: { value: '0' } });
    expect(store.get('g')).toEqual([0, null]);
    fireEvent.change(document.getElementById('fe-h') as HTMLInputElement, { target: { value: 'pw' } });
    expect(store.get('h')).toBe('pw');
    expect((document.getElementById('fe-h') as HTMLInputElement).type).toBe('password');
  });

  test('the sub-table adds, copies, removes, refuses batch remove with nothing selected, and sums', async () => {
    const itemsField = allKindsDefinition.fields.find((x) => x.__vModel__ === 'items') as FormField;
    const { store } = mount({ fields: [itemsField] }, { items: [{ item: '纸', unitPrice: 1000.5, count: 2 }] });
    const table = item('items');
    expect(within(table).getByText('合计')).toBeTruthy();
    // 1000.5 x 2 = 2001; the unit price sums to 1,000.50.
    expect(within(table).getAllByText('1,000.50').length).toBeGreaterThan(0);
    fireEvent.click(within(table).getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('请选择一条数据')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '复制' }));
    expect(store.get('items')).toHaveLength(2);
    fireEvent.click(within(table).getByRole('button', { name: /添加/ }));
    const rows = store.get('items') as FormValues[];
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ count: 1, subtotal: 0 });
    fireEvent.change(document.getElementById('fe-items-2-unitPrice') as HTMLInputElement, { target: { value: '3' } });
    expect((store.get('items') as FormValues[])[2]?.subtotal).toBe(3);
    fireEvent.click(within(table).getAllByRole('button', { name: '删除' })[0] as HTMLElement);
    expect(store.get('items')).toHaveLength(2);
    fireEvent.click(within(table).getByLabelText('序号 1'));
    fireEvent.click(within(table).getByRole('button', { name: /批量删除/ }));
    expect(store.get('items')).toHaveLength(1);
    cleanup();
    // Grouped headers: 价格 spans its two consecutive columns over a second header row.
    mount({
      fields: [{ ...itemsField, complexHeaderList: [{ label: '价格', childColumns: ['unitPrice', 'count'] }] }],
    });
    const group = screen.getByText('价格').closest('th') as HTMLTableCellElement;
    expect(group.colSpan).toBe(2);
    expect(document.querySelectorAll('thead tr')).toHaveLength(2);
    expect((screen.getByText('物品').closest('th') as HTMLTableCellElement).rowSpan).toBe(2);
  });

  test('upload before-checks: count, size and type messages; without a file service nothing is taken', async () => {
    const { store } = mount(
      {
        fields: [
          f('uploadFile', 'files', '附件', {}, { limit: 1, fileSize: 1, sizeUnit: 'KB', accept: '.pdf' }),
          f('uploadImg', 'imgs', '图片', {}, { fileSize: 1, sizeUnit: 'KB' }),
        ],
      },
      { files: [] },
    );
    const fileInput = screen.getByLabelText('上传文件') as HTMLInputElement;
    fireEvent.change(fileInput, { target: { files: [new File(['x'.repeat(2048)], 'a.pdf')] } });
    expect(await screen.findByText('文件大小超过1KB')).toBeTruthy();
    fireEvent.change(fileInput, { target: { files: [new File(['x'], 'a.exe')] } });
    expect(await screen.findByText('请选择pdf类型的文件')).toBeTruthy();
    const imageInput = screen.getByLabelText('上传图片') as HTMLInputElement;
    fireEvent.change(imageInput, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    fireEvent.change(imageInput, { target: { files: [new File(['x'.repeat(4096)], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByText('图片大小超过1KB')).toBeTruthy();
    expect(store.get('files')).toEqual([]);
    cleanup();
    mount(
      { fields: [f('uploadFile', 'files', '附件', {}, { limit: 1 })] },
      { files: [{ name: 'a.pdf', fileId: '1', url: '/a.pdf' }] },
    );
    fireEvent.change(screen.getByLabelText('上传文件'), { target: { files: [new File(['x'], 'b.pdf')] } });
    expect(await screen.findByText('当前限制最多可以上传1个文件')).toBeTruthy();
  });
});

describe('heavier kinds in the form', () => {
  test('value in: date, time, ranges, select, cascader, tree select, rate, slider, switch, colour show the stored values', async () => {
    mount(allKindsDefinition, saved);
    expect((document.getElementById('fe-birthday') as HTMLInputElement).value).toBe('2024-01-15');
    expect((document.getElementById('fe-alarm') as HTMLInputElement).value).toBe('08:30:00');
    const period = item('period').querySelectorAll('input');
    expect([...period].map((i) => i.value)).toEqual(['2024-01-01', '2024-01-31']);
    const hours = item('hours').querySelectorAll('input');
    expect([...hours].map((i) => i.value)).toEqual(['09:00', '18:00']);
    expect(within(item('level')).getByText('选项二')).toBeTruthy();
    expect(within(item('tags')).getByText('选项一')).toBeTruthy();
    expect(within(item('tags')).getByText('选项二')).toBeTruthy();
    expect(item('city').textContent).toContain('福建 / 厦门');
    expect(within(item('dept')).getByText('杭州')).toBeTruthy();
    expect(item('progress').querySelector('[role="slider"]')?.getAttribute('aria-valuenow')).toBe('40');
    expect(item('score').querySelectorAll('.ant-rate-star-full')).toHaveLength(3);
    expect(item('enabled').querySelector('[role="switch"]')?.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(item('color').textContent?.toLowerCase()).toContain('ff0000'));
    expect((document.getElementById('fe-creator') as HTMLInputElement).value).toBe('管理员/admin');
    expect((document.getElementById('fe-createdAt') as HTMLInputElement).value).toBe('2024-02-02 03:04:05');
    expect((document.getElementById('fe-modifier') as HTMLInputElement).placeholder).toBe('系统自动生成');
    // Barcode from the related field (alphanumeric) and the static QR code, both loaded on first use.
    await waitFor(() => expect(document.querySelector('svg[data-barcode="ABC123"]')).toBeTruthy());
    await waitFor(() => expect(document.querySelector('[data-qrcode="https://example.com"]')).toBeTruthy());
  });

  test('a barcode of non-alphanumeric text draws nothing; events as data hide a field; labels carry width and tips', async () => {
    const { store } = mount(
      {
        labelWidth: 120,
        fields: [
          f('input', 'code', '编码', { tipLabel: '条码的内容' }),
          { __config__: { jnpfKey: 'barcode', label: '条码' }, dataType: 'relation', relationField: 'code' },
          f(
            'radio',
            'kind',
            '类型',
            { labelWidth: 80 },
            {
              options: [
                { id: 'a', fullName: '甲' },
                { id: 'b', fullName: '乙' },
              ],
              on: { change: [{ action: 'toggleHidden', target: 'extra', when: 'b' }] },
            },
          ),
          f('input', 'extra', '补充'),
        ],
      },
      { code: 'AB 12' },
    );
    expect(screen.getByLabelText('条码的内容')).toBeTruthy();
    expect((screen.getByText('编码').closest('label') as HTMLElement).style.width).toBe('120px');
    expect((screen.getByText('类型').closest('label') as HTMLElement).style.width).toBe('80px');
    expect(document.querySelector('svg[data-barcode]')).toBeNull();
    act(() => store.set('code', 'AB12'));
    await waitFor(() => expect(document.querySelector('svg[data-barcode="AB12"]')).toBeTruthy());
    expect(screen.getByText('补充')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('乙'));
    expect(screen.queryByText('补充')).toBeNull();
  });

  test('a disabled form disables every control and the sub-table buttons; a field can be disabled alone', () => {
    const table = allKindsDefinition.fields.find((x) => x.__vModel__ === 'items') as FormField;
    mount(
      { fields: [f('input', 'a', 'A'), f('select', 'b', 'B', {}, { options: [{ id: '1', fullName: '一' }] }), table] },
      { items: [{ item: 'x' }] },
      'edit',
      true,
    );
    expect((document.getElementById('fe-a') as HTMLInputElement).disabled).toBe(true);
    expect(item('b').querySelector('.ant-select-disabled')).toBeTruthy();
    expect(within(item('items')).queryByRole('button')).toBeNull();
    cleanup();
    mount({ fields: [f('input', 'a', 'A', {}, { disabled: true }), f('input', 'c', 'C', {}, { readonly: true })] });
    expect((document.getElementById('fe-a') as HTMLInputElement).disabled).toBe(true);
    expect((document.getElementById('fe-c') as HTMLInputElement).readOnly).toBe(true);
  });

  test('signature: the pad opens in the 600 px dialog 请签名; confirming an empty pad warns 请签名', async () => {
    mount({ fields: [f('signature', 'sig', '签名')] });
    fireEvent.click(await screen.findByRole('button', { name: '手写签名' }));
    const dialog = await screen.findByRole('dialog', { name: '请签名' });
    expect(within(dialog).getByText('请在此区域使用鼠标手写签名')).toBeTruthy();
    const canvas = within(dialog).getByTestId('signature-canvas') as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([560, 300]);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('600px');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('请签名'));
  });
});

describe('dictionary options', () => {
  test('a select and a radio read their options from the cached all-dictionaries call, by id or enCode', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url.pathname);
      const entry = (id: string, enCode: string, fullName: string) => ({
        id,
        enCode,
        fullName,
        parentId: '0',
        hasChildren: false,
        children: [],
      });
      return wireResponse(init.method ?? 'GET', url, {
        code: 200,
        data: {
          list: [
            {
              id: 'd1',
              enCode: 'sex',
              fullName: '性别',
              isTree: 0,
              dictionaryList: [entry('e1', 'M', '男'), entry('e2', 'F', '女')],
            },
          ],
        },
      });
    });
    const { store } = mount(
      {
        fields: [
          f('radio', 'sex', '性别', { dataType: 'dictionary', dictionaryType: 'd1' }),
          f(
            'select',
            'sexCode',
            '性别代码',
            { dataType: 'dictionary', dictionaryType: 'sex' },
            { props: { value: 'enCode' } },
          ),
        ],
      },
      { sexCode: 'F' },
    );
    fireEvent.click(await screen.findByLabelText('女'));
    expect(store.get('sex')).toBe('e2');
    expect(within(item('sexCode')).getByText('女')).toBeTruthy();
    expect(calls).toEqual(['/api/system/DictionaryData/All']);
  });
});

describe('interface options with parameters', () => {
  test('a select fed by a data interface sends its parameters: a fixed value and another field’s value, read again when it changes', async () => {
    const bodies: { path: string; paramList: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body = JSON.parse(String(init.body ?? '{}')) as { paramList?: { field: string; defaultValue: string }[] };
      bodies.push({ path: url.pathname, paramList: body.paramList });
      const kind = body.paramList?.find((p) => p.field === 'kind')?.defaultValue ?? '';
      return wireResponse(init.method ?? 'GET', url, {
        code: 200,
        data: {
          list: [{ id: `${kind}1`, fullName: `${kind}类一号` }],
          pagination: { currentPage: 1, pageSize: 10000, total: 1 },
        },
      });
    });
    const template = [
      { field: 'kind', relationField: 'category', sourceType: 1, jnpfKey: 'input', defaultValue: '' },
      { field: 'limit', relationField: '', sourceType: 2, defaultValue: '5' },
      { field: 'note', relationField: '', sourceType: 3, defaultValue: 'x' },
    ];
    const { store } = mount(
      {
        fields: [
          f('input', 'category', '类别'),
          f('select', 'goods', '物品', { dataType: 'dynamic', propsUrl: 'if1', templateJson: template }),
        ],
      },
      { category: '甲' },
    );
    await waitFor(() => expect(bodies.length).toBe(1));
    expect(bodies[0]).toEqual({
      path: '/api/system/DataInterface/if1/Actions/List',
      paramList: [
        { field: 'kind', defaultValue: '甲', relationField: 'category', sourceType: 1 },
        { field: 'limit', defaultValue: '5', relationField: '', sourceType: 2 },
        { field: 'note', defaultValue: '', relationField: '', sourceType: 3 },
      ],
    });
    act(() => store.set('category', '乙'));
    await waitFor(() => expect(bodies.length).toBe(2));
    expect(bodies[1]?.paramList).toEqual([
      { field: 'kind', defaultValue: '乙', relationField: 'category', sourceType: 1 },
      { field: 'limit', defaultValue: '5', relationField: '', sourceType: 2 },
      { field: 'note', defaultValue: '', relationField: '', sourceType: 3 },
    ]);
    fireEvent.mouseDown(within(item('goods')).getByRole('combobox'));
    await screen.findByText('乙类一号');
  });
});

describe('the read-only renderer (widgets.md §2)', () => {
  test('shows saved values: masks, capitals, option labels, dates, files, images, signature, sanitised text', () => {
    // Without the app's plug-ins: rich text as plain text (happy-dom's DOMPurify does not clean;
    // the sanitising view is checked in the browser and provider.test.tsx).
    mount(allKindsDefinition, saved, 'detail', false, false);
    const text = (name: string) => item(name).textContent ?? '';
    expect(text('name')).toContain('张三');
    expect(text('phone')).toContain('+86138****5678');
    expect(text('secret')).toContain('******');
    expect(text('price')).toContain('1,234.50');
    expect(text('price')).toContain('壹仟贰佰叁拾肆元伍角');
    expect(text('amount')).toContain('2,469.00');
    expect(text('budget')).toContain('0.0 ~ 10.0');
    expect(text('gender')).toContain('选项一');
    expect(text('hobbies')).toContain('选项一,选项三');
    expect(text('tags')).toContain('选项一,选项二');
    expect(text('city')).toContain('福建/厦门');
    expect(text('dept')).toContain('杭州');
    expect(text('enabled')).toContain('是');
    expect(text('birthday')).toContain('2024-01-15');
    expect(text('period')).toContain('2024-01-01 ~ 2024-01-31');
    expect(text('hours')).toContain('09:00 ~ 18:00');
    expect(text('alarm')).toContain('08:30:00');
    expect(text('color')).toContain('#ff0000');
    expect(text('createdAt')).toContain('2024-02-02 03:04:05');
    expect(text('billNo')).toContain('BH202401150001');
    expect(within(item('files')).getByText('合同.pdf').getAttribute('href')).toBe('/api/file/x/合同.pdf');
    expect(within(item('photos')).getByRole('img', { name: 'a.png' })).toBeTruthy();
    expect(within(item('sig')).getByRole('img', { name: '签名图片' }).getAttribute('src')).toBe(saved.sig);
    expect(text('content')).toContain('正文加粗');
    expect(item('content').innerHTML).not.toContain('onerror');
    // Sub-table in the detail: values, no action column, summary with thousands.
    const table = item('items');
    expect(within(table).queryByRole('button')).toBeNull();
    expect(within(table).getByText('纸')).toBeTruthy();
    expect(within(table).getByText('2,001.00')).toBeTruthy();
    expect(within(table).getByText('2,007.00')).toBeTruthy();
    expect(document.querySelector('input')).toBeNull();
  });

  test('a JNPF 3.6 definition renders unchanged in both modes; stored handler text is never run', () => {
    const { store } = mount(jnpf36Definition, { inputNumber102: 12.5 });
    for (const label of [
      '单行输入',
      '数字输入',
      '下拉选择',
      '日期选择',
      '时间选择',
      '单选框组',
      '开关',
      '计算公式',
      '单据组件',
      '设计子表',
      '子表输入',
      '子表数字',
    ]) {
      expect(screen.getAllByText(label).length, label).toBeGreaterThan(0);
    }
    expect(screen.queryByText(/暂不支持/)).toBeNull();
    expect(store.get('calculate108')).toBe(25);
    expect(within(item('inputNumber102')).getByText('壹拾贰元伍角')).toBeTruthy();
    act(() => {
      store.validate();
    });
    expect(screen.getByText('单行输入不能为空')).toBeTruthy();
    cleanup();
    mount(
      jnpf36Definition,
      { input101: 'x', select103: '2', switch107: 1, tableField110: [{ input111: 'a', inputNumber112: 4 }] },
      'detail',
    );
    expect(item('select103').textContent).toContain('选项二');
    expect(item('switch107').textContent).toContain('开');
    expect(within(item('tableField110')).getAllByText('4.00').length).toBe(1);
  });
});
