/**
 * A generated form's fields in an import sheet: which kinds a person can type into a cell, and how
 * a cell's text becomes the value the form would have sent. The export writes option labels and
 * times as `YYYY-MM-DD HH:mm:ss`, so what it writes reads back as the same values.
 */
import type { FormField } from '../schemas/formDefinition.ts';
import { formatDate } from './date-format.ts';
import { valueFacetsOf, valueKindsWhere } from './field-kinds.ts';
import { kindOf, type OptionItem, staticOptions } from './form-definition.ts';

/** Kinds whose value a cell can hold as text; pickers, files, signatures and the like are left out. */
export const SHEET_KINDS = valueKindsWhere((facets) => facets.sheet !== null);

export const isSheetField = (field: FormField) => SHEET_KINDS.has(kindOf(field));

/** A cell read: the value, or why it cannot be one (`unknown` names the texts no option has). */
export type SheetCell = { value: unknown } | { problem: 'invalid' } | { problem: 'unknown'; texts: string[] };

const NUMBER = /^\s*-?[0-9]+(\.[0-9]+)?\s*$/;
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const TRUE_TEXTS = new Set(['1', 'true', '是', '开', '開', 'yes', 'on']);
const FALSE_TEXTS = new Set(['0', 'false', '否', '关', '關', 'no', 'off']);

function flatOptions(options: readonly OptionItem[]): OptionItem[] {
  return options.flatMap((o) => [o, ...(o.children ? flatOptions(o.children) : [])]);
}

/**
 * A date cell: milliseconds, `YYYY-MM-DD[ HH:mm[:ss]]` in the server's time zone (as the export
 * writes it), or an ISO time (a date-formatted Excel cell).
 */
function dateValue(text: string): number | null {
  if (/^[0-9]{1,15}$/.test(text)) return Number(text);
  const parts = DATE.exec(text);
  if (parts) {
    const [, y, m, d, h = '0', mi = '0', s = '0'] = parts;
    const date = new Date(Number(y), Number(m) - 1, Number(d), Number(h), Number(mi), Number(s));
    return date.getMonth() === Number(m) - 1 ? date.getTime() : null;
  }
  const iso = Date.parse(text);
  return /^\d{4}-\d{2}-\d{2}T/.test(text) && Number.isFinite(iso) ? iso : null;
}

/** The value of `text` for `field`; an empty cell is `null`. */
export function sheetCellValue(field: FormField, raw: unknown): SheetCell {
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (text === '') return { value: null };
  const facets = valueFacetsOf(kindOf(field));
  const parse = facets?.sheet ?? 'text';
  if (parse === 'number') return NUMBER.test(text) ? { value: Number(text) } : { problem: 'invalid' };
  if (parse === 'date') {
    const millis = dateValue(text);
    return millis === null ? { problem: 'invalid' } : { value: millis };
  }
  if (parse === 'switch') {
    const on = field.activeValue ?? 1;
    const off = field.inactiveValue ?? 0;
    const lower = text.toLowerCase();
    if (lower === String(field.activeTxt ?? '').toLowerCase() || lower === String(on) || TRUE_TEXTS.has(lower))
      return { value: on };
    if (lower === String(field.inactiveTxt ?? '').toLowerCase() || lower === String(off) || FALSE_TEXTS.has(lower))
      return { value: off };
    return { problem: 'invalid' };
  }
  const options = flatOptions(staticOptions(field));
  if (parse === 'options' && options.length) {
    const many = facets?.multiple === 'always' || field.multiple === true;
    const texts = many
      ? text
          .split(/[,，]/)
          .map((s) => s.trim())
          .filter(Boolean)
      : [text];
    // A label first (what the export writes), then a value (what a person who knows the codes types).
    const match = (s: string) =>
      options.find((o) => o.label === s) ?? options.find((o) => String(o.value) === s) ?? null;
    const unknown = texts.filter((s) => !match(s));
    if (unknown.length) return { problem: 'unknown', texts: unknown };
    const values = texts.map((s) => (match(s) as OptionItem).value);
    return { value: many ? values : values[0] };
  }
  return { value: text };
}

/**
 * What the import template's example row shows for a field: its first option's label, else 1 for a
 * number, today for a date, the switch's on value, else nothing.
 */
export function sheetExample(field: FormField, now = new Date()): string | number {
  const options = field.options ?? field.__slot__?.options;
  if (Array.isArray(options) && options.length) {
    const first = options[0] as { fullName?: unknown; label?: unknown };
    return String(first.fullName ?? first.label ?? '');
  }
  const parse = valueFacetsOf(kindOf(field))?.sheet;
  if (parse === 'number') return 1;
  if (parse === 'date') return formatDate(now, 'YYYY-MM-DD');
  if (parse === 'switch') return String(field.activeValue ?? 1);
  return '';
}
