import {
  REPORT_MAX_COLUMNS,
  type ReportCell,
  type ReportCellStyle,
  type ReportCondition,
  type ReportLayout,
  type ReportMerge,
  type ReportSheetRow,
} from '../schemas/report.ts';
import type { ReportAcrossCell } from './report-crosstab.ts';
import { reportAcrossLayout, reportAcrossProblems, reportAcrossValuesOf } from './report-crosstab.ts';
import { drillOf, type ReportOutputDrill } from './report-drill.ts';
import { formulaOf, rowFormula } from './report-formula.ts';
import {
  columnName,
  REPORT_SUBTOTAL_CODE,
  ReportColumnFigures,
  type ReportValue,
  reportGroupKey,
  reportValueOf,
} from './report-values.ts';

/**
 * The report engine (issue 39): a sheet template and its datasets' rows in, the filled sheet out.
 * One engine serves the preview, the Excel export, print and the designer's live view, so they
 * cannot disagree. Detail rows repeat per data row; group cells merge down their groups; subtotal
 * rows close groups and total rows close the block; formulas keep their Excel form (`SUBTOTAL`
 * over the expanded range, same-row references moved to the output row) beside the value computed.
 */

export interface ReportOutputCell {
  /** What the cell shows, formatted. */
  text: string;
  /** What it holds: a number for numbers (Excel gets a number), else the text. */
  value: ReportValue;
  /** Its Excel formula without `=`, on output rows (A1 references). */
  formula?: string;
  /** The Excel number format, as the template gave it. */
  format?: string;
  /** The template style with the first matching condition's style laid over it. */
  style?: ReportCellStyle;
  /** A drill-through: the report and the parameter values the clicked row gives, or the form and its fields' values. */
  drill?: ReportOutputDrill;
}

export interface ReportOutputRow {
  kind: ReportSheetRow['kind'];
  height?: number;
  cells: (ReportOutputCell | null)[];
}

/**
 * A cell as the engine fills it: everything but its text. Excel needs only the value and format, and
 * a big report shows one page at a time, so the text is made for the page's rows (`reportPage`).
 */
export type ReportFilledCell = Omit<ReportOutputCell, 'text'>;
export interface ReportFilledRow {
  kind: ReportSheetRow['kind'];
  height?: number;
  cells: (ReportFilledCell | null)[];
}

export interface ReportOutput {
  columns: number[];
  rows: ReportFilledRow[];
  merges: ReportMerge[];
  /** How many output rows come before the first detail row: the header a page repeats. */
  headerRows: number;
}

export type ReportDatasetRows = Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;
export type ReportParameterValues = Readonly<Record<string, unknown>>;

export const DEFAULT_REPORT_COLUMN_WIDTH = 100;

function conditionHolds(condition: ReportCondition, value: ReportValue): boolean {
  if (value === null) return false;
  const a = typeof condition.value === 'number' ? Number(value) : String(value);
  const b = typeof condition.value === 'number' ? condition.value : String(condition.value);
  if (typeof a === 'number' && Number.isNaN(a)) return false;
  switch (condition.op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '=':
      return a === b;
    case '!=':
      return a !== b;
  }
}

function styled(cell: ReportCell, value: ReportValue): ReportCellStyle | undefined {
  const condition = cell.conditions?.find((c) => conditionHolds(c, value));
  if (!condition) return cell.style;
  return { ...cell.style, ...condition.style };
}

function outputCell(
  cell: ReportCell,
  value: ReportValue,
  formula?: string,
  drill?: ReportFilledCell['drill'],
  format = cell.format,
): ReportFilledCell {
  const out: ReportFilledCell = { value };
  if (formula) out.formula = formula;
  if (format) out.format = format;
  const style = cell.conditions ? styled(cell, value) : cell.style;
  if (style) out.style = style;
  if (drill) out.drill = drill;
  return out;
}

/** `${name}` in a static text, each replaced by the parameter's value (a list joined with commas). */
function withParameters(text: string, parameters: ReportParameterValues): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_all, name: string) => {
    const value = parameters[name];
    if (value === null || value === undefined) return '';
    return Array.isArray(value) ? value.join(',') : String(value);
  });
}

