import { describe, expect, test } from 'vitest';
import type { FormField } from '../schemas/formDefinition.ts';
import { isSheetField, sheetCellValue } from './sheet-cell.ts';

const field = (jnpfKey: string, rest: object = {}): FormField => ({
  __vModel__: 'f',
  __config__: { jnpfKey },
  ...rest,
});
const options = [
  { id: '1', fullName: '普通' },
  { id: '2', fullName: '加急' },
];

describe('a sheet cell as the value the form would send', () => {
  test.each([
    ['input', {}, ' 张三 ', { value: '张三' }],
    ['input', {}, '', { value: null }],
    ['inputNumber', {}, '12.5', { value: 12.5 }],
    ['inputNumber', {}, '十二', { problem: 'invalid' }],
    ['rate', {}, '3', { value: 3 }],
    ['select', { options }, '加急', { value: '2' }],
    ['select', { options }, '1', { value: '1' }],
    ['select', { options }, '特急', { problem: 'unknown', texts: ['特急'] }],
    ['select', { options, multiple: true }, '普通,加急', { value: ['1', '2'] }],
    ['checkbox', { options }, '普通，加急', { value: ['1', '2'] }],
    ['checkbox', { options }, '普通,无', { problem: 'unknown', texts: ['无'] }],
    ['radio', { options }, '普通', { value: '1' }],
    ['switch', { activeValue: 1, inactiveValue: 0 }, '是', { value: 1 }],
    ['switch', { activeTxt: '启用', inactiveTxt: '停用' }, '停用', { value: 0 }],
    ['switch', {}, '也许', { problem: 'invalid' }],
    ['datePicker', {}, '1705276800000', { value: 1705276800000 }],
    ['datePicker', {}, '2024-02-30', { problem: 'invalid' }],
    ['datePicker', {}, '明天', { problem: 'invalid' }],
    ['datePicker', {}, '2024-01-15T00:00:00.000Z', { value: Date.UTC(2024, 0, 15) }],
  ])('%s %j: %j -> %j', (kind, rest, text, expected) => {
    expect(sheetCellValue(field(kind, rest), text)).toEqual(expected);
  });

  test('a local date and time reads as the export writes it', () => {
    expect(sheetCellValue(field('datePicker'), '2024-01-15 08:30:05')).toEqual({
      value: new Date(2024, 0, 15, 8, 30, 5).getTime(),
    });
  });

  test('pickers, files and server-filled kinds are not sheet columns', () => {
    expect(['input', 'select', 'datePicker', 'switch'].map((k) => isSheetField(field(k)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['uploadFile', 'userSelect', 'createUser', 'billRule', 'table'].some((k) => isSheetField(field(k)))).toBe(
      false,
    );
  });
});
