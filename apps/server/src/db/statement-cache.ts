import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { PoolMonitor } from './pool-monitor.ts';

/**
 * Named prepared statements for the PostgreSQL pool. Kysely sends every query through the
 * unnamed statement, so PostgreSQL parses and plans it anew each time; for the hot lists
 * (the user list's page and total) planning costs as much as running. Here each connection
 * prepares a statement the first time it sees its text and afterwards only binds and executes
 * it, which doubles what the database serves (bench/users-list.ts, docs/benchmarks.md).
 *
 * Bounded so the server's memory stays bounded: only data statements with parameters are named
 * (not BEGIN/COMMIT or migrations' DDL), not those with long parameter lists (an `in (...)` of
 * every length would each be a new text), and at most `perConnection` per connection; beyond
 * that a statement runs unnamed as before.
 */
export const statementCacheLimits = { perConnection: 300, maxParameters: 64, maxTextLength: 8000 };

const dataStatement = /^\s*(select|with|insert|update|delete)\b/i;
const named = new WeakMap<object, Set<string>>();
const nameByText = new Map<string, string>();

/** The statement's name: a digest of its text, remembered (hashing costs more than the lookup). */
function nameOf(text: string): string {
  let name = nameByText.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    if (nameByText.size >= 2000) nameByText.clear();
    nameByText.set(text, name);
  }
  return name;
}

function statementName(client: object, text: string, parameterCount: number): string | null {
  if (parameterCount === 0 || parameterCount > statementCacheLimits.maxParameters) return null;
  if (text.length > statementCacheLimits.maxTextLength || !dataStatement.test(text)) return null;
  const name = nameOf(text);
  let prepared = named.get(client);
  if (!prepared) {
    prepared = new Set();
    named.set(client, prepared);
  }
  if (prepared.has(name)) return name;
  if (prepared.size >= statementCacheLimits.perConnection) return null;
  prepared.add(name);
  return name;
}

/** The pool Kysely's PostgresDialect is given: the real pool, its clients naming statements, its use counted. */
export function preparingPool(pool: pg.Pool, monitor: PoolMonitor): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await monitor.acquire(() => pool.connect());
      const query = (text: string, values: readonly unknown[]) => {
        const name = statementName(client, text, values.length);
        return client.query(name ? { name, text, values: [...values] } : { text, values: [...values] });
      };
      // Kysely only passes a cursor when the dialect is given one; ours is not.
      const release = () => {
        monitor.released();
        client.release();
      };
      return { query, release } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
