import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { PoolMonitor } from './pool-monitor.ts';
import type { Database } from './schema.ts';
import { preparingPool } from './statement-cache.ts';

/**
 * A second pool on the PostgreSQL server for SQL data interfaces: every connection starts as
 * `role`, with every transaction read-only and `statement_timeout` set, given in the connection's
 * start-up options. So each statement is already confined when it arrives, with no round trips to
 * set it up, and a role that is missing or not granted makes the connection fail rather than run
 * as the application's own account.
 */
export function openReaderDatabase(
  config: Extract<DatabaseConfig, { kind: 'postgres' }>,
  settings: { role: string; timeoutMs: number; max?: number },
): Kysely<Database> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(settings.role)) throw new Error(`unsafe role name ${settings.role}`);
  const options = [
    `-c role=${settings.role}`,
    '-c default_transaction_read_only=on',
    `-c statement_timeout=${Math.max(1, Math.floor(settings.timeoutMs))}`,
    '-c plan_cache_mode=force_generic_plan',
    ...(config.schema ? [`-c search_path=${config.schema},public`] : []),
  ].join(' ');
  const max = settings.max ?? 10;
  const pool = new pg.Pool({ connectionString: config.url, max, options });
  // Counted apart from the application's pool, and not exported: interfaces' own use.
  const monitor = new PoolMonitor(max, () => pool.totalCount);
  // No camel-casing plugin: an interface answers its columns as its SQL names them.
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool, monitor) }) });
}
