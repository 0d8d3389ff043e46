import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ChunkQuery, ChunkState, MergedFile, MergeInput } from '@platform/shared';
import { FILE_MAX_CHUNKED_BYTES } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { FileStorage } from '../../core/file-storage.ts';
import { annexExtensions, contentMatches, extensionOf } from '../../core/file-types.ts';
import { newId } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import { FileRepository } from './file.repository.ts';
import { checkOriginalName } from './file.service.ts';

/** Chunks of an upload nobody has touched for this long are removed by the sweep job. */
export const abandonedAfterMs = 24 * 3600_000;

const chunkFolder = (md5: string) => `chunks/${md5}`;
const mergedKey = (md5: string) => `merged/${md5}`;

/** The number of chunks simple-uploader makes: the last one takes the rest (up to twice the size). */
export const chunkCount = (totalSize: number, chunkSize: number) => Math.max(1, Math.floor(totalSize / chunkSize));

/**
 * Chunked upload (admin.md 2.7, 3.11; protocol-admin.md 5): chunks are kept on disk under
 * `chunks/{md5}/{number}`, so the test call answers what is held also after a restart; merge
 * joins them, checks the MD5 and keeps the content once under `merged/{md5}`, which makes a second
 * upload of the same content instant.
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
  async state(q: ChunkQuery): Promise<ChunkState> {
    const md5 = q.identifier.toLowerCase();
    if (q.totalSize > FILE_MAX_CHUNKED_BYTES) throw new BusinessError('file.tooLarge', { size: 4096 });
    FileChunkService.checkExtension(q.extension, q.filename);
    if (await this.storage.stat(mergedKey(md5))) return { uploaded: true, merge: true, chunkNumbers: [] };
    const total = chunkCount(q.totalSize, q.chunkSize);
    const held: number[] = [];
    for (const entry of await this.storage.list(chunkFolder(md5))) {
      if (!/^\d+$/.test(entry.name)) continue;
      const number = Number(entry.name);
      if (number < 1 || number > total) continue;
      const expected = number < total ? q.chunkSize : q.totalSize - (total - 1) * q.chunkSize;
      if (entry.size === expected) held.push(number);
    }
    held.sort((a, b) => a - b);
    return { uploaded: false, merge: held.length === total, chunkNumbers: held };
  }

  /** Keeps one chunk (written whole or not at all), then answers the state. */
  async putChunk(q: ChunkQuery, data: NodeJS.ReadableStream): Promise<ChunkState> {
    const md5 = q.identifier.toLowerCase();
    FileChunkService.checkExtension(q.extension, q.filename);
    if (q.totalSize > FILE_MAX_CHUNKED_BYTES) throw new BusinessError('file.tooLarge', { size: 4096 });
    const expected = FileChunkService.expectedSize(q);
    if (await this.storage.stat(mergedKey(md5))) {
      // Already held whole: drain what was sent.
      for await (const _ of data as AsyncIterable<Buffer>) {
      }
      return { uploaded: true, merge: true, chunkNumbers: [] };
    }
    const key = `${chunkFolder(md5)}/${q.chunkNumber}`;
    const size = await this.storage.write(key, data as Readable, { maxBytes: expected });
    if (size !== expected) {
      await this.storage.remove(key);
      throw new BusinessError('file.chunkRefused');
    }
    return this.state(q);
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
    const work = this.join(md5, fileSize, extension);
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
  private async join(md5: string, fileSize: number, extension: string) {
    const existing = await this.storage.stat(mergedKey(md5));
    if (existing) {
      if (existing.size !== fileSize) throw new BusinessError('file.md5Mismatch');
      return;
    }
    const chunks = (await this.storage.list(chunkFolder(md5)))
      .filter((c) => /^\d+$/.test(c.name))
      .sort((a, b) => Number(a.name) - Number(b.name));
    const contiguous = chunks.every((c, i) => Number(c.name) === i + 1);
    const total = chunks.reduce((sum, c) => sum + c.size, 0);
    if (chunks.length === 0 || !contiguous || total !== fileSize) throw new BusinessError('file.chunksMissing');
    const first = await this.storage.read(`${chunkFolder(md5)}/1`);
    if (!first) throw new BusinessError('file.chunksMissing');
    let head = Buffer.alloc(0);
    for await (const part of first.stream as AsyncIterable<Buffer>) {
      head = Buffer.concat([head, part]);
      if (head.length >= 4096) break;
    }
    first.stream.destroy();
    if (!contentMatches(extension, head.subarray(0, 4096))) {
      await this.storage.remove(chunkFolder(md5));
      throw new BusinessError('file.contentMismatch');
    }
    const hash = createHash('md5');
    const storage = this.storage;
    async function* joined() {
      for (const chunk of chunks) {
        const found = await storage.read(`${chunkFolder(md5)}/${chunk.name}`);
        if (!found) throw new BusinessError('file.chunksMissing');
        for await (const part of found.stream as AsyncIterable<Buffer>) {
          hash.update(part);
          yield part;
        }
      }
    }
    const temporary = `merging/${md5}-${randomBytes(6).toString('hex')}`;
    await this.storage.write(temporary, Readable.from(joined()));
    if (hash.digest('hex') !== md5) {
      await this.storage.remove(temporary);
      await this.storage.remove(chunkFolder(md5));
      throw new BusinessError('file.md5Mismatch');
    }
    await this.storage.move(temporary, mergedKey(md5));
    await this.storage.remove(chunkFolder(md5));
  }

  /** Removes chunks of uploads untouched for `abandonedAfterMs`, stale merge leftovers and expired links. */
  async sweep(now = Date.now()) {
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
    const links = await this.repo.dropExpiredLinks(new Date(now));
    return { removed, links };
  }
}
