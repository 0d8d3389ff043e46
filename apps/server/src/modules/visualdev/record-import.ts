import { defaultValueOf, isSheetField, kindOf, type SheetCell, sheetCellValue, sheetExample } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { Translate } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import type { Session } from '../../core/session.ts';
import type { RowChecker, RowProblems, SheetColumn, SheetImportDefinition, SheetRow } from '../../core/sheet-import.ts';
import type { Trx } from '../../db/database.ts';
import { FormRecordRepository } from './record.repository.ts';
import type { RecordService } from './record.service.ts';
import { allowed, type Reach } from './record-checks.ts';
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

/** Which fields and sub-table columns the sheet carries, and how the rest of a record is filled. */
function importLayout(reach: Reach) {
  const editable = (slot: FieldSlot) =>
    allowed(reach.rights.forms, slot.key) && slot.field.disabled !== true && !isAutoFilled(slot);
  return {
    mainSlots: reach.layout.fields.filter((slot) => editable(slot) && isSheetField(slot.field)),
    /** Fields the caller may edit that a sheet cannot carry: they start from their defaults, as on the form. */
    unsheeted: reach.layout.fields.filter((slot) => editable(slot) && !isSheetField(slot.field)),
    /** Fields the caller may not edit: their defaults, as create gives them. */
    locked: reach.layout.fields.filter((slot) => !editable(slot) && !isAutoFilled(slot)),
    tables: reach.layout.tables
      .filter((table) => allowed(reach.rights.forms, table.key))
      .map((table) => ({ table, slots: table.columns.filter((slot) => isSheetField(slot.field)) }))
      .filter((entry) => entry.slots.length > 0),
    autoSlots: reach.layout.fields.filter(isAutoFilled),
  };
}

type ImportLayout = ReturnType<typeof importLayout>;

