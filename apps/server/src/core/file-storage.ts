import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { BusinessError } from './errors.ts';

export interface StoredObject {
  size: number;
  /** Last write, epoch ms. */
  modified: number;
}

/**
 * Where uploaded bytes live. Keys are slash-separated segments of letters, digits, `_`, `-` and
 * `.` (never starting with a dot), made by the server: a user string never becomes a key. Two
 * implementations: the local disk store below, and an S3-compatible object store
 * (`s3-file-storage.ts`), chosen by FILE_STORAGE (docs/architecture.md, "Files").
 */
export interface FileStorage {
  /** Writes the bytes under `key`, all or nothing (a reader never sees half a file); answers the size. */
  write(key: string, source: Readable | Buffer, options?: { maxBytes?: number }): Promise<number>;
  /**
   * Writes bytes at `offset` of the object under `key`, creating it when missing, leaving the rest
   * as it is: the parts of a chunked upload land where they belong, so joining them costs no copy
   * (an S3 store writes each as a part of a multipart upload). Not atomic: the caller records a
   * part as held only once this has answered. Answers the bytes written.
   */
  writeAt(key: string, offset: number, source: Readable, options?: { maxBytes?: number }): Promise<number>;
  /**
   * The bytes under `key`, or null when there are none; with `range`, only the bytes from `start`
   * up to (not including) `end` (`size` is still the whole object's).
   */
  read(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | null>;
  /**
   * Makes the bytes under `key` durable (on the local disk: fsync), so that what a caller records
   * as kept survives a power loss. Writes do not do it each: a chunked upload syncs its one file
   * once, at merge, instead of every chunk (an object store's writes are durable when answered).
   */
  persist(key: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /**
   * Where the bytes under `key` lie on this machine's disk, for a reader that reads them itself (the
   * MD5 thread of a chunked upload); null for a store whose objects are not local files (then it
   * reads through `read`).
   */
  localPath(key: string): string | null;
  /** The direct children of a folder key, with their size and time (folders have size 0). */
  list(prefix: string): Promise<(StoredObject & { name: string })[]>;
  /**
   * The names of a folder key's direct children, nothing else: what a chunked upload asks after
   * every chunk, where a size and time per child would cost one stat each, for every chunk again.
   */
  names(prefix: string): Promise<string[]>;
  /** Renames within the store, replacing what is at `to`; durable once answered. */
  move(from: string, to: string): Promise<void>;
  /** Removes one object or a whole folder; nothing there is no error. */
  remove(key: string): Promise<void>;
  /** Lets go of connections (the app is closing). */
  close?(): void;
}

/** The store FILE_STORAGE chose; an object store is checked to be reachable before the server starts. */
export async function openFileStorage(config: Config): Promise<FileStorage> {
  const chosen = config.fileStorage ?? { kind: 'local' };
  if (chosen.kind === 'local') return new LocalFileStorage(path.join(config.dataDir, 'files'));
  // Loaded only when chosen: the SDK would otherwise add to every start for nothing.
  const { S3FileStorage } = await import('./s3-file-storage.ts');
  const storage = new S3FileStorage(chosen);
  await storage.check();
  return storage;
}

const segment = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;

/** True for one segment of a key: what a listing may answer as a child's name. */
export const isSafeSegment = (name: string) => segment.test(name);

/** True for a key the stores accept; anything with `..`, an absolute path or a backslash is not one. */
export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length > 0 && parts.length <= 8 && parts.every((part) => segment.test(part));
}

/** The refusal of more than `maxBytes`, in whole MiB. */
export const tooLarge = (maxBytes: number) =>
  new BusinessError('file.tooLarge', { size: Math.floor(maxBytes / 1048576) });

/** A stream that fails once more than `maxBytes` went through it. */
export function limit(maxBytes: number, counted: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) done(tooLarge(maxBytes));
      else done(null, chunk);
    },
  });
}

/** How much `writeAt` gathers per write. */
const writeBatchBytes = 1024 * 1024;
/** The pieces a read streams in: 1 MiB, not the default 64 KiB, costs a sixteenth of the calls per byte. */
const readPieceBytes = 1024 * 1024;

