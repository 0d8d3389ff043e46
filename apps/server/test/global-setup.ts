import pg from 'pg';

/**
 * With DATABASE_URL set, the API tests run against that PostgreSQL server, each test file in a
 * schema of its own. The extension they share is made once here; the schemas go at the end.
 */
export async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create extension if not exists pg_trgm with schema public');
  await client.end();
}

export async function teardown() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ nspname: string }>(
    "select nspname from pg_namespace where nspname like 'apitest\\_%'",
  );
  for (const { nspname } of rows) await client.query(`drop schema if exists ${nspname} cascade`);
  await client.end();
}
