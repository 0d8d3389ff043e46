import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from './helpers/test-app.ts';

/** A built web app on disk as `vite build` leaves it: hashed assets with .br and .gz beside them. */
const webDir = mkdtempSync(path.join(tmpdir(), 'platform-web-'));
const script = `export const greeting = ${JSON.stringify('你好 '.repeat(500))};\n`;
const shellScript = "document.documentElement.lang = 'en';";
const indexHtml = `<!doctype html><html><body><div id="root"></div><script>${shellScript}</script></body></html>`;

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), indexHtml);
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = path.join(webDir, 'assets', 'index-B4xY9z.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  t = await testApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  test('assets go out brotli-compressed to browsers that accept it, gzip to others, plain to the rest', async () => {
    const br = await get('/assets/index-B4xY9z.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);

    const gz = await get('/assets/index-B4xY9z.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-B4xY9z.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  test('hashed assets are cached for a year as immutable; other files and pages are revalidated', async () => {
    expect((await get('/assets/index-B4xY9z.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    const page = await get('/permission/user');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(indexHtml);
  });

  test('pages go out brotli- or gzip-compressed as the browser accepts, plain otherwise', async () => {
    const br = await get('/login', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(indexHtml);
    const gz = await get('/permission/user', 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(indexHtml);
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
    for (const res of [br, gz, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  test('an unknown API path is a 404 envelope, not the page', async () => {
    const res = await get('/api/no/such/route');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  test("index.html's inline script (the login shell's) is admitted by its hash on that page, and nowhere else", async () => {
    const hash = `'sha256-${createHash('sha256').update(shellScript).digest('base64')}'`;
    const page = await get('/login');
    expect(page.body).toBe(indexHtml);
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hash}`);
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(api.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(api.headers['content-security-policy']).not.toContain('sha256-');
  });
});
