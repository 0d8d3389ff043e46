import { describe, expect, test } from 'vitest';
import {
  formatNumberInput,
  isNumberRangeEmpty,
  parseNumberText,
  roundTo,
  thousandsFormat,
  toFixedPrecision,
} from './number-format.ts';

describe('thousandsFormat', () => {
  test.each<[number | string | null | undefined, string]>([
    [0, '0'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    [1, '1'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [1234567.891, '1,234,567.891'],
    ['1234.50', '1,234.50'],
    [-1234567, '-1,234,567'],
    ['-1000.5', '-1,000.5'],
    [0.12345, '0.12345'],
    [Number.POSITIVE_INFINITY, ''],
  ])('%j → %j', (value, expected) => {
    expect(thousandsFormat(value)).toBe(expected);
  });
});

describe('roundTo and toFixedPrecision (half away from zero, no binary drift)', () => {
  test.each<[number, number, number, string]>([
    [1.005, 2, 1.01, '1.01'],
    [1.004, 2, 1, '1.00'],
    [2.5, 0, 3, '3'],
    [-2.5, 0, -3, '-3'],
    [1.45, 1, 1.5, '1.5'],
    [0.1 + 0.2, 2, 0.3, '0.30'],
    [123.456, 0, 123, '123'],
    [123.456, 3, 123.456, '123.456'],
    [-0.004, 2, 0, '0.00'],
    [1e-7, 2, 0, '0.00'],
    [10, 2, 10, '10.00'],
  ])('%d to %i', (value, precision, rounded, fixed) => {
    expect(roundTo(value, precision)).toBe(rounded);
    expect(toFixedPrecision(value, precision)).toBe(fixed);
  });
});

describe('parseNumberText', () => {
  test.each<[number | string | null | undefined, number | null]>([
    ['1,234.5', 1234.5],
    [' 42 ', 42],
    ['-3', -3],
    ['.5', 0.5],
    ['1e3', 1000],
    ['abc', null],
    ['', null],
    [null, null],
    [Number.NaN, null],
    [7, 7],
  ])('%j → %j', (value, expected) => {
    expect(parseNumberText(value)).toBe(expected);
  });
});

describe('formatNumberInput: fixed precision first, then thousands', () => {
  test.each<[number | string | null | undefined, number | undefined, boolean | undefined, string]>([
    [1234567.891, 2, true, '1,234,567.89'],
    [1234567.895, 2, true, '1,234,567.90'],
    [1234.5, 2, false, '1234.50'],
    [1234.5, undefined, true, '1,234.5'],
    [1234.5, 0, true, '1,235'],
    ['1,234.5', 1, true, '1,234.5'],
    [0, 2, true, '0.00'],
    [-9876.54321, 3, true, '-9,876.543'],
    [null, 2, true, ''],
    ['', 2, true, ''],
    ['abc', 2, true, ''],
    [5, undefined, undefined, '5'],
  ])('%j p=%s t=%s → %s', (value, precision, thousands, expected) => {
    expect(formatNumberInput(value, { precision, thousands })).toBe(expected);
  });
});

describe('number range emptiness (zero counts)', () => {
  test.each<[unknown[] | null | undefined, boolean]>([
    [[null, null], true],
    [[undefined, undefined], true],
    [['', ''], true],
    [[], true],
    [null, true],
    [undefined, true],
    [[0, null], false],
    [[null, 0], false],
    [[0, 0], false],
    [[1, ''], false],
    [['', 5], false],
    [[Number.NaN, null], true],
  ])('%j → %s', (range, expected) => {
    expect(isNumberRangeEmpty(range)).toBe(expected);
  });
});
