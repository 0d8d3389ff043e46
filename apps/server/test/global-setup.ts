import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { writePgliteTemplate } from './helpers/pglite-template.ts';
import { dropTestSchemas, newRunTag, ofRun, stale } from './helpers/test-schemas.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tag in the names of this run's schemas (helpers/test-schemas.ts). */
    apitestRun: string;
    /** Embedded database only: the dump each test database starts from (helpers/pglite-template.ts). */
    pgliteTemplate: string | null;
  }
}

let run: string | null = null;
let templateDir: string | null = null;

/**
 * Without DATABASE_URL, the embedded database every test app starts from is made once here.
 * With DATABASE_URL set, the API tests run against that PostgreSQL server, each test database in a
 * schema of its own. The extension they share is made once here. Other runs may be using the same
 * server, so only schemas of runs that are gone are dropped here, and at the end only this run's
 * (the rule: helpers/test-schemas.ts).
 */
export async function setup(project: Pick<TestProject, 'provide'>) {
  run = newRunTag();
  project.provide('apitestRun', run);
  const url = process.env.DATABASE_URL;
  if (!url) {
    templateDir = mkdtempSync(path.join(tmpdir(), 'platform-apitest-template-'));
    const template = path.join(templateDir, 'pglite.tar');
    await writePgliteTemplate(template);
    project.provide('pgliteTemplate', template);
    return;
  }
  project.provide('pgliteTemplate', null);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create extension if not exists pg_trgm with schema public');
  await client.end();
  await dropTestSchemas(url, stale());
}

export async function teardown() {
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
  const url = process.env.DATABASE_URL;
  if (!url || !run) return;
  await dropTestSchemas(url, ofRun(run));
}
