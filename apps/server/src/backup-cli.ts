import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BackupAnswer, backupAnswerFile, backupRequestFile } from './backup-requests.ts';
import { dataDirFrom } from './config.ts';
import { BackupError, type BackupManifest, restoreBackup, writeBackup } from './core/backup.ts';
import { dataDirOwner, isAlive, lockDataDir } from './data-dir-lock.ts';
import { createPglite } from './db/database.ts';
import { migrationNames } from './db/migrate.ts';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` for the embedded default (docs/operations.md).
 * A backup is taken by the running server when there is one (backup-requests.ts), else directly;
 * a restore needs the server stopped.
 */
const usage = 'usage: npm run backup -- FILE | npm run restore -- FILE';
/** A large data directory takes a while to pack; a server that dies meanwhile is noticed at once. */
const answerWaitMs = 30 * 60_000;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function describe(manifest: BackupManifest): string {
  const megabytes = (manifest.fileBytes / 1024 / 1024).toFixed(1);
  return `database at migration ${manifest.migrations.at(-1) ?? '(none)'}, ${manifest.files} files (${megabytes} MB), taken ${manifest.createdAt}`;
}

async function backupThroughServer(pid: number, dataDir: string, target: string): Promise<BackupManifest> {
  const id = randomUUID();
  writeFileSync(backupRequestFile(dataDir), JSON.stringify({ id, target }), { mode: 0o600 });
  process.kill(pid, 'SIGUSR2');
  const answerFile = backupAnswerFile(dataDir, id);
  const until = Date.now() + answerWaitMs;
  while (!existsSync(answerFile)) {
    if (!isAlive(pid)) fail(`the server (pid ${pid}) stopped before the backup was written`);
    if (Date.now() > until) fail(`no backup after ${answerWaitMs / 60_000} minutes; see the server's log`);
    await sleep(200);
  }
  const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as BackupAnswer;
  rmSync(answerFile, { force: true });
  if (!answer.ok) fail(`the server could not write the backup: ${answer.error}`);
  return answer.manifest as BackupManifest;
}

async function backupDirectly(dataDir: string, target: string): Promise<BackupManifest> {
  const lock = lockDataDir(dataDir);
  if ('heldBy' in lock) return backupThroughServer(lock.heldBy, dataDir, target);
  try {
    const pglite = await createPglite(path.join(dataDir, 'db'));
    try {
      return await writeBackup(target, { pglite, dataDir });
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) fail(usage, 2);
  if (process.env.DATABASE_URL?.trim())
    fail(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and the files with a copy of DATA_DIR/files ' +
        '(docs/operations.md, "Backup and restore"); this command serves the embedded database.',
      2,
    );
  const dataDir = dataDirFrom();
  // npm runs scripts from the package folder; a relative FILE means where the person typed it.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (command === 'backup') {
    if (!existsSync(path.join(dataDir, 'db'))) fail(`no embedded database in ${dataDir} (set DATA_DIR)`);
    const owner = dataDirOwner(dataDir);
    const manifest = owner ? await backupThroughServer(owner, dataDir, target) : await backupDirectly(dataDir, target);
    console.log(`backup written to ${target}: ${describe(manifest)}`);
    return;
  }
  const lock = lockDataDir(dataDir);
  if ('heldBy' in lock) fail(`the server is running on ${dataDir} (pid ${lock.heldBy}): stop it, then restore`);
  try {
    const { manifest, keptAside } = await restoreBackup(target, dataDir, migrationNames);
    console.log(`restored into ${dataDir}: ${describe(manifest)}`);
    if (keptAside) console.log(`what was there before is kept in ${keptAside}`);
    console.log('start the server to use it');
  } finally {
    lock.release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) fail(error.message);
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
