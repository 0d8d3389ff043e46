import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import tar from 'tar-stream';
import { createPglite } from '../db/database.ts';

/**
 * A backup of the embedded default: one .tar.gz holding `manifest.json` (first), `database.tar`
 * (PGlite's dump of its data directory, taken between two statements: PGlite runs one at a time,
 * so the dump is one consistent moment), `secrets.json` and `files/**` (uploads, images,
 * signatures; not `files/generated`, which holds downloads made on request and kept for an hour).
 *
 * The database is dumped before the files are read: the product never deletes a stored file that a
 * row may name, so every file a dumped row names is still there when the files are copied. Writes
 * go on meanwhile: a file still arriving is a `.part` (file-storage.ts renames it when whole) and
 * is left out, as are chunked uploads not yet merged (`files/chunks`: no row names them, and the
 * client starts them again); a file removed between listing and reading is left out too.
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The migrations applied to the dumped database: a restore refuses names this code does not know. */
  migrations: string[];
  /** The files found when the backup began, and their bytes. */
  files: number;
  fileBytes: number;
}

export class BackupError extends Error {}

const manifestName = 'manifest.json';
const databaseName = 'database.tar';
const secretsName = 'secrets.json';
const filesDir = 'files';
/**
 * Not worth keeping: `generated` holds downloads made on request and cleaned after an hour
 * (core/downloads.ts), `chunks` the chunked uploads still arriving (file-chunks.service.ts).
 */
const skippedFileDirs = new Set(['generated', 'chunks']);

/** A file being written (core/file-storage.ts): renamed to its name once whole. */
const isInFlight = (name: string) => name.endsWith('.part');

/** Every regular file under `dir` but those in flight, as paths relative to it ('/'-separated), in a stable order. */
async function filesUnder(dir: string, relative = ''): Promise<string[]> {
  if (!existsSync(path.join(dir, relative))) return [];
  const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const inner = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!relative && skippedFileDirs.has(entry.name)) continue;
      found.push(...(await filesUnder(dir, inner)));
    } else if (entry.isFile() && !isInFlight(entry.name)) found.push(inner);
  }
  return found;
}

/** `act(file)`, or null when the file is gone (removed since it was listed). */
async function ifThere<T>(act: () => Promise<T>): Promise<T | null> {
  try {
    return await act();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
const openIfThere = (file: string) => ifThere(() => open(file, 'r'));
const sizeIfThere = (file: string) => ifThere(async () => (await stat(file)).size);

/**
 * Adds the open file as one entry of the size it has once open, and closes it; reading exactly
 * that many bytes keeps the entry whole whatever happens to the file meanwhile.
 */
async function addFile(pack: tar.Pack, name: string, handle: FileHandle): Promise<void> {
  try {
    const { size } = await handle.stat();
    if (size === 0) return await addBuffer(pack, name, Buffer.alloc(0));
    await new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
      const source = handle.createReadStream({ start: 0, end: size - 1, autoClose: false });
      source.on('error', reject);
      source.pipe(entry);
    });
  } finally {
    await handle.close();
  }
}

function addBuffer(pack: tar.Pack, name: string, content: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: content.length, mode: 0o600 }, content, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * Writes a backup of the embedded database `pglite` and of `dataDir`'s files to `target`: into
 * `target.partial` first, renamed when complete, so a crash never leaves a file that looks whole.
 */
