import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { writeBackup } from './core/backup.ts';

/**
 * A backup of a running server's embedded database is taken by the server itself (it alone holds
 * the database): `npm run backup` writes a request file into DATA_DIR and sends the server SIGUSR2;
 * the server writes the backup and its answer beside the request. Nothing listens on the network
 * for this, and only the server's own OS account (or root) can send it the signal.
 */
export interface BackupRequest {
  id: string;
  target: string;
}
export type BackupAnswer = { ok: true; manifest: unknown } | { ok: false; error: string };

export const backupRequestFile = (dataDir: string) => path.join(dataDir, 'backup-request.json');
export const backupAnswerFile = (dataDir: string, id: string) =>
  path.join(dataDir, `backup-answer-${id.replace(/[^a-zA-Z0-9-]/g, '')}.json`);

export function answerBackupRequests(dataDir: string, pglite: PGlite, log: FastifyBaseLogger) {
  let busy = false;
  process.on('SIGUSR2', () => {
    const requestFile = backupRequestFile(dataDir);
    if (busy || !existsSync(requestFile)) return;
    busy = true;
    void (async () => {
      const request = JSON.parse(readFileSync(requestFile, 'utf8')) as BackupRequest;
      rmSync(requestFile, { force: true });
      let answer: BackupAnswer;
      try {
        answer = { ok: true, manifest: await writeBackup(request.target, { pglite, dataDir }) };
        log.info({ target: request.target }, 'backup written');
      } catch (error) {
        answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
        log.error({ err: error, target: request.target }, 'backup failed');
      }
      writeFileSync(backupAnswerFile(dataDir, request.id), JSON.stringify(answer), { mode: 0o600 });
    })()
      .catch((error: unknown) => log.error({ err: error }, 'backup request unreadable'))
      .finally(() => {
        busy = false;
      });
  });
}
