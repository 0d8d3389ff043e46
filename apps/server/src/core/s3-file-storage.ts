import { pipeline, Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError, type S3StorageConfig } from '../config.ts';
import { BusinessError } from './errors.ts';
import { type FileStorage, isSafeKey, isSafeSegment, limit, type StoredObject, tooLarge } from './file-storage.ts';

/**
 * Parts of a multipart upload. S3 needs at least 5 MiB per part (the last excepted); each write
 * holds at most `queueSize` parts in memory, whatever the object's size.
 */
const partBytes = 5 * 1024 * 1024;
const queueSize = 2;
/** CopyObject copies up to 5 GiB in one call; a bigger object is streamed through the server. */
const copyMaxBytes = 5 * 1024 ** 3;
/**
 * `writeAt` keeps each piece as its own object under `{key}~/{offset}` (`~` is not a key character,
 * so no key can meet them): S3 has no writes into the middle of an object, and a piece must be
 * readable as soon as it is written (the running MD5 of a chunked upload reads it back). Reads join
 * the pieces; `move` makes them one object.
 */
const piecesMark = '~';
const offsetDigits = 15;

interface Piece {
  objectKey: string;
  offset: number;
  size: number;
  modified: number;
}

const endOf = (pieces: Piece[]) => Math.max(...pieces.map((p) => p.offset + p.size));
const newestOf = (pieces: Piece[]) => Math.max(...pieces.map((p) => p.modified));

function isNotFound(error: unknown) {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure?.name === 'NotFound' || failure?.name === 'NoSuchKey' || failure?.$metadata?.httpStatusCode === 404;
}

/** Zero bytes for a gap between pieces, as a sparse local file reads. */
function* zeros(bytes: number) {
  for (let left = bytes; left > 0; left -= partBytes) yield Buffer.alloc(Math.min(left, partBytes));
}

