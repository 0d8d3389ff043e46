import {
  LIST_TYPE,
  type PageData,
  type RecordExportBody,
  type RecordInfo,
  type RecordListBody,
  TREE_DEPTH,
  valueKindsWhere,
} from '@platform/shared';
import ExcelJS from 'exceljs';
import type { Downloads } from '../../core/downloads.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { type Translate, translator } from '../../core/i18n.ts';
import { likePattern, page } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import { blankCondition, FormRecordRepository, searchCondition } from './record.repository.ts';
import { type RecordAccess, visibleFields } from './record-access.ts';
import { allowed, type Reach } from './record-checks.ts';
import type { RecordLabels } from './record-labels.ts';
import { fieldOf, listFilter, listRow, sortKeys } from './record-search.ts';
import { cellText, type FieldSlot, wireValueOf } from './record-values.ts';
import type { StoragePlan, StoredColumn } from './storage-plan.ts';
import { FormDefinitionRepository } from './visualdev.repository.ts';

/** The kinds whose values name uploaded files (`[{name, fileId, url}]`), aliases too (a stored plan keeps the key it was made with). */
const uploadKinds = valueKindsWhere((facets) => facets.value === 'files');

/** Exports write at most this many records. */
const exportCap = 100_000;
/** "Not paged" lists (pageSize 1000000) answer at most this many records. */
const unpagedCap = 10_000;

const asNumber = (value: number | string | undefined, fallback: number) =>
  value === undefined || value === '' ? fallback : Number(value);

/** The page's records (shown as a person reads them) under one head row per value of the group field, in the order met. */
function groupRows(rows: Record<string, unknown>[], group: FieldSlot): Record<string, unknown>[] {
  const groups = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const value = row[group.column.field];
    const key = JSON.stringify(value ?? null);
    let head = groups.get(key);
    if (!head) {
      head = { id: `group:${key}`, top: true, [group.column.field]: value ?? '', children: [] };
      groups.set(key, head);
    }
    (head.children as Record<string, unknown>[]).push(row);
  }
  return [...groups.values()];
}

/**
 * The reads of a generated form's records: list pages (grouped, tree tables, children of one
 * record), one record as the form or the detail viewer shows it, exports, the related-form
 * picker's pages, and which records hold an uploaded file.
 */
export class RecordQuery {
  constructor(
    private readonly db: Db,
    private readonly access: RecordAccess,
    private readonly labels: RecordLabels,
    private readonly downloads: Downloads,
  ) {}

  /**
   * `labelled`: choice fields answered by their labels, for readers that cannot look options up
   * (a short link's visitor has no session for the dictionaries) and never edit what they read.
   * With a `session`, popup selects answer their interface's label and keep the id under
   * `<name>_id` (admin.md 3.12), one InfoByIds call per field for the page; a list edited in place
   * (type 4) keeps the stored value under the name, as its rows are saved back, and answers the
   * label under `<name>_name`. A grouped list (type 3) answers the page's records under one row
   * per value of the group field (`top: true`, the value's label, the records as `children`),
   * records of a group kept together by sorting on that field first. A tree table (type 5) pages
   * its top records (parent field empty) and nests every descendant the caller may reach as
   * `children`; while searching it lists the matches themselves; with `parentId`, the children
   * of that record. A group or parent field the caller may not see leaves the list plain.
   */
  async listOf(
    reach: Reach,
    body: RecordListBody,
    t: Translate,
    labelled = false,
    session: Session | null = null,
    parentId: string | null = null,
  ): Promise<PageData<Record<string, unknown>>> {
    const visible = visibleFields(reach);
    const currentPage = asNumber(body.currentPage, 1);
    const requested = asNumber(body.pageSize, reach.definition.list.pageSize ?? 20);
    const pageSize = Math.min(requested, unpagedCap);
    const listType = Number(reach.definition.list.type ?? LIST_TYPE.plain);
    const filter = listFilter(reach, visible, body, t);
    let sort = sortKeys(reach, visible, body);
    const group = listType === LIST_TYPE.grouped ? fieldOf(visible, reach.definition.list.groupField) : null;
    if (group) sort = [{ column: group.column.column, desc: false }, ...sort];
    const parent = listType === LIST_TYPE.treeTable ? fieldOf(visible, reach.definition.list.parentField) : null;
    const searching = filter.where.length > 0;
    if (parentId !== null) {
      if (!parent) return page([], 0, { currentPage, pageSize: requested });
      filter.where.push(searchCondition({ column: parent.column, match: 'equals', values: [parentId] }));
    } else if (parent && !searching) filter.where.push(blankCondition(parent.column));
    const repo = new FormRecordRepository(this.db);
    const result = await repo.page(
      reach.definition.plan,
      visible.map((s) => s.column),
      filter,
      sort,
      { pageSize, offset: (currentPage - 1) * pageSize },
    );
    const rows = result.list.map((row) => listRow(row, visible));
    if (parent && (!searching || parentId !== null)) await this.nestDescendants(reach, visible, parent, rows);
    // After nesting (which matches raw values), before grouping (whose head shows the text).
    await this.labels.present(rows, visible, session, t, listType === LIST_TYPE.inline && !labelled);
    if (group) return page(groupRows(rows, group), result.total, { currentPage, pageSize: requested });
    return page(rows, result.total, { currentPage, pageSize: requested });
  }

