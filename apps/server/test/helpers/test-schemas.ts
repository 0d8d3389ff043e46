import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The schemas the API tests make on PostgreSQL (DATABASE_URL), one per test database:
 * `apitest_<made>_<run>_<random>`, where made is the Unix second the name was made and run is the
 * tag of the test run that made it (global-setup.ts draws one per run).
 *
 * Several runs may share one server (two developers, a run and a benchmark), so a run drops only
 * what is certainly not in use:
 * - its own schemas, by its tag: a test app's when it closes, the rest at the end of the run;
 * - at its start, schemas made more than an hour ago. A schema serves one test file, which lasts
 *   seconds to minutes, so one that old was left by a run killed before its end.
 * Process ids are not used: runs on other machines share the server, and a pid says nothing about a
 * process elsewhere (nor, after reuse, here). The rule assumes the machines' clocks agree within
 * the hour. Names without the stamp were made before this rule by a run that may still be going
 * (an older checkout); they are left, to be dropped by hand once.
 */
export const staleAfterSeconds = 60 * 60;

export function newRunTag() {
  return randomBytes(4).toString('hex');
}

export function testSchemaName(run: string, now = Date.now()) {
  return `apitest_${Math.floor(now / 1000)}_${run}_${randomBytes(4).toString('hex')}`;
}

const stamped = /^apitest_(\d+)_([0-9a-f]+)_[0-9a-f]+$/;

/** When and by which run a schema was made; null for names this rule did not make. */
export function parseTestSchema(name: string): { madeAt: number; run: string } | null {
  const match = stamped.exec(name);
  return match ? { madeAt: Number(match[1]), run: match[2]! } : null;
}

/** Drops the test schemas `doomed` picks; one that is gone already, or another run is dropping, is skipped. */
export async function dropTestSchemas(url: string, doomed: (name: string) => boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'apitest\\_%'",
    );
    for (const { nspname } of rows) {
      if (!parseTestSchema(nspname) || !doomed(nspname)) continue;
      // Two runs starting together may both pick a stale schema: whichever loses finds it gone.
      await client.query(`drop schema if exists ${nspname} cascade`).catch(() => {});
    }
  } finally {
    await client.end();
  }
}

/** Schemas made more than an hour before `now`: left by runs that are gone. */
export function stale(now = Date.now()) {
  return (name: string) => {
    const made = parseTestSchema(name);
    return made !== null && made.madeAt < Math.floor(now / 1000) - staleAfterSeconds;
  };
}

/** The schemas of one run. */
export function ofRun(run: string) {
  return (name: string) => parseTestSchema(name)?.run === run;
}
