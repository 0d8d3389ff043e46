import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ChunkQuery, ChunkState, MergedFile, MergeInput } from '@platform/shared';
import { chunkCount, FILE_MAX_CHUNKED_BYTES } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { FileStorage } from '../../core/file-storage.ts';
import { annexExtensions, contentMatches, extensionOf } from '../../core/file-types.ts';
import { newId } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import { FileRepository } from './file.repository.ts';
import { checkOriginalName } from './file.service.ts';
import { Md5Thread, UploadHasher } from './upload-hasher.ts';

/** Chunks of an upload nobody has touched for this long are removed by the sweep job. */
export const abandonedAfterMs = 24 * 3600_000;
/** Uploads hashed as their chunks arrive, at most; a further one is hashed at merge. */
const runningHashesMax = 32;
/** A running hash untouched for this long is dropped by the sweep (its upload hashes at merge). */
const runningHashIdleMs = 3600_000;

/**
 * One person's upload folder: its data file and a marker per chunk held; the chunk size decides the
 * offsets. Per person, so that knowing a file's MD5 is not enough to complete someone else's upload.
 */
const chunkFolder = (md5: string, chunkSize: number, userId: string) => `chunks/${md5}.${chunkSize}.${userId}`;
const dataKey = (folder: string) => `${folder}/data`;
const mergedKey = (md5: string) => `merged/${md5}`;

/**
 * Chunked upload (admin.md 2.7, 3.11; protocol-admin.md 5): chunks are kept on disk under
 * `chunks/{md5}.{chunkSize}.{userId}/{number}`, so the test call answers what is held also after a
 * restart; merge joins them, checks the MD5 (taken while the chunks land: `UploadHasher`) and keeps
 * the content once under `merged/{md5}`. A second upload of content the same person stored before
 * is instant; anyone else sends the bytes (proof that they have them: an MD5 alone must not open
 * someone else's file), which are checked and then dropped in favour of the copy already kept.
 */
export class FileChunkService {
  private readonly repo: FileRepository;
  /** Merges under way in this instance, by content hash: a repeated merge waits for the first. */
  private readonly merging = new Map<string, Promise<unknown>>();
  /** Chunk writes under way in this instance, by upload folder: a merge does not join under them. */
  private readonly writing = new Map<string, number>();
  /** The MD5 of each upload taken as its chunks arrive, by upload folder. */
  private readonly hashers = new Map<string, UploadHasher>();
  private readonly md5Thread = new Md5Thread();

  constructor(
    db: Db,
    private readonly storage: FileStorage,
  ) {
    this.repo = new FileRepository(db);
  }

  private static expectedSize(q: ChunkQuery) {
    const total = chunkCount(q.totalSize, q.chunkSize);
    if (q.totalChunks !== total || q.chunkNumber > total) throw new BusinessError('file.chunkRefused');
    return q.chunkNumber < total ? q.chunkSize : q.totalSize - (total - 1) * q.chunkSize;
  }

  private static checkExtension(extension: string | undefined, filename: string | undefined) {
    const ext = (extension || extensionOf(filename ?? '')).toLowerCase();
    if (!annexExtensions.includes(ext)) throw new BusinessError('file.typeRefused', { extension: ext });
    return ext;
  }

  /** The test call and the answer of each chunk. */
  async state(q: ChunkQuery, userId: string): Promise<ChunkState> {
    const md5 = q.identifier.toLowerCase();
    if (q.totalSize > FILE_MAX_CHUNKED_BYTES) throw new BusinessError('file.tooLarge', { size: 4096 });
    FileChunkService.checkExtension(q.extension, q.filename);
    if (await this.instant(md5, userId)) return { uploaded: true, merge: true, chunkNumbers: [] };
    this.md5Thread.start();
    return this.held(md5, q, userId);
  }

  /** Which chunks of this person's upload are on disk (the markers' names: no stat per chunk). */
  private async held(md5: string, q: ChunkQuery, userId: string): Promise<ChunkState> {
    const total = chunkCount(q.totalSize, q.chunkSize);
    const held = (await this.storage.names(chunkFolder(md5, q.chunkSize, userId)))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((number) => number >= 1 && number <= total)
      .sort((a, b) => a - b);
    return { uploaded: false, merge: held.length === total, chunkNumbers: held };
  }

