import {
  columnIndex,
  columnName,
  DEFAULT_REPORT_COLUMN_WIDTH,
  type ReportCell,
  type ReportCellStyle,
  type ReportLayout,
  type ReportMerge,
  type ReportRowKind,
  type ReportSheetRow,
} from '@platform/shared';

/**
 * The report designer's edits of a sheet template (`ReportLayout`), as pure functions: each takes a
 * layout and answers a new one, so the designer's undo is a list of layouts and every edit is tested
 * without a browser. Rows and columns are 0-based, as in the model.
 */

/** A rectangle of cells, corners included. */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** A new report's sheet: a title row, a header row and room to the right, as a blank Excel sheet starts. */
export function blankLayout(): ReportLayout {
  return {
    columns: Array.from({ length: 6 }, () => ({ width: DEFAULT_REPORT_COLUMN_WIDTH })),
    rows: Array.from({ length: 4 }, () => ({ kind: 'static' as const, cells: [] })),
    merges: [],
  };
}

/** How many template rows and columns the sheet shows (at least one of each). */
export function sheetSize(layout: ReportLayout): { rows: number; cols: number } {
  const rows = layout.rows ?? [];
  const cols = Math.max(layout.columns?.length ?? 0, ...rows.map((row) => row.cells.length), 1);
  return { rows: Math.max(rows.length, 1), cols };
}

export const columnWidth = (layout: ReportLayout, col: number) =>
  layout.columns?.[col]?.width ?? DEFAULT_REPORT_COLUMN_WIDTH;

export const cellAt = (layout: ReportLayout, row: number, col: number): ReportCell | null =>
  layout.rows?.[row]?.cells[col] ?? null;

/** The range with its corners in order. */
export function rangeOf(a: { row: number; col: number }, b: { row: number; col: number }): CellRange {
  return {
    top: Math.min(a.row, b.row),
    bottom: Math.max(a.row, b.row),
    left: Math.min(a.col, b.col),
    right: Math.max(a.col, b.col),
  };
}

const mergeRange = (m: ReportMerge): CellRange => ({
  top: m.row,
  left: m.col,
  bottom: m.row + m.rowSpan - 1,
  right: m.col + m.colSpan - 1,
});

const intersects = (a: CellRange, b: CellRange) =>
  a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;

/** The range grown until no merge sticks out of it, as Excel grows a selection over merged cells. */
export function rangeWithMerges(range: CellRange, merges: readonly ReportMerge[]): CellRange {
  let grown = range;
  let changed = true;
  while (changed) {
    changed = false;
    for (const merge of merges) {
      const m = mergeRange(merge);
      if (!intersects(grown, m)) continue;
      const next = {
        top: Math.min(grown.top, m.top),
        left: Math.min(grown.left, m.left),
        bottom: Math.max(grown.bottom, m.bottom),
        right: Math.max(grown.right, m.right),
      };
      if (
        next.top !== grown.top ||
        next.left !== grown.left ||
        next.bottom !== grown.bottom ||
        next.right !== grown.right
      ) {
        grown = next;
        changed = true;
      }
    }
  }
  return grown;
}

/** The merge whose area holds the cell, if any. */
export const mergeAt = (layout: ReportLayout, row: number, col: number): ReportMerge | undefined =>
  (layout.merges ?? []).find((m) => intersects(mergeRange(m), { top: row, bottom: row, left: col, right: col }));

