/**
 * Reports (issue 39): a report over 100,000 rows (grouped by region and city, three measures
 * summed in city subtotals, region subtotals and a total). Three sides alternate, round after round
 * (lib.ts `timedRounds`): the dataset's bare SQL read whole through the server's own connection
 * (the limit: every row has to be read), the first preview page over HTTP (Actions/Preview, 100
 * rows), and the Excel export over HTTP (Actions/ExportExcel, then the file downloaded), with the
 * server's peak RSS above its level before the export. Goals: first page ≤ 1 s, Excel ≤ 10 s.
 *
 *   node --import tsx bench/report.ts                 (BENCH_ENGINES=postgres or pglite for one engine)
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
const rowCount = Number(process.env.BENCH_ROWS ?? 100_000);
const datasetSql = 'select region, city, amount, cost, qty from bench_sale';

/** `rowCount` sales over 8 regions and 40 cities, in no particular order. */
async function seedRows(config: DatabaseConfig) {
  const db = await openDatabase(config);
  await migrateToLatest(db);
  await seed(db, { adminPassword, production: false });
  await sql`create table bench_sale (id integer primary key, region text not null, city text not null, amount numeric(12,2) not null, cost numeric(12,2) not null, qty integer not null)`.execute(
    db,
  );
  await sql`insert into bench_sale
    select g, '区域' || (g * 7 % 8), '城市' || (g * 13 % 40), (g % 997) + 0.5, (g % 613) + 0.25, g % 50
    from generate_series(1, ${sql.lit(rowCount)}) g`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return db;
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

console.log(`report bench: ${machineLine()}, ${rowCount.toLocaleString('en')} rows`);
const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<TimedComparison[]> => {
  console.log(`${engine}: seeding ${rowCount.toLocaleString('en')} rows...`);
  const config: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  await (await seedRows(config)).destroy();
  const server = await startApp(databaseUrl, dataDir, {
    ADMIN_PASSWORD: adminPassword,
    REPORT_ROW_CAP: String(rowCount),
    DATA_INTERFACE_MAX_COST: '100000000',
  });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const headers = { authorization: token, 'content-type': 'application/json', 'jnpf-origin': 'pc' };
    const call = apiCaller(server.url, token);
    const interfaceId = await createSqlInterface(server, headers, datasetSql);
    const category = await server.app.db
      .selectFrom('dictionaryData as d')
      .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
      .select('d.id')
      .where('k.enCode', '=', 'ReportSort')
      .executeTakeFirstOrThrow();
    const report = await call<{ id: string }>('POST', '/api/ReportServer/Data', {
      fullName: '销售汇总',
      enCode: 'bench.sales',
      categoryId: category.id,
      datasets: [{ name: 'sales', interfaceId }],
      layout,
    });
    const base = `/api/ReportServer/Data/${report.id}`;
    const seconds = (started: number) => (performance.now() - started) / 1000;
    const sides = [
      {
        name: 'bare SQL, all rows',
        async run() {
          const started = performance.now();
          const rows = await sql.raw(datasetSql).execute(server.app.db);
          if (rows.rows.length !== rowCount) throw new Error(`the dataset read ${rows.rows.length} rows`);
          return { seconds: seconds(started) };
        },
      },
      {
        name: 'first preview page',
        async run() {
          const started = performance.now();
          const page = await call<{ rows: unknown[]; truncated: string[] }>('POST', `${base}/Actions/Preview`, {
            currentPage: 1,
            pageSize: 100,
          });
          if (page.truncated.length) throw new Error('the dataset was cut at the cap');
          return { seconds: seconds(started) };
        },
      },
      {
        name: 'Excel export',
        async run() {
          const before = process.memoryUsage().rss;
          let peak = before;
          const sampler = setInterval(() => {
            peak = Math.max(peak, process.memoryUsage().rss);
          }, 20);
          const started = performance.now();
          const file = await call<{ url: string }>('POST', `${base}/Actions/ExportExcel`, {});
          const bytes = (await (await fetch(`${server.url}${file.url}`)).arrayBuffer()).byteLength;
          const took = seconds(started);
          clearInterval(sampler);
          return { seconds: took, MB: bytes / 1e6, peakRssMB: (peak - before) / 1e6 };
        },
      },
    ];
    return [await timedRounds(`${engine}, ${rowCount.toLocaleString('en')} rows`, sides)];
  } finally {
    await server.close();
  }
});
printTimed(comparisons, { seconds: 3, MB: 1, peakRssMB: 0 });
