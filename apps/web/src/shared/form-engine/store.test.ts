import type { FormDefinition, FormField } from '@platform/shared';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, test } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { initialValues, isShown, valueFields } from './definition.ts';
import { FormStore } from './store.ts';
import { validateField } from './validate.ts';
import { boundaryTime, pickerOf, timeLimits, withSeconds } from './widgets/dates.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

const f = (jnpfKey: string, name: string, config: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) =>
  ({ __vModel__: name, __config__: { jnpfKey, label: name, ...config }, ...rest }) as FormField;

const calc = (name: string, expression: unknown[], rest: Record<string, unknown> = {}) =>
  f('calculate', name, {}, { expression, ...rest });

describe('calculate fields', () => {
  test('a chain of 50 dependent fields is evaluated once each per change, in dependency order', () => {
    // c49 = c48 + 1, ..., c1 = c0 + 1, c0 = a + 1; declared in reverse so order comes from the graph.
    const chain: FormField[] = [];
    for (let i = 49; i >= 1; i--) chain.push(calc(`c${i}`, [{ __vModel__: `c${i - 1}` }, '+', 1]));
    chain.push(calc('c0', [{ __vModel__: 'a' }, '+', 1]));
    const store = new FormStore({ fields: [f('inputNumber', 'a'), ...chain] });
    expect(store.get('c49')).toBe(50);
    const notified: string[] = [];
    for (let i = 0; i < 50; i++) store.subscribe(`c${i}`, () => notified.push(`c${i}`));
    store.set('a', 10);
    expect(store.get('c0')).toBe(11);
    expect(store.get('c49')).toBe(60);
    for (let i = 0; i < 50; i++) expect(store.calcRuns.get(`c${i}`)).toBe(1);
    expect(notified).toHaveLength(50);
    expect(new Set(notified).size).toBe(50);
    // A field no calculate reads evaluates nothing.
    store.calcRuns.clear();
    store.set('other', 1);
    expect(store.calcRuns.size).toBe(0);
  });

  test('a diamond evaluates the shared dependent once, after both inputs; precision, NaN and ÷0 give numbers', () => {
    const store = new FormStore({
      fields: [
        f('inputNumber', 'a'),
        calc('total', [{ __vModel__: 'left' }, '+', { __vModel__: 'right' }], { precision: 2 }),
        calc('left', [{ __vModel__: 'a' }, '×', 2]),
        calc('right', [{ __vModel__: 'a' }, '÷', 3], { precision: 2 }),
        calc('broken', [{ __vModel__: 'a' }, '÷', 0]),
      ],
    });
    store.set('a', 1);
    expect(store.calcRuns.get('total')).toBe(1);
    expect(store.get('left')).toBe(2);
    expect(store.get('right')).toBe(0.33);
    expect(store.get('total')).toBe(2.33);
    expect(store.get('broken')).toBe(0);
    store.set('a', 'abc');
    expect(store.get('total')).toBe(0);
    // isStorage 0: shown, not saved.
    const kept = new FormStore(
      {
        fields: [
          f('inputNumber', 'x'),
          calc('shown', [{ __vModel__: 'x' }], { isStorage: 0 }),
          calc('stored', [{ __vModel__: 'x' }], { isStorage: 1 }),
        ],
      },
      { x: 3 },
    );
    expect(kept.get('shown')).toBe(3);
    expect(kept.getValues()).toEqual({ x: 3, stored: 3 });
  });

  test('inside sub-table rows: the row cells follow a cell change, and a form field sums the column', () => {
    const table = f(
      'table',
      'items',
      {
        children: [
          f('inputNumber', 'price'),
          f('inputNumber', 'qty'),
          calc('amount', [{ __vModel__: 'items.price' }, '×', { __vModel__: 'items.qty' }], { precision: 2 }),
        ],
      },
      {},
    );
    const store = new FormStore(
      { fields: [table, calc('sum', [{ __vModel__: 'items.amount' }], { precision: 2 })] },
      { items: [{ price: 2.5, qty: 2 }] },
    );
    expect((store.get('items') as Record<string, unknown>[])[0]?.amount).toBe(5);
    expect(store.get('sum')).toBe(5);
    store.set('items', [...(store.get('items') as object[]), { price: 1, qty: 3 }]);
    store.setCell('items', 0, 'qty', 4);
    const rows = store.get('items') as Record<string, unknown>[];
    expect(rows.map((r) => r.amount)).toEqual([10, 3]);
    expect(store.get('sum')).toBe(13);
  });
});