/**
 * Objects in one bucket of an S3-compatible store: what lets several instances share uploads
 * without a shared disk. Streams both ways; a write is one PUT or a multipart upload, completed only
 * when whole (so all or nothing) and aborted on failure.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly endpoint: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.endpoint = config.endpoint ?? `AWS S3 (${config.region})`;
    this.prefix = config.prefix;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: stores other than AWS (and older SDK-era servers)
      // refuse the newer streaming-checksum encoding the SDK would otherwise send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Fails with a message an operator can act on when the bucket cannot be reached. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const reason = isNotFound(error) ? 'does not exist' : `cannot be reached (${(error as Error).name})`;
      throw new ConfigError(
        `S3_BUCKET ${this.bucket} ${reason} at ${this.endpoint}: create it, or check S3_ENDPOINT and the keys`,
      );
    }
  }

  close() {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new BusinessError('file.badName');
    return `${this.prefix}${key}`;
  }

  async write(key: string, source: Readable | Buffer, options: { maxBytes?: number } = {}) {
    const objectKey = this.objectKey(key);
    const maxBytes = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
    if (Buffer.isBuffer(source)) {
      if (source.length > maxBytes) throw tooLarge(maxBytes);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: source }));
      return source.length;
    }
    return this.upload(objectKey, source, maxBytes);
  }

  /** Streams `source` into one object, at most `maxBytes`; answers the size. */
  private async upload(objectKey: string, source: Readable, maxBytes = Number.MAX_SAFE_INTEGER) {
    const counted = { bytes: 0 };
    // pipeline, not pipe: a failing source fails the upload instead of leaving it waiting.
    const body = pipeline(source, limit(maxBytes, counted), () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: objectKey, Body: body },
      partSize: partBytes,
      queueSize,
      leavePartsOnError: false,
    });
    await upload.done();
    return counted.bytes;
  }

  async writeAt(key: string, offset: number, source: Readable, options: { maxBytes?: number } = {}) {
    const pieceKey = `${this.objectKey(key)}${piecesMark}/${String(offset).padStart(offsetDigits, '0')}`;
    return this.upload(pieceKey, source, options.maxBytes);
  }

  /** Every object under `prefix` (no delimiter: the whole tree), or its direct children with one. */
  private async *listed(prefix: string, delimiter?: string): AsyncGenerator<ListObjectsV2CommandOutput> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ...(delimiter ? { Delimiter: delimiter } : {}),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async pieces(objectKey: string): Promise<Piece[]> {
    const found: Piece[] = [];
    const prefix = `${objectKey}${piecesMark}/`;
    for await (const page of this.listed(prefix)) {
      for (const item of page.Contents ?? []) {
        const name = item.Key?.slice(prefix.length) ?? '';
        if (!/^\d+$/.test(name)) continue;
        found.push({
          objectKey: item.Key as string,
          offset: Number(name),
          size: item.Size ?? 0,
          modified: item.LastModified?.getTime() ?? 0,
        });
      }
    }
    return found.sort((a, b) => a.offset - b.offset);
  }

  private async head(objectKey: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** The bytes `start` to `end` of one object, or null when it is gone. */
  private async range(objectKey: string, start: number, end: number): Promise<Readable | null> {
    try {
      const got = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: objectKey, Range: `bytes=${start}-${end - 1}` }),
      );
      return got.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** The pieces as one stream from `start` to `end`, each opened only when reached. */
  private async *joined(pieces: Piece[], start: number, end: number): AsyncGenerator<Buffer> {
    let at = start;
    for (const piece of pieces) {
      const pieceEnd = Math.min(piece.offset + piece.size, end);
      if (pieceEnd <= at) continue;
      if (piece.offset >= end) break;
      if (piece.offset > at) {
        yield* zeros(piece.offset - at);
        at = piece.offset;
      }
      const stream = await this.range(piece.objectKey, at - piece.offset, pieceEnd - piece.offset);
      if (!stream) throw new Error(`a piece of ${piece.objectKey} vanished while it was read`);
      for await (const part of stream as AsyncIterable<Buffer>) yield part;
      at = pieceEnd;
    }
    yield* zeros(end - at);
  }

  async read(key: string, range?: { start: number; end: number }) {
    const objectKey = this.objectKey(key);
    const whole = await this.head(objectKey);
    const pieces = whole ? [] : await this.pieces(objectKey);
    if (!whole && pieces.length === 0) return null;
    const size = whole ? whole.size : endOf(pieces);
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? size, size);
    if (end <= start) return { stream: Readable.from([]), size };
    if (!whole) return { stream: Readable.from(this.joined(pieces, start, end)), size };
    const stream = await this.range(objectKey, start, end);
    return stream ? { stream, size } : null;
  }

  /** An object store's writes are durable once answered. */
  async persist(key: string) {
    this.objectKey(key);
  }

  async stat(key: string) {
    const objectKey = this.objectKey(key);
    const whole = await this.head(objectKey);
    if (whole) return whole;
    const pieces = await this.pieces(objectKey);
    if (pieces.length > 0) return { size: endOf(pieces), modified: newestOf(pieces) };
    // A folder: anything under it.
    const inside = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${objectKey}/`, MaxKeys: 1 }),
    );
    const first = inside.Contents?.[0];
    return first ? { size: 0, modified: first.LastModified?.getTime() ?? 0 } : null;
  }

  localPath(): string | null {
    return null;
  }

  /**
   * The direct children of a folder: objects with their size and time, folders with size 0 and
   * time 0 (an object store keeps no folders, only names), an object kept in pieces as one child.
   */
  async list(prefix: string) {
    const folder = `${this.objectKey(prefix)}/`;
    const found = new Map<string, StoredObject & { name: string }>();
    for await (const page of this.listed(folder, '/')) {
      for (const item of page.Contents ?? []) {
        const name = (item.Key ?? '').slice(folder.length);
        if (isSafeSegment(name))
          found.set(name, { name, size: item.Size ?? 0, modified: item.LastModified?.getTime() ?? 0 });
      }
      for (const common of page.CommonPrefixes ?? []) {
        const name = (common.Prefix ?? '').slice(folder.length, -1);
        if (isSafeSegment(name) && !found.has(name)) found.set(name, { name, size: 0, modified: 0 });
        const pieced = name.endsWith(piecesMark) ? name.slice(0, -piecesMark.length) : null;
        if (pieced && isSafeSegment(pieced) && !found.has(pieced)) {
          const pieces = await this.pieces(`${folder}${pieced}`);
          if (pieces.length > 0) found.set(pieced, { name: pieced, size: endOf(pieces), modified: newestOf(pieces) });
        }
      }
    }
    return [...found.values()];
  }

  async names(prefix: string) {
    const folder = `${this.objectKey(prefix)}/`;
    const found = new Set<string>();
    for await (const page of this.listed(folder, '/')) {
      for (const item of page.Contents ?? []) found.add((item.Key ?? '').slice(folder.length));
      for (const common of page.CommonPrefixes ?? []) {
        const name = (common.Prefix ?? '').slice(folder.length, -1);
        found.add(name.endsWith(piecesMark) ? name.slice(0, -piecesMark.length) : name);
      }
    }
    return [...found].filter(isSafeSegment);
  }

  /**
   * Copy and delete (S3 has no rename): one server-side copy for a whole object, a streamed upload
   * for one kept in pieces (S3's UploadPartCopy would spare the bytes the trip, but it needs every
   * piece but the last to be 5 MiB or more, and the test server lacks it).
   */
  async move(from: string, to: string) {
    const source = this.objectKey(from);
    const target = this.objectKey(to);
    const whole = await this.head(source);
    if (whole && whole.size <= copyMaxBytes) {
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: target, CopySource: `${this.bucket}/${source}` }),
      );
    } else {
      const found = await this.read(from);
      if (!found) throw new Error(`nothing is stored under ${from}`);
      await this.upload(target, found.stream);
    }
    await this.remove(from);
  }

  async remove(key: string) {
    const objectKey = this.objectKey(key);
    const doomed: { Key: string }[] = [];
    for await (const page of this.listed(objectKey)) {
      for (const item of page.Contents ?? []) {
        const name = item.Key ?? '';
        const rest = name.slice(objectKey.length);
        if (rest === '' || rest.startsWith('/') || rest.startsWith(`${piecesMark}/`)) doomed.push({ Key: name });
      }
    }
    // DeleteObjects takes at most 1000 keys a call.
    for (let at = 0; at < doomed.length; at += 1000) {
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: doomed.slice(at, at + 1000), Quiet: true },
        }),
      );
      const failed = answer.Errors?.[0];
      if (failed) throw new Error(`the object store kept ${failed.Key}: ${failed.Code} ${failed.Message}`);
    }
  }
}
