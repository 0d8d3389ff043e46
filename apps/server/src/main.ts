import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';

/** Reads the configuration, opens and prepares the database, listens, and shuts down cleanly. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const releaseLock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir) : () => {};

  const { app, seedResult } = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
    } finally {
      clearTimeout(force);
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const banner = [
    '',
    `  Platform is running: http://localhost:${port}/`,
    `  API documentation:   http://localhost:${port}/api/docs`,
    `  Database:            ${config.database.kind === 'pglite' ? `embedded (${config.database.dataDir})` : 'PostgreSQL'}`,
  ];
  if (!config.webDir) banner.push('  (web app not built: run `npm run build`, or `npm run dev` for development)');
  if (seedResult.generatedAdminPassword) {
    banner.push(
      '',
      `  First start: administrator "admin" created with password: ${seedResult.generatedAdminPassword}`,
      '  It is shown this once; change it after signing in.',
    );
  }
  console.log(`${banner.join('\n')}\n`);
}

/**
 * The embedded database belongs to one process. A second server on the same DATA_DIR refuses to
 * start; a lock left by a killed process (its pid no longer alive) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.lock');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      console.error(
        `DATA_DIR ${dataDir} is in use by another server (pid ${pid}). The embedded database serves one process; ` +
          'to run several instances, set DATABASE_URL to a PostgreSQL server.',
      );
      process.exit(1);
    }
    rmSync(lockFile, { force: true });
  }
  const fd = openSync(lockFile, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
