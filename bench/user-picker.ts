/**
 * The user picker on 10,000 users in 500 organisations (issue 17), PGlite and PostgreSQL: what one
 * person waits for, one request at a time through HTTP.
 * - open: the picker's first call, the top level (ImUser/Selector/0), then one organisation's level;
 * - search: a keyword page of 20 (ImUser/Selector/0 with a keyword, pages 1-3), the picker's
 *   infinite scroll;
 * - auth search: the same page through GetListByAuthorize (the caller's data scope);
 * - custom: getSelectedUserList over 20 organisations' ids, by keyword.
 * Three runs of 300 calls per case; the median of the runs' p50 / p95 with their spread, and the
 * load average before each engine.
 *
 *   node --import tsx bench/user-picker.ts          (BENCH_ENGINES=pglite or postgres for one engine)
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import { hashPasswordDigest, md5Hex } from '../apps/server/src/core/password.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed/seed.ts';
import { machineLine, onEachEngine, signIn, spread, startApp } from './lib.ts';

const adminPassword = 'Bench@123456';
const users = 10_000;
const organizations = 500;
const runs = 3;
const callsPerRun = Number(process.env.BENCH_CALLS ?? 300);

async function seedUsers(config: DatabaseConfig) {
  const db = await openDatabase(config);
  await migrateToLatest(db);
  await seed(db, { adminPassword, production: false });
  const root = await db
    .selectFrom('organize')
    .select(['id', 'organizeIdTree'])
    .where('parentId', '=', '-1')
    .executeTakeFirstOrThrow();
  const hash = await hashPasswordDigest(md5Hex('Passw0rd'));
  await sql`insert into organize (id, parent_id, category, en_code, full_name, organize_id_tree, sort_code)
    select 'bo' || g, ${root.id}, 'department', 'bench.o' || g, '部门' || g, ${root.organizeIdTree} || ',bo' || g, g
    from generate_series(1, ${organizations}::int) g`.execute(db);
  await sql`insert into app_user (id, account, real_name, password_hash, organize_id, gender, mobile_phone, sort_code)
    select 'bu' || g, 'user' || g, '员工' || g, ${hash}, 'bo' || (g % ${organizations}::int + 1), (g % 2 + 1)::text,
      '138' || lpad(g::text, 8, '0'), g % 100
    from generate_series(1, ${users}::int) g`.execute(db);
  await sql`insert into user_relation (id, user_id, object_type, object_id)
    select 'br' || g, 'bu' || g, 'Organize', 'bo' || (g % ${organizations}::int + 1)
    from generate_series(1, ${users}::int) g`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return db;
}

interface Case {
  name: string;
  /** The i-th call of a run. */
  call: (i: number) => { path: string; body: unknown };
}

const fragments = ['user1', 'ser2', '员工3', 'user45', 'er99', '工12'];
const page = (i: number) => (i % 3) + 1;
const cases: Case[] = [
  {
    name: 'open: top level',
    call: () => ({
      path: '/api/permission/Users/ImUser/Selector/0',
      body: { keyword: '', currentPage: 1, pageSize: 500 },
    }),
  },
  {
    name: 'open: one organisation (20 users)',
    call: (i) => ({
      path: `/api/permission/Users/ImUser/Selector/bo${(i % organizations) + 1}`,
      body: { keyword: '', currentPage: 1, pageSize: 500 },
    }),
  },
  {
    name: 'search page of 20',
    call: (i) => ({
      path: '/api/permission/Users/ImUser/Selector/0',
      body: { keyword: fragments[i % fragments.length], currentPage: page(i), pageSize: 20 },
    }),
  },
  {
    name: 'auth search page of 20',
    call: (i) => ({
      path: '/api/permission/Users/GetListByAuthorize/0',
      body: { keyword: fragments[i % fragments.length], currentPage: page(i), pageSize: 20 },
    }),
  },
  {
    name: 'custom (20 organisations) page of 20',
    call: (i) => ({
      path: '/api/permission/Users/getSelectedUserList',
      body: {
        ids: Array.from({ length: 20 }, (_, k) => `bo${k * 7 + 1}--department`),
        keyword: i % 2 ? 'user' : '',
        currentPage: page(i),
        pageSize: 20,
      },
    }),
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;

async function run(url: string, token: string, c: Case) {
  const times: number[] = [];
  for (let i = 0; i < callsPerRun; i++) {
    const { path: route, body } = c.call(i);
    const started = performance.now();
    const response = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; data?: { list: unknown[] } };
    times.push(performance.now() - started);
    if (answer.code !== 200) throw new Error(`${c.name}: ${route} answered ${answer.code}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

console.log(
  `user-picker bench: ${machineLine()}; ${users} users in ${organizations} organisations, ${runs} runs of ${callsPerRun} sequential calls`,
);
const rows = await onEachEngine(async (engine, databaseUrl, dataDir) => {
  const config: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  await (await seedUsers(config)).destroy();
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const out: string[] = [];
    for (const c of cases) {
      await run(server.url, token, { ...c, call: c.call }); // warm-up run, not counted
      const load = os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
      const results = [];
      for (let r = 0; r < runs; r++) results.push(await run(server.url, token, c));
      const p50 = spread(results.map((x) => x.p50));
      const p95 = spread(results.map((x) => x.p95));
      const line = `| ${engine} | ${c.name} | ${load} | ${p50.median.toFixed(1)} (${p50.min.toFixed(1)}-${p50.max.toFixed(1)}) | ${p95.median.toFixed(1)} (${p95.min.toFixed(1)}-${p95.max.toFixed(1)}) |`;
      console.log(line);
      out.push(line);
    }
    return out;
  } finally {
    await server.close();
  }
});
console.log(
  '\n| engine | case | load avg before | p50 ms median (min-max) | p95 ms median (min-max) |\n|---|---|---|---|---|',
);
for (const row of rows) console.log(row);