/** What a cell is filled with; `format` is the one its value brings when the template gives none. */
interface CellFill {
  value: ReportValue;
  formula?: string;
  drill?: ReportFilledCell['drill'];
  format?: string;
}

/**
 * A dataset value as a cell's fill. A date (a SQL date or timestamp) keeps its time as the value,
 * so Excel gets a date, and brings a date format: without one it would show as a number.
 */
function fieldFill(raw: unknown): CellFill {
  const value = reportValueOf(raw);
  if (!(raw instanceof Date) || value === null) return { value };
  const midnight = raw.getHours() === 0 && raw.getMinutes() === 0 && raw.getSeconds() === 0;
  return { value, format: midnight ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss' };
}

/** A row's cells, formulas last (they read the others' values). */
function fillRow(
  template: ReportSheetRow,
  outRow: number,
  cellValue: (cell: ReportCell, col: number) => CellFill,
): (ReportFilledCell | null)[] {
  const cells: (ReportFilledCell | null)[] = template.cells.map((cell, col) => {
    if (!cell || formulaOf(cell) !== null) return null;
    const { value, formula, drill, format } = cellValue(cell, col);
    return outputCell(cell, value, formula, drill, cell.format ?? format);
  });
  template.cells.forEach((cell, col) => {
    const formula = formulaOf(cell);
    if (!cell || formula === null) return;
    const { value, excel } = rowFormula(formula, cells, outRow);
    cells[col] = outputCell(cell, value, excel);
  });
  return cells;
}

type DataRecord = Readonly<Record<string, unknown>>;

/** A detail cell's fill from a record: its field's value (or its text) and its drill-through's parameters. */
function detailFill(cell: ReportCell, record: DataRecord): CellFill {
  const fill = cell.field ? fieldFill(record[cell.field]) : { value: reportValueOf(cell.text ?? '') };
  const drill = cell.drill ? drillOf(cell.drill, record) : undefined;
  return drill ? { ...fill, drill } : fill;
}

/** What a detail row repeats over: its dataset, and the fields its records must come grouped by. */
export interface ReportDetailBlock {
  dataset: string;
  /**
   * The group cells' fields, left to right. Records must come with each group contiguous and
   * groups in the order their first record came (`reportRecordOrder`; SQL orders them itself).
   */
  groupFields: string[];
}

/** Where filled rows go as they become final: each row once, in order; each merge after the last row it covers. */
export interface ReportSheetSink {
  row(row: ReportFilledRow, index: number): void;
  merge(merge: ReportMerge): void;
  /**
   * Whether the sink still wants rows filled; once false, later rows are only counted through
   * `skipped` (a page keeper past its page needs the total, not the rows: filling them would be
   * most of a first page's time). Merges keep coming.
   */
  wantsRows?(): boolean;
  skipped?(index: number): void;
}

/**
 * The order a detail block reads in-memory records (static and HTTP datasets): by group, groups
 * in the order their first record comes, records in their own order within. Answers indexes.
 */
export function reportRecordOrder(records: readonly DataRecord[], groupFields: readonly string[]): number[] {
  const order = (indexes: number[], level: number): number[] => {
    const field = groupFields[level];
    if (field === undefined) return indexes;
    const groups = new Map<string, number[]>();
    for (const index of indexes) {
      const key = reportGroupKey(records[index]?.[field]);
      const members = groups.get(key);
      if (members) members.push(index);
      else groups.set(key, [index]);
    }
    return [...groups.values()].flatMap((members) => order(members, level + 1));
  };
  return order(
    records.map((_, index) => index),
    0,
  );
}

/** An open group (or a whole block): where its output rows start, its first record and its columns' figures. */
class Span {
  readonly figures: ReportColumnFigures[];
  sample: DataRecord | undefined;

  constructor(
    readonly start: number,
    width: number,
    readonly key: string,
    sample?: DataRecord,
  ) {
    this.figures = Array.from({ length: width }, () => new ReportColumnFigures());
    this.sample = sample;
  }

  add(cells: readonly (ReportFilledCell | null)[]) {
    for (let col = 0; col < cells.length; col++) this.figures[col]?.add(cells[col]?.value ?? null);
  }
}

interface Block {
  detail: ReportSheetRow;
  subtotals: ReportSheetRow[];
  totals: ReportSheetRow[];
  groupColumns: number[];
  /** A detail row holding a measure (a cell that aggregates): one output row per innermost group. */
  summary: boolean;
}

/** The records of the innermost group a summary row aggregates: each measure's figures (over its copy's value), the first record. */
class Summary {
  readonly figures: ReportColumnFigures[];

  constructor(
    private readonly detail: ReportSheetRow,
    readonly sample: DataRecord,
  ) {
    this.figures = detail.cells.map(() => new ReportColumnFigures());
    this.taken = detail.cells.map(() => 0);
  }

  /** The records each measure took: an intersection without any shows nothing, as a pivot table's does. */
  readonly taken: number[];

  add(record: DataRecord) {
    this.detail.cells.forEach((cell: ReportAcrossCell | null, col) => {
      if (!cell?.aggregate || !cell.field) return;
      if (cell.across && reportGroupKey(record[cell.across.field]) !== cell.across.key) return;
      this.figures[col]?.add(reportValueOf(record[cell.field]));
      this.taken[col] = (this.taken[col] ?? 0) + 1;
    });
  }
}

/**
 * What a sheet's output is before any record: its columns' widths and how many rows come before
 * the first detail row (the header a page repeats, the rows Excel freezes): the static rows above it.
 */
export function reportSheetShape(layout: ReportLayout): { columns: number[]; headerRows: number } {
  const template = layout.rows ?? [];
  const width = Math.max(layout.columns?.length ?? 0, ...template.map((row) => row.cells.length), 0);
  const firstDetail = template.findIndex((row) => row.kind === 'detail');
  const above = firstDetail < 0 ? template : template.slice(0, firstDetail);
  return {
    columns: Array.from({ length: width }, (_, c) => layout.columns?.[c]?.width ?? DEFAULT_REPORT_COLUMN_WIDTH),
    headerRows: above.filter((row) => row.kind === 'static').length,
  };
}

/**
 * The engine, one record at a time: it walks the template, and for each detail block takes its
 * records grouped (see `ReportDetailBlock`), handing each output row and merge to the sink as soon
 * as it is final. A group closes when the next record's key differs; aggregates keep running
 * figures, and a SUBTOTAL formula needs only the group's first and last output rows. So it holds
 * the open groups and nothing of the rows already given: a report of any length fills in bounded
 * memory when its records are read in order (a cursor over an ordered query).
 *
 *   for (let block = filler.nextBlock(); block; block = filler.nextBlock())
 *     for (const record of recordsOf(block)) filler.add(record);
 */
export class ReportSheetFiller {
  readonly columns: number[];
  /** How many output rows come before the first detail row: the header a page repeats. */
  readonly headerRows: number;
  private readonly template: readonly ReportSheetRow[];
  private readonly width: number;
  /** Static merges by the template row they end on. */
  private readonly mergesEndingAt = new Map<number, ReportMerge[]>();
  /** Output row of each static template row emitted: their merges follow them. */
  private readonly staticAt = new Map<number, number>();
  private nextTemplateRow = 0;
  private rows = 0;
  private block: Block | null = null;
  private blockSpan: Span | null = null;
  /** The open groups, outermost first. */
  private readonly groups: Span[] = [];
  /** The summary row's records of the innermost group so far. */
  private summary: Summary | null = null;
  /** The sink wants no more rows filled: they are only counted. */
  private counting = false;

  constructor(
    layout: ReportLayout,
    private readonly parameters: ReportParameterValues,
    private readonly sink: ReportSheetSink,
  ) {
    this.template = layout.rows ?? [];
    const shape = reportSheetShape(layout);
    this.columns = shape.columns;
    this.width = shape.columns.length;
    this.headerRows = shape.headerRows;
    for (const merge of layout.merges ?? []) {
      const last = merge.row + merge.rowSpan - 1;
      this.mergesEndingAt.set(last, [...(this.mergesEndingAt.get(last) ?? []), merge]);
    }
  }

  /** Output rows given so far. */
  get rowCount(): number {
    return this.rows;
  }

  /**
   * Closes the open block (its last groups and its totals), gives the static rows up to the next
   * detail row and opens its block; null when none is left (the trailing static rows given).
   */
  nextBlock(): ReportDetailBlock | null {
    if (this.block) this.closeBlock();
    while (this.nextTemplateRow < this.template.length) {
      const t = this.nextTemplateRow++;
      const row = this.template[t] as ReportSheetRow;
      if (row.kind === 'static') {
        this.staticRow(t, row);
        continue;
      }
      if (row.kind !== 'detail') continue; // a subtotal or total without a detail row above: reportSheetProblems names it
      const block: Block = {
        detail: row,
        subtotals: [],
        totals: [],
        groupColumns: row.cells.flatMap((cell, col) => (cell?.group && cell.field ? [col] : [])),
        summary: row.cells.some((cell) => cell?.aggregate),
      };
      while (this.nextTemplateRow < this.template.length) {
        const follower = this.template[this.nextTemplateRow] as ReportSheetRow;
        if (follower.kind === 'subtotal') block.subtotals.push(withDetailFormats(follower, row));
        else if (follower.kind === 'total') block.totals.push(withDetailFormats(follower, row));
        else break;
        this.nextTemplateRow++;
      }
      this.block = block;
      this.blockSpan = new Span(this.rows, this.width, '');
      return {
        dataset: row.dataset ?? '',
        groupFields: block.groupColumns.map((col) => row.cells[col]?.field as string),
      };
    }
    return null;
  }

  /** One record of the open block, in group order: closes the groups it does not belong to, then gives its row. */
  add(record: DataRecord): void {
    const { block, blockSpan } = this;
    if (!block || !blockSpan) throw new Error('add: no detail block is open');
    const { detail } = block;
    const keys = block.groupColumns.map((col) => reportGroupKey(record[detail.cells[col]?.field as string]));
    let same = 0;
    while (same < this.groups.length && this.groups[same]?.key === keys[same]) same++;
    this.closeGroups(same);
    for (let level = this.groups.length; level < keys.length; level++)
      this.groups.push(new Span(this.rows, this.width, keys[level] as string, record));
    blockSpan.sample ??= record;
    if (block.summary) {
      this.summary ??= new Summary(detail, record);
      this.summary.add(record);
      return;
    }
    if (this.skipping()) return;
    const cells = fillRow(detail, this.rows + 1, (cell: ReportAcrossCell) =>
      cell.across && reportGroupKey(record[cell.across.field]) !== cell.across.key
        ? { value: null }
        : detailFill(cell, record),
    );
    this.detailRow(cells);
  }

  private detailRow(cells: (ReportFilledCell | null)[]) {
    const { detail } = this.block as Block;
    this.give({ kind: 'detail', ...(detail.height ? { height: detail.height } : {}), cells });
    this.blockSpan?.add(cells);
    for (const group of this.groups) group.add(cells);
  }

  /** A summary row's one output row for the innermost group closing (or the block): its measures aggregated. */
  private flushSummary() {
    const summary = this.summary;
    if (!summary) return;
    this.summary = null;
    if (this.skipping()) return;
    const outRow = this.rows + 1;
    const cells = fillRow((this.block as Block).detail, outRow, (cell: ReportAcrossCell, col) => {
      if (!cell.aggregate || !cell.field) return detailFill(cell, summary.sample);
      const total = cell.acrossTotal;
      return {
        value: summary.taken[col] ? (summary.figures[col]?.value(cell.aggregate) ?? null) : null,
        ...(total
          ? { formula: `${total.fn}(${columnName(total.from)}${outRow}:${columnName(total.to)}${outRow})` }
          : {}),
      };
    });
    this.detailRow(cells);
  }

  private give(row: ReportFilledRow) {
    this.sink.row(row, this.rows);
    this.rows++;
  }

  /** Counts the next row without filling it when the sink wants no more rows (see `wantsRows`). */
  private skipping(): boolean {
    if (!this.counting && this.sink.wantsRows?.() === false) this.counting = true;
    if (!this.counting) return false;
    this.sink.skipped?.(this.rows);
    this.rows++;
    return true;
  }

  private staticRow(t: number, row: ReportSheetRow) {
    this.staticAt.set(t, this.rows);
    if (!this.skipping()) {
      const cells = fillRow(row, this.rows + 1, (cell: ReportAcrossCell) =>
        cell.across
          ? fieldFill(cell.across.value)
          : { value: reportValueOf(withParameters(cell.text ?? '', this.parameters)) },
      );
      this.give({ kind: 'static', ...(row.height ? { height: row.height } : {}), cells });
    }
    // A merge over static rows only, given as they came out one after another: rows that expand
    // have their own (group) merges.
    for (const merge of this.mergesEndingAt.get(t) ?? []) {
      const at = this.staticAt.get(merge.row);
      if (at === undefined || this.rows - at !== merge.rowSpan) continue;
      let contiguous = true;
      for (let i = 0; i < merge.rowSpan; i++) if (this.staticAt.get(merge.row + i) !== at + i) contiguous = false;
      if (contiguous) this.sink.merge({ ...merge, row: at });
    }
  }

  /** Closes the groups from `level` in: each merges its group cell down and gives its subtotals. */
  private closeGroups(level: number) {
    const block = this.block as Block;
    if (this.groups.length > level) this.flushSummary();
    while (this.groups.length > level) {
      const group = this.groups.pop() as Span;
      const col = block.groupColumns[this.groups.length] as number;
      const end = this.rows;
      if (end - group.start > 1) this.sink.merge({ row: group.start, col, rowSpan: end - group.start, colSpan: 1 });
      for (const subtotal of block.subtotals) if (subtotal.groupColumn === col) this.closingRow(subtotal, group, end);
    }
  }

  private closeBlock() {
    const block = this.block as Block;
    const span = this.blockSpan as Span;
    this.closeGroups(0);
    this.flushSummary();
    const end = this.rows;
    for (const total of block.totals) this.closingRow(total, span, end);
    this.block = null;
    this.blockSpan = null;
  }

  /** A subtotal or total row over the detail rows from `span.start` to `to` (exclusive). */
  private closingRow(template: ReportSheetRow, span: Span, to: number) {
    if (this.skipping()) return;
    const sample = span.sample ?? {};
    const cells = fillRow(template, this.rows + 1, (cell, col) => {
      if (cell.aggregate) {
        const letters = columnName(col);
        return {
          value: span.figures[col]?.value(cell.aggregate) ?? null,
          ...(to > span.start
            ? {
                formula: `SUBTOTAL(${REPORT_SUBTOTAL_CODE[cell.aggregate]},${letters}${span.start + 1}:${letters}${to})`,
              }
            : {}),
        };
      }
      if (cell.field) return fieldFill(sample[cell.field]);
      return { value: reportValueOf(cell.text ?? '') };
    });
    this.give({ kind: template.kind, ...(template.height ? { height: template.height } : {}), cells });
  }
}

/**
 * Fills the template with in-memory datasets: a cross-tab's columns taken from them first (more
 * than `REPORT_MAX_COLUMNS` is a RangeError: check `reportAcrossProblems`), each block's records
 * put in group order, then the same incremental engine the server streams through, collected.
 */
export function expandReport(
  layout: ReportLayout,
  data: ReportDatasetRows,
  parameters: ReportParameterValues = {},
): ReportOutput {
  const across = reportAcrossValuesOf(layout, data);
  if (reportAcrossProblems(layout, across).length) throw new RangeError(`more than ${REPORT_MAX_COLUMNS} columns`);
  const rows: ReportFilledRow[] = [];
  const merges: ReportMerge[] = [];
  const filler = new ReportSheetFiller(reportAcrossLayout(layout, across), parameters, {
    row: (row) => rows.push(row),
    merge: (merge) => merges.push(merge),
  });
  for (let block = filler.nextBlock(); block; block = filler.nextBlock()) {
    const records = data[block.dataset] ?? [];
    for (const index of reportRecordOrder(records, block.groupFields)) filler.add(records[index] as DataRecord);
  }
  return { columns: filler.columns, rows, merges, headerRows: filler.headerRows };
}

/** A sum, average, maximum or minimum without a format of its own shows as the detail cell above it does. */
function withDetailFormats(closing: ReportSheetRow, detail: ReportSheetRow): ReportSheetRow {
  return {
    ...closing,
    cells: closing.cells.map((cell, col) => {
      const format = detail.cells[col]?.format;
      if (!cell?.aggregate || cell.aggregate === 'count' || cell.format || !format) return cell;
      return { ...cell, format };
    }),
  };
}
