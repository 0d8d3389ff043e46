/**
 * The user list on 100,000 users in 500 organisations, 20 rows a page, 20 connections, on PGlite
 * and on PostgreSQL, in two cases: a keyword within one organisation, and a keyword fragment
 * across all users. Beside each HTTP figure, the same page and total through the same kind of
 * connection (PGlite's one, or a pool of 10) without HTTP: the limit the HTTP path is held to.
 *
 *   node --import tsx bench/users-list.ts            (PGlite, then PostgreSQL when one answers)
 *   BENCH_PG_ADMIN=postgres://postgres@127.0.0.1:5432/postgres BENCH_SECONDS=10 node --import tsx bench/users-list.ts
 *   BENCH_ENGINES=postgres node --import tsx bench/users-list.ts      (one engine only: pglite or postgres)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import { encryptLoginPayload } from '../apps/server/src/core/login-cipher.ts';
import { pageParams } from '../apps/server/src/core/paging.ts';
import { hashPasswordDigest, md5Hex } from '../apps/server/src/core/password.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { UserListRepository } from '../apps/server/src/modules/user/user.repository.ts';
import { seed } from '../apps/server/src/seed/seed.ts';
import { startServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { type Figures, machineLine, measure, printFigures, throwawayDatabase, warmupSeconds } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;
const adminPassword = 'Bench@123456';
const pgAdmin = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

interface Case {
  name: string;
  query: { keyword: string; organizeId?: string };
}
const cases: Case[] = [
  { name: 'keyword + organisation', query: { keyword: 'user1', organizeId: 'bo7' } },
  { name: 'keyword fragment, all users', query: { keyword: 'ser123' } },
];

/** 500 departments under the root, 100,000 users spread over them; one shared password hash. */
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
    from generate_series(1, 500) g`.execute(db);
  await sql`insert into app_user (id, account, real_name, password_hash, organize_id, gender, mobile_phone, sort_code)
    select 'bu' || g, 'user' || g, '员工' || g, ${hash}, 'bo' || (g % 500 + 1), (g % 2 + 1)::text,
      '138' || lpad(g::text, 8, '0'), g % 100
    from generate_series(1, 100000) g`.execute(db);
  await sql`insert into user_relation (id, user_id, object_type, object_id)
    select 'br' || g, 'bu' || g, 'Organize', 'bo' || (g % 500 + 1) from generate_series(1, 100000) g`.execute(db);
  // Steady state: statistics current and the trigram index's pending list merged.
  await sql`vacuum analyze`.execute(db);
  return db;
}

/** The repository's page + total, 20 callers at once for `seconds`, no HTTP. */
async function bareSql(db: Awaited<ReturnType<typeof openDatabase>>, engine: string, c: Case): Promise<Figures> {
  const repo = new UserListRepository(db);
  const params = pageParams({ keyword: c.query.keyword, currentPage: 1, pageSize: 20 });
  const filter = { organizeId: c.query.organizeId ?? null };
  const first = await repo.page(params, filter);
  const load = async (forSeconds: number) => {
    const times: number[] = [];
    const end = Date.now() + forSeconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < end) {
          const start = performance.now();
          await repo.page(params, filter);
          times.push(performance.now() - start);
        }
      }),
    );
    return times;
  };
  if (warmupSeconds > 0) await load(warmupSeconds);
  const times = await load(seconds);
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  console.log(`  ${engine} / ${c.name}: total ${first.total}, page ${first.list.length} rows`);
  return {
    name: `${c.name} (bare SQL)`,
    engine,
    connections,
    requests: times.length,
    reqPerSec: Math.round(times.length / seconds),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    errors: 0,
  };
}

async function signIn(url: string): Promise<string> {
  const config = (await (await fetch(`${url}/api/oauth/getLoginConfig`)).json()) as { data: { cipherKey: string } };
  const body = new URLSearchParams({
    account: 'admin',
    password: encryptLoginPayload(md5Hex(adminPassword), config.data.cipherKey),
    origin: 'password',
    grant_type: 'password',
  });
  const res = (await (
    await fetch(`${url}/api/oauth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'jnpf-origin': 'pc' },
      body,
    })
  ).json()) as { code: number; msg: string; data?: { token: string } };
  if (!res.data) throw new Error(`sign-in failed: ${res.msg}`);
  return res.data.token;
}

async function run(
  engine: string,
  config: DatabaseConfig,
  env: Record<string, string>,
  dataDir: string,
): Promise<Figures[]> {
  console.log(`${engine}: seeding 100,000 users in 500 organisations...`);
  const started = Date.now();
  const db = await seedUsers(config);
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const rows: Figures[] = [];
  for (const c of cases) rows.push(await bareSql(db, engine, c));
  await db.destroy();

  const server = await startServerProcess({ ...env, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'warn' }, dataDir);
  try {
    const token = await signIn(server.url);
    for (const c of cases) {
      const query = new URLSearchParams({ currentPage: '1', pageSize: '20', ...c.query });
      const figures = await measure(server.url, engine, {
        name: `${c.name} (HTTP)`,
        path: `/api/permission/Users?${query}`,
        headers: { authorization: token },
        connections,
        seconds,
      });
      rows.push(figures);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

async function main() {
  console.log(`users-list bench: ${machineLine()}, ${seconds} s per case, ${connections} connections`);
  const all: Figures[] = [];

  if (engines.includes('pglite')) {
    const liteDir = mkdtempSync(path.join(tmpdir(), 'bench-users-'));
    all.push(...(await run('PGlite', { kind: 'pglite', dataDir: path.join(liteDir, 'db') }, {}, liteDir)));
    rmSync(liteDir, { recursive: true, force: true });
  }

  const pg = engines.includes('postgres') ? await throwawayDatabase(pgAdmin) : null;
  if (pg) {
    const pgDir = mkdtempSync(path.join(tmpdir(), 'bench-users-pg-'));
    try {
      all.push(...(await run('PostgreSQL', { kind: 'postgres', url: pg.url }, { DATABASE_URL: pg.url }, pgDir)));
    } finally {
      await pg.drop();
      rmSync(pgDir, { recursive: true, force: true });
    }
  } else {
    console.log(`PostgreSQL at ${pgAdmin} did not answer: skipped`);
  }

  printFigures(all);
  for (const engine of ['PGlite', 'PostgreSQL']) {
    for (const c of cases) {
      const bare = all.find((f) => f.engine === engine && f.name === `${c.name} (bare SQL)`);
      const http = all.find((f) => f.engine === engine && f.name === `${c.name} (HTTP)`);
      if (bare && http) {
        console.log(`${engine} / ${c.name}: HTTP is ${(http.reqPerSec / bare.reqPerSec).toFixed(2)} of bare SQL`);
      }
    }
  }
}

await main();