export async function writeBackup(
  target: string,
  source: { pglite: PGlite; dataDir: string },
): Promise<BackupManifest> {
  const { rows } = await source.pglite.query<{ name: string }>('select name from kysely_migration order by name');
  const dump = await source.pglite.dumpDataDir('none');
  const databaseBytes = Buffer.from(await dump.arrayBuffer());
  const filesRoot = path.join(source.dataDir, filesDir);
  const files = await filesUnder(filesRoot);
  const sizes = await Promise.all(files.map((file) => sizeIfThere(path.join(filesRoot, file))));
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    migrations: rows.map((r) => r.name),
    files: sizes.filter((size) => size !== null).length,
    fileBytes: sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0),
  };

  const partial = `${target}.partial`;
  await mkdir(path.dirname(path.resolve(target)), { recursive: true });
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  try {
    await addBuffer(pack, manifestName, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await addBuffer(pack, databaseName, databaseBytes);
    const secrets = path.join(source.dataDir, secretsName);
    if (existsSync(secrets)) await addBuffer(pack, secretsName, await readFile(secrets));
    for (const file of files) {
      const handle = await openIfThere(path.join(filesRoot, file));
      if (handle) await addFile(pack, `${filesDir}/${file}`, handle);
    }
    pack.finalize();
    await written;
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, target);
  return manifest;
}

/** The entries of a backup file in order, each read whole or streamed by `onEntry`. */
/** An entry's bytes as tar-stream hands them over (a streamx stream: iterable, and drained by resume). */
type EntryContent = AsyncIterable<unknown> & { resume(): unknown };

async function readEntries(
  file: string,
  onEntry: (name: string, content: EntryContent) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  try {
    for await (const entry of extract) await onEntry(entry.header.name, entry);
  } catch (error) {
    // Leaving the loop early closes the archive mid-way; that close is not the error to report.
    await reading.catch(() => {});
    throw error;
  }
  await reading;
}

async function bufferOf(content: EntryContent): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A file name from the archive as a path under `root`; a name that leaves it is refused. */
function safeJoin(root: string, name: string): string {
  const full = path.resolve(root, name);
  if (!full.startsWith(`${path.resolve(root)}${path.sep}`)) throw new BackupError(`unsafe name in the backup: ${name}`);
  return full;
}

/**
 * Restores the backup `file` into `dataDir` (the server must be stopped). Everything is unpacked
 * into a staging directory first; only a complete, checked backup replaces the database and the
 * files, and what was there before is moved aside to `dataDir/before-restore-<time>`, never deleted.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  knownMigrations: readonly string[],
): Promise<{ manifest: BackupManifest; keptAside: string | null }> {
  if (!existsSync(file)) throw new BackupError(`no backup file at ${file}`);
  const staging = path.join(dataDir, `restoring-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  let manifest: BackupManifest | null = null;
  let database: Buffer | null = null;
  try {
    await readEntries(file, async (name, content) => {
      if (!manifest) {
        if (name !== manifestName) throw new BackupError(`${file} is not a backup of this product (no manifest)`);
        manifest = JSON.parse((await bufferOf(content)).toString('utf8')) as BackupManifest;
        const unknown = manifest.migrations.filter((m) => !knownMigrations.includes(m));
        if (unknown.length)
          throw new BackupError(
            `this backup comes from a newer version of the product (its database has migration ${unknown.join(', ')}, ` +
              'which this version does not know): upgrade the product first, then restore',
          );
        return;
      }
      if (name === databaseName) database = await bufferOf(content);
      else if (name === secretsName) await writeFile(path.join(staging, secretsName), await bufferOf(content));
      else if (name.startsWith(`${filesDir}/`)) {
        const target = safeJoin(staging, name);
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(Readable.from(content), createWriteStream(target));
      } else content.resume();
    });
    if (!manifest) throw new BackupError(`${file} is empty`);
    if (!database) throw new BackupError(`${file} holds no database`);
    // Loading the dump writes the data directory; closing it leaves a database ready to open.
    const pglite = await createPglite(path.join(staging, 'db'), new Blob([database]));
    await pglite.close();
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }

  const aside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  let keptAside: string | null = null;
  for (const part of ['db', filesDir, secretsName]) {
    const current = path.join(dataDir, part);
    if (existsSync(current)) {
      await mkdir(aside, { recursive: true });
      await rename(current, path.join(aside, part));
      keptAside = aside;
    }
    const restored = path.join(staging, part);
    if (existsSync(restored)) await rename(restored, current);
  }
  await rm(staging, { recursive: true, force: true });
  return { manifest: manifest as BackupManifest, keptAside };
}