  /** Hangs each record's children (records whose parent field holds its id) under it, level by level. */
  private async nestDescendants(
    reach: Reach,
    visible: FieldSlot[],
    parent: FieldSlot,
    roots: Record<string, unknown>[],
  ) {
    const repo = new FormRecordRepository(this.db);
    const seen = new Set(roots.map((r) => String(r.id)));
    let level = roots;
    for (let depth = 1; depth < TREE_DEPTH && level.length; depth++) {
      const byId = new Map(level.map((r) => [String(r.id), r]));
      const found = await repo.all(
        reach.definition.plan,
        visible.map((s) => s.column),
        {
          where: [searchCondition({ column: parent.column, match: 'equals', values: [...byId.keys()] })],
          scope: reach.scope,
        },
        sortKeys(reach, visible, {}),
        unpagedCap,
      );
      // A record met twice (a cycle in the parent links) stays where it was first met.
      const children = found
        .map((row) => listRow(row, visible))
        .filter((row) => !seen.has(String(row.id)) && seen.add(String(row.id)));
      for (const child of children) {
        const owner = byId.get(String(child[parent.column.field]));
        if (!owner) continue;
        owner.children = [...((owner.children as unknown[] | undefined) ?? []), child];
      }
      level = children;
    }
  }

  /**
   * One record's values the caller may see on the form, sub-tables included. `named`: the
   * auto-filled ids answered as names (what the form shows them as).
   */
  async values(reach: Reach, recordId: string, db: Db | Trx = this.db, named = true): Promise<Record<string, unknown>> {
    const fields = reach.layout.fields.filter((s) => allowed(reach.rights.forms, s.key));
    const repo = new FormRecordRepository(db);
    const row = await repo.find(
      reach.definition.plan,
      fields.map((s) => s.column),
      recordId,
      reach.scope,
    );
    if (!row) throw new NotFoundError();
    const out: Record<string, unknown> = { id: row.id };
    for (const slot of fields) out[slot.column.field] = wireValueOf(slot, row[slot.column.column]);
    if (named) await this.labels.nameAutoFilled(out, fields, db);
    for (const table of reach.layout.tables) {
      const name = table.table.field;
      if (!allowed(reach.rights.forms, table.key)) continue;
      const columns = table.columns.filter((slot) => allowed(reach.rights.forms, slot.key));
      const rows = await repo.children(
        table.table,
        columns.map((c) => c.column),
        [recordId],
      );
      // The row's id comes back on save, so the columns the caller may not edit keep their values.
      out[name] = rows.map((child) => {
        const values: Record<string, unknown> = { id: child.id };
        for (const slot of columns) values[slot.column.field] = wireValueOf(slot, child[slot.column.column]);
        return values;
      });
    }
    return out;
  }

  /**
   * The records whose upload fields (head or sub-table) reference the file `name`, by form: where
   * the file module asks whether a caller may read a file (a record launched into a flow is its
   * task, so workflow reads these too).
   */
  async recordsHoldingFile(name: string): Promise<{ modelId: string; recordId: string }[]> {
    const repo = new FormRecordRepository(this.db);
    const pattern = likePattern(name);
    const out: { modelId: string; recordId: string }[] = [];
    for (const { id: modelId, storage } of await new FormDefinitionRepository(this.db).storagePlans()) {
      const plan = storage as StoragePlan;
      const uploads = (columns: StoredColumn[]) => columns.filter((c) => uploadKinds.has(c.kind));
      const ids = [
        ...(await repo.idsHolding(plan, uploads(plan.columns), pattern)),
        ...(
          await Promise.all(
            (plan.children ?? []).map((child) => repo.idsHolding(child, uploads(child.columns), pattern, true)),
          )
        ).flat(),
      ];
      for (const recordId of new Set(ids)) out.push({ modelId, recordId });
    }
    return out;
  }

