import { createHash, randomBytes } from 'node:crypto';
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

/** Chunks of an upload nobody has touched for this long are removed by the sweep job. */
export const abandonedAfterMs = 24 * 3600_000;

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
 * restart; merge joins them, checks the MD5 and keeps the content once under `merged/{md5}`. A
 * second upload of content the same person stored before is instant; anyone else sends the bytes
 * (proof that they have them: an MD5 alone must not open someone else's file), which are checked
 * and then dropped in favour of the copy already kept.
 */
export class FileChunkService {
  private readonly repo: FileRepository;
  /** Merges under way in this instance, by content hash: a repeated merge waits for the first. */
  private readonly merging = new Map<string, Promise<unknown>>();

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
    const offset = (q.chunkNumber - 1) * q.chunkSize;
    const size = await this.storage.writeAt(dataKey(folder), offset, data as Readable, { maxBytes: expected });
    if (size !== expected) throw new BusinessError('file.chunkRefused');
    await this.storage.write(`${folder}/${q.chunkNumber}`, Buffer.alloc(0));
    // Checked as instant above, before the bytes: only the held chunks can have changed.
    return this.held(md5, q, userId);
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
    for (const entry of await this.storage.list('chunks')) {
      const match = /^([0-9a-f]{32})\.(\d+)\.([A-Za-z0-9_-]+)$/.exec(entry.name);
      if (match?.[1] !== md5 || match[3] !== userId) continue;
      const total = chunkCount(fileSize, Number(match[2]));
      const held = new Set(await this.storage.names(`chunks/${entry.name}`));
      const data = await this.storage.stat(dataKey(`chunks/${entry.name}`));
      if (data?.size === fileSize && Array.from({ length: total }, (_, i) => String(i + 1)).every((n) => held.has(n))) {
        folder = `chunks/${entry.name}`;
        break;
      }
    }
    const found = folder ? await this.storage.read(dataKey(folder)) : null;
    if (!folder || !found) throw new BusinessError('file.chunksMissing');
    // Read once: the head is checked against the extension, the whole is hashed. The one fsync of
    // the upload runs meanwhile (the chunks were not synced each), so the kept file is durable
    // before the record that points at it is written.
    const hash = createHash('md5');
    let head = Buffer.alloc(0);
    const hashing = async () => {
      for await (const part of found.stream as AsyncIterable<Buffer>) {
        if (head.length < 4096) head = Buffer.concat([head, part.subarray(0, 4096 - head.length)]);
        hash.update(part);
      }
    };
    await Promise.all([hashing(), existing ? undefined : this.storage.persist(dataKey(folder))]);
    if (!contentMatches(extension, head)) {
      await this.storage.remove(folder);
      throw new BusinessError('file.contentMismatch');
    }
    if (hash.digest('hex') !== md5) {
      await this.storage.remove(folder);
      throw new BusinessError('file.md5Mismatch');
    }
    // Someone else's copy of the same bytes is already kept: this one was proof, not a second copy.
    if (!existing) await this.storage.move(dataKey(folder), mergedKey(md5));
    await this.storage.remove(folder);
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
        await this.storage.remove(`chunks/${folder.name}`);
        removed++;
      }
    }
    for (const leftover of await this.storage.list('merging')) {
      if (now - leftover.modified > 3600_000) await this.storage.remove(`merging/${leftover.name}`);
    }
    const links = await repo.dropExpiredLinks(new Date(now));
    return { removed, links };
  }
}
