import { read, utils } from '@e965/xlsx';
import ExcelJS from 'exceljs';

/** The compound-file signature of a legacy binary workbook (Excel 97-2003 .xls). */
export const oleMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

type Cell = string | number | boolean | Date | null;

/**
 * A legacy .xls (BIFF, which the import wizard accepts, admin.md §2.5) as an .xlsx workbook of the
 * same first sheet's values, so that every import reads one format. exceljs reads only .xlsx; the
 * SheetJS reader (the npm republish of its 0.20 line, which has the fixes for the prototype-pollution
 * and ReDoS reports of earlier versions) reads the binary format. Dates stay dates; formulas give
 * their cached values. Null when the file is not a workbook SheetJS can read.
 */
export async function legacyXlsToXlsx(content: Buffer): Promise<Buffer | null> {
  let rows: Cell[][];
  try {
    const book = read(content, { type: 'buffer', cellDates: true, cellFormula: false, cellHTML: false, sheetRows: 0 });
    const first = book.SheetNames[0];
    const sheet = first ? book.Sheets[first] : undefined;
    if (!sheet) return null;
    rows = utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  } catch {
    return null;
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
