import {
  AUTO_KINDS,
  childrenOf,
  type FormDefinition,
  type FormField,
  holdsValue,
  isEmptyFieldValue,
  kindOf,
  type NameOf,
  type OptionItem,
  permissionKeyOf,
  displayValue as shownValue,
  staticOptions,
  validateCell,
  valueFields,
  valueText,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import type { ColumnType, StoragePlan, StoredChild, StoredColumn } from './storage-plan.ts';

/**
 * A record's values between the wire (the form engine's JSON values) and the typed columns, and
 * the server's checks of them against the released definition.
 */

/** A value field of the definition and the column holding it. */
export interface FieldSlot {
  field: FormField;
  column: StoredColumn;
  label: string;
  /** The code the menu's column and form rights name this field by (`permissionKeyOf`). */
  key: string;
}

export interface TableSlot {
  field: FormField;
  table: StoredChild;
  label: string;
  /** The code the menu's form rights name the sub-table by. */
  key: string;
  columns: FieldSlot[];
}

export interface RecordLayout {
  fields: FieldSlot[];
  tables: TableSlot[];
}

const labelOf = (field: FormField) => String(field.__config__?.label || field.__vModel__ || '');

/** Matches the released form's fields to the plan's columns. */
export function layoutOf(form: FormDefinition, plan: StoragePlan): RecordLayout {
  const fields: FieldSlot[] = [];
  const tables: TableSlot[] = [];
  for (const field of valueFields(form.fields ?? [])) {
    const name = field.__vModel__ ?? '';
    if (kindOf(field) === 'table') {
      const table = plan.children.find((c) => c.field === name && !c.retired);
      if (!table) continue;
      const columns: FieldSlot[] = [];
      for (const column of childrenOf(field).filter(holdsValue)) {
        const stored = table.columns.find((c) => c.field === column.__vModel__ && !c.retired);
        if (stored)
          columns.push({ field: column, column: stored, label: labelOf(column), key: permissionKeyOf(column, field) });
      }
      tables.push({ field, table, label: labelOf(field), key: permissionKeyOf(field), columns });
      continue;
    }
    const column = plan.columns.find((c) => c.field === name && !c.retired);
    if (column) fields.push({ field, column, label: labelOf(field), key: permissionKeyOf(field) });
  }
  return { fields, tables };
}

export function isAutoFilled(slot: FieldSlot): boolean {
  return AUTO_KINDS.has(kindOf(slot.field));
}

const numberText = /^\s*-?[0-9]+(\.[0-9]+)?\s*$/;

/** A wire value as its column stores it; null for empty. Refuses what the type cannot hold. */
export function toStored(value: unknown, type: ColumnType, label: string): unknown {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'numeric': {
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && numberText.test(value)) return value.trim();
      throw new BusinessError('visualdev.badNumber', { label });
    }
    case 'timestamptz': {
      const millis = typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : value;
      if (typeof millis === 'number' && Number.isFinite(millis) && Math.abs(millis) < 8.64e15) return new Date(millis);
      throw new BusinessError('visualdev.badTime', { label });
    }
    case 'text':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return JSON.stringify(value);
    case 'jsonb':
      return value;
  }
}

/** An editor (rich text) field's value sanitised; any other field's value as it is. */
const cleaned = (slot: FieldSlot, value: unknown): unknown =>
  typeof value === 'string' && kindOf(slot.field) === 'editor' ? sanitizeRichText(value) : value;

/** A field's wire value as its column stores it: `toStored`, with rich text sanitised before it is kept. */
export const storedValueOf = (slot: FieldSlot, value: unknown, label = slot.label): unknown =>
  toStored(cleaned(slot, value), slot.column.type, label);

/** A field's stored value as the record answers carry it; rich text stored before it was sanitised answers clean. */
export const wireValueOf = (slot: FieldSlot, stored: unknown): unknown =>
  cleaned(slot, fromStored(stored, slot.column.type));

/** A stored value as the wire carries it. */
export function fromStored(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'numeric') return Number(value);
  if (type === 'timestamptz') return value instanceof Date ? value.getTime() : new Date(String(value)).getTime();
  return value;
}

/**
 * The message of a field's value, or null: required first, then the regList rules, the length and
 * number limits of the widget (maxlength, min, max).
 */
export function fieldProblem(slot: FieldSlot, value: unknown): BusinessError | null {
  const { field, label } = slot;
  const config = field.__config__ ?? { jnpfKey: '' };
  const empty = isEmptyFieldValue(field, value);
  if (config.required && empty) return new BusinessError('visualdev.required', { label });
  if (empty) return null;
  const check = validateCell(value, {
    field: field.__vModel__ ?? '',
    label,
    required: false,
    regList: Array.isArray(config.regList) ? config.regList : [],
  });
  if (check.message) return new BusinessError('visualdev.fieldRule', { label, message: check.message });
  const maxlength = typeof field.maxlength === 'number' ? field.maxlength : null;
  if (maxlength !== null && typeof value === 'string' && [...value].length > maxlength)
    return new BusinessError('visualdev.tooLong', { label, max: maxlength });
  if (slot.column.type === 'numeric') {
    const n = Number(value);
    if (typeof field.min === 'number' && n < field.min)
      return new BusinessError('visualdev.tooSmall', { label, min: field.min });
    if (typeof field.max === 'number' && n > field.max)
      return new BusinessError('visualdev.tooLarge', { label, max: field.max });
  }
  return null;
}

/** Whether the definition asks for the field's values to be unique among records. */
export function isUnique(slot: FieldSlot): boolean {
  return slot.field.__config__?.unique === true;
}

/** The options a choice field's values are shown by (a dictionary's entries resolved by the caller). */
export type OptionsOf = (slot: FieldSlot) => readonly OptionItem[];

export const staticOptionsOf: OptionsOf = (slot) => staticOptions(slot.field);

/**
 * How a page of records shows its values: the options of its choice fields, the names of the ids
 * its picker fields hold (looked up once per kind for the page) and a switch's default texts.
 */
export interface Presentation {
  optionsOf: OptionsOf;
  nameOf?: NameOf;
  switchTexts?: readonly [string, string];
}

const plainly: Presentation = { optionsOf: staticOptionsOf };

const sourcesOf = (slot: FieldSlot, shown: Presentation) => ({
  options: shown.optionsOf(slot),
  ...(shown.nameOf ? { nameOf: shown.nameOf } : {}),
  ...(shown.switchTexts ? { switchTexts: shown.switchTexts } : {}),
});

/** What a list, detail or print shows for a value (`displayValue` of packages/shared). */
export const displayValue = (slot: FieldSlot, value: unknown, shown: Presentation = plainly): unknown =>
  shownValue(slot.field, value, sourcesOf(slot, shown));

/** A cell of a spreadsheet export: the same text as the list, on one line. */
export const cellText = (slot: FieldSlot, value: unknown, shown: Presentation = plainly): string | number =>
  valueText(slot.field, value, sourcesOf(slot, shown));
