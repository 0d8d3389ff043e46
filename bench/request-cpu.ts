/**
 * What one request costs the server's process in CPU (issues 14 and 18): `process.cpuUsage()`
 * around runs of wrk at 20 connections, divided by the calls answered, the cases taking turns
 * round after round (BENCH_ROUNDS each, default 5, of BENCH_ROUND_SECONDS, default 4; median and spread), for `GET /api/health`
 * (public, one `select 1`), a light signed-in GET answered from memory (a dictionary's entries)
 * and the data interface's `Actions/List` (bench/data-interface.ts), and the same for the bare page
 * and total of that list run from the process itself. The server runs in this process, as in the
 * other benches; wrk runs in its own.
 *
 *   node --import tsx bench/request-cpu.ts          (PostgreSQL at BENCH_PG_ADMIN, a throwaway database)
 *   BENCH_SERVER_PROFILE=dir ...                    also writes a V8 CPU profile per case into dir
 *
 * CPU per call is user + system time of the whole process (its main thread, the garbage collector,
 * libuv's pool), so it counts what the server spends whatever the machine's load; the load average
 * is printed before each case since a busy machine still stretches it somewhat (caches, SMT siblings).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed/seed.ts';
import {
  createSqlInterface,
  loopSide,
  machineLine,
  measure,
  roundSeconds,
  rounds,
  type Scenario,
  signIn,
  spread,
  startApp,
  throwawayDatabase,
} from './lib.ts';

const connections = 20;
const seconds = roundSeconds;
const adminPassword = 'Bench@123456';
const interfaceSql = 'select id, code, name from bench_item';
const keyword = 'item1234';
const profileDir = process.env.BENCH_SERVER_PROFILE ? path.resolve(process.env.BENCH_SERVER_PROFILE) : null;
const pgAdmin = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

console.log(`request-cpu bench: ${machineLine()}, ${connections} connections, ${rounds} rounds of ${seconds} s a case`);
const database = await throwawayDatabase(pgAdmin);
if (!database) throw new Error(`PostgreSQL at ${pgAdmin} did not answer`);
const dataDir = path.join(os.tmpdir(), `bench-cpu-${Date.now()}`);
mkdirSync(dataDir, { recursive: true });

const db = await openDatabase({ kind: 'postgres', url: database.url });
await migrateToLatest(db);
await seed(db, { adminPassword, production: false });
await sql`create table bench_item (id text primary key, code text not null, name text not null)`.execute(db);
await sql`insert into bench_item select 'i' || lpad(g::text, 6, '0'), 'C' || g, 'item' || g || ' 物料' from generate_series(1, 100000) g`.execute(
  db,
);
await sql`create index bench_item_name on bench_item using gin (name gin_trgm_ops)`.execute(db);
await sql`vacuum analyze`.execute(db);
await db.destroy();

const server = await startApp(database.url, dataDir, { ADMIN_PASSWORD: adminPassword });
const profiler = new Session();
profiler.connect();

interface CaseFigures {
  name: string;
  load: string;
  calls: number;
  reqPerSec: number;
  cpuMsPerCall: number;
}

/** CPU of this process per call over one measured run, with a profile when `profiled` names it (and BENCH_SERVER_PROFILE is set). */
async function measured(
  profiled: string | null,
  name: string,
  run: () => Promise<{ calls: number; seconds: number }>,
): Promise<CaseFigures> {
  const load = os.loadavg()[0]?.toFixed(1) ?? '?';
  const profiling = profileDir !== null && profiled !== null;
  if (profiling) {
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const before = process.cpuUsage();
  const { calls, seconds: took } = await run();
  const used = process.cpuUsage(before);
  if (profiling && profileDir) {
    const { profile } = await profiler.post('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(path.join(profileDir, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  }
  return {
    name,
    load,
    calls,
    reqPerSec: Math.round(calls / took),
    cpuMsPerCall: (used.user + used.system) / 1000 / Math.max(1, calls),
  };
}

try {
  const token = await signIn(server.url, 'admin', adminPassword);
  const headers = { authorization: token, 'content-type': 'application/json', 'jnpf-origin': 'pc' };
  const interfaceId = await createSqlInterface(server, headers, interfaceSql);

  const scenarios: Scenario[] = [
    { name: 'GET /api/health', path: '/api/health', connections },
    {
      name: 'GET dictionary selector (signed in, from memory)',
      path: '/api/system/DictionaryData/DataInterfaceType/Data/Selector',
      headers: { authorization: token },
      connections,
    },
    {
      name: 'POST Actions/List',
      method: 'POST',
      path: `/api/system/DataInterface/${interfaceId}/Actions/List`,
      headers,
      body: JSON.stringify({
        interfaceId,
        columnOptions: 'name',
        keyword,
        currentPage: 1,
        pageSize: 20,
        paramList: [],
      }),
      connections,
    },
  ];
  // The limit of Actions/List: its page and total, side by side, 20 at once, from this process.
  const from = `from (\n${interfaceSql}\n) as t where (t."name"::text ilike $1)`;
  const page = CompiledQuery.raw(`select t.* ${from} limit $2 offset $3`, [`%${keyword}%`, 20, 0]);
  const count = CompiledQuery.raw(`select count(*) as total ${from}`, [`%${keyword}%`]);
  const bare = loopSide({
    name: 'bare page + total',
    engine: 'PostgreSQL',
    concurrency: connections,
    call: () => Promise.all([server.app.db.executeQuery(page), server.app.db.executeQuery(count)]),
  });
  const cases: { name: string; run: (seconds: number) => Promise<number> }[] = [
    ...scenarios.map((scenario) => ({
      name: scenario.name,
      run: async (length: number) =>
        (await measure(server.url, 'PostgreSQL', { ...scenario, seconds: length }, false)).requests,
    })),
    { name: 'bare page + total (no HTTP)', run: async (length: number) => (await bare.round(length)).requests },
  ];
  for (const c of cases) await c.run(2);
  // The cases take turns, round after round, so that what else the machine does falls on all alike.
  const figures = new Map<string, CaseFigures[]>(cases.map((c) => [c.name, []]));
  const loadBefore = os.loadavg()[0]?.toFixed(2) ?? '?';
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      const profiled = round === 0 ? c.name : null;
      figures
        .get(c.name)
        ?.push(await measured(profiled, c.name, async () => ({ calls: await c.run(seconds), seconds })));
    }
  }

  console.log(
    `\nload average before the rounds: ${loadBefore}; ${rounds} rounds of ${seconds} s a case, median (min-max)`,
  );
  console.log('| case | req/s | CPU ms per call |');
  console.log('|---|---|---|');
  const cell = (values: number[], digits: number) => {
    const s = spread(values);
    return `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
  };
  for (const [name, runs] of figures) {
    console.log(
      `| ${name} | ${cell(
        runs.map((f) => f.reqPerSec),
        0,
      )} | ${cell(
        runs.map((f) => f.cpuMsPerCall),
        3,
      )} |`,
    );
  }
  if (profileDir) console.log(`\nprofiles in ${profileDir}`);
} finally {
  profiler.disconnect();
  await server.close();
  await database.drop();
}