  /** Writes one chunk at its place in the upload's data file, then marks it held; answers the state. */
  async putChunk(q: ChunkQuery, userId: string, data: NodeJS.ReadableStream): Promise<ChunkState> {
    const md5 = q.identifier.toLowerCase();
    FileChunkService.checkExtension(q.extension, q.filename);
    if (q.totalSize > FILE_MAX_CHUNKED_BYTES) throw new BusinessError('file.tooLarge', { size: 4096 });
    const expected = FileChunkService.expectedSize(q);
    if (await this.instant(md5, userId)) {
      // Already held whole: drain what was sent.
      for await (const _ of data as AsyncIterable<Buffer>) {
      }
      return { uploaded: true, merge: true, chunkNumbers: [] };
    }
    const folder = chunkFolder(md5, q.chunkSize, userId);
    const marker = `${folder}/${q.chunkNumber}`;
    const hasher = this.hasherFor(folder, q.chunkSize, q.totalSize);
    await hasher.ready;
    // The merge of this content is reading the data file: no byte may change under it.
    if (this.merging.has(md5)) throw new BusinessError('file.chunkRefused');
    hasher.begin(q.chunkNumber);
    this.writing.set(folder, (this.writing.get(folder) ?? 0) + 1);
    let token: string | null = null;
    try {
      // The marker changes before the first byte and again after the last (a new token, or gone when
      // the write failed), so a running hash anywhere can tell that these bytes changed.
      await this.storage.remove(marker);
      const offset = (q.chunkNumber - 1) * q.chunkSize;
      const size = await this.storage.writeAt(dataKey(folder), offset, data as Readable, { maxBytes: expected });
      if (size !== expected) throw new BusinessError('file.chunkRefused');
      const written = randomBytes(9).toString('base64url');
      await this.storage.write(marker, Buffer.from(written));
      token = written;
    } catch (error) {
      await this.storage.remove(marker).catch(() => undefined);
      throw error;
    } finally {
      const left = (this.writing.get(folder) ?? 1) - 1;
      if (left > 0) this.writing.set(folder, left);
      else this.writing.delete(folder);
      hasher.end(q.chunkNumber, token);
    }
    // Checked as instant above, before the bytes: only the held chunks can have changed.
    return this.held(md5, q, userId);
  }

  /**
   * The running hash of this upload, started with its first chunk here (again when the last one was
   * distrusted), from the state saved for it if there is one; past `runningHashesMax` the one
   * untouched longest is set aside.
   */
  private hasherFor(folder: string, chunkSize: number, totalSize: number): UploadHasher {
    const running = this.hashers.get(folder);
    if (running?.fits(chunkSize, totalSize)) return running;
    running?.drop();
    this.hashers.delete(folder);
    if (this.hashers.size >= runningHashesMax) {
      const [oldest] = [...this.hashers.entries()].sort((a, b) => a[1].touched - b[1].touched);
      if (oldest) {
        oldest[1].drop();
        this.hashers.delete(oldest[0]);
      }
    }
    const hasher = new UploadHasher(this.storage, this.md5Thread, dataKey(folder), folder, chunkSize, totalSize);
    this.hashers.set(folder, hasher);
    return hasher;
  }

  /** Bytes this process has hashed for uploads (what a merge after a restart did not read again). */
  get hashedBytes() {
    return this.md5Thread.hashedBytes;
  }

  /** Stops the MD5 thread (the app is closing). */
  async close() {
    for (const hasher of this.hashers.values()) hasher.drop();
    this.hashers.clear();
    await this.md5Thread.close();
  }

  /** The content is kept and this person stored it before: nothing needs sending. */
  private async instant(md5: string, userId: string): Promise<boolean> {
    return (await this.storage.stat(mergedKey(md5))) !== null && (await this.repo.heldBy(md5, userId));
  }

  /** Joins the chunks, checks the MD5, records the file; a repeated call answers the same record. */
  async merge(userId: string, input: MergeInput): Promise<MergedFile> {
    const md5 = input.identifier.toLowerCase();
    checkOriginalName(input.fileName);
    const extension = FileChunkService.checkExtension(input.extension, input.fileName);
    const type = input.type === 'annexpic' ? 'annexpic' : 'annex';
    for (;;) {
      const running = this.merging.get(md5);
      if (!running) break;
      await running.catch(() => undefined);
    }
    const fileSize = Number(input.fileSize);
    if (fileSize > FILE_MAX_CHUNKED_BYTES) throw new BusinessError('file.tooLarge', { size: 4096 });
    const work = this.join(md5, fileSize, extension, userId);
    this.merging.set(md5, work);
    try {
      await work;
    } finally {
      this.merging.delete(md5);
    }
    const earlier = await this.repo.sameUpload(md5, input.fileName, userId, type);
    const record = earlier ?? {
      id: newId(),
      name: `${randomBytes(16).toString('hex')}.${extension}`,
      type,
      storageKey: mergedKey(md5),
      originalName: input.fileName,
      extension,
      size: fileSize,
      md5,
      creatorUserId: userId,
    };
    if (!earlier) await this.repo.insert(record);
    return {
      name: record.name,
      fileSize: record.size,
      fileExtension: record.extension,
      fileVersionId: record.id,
      url: `/api/file/Download/${type}/${record.name}`,
    };
  }

