import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

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

function statementName(client: object, text: string, parameterCount: number): string | null {
  if (parameterCount === 0 || parameterCount > statementCacheLimits.maxParameters) return null;
  if (text.length > statementCacheLimits.maxTextLength || !dataStatement.test(text)) return null;
  const name = `k${createHash('sha1').update(text).digest('base64url')}`;
  let names = named.get(client);
  if (!names) {
    names = new Set();
    named.set(client, names);
  }
  if (names.has(name)) return name;
  if (names.size >= statementCacheLimits.perConnection) return null;
  names.add(name);
  return name;
}

/** The pool Kysely's PostgresDialect is given: the real pool, its clients naming statements. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (text: string, values: readonly unknown[]) => {
        const name = statementName(client, text, values.length);
        return client.query(name ? { name, text, values: [...values] } : { text, values: [...values] });
      };
      // Kysely only passes a cursor when the dialect is given one; ours is not.
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
