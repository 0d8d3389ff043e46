import type { CardRow } from './api.ts';

/** The columns of a report: every key of its rows, in the order first met. */
export function reportColumns(rows: readonly CardRow[]): string[] {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return columns;
}

export const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The rows as an .xlsx workbook (ExcelJS arrives with the first export, not with the page). */
export async function reportWorkbook(title: string, rows: readonly CardRow[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31) || 'Sheet1');
  const columns = reportColumns(rows);
  sheet.addRow(columns);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => cellText(row[c])));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
