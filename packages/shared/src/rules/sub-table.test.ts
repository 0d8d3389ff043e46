import { describe, expect, test } from 'vitest';
import {
  isEmptyCellValue,
  isSummaryColumn,
  requiredMessage,
  type SubTableColumn,
  submitSubTable,
  subTableErrors,
  subTableSummary,
  summarizeColumn,
  toRegExp,
  validateCell,
} from './sub-table.ts';

describe('required cell emptiness', () => {
  test.each<[unknown, boolean]>([
    [null, true],
    [undefined, true],
    ['', true],
    [[], true],
    [0, false],
    [false, false],
    [' ', false],
    [[0], false],
    [{}, false],
    ['0', false],
  ])('%j empty → %s', (value, expected) => {
    expect(isEmptyCellValue(value)).toBe(expected);
  });

  test.each<[string, string]>([
    ['数量', '数量不能为空'],
    ['单价', '单价不能为空'],
  ])('message for %s', (label, expected) => {
    expect(requiredMessage(label)).toBe(expected);
  });
});

const qty: SubTableColumn = {
  field: 'qty',
  label: '数量',
  required: true,
  regList: [{ pattern: '/^\\d+$/', message: '数量必须为整数' }],
};
const phone: SubTableColumn = {
  field: 'phone',
  label: '电话',
  regList: [{ pattern: /^1[3-9]\d{9}$/, message: '请正确输入您的手机号' }],
};
const code: SubTableColumn = {
  field: 'code',
  label: '编码',
  regList: [
    { pattern: '^[A-Z]', message: '首字母大写' },
    { pattern: '/^.{0,5}$/', message: '最多5位' },
  ],
};
const tags: SubTableColumn = { field: 'tags', label: '标签', required: true };

describe('validateCell: required, then regList on non-empty values', () => {
  test.each<[unknown, SubTableColumn, boolean, boolean, string | null]>([
    ['', qty, false, true, '数量不能为空'],
    [null, qty, false, true, '数量不能为空'],
    [undefined, qty, false, true, '数量不能为空'],
    ['12', qty, true, true, null],
    [12, qty, true, true, null],
    ['1.5', qty, true, false, '数量必须为整数'],
    ['abc', qty, true, false, '数量必须为整数'],
    ['', phone, true, true, null],
    [null, phone, true, true, null],
    ['13800138000', phone, true, true, null],
    ['12345', phone, true, false, '请正确输入您的手机号'],
    ['Abc', code, true, true, null],
    ['abc', code, true, false, '首字母大写'],
    ['Abcdefg', code, true, false, '最多5位'],
    [[], tags, false, true, '标签不能为空'],
    [['a'], tags, true, true, null],
  ])('%j in %j', (value, column, valid, regValid, message) => {
    const check = validateCell(value, column);
    expect(check.valid).toBe(valid);
    expect(check.regValid).toBe(regValid);
    expect(check.message).toBe(message);
    expect(check.regErrorText).toBe(regValid ? '' : message);
  });

  test.each<[string | RegExp, string, boolean | null]>([
    ['/^a$/i', 'A', true],
    ['/^a$/', 'A', false],
    ['^\\d+$', '123', true],
    ['/^\\d+$/g', '123', true],
    ['(', 'x', null],
    [/x/, 'x', true],
  ])('toRegExp(%s) on %s', (pattern, text, expected) => {
    const re = toRegExp(pattern);
    if (expected === null) expect(re).toBeNull();
    else expect(re?.test(text)).toBe(expected);
  });

  test('a pattern that does not compile is skipped', () => {
    expect(
      validateCell('x', { field: 'f', label: 'F', regList: [{ pattern: '(', message: 'bad' }] }).message,
    ).toBeNull();
  });
});

describe('submit: false or the rows', () => {
  const columns = [qty, phone];
  test.each<[Record<string, unknown>[], false | Record<string, unknown>[]]>([
    [[], []],
    [[{ qty: 1 }], [{ qty: 1 }]],
    [
      [
        { qty: 1, phone: '13800138000' },
        { qty: '2', phone: '' },
      ],
      [
        { qty: 1, phone: '13800138000' },
        { qty: '2', phone: '' },
      ],
    ],
    [[{ qty: '' }], false],
    [[{ qty: 1 }, { qty: null }], false],
    [[{ qty: 1, phone: '1' }], false],
    [[{ qty: 'x' }], false],
  ])('%j', (rows, expected) => {
    expect(submitSubTable(rows, columns)).toEqual(expected);
  });

  test('errors name row, field and message', () => {
    expect(subTableErrors([{ qty: '', phone: '1' }, { qty: 'x' }], columns)).toEqual([
      { rowIndex: 0, field: 'qty', message: '数量不能为空' },
      { rowIndex: 0, field: 'phone', message: '请正确输入您的手机号' },
      { rowIndex: 1, field: 'qty', message: '数量必须为整数' },
    ]);
  });
});

describe('summary row', () => {
  const amount: SubTableColumn = { field: 'amount', label: '金额', thousands: true };
  const price: SubTableColumn = { field: 'price', label: '单价' };
  const secret: SubTableColumn = { field: 'secret', label: '密值', jnpfKey: 'input', useMask: true };
  const name: SubTableColumn = { field: 'name', label: '名称' };
  const rows = [
    { amount: 1000, price: '1.005', secret: 5, name: 'a' },
    { amount: '2500.5', price: 2, secret: 6, name: 'b' },
    { amount: null, price: '', secret: 7, name: 'c' },
  ];

  test.each<[SubTableColumn, string]>([
    [amount, '3,500.50'],
    [price, '3.01'],
    [name, ''],
    [{ field: 'none', label: '无' }, ''],
  ])('summarizeColumn %s → %j', (column, expected) => {
    expect(summarizeColumn(rows, column)).toBe(expected);
  });

  test.each<[SubTableColumn, string[], boolean]>([
    [amount, ['amount'], true],
    [amount, [], false],
    [secret, ['secret'], false],
    [{ ...secret, useMask: false }, ['secret'], true],
    [{ field: 'n', label: 'n', jnpfKey: 'inputNumber', useMask: true }, ['n'], true],
  ])('isSummaryColumn %j in %j → %s', (column, fields, expected) => {
    expect(isSummaryColumn(column, fields)).toBe(expected);
  });

  test('合计 first, then only listed and unmasked columns', () => {
    expect(subTableSummary(rows, [amount, price, secret, name], ['amount', 'price', 'secret', 'name'])).toEqual([
      '合计',
      '3,500.50',
      '3.01',
      '',
      '',
    ]);
  });

  test.each<[Record<string, unknown>[], string]>([
    [[{ v: 1 }, { v: 2 }], '3.00'],
    [[{ v: 1.234 }, { v: 1.111 }], '2.35'],
    [[{ v: 0.1 }, { v: 0.2 }], '0.30'],
    [[{ v: -1.5 }, { v: 0.25 }], '-1.25'],
    [[{ v: '1,000' }, { v: 1 }], '1001.00'],
    [[{ v: '' }, { v: null }], ''],
    [[{ v: 'x' }], ''],
    [[], ''],
    [[{ v: 0 }], '0.00'],
  ])('%j → %j', (data, expected) => {
    expect(subTableSummary(data, [{ field: 'v', label: 'V' }], ['v'])).toEqual(['合计', expected]);
  });

  test('thousands when the column uses them', () => {
    expect(subTableSummary([{ v: 1234567.891 }], [{ field: 'v', label: 'V', thousands: true }], ['v'])).toEqual([
      '合计',
      '1,234,567.89',
    ]);
  });
});
