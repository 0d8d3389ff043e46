import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Envelope } from '@platform/shared';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Config, DatabaseConfig } from '../../src/config.ts';
import type { App } from '../../src/core/app-types.ts';

export const testAdminPassword = 'Admin@123456';
/** The public 3.6 client's key: protocol.md's test vector uses it. */
export const testCipherKey = 'EY8WePvjM5GGwQzn';

export interface TestApp {
  app: App;
  config: Config;
  /** One call, answered as the parsed envelope. */
  call<T = unknown>(options: InjectOptions): Promise<Envelope<T> & { status: number }>;
  close(): Promise<void>;
}

/** A fresh database (in-memory PGlite, or a new schema on DATABASE_URL), migrated and seeded. */
export function testDatabase(): DatabaseConfig {
  const url = process.env.DATABASE_URL;
  if (!url) return { kind: 'pglite', dataDir: null };
  return { kind: 'postgres', url, schema: `apitest_${randomBytes(6).toString('hex')}` };
}

export async function testApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-test-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    database: testDatabase(),
    redisUrl: null,
    adminPassword: testAdminPassword,
    loginCipherKey: testCipherKey,
    logLevel: 'silent',
    nodeEnv: 'test',
    webDir: null,
    ...overrides,
  };
  const { app } = await buildApp(config);
  return {
    app,
    config,
    async call<T>(options: InjectOptions) {
      const response = await app.inject(options);
      const body = response.json() as Envelope<T>;
      return { ...body, status: response.statusCode };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
