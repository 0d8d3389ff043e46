import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { S3FileStorage } from '../src/core/s3-file-storage.ts';
import { mergePdf, pdfChunkFields } from './helpers/chunk-upload.ts';
import { multipart } from './helpers/multipart.ts';
import { startObjectStore, type TestObjectStore } from './helpers/object-store.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

/**
 * The file service with FILE_STORAGE=s3 against a loopback S3-compatible server: uploads,
 * downloads, pack downloads, previews, chunked uploads and exports keep their bytes in the bucket,
 * none on the local disk.
 */

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

let store: TestObjectStore;
let bucket: S3FileStorage;
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  store = await startObjectStore();
  bucket = new S3FileStorage(store.storage);
  t = await testApp({ fileStorage: { kind: 's3', ...store.storage } });
  admin = await t.signIn();
});
afterAll(async () => {
  await t.close();
  bucket.close();
  await store.close();
});

const upload = (type: string, name: string, content: Buffer) =>
  admin.call<{ name: string; url: string }>({
    method: 'POST',
    url: `/api/file/Uploader/${type}`,
    ...multipart({}, { name, content }),
  });

/** Nothing under DATA_DIR/files: every byte went to the bucket. */
function localFiles(): string[] {
  const files = path.join(t.config.dataDir, 'files');
  return existsSync(files) ? readdirSync(files, { recursive: true }).map(String) : [];
}

describe('files in an S3-compatible object store', () => {
  test('a server whose bucket does not exist refuses to start and names it', async () => {
    await expect(testApp({ fileStorage: { kind: 's3', ...store.storage, bucket: 'no-such-bucket' } })).rejects.toThrow(
      /S3_BUCKET no-such-bucket does not exist/,
    );
  });

  test('an upload is kept in the bucket and downloads, previews and packs from there', async () => {
    const text = Buffer.from('季度报告: kept in the object store');
    const up = await upload('annex', '报告.txt', text);
    expect(up.code).toBe(200);
    expect((await bucket.stat(`annex/${up.data!.name}`))?.size).toBe(text.length);

    const link = await admin.get<{ url: string }>(`/api/file/Download/annex/${up.data!.name}`);
    const downloaded = await t.app.inject({ method: 'GET', url: link.data!.url });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(text)).toBe(true);

    const image = await upload('annexpic', '照片.png', png);
    const shown = await t.app.inject({ method: 'GET', url: image.data!.url });
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(png)).toBe(true);
    const address = await admin.get<string>('/api/file/Uploader/Preview', { fileName: image.data!.name });
    expect(address.data).toMatch(/^\/api\/file\/Preview\/[A-Za-z0-9_-]+\?kind=image$/);
    const preview = await t.app.inject({ method: 'GET', url: address.data! });
    expect(preview.rawPayload.equals(png)).toBe(true);

    const pack = await admin.post<{ downloadVo: { url: string } }>('/api/file/PackDownload/annex', [
      { fileId: up.data!.name, fileName: 'a.txt' },
      { fileId: image.data!.name, fileName: 'b.png' },
    ] as unknown as object);
    const zip = await t.app.inject({ method: 'GET', url: pack.data!.downloadVo.url });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes(text)).toBe(true);
    expect(zip.rawPayload.includes(png)).toBe(true);
    expect(localFiles()).toEqual([]);
  });

  test('a chunked upload lands in pieces, merges into one object, and downloads whole', async () => {
    const chunkSize = 1024 * 1024;
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * chunkSize + 4321)]);
    const identifier = md5(content);
    const total = Math.floor(content.length / chunkSize);
    const fields = (n: number) => pdfChunkFields({ identifier, size: content.length, chunkSize }, n);
    // Out of order, as parallel browsers send them.
    for (const n of [2, 3, 1]) {
      const data = content.subarray((n - 1) * chunkSize, n === total ? content.length : n * chunkSize);
      const sent = await admin.call<{ chunkNumbers: number[] }>({
        method: 'POST',
        url: '/api/file/chunk',
        ...multipart(fields(n), { name: 'blob', content: data }),
      });
      expect(sent.code).toBe(200);
    }
    expect((await admin.get<{ chunkNumbers: number[] }>('/api/file/chunk', fields(1))).data?.chunkNumbers).toEqual([
      1, 2, 3,
    ]);
    const merged = await mergePdf(admin, { identifier, size: content.length });
    expect(merged).toMatchObject({ code: 200, data: { fileSize: content.length } });
    expect((await bucket.stat(`merged/${identifier}`))?.size).toBe(content.length);
    expect(await bucket.names('chunks')).toEqual([]);

    const link = await admin.get<{ url: string }>(`/api/file/Download/annex/${merged.data!.name}`);
    const downloaded = await t.app.inject({ method: 'GET', url: link.data!.url });
    expect(md5(downloaded.rawPayload)).toBe(identifier);
    expect(localFiles()).toEqual([]);
  });
});
