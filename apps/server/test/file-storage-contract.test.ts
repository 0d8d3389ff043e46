import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type FileStorage, LocalFileStorage } from '../src/core/file-storage.ts';
import { S3FileStorage } from '../src/core/s3-file-storage.ts';
import { startObjectStore, type TestObjectStore } from './helpers/object-store.ts';

/**
 * The one contract of `FileStorage`, run against each implementation: what the file service, the
 * chunked upload and the downloads rely on, whichever store FILE_STORAGE chose.
 */

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

async function readAll(storage: FileStorage, key: string, range?: { start: number; end: number }) {
  const found = await storage.read(key, range);
  return found ? { bytes: await bytesOf(found.stream), size: found.size } : null;
}

/** `data` as a network delivers it: in pieces of 64 KiB. */
function arriving(data: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += 65536) yield data.subarray(at, at + 65536);
    })(),
  );
}

/** A stream that sends `before` bytes and then fails, as a dropped connection does. */
function failingAfter(before: number): Readable {
  return Readable.from(
    (async function* () {
      yield randomBytes(before);
      throw new Error('connection reset');
    })(),
  );
}

interface StoreUnderTest {
  open(): Promise<FileStorage>;
  close(): Promise<void>;
}

function diskStore(): StoreUnderTest {
  const dirs: string[] = [];
  return {
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'platform-store-'));
      dirs.push(dir);
      return new LocalFileStorage(dir);
    },
    async close() {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One s3rver for the file; each test gets its own key prefix in the bucket. */
function objectStore(): StoreUnderTest {
  let server: TestObjectStore | null = null;
  const opened: S3FileStorage[] = [];
  return {
    async open() {
      server ??= await startObjectStore();
      const storage = new S3FileStorage({ ...server.storage, prefix: `t${opened.length}/` });
      opened.push(storage);
      return storage;
    },
    async close() {
      for (const storage of opened) storage.close();
      await server?.close();
    },
  };
}

describe.each([
  ['the local disk', diskStore],
  ['an S3-compatible server', objectStore],
])('file storage contract: %s', (_name, make) => {
  const store = make();
  let storage: FileStorage;
  beforeAll(async () => {
    await store.open();
  });
  beforeEach(async () => {
    storage = await store.open();
  });
  afterAll(() => store.close());

  test('what is written is read back whole, from a stream or from memory, with its size and time', async () => {
    const before = Date.now();
    const data = randomBytes(200_000);
    expect(await storage.write('annex/a.bin', arriving(data))).toBe(data.length);
    expect(await storage.write('annex/b.txt', Buffer.from('hello'))).toBe(5);
    expect(await readAll(storage, 'annex/a.bin')).toEqual({ bytes: data, size: data.length });
    expect((await readAll(storage, 'annex/b.txt'))?.bytes.toString()).toBe('hello');
    const info = await storage.stat('annex/a.bin');
    expect(info?.size).toBe(data.length);
    // Object stores keep times to the second.
    expect(info?.modified).toBeGreaterThanOrEqual(before - 2000);
    expect(info?.modified).toBeLessThanOrEqual(Date.now() + 2000);
    await expect(storage.persist('annex/a.bin')).resolves.toBeUndefined();
  });

  test('an object bigger than one part of a multipart upload arrives whole', async () => {
    const data = randomBytes(12 * 1024 * 1024 + 17);
    expect(await storage.write('merged/big', arriving(data))).toBe(data.length);
    const back = await readAll(storage, 'merged/big');
    expect(back?.size).toBe(data.length);
    expect(md5(back?.bytes ?? Buffer.alloc(0))).toBe(md5(data));
  });

  test('nothing there reads, stats and lists as nothing; removing it is no error', async () => {
    expect(await storage.read('annex/none.bin')).toBeNull();
    expect(await storage.stat('annex/none.bin')).toBeNull();
    expect(await storage.list('nowhere')).toEqual([]);
    expect(await storage.names('nowhere')).toEqual([]);
    await expect(storage.remove('annex/none.bin')).resolves.toBeUndefined();
  });

  test('a write is all or nothing: too large or failing half-way, the earlier bytes stay', async () => {
    await storage.write('annex/kept.txt', Buffer.from('earlier'));
    await expect(
      storage.write('annex/kept.txt', arriving(randomBytes(300_000)), { maxBytes: 100_000 }),
    ).rejects.toMatchObject({
      key: 'file.tooLarge',
    });
    await expect(storage.write('annex/kept.txt', Buffer.alloc(10), { maxBytes: 5 })).rejects.toMatchObject({
      key: 'file.tooLarge',
    });
    await expect(storage.write('annex/kept.txt', failingAfter(70_000))).rejects.toThrow('connection reset');
    expect((await readAll(storage, 'annex/kept.txt'))?.bytes.toString()).toBe('earlier');
    await expect(storage.write('annex/new.txt', failingAfter(70_000))).rejects.toThrow('connection reset');
    expect(await storage.stat('annex/new.txt')).toBeNull();
    expect(await storage.names('annex')).toEqual(['kept.txt']);
  });

  test('a write replaces what was under the key', async () => {
    await storage.write('userAvatar/x.png', Buffer.from('first version'));
    await storage.write('userAvatar/x.png', arriving(Buffer.from('second')));
    expect(await readAll(storage, 'userAvatar/x.png')).toEqual({ bytes: Buffer.from('second'), size: 6 });
  });

  test('a range reads only its bytes, clipped at the end; the size stays the whole object’s', async () => {
    const data = randomBytes(10_000);
    await storage.write('annex/r.bin', data);
    expect(await readAll(storage, 'annex/r.bin', { start: 100, end: 4196 })).toEqual({
      bytes: data.subarray(100, 4196),
      size: 10_000,
    });
    expect((await readAll(storage, 'annex/r.bin', { start: 9000, end: 20_000 }))?.bytes).toEqual(data.subarray(9000));
    expect((await readAll(storage, 'annex/r.bin', { start: 50, end: 50 }))?.bytes.length).toBe(0);
  });

  test('pieces written at their offsets, in any order, read as one object; a piece written again replaces it', async () => {
    const data = randomBytes(3 * 40_000 + 123);
    const piece = (n: number) => data.subarray(n * 40_000, Math.min(data.length, (n + 1) * 40_000));
    const key = 'chunks/u1/data';
    expect(await storage.writeAt(key, 80_000, arriving(piece(2)))).toBe(piece(2).length);
    expect(await storage.writeAt(key, 0, arriving(randomBytes(40_000)))).toBe(40_000);
    await storage.writeAt(key, 120_000, arriving(piece(3)));
    await storage.writeAt(key, 40_000, arriving(piece(1)));
    await storage.writeAt(key, 0, arriving(piece(0)));
    expect((await storage.stat(key))?.size).toBe(data.length);
    expect(await readAll(storage, key)).toEqual({ bytes: data, size: data.length });
    expect((await readAll(storage, key, { start: 39_990, end: 80_010 }))?.bytes).toEqual(data.subarray(39_990, 80_010));
    expect(await storage.names('chunks/u1')).toEqual(['data']);
    expect((await storage.list('chunks/u1')).map(({ name, size }) => ({ name, size }))).toEqual([
      { name: 'data', size: data.length },
    ]);
    await expect(storage.writeAt(key, 0, arriving(randomBytes(50_000)), { maxBytes: 40_000 })).rejects.toMatchObject({
      key: 'file.tooLarge',
    });
  });

  test('list answers the direct children with their sizes, folders with size 0; names the same names', async () => {
    await storage.write('chunks/f1/1', Buffer.from('a'));
    await storage.write('chunks/f1/2', Buffer.from('bb'));
    // f2 holds a file of its own too: s3rver leaves out of a delimited listing a folder that holds
    // only folders (S3 itself lists it).
    await storage.write('chunks/f2/3', Buffer.from('ccc'));
    await storage.write('chunks/f2/nested/4', Buffer.from('eeeee'));
    await storage.write('chunks/top.txt', Buffer.from('dddd'));
    const listed = await storage.list('chunks');
    const bySize = listed.map(({ name, size }) => ({ name, size })).sort((a, b) => a.name.localeCompare(b.name));
    expect(bySize).toEqual([
      { name: 'f1', size: 0 },
      { name: 'f2', size: 0 },
      { name: 'top.txt', size: 4 },
    ]);
    expect((await storage.names('chunks')).sort()).toEqual(['f1', 'f2', 'top.txt']);
    expect((await storage.names('chunks/f1')).sort()).toEqual(['1', '2']);
    expect(
      (await storage.list('chunks/f2'))
        .map(({ name, size }) => ({ name, size }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: '3', size: 3 },
      { name: 'nested', size: 0 },
    ]);
  });

  test('move puts the bytes under the new key, replacing what was there, and the old key is gone', async () => {
    await storage.write('chunks/m/data', Buffer.from('moved bytes'));
    await storage.write('merged/target', Buffer.from('old'));
    await storage.move('chunks/m/data', 'merged/target');
    expect((await readAll(storage, 'merged/target'))?.bytes.toString()).toBe('moved bytes');
    expect(await storage.stat('chunks/m/data')).toBeNull();
  });

  test('an object written in pieces moves as one object', async () => {
    const data = randomBytes(6 * 1024 * 1024 + 5);
    const half = 3 * 1024 * 1024;
    await storage.writeAt('chunks/p/data', half, arriving(data.subarray(half)));
    await storage.writeAt('chunks/p/data', 0, arriving(data.subarray(0, half)));
    await storage.move('chunks/p/data', 'merged/joined');
    const back = await readAll(storage, 'merged/joined');
    expect(back?.size).toBe(data.length);
    expect(md5(back?.bytes ?? Buffer.alloc(0))).toBe(md5(data));
    expect(await storage.stat('chunks/p/data')).toBeNull();
    expect(await storage.names('chunks/p')).toEqual([]);
  });

  test('remove takes one object or a whole folder, pieces included, and nothing beside it', async () => {
    await storage.write('chunks/gone/1', Buffer.from('1'));
    await storage.writeAt('chunks/gone/data', 0, arriving(Buffer.from('piece')));
    await storage.write('chunks/gone2/1', Buffer.from('sibling with a longer name'));
    await storage.write('annex/one.txt', Buffer.from('x'));
    await storage.write('annex/one.txt2', Buffer.from('y'));
    await storage.remove('chunks/gone');
    await storage.remove('annex/one.txt');
    expect(await storage.stat('chunks/gone/1')).toBeNull();
    expect(await storage.stat('chunks/gone/data')).toBeNull();
    expect(await storage.names('chunks')).toEqual(['gone2']);
    expect(await storage.names('annex')).toEqual(['one.txt2']);
  });

  test('keys with .., absolute paths or backslashes are refused before anything is touched', async () => {
    for (const key of ['../outside', '/etc/passwd', 'annex/..', 'annex\\x', '', 'annex/.hidden']) {
      await expect(storage.write(key, Buffer.from('x'))).rejects.toMatchObject({ key: 'file.badName' });
      await expect(storage.read(key)).rejects.toMatchObject({ key: 'file.badName' });
      await expect(storage.stat(key)).rejects.toMatchObject({ key: 'file.badName' });
      await expect(storage.remove(key)).rejects.toMatchObject({ key: 'file.badName' });
    }
  });
});