/** An empty cell is stored as null, so a cleared sheet saves as small as a new one. */
function tidy(cell: ReportCell): ReportCell | null {
  const out: ReportCell = {};
  for (const [key, value] of Object.entries(cell) as [keyof ReportCell, unknown][]) {
    if (value === undefined || value === '' || value === false) continue;
    if (key === 'style' && typeof value === 'object' && value && !Object.keys(value).length) continue;
    if (key === 'conditions' && Array.isArray(value) && !value.length) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  return Object.keys(out).length ? out : null;
}

/** The cells of a range replaced by what `edit` makes of each (an empty cell comes as `{}`). */
export function editCells(
  layout: ReportLayout,
  range: CellRange,
  edit: (cell: ReportCell, row: number, col: number) => ReportCell | null,
): ReportLayout {
  const rows = [...(layout.rows ?? [])];
  while (rows.length <= range.bottom) rows.push({ kind: 'static', cells: [] });
  for (let r = range.top; r <= range.bottom; r++) {
    const row = rows[r] as ReportSheetRow;
    const cells = [...row.cells];
    for (let c = range.left; c <= range.right; c++) {
      while (cells.length <= c) cells.push(null);
      const next = edit({ ...(cells[c] ?? {}) }, r, c);
      cells[c] = next ? tidy(next) : null;
    }
    while (cells.length && cells[cells.length - 1] === null) cells.pop();
    rows[r] = { ...row, cells };
  }
  return { ...layout, rows };
}

/** One cell's fields changed (`undefined` removes one). */
export const patchCell = (layout: ReportLayout, row: number, col: number, patch: Partial<ReportCell>) =>
  editCells(layout, { top: row, bottom: row, left: col, right: col }, (cell) => ({ ...cell, ...patch }));

/** A style laid over every cell of the range (`undefined` removes that part of the style). */
export const setStyle = (layout: ReportLayout, range: CellRange, style: Partial<ReportCellStyle>) =>
  editCells(layout, range, (cell) => {
    const next: ReportCellStyle = { ...cell.style, ...style };
    for (const key of Object.keys(next) as (keyof ReportCellStyle)[]) if (next[key] === undefined) delete next[key];
    return { ...cell, style: next };
  });

/** What Delete does: the contents go (text, binding, aggregate), the look stays, as in Excel. */
export const clearContents = (layout: ReportLayout, range: CellRange) =>
  editCells(layout, range, ({ text: _t, field: _f, group: _g, aggregate: _a, ...kept }) => kept);

/** The range joined into one cell: merges it touches are replaced, the other cells' contents go (Excel keeps the top-left). */
export function mergeCells(layout: ReportLayout, range: CellRange): ReportLayout {
  const merges = (layout.merges ?? []).filter((m) => !intersects(mergeRange(m), range));
  if (range.top === range.bottom && range.left === range.right) return { ...layout, merges };
  const cleared = editCells(layout, range, (cell, r, c) => (r === range.top && c === range.left ? cell : null));
  merges.push({
    row: range.top,
    col: range.left,
    rowSpan: range.bottom - range.top + 1,
    colSpan: range.right - range.left + 1,
  });
  return { ...cleared, merges };
}

/** Every merge the range touches undone. */
export const unmergeCells = (layout: ReportLayout, range: CellRange): ReportLayout => ({
  ...layout,
  merges: (layout.merges ?? []).filter((m) => !intersects(mergeRange(m), range)),
});

const CELL_REFERENCE = /\b([A-Za-z]{1,2})([1-9][0-9]{0,3})\b/g;

/**
 * A formula's cell references moved by `move` (0-based row and column in, the new place or null
 * for a cell that is gone, which becomes Excel's `#REF!` so the problem list names the formula).
 */
export function moveReferences(text: string, move: (row: number, col: number) => { row: number; col: number } | null) {
  if (!text.trim().startsWith('=')) return text;
  return text.replace(CELL_REFERENCE, (all, letters: string, digits: string) => {
    const col = columnIndex(letters);
    if (col < 0) return all;
    const to = move(Number(digits) - 1, col);
    return to ? `${columnName(to.col)}${to.row + 1}` : '#REF!';
  });
}

function withFormulasMoved(
  rows: ReportSheetRow[],
  move: (row: number, col: number) => { row: number; col: number } | null,
) {
  return rows.map((row) =>
    row.cells.some((cell) => cell?.text?.trim().startsWith('='))
      ? {
          ...row,
          cells: row.cells.map((cell) => (cell?.text ? { ...cell, text: moveReferences(cell.text, move) } : cell)),
        }
      : row,
  );
}

/** A new static row at `at`: the rows below, their merges and formulas move down; a merge across `at` grows. */
export function insertRow(layout: ReportLayout, at: number): ReportLayout {
  const rows = [...(layout.rows ?? [])];
  rows.splice(at, 0, { kind: 'static', cells: [] });
  const merges = (layout.merges ?? []).map((m) => {
    if (m.row >= at) return { ...m, row: m.row + 1 };
    if (m.row + m.rowSpan > at) return { ...m, rowSpan: m.rowSpan + 1 };
    return m;
  });
  const frozen = layout.frozenRows;
  return {
    ...layout,
    rows: withFormulasMoved(rows, (r, c) => ({ row: r >= at ? r + 1 : r, col: c })),
    merges,
    ...(frozen && at < frozen ? { frozenRows: frozen + 1 } : {}),
  };
}

/** Row `at` removed: the rows below move up, merges over it shrink (a merge left one cell goes). */
export function deleteRow(layout: ReportLayout, at: number): ReportLayout {
  const rows = [...(layout.rows ?? [])];
  if (at >= rows.length) return layout;
  rows.splice(at, 1);
  const merges = (layout.merges ?? []).flatMap((m) => {
    if (m.row > at) return [{ ...m, row: m.row - 1 }];
    if (m.row + m.rowSpan <= at) return [m];
    const shrunk = { ...m, rowSpan: m.rowSpan - 1 };
    return shrunk.rowSpan < 1 || (shrunk.rowSpan === 1 && shrunk.colSpan === 1) ? [] : [shrunk];
  });
  const frozen = layout.frozenRows;
  return {
    ...layout,
    rows: withFormulasMoved(rows, (r, c) => (r === at ? null : { row: r > at ? r - 1 : r, col: c })),
    merges,
    ...(frozen && at < frozen ? { frozenRows: frozen - 1 } : {}),
  };
}

/** A new column at `at`: cells, widths, merges, subtotal rows' group column and formulas to its right move right. */
export function insertColumn(layout: ReportLayout, at: number): ReportLayout {
  const { cols } = sheetSize(layout);
  const columns = Array.from({ length: cols }, (_, c) => ({ width: columnWidth(layout, c) }));
  columns.splice(at, 0, { width: DEFAULT_REPORT_COLUMN_WIDTH });
  const rows = (layout.rows ?? []).map((row) => {
    const cells = [...row.cells];
    if (cells.length > at) cells.splice(at, 0, null);
    const moved = { ...row, cells };
    if (row.groupColumn !== undefined && row.groupColumn >= at) moved.groupColumn = row.groupColumn + 1;
    return moved;
  });
  const merges = (layout.merges ?? []).map((m) => {
    if (m.col >= at) return { ...m, col: m.col + 1 };
    if (m.col + m.colSpan > at) return { ...m, colSpan: m.colSpan + 1 };
    return m;
  });
  return {
    ...layout,
    columns,
    rows: withFormulasMoved(rows, (r, c) => ({ row: r, col: c >= at ? c + 1 : c })),
    merges,
  };
}

/** Column `at` removed: the columns to its right move left; a subtotal grouped by it loses its group column. */
export function deleteColumn(layout: ReportLayout, at: number): ReportLayout {
  const { cols } = sheetSize(layout);
  if (cols <= 1 || at >= cols) return layout;
  const columns = Array.from({ length: cols }, (_, c) => ({ width: columnWidth(layout, c) }));
  columns.splice(at, 1);
  const rows = (layout.rows ?? []).map((row) => {
    const cells = [...row.cells];
    if (cells.length > at) cells.splice(at, 1);
    const { groupColumn, ...rest } = row;
    if (groupColumn === undefined || groupColumn === at) return { ...rest, cells };
    return { ...rest, cells, groupColumn: groupColumn > at ? groupColumn - 1 : groupColumn };
  });
  const merges = (layout.merges ?? []).flatMap((m) => {
    if (m.col > at) return [{ ...m, col: m.col - 1 }];
    if (m.col + m.colSpan <= at) return [m];
    const shrunk = { ...m, colSpan: m.colSpan - 1 };
    return shrunk.colSpan < 1 || (shrunk.colSpan === 1 && shrunk.rowSpan === 1) ? [] : [shrunk];
  });
  return {
    ...layout,
    columns,
    rows: withFormulasMoved(rows, (r, c) => (c === at ? null : { row: r, col: c > at ? c - 1 : c })),
    merges,
  };
}

/** A column's width (px, within the model's 20 to 1000), the columns before it given theirs. */
export function setColumnWidth(layout: ReportLayout, col: number, width: number): ReportLayout {
  const { cols } = sheetSize(layout);
  const columns = Array.from({ length: Math.max(cols, col + 1) }, (_, c) => ({ width: columnWidth(layout, c) }));
  columns[col] = { width: Math.round(Math.min(1000, Math.max(20, width))) };
  return { ...layout, columns };
}

export interface RowKindChange {
  kind: ReportRowKind;
  /** A detail row's dataset. */
  dataset?: string;
  /** A subtotal row's group column. */
  groupColumn?: number;
}

/** A row's kind changed; what the other kinds use (dataset, group column) goes with the old kind. */
export function setRowKind(layout: ReportLayout, at: number, change: RowKindChange): ReportLayout {
  const rows = [...(layout.rows ?? [])];
  while (rows.length <= at) rows.push({ kind: 'static', cells: [] });
  const { dataset: _d, groupColumn: _g, ...row } = rows[at] as ReportSheetRow;
  const next: ReportSheetRow = { ...row, kind: change.kind };
  if (change.kind === 'detail' && change.dataset) next.dataset = change.dataset;
  if (change.kind === 'subtotal' && change.groupColumn !== undefined) next.groupColumn = change.groupColumn;
  rows[at] = next;
  return { ...layout, rows };
}

/** The nearest detail row above `at` (a subtotal or total row closes its groups), or -1. */
export function detailRowAbove(layout: ReportLayout, at: number): number {
  const rows = layout.rows ?? [];
  for (let r = at - 1; r >= 0; r--) {
    const kind = rows[r]?.kind;
    if (kind === 'detail') return r;
    if (kind === 'static') return -1;
  }
  return -1;
}

/** The columns whose detail cell groups the rows: what a subtotal row below may close. */
export function groupColumnsFor(layout: ReportLayout, at: number): number[] {
  const detail = detailRowAbove(layout, at);
  if (detail < 0) return [];
  return (layout.rows?.[detail]?.cells ?? []).flatMap((cell, col) => (cell?.group && cell.field ? [col] : []));
}

/**
 * A dataset field bound to a cell. On a static row the row becomes a detail row of the dataset
 * (a field only repeats on a detail row); on a subtotal or total row the field is what the cell's
 * aggregate reads, so it is bound to the detail cell of the same column instead when there is one.
 */
export function bindField(
  layout: ReportLayout,
  row: number,
  col: number,
  dataset: string,
  field: string,
): ReportLayout {
  const kind = layout.rows?.[row]?.kind ?? 'static';
  let next = layout;
  if (kind === 'static') next = setRowKind(next, row, { kind: 'detail', dataset });
  else if (kind === 'detail' && layout.rows?.[row]?.dataset !== dataset)
    next = setRowKind(next, row, { kind: 'detail', dataset });
  if (kind === 'subtotal' || kind === 'total') {
    // A closing row's cell aggregates its column: the field goes to the detail cell, the sum here.
    const detail = detailRowAbove(layout, row);
    if (detail >= 0) next = patchCell(next, detail, col, { field, text: undefined });
    return patchCell(next, row, col, { aggregate: cellAt(next, row, col)?.aggregate ?? 'sum', text: undefined });
  }
  return patchCell(next, row, col, { field, text: undefined });
}

/** What the grid writes in a cell: its text, a bound field as `[field]`, an aggregate as `SUM(field)`. */
export function cellLabel(layout: ReportLayout, row: number, col: number): string {
  const cell = cellAt(layout, row, col);
  if (!cell) return '';
  if (cell.aggregate) {
    // A measure of a cross-tab's detail row names its own field.
    if (cell.field) return `${cell.aggregate.toUpperCase()}(${cell.field})`;
    const detail = detailRowAbove(layout, row);
    const field = detail >= 0 ? cellAt(layout, detail, col)?.field : undefined;
    return `${cell.aggregate.toUpperCase()}(${field ?? columnName(col)})`;
  }
  if (cell.field) return `[${cell.field}]`;
  return cell.text ?? '';
}

/** The frozen rows, kept within the sheet. */
export const setFrozenRows = (layout: ReportLayout, count: number): ReportLayout => {
  const { frozenRows: _f, ...rest } = layout;
  const rows = layout.rows?.length ?? 0;
  const frozen = Math.max(0, Math.min(count, rows, 50));
  return frozen ? { ...rest, frozenRows: frozen } : rest;
};

const AGGREGATE_INPUT = /^(SUM|AVG|COUNT|MAX|MIN)\(\s*([^)]*?)\s*\)$/i;
const FIELD_INPUT = /^\[\s*([^\]]+?)\s*\]$/;

