import { describe, expect, test } from 'vitest';
import {
  DEFAULT_END_TIME,
  DEFAULT_START_TIME,
  datePickerType,
  dateRangePickerType,
  isDateOutOfRange,
  isPickerReadonly,
  normalizeDateFormat,
  normalizeTimeLimit,
  relativeTime,
  timeLimits,
} from './relative-time.ts';

const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  test.each<[number, string]>([
    [0, '刚刚'],
    [59 * S, '刚刚'],
    [M - 1, '刚刚'],
    [-5 * S, '刚刚'],
    [M, '1分钟前'],
    [5 * M + 30 * S, '5分钟前'],
    [59 * M, '59分钟前'],
    [H, '1小时前'],
    [3 * H + 59 * M, '3小时前'],
    [23 * H + 59 * M, '23小时前'],
    [D, '1天前'],
    [2 * D + 5 * H, '2天前'],
    [6 * D + 23 * H, '6天前'],
    [7 * D, '1周前'],
    [13 * D, '1周前'],
    [14 * D, '2周前'],
    [20 * D, '2周前'],
    [27 * D, '3周前'],
    [28 * D, '1月前'],
    [30 * D, '1月前'],
    [59 * D, '1月前'],
    [60 * D, '2月前'],
    [89 * D, '2月前'],
    [90 * D, '3月前'],
    [119 * D, '3月前'],
    [120 * D, '2024-02-16'],
    [365 * D, '2023-06-16'],
  ])('%i ms ago → %s', (ago, expected) => {
    expect(relativeTime(now - ago, now)).toBe(expected);
  });

  test.each<[number | Date | null | undefined, string]>([
    [null, ''],
    [undefined, ''],
    [0, ''],
    [Number.NaN, ''],
    [new Date(now - 2 * H), '2小时前'],
  ])('%j → %j', (time, expected) => {
    expect(relativeTime(time, now)).toBe(expected);
  });

  test('now as a Date', () => {
    expect(relativeTime(now - 3 * D, new Date(now))).toBe('3天前');
  });
});

describe('date-picker type from a format', () => {
  test.each<[string | null | undefined, string, string]>([
    ['yyyy', 'year', 'monthrange'],
    ['YYYY', 'year', 'monthrange'],
    ['yyyy-MM', 'month', 'monthrange'],
    ['YYYY-MM', 'month', 'monthrange'],
    ['yyyy-MM-dd', 'date', 'daterange'],
    ['YYYY-MM-DD', 'date', 'daterange'],
    ['yyyy-MM-dd HH:mm', 'datetime', 'datetimerange'],
    ['yyyy-MM-dd HH:mm:ss', 'datetime', 'datetimerange'],
    ['HH:mm', 'datetime', 'datetimerange'],
    ['', 'datetime', 'datetimerange'],
    [null, 'datetime', 'datetimerange'],
    [undefined, 'datetime', 'datetimerange'],
  ])('%j → %s / %s', (format, single, range) => {
    expect(datePickerType(format)).toBe(single);
    expect(dateRangePickerType(format)).toBe(range);
  });

  test.each<[string | null, string]>([
    ['yyyy-MM-dd', 'YYYY-MM-DD'],
    ['yyyy-MM-dd HH:mm:ss', 'YYYY-MM-DD HH:mm:ss'],
    ['YYYY-MM', 'YYYY-MM'],
    ['', 'YYYY-MM-DD HH:mm:ss'],
    [null, 'YYYY-MM-DD HH:mm:ss'],
  ])('normalizeDateFormat(%j) → %s', (format, expected) => {
    expect(normalizeDateFormat(format)).toBe(expected);
  });
});

describe('default time limits and their checks', () => {
  test('defaults 00:00:00 to 23:59:59', () => {
    expect(DEFAULT_START_TIME).toBe('00:00:00');
    expect(DEFAULT_END_TIME).toBe('23:59:59');
    expect(timeLimits()).toEqual({ start: '00:00:00', end: '23:59:59' });
  });

  test.each<[string | null | undefined, string | null | undefined, { start: string; end: string }]>([
    ['08:30', '17:30', { start: '08:30:00', end: '17:30:00' }],
    ['08:30:15', null, { start: '08:30:15', end: '23:59:59' }],
    [null, '12:00', { start: '00:00:00', end: '12:00:00' }],
    ['', '', { start: '00:00:00', end: '23:59:59' }],
  ])('timeLimits(%j, %j)', (start, end, expected) => {
    expect(timeLimits(start, end)).toEqual(expected);
  });

  test.each<[string | null, string, string]>([
    ['9:05', 'x', '9:05:00'],
    ['09:05:01', 'x', '09:05:01'],
    [null, 'x', 'x'],
  ])('normalizeTimeLimit(%j)', (time, fallback, expected) => {
    expect(normalizeTimeLimit(time, fallback)).toBe(expected);
  });

  test.each<[number | string | null, number | string | null, boolean]>([
    [2, 1, true],
    [1, 2, false],
    [1, 1, false],
    ['18:00', '09:00', true],
    ['09:00', '18:00', false],
    ['09:00', '09:00:00', false],
    [null, 1, false],
    ['', '', false],
  ])('read-only when start %j > end %j', (start, end, expected) => {
    expect(isPickerReadonly(start, end)).toBe(expected);
  });

  test.each<[number, number | null, number | null, boolean]>([
    [5, 1, 10, false],
    [0, 1, 10, true],
    [11, 1, 10, true],
    [1, 1, 10, false],
    [10, 1, 10, false],
    [5, null, null, false],
    [-5, null, 0, false],
  ])('%i outside [%j, %j] → %s', (value, start, end, expected) => {
    expect(isDateOutOfRange(value, start, end)).toBe(expected);
  });
});
