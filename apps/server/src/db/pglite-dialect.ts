import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { PoolMonitor } from './pool-monitor.ts';

/**
 * Kysely over PGlite. PGlite is one PostgreSQL session, so the driver lends it to one caller at a
 * time, from acquire to release: a transaction owns the session until it ends, and concurrent
 * requests wait instead of sharing it (sharing let one request's rollback undo another's writes).
 */
export class PGliteDialect implements Dialect {
  /** The one connection's use: lent or not, and who waits for it (`/metrics`). */
  readonly monitor = new PoolMonitor(1, () => 1);
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.monitor);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private releaseCurrent: (() => void) | null = null;

  constructor(
    private readonly pglite: PGlite,
    private readonly monitor: PoolMonitor,
  ) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {}

  acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    return this.monitor.acquire(async () => {
      await previous;
      this.releaseCurrent = release;
      return this.connection;
    });
  }

  async releaseConnection() {
    const release = this.releaseCurrent;
    this.releaseCurrent = null;
    this.monitor.released();
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean);
    await (connection as PGliteConnection).run(modes.length ? `begin ${modes.join(' ')}` : 'begin');
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).run('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).run('rollback');
  }

  async destroy() {
    await this.queue;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async run(sql: string) {
    await this.pglite.exec(sql);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[], { rowMode: 'object' });
    const affected = result.affectedRows;
    return affected === undefined ? { rows: result.rows } : { rows: result.rows, numAffectedRows: BigInt(affected) };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by PGlite; say so instead of pretending
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported on the embedded database');
  }
}
