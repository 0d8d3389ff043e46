import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { setup, teardown } from './global-setup.ts';
import { needsPostgres } from './helpers/needs.ts';
import { testApp } from './helpers/test-app.ts';
import { newRunTag, staleAfterSeconds, testSchemaName } from './helpers/test-schemas.ts';

/**
 * Test runs sharing one PostgreSQL server: another run starting and ending while this one works
 * drops nothing of ours, only schemas of runs that are gone. PostgreSQL only.
 */
const url = process.env.DATABASE_URL;
needsPostgres('test schemas on a shared server', () => {
  const client = new pg.Client({ connectionString: url });
  const exists = async (name: string) =>
    (await client.query('select 1 from pg_namespace where nspname = $1', [name])).rowCount === 1;
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  test('another run’s start and end leave live schemas alone and drop the stale ones', async () => {
    const ours = await testApp();
    const ourSchema = ours.config.database.kind === 'postgres' ? ours.config.database.schema! : '';
    const elsewhere = testSchemaName(newRunTag()); // a run on another machine, just started
    const killed = testSchemaName(newRunTag(), Date.now() - (staleAfterSeconds + 60) * 1000);
    const legacy = `apitest_${newRunTag()}${newRunTag()}`; // named before the rule: age unknown
    for (const name of [elsewhere, killed, legacy]) await client.query(`create schema ${name}`);
    try {
      // The other run: it starts, works, ends.
      await setup({ provide: () => {} });
      await teardown();

      expect(await exists(killed)).toBe(false);
      expect(await exists(elsewhere)).toBe(true);
      expect(await exists(legacy)).toBe(true);
      expect(await exists(ourSchema)).toBe(true);
      // Ours still works, tables and all.
      expect((await ours.signIn()).token).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    } finally {
      await ours.close();
      for (const name of [elsewhere, killed, legacy]) await client.query(`drop schema if exists ${name} cascade`);
    }
    // A test app drops the schema it made when it closes.
    expect(await exists(ourSchema)).toBe(false);
  });
});
