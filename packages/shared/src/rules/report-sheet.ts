import type {
  ReportAggregate,
  ReportCell,
  ReportCellStyle,
  ReportChart,
  ReportCondition,
  ReportLayout,
  ReportMerge,
  ReportSheetRow,
} from '../schemas/report.ts';
import { CalcSyntaxError, evaluateExpression, tokenizeExpression } from './calculate.ts';
import { formatDate } from './date-format.ts';

/**
 * The report engine (issue 39): a sheet template and its datasets' rows in, the filled sheet out.
 * One engine serves the preview, the Excel export, print and the designer's live view, so they
 * cannot disagree. Detail rows repeat per data row; group cells merge down their groups; subtotal
 * rows close groups and total rows close the block; formulas keep their Excel form (`SUBTOTAL`
 * over the expanded range, same-row references moved to the output row) beside the value computed.
 */

export type ReportValue = string | number | null;

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
  /** A drill-through: the report and the parameter values the clicked row gives. */
  drill?: { reportId: string; parameters: Record<string, ReportValue> };
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

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The 0-based column of letters `A`…`CV`; -1 when they name none. */
export function columnIndex(letters: string): number {
  let index = 0;
  for (const ch of letters.toUpperCase()) {
    const code = ch.charCodeAt(0) - 64;
    if (code < 1 || code > 26) return -1;
    index = index * 26 + code;
  }
  return index - 1;
}

const CELL_REF = /^([A-Za-z]{1,2})([1-9][0-9]{0,3})$/;

/** A template problem, as a locale key of `report.sheet.*` and its values. */
export interface ReportSheetProblem {
  key:
    | 'noDataset'
    | 'unknownDataset'
    | 'noDetailAbove'
    | 'groupColumn'
    | 'badFormula'
    | 'otherRowReference'
    | 'mergeOutside'
    | 'mergeOverlap';
  row: number;
  col?: number;
  name?: string;
}

/** What makes a template unusable: the first problems, in reading order (empty: it can be run). */
export function reportSheetProblems(layout: ReportLayout, datasetNames: readonly string[]): ReportSheetProblem[] {
  const problems: ReportSheetProblem[] = [];
  const rows = layout.rows ?? [];
  let detail: ReportSheetRow | null = null;
  rows.forEach((row, r) => {
    if (row.kind === 'detail') {
      detail = row;
      if (!row.dataset) problems.push({ key: 'noDataset', row: r });
      else if (!datasetNames.includes(row.dataset)) problems.push({ key: 'unknownDataset', row: r, name: row.dataset });
    } else if (row.kind === 'static') detail = null;
    else if (!detail) problems.push({ key: 'noDetailAbove', row: r });
    else if (row.kind === 'subtotal') {
      const column = row.groupColumn ?? -1;
      if (!(detail as ReportSheetRow).cells[column]?.group) problems.push({ key: 'groupColumn', row: r });
    }
    row.cells.forEach((cell, c) => {
      const formula = formulaOf(cell);
      if (formula === null) return;
      const refs = formulaRefs(formula);
      if (refs === null) problems.push({ key: 'badFormula', row: r, col: c });
      else if (refs.some((ref) => ref.row !== r)) problems.push({ key: 'otherRowReference', row: r, col: c });
    });
  });
  const covered = new Set<string>();
  (layout.merges ?? []).forEach((merge) => {
    if (merge.row + merge.rowSpan > rows.length) problems.push({ key: 'mergeOutside', row: merge.row, col: merge.col });
    for (let r = merge.row; r < merge.row + merge.rowSpan; r++)
      for (let c = merge.col; c < merge.col + merge.colSpan; c++) {
        const key = `${r}:${c}`;
        if (covered.has(key)) problems.push({ key: 'mergeOverlap', row: r, col: c });
        covered.add(key);
      }
  });
  return problems.slice(0, 20);
}

function formulaOf(cell: ReportCell | null | undefined): string | null {
  const text = cell?.text?.trim();
  return text?.startsWith('=') ? text.slice(1) : null;
}

/** The cells a formula names (0-based template row and column); null when it does not parse. */
function formulaRefs(formula: string): { row: number; col: number; name: string }[] | null {
  try {
    const tokens = tokenizeExpression(formula);
    const refs: { row: number; col: number; name: string }[] = [];
    for (const token of tokens) {
      if (token.type !== 'field') continue;
      const match = CELL_REF.exec(token.name);
      if (!match) return null;
      refs.push({ row: Number(match[2]) - 1, col: columnIndex(match[1] as string), name: token.name });
    }
    evaluateExpression(tokens, {});
    return refs;
  } catch (error) {
    if (error instanceof CalcSyntaxError) return null;
    throw error;
  }
}

