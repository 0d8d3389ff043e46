import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { answerBackupRequests } from './backup-requests.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { pgliteOf } from './db/database.ts';

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
  let releaseLock = () => {};
  if (config.database.kind === 'pglite') {
    const lock = lockDataDir(config.dataDir);
    if ('heldBy' in lock) {
      console.error(
        `DATA_DIR ${config.dataDir} is in use by another server (pid ${lock.heldBy}). The embedded database serves one process; ` +
          'to run several instances, set DATABASE_URL to a PostgreSQL server.',
      );
      process.exit(1);
    }
    releaseLock = lock.release;
  }

  const { app, seedResult } = await buildApp(config).catch((error: unknown) => {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  });
  const pglite = pgliteOf(app.db);
  if (pglite) answerBackupRequests(config.dataDir, pglite, app.log);
  app.metrics.includeProcessMetrics();
  let closing = false;
  // Not ready first (a balancer stops sending), then after the delay no new connections; requests
  // in flight finish, the running job ends, sockets are told to reconnect, the database closes.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { shutdownDelayMs = 0, shutdownTimeoutMs = 25_000 } = config;
    app.lifecycle.drain();
    app.log.info({ signal, shutdownDelayMs }, 'shutting down: not ready, then finishing requests, jobs and sockets');
    const force = setTimeout(() => {
      app.log.error({ shutdownTimeoutMs }, 'shutdown did not finish in time: exiting anyway');
      process.exit(1);
    }, shutdownTimeoutMs).unref();
    let exitCode = 0;
    try {
      if (shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exitCode = 1;
    } finally {
      clearTimeout(force);
      releaseLock();
      process.exit(exitCode);
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
