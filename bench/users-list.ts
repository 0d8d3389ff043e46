/**
 * The user list on 100,000 users in 500 organisations, 20 rows a page, 20 connections, on PGlite
 * and on PostgreSQL, in two cases: a keyword within one organisation, and a keyword fragment
 * across all users. Against each HTTP figure, in alternating rounds, its limit: the repository's
 * page and total through the server's own connection (PGlite's one, or its pool of 10), 20 at once,
 * without HTTP.
 *
 *   node --import tsx bench/users-list.ts            (PGlite, then PostgreSQL when one answers)
 *   BENCH_ENGINES=postgres node --import tsx bench/users-list.ts      (one engine only: pglite or postgres)
 */
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import { pageParams } from '../apps/server/src/core/paging.ts';
import { hashPasswordDigest, md5Hex } from '../apps/server/src/core/password.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { UserListRepository } from '../apps/server/src/modules/user/user.repository.ts';
import { seed } from '../apps/server/src/seed/seed.ts';
import {
  type Comparison,
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

console.log(`users-list bench: ${machineLine()}, ${connections} connections`);

const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<Comparison[]> => {
  console.log(`${engine}: seeding 100,000 users in 500 organisations...`);
  const started = Date.now();
  const config: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  await (await seedUsers(config)).destroy();
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const repo = new UserListRepository(server.app.db);
    const results: Comparison[] = [];
    for (const c of cases) {
      const params = pageParams({ keyword: c.query.keyword, currentPage: 1, pageSize: 20 });
      const filter = { organizeId: c.query.organizeId ?? null };
      const query = new URLSearchParams({ currentPage: '1', pageSize: '20', ...c.query });
      const result = await interleave(
        engine,
        c.name,
        loopSide({
          name: 'bare SQL',
          engine,
          concurrency: connections,
          call: () => repo.page(params, filter),
        }),
        httpSide({
          name: 'HTTP',
          engine,
          url: server.url,
          scenario: {
            name: c.name,
            path: `/api/permission/Users?${query}`,
            headers: { authorization: token },
            connections,
          },
        }),
      );
      console.log(
        `  ${engine} / ${c.name}: HTTP ${Math.round(result.sides[1]?.reqPerSec.median ?? 0)} req/s, ${result.ratio.median.toFixed(2)} of bare SQL`,
      );
      results.push(result);
    }
    return results;
  } finally {
    await server.close();
  }
});

printComparisons(comparisons);
