import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../server/test/helpers/server-process.ts';
import { adminPassword } from './run-context.ts';

/**
 * Migrating and seeding a fresh embedded database takes a few seconds of the server's start, the
 * same for every file. It is done once here; each file's server then starts on a copy, still its
 * own data directory that no other file sees.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-e2e-template-'));
  const server = await startServerProcess({ ADMIN_PASSWORD: adminPassword }, dataDir);
  await server.stop({ keepDataDir: true });
  project.provide('templateDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
