import { describe, expect, test } from 'vitest';
import {
  allocateBillNumber,
  BILL_RULE_DATE_FORMATS,
  BILL_RULE_FULL_STAMP,
  billRulePreview,
  billSerialAt,
  formatBillNumber,
  isValidSortCode,
  RANDOM_DIGIT_CHOICES,
  randomCode,
  uuid,
  validateBillDigit,
  validateBillRuleForm,
  validateStartNumber,
} from './bill-rule.ts';
import { DEFAULT_DATE_TIME_FORMAT, formatDate } from './date-format.ts';

const now = new Date(2024, 0, 5, 9, 3, 7, 8);
const late = new Date(2023, 11, 31, 23, 59, 59, 999);

function sequence(values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}

describe('formatDate', () => {
  test.each<[Date | number, string, string]>([
    [now, 'YYYY', '2024'],
    [now, 'YYYYMM', '202401'],
    [now, 'YYYYMMDD', '20240105'],
    [now, 'YYYYMMDDHH', '2024010509'],
    [now, 'YYYYMMDDHHmm', '202401050903'],
    [now, 'YYYYMMDDHHmmss', '20240105090307'],
    [now, 'YYYYMMDDHHmmssSSS', '20240105090307008'],
    [now, 'yyyy', '2024'],
    [now, 'yyyyMM', '202401'],
    [now, 'yyyyMMdd', '20240105'],
    [now, 'yyyyMMddHH', '2024010509'],
    [now, 'yyyyMMddHHmm', '202401050903'],
    [now, 'yyyyMMddHHmmss', '20240105090307'],
    [now, 'YYYY-MM-DD HH:mm:ss', '2024-01-05 09:03:07'],
    [now, 'yyyy-MM-dd HH:mm:ss', '2024-01-05 09:03:07'],
    [now, 'yyyy-MM-dd HH:mm', '2024-01-05 09:03'],
    [now, 'HH:mm:ss', '09:03:07'],
    [late, 'YYYYMMDDHHmmssSSS', '20231231235959999'],
    [late.getTime(), 'YYYY-MM-DD', '2023-12-31'],
    [Number.NaN, 'YYYY', ''],
  ])('%s as %s → %s', (date, format, expected) => {
    expect(formatDate(date, format)).toBe(expected);
  });

  test('default date-time format', () => {
    expect(DEFAULT_DATE_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
  });
});

describe('formatBillNumber: prefix + date + padded number + suffix', () => {
  test.each<[Parameters<typeof formatBillNumber>[0], string]>([
    [{ prefix: 'HT', dateFormat: 'YYYYMMDD', digit: 4, startNumber: '1', suffix: 'X', now }, 'HT202401050001X'],
    [{ prefix: 'HT', dateFormat: 'no', digit: 4, startNumber: '1', now }, 'HT0001'],
    [{ prefix: 'HT', dateFormat: 'YYYY', digit: 4, startNumber: '0001', now }, 'HT20240001'],
    [{ dateFormat: 'YYYYMM', digit: 6, startNumber: 42, now }, '202401000042'],
    [{ dateFormat: 'YYYYMMDDHH', digit: '3', startNumber: '7', now }, '2024010509007'],
    [{ dateFormat: 'YYYYMMDDHHmm', digit: 2, startNumber: '1', now }, '20240105090301'],
    [{ dateFormat: 'YYYYMMDDHHmmss', digit: 1, startNumber: '5', now }, '202401050903075'],
    [{ dateFormat: 'YYYYMMDDHHmmssSSS', digit: 3, startNumber: '1', now }, '20240105090307008001'],
    [{ dateFormat: 'no', digit: 4, startNumber: 12345, now }, '12345'],
    [{ dateFormat: 'no', startNumber: '7', now }, '7'],
    [{ dateFormat: 'no', digit: 3, startNumber: '', now }, '000'],
    [{ dateFormat: 'no', digit: 3, startNumber: null, now }, '000'],
    [{ now }, ''],
    [{ prefix: null, suffix: null, dateFormat: null, digit: null, startNumber: null, now }, ''],
    [
      { prefix: 'A-', suffix: '-B', dateFormat: 'yyyyMMdd', digit: 5, startNumber: BigInt(10), now },
      'A-2024010500010-B',
    ],
  ])('%# → %s', (parts, expected) => {
    expect(formatBillNumber(parts)).toBe(expected);
  });

  test('the date formats and random digits of the spec', () => {
    expect(BILL_RULE_DATE_FORMATS).toEqual([
      'YYYY',
      'YYYYMM',
      'YYYYMMDD',
      'YYYYMMDDHH',
      'YYYYMMDDHHmm',
      'YYYYMMDDHHmmss',
      'YYYYMMDDHHmmssSSS',
      'no',
    ]);
    expect(RANDOM_DIGIT_CHOICES).toEqual([16, 32]);
  });

  test('every date part is the start of one full stamp, as long as its format (the server cuts it so)', () => {
    for (const at of [now, late, new Date(2026, 10, 24, 0, 0, 0, 0)]) {
      const stamp = formatDate(at, BILL_RULE_FULL_STAMP);
      for (const format of BILL_RULE_DATE_FORMATS.filter((f) => f !== 'no')) {
        expect(formatDate(at, format)).toBe(stamp.slice(0, format.length));
      }
    }
  });
});

describe('server allocation uses the same formatter', () => {
  test.each<[string | null, number, string]>([
    ['0001', 0, '1'],
    ['0001', 2, '3'],
    [null, 5, '5'],
    ['999', 1, '1000'],
  ])('billSerialAt(%j, %i) → %s', (start, offset, expected) => {
    expect(billSerialAt(start, offset)).toBe(expected);
  });

  const rule = { type: 1, prefix: 'NO', dateFormat: 'YYYY', digit: 4, startNumber: '0001' };
  test.each<[number, string]>([
    [0, 'NO20240001'],
    [9, 'NO20240010'],
    [9998, 'NO20249999'],
    [9999, 'NO202410000'],
  ])('allocation %i → %s', (seq, expected) => {
    expect(allocateBillNumber(rule, seq, now)).toBe(expected);
    expect(expected.startsWith(billRulePreview(rule, now).slice(0, 6))).toBe(true);
  });

  test('the first allocation equals the preview', () => {
    expect(allocateBillNumber(rule, 0, now)).toBe(billRulePreview(rule, now));
  });
});

describe('random codes and UUID', () => {
  test.each<[number, 1 | 2, number[], string]>([
    [4, 1, [0, 0.1, 0.5, 0.95], '0159'],
    [4, 2, [0.5 / 62, 26.5 / 62, 52.5 / 62, 61.5 / 62], 'Aa09'],
    [3, 1, [0.99999999], '999'],
    [0, 1, [0.5], ''],
  ])('randomCode(%i, %i)', (length, type, values, expected) => {
    expect(randomCode(length, type, sequence(values))).toBe(expected);
  });

  test.each([16, 32])('digits only of length %i', (length) => {
    expect(randomCode(length, 1)).toMatch(new RegExp(`^\\d{${length}}$`));
  });

  test.each([16, 32])('letters and digits of length %i', (length) => {
    expect(randomCode(length, 2)).toMatch(new RegExp(`^[A-Za-z0-9]{${length}}$`));
  });

  test.each<[() => number, string]>([
    [() => 0, '00000000-0000-4000-8000-000000000000'],
    [() => 0.99999, 'ffffffff-ffff-4fff-bfff-ffffffffffff'],
  ])('uuid from a fixed source', (random, expected) => {
    expect(uuid(random)).toBe(expected);
  });

  test('uuid v4 shape', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('billRulePreview by type', () => {
  test.each<[Parameters<typeof billRulePreview>[0], RegExp]>([
    [{ type: 1, prefix: 'P', dateFormat: 'YYYYMMDD', digit: 3, startNumber: '1' }, /^P20240105001$/],
    [{ type: '1', dateFormat: 'no', digit: 2, startNumber: '5', suffix: 'S' }, /^05S$/],
    [{ type: 2, prefix: 'R', randomDigit: 16, randomType: 1 }, /^R\d{16}$/],
    [{ type: 2, randomDigit: 32, randomType: 2, suffix: 'Z' }, /^[A-Za-z0-9]{32}Z$/],
    [{ type: 2 }, /^\d{16}$/],
    [{ type: 3, prefix: 'U-' }, /^U-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/],
    [{}, /^$/],
  ])('%j', (rule, pattern) => {
    expect(billRulePreview(rule, now)).toMatch(pattern);
  });

  test('random type is deterministic with a random source', () => {
    expect(billRulePreview({ type: 2, prefix: 'R', randomType: 1 }, now, () => 0)).toBe(`R${'0'.repeat(16)}`);
    expect(allocateBillNumber({ type: 3 }, 0, now, () => 0)).toBe('00000000-0000-4000-8000-000000000000');
  });
});

describe('code-rule form rules', () => {
  test.each<[unknown, string | null]>([
    ['', '请输入位数'],
    [null, '请输入位数'],
    [undefined, '请输入位数'],
    ['0', '仅能输入正整数'],
    ['10', '仅能输入正整数'],
    ['a', '仅能输入正整数'],
    ['-1', '仅能输入正整数'],
    ['1.5', '仅能输入正整数'],
    ['5', null],
    [9, null],
    [1, null],
  ])('digit %j → %j', (value, expected) => {
    expect(validateBillDigit(value)).toBe(expected);
  });

  test.each<[unknown, string | null]>([
    ['', '请输入起始值'],
    [null, '请输入起始值'],
    ['abc', '只能输入数字'],
    ['-1', '只能输入数字'],
    ['1.0', '只能输入数字'],
    ['0', '起始值不能为0'],
    ['000', '起始值不能为000'],
    ['001', null],
    ['1', null],
    [12, null],
  ])('start number %j → %j', (value, expected) => {
    expect(validateStartNumber(value)).toBe(expected);
  });

  test.each<[Parameters<typeof validateBillRuleForm>[0], Record<string, string>]>([
    [
      { type: 1 },
      {
        fullName: '请输入名称',
        enCode: '请输入编码',
        category: '请选择分类',
        digit: '请输入位数',
        startNumber: '请输入起始值',
      },
    ],
    [{ type: 2, fullName: '订单', enCode: 'order', category: 'c1' }, {}],
    [{ type: 3, fullName: '订单', enCode: 'order', category: 'c1' }, {}],
    [{ type: 1, fullName: '订单', enCode: 'order', category: 'c1', digit: 4, startNumber: '0001' }, {}],
    [
      { type: 1, fullName: '名'.repeat(51), enCode: 'c'.repeat(51), category: 'c1', digit: 4, startNumber: '0000' },
      { fullName: '名称最多为50个字符！', enCode: '编码最多为50个字符！', startNumber: '起始值不能为0000' },
    ],
    [{ type: 1, fullName: '名'.repeat(50), enCode: 'c'.repeat(50), category: 'c1', digit: 1, startNumber: '1' }, {}],
  ])('%j', (form, expected) => {
    expect(validateBillRuleForm(form)).toEqual(expected);
  });

  test.each<[unknown, boolean]>([
    [0, true],
    [999999, true],
    ['12', true],
    [1000000, false],
    [-1, false],
    [1.5, false],
    ['', false],
    [null, false],
  ])('sort code %j → %s', (value, expected) => {
    expect(isValidSortCode(value)).toBe(expected);
  });
});

describe('bill numbers at their edges (issue 42)', () => {
  test('a rule without a start number counts from zero', () => {
    expect(billSerialAt(undefined, 2)).toBe('2');
    expect(billSerialAt(null, 0)).toBe('0');
    expect(billSerialAt('', 3)).toBe('3');
    expect(allocateBillNumber({ type: 1, dateFormat: 'no', digit: 3 }, 4, now)).toBe('004');
  });

  test('random rules allocate a fresh code of their kind, never a counted number', () => {
    const first = () => 0;
    expect(allocateBillNumber({ type: 2, prefix: 'R', digit: 3, startNumber: 1 }, 5, now, first)).toBe(
      `R${'0'.repeat(16)}`,
    );
    expect(allocateBillNumber({ type: 2, randomType: 2, randomDigit: 32 }, 5, now, first)).toBe('A'.repeat(32));
    expect(billRulePreview({ type: 2, randomType: '2' }, now, first)).toBe('A'.repeat(16));
    expect(billRulePreview({ type: 2, randomType: 1 }, now, first)).toBe('0'.repeat(16));
  });

  test('a random source answering its upper bound still picks the last character', () => {
    expect(randomCode(2, 1, () => 1)).toBe('99');
    expect(randomCode(1, 2, () => 1)).toBe('9');
  });

  test('a start number is refused only when it is all zeros, not when it ends in them', () => {
    expect(validateStartNumber('100')).toBeNull();
    expect(validateStartNumber('000')).toBe('起始值不能为000');
  });
});