/** Writes all of `buffers` at `position`; writev may write less than asked. */
async function writeAll(handle: FileHandle, buffers: Buffer[], position: number) {
  let rest = buffers;
  let at = position;
  while (rest.length > 0) {
    const { bytesWritten } = await handle.writev(rest, at);
    at += bytesWritten;
    let skipped = bytesWritten;
    const left: Buffer[] = [];
    for (const buffer of rest) {
      if (skipped >= buffer.length) skipped -= buffer.length;
      else {
        left.push(skipped > 0 ? buffer.subarray(skipped) : buffer);
        skipped = 0;
      }
    }
    rest = left;
  }
}

/** Files under one directory on the local disk (`DATA_DIR/files`). */
export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  /** The absolute path of a key, checked twice: by the key's shape and by where it resolves. */
  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new BusinessError('file.badName');
    const root = path.resolve(this.root);
    const full = path.resolve(root, ...key.split('/'));
    const relative = path.relative(root, full);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) throw new BusinessError('file.badName');
    return full;
  }

  async write(key: string, source: Readable | Buffer, options: { maxBytes?: number } = {}) {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    const counted = { bytes: 0 };
    const maxBytes = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
    try {
      // Bytes already in memory (a chunk's marker, 205 per GiB) go in one call, without a stream.
      if (Buffer.isBuffer(source)) {
        if (source.length > maxBytes) throw tooLarge(maxBytes);
        await writeFile(temporary, source);
        counted.bytes = source.length;
      } else await pipeline(source, limit(maxBytes, counted), createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return counted.bytes;
  }

  async writeAt(key: string, offset: number, source: Readable, options: { maxBytes?: number } = {}) {
    const target = this.pathOf(key);
    const maxBytes = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
    await mkdir(path.dirname(target), { recursive: true });
    const handle = await open(target, constants.O_WRONLY | constants.O_CREAT);
    // The network's small pieces are gathered and written with one positioned writev per
    // `writeBatchBytes`, while the next pieces keep arriving: a write per 64 KiB piece cost a
    // thread-pool round trip each (16,000 per GiB). One write in flight at a time.
    let position = offset;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let inFlight: Promise<void> = Promise.resolve();
    let failure: unknown = null;
    const flush = () => {
      const buffers = pending;
      const at = position;
      position += pendingBytes;
      pending = [];
      pendingBytes = 0;
      inFlight = writeAll(handle, buffers, at).catch((error: unknown) => {
        failure = error;
      });
    };
    try {
      for await (const piece of source as AsyncIterable<Buffer>) {
        if (position - offset + pendingBytes + piece.length > maxBytes) throw tooLarge(maxBytes);
        pending.push(piece);
        pendingBytes += piece.length;
        if (pendingBytes >= writeBatchBytes) {
          await inFlight;
          if (failure) throw failure;
          flush();
        }
      }
      await inFlight;
      if (failure) throw failure;
      if (pendingBytes > 0) flush();
      await inFlight;
      if (failure) throw failure;
    } finally {
      await inFlight;
      await handle.close();
    }
    return position - offset;
  }

  async persist(key: string) {
    const handle = await open(this.pathOf(key), 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async read(key: string, range?: { start: number; end: number }) {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const start = range?.start ?? 0;
    const end = range?.end ?? info.size;
    if (end <= start) return { stream: Readable.from([]), size: info.size };
    // Bounded also without a range: a stream without an end reads `readPieceBytes` at a time whatever
    // the size, so a chunk's 12-byte marker (a merge reads 205 a GiB) cost two 1 MiB buffers.
    // createReadStream's `end` is inclusive.
    return { stream: createReadStream(file, { highWaterMark: readPieceBytes, start, end: end - 1 }), size: info.size };
  }

  localPath(key: string): string | null {
    return this.pathOf(key);
  }

  async stat(key: string) {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info ? { size: info.isFile() ? info.size : 0, modified: info.mtimeMs } : null;
  }

  async list(prefix: string) {
    const dir = this.pathOf(prefix);
    const names = await readdir(dir).catch(() => [] as string[]);
    const found: (StoredObject & { name: string })[] = [];
    for (const name of names) {
      if (!segment.test(name) || name.endsWith('.part')) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info) found.push({ name, size: info.isFile() ? info.size : 0, modified: info.mtimeMs });
    }
    return found;
  }

  async names(prefix: string) {
    const names = await readdir(this.pathOf(prefix)).catch(() => [] as string[]);
    return names.filter((name) => segment.test(name) && !name.endsWith('.part'));
  }

  async move(from: string, to: string) {
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.pathOf(from), target);
    // A rename is durable once its directory is synced.
    const directory = await open(path.dirname(target), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { recursive: true, force: true });
  }
}
