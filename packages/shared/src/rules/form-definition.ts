/**
 * Reading a generated form's definition (protocol.md "Generated forms"): which fields hold values,
 * their kinds, defaults and options. The browser's form engine renders with these and the server
 * stores and checks records with the same ones.
 */
import type { FormDefinition, FormField, FormOption, FormValues } from '../schemas/formDefinition.ts';
import { fieldKind, kindKeyOf, kindsWhere, valueKindsWhere } from './field-kinds.ts';
import { isNumberRangeEmpty } from './number-format.ts';
import { isEmptyCellValue } from './sub-table.ts';

/** Kinds that hold other fields (layout), not a value of their own. */
export const CONTAINER_KINDS = kindsWhere((kind) => kind.role === 'container');
export const TABLE_GRID_ROW = 'tableGridTr';
export const TABLE_GRID_CELL = 'tableGridTd';

/** Kinds that show something but hold no value. */
export const DISPLAY_KINDS = kindsWhere((kind) => kind.role === 'display');

/** Kinds the server fills in on save (widgets.md §3 "Open-data (auto-filled) field types", billRule). */
export const AUTO_KINDS = valueKindsWhere((facets) => facets.auto !== null);

/** Kinds whose value is a list. */
export const ARRAY_KINDS = valueKindsWhere((facets) => facets.multiple === 'always');

/** The kind of a field: its key, with the aliases of 3.6 and older definitions resolved (datePicker is date). */
export function kindOf(field: FormField): string {
  return kindKeyOf(field.__config__?.jnpfKey ?? '');
}

export function isContainer(field: FormField): boolean {
  const role = fieldKind(kindOf(field)).role;
  return role === 'container' || role === 'gridPart';
}

/** Whether the field holds a value of the record. */
export function holdsValue(field: FormField): boolean {
  return !!field.__vModel__ && fieldKind(kindOf(field)).role === 'value';
}

/** widgets.md §2: items marked noShow or not visible on pc are not rendered. */
export function isShown(field: FormField): boolean {
  const config = field.__config__;
  if (!config || config.noShow) return false;
  const visibility = config.visibility;
  return !Array.isArray(visibility) || visibility.length === 0 || visibility.includes('pc');
}

export function childrenOf(field: FormField): FormField[] {
  const children = field.__config__?.children;
  return Array.isArray(children) ? children : [];
}

/**
 * Every field holding a value at the top level of the record, in definition order, walking through
 * layout containers (not into sub-tables, whose columns are the rows' keys).
 */
export function valueFields(fields: readonly FormField[]): FormField[] {
  const out: FormField[] = [];
  const walk = (list: readonly FormField[]) => {
    for (const field of list) {
      if (kindOf(field) === 'table') {
        if (field.__vModel__) out.push(field);
        continue;
      }
      if (holdsValue(field)) out.push(field);
      walk(childrenOf(field));
    }
  };
  walk(fields);
  return out;
}

/** The value a new record starts with: the configured default, else [] for list kinds, else undefined. */
export function defaultValueOf(field: FormField): unknown {
  const kind = kindOf(field);
  const configured = field.__config__?.defaultValue;
  if (configured !== undefined && configured !== null && configured !== '') {
    if (kind === 'table') return Array.isArray(configured) ? configured : [];
    // Definitions are JSON, so a JSON round trip copies a default fully (no DOM or Node clone here).
    return JSON.parse(JSON.stringify(configured)) as unknown;
  }
  if (kind === 'switch') return field.inactiveValue ?? 0;
  if (ARRAY_KINDS.has(kind)) return [];
  if (kind === 'select' && field.multiple) return [];
  return undefined;
}

/** The starting values of a record: the defaults, overridden by stored values. */
export function initialValues(definition: FormDefinition, stored: FormValues = {}): FormValues {
  const values: FormValues = {};
  for (const field of valueFields(definition.fields)) {
    const name = field.__vModel__ as string;
    values[name] = Object.hasOwn(stored, name) ? stored[name] : defaultValueOf(field);
  }
  for (const [key, value] of Object.entries(stored)) if (!Object.hasOwn(values, key)) values[key] = value;
  return values;
}

/** A row of a sub-table with its columns' defaults. */
export function newRow(table: FormField): FormValues {
  const row: FormValues = {};
  for (const column of childrenOf(table)) {
    if (column.__vModel__) row[column.__vModel__] = defaultValueOf(column);
  }
  return row;
}

export interface OptionItem {
  value: string | number;
  label: string;
  disabled?: boolean;
  children?: OptionItem[];
}

/** The field's static options (`options` or `__slot__.options`) mapped through `props` (default fullName / id). */
export function staticOptions(field: FormField): OptionItem[] {
  const list = field.options ?? field.__slot__?.options ?? [];
  const props = field.props ?? {};
  const labelKey = typeof props.label === 'string' ? props.label : 'fullName';
  const valueKey = typeof props.value === 'string' ? props.value : 'id';
  const childrenKey = typeof props.children === 'string' ? props.children : 'children';
  const map = (items: readonly FormOption[]): OptionItem[] =>
    items.map((item) => {
      const rawValue = item[valueKey] ?? item.id ?? item.value;
      const rawLabel = item[labelKey] ?? item.fullName ?? item.label ?? rawValue;
      const children = item[childrenKey];
      const option: OptionItem = {
        value: typeof rawValue === 'number' ? rawValue : String(rawValue ?? ''),
        label: String(rawLabel ?? ''),
      };
      if (item.disabled) option.disabled = true;
      if (Array.isArray(children) && children.length > 0) option.children = map(children as FormOption[]);
      return option;
    });
  return Array.isArray(list) ? map(list) : [];
}

/** The labels of `value` (one value or a list, or a list of paths for cascaders) in an option tree. */
export function optionLabels(options: readonly OptionItem[], value: unknown, separator = '/'): string[] {
  const find = (list: readonly OptionItem[], v: unknown): OptionItem | undefined => {
    for (const option of list) {
      if (String(option.value) === String(v)) return option;
      const inner = option.children ? find(option.children, v) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  const one = (v: unknown): string => {
    if (Array.isArray(v)) return v.map(one).join(separator);
    return find(options, v)?.label ?? (v === null || v === undefined ? '' : String(v));
  };
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(one).filter((s) => s !== '');
  return [one(value)];
}

/**
 * Whether a sub-table row holds nothing a person entered: every cell empty, a switch off, the
 * calculated columns (derived from the others) aside. Such rows are not saved.
 */
export function isEmptyRow(row: Readonly<Record<string, unknown>>, columns: readonly FormField[]): boolean {
  return columns.every((column) => {
    const kind = kindOf(column);
    const value = row[column.__vModel__ ?? ''];
    if (kind === 'calculate') return true;
    if (kind === 'switch')
      return value === undefined || value === null || value === false || value === (column.inactiveValue ?? 0);
    return isEmptyFieldValue(column, value);
  });
}

/** Whether a value counts as empty for `required` (widgets.md §5): null, undefined, '', [] and an empty number range. */
export function isEmptyFieldValue(field: FormField, value: unknown): boolean {
  const kind = kindOf(field);
  if (kind === 'numRange') return !Array.isArray(value) || isNumberRangeEmpty(value);
  if ((kind === 'dateRange' || kind === 'timeRange') && Array.isArray(value))
    return value.every((v) => v === null || v === undefined || v === '');
  if (kind === 'switch') return false;
  return isEmptyCellValue(value);
}
