import {
  REPORT_MAX_COLUMNS,
  type ReportCell,
  type ReportLayout,
  type ReportMerge,
  type ReportSheetRow,
} from '../schemas/report.ts';
import { columnIndex, columnName, reportGroupKey, reportValueOf } from './report-values.ts';

/**
 * Cross-tab (issue 39): cells that expand right (`ReportCell.expand`, the model is in its doc
 * comment). The columns are worked out before the first row: the distinct values of each expanding
 * field are taken in a first pass (SQL `select distinct` in the database, in memory for static and
 * HTTP datasets), then `reportAcrossLayout` writes the template out wide, one column per value, and
 * the streaming engine fills that template down as it fills any other. So paging, Excel, print,
 * merges, formats, conditions and subtotals see ordinary columns.
 */

/** The distinct values of the expanding fields, by dataset then field, as the dataset gives them. */
export type ReportAcrossValues = Readonly<Record<string, Readonly<Record<string, readonly unknown[]>>>>;

/** An expanding cell: where it is, its field and the dataset (the first detail row's below it). */
export interface ReportAcrossField {
  row: number;
  col: number;
  field: string;
  dataset: string;
}

/**
 * A cell of the wide template: a copy of an expanding column carries the value it stands for
 * (`across`); a row-total measure carries the copies it totals in Excel (`acrossTotal`).
 */
export interface ReportAcrossCell extends ReportCell {
  across?: { field: string; key: string; value: unknown };
  acrossTotal?: { from: number; to: number; fn: 'SUM' | 'MAX' | 'MIN' };
}

/** The expanding cells of a template, each with the dataset whose values it takes (none below: left out). */
export function reportAcrossFields(layout: ReportLayout): ReportAcrossField[] {
  const rows = layout.rows ?? [];
  const fields: ReportAcrossField[] = [];
  rows.forEach((row, r) => {
    if (row.kind !== 'static') return;
    row.cells.forEach((cell, col) => {
      if (cell?.expand !== 'right' || !cell.field) return;
      const dataset = rows.slice(r + 1).find((below) => below.kind === 'detail')?.dataset;
      if (dataset) fields.push({ row: r, col, field: cell.field, dataset });
    });
  });
  return fields;
}

const collator = new Intl.Collator('zh-CN', { numeric: true });

/** Distinct values in a cross-tab's column order: numbers and dates ascending, then texts, an empty value last. */
export function sortedAcrossValues(raws: readonly unknown[]): unknown[] {
  const distinct = new Map<string, unknown>();
  for (const raw of raws) {
    const key = reportGroupKey(raw);
    if (!distinct.has(key)) distinct.set(key, raw);
  }
  const rank = (raw: unknown) => {
    const value = reportValueOf(raw);
    return value === null ? 2 : typeof value === 'number' ? 0 : 1;
  };
  return [...distinct.values()].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank) return byRank;
    const x = reportValueOf(a);
    const y = reportValueOf(b);
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return collator.compare(String(x ?? ''), String(y ?? ''));
  });
}

/**
 * The distinct values of the expanding fields over in-memory datasets, at most `limit` per field
 * (one past the column cap is enough to refuse).
 */
export function reportAcrossValuesOf(
  layout: ReportLayout,
  data: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>,
  limit = REPORT_MAX_COLUMNS + 1,
): Record<string, Record<string, unknown[]>> {
  const values: Record<string, Record<string, unknown[]>> = {};
  for (const { dataset, field } of reportAcrossFields(layout)) {
    const seen = new Map<string, unknown>();
    for (const record of data[dataset] ?? []) {
      const raw = record[field];
      const key = reportGroupKey(raw);
      if (!seen.has(key)) seen.set(key, raw);
      if (seen.size >= limit) break;
    }
    values[dataset] = { ...values[dataset], [field]: [...seen.values()] };
  }
  return values;
}

/** How many output columns each template column becomes: 1, or one per value of an expanding field. */
function columnCounts(layout: ReportLayout, values: ReportAcrossValues) {
  const width = Math.max(layout.columns?.length ?? 0, ...(layout.rows ?? []).map((row) => row.cells.length), 0);
  const copies = new Map<number, { field: ReportAcrossField; values: unknown[] }>();
  for (const field of reportAcrossFields(layout))
    if (!copies.has(field.col))
      copies.set(field.col, { field, values: sortedAcrossValues(values[field.dataset]?.[field.field] ?? []) });
  const counts = Array.from({ length: width }, (_, col) => copies.get(col)?.values.length ?? 1);
  const starts: number[] = [];
  let at = 0;
  for (const count of counts) {
    starts.push(at);
    at += count;
  }
  return { width, counts, starts, total: at, copies };
}

/** A sheet wider than `REPORT_MAX_COLUMNS` once expanded: refused at its first expanding cell. */
export function reportAcrossProblems(layout: ReportLayout, values: ReportAcrossValues) {
  const first = reportAcrossFields(layout)[0];
  if (!first) return [];
  const { total } = columnCounts(layout, values);
  if (total <= REPORT_MAX_COLUMNS) return [];
  return [{ key: 'tooManyColumns' as const, row: first.row, col: first.col }];
}

