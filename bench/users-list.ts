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
import { type RunningServer, startServerProcess } from '../apps/server/test/helpers/server-process.ts';
import {
  type Comparison,
  type Figures,
  interleave,
  machineLine,
  measure,
  printComparisons,
  type Side,
  throwawayDatabase,
  warmupSeconds,
} from './lib.ts';

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

type Db = Awaited<ReturnType<typeof openDatabase>>;

/** The repository's page + total, 20 callers at once for `forSeconds`, no HTTP. */
async function bareSqlRound(db: Db, engine: string, c: Case, forSeconds: number): Promise<Figures> {
  const repo = new UserListRepository(db);
  const params = pageParams({ keyword: c.query.keyword, currentPage: 1, pageSize: 20 });
  const filter = { organizeId: c.query.organizeId ?? null };
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
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  return {
    name: `${c.name} (bare SQL)`,
    engine,
    connections,
    requests: times.length,
    reqPerSec: Math.round(times.length / forSeconds),
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

/**
 * Bare SQL and HTTP in alternating rounds. On PostgreSQL both sides are open at once (a pool and
 * the server). PGlite's data directory belongs to one process, so there each switch closes one side
 * and opens the other (a few seconds between rounds, not counted).
 */
async function run(
  engine: string,
  config: DatabaseConfig,
  env: Record<string, string>,
  dataDir: string,
): Promise<Comparison[]> {
  console.log(`${engine}: seeding 100,000 users in 500 organisations...`);
  const started = Date.now();
  let db: Db | null = await seedUsers(config);
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const exclusive = config.kind === 'pglite';
  let server: RunningServer | null = null;
  let token = '';
  const openDb = async () => {
    if (exclusive && server) {
      await server.stop({ keepDataDir: true });
      server = null;
    }
    db ??= await openDatabase(config);
    return db;
  };
  const openServer = async () => {
    if (exclusive && db) {
      await db.destroy();
      db = null;
    }
    if (!server) {
      server = await startServerProcess({ ...env, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'warn' }, dataDir);
      token = await signIn(server.url);
    }
    return server;
  };
  const comparisons: Comparison[] = [];
  try {
    for (const c of cases) {
      const query = new URLSearchParams({ currentPage: '1', pageSize: '20', ...c.query });
      let warmBare = false;
      let warmHttp = false;
      const bare: Side = {
        name: 'bare SQL',
        async round(forSeconds) {
          const open = await openDb();
          if (!warmBare && warmupSeconds > 0) await bareSqlRound(open, engine, c, warmupSeconds);
          warmBare = true;
          return bareSqlRound(open, engine, c, forSeconds);
        },
      };
      const http: Side = {
        name: 'HTTP',
        async round(forSeconds) {
          const running = await openServer();
          const scenario = {
            name: `${c.name} (HTTP)`,
            path: `/api/permission/Users?${query}`,
            headers: { authorization: token },
            connections,
            seconds: forSeconds,
          };
          const figures = await measure(running.url, engine, scenario, !warmHttp || exclusive);
          warmHttp = true;
          return figures;
        },
      };
      const comparison = await interleave(engine, c.name, bare, http);
      console.log(
        `  ${engine} / ${c.name}: HTTP ${Math.round(comparison.sides[1]!.reqPerSec.median)} req/s, ${comparison.ratio.median.toFixed(2)} of bare SQL`,
      );
      comparisons.push(comparison);
    }
  } finally {
    await (server as RunningServer | null)?.stop({ keepDataDir: true });
    await db?.destroy();
  }
  return comparisons;
}

async function main() {
  console.log(`users-list bench: ${machineLine()}, ${connections} connections`);
  const all: Comparison[] = [];

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

  printComparisons(all);
}

await main();