describe('validation', () => {
  test('required and regList messages of widgets.md §5; empty values skip the rules; switch is never empty', () => {
    const phone = f('input', 'phone', {
      label: '手机',
      required: true,
      regList: [{ pattern: '/^1\\d{10}$/', message: '手机号格式不对' }],
    });
    expect(validateField(phone, '')).toBe('手机不能为空');
    expect(validateField(phone, [])).toBe('手机不能为空');
    expect(validateField(phone, '123')).toBe('手机号格式不对');
    expect(validateField(phone, '13800000000')).toBeNull();
    const optional = f('input', 'code', { regList: [{ pattern: '^\\d+$', message: '只能输入数字' }] });
    expect(validateField(optional, '')).toBeNull();
    expect(validateField(optional, 'x')).toBe('只能输入数字');
    expect(validateField(f('switch', 's', { required: true }), 0)).toBeNull();
    const range = f('numRange', 'r', { label: '区间', required: true });
    expect(validateField(range, [null, null])).toBe('区间不能为空');
    expect(validateField(range, [0, null])).toBeNull();
  });

  test('submit validates shown fields only, sub-table cells row by row, and clears a message once fixed', () => {
    const table = f('table', 'rows', {
      label: '明细',
      children: [
        f('input', 'name', { label: '名称', required: true }),
        f('input', 'code', { label: '编码', regList: [{ pattern: '^[A-Z]+$', message: '编码须为大写字母' }] }),
      ],
    });
    const store = new FormStore(
      {
        fields: [
          f('input', 'title', { label: '标题', required: true }),
          f('input', 'hidden', { label: '隐藏', required: true, noShow: true }),
          f('input', 'app', { label: '仅移动端', required: true, visibility: ['app'] }),
          table,
        ],
      },
      {
        rows: [
          { name: '', code: 'abc' },
          { name: 'ok', code: 'OK' },
        ],
      },
    );
    expect(store.validate()).toBe(false);
    expect(store.messages()).toEqual(['标题不能为空', '名称不能为空', '编码须为大写字母']);
    expect(store.error('rows')).toEqual([
      { row: 0, field: 'name', message: '名称不能为空' },
      { row: 0, field: 'code', message: '编码须为大写字母' },
    ]);
    store.set('title', 'x');
    expect(store.error('title')).toBeUndefined();
    store.setCell('rows', 0, 'name', 'n');
    store.setCell('rows', 0, 'code', 'ABC');
    expect(store.validate()).toBe(true);
  });
});

describe('definition', () => {
  test('defaults, stored values, noShow and pc visibility; fields inside containers are found', () => {
    const definition: FormDefinition = {
      fields: [
        { __config__: { jnpfKey: 'card', children: [f('input', 'a', { defaultValue: 'x' })] } },
        {
          __config__: {
            jnpfKey: 'tab',
            children: [
              { title: 't', __config__: { jnpfKey: 'tabItem', children: [f('checkbox', 'b'), f('switch', 'c')] } },
            ],
          },
        },
        f('divider', 'd'),
      ],
    };
    expect(valueFields(definition.fields).map((x) => x.__vModel__)).toEqual(['a', 'b', 'c']);
    expect(initialValues(definition, { a: 'stored', extra: 1 })).toEqual({ a: 'stored', b: [], c: 0, extra: 1 });
    expect(isShown(f('input', 'x', { visibility: ['app'] }))).toBe(false);
    expect(isShown(f('input', 'x', { visibility: ['pc', 'app'] }))).toBe(true);
    expect(isShown(f('input', 'x', { noShow: true }))).toBe(false);
  });

  test('change events are data: set, copy, clear and toggle another field; stored function text is ignored', () => {
    const store = new FormStore(
      {
        fields: [
          f(
            'select',
            'kind',
            {},
            {
              on: {
                change: [
                  { action: 'setValue', target: 'note', value: '已选择', when: 'a' },
                  { action: 'setValue', target: 'copy', from: 'kind' },
                  { action: 'clear', target: 'list' },
                  { action: 'toggleHidden', target: 'extra', when: 'b' },
                ],
                blur: '(data) => { window.hacked = true }',
              },
            },
          ),
          f('input', 'note'),
          f('input', 'copy'),
          f('checkbox', 'list'),
          f('input', 'extra'),
        ],
      },
      { list: ['x'] },
    );
    store.set('kind', 'a');
    expect(store.get('note')).toBe('已选择');
    expect(store.get('copy')).toBe('a');
    expect(store.get('list')).toEqual([]);
    expect(store.state('extra').hidden).toBe(false);
    store.set('kind', 'b');
    expect(store.state('extra').hidden).toBe(true);
    expect((globalThis as Record<string, unknown>).hacked).toBeUndefined();
  });
});

describe('date and time limits (widgets.md §4, §5)', () => {
  test('the picker follows the format; times get :00 seconds; limits default to the whole day; start after end is read-only', () => {
    expect(['yyyy', 'yyyy-MM', 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss', 'yyyy-MM-dd HH:mm'].map(pickerOf)).toEqual([
      'year',
      'month',
      'date',
      'datetime',
      'datetime',
    ]);
    expect(withSeconds('08:30')).toBe('08:30:00');
    expect(withSeconds('08:30:15')).toBe('08:30:15');
    const whole = timeLimits(f('timePicker', 't')).disabledTime();
    expect(whole.disabledHours()).toEqual([]);
    const limited = timeLimits(f('timePicker', 't', {}, { startTime: '08:30', endTime: '17:00' }));
    expect(limited.inverted).toBe(false);
    const d = limited.disabledTime();
    expect(d.disabledHours()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 18, 19, 20, 21, 22, 23]);
    expect(d.disabledMinutes(8)).toEqual([...Array(30).keys()]);
    expect(d.disabledMinutes(17)).toEqual([...Array(59).keys()].map((i) => i + 1));
    expect(d.disabledSeconds(17, 0)).toEqual([...Array(59).keys()].map((i) => i + 1));
    expect(timeLimits(f('timePicker', 't', {}, { startTime: '18:00', endTime: '08:00' })).inverted).toBe(true);
    // A datetime picker bounds the time on its boundary days only.
    const start = dayjs('2024-03-01 09:15:00');
    const end = dayjs('2024-03-05 17:00:00');
    expect(boundaryTime(dayjs('2024-03-01'), start, end).disabledHours()).toEqual([...Array(9).keys()]);
    expect(boundaryTime(dayjs('2024-03-03'), start, end).disabledHours()).toEqual([]);
    expect(boundaryTime(dayjs('2024-03-05'), start, end).disabledHours()).toEqual([18, 19, 20, 21, 22, 23]);
  });
});
