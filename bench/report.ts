/**
 * Reports (issue 39): a report over 100,000 rows (grouped by region and city, three measures
 * summed in city subtotals, region subtotals and a total), and the same over 10,000 rows in the
 * same run, so the memory figures show whether memory grows with the rows. Per row count: first a
 * cold export (the first of that report, after a garbage collection when node runs with
 * --expose-gc), with the server's peak RSS and heap above their level before it; then three sides
 * alternate, round after round (lib.ts `timedRounds`): the dataset's bare SQL read whole through
 * the server's own connection (the limit: every row has to be read), the first preview page over
 * HTTP (Actions/Preview, 100 rows), and the Excel export over HTTP (Actions/ExportExcel, then the
 * file downloaded), with the peak RSS above its level before the export. The server runs in this
 * process. Goals: first page ≤ 1 s, Excel ≤ 10 s, memory not growing with the rows.
 *
 *   node --expose-gc --import tsx bench/report.ts     (BENCH_ENGINES=postgres or pglite for one engine)
 *   BENCH_ROWS=10000 BENCH_ROUNDS=1 node --import tsx bench/report.ts    (a quick check that it runs)
 */
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed/seed.ts';
import {
  apiCaller,
  createSqlInterface,
  machineLine,
  onEachEngine,
  printTimed,
  signIn,
  startApp,
  type TimedComparison,
  timedRounds,
} from './lib.ts';

const adminPassword = 'Bench@123456';
/** The row counts, smallest first (BENCH_ROWS, comma-separated). */
const rowCounts = (process.env.BENCH_ROWS ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
const tableOf = (rows: number) => `bench_sale_${rows}`;
const datasetSql = (rows: number) => `select region, city, amount, cost, qty from ${tableOf(rows)}`;

/** For each row count a table of that many sales over 8 regions and 40 cities, in no particular order. */
async function seedRows(config: DatabaseConfig) {
  const db = await openDatabase(config);
  await migrateToLatest(db);
  await seed(db, { adminPassword, production: false });
  for (const rows of rowCounts) {
    const table = sql.table(tableOf(rows));
    await sql`create table ${table} (id integer primary key, region text not null, city text not null, amount numeric(12,2) not null, cost numeric(12,2) not null, qty integer not null)`.execute(
      db,
    );
    await sql`insert into ${table}
      select g, '区域' || (g * 7 % 8), '城市' || (g * 13 % 40), (g % 997) + 0.5, (g % 613) + 0.25, g % 50
      from generate_series(1, ${sql.lit(rows)}) g`.execute(db);
  }
  await sql`vacuum analyze`.execute(db);
  return db;
}

/** Collects garbage when node runs with --expose-gc, so a cold figure starts from live memory only. */
function collectGarbage() {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}

/** `work`'s time and the process's peak RSS and heap above their levels before it, sampled every 20 ms. */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      seconds: (performance.now() - started) / 1000,
      peakRssMB: (peakRss - before.rss) / 1e6,
      peakHeapMB: (peakHeap - before.heapUsed) / 1e6,
    };
  } finally {
    clearInterval(sampler);
  }
}

const layout = {
  columns: [{ width: 90 }, { width: 90 }, { width: 110 }, { width: 110 }, { width: 80 }],
  rows: [
    {
      kind: 'static',
      cells: [{ text: '地区' }, { text: '城市' }, { text: '销售额' }, { text: '成本' }, { text: '数量' }],
    },
    {
      kind: 'detail',
      dataset: 'sales',
      cells: [
        { field: 'region', group: true },
        { field: 'city', group: true },
        { field: 'amount', format: '#,##0.00' },
        { field: 'cost', format: '#,##0.00' },
        { field: 'qty' },
      ],
    },
    {
      kind: 'subtotal',
      groupColumn: 1,
      cells: [null, { text: '城市小计' }, { aggregate: 'sum' }, { aggregate: 'sum' }, { aggregate: 'sum' }],
    },
    {
      kind: 'subtotal',
      groupColumn: 0,
      cells: [{ text: '地区小计' }, null, { aggregate: 'sum' }, { aggregate: 'sum' }, { aggregate: 'sum' }],
    },
    {
      kind: 'total',
      cells: [{ text: '合计' }, null, { aggregate: 'sum' }, { aggregate: 'sum' }, { aggregate: 'sum' }],
    },
  ],
};

