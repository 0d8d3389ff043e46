import { formatDate } from './date-format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

export const JUST_NOW_TEXT = '刚刚';

/**
 * Relative time of a past moment (shell.md §9): under a minute '刚刚', then 'n分钟前', 'n小时前',
 * 'n天前' (1-6), 'n周前' (1-3), 'n月前' (1-3, a month being 30 days, 28 and 29 days counting as 1),
 * otherwise the date as YYYY-MM-DD. Moments in the future read '刚刚'; missing input ''.
 */
export function relativeTime(time: number | Date | null | undefined, now: number | Date = Date.now()): string {
  if (time === null || time === undefined) return '';
  const t = typeof time === 'number' ? time : time.getTime();
  if (!Number.isFinite(t) || t === 0) return '';
  const diff = (typeof now === 'number' ? now : now.getTime()) - t;
  if (diff < MINUTE) return JUST_NOW_TEXT;
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  if (diff < WEEK) return `${Math.floor(diff / DAY)}天前`;
  if (diff < 4 * WEEK) return `${Math.floor(diff / WEEK)}周前`;
  if (diff < 4 * MONTH) return `${Math.max(1, Math.floor(diff / MONTH))}月前`;
  return formatDate(t, 'YYYY-MM-DD');
}

export type DatePickerType = 'year' | 'month' | 'date' | 'datetime';
export type DateRangePickerType = 'monthrange' | 'daterange' | 'datetimerange';

/** The date picker follows the format: yyyy year, yyyy-MM month, yyyy-MM-dd date, anything else datetime. */
export function datePickerType(format: string | null | undefined): DatePickerType {
  switch (format) {
    case 'yyyy':
    case 'YYYY':
      return 'year';
    case 'yyyy-MM':
    case 'YYYY-MM':
      return 'month';
    case 'yyyy-MM-dd':
    case 'YYYY-MM-DD':
      return 'date';
    default:
      return 'datetime';
  }
}

/** The date-range picker: month range for yyyy and yyyy-MM (in year format only January is pickable), date or datetime range otherwise. */
export function dateRangePickerType(format: string | null | undefined): DateRangePickerType {
  const type = datePickerType(format);
  if (type === 'year' || type === 'month') return 'monthrange';
  return type === 'date' ? 'daterange' : 'datetimerange';
}

/** yyyy-MM-dd style formats in the display style (YYYY-MM-DD); empty gives the default YYYY-MM-DD HH:mm:ss. */
export function normalizeDateFormat(format: string | null | undefined): string {
  if (!format) return 'YYYY-MM-DD HH:mm:ss';
  return format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');
}

export const DEFAULT_START_TIME = '00:00:00';
export const DEFAULT_END_TIME = '23:59:59';
export const DEFAULT_TIME_FORMAT = 'HH:mm:ss';

/** A time limit with seconds: '08:30' becomes '08:30:00'; empty falls back to the given default. */
export function normalizeTimeLimit(time: string | null | undefined, fallback: string): string {
  if (!time) return fallback;
  return /^\d{1,2}:\d{2}$/.test(time) ? `${time}:00` : time;
}

/** Start and end time limits of a time picker, defaulting to 00:00:00 and 23:59:59. */
export function timeLimits(start?: string | null, end?: string | null): { start: string; end: string } {
  return { start: normalizeTimeLimit(start, DEFAULT_START_TIME), end: normalizeTimeLimit(end, DEFAULT_END_TIME) };
}

/** A picker is read-only when its start limit is later than its end limit (both timestamps or both HH:mm[:ss]). */
export function isPickerReadonly(
  start: number | string | null | undefined,
  end: number | string | null | undefined,
): boolean {
  if (start === null || start === undefined || start === '' || end === null || end === undefined || end === '')
    return false;
  if (typeof start === 'number' && typeof end === 'number') return start > end;
  return normalizeTimeLimit(String(start), '') > normalizeTimeLimit(String(end), '');
}

/** Whether a timestamp lies outside the start/end bounds (either bound may be missing). */
export function isDateOutOfRange(value: number, start?: number | null, end?: number | null): boolean {
  if (start !== null && start !== undefined && value < start) return true;
  if (end !== null && end !== undefined && value > end) return true;
  return false;
}
