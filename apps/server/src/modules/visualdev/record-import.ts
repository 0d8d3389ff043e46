import { defaultValueOf, formatDate, isSheetField, kindOf, type SheetCell, sheetCellValue } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { Translate } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import type { Session } from '../../core/session.ts';
import type { RowProblems, SheetColumn, SheetImportDefinition, SheetRow } from '../../core/sheet-import.ts';
import type { Trx } from '../../db/database.ts';
import { RecordRepository } from './record.repository.ts';
import { allowed, type Reach, type RecordService } from './record.service.ts';
import {
  type FieldSlot,
  fieldProblem,
  isAutoFilled,
  isUnique,
  storedValueOf,
  type TableSlot,
  toStored,
} from './record-values.ts';
import type { StoredColumn } from './storage-plan.ts';

/**
 * A generated form's records through the generic import kit. The sheet has one column per field a
 * person can type and the caller may edit, then the sub-tables' columns as "明细-物品". A row
 * whose form cells are all empty but a sub-table cell is filled continues the record above it (one
 * sub-table row per sheet row); the rows of one record succeed or fail together. Every value is
 * checked as create checks it (required, regList, limits, unique) and the server fills the rest.
 */

interface PendingRecord {
  values: Map<StoredColumn, unknown>;
  tables: Map<TableSlot, { id: string; values: Map<StoredColumn, unknown> }[]>;
  /** The sheet row of the record's first line, for its group. */
  head: number;
  prepared: boolean;
  organizeId: string | null;
}

/** What a checked sheet row carries: its record, and whether it is the record's first line. */
export interface ImportedLine {
  record: PendingRecord;
  head: boolean;
}

/** A sub-table column's id in the sheet: `table-column`, as FormDataFields names it. */
const subId = (table: TableSlot, slot: FieldSlot) => `${table.table.field}-${slot.column.field}`;
const filled = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== '';
/** Problems of the record as a whole are filed under this key (no column of the sheet has it). */
const recordKey = '_record';

