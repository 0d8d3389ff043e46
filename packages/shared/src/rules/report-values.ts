import type { ReportAggregate } from '../schemas/report.ts';
import { formatDate } from './date-format.ts';

/** A report cell's value and how it shows (issue 39): what the sheet engine, its pages and Excel share. */

export type ReportValue = string | number | null;

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The 0-based column of letters `A`…`CV`; -1 when they name none. */
export function columnIndex(letters: string): number {
  let index = 0;
  for (const ch of letters.toUpperCase()) {
    const code = ch.charCodeAt(0) - 64;
    if (code < 1 || code > 26) return -1;
    index = index * 26 + code;
  }
  return index - 1;
}

/** A dataset value as a report value: numbers stay numbers (numeric text too), dates become their time. */
export function reportValueOf(raw: unknown): ReportValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (raw instanceof Date) return raw.getTime();
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text !== '' && /^-?\d+(\.\d+)?$/.test(text) && text.length < 16) return Number(text);
    return raw;
  }
  return JSON.stringify(raw);
}

/** The key records are grouped (and a cross-tab's columns told apart) by: the engine's value, so `'1'` and `1` are one. */
export function reportGroupKey(raw: unknown): string {
  const value = reportValueOf(raw);
  return typeof value === 'number' ? `n${value}` : value === null ? 'null' : `s${value}`;
}

const DATE_FORMAT = /[yd]|h{1,2}:|m{1,2}:s/i;

/** Whether an Excel format shows a date or time (its value is then a time, not a number). */
export const isDateFormat = (format: string) => DATE_FORMAT.test(format);

/** `value` as a cell shows it under an Excel-style `format` (`#,##0.00`, `0%`, `yyyy-mm-dd hh:mm`). */
export function formatReportValue(value: ReportValue, format?: string): string {
  if (value === null) return '';
  if (!format) return typeof value === 'number' ? String(roundFloat(value)) : value;
  if (isDateFormat(format)) {
    const time = typeof value === 'number' ? value : Date.parse(value);
    if (Number.isNaN(time)) return String(value);
    return formatDate(time, excelDateTokens(format));
  }
  if (typeof value !== 'number') return value;
  const percent = format.trim().endsWith('%');
  const decimals = /\.(0+)/.exec(format)?.[1]?.length ?? 0;
  const shown = (percent ? value * 100 : value).toFixed(decimals);
  const grouped = format.includes(',') ? groupThousands(shown) : shown;
  return percent ? `${grouped}%` : grouped;
}

/** Excel's date letters as `formatDate`'s: `yyyy-mm-dd hh:mm:ss` → `YYYY-MM-DD HH:mm:ss` (m after h or before s is minutes). */
function excelDateTokens(format: string): string {
  return format
    .replace(/yyyy/gi, 'YYYY')
    .replace(/dd/gi, 'DD')
    .replace(/hh/gi, 'HH')
    .replace(/(HH:)mm/g, '$1%M%')
    .replace(/mm(:ss)/gi, '%M%$1')
    .replace(/mm/gi, 'MM')
    .replace(/%M%/g, 'mm')
    .replace(/ss/gi, 'ss');
}

function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Hides floating-point noise (0.1 + 0.2) without rounding real decimals away. */
export function roundFloat(value: number): number {
  return Number.parseFloat(value.toPrecision(12));
}

/** Excel's SUBTOTAL function numbers of the aggregates: `SUBTOTAL(9, C3:C40)` sums. */
export const REPORT_SUBTOTAL_CODE: Record<ReportAggregate, number> = { avg: 1, count: 3, max: 4, min: 5, sum: 9 };

/** What an aggregate needs of a column over a range of detail rows, kept as they pass. */
export class ReportColumnFigures {
  private filled = 0;
  private numbers = 0;
  private sum = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;

  add(value: ReportValue) {
    if (value !== null && value !== '') this.filled++;
    if (typeof value !== 'number') return;
    this.numbers++;
    this.sum += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  value(kind: ReportAggregate): number | null {
    if (kind === 'count') return this.filled;
    if (!this.numbers) return kind === 'sum' ? 0 : null;
    switch (kind) {
      case 'sum':
        return this.sum;
      case 'avg':
        return this.sum / this.numbers;
      case 'max':
        return this.max;
      case 'min':
        return this.min;
    }
  }
}
