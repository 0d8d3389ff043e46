import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Client, TestApp } from './test-app.ts';

export const userHeader = ['账户', '姓名', '性别', '组织编码', '岗位编码', '角色编码', '手机', '邮箱', '排序', '说明'];

/** An .xlsx with a header row and these rows, as a person would save it. */
export async function sheet(rows: (string | number)[][], header = userHeader) {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('users');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Posts one file as the wizard's Upload does (multipart `file`). */
export function uploadSheet(client: Client, url: string, content: Buffer, filename = 'users.xlsx') {
  const boundary = '----sheet-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.call<{ name: string; url: string }>({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

/** Downloads a generated sheet (no token, as the browser does) and answers its rows as text. */
export async function downloadSheet(t: TestApp, url: string) {
  const rows = await downloadSheetCells(t, url);
  return rows.map((row) => row.map((v) => (v === null || v === undefined ? '' : String(v))));
}

/** Downloads a generated sheet and answers its rows' cells as stored (numbers stay numbers). */
export async function downloadSheetCells(t: TestApp, url: string): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