const SUBTOTAL_CODE: Record<ReportAggregate, number> = { avg: 1, count: 3, max: 4, min: 5, sum: 9 };

function aggregate(kind: ReportAggregate, values: readonly ReportValue[]): number | null {
  if (kind === 'count') return values.filter((v) => v !== null && v !== '').length;
  const numbers = values.filter((v): v is number => typeof v === 'number');
  if (!numbers.length) return kind === 'sum' ? 0 : null;
  switch (kind) {
    case 'sum':
      return numbers.reduce((a, b) => a + b, 0);
    case 'avg':
      return numbers.reduce((a, b) => a + b, 0) / numbers.length;
    case 'max':
      return Math.max(...numbers);
    case 'min':
      return Math.min(...numbers);
  }
}

/** A dataset value as a report value: numbers stay numbers (numeric text too), dates become their time. */
export function reportValueOf(raw: unknown): ReportValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (raw instanceof Date) return raw.getTime();
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text !== '' && /^-?\d+(\.\d+)?$/.test(text) && text.length < 16) return Number(text);
    return raw;
  }
  return JSON.stringify(raw);
}

const DATE_FORMAT = /[yd]|h{1,2}:|m{1,2}:s/i;

/** Whether an Excel format shows a date or time (its value is then a time, not a number). */
export const isDateFormat = (format: string) => DATE_FORMAT.test(format);

/** `value` as a cell shows it under an Excel-style `format` (`#,##0.00`, `0%`, `yyyy-mm-dd hh:mm`). */
export function formatReportValue(value: ReportValue, format?: string): string {
  if (value === null) return '';
  if (!format) return typeof value === 'number' ? String(roundFloat(value)) : value;
  if (isDateFormat(format)) {
    const time = typeof value === 'number' ? value : Date.parse(value);
    if (Number.isNaN(time)) return String(value);
    return formatDate(time, excelDateTokens(format));
  }
  if (typeof value !== 'number') return value;
  const percent = format.trim().endsWith('%');
  const decimals = /\.(0+)/.exec(format)?.[1]?.length ?? 0;
  const shown = (percent ? value * 100 : value).toFixed(decimals);
  const grouped = format.includes(',') ? groupThousands(shown) : shown;
  return percent ? `${grouped}%` : grouped;
}

/** Excel's date letters as `formatDate`'s: `yyyy-mm-dd hh:mm:ss` → `YYYY-MM-DD HH:mm:ss` (m after h or before s is minutes). */
function excelDateTokens(format: string): string {
  return format
    .replace(/yyyy/gi, 'YYYY')
    .replace(/dd/gi, 'DD')
    .replace(/hh/gi, 'HH')
    .replace(/(HH:)mm/g, '$1%M%')
    .replace(/mm(:ss)/gi, '%M%$1')
    .replace(/mm/gi, 'MM')
    .replace(/%M%/g, 'mm')
    .replace(/ss/gi, 'ss');
}

function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Hides floating-point noise (0.1 + 0.2) without rounding real decimals away. */
function roundFloat(value: number): number {
  return Number.parseFloat(value.toPrecision(12));
}

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

/**
 * The formula's value from the row's other cells, and its Excel form on output row `outRow`
 * (1-based). A division by zero, or a reference to a text, shows nothing.
 */
