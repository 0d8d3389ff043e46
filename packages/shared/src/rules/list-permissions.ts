/**
 * The permission entries a published generated form offers on its menu (admin.md "Generated-form
 * viewer permissions"): its list's buttons, its list's columns and its form's fields. The list
 * designer shows them and the server creates them when the form is published to a menu.
 */

import type { FormDefinition } from '../schemas/formDefinition.ts';
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

/** Buttons once per code (batch delete and row delete are both btn_remove), columns, and every value field (sub-table columns as `table-column`). */
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
  const columns = (list.columnList ?? []).map((column) => ({
    enCode: column.prop,
    fullName: labelOf(column.label, column.prop),
  }));
  const forms: ListPermissionEntry[] = [];
  for (const field of valueFields(Array.isArray(form.fields) ? form.fields : [])) {
    const name = field.__vModel__ as string;
    const label = labelOf(field.__config__.label, name);
    forms.push({ enCode: name, fullName: label });
    if (kindOf(field) !== 'table') continue;
    for (const column of childrenOf(field)) {
      if (!column.__vModel__) continue;
      forms.push({
        enCode: `${name}-${column.__vModel__}`,
        fullName: `${label}-${labelOf(column.__config__.label, column.__vModel__)}`,
      });
    }
  }
  return { buttons: [...buttons.values()], columns, forms };
}
