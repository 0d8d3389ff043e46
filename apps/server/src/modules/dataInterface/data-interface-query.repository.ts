import { CompiledQuery, sql } from 'kysely';
import { BusinessError } from '../../core/errors.ts';
import type { Db, Trx } from '../../db/database.ts';
import { deniedTables } from './sql-guard.ts';

/** How SQL interfaces run: as which role, over which schemas, for how long. */
export interface SqlReaderSettings {
  role: string;
  schemas: readonly string[];
  timeoutMs: number;
  /** Embedded PGlite: no statement time-out there, so a planned-cost ceiling stands in for it. */
  embedded: boolean;
  maxCost: number;
}

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;
const quote = (name: string) => {
  if (!identifier.test(name)) throw new Error(`unsafe identifier ${name}`);
  return `"${name}"`;
};

/**
 * Makes (or refreshes) the role SQL interfaces run as: NOLOGIN, member of nothing, USAGE and
 * SELECT on the allowed schemas only (tables made later too), none on the tables that keep
 * secrets and none on the password column of users. Functions that read files or large objects
 * (pg_read_file, lo_import...) need superuser or pg_read_server_files, which it never has; COPY to
 * or from a file needs pg_write/read_server_files. Answers false when the database account may not
 * make or grant the role: SQL interfaces then refuse to run (fail closed) and the log says how an
 * administrator makes the role by hand (docs/architecture.md).
 */
