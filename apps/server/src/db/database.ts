import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PoolMonitor } from './pool-monitor.ts';
import type { Database } from './schema.ts';
import { preparingPool } from './statement-cache.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

// Counts and sums come back as int8; they fit a JavaScript number for every table we keep.
pg.types.setTypeParser(20, (value) => Number(value));

/** Opens the database the configuration names: PGlite under DATA_DIR, or a PostgreSQL pool. */
export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  if (config.kind === 'pglite') return overPglite(await createPglite(config.dataDir, config.template));
  if (config.schema) await createSchema(config.url, config.schema);
  const max = 10;
  const pool = new pg.Pool({
    connectionString: config.url,
    max,
    ...(config.schema ? { options: `-c search_path=${config.schema},public` } : {}),
  });
  // Prepared statements (statement-cache.ts) are planned once per connection, not per call:
  // PostgreSQL's "auto" mode keeps re-planning searches whose pattern it cannot judge in advance
  // (`ilike $1`), which costs as much as running them.
  pool.on('connect', (client) => void client.query('set plan_cache_mode = force_generic_plan').catch(() => {}));
  const monitor = new PoolMonitor(max, () => pool.totalCount);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparingPool(pool, monitor) }),
    plugins: [new CamelCasePlugin()],
  });
  monitors.set(db, monitor);
  return db;
}

/** How each database's connections are used (`/metrics`). */
const monitors = new WeakMap<Db, PoolMonitor>();

export function poolMonitorOf(db: Db): PoolMonitor | null {
  return monitors.get(db) ?? null;
}

/** PGlite with the extensions the migrations use; `template` is a dump (`dumpDataDir`) to start from. */
export function createPglite(dataDir: string | null, template?: Blob) {
  return PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
}

/** The PGlite under each embedded database: a backup dumps it (core/backup.ts). */
const pglites = new WeakMap<Db, PGlite>();

/** The application's view of an open PGlite; destroying it closes the PGlite. */
export function overPglite(pglite: PGlite): Db {
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
  pglites.set(db, pglite);
  monitors.set(db, dialect.monitor);
  return db;
}

/** The embedded database's PGlite, or null on PostgreSQL. */
export function pgliteOf(db: Db): PGlite | null {
  return pglites.get(db) ?? null;
}

async function createSchema(url: string, schema: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`unsafe schema name ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${schema}`);
  } finally {
    await client.end();
  }
}