const CELL_REF = /\b([A-Za-z]{1,2})([1-9][0-9]{0,3})\b/g;
const TOTAL_FN = { sum: 'SUM', count: 'SUM', max: 'MAX', min: 'MIN' } as const;

/**
 * The template written out wide for the distinct `values` of its expanding fields: each expanding
 * column copied once per value (none when the dataset has none), the columns after it moved right
 * with their widths, merges and same-row formula references. A template without an expanding cell
 * comes back as it is.
 */
export function reportAcrossLayout(layout: ReportLayout, values: ReportAcrossValues): ReportLayout {
  const shape = columnCounts(layout, values);
  if (!shape.copies.size) return layout;
  const { width, counts, starts, copies } = shape;
  /** A formula in column `col` (copy `copy`) with its references moved: an expanding column read from elsewhere is the sum of its copies. */
  const moved = (text: string, col: number, copy: number) =>
    !text.trim().startsWith('=')
      ? text
      : text.replace(CELL_REF, (all, letters: string, row: string) => {
          const ref = columnIndex(letters);
          if (ref < 0 || ref >= width) return all;
          const count = counts[ref] as number;
          const start = starts[ref] as number;
          if (!copies.has(ref)) return `${columnName(start)}${row}`;
          if (ref === col) return `${columnName(start + copy)}${row}`;
          if (!count) return '0';
          return `(${Array.from({ length: count }, (_, i) => `${columnName(start + i)}${row}`).join('+')})`;
        });
  const rows = (layout.rows ?? []).map((row): ReportSheetRow => {
    const cells: (ReportAcrossCell | null)[] = [];
    for (let col = 0; col < width; col++) {
      const cell = row.cells[col] ?? null;
      const expanding = copies.get(col);
      if (!expanding) {
        cells.push(cell && wideCell(cell, row, col, moved(cell.text ?? '', col, 0), shape));
        continue;
      }
      expanding.values.forEach((value, copy) => {
        cells.push(
          cell &&
            copiedCell(cell, row, { field: expanding.field.field, key: reportGroupKey(value), value }, (text) =>
              moved(text, col, copy),
            ),
        );
      });
    }
    const groupColumn =
      row.groupColumn === undefined ? {} : { groupColumn: starts[row.groupColumn] ?? row.groupColumn };
    return { ...row, ...groupColumn, cells };
  });
  return {
    ...layout,
    columns: Array.from({ length: width }).flatMap((_, col) =>
      Array.from({ length: counts[col] as number }, () => layout.columns?.[col] ?? { width: 100 }),
    ),
    rows,
    merges: (layout.merges ?? []).flatMap((merge) => wideMerges(merge, shape)),
  };
}

type Shape = ReturnType<typeof columnCounts>;

/** A cell of an expanding column in one copy: the header shows the copy's value, a bound detail cell reads only its records. */
function copiedCell(
  cell: ReportCell,
  row: ReportSheetRow,
  across: NonNullable<ReportAcrossCell['across']>,
  moved: (text: string) => string,
): ReportAcrossCell {
  const text = cell.text === undefined ? {} : { text: moved(cell.text) };
  if (row.kind === 'static' && cell.expand === 'right') {
    const { expand: _expand, field: _field, ...rest } = cell;
    return { ...rest, ...text, across };
  }
  if (row.kind === 'detail' && cell.field) return { ...cell, ...text, across };
  return { ...cell, ...text };
}

/** A cell outside the expanding columns: formula references moved; a row-total measure told its copies. */
function wideCell(cell: ReportCell, row: ReportSheetRow, col: number, text: string, shape: Shape): ReportAcrossCell {
  const out: ReportAcrossCell = cell.text === undefined ? { ...cell } : { ...cell, text };
  if (row.kind !== 'detail' || !cell.aggregate || cell.aggregate === 'avg' || !cell.field) return out;
  for (const [at, { values }] of shape.copies) {
    const measure = row.cells[at];
    if (measure?.field !== cell.field || measure.aggregate !== cell.aggregate || !values.length || at === col) continue;
    const from = shape.starts[at] as number;
    out.acrossTotal = { from, to: from + values.length - 1, fn: TOTAL_FN[cell.aggregate] };
    return out;
  }
  return out;
}

/** A template merge on the wide sheet: widened over the copies it covers, or one per copy when it is a single expanding column's. */
function wideMerges(merge: ReportMerge, { counts, starts, copies }: Shape): ReportMerge[] {
  const col = starts[merge.col] ?? merge.col;
  if (merge.colSpan === 1 && copies.has(merge.col))
    return Array.from({ length: counts[merge.col] as number }, (_, i) => ({ ...merge, col: col + i }));
  let colSpan = 0;
  for (let c = merge.col; c < merge.col + merge.colSpan; c++) colSpan += counts[c] ?? 1;
  if (!colSpan || (colSpan === 1 && merge.rowSpan === 1)) return [];
  return [{ ...merge, col, colSpan }];
}
