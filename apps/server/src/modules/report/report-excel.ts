import type { Writable } from 'node:stream';
import {
  isDateFormat,
  type ReportCellStyle,
  type ReportFilledCell,
  type ReportMerge,
  type ReportPageSetup,
} from '@platform/shared';
import ExcelJS from 'exceljs';
import type { FilledReport } from './report-run.service.ts';

/** Excel's paper size codes (ECMA-376 ST_PaperSize). */
const PAPER: Record<NonNullable<ReportPageSetup['paper']>, number> = { Letter: 1, A3: 8, A4: 9, A5: 11 };
/** Roughly how many pixels one unit of Excel's column width is (Calibri 11). */
const PIXELS_PER_WIDTH_UNIT = 7;
/** What Excel refuses in a sheet's name, and its length limit. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

/**
 * Writes a filled report to `out` as an .xlsx workbook, streamed row by row: real merged cells,
 * number and date formats, styles, and formulas kept as formulas (with the value the preview
 * computed as their cached result, so a viewer that does not recalculate shows it too).
 */
export async function writeReportWorkbook(filled: FilledReport, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const { output, definition } = filled;
  const setup = definition.layout.page ?? {};
  const frozen = definition.layout.frozenRows ?? output.headerRows;
  const sheet = workbook.addWorksheet(sheetName(filled.fullName), {
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
      ...((setup.repeatHeader ?? true) && output.headerRows > 0 ? { printTitlesRow: `1:${output.headerRows}` } : {}),
    },
  });
  sheet.columns = output.columns.map((width) => ({ width: Math.max(2, width / PIXELS_PER_WIDTH_UNIT) }));
  // A streamed row cannot change once committed, and merging touches every row a merge covers: a
  // row is committed only when no merge reaching below it is still open.
  const closingAt = new Map<number, ReportMerge[]>();
  const openTop = new Array<number>(output.rows.length).fill(Number.POSITIVE_INFINITY);
  for (const merge of output.merges) {
    const bottom = merge.row + merge.rowSpan - 1;
    closingAt.set(bottom, [...(closingAt.get(bottom) ?? []), merge]);
    for (let r = merge.row; r < bottom; r++) openTop[r] = Math.min(openTop[r] ?? r, merge.row);
  }
  const written: ExcelJS.Row[] = [];
  let committed = 0;
  output.rows.forEach((row, index) => {
    const added = sheet.addRow([]);
    written[index] = added;
    if (row.height) added.height = row.height * 0.75; // px to points
    row.cells.forEach((cell, col) => {
      if (!cell) return;
      const target = added.getCell(col + 1);
      target.value = excelValue(cell);
      if (cell.format) target.numFmt = cell.format;
      if (cell.style) applyStyle(target, cell.style);
    });
    for (const merge of closingAt.get(index) ?? [])
      sheet.mergeCells(merge.row + 1, merge.col + 1, merge.row + merge.rowSpan, merge.col + merge.colSpan);
    const last = Math.min(index, (openTop[index] ?? index) - 1);
    if (last >= committed) {
      // Committing a row commits the rows above it too.
      written[last]?.commit();
      for (let r = committed; r <= last; r++) delete written[r];
      committed = last + 1;
    }
  });
  sheet.commit();
  await workbook.commit();
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
