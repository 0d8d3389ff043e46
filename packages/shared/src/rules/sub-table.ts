import { roundTo, thousandsFormat, toFixedPrecision } from './number-format.ts';

/** A regex rule of a column: the pattern as a RegExp or as stored text ('/^\\d+$/' or '^\\d+$'). */
export interface RegRule {
  pattern: RegExp | string;
  message: string;
}

export interface SubTableColumn {
  /** The field name of the column (__vModel__). */
  field: string;
  label: string;
  required?: boolean;
  regList?: readonly RegRule[] | null;
  /** The widget key; a masked input column (jnpfKey 'input' with useMask) is never summed. */
  jnpfKey?: string;
  useMask?: boolean;
  thousands?: boolean;
}

export interface CellCheck {
  /** False when a required cell is empty. */
  valid: boolean;
  /** False when a regex rule fails on a non-empty value. */
  regValid: boolean;
  /** The message to show: the required message, else the failing rule's message, else null. */
  message: string | null;
  regErrorText: string;
}

/** A required cell is empty when null, undefined, an empty string or an empty array. */
export function isEmptyCellValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

export function requiredMessage(label: string): string {
  return `${label}不能为空`;
}

/** A stored pattern as a RegExp: '/body/flags' is split, anything else is the body. Null when it does not compile. */
export function toRegExp(pattern: RegExp | string): RegExp | null {
  if (pattern instanceof RegExp) return pattern;
  const literal = /^\/(.*)\/([dgimsuvy]*)$/s.exec(pattern);
  try {
    return literal ? new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/g|y/g, '')) : new RegExp(pattern);
  } catch {
    return null;
  }
}

function cellText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
  return String(value);
}

/** Checks one cell against its column: required first, then every regex rule on a non-empty value. */
export function validateCell(value: unknown, column: SubTableColumn): CellCheck {
  const empty = isEmptyCellValue(value);
  if (column.required && empty) {
    return { valid: false, regValid: true, message: requiredMessage(column.label), regErrorText: '' };
  }
  if (!empty) {
    for (const rule of column.regList ?? []) {
      const re = toRegExp(rule.pattern);
      if (re && !re.test(cellText(value))) {
        return { valid: true, regValid: false, message: rule.message, regErrorText: rule.message };
      }
    }
  }
  return { valid: true, regValid: true, message: null, regErrorText: '' };
}

export type SubTableRow = Readonly<Record<string, unknown>>;

export interface SubTableError {
  rowIndex: number;
  field: string;
  message: string;
}

/** Every failing cell, row by row and column by column. */
export function subTableErrors(rows: readonly SubTableRow[], columns: readonly SubTableColumn[]): SubTableError[] {
  const errors: SubTableError[] = [];
  rows.forEach((row, rowIndex) => {
    for (const column of columns) {
      const check = validateCell(row[column.field], column);
      if (check.message !== null) errors.push({ rowIndex, field: column.field, message: check.message });
    }
  });
  return errors;
}

/** Submit: false if any cell is invalid, otherwise the list of row values. */
export function submitSubTable<T extends SubTableRow>(
  rows: readonly T[],
  columns: readonly SubTableColumn[],
): false | T[] {
  return subTableErrors(rows, columns).length > 0 ? false : [...rows];
}

export const SUMMARY_LABEL = '合计';
export const BATCH_REMOVE_EMPTY_MESSAGE = '请选择一条数据';

function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The summed text of one column: blank when nothing is numeric, two decimals, thousands when the column uses them. */
export function summarizeColumn(rows: readonly SubTableRow[], column: SubTableColumn): string {
  let sum = 0;
  let any = false;
  for (const row of rows) {
    const n = numericValue(row[column.field]);
    if (n !== null) {
      sum += n;
      any = true;
    }
  }
  if (!any) return '';
  // Settle float noise of the addition (1.234 + 1.111 = 2.3449999…) before rounding to cents.
  const text = toFixedPrecision(roundTo(sum, 10), 2);
  return column.thousands ? thousandsFormat(text) : text;
}

/** Whether a column takes part in the summary: listed in summaryField and not a masked input. */
export function isSummaryColumn(column: SubTableColumn, summaryField: readonly string[]): boolean {
  if (!summaryField.includes(column.field)) return false;
  return !(column.useMask && (column.jnpfKey === undefined || column.jnpfKey === 'input'));
}

/**
 * The summary row: '合计' under the first (sequence) column, then one text per column in order,
 * '' for columns not summed.
 */
export function subTableSummary(
  rows: readonly SubTableRow[],
  columns: readonly SubTableColumn[],
  summaryField: readonly string[],
): string[] {
  return [
    SUMMARY_LABEL,
    ...columns.map((column) => (isSummaryColumn(column, summaryField) ? summarizeColumn(rows, column) : '')),
  ];
}
