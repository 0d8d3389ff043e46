/**
 * A popup select through a SQL data interface (issue 14): `Actions/List`, a page of 20 with a
 * keyword, over 100,000 rows, 20 connections. Against it, in alternating rounds, the bare SQL of the
 * same query: the page and the total the interface composes, run through the server's own
 * connection pool, 20 at once, without HTTP, without the read-only transaction, the role and the
 * parser check.
 *
 *   BENCH_ENGINES=postgres node --import tsx bench/data-interface.ts     (pglite, postgres or both)
 */
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed/seed.ts';
import {
  type Comparison,
  createSqlInterface,
  httpSide,
  interleave,
  loopSide,
  machineLine,
  onEachEngine,
  printComparisons,
  signIn,
  startApp,
} from './lib.ts';

const connections = 20;
const adminPassword = 'Bench@123456';
const interfaceSql = 'select id, code, name from bench_item';
const keyword = 'item1234';

/** 100,000 rows with a trigram index on the searched column, as a popup select's source would have. */
async function seedRows(config: DatabaseConfig) {
  const db = await openDatabase(config);
  await migrateToLatest(db);
  await seed(db, { adminPassword, production: false });
  await sql`create table bench_item (id text primary key, code text not null, name text not null)`.execute(db);
  await sql`insert into bench_item select 'i' || lpad(g::text, 6, '0'), 'C' || g, 'item' || g || ' 物料' from generate_series(1, 100000) g`.execute(
    db,
  );
  await sql`create index bench_item_name on bench_item using gin (name gin_trgm_ops)`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return db;
}

console.log(`data-interface bench: ${machineLine()}, ${connections} connections`);

const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<Comparison[]> => {
  console.log(`${engine}: seeding 100,000 rows...`);
  const config: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  await (await seedRows(config)).destroy();
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const headers = { authorization: token, 'content-type': 'application/json', 'jnpf-origin': 'pc' };
    const interfaceId = await createSqlInterface(server, headers, interfaceSql);
    const body = JSON.stringify({
      interfaceId,
      columnOptions: 'name',
      keyword,
      currentPage: 1,
      pageSize: 20,
      paramList: [],
    });
    // The statements the interface composes (data-interface.service.ts), word for word.
    const from = `from (\n${interfaceSql}\n) as t where (t."name"::text ilike $1)`;
    const page = CompiledQuery.raw(`select t.* ${from} limit $2 offset $3`, [`%${keyword}%`, 20, 0]);
    const count = CompiledQuery.raw(`select count(*) as total ${from}`, [`%${keyword}%`]);
    const result = await interleave(
      engine,
      'Actions/List, keyword, page of 20',
      loopSide({
        name: 'bare SQL',
        engine,
        concurrency: connections,
        // Side by side, as the interface (and every list, core/list.ts) runs a page and its total.
        call: () => Promise.all([server.app.db.executeQuery(page), server.app.db.executeQuery(count)]),
      }),
      httpSide({
        name: 'HTTP',
        engine,
        url: server.url,
        scenario: {
          name: 'Actions/List',
          method: 'POST',
          path: `/api/system/DataInterface/${interfaceId}/Actions/List`,
          headers,
          body,
          connections,
        },
      }),
    );
    console.log(
      `  ${engine}: HTTP ${Math.round(result.sides[1]?.reqPerSec.median ?? 0)} req/s, ${result.ratio.median.toFixed(2)} of bare SQL`,
    );
    return [result];
  } finally {
    await server.close();
  }
});

printComparisons(comparisons);
