import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { startServerProcess } from '../../server/test/helpers/server-process.ts';
import {
  adminPassword,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  signInThroughPage,
  startServer,
} from './harness.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';

/**
 * Issue 15 (browser): a 200 MB file uploads in 5 MiB chunks; the server is restarted half-way
 * (same port, same data directory); the upload resumes with only the chunks the server lacks and
 * the merged file's MD5 is the file's; the same file again completes by its hash with no chunk.
 */

const size = 200 * 1024 * 1024;
const chunkSize = 5_242_880;
const totalChunks = Math.floor(size / chunkSize);
let dir: string;
let file: string;
let md5: string;
let server: RunningServer;
let browser: Browser;
let port: number;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const fileMd5 = (name: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('md5');
    createReadStream(name)
      .on('data', (part) => hash.update(part))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'platform-upload-'));
  file = path.join(dir, 'big-archive.zip');
  const handle = await open(file, 'w');
  const hash = createHash('md5');
  for (let written = 0; written < size; written += 4 * 1024 * 1024) {
    const part = randomBytes(Math.min(4 * 1024 * 1024, size - written));
    // A zip's first bytes: the server checks the content against the extension.
    if (written === 0) part.writeUInt32BE(0x504b0304, 0);
    hash.update(part);
    await handle.write(part);
  }
  await handle.close();
  md5 = hash.digest('hex');
  port = await freePort();
  [server, browser] = await Promise.all([startServer({ PORT: String(port) }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The upload's chunk folder (kept per person: `{md5}.{chunkSize}.{userId}`). */
const chunkDir = () => {
  const root = path.join(server.dataDir, 'files', 'chunks');
  const name = existsSync(root) ? readdirSync(root).find((n) => n.startsWith(`${md5}.${chunkSize}.`)) : undefined;
  return path.join(root, name ?? `${md5}.${chunkSize}.(none)`);
};
const heldChunks = () => (existsSync(chunkDir()) ? readdirSync(chunkDir()).filter((n) => /^\d+$/.test(n)) : []);
/** The chunk calls (the request layer adds the `n` timestamp to every URL). */
const isChunkCall = (url: URL) => url.pathname === '/api/file/chunk';
const row = (page: Page) => page.locator('.uploader-item').last();

describe('chunked upload', () => {
  test('200 MB in chunks, a server restart half-way, resumed, MD5 checked; again instantly by hash', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    const token = await tokenOf(page);
    const me = await apiData<{ userInfo: { systemId: string } }>(server.url, token, 'GET', '/api/oauth/CurrentUser');
    await apiData(server.url, token, 'POST', '/api/system/Menu', {
      systemId: me.userInfo.systemId,
      parentId: '-1',
      fullName: '文件上传',
      enCode: 'fileUpload',
      type: 2,
      urlAddress: 'system/file',
      sortCode: 99,
    });
    await page.goto(`${server.url}/system/file`);
    await page.getByRole('button', { name: '选择文件' }).waitFor({ timeout: 20_000 });

    const chunkPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/file/chunk')
        chunkPosts.push(request.url());
    });
    // The second half of the chunks is held back until the restart, so "half-way" does not depend
    // on how fast this machine is: the first half goes through, the rest waits and is paused.
    const half = totalChunks / 2;
    let passed = 0;
    const heldBack: Route[] = [];
    await page.route(isChunkCall, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (passed < half) {
        passed++;
        return route.continue();
      }
      heldBack.push(route);
    });
    const started = Date.now();
    await page.locator('input[type=file]').setInputFiles(file);
    await row(page).getByText('文件校验中').waitFor({ timeout: 20_000 });
    await screenshot(page, 'upload-verifying');
    await row(page).getByText('上传中').waitFor({ timeout: 120_000 });
    const hashedAt = Date.now();

    // Half-way: pause, then restart the server on the same port and data directory.
    await expect.poll(() => heldChunks().length, { timeout: 180_000, interval: 200 }).toBe(half);
    await expect.poll(() => heldBack.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await row(page).getByRole('button', { name: '暂停' }).click();
    await row(page).getByText('暂停中').waitFor({ timeout: 20_000 });
    await screenshot(page, 'upload-paused');
    const percentAtPause = Number(await row(page).getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(percentAtPause).toBeGreaterThan(0);
    expect(percentAtPause).toBeLessThanOrEqual(99);
    const dataDir = server.dataDir;
    await server.stop({ keepDataDir: true });
    server = await startServerProcess(
      { ADMIN_PASSWORD: adminPassword, PORT: String(port) },
      dataDir,
      [],
      inject('serverBundle'),
    );
    expect(server.dataDir).toBe(dataDir);
    const held = heldChunks().length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(totalChunks);

    // Resume: the test call says what the new server holds; only the rest is sent.
    await Promise.all(heldBack.map((route) => route.abort().catch(() => undefined)));
    await page.unroute(isChunkCall);
    expect(held).toBe(half);
    chunkPosts.length = 0;
    await row(page).getByRole('button', { name: '继续' }).click();
    await row(page).getByText('上传成功').waitFor({ timeout: 300_000 });
    const doneAt = Date.now();
    expect(chunkPosts.length).toBe(totalChunks - held);
    expect(await row(page).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const merged = path.join(server.dataDir, 'files', 'merged', md5);
    expect(await fileMd5(merged)).toBe(md5);
    expect(existsSync(chunkDir())).toBe(false);
    await page.getByRole('cell', { name: 'big-archive.zip' }).first().waitFor();
    await screenshot(page, 'upload-done');

    // The same file again: complete by its hash, no chunk sent.
    chunkPosts.length = 0;
    await page.locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => page.locator('.uploader-item').count()).toBe(2);
    await row(page).getByText('上传成功').waitFor({ timeout: 120_000 });
    expect(chunkPosts).toEqual([]);
    console.log(
      `upload.e2e: 200 MB hashed in ${((hashedAt - started) / 1000).toFixed(1)} s, uploaded (with restart) in ${((doneAt - started) / 1000).toFixed(1)} s`,
    );
    await screenshot(page, 'upload-instant');
    await context.close();
  }, 900_000);

  test('preview: an uploaded image is shown; a text file, which has no preview, says 文件不存在', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    await page.goto(`${server.url}/system/file`);
    await page.getByRole('button', { name: '选择文件' }).waitFor({ timeout: 20_000 });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.locator('input[type=file]').setInputFiles([
      { name: 'dot.png', mimeType: 'image/png', buffer: png },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') },
    ]);
    await expect.poll(() => page.locator('.uploader-item[data-status=success]').count(), { timeout: 60_000 }).toBe(2);

    await page
      .getByRole('row', { name: /dot\.png/ })
      .getByRole('button', { name: '预览' })
      .click();
    const image = page.getByRole('dialog').getByRole('img', { name: 'dot.png' });
    await image.waitFor();
    expect(await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    await screenshot(page, 'upload-preview-image');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page
      .getByRole('row', { name: /notes\.txt/ })
      .getByRole('button', { name: '预览' })
      .click();
    await page.getByText('文件不存在').waitFor();
    await context.close();
  }, 120_000);
});
