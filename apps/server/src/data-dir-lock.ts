import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to one process: the server, or the backup command while the
 * server is stopped. The lock file holds the owner's pid; a lock left by a killed process (its pid
 * no longer alive) is taken over.
 */
const lockFileOf = (dataDir: string) => path.join(dataDir, 'server.lock');

/** The pid of the live process that holds `dataDir`, or null. */
export function dataDirOwner(dataDir: string): number | null {
  const lockFile = lockFileOf(dataDir);
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8').trim());
  return pid && pid !== process.pid && isAlive(pid) ? pid : null;
}

/** Takes `dataDir` for this process; answers the release, or the pid of the live owner. */
export function lockDataDir(dataDir: string): { release: () => void } | { heldBy: number } {
  const owner = dataDirOwner(dataDir);
  if (owner) return { heldBy: owner };
  const lockFile = lockFileOf(dataDir);
  mkdirSync(dataDir, { recursive: true });
  rmSync(lockFile, { force: true });
  const fd = openSync(lockFile, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return { release: () => rmSync(lockFile, { force: true }) };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