export async function ensureReaderRole(db: Db, settings: SqlReaderSettings): Promise<boolean> {
  const role = quote(settings.role);
  try {
    const exists = await sql<{
      found: number;
    }>`select 1 as found from pg_roles where rolname = ${settings.role}`.execute(db);
    if (exists.rows.length === 0) {
      try {
        await sql.raw(`create role ${role} nologin noinherit`).execute(db);
      } catch (error) {
        // Another instance (or test file) made it at the same moment.
        const again = await sql`select 1 from pg_roles where rolname = ${settings.role}`.execute(db);
        if (again.rows.length === 0) throw error;
      }
    }
    for (const schema of settings.schemas) {
      const s = quote(schema);
      await sql.raw(`grant usage on schema ${s} to ${role}`).execute(db);
      await sql.raw(`grant select on all tables in schema ${s} to ${role}`).execute(db);
      await sql.raw(`alter default privileges in schema ${s} grant select on tables to ${role}`).execute(db);
      const tables = await sql<{ name: string }>`
        select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
      for (const { name } of tables.rows) {
        if (deniedTables.has(name)) await sql.raw(`revoke all on ${s}.${quote(name)} from ${role}`).execute(db);
      }
      if (tables.rows.some((t) => t.name === 'app_user')) {
        await sql.raw(`revoke select on ${s}."app_user" from ${role}`).execute(db);
        const columns = await sql<{ name: string }>`
          select column_name as name from information_schema.columns
          where table_schema = ${schema} and table_name = 'app_user' and column_name not like '%password%'`.execute(db);
        const list = columns.rows.map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', ');
        if (list) await sql.raw(`grant select (${list}) on ${s}."app_user" to ${role}`).execute(db);
      }
    }
    // A non-superuser account must be a member to SET ROLE to it (a superuser always may).
    await sql
      .raw(`grant ${role} to current_user`)
      .execute(db)
      .catch(() => {});
    const usable = await sql<{
      ok: boolean;
    }>`select pg_has_role(current_user, ${settings.role}, 'member') as ok`.execute(db);
    return usable.rows[0]?.ok === true;
  } catch {
    return false;
  }
}

/** A query the service composed around a checked statement, with its bound values. */
export interface BoundQuery {
  text: string;
  values: unknown[];
}

/** PostgreSQL's codes for what an interface's SQL may run into, as the messages that explain them. */
function translate(error: unknown): never {
  if (error instanceof BusinessError) throw error;
  const code = (error as { code?: string } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === '57014') throw new BusinessError('dataInterface.sqlTimeout');
  if (code === '25006') throw new BusinessError('dataInterface.sqlSelectOnly');
  if (code === '42501') throw new BusinessError('dataInterface.sqlPermission', { reason: message });
  throw new BusinessError('dataInterface.sqlError', { reason: message });
}

/**
 * Runs composed queries (a page and its count, or rows up to the cap) confined to reading. On
 * PostgreSQL they go to the reader pool (`reader`, db/reader-database.ts), whose connections are
 * the reader role with read-only transactions and the time-out from their start: each statement
 * alone, the page and its count side by side. On PGlite (one session, no second pool) they run in
 * one read-only transaction that first sets the role and the time-out locally, and is always
 * rolled back; PGlite ignores the time-out, so the planned cost is checked first.
 */
export async function runAsReader(
  db: Db | Trx,
  reader: Db | null,
  settings: SqlReaderSettings,
  queries: BoundQuery[],
): Promise<unknown[][]> {
  if (!settings.embedded) {
    if (!reader) throw new BusinessError('dataInterface.sqlNoRole', { role: settings.role });
    try {
      const results = await Promise.all(
        queries.map((query) => reader.executeQuery(CompiledQuery.raw(query.text, query.values))),
      );
      return results.map((result) => result.rows as unknown[]);
    } catch (error) {
      translate(error);
    }
  }
  const role = quote(settings.role);
  const timeout = Math.max(1, Math.floor(settings.timeoutMs));
  const confine = [`set local role ${role}`, `set local statement_timeout = ${timeout}`];
  if (db.isTransaction) return readInSavepoint(db.withoutPlugins(), confine, queries, settings.maxCost);
  // Without the camel-casing plugin: an interface answers its columns as its SQL names them.
  return db
    .withoutPlugins()
    .connection()
    .execute(async (conn) => {
      for (const statement of [
        'begin transaction read only',
        `set local role ${role}`,
        `set local statement_timeout = ${timeout}`,
      ]) {
        await conn.executeQuery(CompiledQuery.raw(statement));
      }
      try {
        const results: unknown[][] = [];
        for (const query of queries) {
          await checkCost(conn, query, settings.maxCost);
          const result = await conn.executeQuery(CompiledQuery.raw(query.text, query.values));
          results.push(result.rows as unknown[]);
        }
        return results;
      } catch (error) {
        translate(error);
      } finally {
        await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
      }
    });
}

/**
 * PGlite, inside the caller's open transaction: the same confinement within a savepoint that is
 * always rolled back, which undoes the role, the time-out and the read-only mode with whatever
 * the statements did, and leaves the caller's transaction as it was.
 */
async function readInSavepoint(
  trx: Pick<Db, 'executeQuery'>,
  confine: string[],
  queries: BoundQuery[],
  maxCost: number,
): Promise<unknown[][]> {
  await trx.executeQuery(CompiledQuery.raw('savepoint data_interface_read'));
  try {
    for (const statement of ['set local transaction_read_only = on', ...confine])
      await trx.executeQuery(CompiledQuery.raw(statement));
    const results: unknown[][] = [];
    for (const query of queries) {
      await checkCost(trx, query, maxCost);
      const result = await trx.executeQuery(CompiledQuery.raw(query.text, query.values));
      results.push(result.rows as unknown[]);
    }
    return results;
  } catch (error) {
    translate(error);
  } finally {
    await trx.executeQuery(CompiledQuery.raw('rollback to savepoint data_interface_read'));
    await trx.executeQuery(CompiledQuery.raw('release savepoint data_interface_read'));
  }
}

/** PGlite: the planner's estimate must stay under the ceiling, since nothing stops a statement once it runs. */
async function checkCost(conn: Pick<Db, 'executeQuery'>, query: BoundQuery, maxCost: number) {
  const plan = await conn.executeQuery(CompiledQuery.raw(`explain (format json) ${query.text}`, query.values));
  const row = plan.rows[0] as Record<string, unknown> | undefined;
  const document = row ? Object.values(row)[0] : undefined;
  const parsed = (typeof document === 'string' ? JSON.parse(document) : document) as
    | { Plan?: { 'Total Cost'?: number } }[]
    | undefined;
  const cost = parsed?.[0]?.Plan?.['Total Cost'] ?? 0;
  if (cost > maxCost) throw new BusinessError('dataInterface.sqlTooCostly', { cost: Math.round(cost), max: maxCost });
}

/**
 * Reads a composed query through a cursor, `batchSize` rows at a time, handing each batch to
 * `each` before the next is fetched: a report streams a dataset of any length in bounded memory.
 * `plan.probe` runs first and names the columns (the keys of its first row) that `plan.query`
 * may then be composed with.
 * Confined as `runAsReader` confines: on PostgreSQL a reader connection (role, read-only, time-out
 * per FETCH) in one transaction; on PGlite the cost check, then the role and time-out set locally
 * in a read-only transaction. Either transaction is rolled back at the end, and PGlite's one
 * connection is held until then.
 */
export async function readAsReaderInBatches(
  db: Db,
  reader: Db | null,
  settings: SqlReaderSettings,
  plan: { probe: BoundQuery; query: (columns: readonly string[]) => BoundQuery },
  batchSize: number,
  each: (rows: Record<string, unknown>[]) => void,
): Promise<void> {
  if (!settings.embedded && !reader) throw new BusinessError('dataInterface.sqlNoRole', { role: settings.role });
  const start = settings.embedded
    ? [
        'begin transaction read only',
        `set local role ${quote(settings.role)}`,
        `set local statement_timeout = ${Math.max(1, Math.floor(settings.timeoutMs))}`,
      ]
    : ['begin'];
  // Without the camel-casing plugin: an interface answers its columns as its SQL names them.
  const source = settings.embedded ? db.withoutPlugins() : (reader as Db);
  await source.connection().execute(async (conn) => {
    // Only the database's errors are translated: an error of `each` (the sheet, the file) stays its own.
    const run = async (text: string, values: readonly unknown[] = []) => {
      try {
        return (await conn.executeQuery(CompiledQuery.raw(text, [...values]))).rows as Record<string, unknown>[];
      } catch (error) {
        translate(error);
      }
    };
    for (const statement of start) await run(statement);
    try {
      const [shape] = await run(plan.probe.text, plan.probe.values);
      const query = plan.query(Object.keys(shape ?? {}));
      if (settings.embedded) {
        try {
          await checkCost(conn, query, settings.maxCost);
        } catch (error) {
          translate(error);
        }
      }
      await run(`declare report_rows no scroll cursor for ${query.text}`, query.values);
      for (;;) {
        const rows = await run(`fetch forward ${Math.max(1, Math.floor(batchSize))} from report_rows`);
        if (rows.length) each(rows);
        if (rows.length < batchSize) break;
      }
    } finally {
      await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
    }
  });
}
