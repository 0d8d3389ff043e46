/**
 * Issue 15's import figure: a 10,000-row user sheet through the generic import's calls, over HTTP
 * on loopback, as the wizard makes them: upload (multipart), preview (read and check every cell),
 * import (check again, write 1000 users and their relations per transaction). Each row has an
 * organisation, every third a role, a mobile number and an e-mail. On PGlite and on PostgreSQL,
 * BENCH_ROUNDS rounds (default 5) of a fresh sheet each, through lib.ts `timedRounds` (the work has
 * no limit to alternate with): seconds per phase as the median and spread over the rounds, with the
 * load average before. Goal (issue 15): the import under 5 s on PostgreSQL.
 *
 *   node --import tsx bench/user-import.ts           (BENCH_ENGINES=postgres or pglite for one engine)
 */
import ExcelJS from 'exceljs';
import { machineLine, onEachEngine, printTimed, rounds, signIn, startApp, timedRounds } from './lib.ts';

const rowCount = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const adminPassword = 'Bench@2026pass';
const base = '/api/permission/Users';

const header = ['账户', '姓名', '性别', '组织编码', '岗位编码', '角色编码', '手机', '邮箱', '排序', '说明'];

async function workbook(round: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('users');
  sheet.addRow(header);
  for (let i = 0; i < rowCount; i++) {
    sheet.addRow([
      `r${round}u${i}`,
      `导入员工${i}`,
      i % 2 ? '男' : '女',
      `bench.d${i % 20}`,
      '',
      i % 3 ? '' : 'bench.role',
      `139${String(round * rowCount + i).padStart(8, '0')}`,
      `r${round}u${i}@example.com`,
      i % 1000,
      '',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(url: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { authorization: token, 'jnpf-origin': 'pc', ...init.headers } });
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.msg}`);
  return body.data;
}

console.log(`Machine: ${machineLine()}`);
console.log(`User import: ${rowCount} rows a sheet, ${rounds} rounds per engine`);

const results = await onEachEngine(async (engine, databaseUrl, dataDir) => {
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const json = { 'content-type': 'application/json' };
    const rootId = (
      await server.app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow()
    ).id;
    for (let d = 0; d < 20; d++) {
      await call(`${server.url}/api/permission/Organize/Department`, token, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ parentId: rootId, fullName: `导入部${d}`, enCode: `bench.d${d}` }),
      });
    }
    await call(`${server.url}/api/permission/Role`, token, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ fullName: '导入角色', enCode: 'bench.role', globalMark: 1 }),
    });

    let round = 0;
    const comparison = await timedRounds(`${engine}: ${rowCount} rows`, [
      {
        name: 'upload, preview, import',
        async run() {
          const content = await workbook(round++);
          let started = performance.now();
          const seconds = () => (performance.now() - started) / 1000;
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(content)]), 'users.xlsx');
          const uploaded = await call<{ name: string }>(`${server.url}${base}/Uploader`, token, {
            method: 'POST',
            body: form,
          });
          const upload = seconds();

          started = performance.now();
          const preview = await call<{ dataRow: Record<string, string>[]; cellErrors: Record<string, string>[] }>(
            `${server.url}${base}/ImportPreview?fileName=${uploaded.name}`,
            token,
          );
          const previewed = seconds();
          const bad = preview.cellErrors.filter((e) => Object.keys(e).length).length;
          if (preview.dataRow.length !== rowCount || bad) {
            throw new Error(`preview: ${preview.dataRow.length} rows, ${bad} with problems`);
          }

          started = performance.now();
          const result = await call<{ snum: number; fnum: number }>(`${server.url}${base}/ImportData`, token, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ list: preview.dataRow }),
          });
          const imported = seconds();
          if (result.snum !== rowCount) throw new Error(`import: ${result.snum} in, ${result.fnum} failed`);
          return { upload, preview: previewed, import: imported, 'all three': upload + previewed + imported };
        },
      },
    ]);
    return [comparison];
  } finally {
    await server.close();
  }
});

// Seconds per phase; the goal (issue 15) is the import under 5 s on PostgreSQL.
printTimed(results, { upload: 2, preview: 2, import: 2, 'all three': 2 });
