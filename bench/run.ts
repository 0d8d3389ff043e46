/**
 * npm run bench: the foundation and sign-in figures on PGlite and, when a PostgreSQL server answers
 * (BENCH_PG_ADMIN, default postgres://postgres@127.0.0.1:5432/postgres), on PostgreSQL. Each engine
 * gets a fresh server and database. Every HTTP figure is measured in alternating rounds against
 * its limit, the same work without HTTP through the server's own connection:
 * - health (`GET /api/health`, one `select 1`) against `select 1`, 20 at once;
 * - CurrentUser (administrator, seeded menus) against what a warm call still asks the database
 *   (the user row, then its organisation's name: session, grants, systems, settings and the menu
 *   text are cached), 20 at once;
 * - login against the argon2id verification alone, 8 at once (the hash is the limit by design).
 *
 *   npm run bench                                   (BENCH_ENGINES=postgres or pglite for one engine)
 *   BENCH_ROUNDS=2 BENCH_ROUND_SECONDS=2 npm run bench    (a quick check)
 */
import { sql } from 'kysely';
import { md5Hex, verifyPasswordDigest } from '../apps/server/src/core/password.ts';
import {
  type Comparison,
  currentUserLimit,
  httpSide,
  interleave,
  loginForm,
  loopSide,
  machineLine,
  onEachEngine,
  printComparisons,
  type Side,
  signIn,
  startApp,
} from './lib.ts';

const adminPassword = 'Bench@2026pass';
console.log(`Machine: ${machineLine()}`);

const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<Comparison[]> => {
  const server = await startApp(databaseUrl, dataDir, {
    ADMIN_PASSWORD: adminPassword,
    LOGIN_RATE_LIMIT: '100000000',
  });
  try {
    const db = server.app.db;
    const token = await signIn(server.url, 'admin', adminPassword);
    const admin = await db
      .selectFrom('appUser')
      .select(['id', 'passwordHash'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const digest = md5Hex(adminPassword);
    const cases: { name: string; limit: Side; http: Side }[] = [
      {
        name: 'health',
        limit: loopSide({ name: 'select 1', engine, concurrency: 20, call: () => sql`select 1`.execute(db) }),
        http: httpSide({
          name: 'GET /api/health',
          engine,
          url: server.url,
          scenario: { name: 'health', path: '/api/health', connections: 20 },
        }),
      },
      {
        name: 'CurrentUser (administrator, seeded menus)',
        limit: currentUserLimit(engine, db, admin.id),
        http: httpSide({
          name: 'GET /api/oauth/CurrentUser',
          engine,
          url: server.url,
          scenario: {
            name: 'CurrentUser',
            path: '/api/oauth/CurrentUser',
            headers: { authorization: token },
            connections: 20,
          },
        }),
      },
      {
        name: 'login (argon2id m=19 MiB t=2 p=1)',
        limit: loopSide({
          name: 'argon2id verify',
          engine,
          concurrency: 8,
          call: async () => {
            if (!(await verifyPasswordDigest(admin.passwordHash, digest))) throw new Error('verification failed');
          },
        }),
        http: httpSide({
          name: 'POST /api/oauth/Login',
          engine,
          url: server.url,
          scenario: {
            name: 'login',
            method: 'POST',
            path: '/api/oauth/Login',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: await loginForm(server.url, 'admin', adminPassword),
            connections: 8,
          },
        }),
      },
    ];
    const results: Comparison[] = [];
    for (const c of cases) {
      const result = await interleave(engine, c.name, c.limit, c.http);
      console.log(
        `  ${engine} ${c.name}: ${Math.round(result.sides[1]?.reqPerSec.median ?? 0)} req/s, ${result.ratio.median.toFixed(2)} of the limit`,
      );
      results.push(result);
    }
    return results;
  } finally {
    await server.close();
  }
});

printComparisons(comparisons);
