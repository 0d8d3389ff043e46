import { defaultValueOf, isEmptyRow } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { DataScope, FieldRights } from '../../core/permissions.ts';
import type { Trx } from '../../db/database.ts';
import { FormRecordRepository } from './record.repository.ts';
import {
  fieldProblem,
  isAutoFilled,
  type RecordLayout,
  storedValueOf,
  type TableSlot,
  toStored,
} from './record-values.ts';
import type { StoredColumn } from './storage-plan.ts';
import type { ReleasedDefinition } from './visualdev.service.ts';

/**
 * What a save of a generated form's record may write: the caller's reach on the definition, and
 * the values it sends checked and typed against it (record.service.ts writes them).
 */

/** What a caller may do with one definition's records, resolved from the menus that open it. */
export interface Reach {
  definition: ReleasedDefinition;
  layout: RecordLayout;
  scope: DataScope;
  rights: FieldRights;
}

export const allowed = (rights: Set<string> | null, field: string) => rights === null || rights.has(field);

export interface CheckedTable {
  slot: TableSlot;
  rows: { id: string; storedId: string | null; values: Map<StoredColumn, unknown> }[];
}

/** A save's values: the head fields' and each sub-table's rows. */
export type CheckedValues = ReturnType<typeof checkedValues>;

/** Checks and types the values of the fields the caller may edit; the others are left alone. */
export function checkedValues(reach: Reach, data: Record<string, unknown>, creating: boolean) {
  const values = new Map<StoredColumn, unknown>();
  for (const slot of reach.layout.fields) {
    if (isAutoFilled(slot)) continue;
    const editable = allowed(reach.rights.forms, slot.key) && slot.field.disabled !== true;
    if (!editable) {
      // A field the caller cannot see starts from its default on a new record and is kept on an edit.
      if (creating) values.set(slot.column, toStored(defaultValueOf(slot.field) ?? null, slot.column.type, slot.label));
      continue;
    }
    const value = Object.hasOwn(data, slot.column.field)
      ? data[slot.column.field]
      : creating
        ? defaultValueOf(slot.field)
        : undefined;
    if (value === undefined && !creating) {
      const problem = fieldProblem(slot, null);
      if (problem) throw problem;
      continue;
    }
    const problem = fieldProblem(slot, value);
    if (problem) throw problem;
    values.set(slot.column, storedValueOf(slot, value));
  }
  const tables: CheckedTable[] = [];
  for (const table of reach.layout.tables) {
    if (!allowed(reach.rights.forms, table.key)) continue;
    const raw = data[table.table.field];
    if (raw !== undefined && raw !== null && !Array.isArray(raw))
      throw new BusinessError('visualdev.badData', { reason: table.label });
    const claimed = new Set<string>();
    const columns = table.columns.map((slot) => slot.field);
    const rows = ((raw as unknown[] | undefined) ?? []).flatMap((row, index) => {
      const record = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      // A row left empty is not kept (its number in messages stays the one the person sees).
      if (isEmptyRow(record, columns)) return [];
      const rowValues = new Map<StoredColumn, unknown>();
      // A copied row carries its original's id: only the first of them is that stored row.
      const storedId = typeof record.id === 'string' && !claimed.has(record.id) ? record.id : null;
      if (storedId) claimed.add(storedId);
      for (const slot of table.columns) {
        if (!allowed(reach.rights.forms, slot.key)) continue;
        const value = record[slot.column.field];
        // Messages name the cell: "明细(2).物品不能为空".
        const cell = { ...slot, label: `${table.label}(${index + 1}).${slot.label}` };
        const problem = fieldProblem(cell, value);
        if (problem) throw problem;
        rowValues.set(slot.column, storedValueOf(slot, value, cell.label));
      }
      return [{ id: newId(), storedId, values: rowValues }];
    });
    if (table.field.__config__?.required && rows.length === 0)
      throw new BusinessError('visualdev.required', { label: table.label });
    tables.push({ slot: table, rows });
  }
  return { values, tables };
}

/**
 * Fills the sub-table columns the caller may not edit: a row that was stored (named by its id)
 * keeps its stored values, a new row starts from the column's default. Reads inside `trx` so the
 * values kept are those the rewrite replaces.
 */
export async function keepLockedCells(trx: Trx, reach: Reach, recordId: string | null, tables: CheckedTable[]) {
  const repo = new FormRecordRepository(trx);
  for (const { slot: table, rows } of tables) {
    const locked = table.columns.filter((slot) => !allowed(reach.rights.forms, slot.key));
    if (!locked.length) continue;
    const stored = recordId
      ? await repo.children(
          table.table,
          locked.map((s) => s.column),
          [recordId],
        )
      : [];
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const row of rows) {
      const kept = row.storedId ? byId.get(row.storedId) : undefined;
      for (const slot of locked)
        row.values.set(
          slot.column,
          kept ? kept[slot.column.column] : toStored(defaultValueOf(slot.field) ?? null, slot.column.type, slot.label),
        );
    }
  }
}