export function recordImportDefinition(
  records: RecordService,
  reach: Reach,
  t: Translate,
): SheetImportDefinition<string, ImportedLine> {
  const editable = (slot: FieldSlot) =>
    allowed(reach.rights.forms, slot.key) && slot.field.disabled !== true && !isAutoFilled(slot);
  const mainSlots = reach.layout.fields.filter((slot) => editable(slot) && isSheetField(slot.field));
  /** Fields the caller may edit that a sheet cannot carry: they start from their defaults, as on the form. */
  const unsheeted = reach.layout.fields.filter((slot) => editable(slot) && !isSheetField(slot.field));
  /** Fields the caller may not edit: their defaults, as create gives them. */
  const locked = reach.layout.fields.filter((slot) => !editable(slot) && !isAutoFilled(slot));
  const tables = reach.layout.tables
    .filter((table) => allowed(reach.rights.forms, table.key))
    .map((table) => ({ table, slots: table.columns.filter((slot) => isSheetField(slot.field)) }))
    .filter((entry) => entry.slots.length > 0);
  const autoSlots = reach.layout.fields.filter(isAutoFilled);
  /** Per checked row, the record it belongs to (null: a continuation without one); filled by the checker. */
  let lineRecords: (PendingRecord | null)[] = [];

  // Required columns are marked in the wizard's header; the checker checks them (a row continuing a
  // record leaves the record's cells empty, and a sub-table's cells only count on its rows).
  const required = (slot: FieldSlot) => slot.field.__config__?.required === true;
  const columns: SheetColumn<string>[] = [
    ...mainSlots.map((slot) => ({
      id: slot.column.field,
      label: { text: slot.label },
      jnpfKey: kindOf(slot.field),
      required: required(slot),
    })),
    ...tables.flatMap(({ table, slots }) =>
      slots.map((slot) => ({
        id: subId(table, slot),
        label: { text: `${table.label}-${slot.label}` },
        jnpfKey: kindOf(slot.field),
        required: required(slot),
      })),
    ),
  ];

  const example = (slot: FieldSlot): string | number => {
    const kind = kindOf(slot.field);
    const options = slot.field.options ?? slot.field.__slot__?.options;
    if (Array.isArray(options) && options.length) {
      const first = options[0] as { fullName?: unknown; label?: unknown };
      return String(first.fullName ?? first.label ?? '');
    }
    if (kind === 'inputNumber' || kind === 'rate' || kind === 'slider') return 1;
    if (kind === 'date') return formatDate(new Date(), 'YYYY-MM-DD');
    if (kind === 'switch') return String(slot.field.activeValue ?? 1);
    return '';
  };

  /** A cell's value checked as create checks it, or null with the problem filed under `id`. */
  const cellValue = (
    slot: FieldSlot,
    label: string,
    raw: unknown,
    id: string,
    problems: RowProblems<string>,
  ): { stored: unknown } | null => {
    const cell: SheetCell = sheetCellValue(slot.field, raw);
    if ('problem' in cell) {
      problems.add(
        id,
        cell.problem === 'unknown'
          ? t('import.unknown', { field: label, value: cell.texts.join(',') })
          : t('import.invalid', { field: label }),
      );
      return null;
    }
    return checkedValue({ ...slot, label }, cell.value ?? defaultValueOf(slot.field) ?? null, id, problems);
  };
  const checkedValue = (slot: FieldSlot, value: unknown, id: string, problems: RowProblems<string>) => {
    try {
      const problem = fieldProblem(slot, value);
      if (problem) throw problem;
      return { stored: storedValueOf(slot, value) };
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      problems.add(id, t(error.key, error.params));
      return null;
    }
  };

  return {
    area: 'visualdev',
    columns,
    example: Object.fromEntries(mainSlots.map((slot) => [slot.column.field, example(slot)])),
    numberRows: true,
    batchSize: 500,
    requiredByChecker: true,
    // A record's sub-table rows count with it: the answer counts records, not sheet rows.
    itemOf: (index) => lineRecords[index]?.head ?? index,

    async checker(rows) {
      // Unique fields: what the table already holds, looked up once for the whole file.
      const repo = new RecordRepository(records.db);
      const uniques = mainSlots.filter(isUnique);
      const taken = new Map<FieldSlot, Set<string>>();
      for (const slot of uniques) {
        const values = rows.flatMap((row) => {
          const cell = sheetCellValue(slot.field, row[slot.column.field]);
          if (!('value' in cell) || cell.value === null) return [];
          try {
            return [toStored(cell.value, slot.column.type, slot.label)];
          } catch {
            return [];
          }
        });
        taken.set(slot, await repo.takenValues(reach.definition.plan, slot.column, values));
      }
      const seen = new Map<FieldSlot, Set<string>>(uniques.map((slot) => [slot, new Set<string>()]));
      let current: PendingRecord | null = null;
      lineRecords = [];

      const subRows = (row: SheetRow<string>, record: PendingRecord, problems: RowProblems<string>) => {
        for (const { table, slots } of tables) {
          if (!slots.some((slot) => filled(row[subId(table, slot)]))) continue;
          const lines = record.tables.get(table) ?? [];
          const values = new Map<StoredColumn, unknown>();
          for (const slot of table.columns) {
            const label = `${table.label}(${lines.length + 1}).${slot.label}`;
            const checked = slots.includes(slot)
              ? cellValue(slot, label, row[subId(table, slot)], subId(table, slot), problems)
              : checkedValue({ ...slot, label }, defaultValueOf(slot.field) ?? null, subId(table, slot), problems);
            if (checked) values.set(slot.column, checked.stored);
          }
          lines.push({ id: newId(), values });
          record.tables.set(table, lines);
        }
      };

      return (row, problems) => {
        const index = lineRecords.length;
        const continues = !mainSlots.some((slot) => filled(row[slot.column.field]));
        if (continues && tables.some(({ table, slots }) => slots.some((slot) => filled(row[subId(table, slot)])))) {
          lineRecords.push(current);
          if (!current) {
            problems.add(recordKey, t('import.orphanRow'));
            return null;
          }
          subRows(row, current, problems);
          return { record: current, head: false };
        }
        const record: PendingRecord = {
          values: new Map(),
          tables: new Map(),
          head: index,
          prepared: false,
          organizeId: null,
        };
        current = record;
        lineRecords.push(record);
        for (const slot of mainSlots) {
          const checked = cellValue(slot, slot.label, row[slot.column.field], slot.column.field, problems);
          if (!checked) continue;
          record.values.set(slot.column, checked.stored);
          const known = seen.get(slot);
          if (known && checked.stored !== null) {
            const key = checked.stored instanceof Date ? checked.stored.toISOString() : String(checked.stored);
            if (known.has(key)) problems.add(slot.column.field, t('import.duplicate', { field: slot.label }));
            else if (taken.get(slot)?.has(key))
              problems.add(slot.column.field, t('visualdev.unique', { label: slot.label }));
            known.add(key);
          }
        }
        for (const slot of [...unsheeted, ...locked]) {
          const checked = unsheeted.includes(slot)
            ? checkedValue(slot, defaultValueOf(slot.field) ?? null, recordKey, problems)
            : { stored: toStored(defaultValueOf(slot.field) ?? null, slot.column.type, slot.label) };
          if (checked) record.values.set(slot.column, checked.stored);
        }
        subRows(row, record, problems);
        return { record, head: true };
      };
    },

    settle(_checked, problems) {
      // The lines of one record (its first row and the sub-table rows under it) fail together.
      const groups = new Map<PendingRecord, number[]>();
      lineRecords.forEach((record, index) => {
        if (record) groups.set(record, [...(groups.get(record) ?? []), index]);
      });
      for (const [record, members] of groups) {
        for (const table of reach.layout.tables.filter((tb) => allowed(reach.rights.forms, tb.key))) {
          if (table.field.__config__?.required && !(record.tables.get(table)?.length ?? 0))
            problems[record.head]?.add(recordKey, t('visualdev.required', { label: table.label }));
        }
        if (members.some((i) => !problems[i]?.ok))
          for (const i of members) if (problems[i]?.ok) problems[i]?.add(recordKey, t('import.groupFailed'));
      }
    },

    async prepareBatch(lines: ImportedLine[], session: Session) {
      const organizeId = await records.organizeOf(session);
      for (const { record, head } of lines) {
        if (!head || record.prepared) continue;
        for (const [column, value] of await records.autoValues(session, autoSlots, true))
          record.values.set(column, value);
        record.organizeId = organizeId;
        record.prepared = true;
      }
    },

    async writeBatch(trx: Trx, lines: ImportedLine[], session: Session) {
      const repo = new RecordRepository(trx);
      for (const { record, head } of lines) {
        if (!head) continue;
        await records.checkUnique(trx, reach, record.values, null);
        const recordId = newId();
        await repo.insert(
          reach.definition.plan,
          recordId,
          { userId: session.userId, organizeId: record.organizeId },
          record.values,
        );
        for (const { table } of tables)
          await repo.replaceChildren(table.table, recordId, record.tables.get(table) ?? []);
      }
    },
  };
}
