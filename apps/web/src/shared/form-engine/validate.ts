import { type FormField, isEmptyFieldValue, isEmptyRow, type SubTableColumn, validateCell } from '@platform/shared';
import { childrenOf } from './definition.ts';
import { formEngineT } from './i18n.ts';

/** A field's value is empty for `required` (widgets.md §5): null, undefined, '', [] and an empty number range. */
export const isEmptyValue = isEmptyFieldValue;

export function requiredText(label: string): string {
  return formEngineT('required', { label });
}

/** The column description the shared sub-table rules take. */
export function columnOf(field: FormField): SubTableColumn {
  return {
    field: field.__vModel__ ?? '',
    label: field.__config__.label ?? field.__vModel__ ?? '',
    required: !!field.__config__.required,
    regList: field.__config__.regList ?? [],
    jnpfKey: field.__config__.jnpfKey,
    useMask: !!field.useMask,
    thousands: !!field.thousands,
  };
}

/**
 * The message of a field's value, or null: `required` first ("{label}不能为空"), then each regList
 * rule on a non-empty value (the rule's message), then the number limits (min/max) and max length.
 */
export function validateField(field: FormField, value: unknown): string | null {
  const config = field.__config__;
  const label = config.label ?? field.__vModel__ ?? '';
  if (config.required && isEmptyValue(field, value)) return requiredText(label);
  if (isEmptyValue(field, value)) return null;
  const check = validateCell(value, { ...columnOf(field), required: false });
  if (check.message) return check.message;
  return null;
}

export interface RowError {
  row: number;
  field: string;
  message: string;
}

/** Row-level validation of a sub-table on submit: every failing cell of visible columns. */
export function validateRows(table: FormField, rows: unknown): RowError[] {
  if (!Array.isArray(rows)) return [];
  const columns = childrenOf(table).filter((c) => c.__vModel__);
  const errors: RowError[] = [];
  rows.forEach((row, index) => {
    const record = (row ?? {}) as Record<string, unknown>;
    // A row left empty is not saved (getValues drops it), so it has nothing to check.
    if (isEmptyRow(record, columns)) return;
    for (const column of columns) {
      const message = validateField(column, record[column.__vModel__ as string]);
      if (message) errors.push({ row: index, field: column.__vModel__ as string, message });
    }
  });
  return errors;
}