  /** Makes sure `merged/{md5}` holds the content: already there (instant upload), or joined from the chunks. */
  private async join(md5: string, fileSize: number, extension: string, userId: string) {
    const existing = await this.storage.stat(mergedKey(md5));
    if (existing && (await this.repo.heldBy(md5, userId))) {
      if (existing.size !== fileSize) throw new BusinessError('file.md5Mismatch');
      return;
    }
    // The upload's folder whose chunks are all held (one per chunk size a client used).
    let folder: string | null = null;
    let chunkSize = 0;
    for (const entry of await this.storage.list('chunks')) {
      const match = /^([0-9a-f]{32})\.(\d+)\.([A-Za-z0-9_-]+)$/.exec(entry.name);
      if (match?.[1] !== md5 || match[3] !== userId) continue;
      const total = chunkCount(fileSize, Number(match[2]));
      const held = new Set(await this.storage.names(`chunks/${entry.name}`));
      const data = await this.storage.stat(dataKey(`chunks/${entry.name}`));
      if (data?.size === fileSize && Array.from({ length: total }, (_, i) => String(i + 1)).every((n) => held.has(n))) {
        folder = `chunks/${entry.name}`;
        chunkSize = Number(match[2]);
        break;
      }
    }
    if (!folder) throw new BusinessError('file.chunksMissing');
    // A chunk still being written here (a retry the client gave up on, another tab): its bytes are
    // not final, so neither is the MD5.
    if (this.writing.has(folder)) throw new BusinessError('file.chunksMissing');
    // After a restart this process has no running hash: one made now continues from the saved state.
    const running = this.hasherFor(folder, chunkSize, fileSize);
    this.hashers.delete(folder);
    const dataFile = dataKey(folder);
    // The MD5: what the running hash has not hashed yet (usually nothing), or the whole file when it
    // cannot be trusted. The one fsync of the upload runs
    // meanwhile (the chunks were not synced each), so the kept file is durable before the record
    // that points at it is written.
    const hashing = async () =>
      (await running.finish(fileSize)) ?? (await UploadHasher.whole(this.storage, this.md5Thread, dataFile, fileSize));
    const [hex, head] = await Promise.all([
      hashing(),
      this.headOf(dataFile),
      existing ? undefined : this.storage.persist(dataFile),
    ]);
    if (!contentMatches(extension, head)) {
      await this.storage.remove(folder);
      throw new BusinessError('file.contentMismatch');
    }
    if (hex !== md5) {
      await this.storage.remove(folder);
      throw new BusinessError('file.md5Mismatch');
    }
    // Someone else's copy of the same bytes is already kept: this one was proof, not a second copy.
    if (!existing) await this.storage.move(dataFile, mergedKey(md5));
    await this.storage.remove(folder);
  }

  /** The first 4 KiB of the data file, for the content check against the extension. */
  private async headOf(key: string): Promise<Buffer> {
    const found = await this.storage.read(key, { start: 0, end: 4096 });
    const parts: Buffer[] = [];
    for await (const part of (found?.stream ?? []) as AsyncIterable<Buffer>) parts.push(part);
    return Buffer.concat(parts);
  }

  /** Removes chunks of uploads untouched for `abandonedAfterMs`, stale merge leftovers and expired links. */
  /**
   * `repo` is the caller's: the sweep job runs inside the job's transaction, and on the embedded
   * database a second connection would wait for that transaction's one for ever.
   */
  async sweep(now = Date.now(), repo = this.repo) {
    let removed = 0;
    for (const folder of await this.storage.list('chunks')) {
      const chunks = await this.storage.list(`chunks/${folder.name}`);
      const newest = Math.max(folder.modified, ...chunks.map((c) => c.modified));
      if (now - newest > abandonedAfterMs) {
        this.hashers.get(`chunks/${folder.name}`)?.drop();
        this.hashers.delete(`chunks/${folder.name}`);
        await this.storage.remove(`chunks/${folder.name}`);
        removed++;
      }
    }
    for (const [folder, hasher] of this.hashers) {
      if (now - hasher.touched > runningHashIdleMs) {
        hasher.drop();
        this.hashers.delete(folder);
      }
    }
    for (const leftover of await this.storage.list('merging')) {
      if (now - leftover.modified > 3600_000) await this.storage.remove(`merging/${leftover.name}`);
    }
    const links = await repo.dropExpiredLinks(new Date(now));
    return { removed, links };
  }
}
