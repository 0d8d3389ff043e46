import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Db, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/seed.ts';
import { embeddedOnly, needsPostgres } from './helpers/needs.ts';
import { testDatabase } from './helpers/test-app.ts';

describe('transactions', () => {
  let db: Db;
  beforeAll(async () => {
    const config = testDatabase();
    db = await openDatabase(config);
    await migrateToLatest(db, config.kind === 'postgres' ? config.schema : undefined);
    await sql`create table probe (value text not null)`.execute(db);
  });
  afterAll(() => db.destroy());

  test('two concurrent transactions stay isolated: one rolling back does not undo the other', async () => {
    const table = sql.table('probe');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing = db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into ${table} (value) values ('a')`.execute(trx);
        await gate;
        throw new Error('roll back A');
      })
      .catch((error: Error) => error.message);
    const committing = db.transaction().execute(async (trx) => {
      await sql`insert into ${table} (value) values ('b')`.execute(trx);
    });
    release();
    expect(await failing).toBe('roll back A');
    await committing;
    const rows = await sql<{ value: string }>`select value from ${table} order by value`.execute(db);
    expect(rows.rows.map((r) => r.value)).toEqual(['b']);
  });

  test('many concurrent writers all commit', async () => {
    const table = sql.table('probe');
    await sql`delete from ${table}`.execute(db);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction().execute((trx) => sql`insert into ${table} (value) values (${String(i)})`.execute(trx)),
      ),
    );
    const count = await sql<{ n: number }>`select count(*)::int as n from ${table}`.execute(db);
    expect(count.rows[0]?.n).toBe(50);
  });
});

// The embedded database only: PostgreSQL keeps its data in its own server.
embeddedOnly('embedded database on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('data survives a restart, and seeding again changes nothing', async () => {
    const config = { kind: 'pglite' as const, dataDir: path.join(dir, 'db') };
    const first = await openDatabase(config);
    await migrateToLatest(first);
    const firstSeed = await seed(first, { adminPassword: null, production: false });
    expect(firstSeed.generatedAdminPassword).toMatch(/^\w{12}$/);
    const admin = await first.selectFrom('appUser').select(['id', 'passwordHash']).executeTakeFirstOrThrow();
    await first.destroy();

    const second = await openDatabase(config);
    expect(await migrateToLatest(second)).toEqual([]);
    const secondSeed = await seed(second, { adminPassword: null, production: false });
    expect(secondSeed.generatedAdminPassword).toBeNull();
    const users = await second.selectFrom('appUser').select(['id', 'passwordHash']).execute();
    expect(users).toEqual([admin]);
    const dictionaries = await second.selectFrom('dictionaryData').select(sql<number>`count(*)::int`.as('n')).execute();
    expect(dictionaries[0]?.n).toBeGreaterThan(10);
    await second.destroy();
  });

  test('production refuses to create the administrator without ADMIN_PASSWORD', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrateToLatest(db);
    await expect(seed(db, { adminPassword: null, production: true })).rejects.toThrow(/ADMIN_PASSWORD/);
    await db.destroy();
  });
});

// PostgreSQL only: the embedded database has no pool and no statement cache.
needsPostgres('prepared statements on the PostgreSQL pool', () => {
  let db: Db;
  beforeAll(async () => {
    const config = testDatabase();
    db = await openDatabase(config);
    await migrateToLatest(db, config.kind === 'postgres' ? config.schema : undefined);
  });
  afterAll(() => db.destroy());

  const prepared = (conn: Db) =>
    sql<{ statement: string; genericPlans: number; customPlans: number }>`select statement,
        generic_plans::int as generic_plans, custom_plans::int as custom_plans from pg_prepared_statements`
      .execute(conn)
      .then((r) => r.rows);

  test('a repeated query is prepared once per connection, planned once, and answers each value', async () => {
    await db.connection().execute(async (conn) => {
      const answers: string[] = [];
      for (const value of ['a%b', 'c', 'a%b', 'd_e']) {
        const row = await sql<{ v: string }>`select ${value}::text as v where ${value} like ${'%'}`.execute(conn);
        answers.push(row.rows[0]?.v ?? '');
      }
      expect(answers).toEqual(['a%b', 'c', 'a%b', 'd_e']);
      const mine = (await prepared(conn)).filter((s) => s.statement.includes('::text as v where'));
      expect(mine).toHaveLength(1);
      // Four executions, no custom plan: the plan is made once and reused.
      expect(mine[0]).toMatchObject({ genericPlans: 4, customPlans: 0 });
    });
  });

  test('long parameter lists and statements without parameters stay unnamed', async () => {
    await db.connection().execute(async (conn) => {
      const many = Array.from({ length: 65 }, (_, i) => i);
      const row = await sql<{ n: number }>`select cardinality(array[${sql.join(many)}]::int[]) as n`.execute(conn);
      expect(row.rows[0]?.n).toBe(65);
      await sql`select 1 as plain`.execute(conn);
      const texts = (await prepared(conn)).map((s) => s.statement);
      expect(texts.some((t) => t.includes('cardinality') || t.includes('as plain'))).toBe(false);
    });
  });
});