/** The sheet's columns: the form's fields, then each sub-table's as "明细-物品". */
function importColumns({ mainSlots, tables }: ImportLayout): SheetColumn<string>[] {
  // Required columns are marked in the wizard's header; the checker checks them (a row continuing a
  // record leaves the record's cells empty, and a sub-table's cells only count on its rows).
  const required = (slot: FieldSlot) => slot.field.__config__?.required === true;
  return [
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
}

/**
 * One import of a form's records: the checks of its cells and rows, and the records they make.
 * `lineRecords` is, per checked row, the record it belongs to (null: a continuation without one).
 */
class RecordSheetImport {
  readonly layout: ImportLayout;
  lineRecords: (PendingRecord | null)[] = [];

  constructor(
    private readonly records: RecordService,
    private readonly reach: Reach,
    private readonly t: Translate,
  ) {
    this.layout = importLayout(reach);
  }

  /** A cell's value checked as create checks it, or null with the problem filed under `id`. */
  private cellValue(
    slot: FieldSlot,
    label: string,
    raw: unknown,
    id: string,
    problems: RowProblems<string>,
  ): { stored: unknown } | null {
    const cell: SheetCell = sheetCellValue(slot.field, raw);
    if ('problem' in cell) {
      problems.add(
        id,
        cell.problem === 'unknown'
          ? this.t('import.unknown', { field: label, value: cell.texts.join(',') })
          : this.t('import.invalid', { field: label }),
      );
      return null;
    }
    return this.checkedValue({ ...slot, label }, cell.value ?? defaultValueOf(slot.field) ?? null, id, problems);
  }

  private checkedValue(slot: FieldSlot, value: unknown, id: string, problems: RowProblems<string>) {
    try {
      const problem = fieldProblem(slot, value);
      if (problem) throw problem;
      return { stored: storedValueOf(slot, value) };
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      problems.add(id, this.t(error.key, error.params));
      return null;
    }
  }

  /** Unique fields: what the table already holds of the file's values, looked up once for the whole file. */
  private async takenValues(rows: SheetRow<string>[]): Promise<Map<FieldSlot, Set<string>>> {
    const repo = new FormRecordRepository(this.records.db);
    const taken = new Map<FieldSlot, Set<string>>();
    for (const slot of this.layout.mainSlots.filter(isUnique)) {
      const values = rows.flatMap((row) => {
        const cell = sheetCellValue(slot.field, row[slot.column.field]);
        if (!('value' in cell) || cell.value === null) return [];
        try {
          return [toStored(cell.value, slot.column.type, slot.label)];
        } catch {
          return [];
        }
      });
      taken.set(slot, await repo.takenValues(this.reach.definition.plan, slot.column, values));
    }
    return taken;
  }

  /** The sub-table cells a row fills, as one more row of each such sub-table of `record`. */
  private subRows(row: SheetRow<string>, record: PendingRecord, problems: RowProblems<string>) {
    for (const { table, slots } of this.layout.tables) {
      if (!slots.some((slot) => filled(row[subId(table, slot)]))) continue;
      const lines = record.tables.get(table) ?? [];
      const values = new Map<StoredColumn, unknown>();
      for (const slot of table.columns) {
        const label = `${table.label}(${lines.length + 1}).${slot.label}`;
        const checked = slots.includes(slot)
          ? this.cellValue(slot, label, row[subId(table, slot)], subId(table, slot), problems)
          : this.checkedValue({ ...slot, label }, defaultValueOf(slot.field) ?? null, subId(table, slot), problems);
        if (checked) values.set(slot.column, checked.stored);
      }
      lines.push({ id: newId(), values });
      record.tables.set(table, lines);
    }
  }

  /** The checker of the file's rows: each row a new record or, with only sub-table cells, a line of the one above. */
  async checker(rows: SheetRow<string>[]): Promise<RowChecker<string, ImportedLine>> {
    const { mainSlots, tables } = this.layout;
    const taken = await this.takenValues(rows);
    const seen = new Map<FieldSlot, Set<string>>(mainSlots.filter(isUnique).map((slot) => [slot, new Set<string>()]));
    let current: PendingRecord | null = null;
    this.lineRecords = [];
    return (row, problems) => {
      const continues = !mainSlots.some((slot) => filled(row[slot.column.field]));
      if (continues && tables.some(({ table, slots }) => slots.some((slot) => filled(row[subId(table, slot)])))) {
        this.lineRecords.push(current);
        if (!current) {
          problems.add(recordKey, this.t('import.orphanRow'));
          return null;
        }
        this.subRows(row, current, problems);
        return { record: current, head: false };
      }
      current = this.headRow(row, problems, taken, seen);
      return { record: current, head: true };
    };
  }

  /** A row that starts a record: its form cells checked (unique ones against the table and the file), the rest defaulted. */
  private headRow(
    row: SheetRow<string>,
    problems: RowProblems<string>,
    taken: Map<FieldSlot, Set<string>>,
    seen: Map<FieldSlot, Set<string>>,
  ): PendingRecord {
    const { mainSlots, unsheeted, locked } = this.layout;
    const record: PendingRecord = {
      values: new Map(),
      tables: new Map(),
      head: this.lineRecords.length,
      prepared: false,
      organizeId: null,
    };
    this.lineRecords.push(record);
    for (const slot of mainSlots) {
      const checked = this.cellValue(slot, slot.label, row[slot.column.field], slot.column.field, problems);
      if (!checked) continue;
      record.values.set(slot.column, checked.stored);
      const known = seen.get(slot);
      if (known && checked.stored !== null) {
        const key = checked.stored instanceof Date ? checked.stored.toISOString() : String(checked.stored);
        if (known.has(key)) problems.add(slot.column.field, this.t('import.duplicate', { field: slot.label }));
        else if (taken.get(slot)?.has(key))
          problems.add(slot.column.field, this.t('visualdev.unique', { label: slot.label }));
        known.add(key);
      }
    }
    for (const slot of [...unsheeted, ...locked]) {
      const checked = unsheeted.includes(slot)
        ? this.checkedValue(slot, defaultValueOf(slot.field) ?? null, recordKey, problems)
        : { stored: toStored(defaultValueOf(slot.field) ?? null, slot.column.type, slot.label) };
      if (checked) record.values.set(slot.column, checked.stored);
    }
    this.subRows(row, record, problems);
    return record;
  }

  /** The lines of one record (its first row and the sub-table rows under it) fail together. */
  settle(problems: RowProblems<string>[]) {
    const groups = new Map<PendingRecord, number[]>();
    this.lineRecords.forEach((record, index) => {
      if (record) groups.set(record, [...(groups.get(record) ?? []), index]);
    });
    for (const [record, members] of groups) {
      for (const table of this.reach.layout.tables.filter((tb) => allowed(this.reach.rights.forms, tb.key))) {
        if (table.field.__config__?.required && !(record.tables.get(table)?.length ?? 0))
          problems[record.head]?.add(recordKey, this.t('visualdev.required', { label: table.label }));
      }
      if (members.some((i) => !problems[i]?.ok))
        for (const i of members) if (problems[i]?.ok) problems[i]?.add(recordKey, this.t('import.groupFailed'));
    }
  }

  /** The values the server fills (bill numbers among them), taken before the batch's transaction. */
  async prepareBatch(lines: ImportedLine[], session: Session) {
    const organizeId = await this.records.organizeOf(session);
    for (const { record, head } of lines) {
      if (!head || record.prepared) continue;
      for (const [column, value] of await this.records.autoValues(session, this.layout.autoSlots, true))
        record.values.set(column, value);
      record.organizeId = organizeId;
      record.prepared = true;
    }
  }

  async writeBatch(trx: Trx, lines: ImportedLine[], session: Session) {
    const repo = new FormRecordRepository(trx);
    for (const { record, head } of lines) {
      if (!head) continue;
      await this.records.checkUnique(trx, this.reach, record.values, null);
      const recordId = newId();
      await repo.insert(
        this.reach.definition.plan,
        recordId,
        { userId: session.userId, organizeId: record.organizeId },
        record.values,
      );
      for (const { table } of this.layout.tables)
        await repo.replaceChildren(table.table, recordId, record.tables.get(table) ?? []);
    }
  }
}

export function recordImportDefinition(
  records: RecordService,
  reach: Reach,
  t: Translate,
): SheetImportDefinition<string, ImportedLine> {
  const run = new RecordSheetImport(records, reach, t);
  return {
    area: 'visualdev',
    columns: importColumns(run.layout),
    example: Object.fromEntries(run.layout.mainSlots.map((slot) => [slot.column.field, sheetExample(slot.field)])),
    numberRows: true,
    batchSize: 500,
    requiredByChecker: true,
    // A record's sub-table rows count with it: the answer counts records, not sheet rows.
    itemOf: (index) => run.lineRecords[index]?.head ?? index,
    checker: (rows) => run.checker(rows),
    settle: (_checked, problems) => run.settle(problems),
    prepareBatch: (lines, session) => run.prepareBatch(lines, session),
    writeBatch: (trx, lines, session) => run.writeBatch(trx, lines, session),
  };
}