  /**
   * Whether the caller reads the file in one of the records that reference it: through a menu of
   * the form it holds, within that menu's data scope, in a field its form rights show it.
   */
  async readsFile(session: Session, name: string): Promise<boolean> {
    for (const { modelId, recordId } of await this.recordsHoldingFile(name)) {
      try {
        const values = await this.values(await this.access.reach(session, modelId), recordId);
        if (JSON.stringify(values).includes(name)) return true;
      } catch (error) {
        // No menu of the form, or the record is outside the caller's scope: this record does not count.
        if (!(error instanceof BusinessError)) throw error;
      }
    }
    return false;
  }

  async info(session: Session, modelId: string, recordId: string, menuId?: string): Promise<RecordInfo> {
    const reach = await this.access.reach(session, modelId, menuId);
    return { id: recordId, data: JSON.stringify(await this.values(reach, recordId)) };
  }

  /** DataChange: the detail viewer's values as a person reads them (names, labels, formatted dates). */
  async dataChange(
    session: Session,
    modelId: string,
    recordId: string,
    menuId?: string,
    t: Translate = translator('zh-CN'),
  ): Promise<RecordInfo> {
    const reach = await this.access.reach(session, modelId, menuId);
    const [values] = await this.displayValues(reach, [recordId], session, t);
    return { id: recordId, data: JSON.stringify(values) };
  }

  /** The records' values shown, head fields and sub-table rows alike, with one lookup per kind for them all. */
  async displayValues(
    reach: Reach,
    recordIds: string[],
    session: Session,
    t: Translate,
  ): Promise<Record<string, unknown>[]> {
    const records: Record<string, unknown>[] = [];
    for (const id of recordIds) records.push(await this.values(reach, id, this.db, false));
    return this.labels.shownRecords(reach, records, session, t);
  }

  /** An Excel file of the records (the page, every match or the selected ones), visible columns only. */
  async export(session: Session, modelId: string, body: RecordExportBody, t: Translate) {
    const reach = await this.access.reach(session, modelId, body.menuId, 'btn_export');
    const visible = visibleFields(reach);
    // The columns asked for, else the list's columns, else every field; always only visible ones.
    const listed = (reach.definition.list.columnList ?? []).map((c) => c.prop);
    const keys = body.selectKey?.length ? body.selectKey : listed;
    const chosen = keys.length ? keys.flatMap((key) => visible.filter((s) => s.column.field === key)) : visible;
    const dataType = Number(body.dataType ?? 0);
    const filter = {
      ...listFilter(reach, visible, body, t),
      ...(dataType === 2 ? { ids: body.selectIds ?? [] } : {}),
    };
    if (dataType === 2 && !body.selectIds?.length) throw new BusinessError('visualdev.selectRecords');
    const pageSize = dataType === 0 ? Math.min(asNumber(body.pageSize, 20), unpagedCap) : exportCap;
    const offset = dataType === 0 ? (asNumber(body.currentPage, 1) - 1) * pageSize : 0;
    const result = await new FormRecordRepository(this.db).page(
      reach.definition.plan,
      chosen.map((s) => s.column),
      filter,
      sortKeys(reach, visible, body),
      { pageSize, offset },
    );
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(t('visualdev.exportSheet'));
    sheet.addRow(chosen.map((s) => s.label));
    const rows = result.list.map((row) => listRow(row, chosen));
    const shown = await this.labels.presentation([{ slots: chosen, rows }], session, t);
    for (const row of rows) sheet.addRow(chosen.map((s) => cellText(s, row[s.column.field], shown)));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const fileName = `${reach.definition.fullName}.xlsx`;
    const saved = await this.downloads.save(bytes, {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName,
    });
    return { name: fileName, url: saved.url };
  }

  /** FieldDataSelect: a page of records for the related-form picker, searched on one visible field. */
  async fieldDataSelect(
    session: Session,
    modelId: string,
    query: { currentPage?: number; pageSize?: number; keyword?: string; relationField?: string },
  ) {
    const reach = await this.access.reach(session, modelId);
    const visible = visibleFields(reach);
    const slot = visible.find((s) => s.column.field === query.relationField);
    const where =
      slot && query.keyword ? [searchCondition({ column: slot.column, match: 'fuzzy', text: query.keyword })] : [];
    const currentPage = query.currentPage ?? 1;
    const pageSize = query.pageSize ?? 20;
    const result = await new FormRecordRepository(this.db).page(
      reach.definition.plan,
      visible.map((s) => s.column),
      { where, scope: reach.scope },
      [],
      { pageSize, offset: (currentPage - 1) * pageSize },
    );
    return page(
      result.list.map((row) => listRow(row, visible)),
      result.total,
      { currentPage, pageSize },
    );
  }
}
