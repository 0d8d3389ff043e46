import { describe } from 'vitest';

/**
 * Suites that need a server the embedded default does not have. Their titles carry the need, so
 * the test summary (scripts/test.mjs) can tell a suite skipped for want of PostgreSQL or Redis
 * from one that does not apply, and fail a CI run that skipped one: CI provides both.
 */
export const postgresUrl = process.env.DATABASE_URL || null;
export const redisUrl = process.env.REDIS_URL || null;

export const needsPostgres = (title: string, body: () => void) =>
  describe.runIf(Boolean(postgresUrl))(`${title} [needs PostgreSQL]`, body);

export const needsPostgresAndRedis = (title: string, body: () => void) =>
  describe.runIf(Boolean(postgresUrl && redisUrl))(`${title} [needs PostgreSQL and Redis]`, body);

/** The embedded database's own guarantees: not applicable (and not counted as missing) on PostgreSQL. */
export const embeddedOnly = (title: string, body: () => void) =>
  describe.skipIf(Boolean(postgresUrl))(`${title} [embedded database only]`, body);
