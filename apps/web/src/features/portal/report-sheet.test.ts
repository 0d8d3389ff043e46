import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import { reportColumns, reportWorkbook } from './report-sheet.ts';

const rows = [
  { name: '华东', value: 12 },
  { name: '华北', value: 7, note: { kind: 'x' } },
];

test('a report has every column its rows have, in the order first met', () => {
  expect(reportColumns(rows)).toEqual(['name', 'value', 'note']);
  expect(reportColumns([])).toEqual([]);
});

test('the Excel export holds the header and every row as the table shows them', async () => {
  const blob = await reportWorkbook('销售报表', rows);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  const sheet = workbook.getWorksheet('销售报表');
  if (!sheet) throw new Error('the sheet is named after the report');
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  expect(values(1)).toEqual(['name', 'value', 'note']);
  expect(values(2)).toEqual(['华东', '12', '']);
  expect(values(3)).toEqual(['华北', '7', '{"kind":"x"}']);
});