console.log(`report bench: ${machineLine()}, ${rowCounts.map((n) => n.toLocaleString('en')).join(' and ')} rows`);
const colds: string[] = [];
const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<TimedComparison[]> => {
  console.log(`${engine}: seeding...`);
  const config: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  await (await seedRows(config)).destroy();
  const server = await startApp(databaseUrl, dataDir, {
    ADMIN_PASSWORD: adminPassword,
    REPORT_ROW_CAP: String(Math.max(...rowCounts)),
    DATA_INTERFACE_MAX_COST: '100000000',
  });
  const results: TimedComparison[] = [];
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const headers = { authorization: token, 'content-type': 'application/json', 'jnpf-origin': 'pc' };
    const call = apiCaller(server.url, token);
    const category = await server.app.db
      .selectFrom('dictionaryData as d')
      .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
      .select('d.id')
      .where('k.enCode', '=', 'ReportSort')
      .executeTakeFirstOrThrow();
    for (const rowCount of rowCounts) {
      const interfaceId = await createSqlInterface(server, headers, datasetSql(rowCount));
      // createSqlInterface gives every interface one code, which must stay unique.
      await server.app.db
        .updateTable('dataInterface')
        .set({ enCode: `bench.report.${rowCount}` })
        .where('id', '=', interfaceId)
        .execute();
      const report = await call<{ id: string }>('POST', '/api/ReportServer/Data', {
        fullName: '销售汇总',
        enCode: `bench.sales.${rowCount}`,
        categoryId: category.id,
        datasets: [{ name: 'sales', interfaceId }],
        layout,
      });
      const base = `/api/ReportServer/Data/${report.id}`;
      const exportFile = async () => {
        const file = await call<{ url: string }>('POST', `${base}/Actions/ExportExcel`, {});
        return (await (await fetch(`${server.url}${file.url}`)).arrayBuffer()).byteLength;
      };
      const rows = rowCount.toLocaleString('en');
      collectGarbage();
      const cold = await measured(exportFile);
      colds.push(
        `| ${engine} | ${rows} | ${cold.seconds.toFixed(2)} s | ${(cold.result / 1e6).toFixed(1)} MB | ${cold.peakRssMB.toFixed(0)} MB | ${cold.peakHeapMB.toFixed(0)} MB |`,
      );
      const sides = [
        {
          name: 'bare SQL, all rows',
          async run() {
            const { result, seconds } = await measured(() => sql.raw(datasetSql(rowCount)).execute(server.app.db));
            if (result.rows.length !== rowCount) throw new Error(`the dataset read ${result.rows.length} rows`);
            return { seconds };
          },
        },
        {
          name: 'first preview page',
          async run() {
            const { result, seconds } = await measured(() =>
              call<{ rows: unknown[]; truncated: string[] }>('POST', `${base}/Actions/Preview`, {
                currentPage: 1,
                pageSize: 100,
              }),
            );
            if (result.truncated.length) throw new Error('the dataset was cut at the cap');
            return { seconds };
          },
        },
        {
          name: 'Excel export',
          async run() {
            const { result, seconds, peakRssMB } = await measured(exportFile);
            return { seconds, MB: result / 1e6, peakRssMB };
          },
        },
      ];
      results.push(await timedRounds(`${engine}, ${rows} rows`, sides));
    }
    return results;
  } finally {
    await server.close();
  }
});
console.log('\nThe first export of each report (cold), peak above the level before it:\n');
console.log('| engine | rows | Excel | file | peak RSS | peak heap |');
console.log('|---|---|---|---|---|---|');
for (const line of colds) console.log(line);
printTimed(comparisons, { seconds: 3, MB: 1, peakRssMB: 0 });
