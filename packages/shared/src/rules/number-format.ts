function shift(value: number, places: number): number {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Rounds half away from zero to `precision` decimals without binary drift (1.005 → 1.01). */
export function roundTo(value: number, precision = 0): number {
  if (!Number.isFinite(value)) return value;
  const p = Math.max(0, Math.trunc(precision));
  const rounded = shift(Math.round(shift(Math.abs(value), p)), -p);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Fixed precision text, rounded half away from zero (1.005, 2 → '1.01'). */
export function toFixedPrecision(value: number, precision = 0): string {
  const p = Math.max(0, Math.trunc(precision));
  return roundTo(value, p).toFixed(p);
}

/** Inserts thousands separators into the integer part; 0 gives '0', missing input ''. */
export function thousandsFormat(value: number | string | null | undefined): string {
  if (value === 0) return '0';
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  const [integer = '', ...rest] = String(value).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return [grouped, ...rest].join('.');
}

/** Reads a number typed with or without thousands separators; null when not numeric. */
export function parseNumberText(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim().replace(/,/g, '');
  if (text === '' || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export interface NumberInputOptions {
  /** Decimals to show; undefined keeps the value as typed. */
  precision?: number | null;
  /** Show thousands separators. */
  thousands?: boolean;
}

/**
 * The number input's display on blur: fixed precision first, then thousands separators.
 * Missing or non-numeric input gives ''.
 */
export function formatNumberInput(value: number | string | null | undefined, options: NumberInputOptions = {}): string {
  const n = parseNumberText(value);
  if (n === null) return '';
  const text =
    options.precision === null || options.precision === undefined ? String(n) : toFixedPrecision(n, options.precision);
  return options.thousands ? thousandsFormat(text) : text;
}

/** A number range filter is empty only when both ends are empty; 0 counts as a value. */
export function isNumberRangeEmpty(range: readonly unknown[] | null | undefined): boolean {
  if (!range) return true;
  const blank = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v));
  return blank(range[0]) && blank(range[1]);
}
