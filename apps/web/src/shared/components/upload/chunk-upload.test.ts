import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { wireResponse } from '../../../test-wire.ts';
import {
  chunkCount,
  displayName,
  shownPercent,
  shownStatus,
  type UploadItem,
  UploadRefused,
  uploadFile,
} from './chunk-upload.ts';

const merged = { name: `${'a'.repeat(32)}.txt`, fileSize: 40, fileExtension: 'txt', fileVersionId: '1', url: '/x' };

function item(size = 40): UploadItem {
  const file = new File([new Uint8Array(size)], 'a#b.txt', { type: 'text/plain' });
  return {
    id: 'u1',
    file,
    name: displayName(file.name),
    size,
    status: 'uploading',
    progress: 0,
    hashed: 1,
    identifier: 'f'.repeat(32),
  };
}

let posts: string[];
let held: number[];
let uploaded: boolean;
let failures: Map<string, number>;

beforeEach(() => {
  posts = [];
  held = [];
  uploaded = false;
  failures = new Map();
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/file/chunk') {
      return wireResponse(method, url, { code: 200, data: { uploaded, merge: uploaded, chunkNumbers: held } });
    }
    if (method === 'POST' && url.pathname === '/api/file/chunk') {
      const number = String((init.body as FormData).get('chunkNumber'));
      const left = failures.get(number) ?? 0;
      if (left > 0) {
        failures.set(number, left - 1);
        throw new TypeError('network down');
      }
      if (number === '99') return wireResponse(method, url, { code: 400, msg: '分片信息不正确' });
      posts.push(number);
      return wireResponse(method, url, { code: 200, data: { uploaded: false, merge: false, chunkNumbers: [] } });
    }
    return wireResponse(method, url, { code: 200, data: merged });
  });
});
afterEach(() => vi.unstubAllGlobals());

const options = (signal = new AbortController().signal) => ({ signal, chunkSize: 10, retryDelayMs: () => 0 });

describe('statuses and progress', () => {
  test('precedence, the 99 % cap, # removed, simple-uploader chunking', () => {
    expect(shownStatus({ status: 'success' })).toBe('success');
    expect(shownStatus({ status: 'error' })).toBe('error');
    expect(shownStatus({ status: 'paused' })).toBe('paused');
    expect(shownPercent({ status: 'uploading', progress: 1 })).toBe(99);
    expect(shownPercent({ status: 'success', progress: 1 })).toBe(100);
    expect(shownPercent({ status: 'uploading', progress: 0.5 })).toBe(50);
    expect(displayName('a#b#.txt')).toBe('ab.txt');
    expect(chunkCount(0)).toBe(1);
    expect(chunkCount(5_242_880 * 2 - 1)).toBe(1);
    expect(chunkCount(5_242_880 * 2)).toBe(2);
  });
});

describe('one file', () => {
  test('sends only the chunks the server lacks, then merges', async () => {
    held = [1, 3];
    const seen: number[] = [];
    const result = await uploadFile(item(), options(), { progress: (f) => seen.push(f) });
    expect(result).toEqual(merged);
    expect(posts.sort()).toEqual(['2', '4']);
    expect(seen[0]).toBe(0.5);
    expect(seen.at(-1)).toBe(1);
  });

  test('instant upload: the content is held, no chunk is sent', async () => {
    uploaded = true;
    expect(await uploadFile(item(), options(), { progress: () => undefined })).toEqual(merged);
    expect(posts).toEqual([]);
  });

  test('a chunk is retried after transport failures, at most 5 times', async () => {
    failures.set('2', 5);
    await uploadFile(item(), options(), { progress: () => undefined });
    expect(posts.sort()).toEqual(['1', '2', '3', '4']);
    failures.set('3', 6);
    posts = [];
    await expect(uploadFile(item(), options(), { progress: () => undefined })).rejects.toThrow();
  });

  test("the server's refusal is not retried", async () => {
    held = [];
    const big = item(1000);
    await expect(
      uploadFile(big, { ...options(), chunkSize: 10 }, { progress: () => undefined }),
    ).rejects.toBeInstanceOf(UploadRefused);
  });
});
