/**
 * The permission entries a published generated form offers on its menu (admin.md "Generated-form
 * viewer permissions"): its list's buttons, its list's columns and its form's fields. The list
 * designer shows them and the server creates them when the form is published to a menu.
 */

import type { FormDefinition, FormField } from '../schemas/formDefinition.ts';
import type { ColumnDefinition } from '../schemas/visualdev.ts';
import { childrenOf, kindOf, valueFields } from './form-definition.ts';

export interface ListPermissionEntry {
  enCode: string;
  fullName: string;
}

export interface ListPermissions {
  buttons: ListPermissionEntry[];
  columns: ListPermissionEntry[];
  forms: ListPermissionEntry[];
}

/** The list's buttons when columnData names none, as the generated-forms page shows them. */
export const DEFAULT_LIST_BUTTONS = ['add', 'download', 'batchRemove'] as const;
export const DEFAULT_ROW_BUTTONS = ['edit', 'remove', 'detail'] as const;

/** The button code the generated-forms page checks for a list or row button (`btnsList` / `columnBtnsList` value). */
export function buttonCode(value: string): string {
  if (value === 'download') return 'btn_export';
  if (value === 'batchRemove') return 'btn_remove';
  return `btn_${value}`;
}

const labelOf = (label: unknown, fallback: string) => (typeof label === 'string' && label ? label : fallback);

/** The longest permission key the designer may set (a menu permission entry's code, as EnCode). */
export const PERMISSION_KEY_MAX = 50;

/** The key a designer set on the field (`__config__.permissionKey`), trimmed; '' when none. */
const ownKey = (field: FormField) =>
  typeof field.__config__.permissionKey === 'string' ? field.__config__.permissionKey.trim() : '';

/**
 * Why a field's own permission key cannot be published, or null: at most 50 characters, no
 * spaces (it becomes the code of a column and form permission entry of the menu).
 */
export function permissionKeyProblem(key: string): 'tooLong' | 'spaces' | null {
  if (key.length > PERMISSION_KEY_MAX) return 'tooLong';
  if (/\s/.test(key)) return 'spaces';
  return null;
}

/**
 * The code the menu's column and form permission entries give a field, which the server and the
 * page check: its own permission key when the designer set one (several fields may share one, so
 * one grant shows or hides them together), else its name; a sub-table column without a key of its
 * own is `table-column` by the table's code.
 */
export function permissionKeyOf(field: FormField, table?: FormField): string {
  const own = ownKey(field);
  if (own) return own;
  const name = field.__vModel__ ?? '';
  return table ? `${permissionKeyOf(table)}-${name}` : name;
}

/** The permission code of every top-level value field by its name (list columns name fields by `prop`). */
export function permissionKeysByName(form: FormDefinition): Map<string, string> {
  const keys = new Map<string, string>();
  for (const field of valueFields(Array.isArray(form.fields) ? form.fields : []))
    keys.set(field.__vModel__ as string, permissionKeyOf(field));
  return keys;
}

/** The first field's own permission key that cannot be published, with why; null when all can. */
export function badPermissionKey(form: FormDefinition): { key: string; problem: 'tooLong' | 'spaces' } | null {
  for (const field of valueFields(Array.isArray(form.fields) ? form.fields : [])) {
    for (const one of [field, ...(kindOf(field) === 'table' ? childrenOf(field) : [])]) {
      const key = ownKey(one);
      const problem = key ? permissionKeyProblem(key) : null;
      if (problem) return { key, problem };
    }
  }
  return null;
}

/** Entries once per code; fields sharing a code give it their labels joined. */
class Entries {
  private readonly byCode = new Map<string, string[]>();
  add(enCode: string, fullName: string) {
    const labels = this.byCode.get(enCode);
    if (!labels) this.byCode.set(enCode, [fullName]);
    else if (!labels.includes(fullName)) labels.push(fullName);
  }
  list(): ListPermissionEntry[] {
    return [...this.byCode].map(([enCode, labels]) => ({ enCode, fullName: labels.join('、') }));
  }
}

/**
 * Buttons once per code (batch delete and row delete are both btn_remove), columns and every value
 * field (sub-table columns as `table-column`), columns and fields by their permission key.
 */
export function listPermissions(form: FormDefinition, list: ColumnDefinition): ListPermissions {
  const buttons = new Map<string, ListPermissionEntry>();
  const named = (entries: ColumnDefinition['btnsList'], defaults: readonly string[]) =>
    entries ?? defaults.map((value) => ({ value, label: '' }));
  for (const button of [
    ...named(list.btnsList, DEFAULT_LIST_BUTTONS),
    ...named(list.columnBtnsList, DEFAULT_ROW_BUTTONS),
  ]) {
    const enCode = buttonCode(button.value);
    if (!buttons.has(enCode)) buttons.set(enCode, { enCode, fullName: labelOf(button.label, button.value) });
  }
  const keys = permissionKeysByName(form);
  const columns = new Entries();
  for (const column of list.columnList ?? [])
    columns.add(keys.get(column.prop) ?? column.prop, labelOf(column.label, column.prop));
  const forms = new Entries();
  for (const field of valueFields(Array.isArray(form.fields) ? form.fields : [])) {
    const name = field.__vModel__ as string;
    const label = labelOf(field.__config__.label, name);
    forms.add(permissionKeyOf(field), label);
    if (kindOf(field) !== 'table') continue;
    for (const column of childrenOf(field)) {
      if (!column.__vModel__) continue;
      forms.add(permissionKeyOf(column, field), `${label}-${labelOf(column.__config__.label, column.__vModel__)}`);
    }
  }
  return { buttons: [...buttons.values()], columns: columns.list(), forms: forms.list() };
}
