import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../server/test/helpers/server-bundle.ts';
import { startServerProcess } from '../../server/test/helpers/server-process.ts';
import { adminPassword } from './run-context.ts';

/**
 * Work every file's server start would otherwise repeat, done once for the run:
 * - the server bundled to plain JavaScript (server-bundle.ts): loading its modules through tsx
 *   took ~5.5 s of CPU at each start;
 * - a migrated and seeded embedded database: each file's server then starts on a copy, still its
 *   own data directory that no other file sees.
 */
export default async function setup(project: TestProject) {
  // Next to the server's package, so that its external packages resolve as from src/ (dist/ is not committed).
  const bundleDir = path.resolve(import.meta.dirname, `../../server/dist/e2e-server-${process.pid}`);
  const bundle = await bundleServer(bundleDir);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-e2e-template-'));
  const server = await startServerProcess({ ADMIN_PASSWORD: adminPassword }, dataDir, [], bundle);
  await server.stop({ keepDataDir: true });
  project.provide('templateDataDir', dataDir);
  project.provide('serverBundle', bundle);
  return () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  };
}
