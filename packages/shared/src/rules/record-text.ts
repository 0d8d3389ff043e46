import type { FormField } from '../schemas/formDefinition.ts';
import { formatDate } from './date-format.ts';
import { type NameKind, valueFacetsOf } from './field-kinds.ts';
import { kindOf, type OptionItem, optionLabels } from './form-definition.ts';

/**
 * What a person reads for a stored value of a generated form (issue 36: names, not ids): the
 * lists, the detail viewer, exports and print data of a record all show the same text, and the
 * 3.6 client prints the list's values as the server gives them.
 */

export type { NameKind } from './field-kinds.ts';

/** The name of an id, when it is known. */
export type NameOf = (kind: NameKind, id: string) => string | undefined;

/** The mixed picker's typed ids (`id--user`, `id--department` ...) and what each type names. */
const mixedTypes: Readonly<Record<string, NameKind>> = {
  user: 'user',
  company: 'organize',
  department: 'organize',
  organize: 'organize',
  position: 'position',
  role: 'role',
  group: 'group',
};

/** A picker field's value as paths of ids: one path per chosen item (an area, an organisation's path) or one id each. */
function pathsOf(field: FormField, value: unknown): string[][] {
  if (typeof value === 'string') return value ? [[value]] : [];
  if (!Array.isArray(value)) return [];
  if (value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    const ids = value.map(String).filter(Boolean);
    // A single choice kept as an array is one path (the 3.6 client's organisation and area values).
    return field.multiple === true ? ids.map((id) => [id]) : ids.length ? [ids] : [];
  }
  return value.flatMap((v) => pathsOf({ ...field, multiple: false }, v));
}

/** The typed ids of the mixed user picker: `id--type`, a bare id naming a person. */
function typedIdsOf(value: unknown): { kind: NameKind; id: string }[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
  return items.map(String).map((item) => {
    const at = item.lastIndexOf('--');
    if (at < 0) return { kind: 'user' as const, id: item };
    return { kind: mixedTypes[item.slice(at + 2)] ?? 'user', id: item.slice(0, at) };
  });
}

/** The ids a field's value names, by kind: what a page looks up in one query per kind. */
export function namedIds(field: FormField, value: unknown): { kind: NameKind; id: string }[] {
  const facets = valueFacetsOf(kindOf(field));
  if (facets?.display === 'typedIds') return typedIdsOf(value);
  const kind = facets?.names;
  if (!kind) return [];
  return pathsOf(field, value).flatMap((path) => path.map((id) => ({ kind, id })));
}

/** The dayjs-style format a date field shows its value in (its own `format`, else date and time). */
export function dateFormatOf(field: FormField): string {
  if (valueFacetsOf(kindOf(field))?.auto?.fill === 'time') return 'YYYY-MM-DD HH:mm:ss';
  return typeof field.format === 'string' && field.format ? field.format : 'YYYY-MM-DD HH:mm:ss';
}

/** A time kept as milliseconds (a number or digits) in the field's format; anything else as it is. */
function dateText(field: FormField, value: unknown): unknown {
  const millis = typeof value === 'string' && /^-?[0-9]{1,15}$/.test(value) ? Number(value) : value;
  return typeof millis === 'number' && Number.isFinite(millis) ? formatDate(millis, dateFormatOf(field)) : value;
}

export interface TextSources {
  /** The options of a choice field (static, its dictionary's entries or its interface's rows). */
  options?: readonly OptionItem[];
  nameOf?: NameOf;
  /** What a switch without its own texts shows on and off, in the reader's language. */
  switchTexts?: readonly [string, string];
}

/**
 * The value a list row or the detail viewer answers for a stored value: names for the people,
 * organisation and area pickers, option labels, dates in the field's format, a switch's text, a
 * range's two ends, a location's address. Numbers, stars, sliders, files and signatures stay as
 * stored (the readers draw them); an id whose owner is gone stays as it is.
 */
export function displayValue(field: FormField, value: unknown, sources: TextSources = {}): unknown {
  if (value === null || value === undefined || value === '') return value;
  const kind = kindOf(field);
  const shown = valueFacetsOf(kind)?.display ?? 'labels';
  if (shown === 'asStored') return value;
  if (shown === 'switch') {
    const active = field.activeValue ?? 1;
    const on = value === true || String(value) === String(active);
    const [yes, no] = sources.switchTexts ?? ['1', '0'];
    return on ? String(field.activeTxt ?? '') || yes : String(field.inactiveTxt ?? '') || no;
  }
  if (shown === 'date') return dateText(field, value);
  if (shown === 'dateRange' && Array.isArray(value)) return value.map((v) => dateText(field, v) ?? '').join(' ~ ');
  if (shown === 'range' && Array.isArray(value))
    return value.map((v) => (v === null || v === undefined ? '' : String(v))).join(' ~ ');
  if (shown === 'location') return locationText(value);
  const { options = [], nameOf } = sources;
  if (shown === 'typedIds' && nameOf)
    return typedIdsOf(value)
      .map(({ kind: named, id }) => nameOf(named, id) ?? id)
      .join(',');
  const named = shown === 'names' ? valueFacetsOf(kind)?.names : null;
  if (named && nameOf)
    return pathsOf(field, value)
      .map((path) => path.map((id) => nameOf(named, id) ?? id).join('/'))
      .join(',');
  // A cascader's one value is a path: its labels read down the path.
  const between = kind === 'cascader' && field.multiple !== true ? '/' : ',';
  if (options.length) return optionLabels(options, value, '/').join(between);
  return value;
}

/** A location's address (its JSON text keeps pName, cName, adName, address, name, fullAddress). */
function locationText(value: unknown): unknown {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (!parsed || typeof parsed !== 'object') return value;
  const place = parsed as Record<string, unknown>;
  return String(place.fullAddress || place.address || place.name || '');
}

/** A value as one line of text (a spreadsheet cell, a print field): files by their names, lists joined. */
export function valueText(field: FormField, value: unknown, sources: TextSources = {}): string | number {
  const shown = displayValue(field, value, sources);
  if (shown === null || shown === undefined) return '';
  if (typeof shown === 'number' || typeof shown === 'string') return shown;
  if (typeof shown === 'boolean') return String(shown);
  const item = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (typeof v !== 'object') return String(v);
    const named = (v as Record<string, unknown>).name;
    return typeof named === 'string' ? named : JSON.stringify(v);
  };
  if (Array.isArray(shown)) return shown.map(item).join(',');
  return item(shown);
}