function rowFormula(
  formula: string,
  cells: readonly (ReportFilledCell | null)[],
  outRow: number,
): { value: number | null; excel: string } {
  const refs = formulaRefs(formula) ?? [];
  const values: Record<string, unknown> = {};
  for (const ref of refs) values[ref.name] = cells[ref.col]?.value ?? 0;
  let value: number | null = null;
  try {
    const result = evaluateExpression(formula, values);
    value = Number.isFinite(result) ? roundFloat(result) : null;
  } catch {
    value = null;
  }
  const excel = formula.replace(/\b([A-Za-z]{1,2})([1-9][0-9]{0,3})\b/g, (all, letters: string) =>
    columnIndex(letters) >= 0 ? `${letters.toUpperCase()}${outRow}` : all,
  );
  return { value, excel };
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

interface Block {
  detail: ReportSheetRow;
  subtotals: ReportSheetRow[];
  totals: ReportSheetRow[];
}

/** Fills the template with the datasets' rows. */
export function expandReport(
  layout: ReportLayout,
  data: ReportDatasetRows,
  parameters: ReportParameterValues = {},
): ReportOutput {
  const template = layout.rows ?? [];
  const width = Math.max(layout.columns?.length ?? 0, ...template.map((row) => row.cells.length), 0);
  const columns = Array.from({ length: width }, (_, c) => layout.columns?.[c]?.width ?? DEFAULT_REPORT_COLUMN_WIDTH);
  const rows: ReportFilledRow[] = [];
  const merges: ReportMerge[] = [];
  let headerRows = -1;
  /** Output row of each template row (static rows only: their merges follow them). */
  const staticAt = new Map<number, number>();

  for (let t = 0; t < template.length; t++) {
    const row = template[t] as ReportSheetRow;
    if (row.kind === 'static') {
      staticAt.set(t, rows.length);
      rows.push(staticRow(row, rows.length + 1, parameters));
      continue;
    }
    if (row.kind !== 'detail') continue; // a subtotal or total without a detail row above: reportSheetProblems names it
    const block: Block = { detail: row, subtotals: [], totals: [] };
    for (let next = t + 1; next < template.length; next++) {
      const follower = template[next] as ReportSheetRow;
      if (follower.kind === 'subtotal') block.subtotals.push(withDetailFormats(follower, row));
      else if (follower.kind === 'total') block.totals.push(withDetailFormats(follower, row));
      else break;
      t = next;
    }
    if (headerRows < 0) headerRows = rows.length;
    expandBlock(block, data[row.dataset ?? ''] ?? [], rows, merges);
  }
  for (const merge of layout.merges ?? []) {
    const at = staticAt.get(merge.row);
    const lastRow = merge.row + merge.rowSpan - 1;
    // A merge over static rows only: rows that expand have their own (group) merges.
    if (at === undefined || ![...Array(merge.rowSpan).keys()].every((i) => staticAt.has(merge.row + i))) continue;
    if (staticAt.get(lastRow) !== at + merge.rowSpan - 1) continue;
    merges.push({ ...merge, row: at });
  }
  return { columns, rows, merges, headerRows: headerRows < 0 ? rows.length : headerRows };
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

function staticRow(row: ReportSheetRow, outRow: number, parameters: ReportParameterValues): ReportFilledRow {
  const cells = fillRow(row, outRow, (cell) => ({ value: reportValueOf(withParameters(cell.text ?? '', parameters)) }));
  return { kind: 'static', ...(row.height ? { height: row.height } : {}), cells };
}

function expandBlock(
  block: Block,
  records: readonly Readonly<Record<string, unknown>>[],
  rows: ReportFilledRow[],
  merges: ReportMerge[],
) {
  const { detail } = block;
  const groupColumns = detail.cells.flatMap((cell, col) => (cell?.group && cell.field ? [col] : []));
  const first = rows.length;

  const closingRow = (
    template: ReportSheetRow,
    from: number,
    to: number,
    sample: Readonly<Record<string, unknown>>,
  ) => {
    const outRow = rows.length + 1;
    const cells = fillRow(template, outRow, (cell, col) => {
      if (cell.aggregate) {
        const values: ReportValue[] = [];
        for (let r = from; r < to; r++) if (rows[r]?.kind === 'detail') values.push(rows[r]?.cells[col]?.value ?? null);
        const letters = columnName(col);
        const range = to > from ? `${letters}${from + 1}:${letters}${to}` : null;
        return {
          value: aggregate(cell.aggregate, values),
          ...(range ? { formula: `SUBTOTAL(${SUBTOTAL_CODE[cell.aggregate]},${range})` } : {}),
        };
      }
      if (cell.field) return fieldFill(sample[cell.field]);
      return { value: reportValueOf(cell.text ?? '') };
    });
    rows.push({ kind: template.kind, ...(template.height ? { height: template.height } : {}), cells });
  };

  const emit = (group: readonly Readonly<Record<string, unknown>>[], level: number) => {
    if (level === groupColumns.length) {
      for (const record of group) {
        const outRow = rows.length + 1;
        const cells = fillRow(detail, outRow, (cell) => {
          const fill = cell.field ? fieldFill(record[cell.field]) : { value: reportValueOf(cell.text ?? '') };
          const drill = cell.drill
            ? {
                reportId: cell.drill.reportId,
                parameters: Object.fromEntries(
                  cell.drill.parameters.map((p) => [p.name, reportValueOf(record[p.field])]),
                ),
              }
            : undefined;
          return { ...fill, ...(drill ? { drill } : {}) };
        });
        rows.push({ kind: 'detail', ...(detail.height ? { height: detail.height } : {}), cells });
      }
      return;
    }
    const col = groupColumns[level] as number;
    const field = detail.cells[col]?.field as string;
    for (const members of groupsOf(group, field)) {
      const start = rows.length;
      emit(members, level + 1);
      const end = rows.length;
      if (end - start > 1) merges.push({ row: start, col, rowSpan: end - start, colSpan: 1 });
      for (const subtotal of block.subtotals.filter((s) => s.groupColumn === col)) {
        closingRow(subtotal, start, end, members[0] ?? {});
      }
    }
  };
  emit(records, 0);
  const last = rows.length;
  for (const total of block.totals) closingRow(total, first, last, records[0] ?? {});
}

/** The rows grouped by `field`'s value, groups in the order their first row comes. */
function groupsOf(
  records: readonly Readonly<Record<string, unknown>>[],
  field: string,
): Readonly<Record<string, unknown>>[][] {
  const groups = new Map<string, Readonly<Record<string, unknown>>[]>();
  for (const record of records) {
    const value = reportValueOf(record[field]);
    const key = typeof value === 'number' ? `n${value}` : value === null ? 'null' : `s${value}`;
    const members = groups.get(key);
    if (members) members.push(record);
    else groups.set(key, [record]);
  }
  return [...groups.values()];
}

/** One page of a filled sheet: the header (repeated on later pages) and `size` rows after it, merges cut to the page. */
export interface ReportPage {
  columns: number[];
  rows: ReportOutputRow[];
  merges: ReportMerge[];
  /** 1-based. */
  page: number;
  pages: number;
  /** Output rows in all, header included. */
  total: number;
}

export function reportPage(output: ReportOutput, page: number, size: number, repeatHeader = true): ReportPage {
  const bodyRows = output.rows.length - output.headerRows;
  const pages = Math.max(1, Math.ceil(bodyRows / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const from = output.headerRows + (current - 1) * size;
  const to = Math.min(output.rows.length, from + size);
  const header = current === 1 || repeatHeader ? output.rows.slice(0, output.headerRows) : [];
  const shift = header.length - from;
  const merges: ReportMerge[] = [];
  for (const merge of output.merges) {
    if (merge.row < output.headerRows) {
      if (header.length) merges.push(merge);
      continue;
    }
    const top = Math.max(merge.row, from);
    const bottom = Math.min(merge.row + merge.rowSpan, to);
    if (bottom - top < 1 || (bottom - top === 1 && merge.colSpan === 1)) continue;
    merges.push({ ...merge, row: top + shift, rowSpan: bottom - top });
  }
  const withText = (row: ReportFilledRow): ReportOutputRow => ({
    ...row,
    cells: row.cells.map((cell) => (cell ? { ...cell, text: formatReportValue(cell.value, cell.format) } : null)),
  });
  return {
    columns: output.columns,
    rows: [...header, ...output.rows.slice(from, to)].map(withText),
    merges,
    page: current,
    pages,
    total: output.rows.length,
  };
}

/** A chart's figures from its dataset's rows: each value field summed per category, categories in first-come order. */
export function reportChartData(
  chart: ReportChart,
  rows: readonly Readonly<Record<string, unknown>>[],
): { title: string; type: ReportChart['type']; categories: string[]; series: { name: string; data: number[] }[] } {
  const sums = new Map<string, number[]>();
  for (const row of rows) {
    const category = String(reportValueOf(row[chart.category]) ?? '');
    let sum = sums.get(category);
    if (!sum) {
      sum = chart.values.map(() => 0);
      sums.set(category, sum);
    }
    chart.values.forEach((field, i) => {
      const value = reportValueOf(row[field]);
      if (typeof value === 'number') sum[i] = roundFloat((sum[i] ?? 0) + value);
    });
  }
  return {
    title: chart.title ?? '',
    type: chart.type,
    categories: [...sums.keys()],
    series: chart.values.map((name, i) => ({ name, data: [...sums.values()].map((sum) => sum[i] ?? 0) })),
  };
}