/**
 * What typing into a cell makes of it, read as the grid writes cells: `[field]` binds a field (of
 * `dataset` on a static row, which becomes a detail row), `SUM(field)` on a subtotal or total row
 * aggregates its column, and anything else is text (a formula when it starts with `=`).
 */
export function typeIntoCell(
  layout: ReportLayout,
  row: number,
  col: number,
  input: string,
  dataset?: string,
): ReportLayout {
  const kind = layout.rows?.[row]?.kind ?? 'static';
  const text = input.trim();
  const closing = kind === 'subtotal' || kind === 'total';
  const aggregate = closing ? AGGREGATE_INPUT.exec(text) : null;
  if (aggregate) {
    const detail = detailRowAbove(layout, row);
    const field = aggregate[2];
    const bound =
      field && detail >= 0 && !cellAt(layout, detail, col)?.field && !cellAt(layout, detail, col)?.text
        ? patchCell(layout, detail, col, { field, text: undefined })
        : layout;
    const kindOf = (aggregate[1] as string).toLowerCase() as NonNullable<ReportCell['aggregate']>;
    return patchCell(bound, row, col, { aggregate: kindOf, text: undefined, field: undefined });
  }
  const field = FIELD_INPUT.exec(text)?.[1];
  if (field && !closing) {
    const rowDataset = layout.rows?.[row]?.dataset ?? dataset;
    if (rowDataset) return bindField(layout, row, col, rowDataset, field);
    return patchCell(layout, row, col, { field, text: undefined, aggregate: undefined });
  }
  return patchCell(layout, row, col, {
    text: input === '' ? undefined : input,
    field: undefined,
    group: undefined,
    aggregate: undefined,
  });
}

/** The cell next to `from` in a direction, stepping over the whole of a merge and landing on a merge's top-left cell. */
export function stepFrom(
  layout: ReportLayout,
  from: { row: number; col: number },
  dRow: number,
  dCol: number,
): { row: number; col: number } {
  const size = sheetSize(layout);
  const merge = mergeAt(layout, from.row, from.col);
  let { row, col } = from;
  if (dRow > 0) row = (merge ? merge.row + merge.rowSpan - 1 : row) + 1;
  if (dRow < 0) row = (merge ? merge.row : row) - 1;
  if (dCol > 0) col = (merge ? merge.col + merge.colSpan - 1 : col) + 1;
  if (dCol < 0) col = (merge ? merge.col : col) - 1;
  const next = { row: Math.max(0, Math.min(size.rows - 1, row)), col: Math.max(0, Math.min(size.cols - 1, col)) };
  const into = mergeAt(layout, next.row, next.col);
  return into ? { row: into.row, col: into.col } : next;
}
