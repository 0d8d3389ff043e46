import type { Writable } from 'node:stream';
import {
  columnName,
  isDateFormat,
  type ReportCellStyle,
  type ReportFilledCell,
  type ReportFilledRow,
  type ReportLayout,
  type ReportMerge,
  type ReportPageSetup,
  type ReportSheetSink,
} from '@platform/shared';
import ExcelJS from 'exceljs';

/** Excel's paper size codes (ECMA-376 ST_PaperSize). */
const PAPER: Record<NonNullable<ReportPageSetup['paper']>, number> = { Letter: 1, A3: 8, A4: 9, A5: 11 };
/** Roughly how many pixels one unit of Excel's column width is (Calibri 11). */
const PIXELS_PER_WIDTH_UNIT = 7;
/** What Excel refuses in a sheet's name, and its length limit. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

/** What the workbook needs to know before the first row: the sheet's name, columns, header and setup. */
export interface ReportWorkbookSheet {
  name: string;
  columns: readonly number[];
  headerRows: number;
  layout: ReportLayout;
}

/**
 * A report written to `out` as an .xlsx workbook while the engine fills it (a `ReportSheetSink`):
 * each row committed as it comes, so the file's rows are never all in memory; real merged cells,
 * number and date formats, styles, and formulas kept as formulas (with the value the preview
 * computed as their cached result, so a viewer that does not recalculate shows it too). `finish`
 * ends the file.
 */
export class ReportWorkbookWriter implements ReportSheetSink {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly merges: string[];

  constructor(out: Writable, { name, columns, headerRows, layout }: ReportWorkbookSheet) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const setup = layout.page ?? {};
    const frozen = layout.frozenRows ?? headerRows;
    this.sheet = this.workbook.addWorksheet(sheetName(name), {
      views: frozen > 0 ? [{ state: 'frozen', ySplit: frozen }] : [],
      pageSetup: {
        paperSize: PAPER[setup.paper ?? 'A4'],
        orientation: setup.orientation ?? 'portrait',
        ...(setup.margins
          ? {
              margins: {
                top: setup.margins.top / 25.4,
                right: setup.margins.right / 25.4,
                bottom: setup.margins.bottom / 25.4,
                left: setup.margins.left / 25.4,
                header: 0.3,
                footer: 0.3,
              },
            }
          : {}),
        ...((setup.repeatHeader ?? true) && headerRows > 0 ? { printTitlesRow: `1:${headerRows}` } : {}),
      },
    });
    this.sheet.columns = columns.map((width) => ({ width: Math.max(2, width / PIXELS_PER_WIDTH_UNIT) }));
    this.merges = mergeListOf(this.sheet);
  }

  row(row: ReportFilledRow): void {
    const added = this.sheet.addRow([]);
    if (row.height) added.height = row.height * 0.75; // px to points
    row.cells.forEach((cell, col) => {
      if (!cell) return;
      const target = added.getCell(col + 1);
      target.value = excelValue(cell);
      if (cell.format) target.numFmt = cell.format;
      if (cell.style) applyStyle(target, cell.style);
    });
    added.commit();
  }

  merge(merge: ReportMerge): void {
    const top = `${columnName(merge.col)}${merge.row + 1}`;
    const bottom = `${columnName(merge.col + merge.colSpan - 1)}${merge.row + merge.rowSpan}`;
    this.merges.push(`${top}:${bottom}`);
  }

  async finish(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}

/**
 * ExcelJS's streaming sheet writes its merges after all the rows (`<mergeCells>` follows
 * `<sheetData>` in the file), but its `mergeCells` also marks every covered cell, which it cannot
 * once their rows are committed. A group's merge is known only when the group closes, after its
 * rows went out, so its range goes straight into that list (written as text, `A3:A40`); the
 * covered cells keep their values, which Excel hides under the merge. This reads ExcelJS 4.4's
 * own field: if it changes, the export fails here rather than dropping the merges.
 */
function mergeListOf(sheet: ExcelJS.Worksheet): string[] {
  const list = (sheet as unknown as { _merges?: unknown })._merges;
  if (!Array.isArray(list)) throw new Error('ExcelJS: the streaming sheet has no merge list');
  return list as string[];
}

function excelValue(cell: ReportFilledCell): ExcelJS.CellValue {
  if (cell.formula) return { formula: cell.formula, result: cell.value ?? '' } as ExcelJS.CellFormulaValue;
  if (cell.format && isDateFormat(cell.format) && cell.value !== null) {
    const time = typeof cell.value === 'number' ? cell.value : Date.parse(cell.value);
    if (!Number.isNaN(time)) return new Date(time);
  }
  return cell.value;
}

function applyStyle(target: ExcelJS.Cell, style: ReportCellStyle) {
  target.font = {
    ...(style.bold ? { bold: true } : {}),
    ...(style.italic ? { italic: true } : {}),
    ...(style.fontSize ? { size: style.fontSize } : {}),
    ...(style.color ? { color: { argb: argb(style.color) } } : {}),
  };
  if (style.background) target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(style.background) } };
  if (style.align) target.alignment = { horizontal: style.align, vertical: 'middle' };
  if (style.border) {
    const thin = { style: 'thin' as const, color: { argb: 'FFBFBFBF' } };
    target.border = { top: thin, right: thin, bottom: thin, left: thin };
  }
}

const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

function sheetName(name: string): string {
  return name.replace(SHEET_NAME_FORBIDDEN, ' ').slice(0, 31).trim() || 'Report';
}
