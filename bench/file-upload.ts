// node --import tsx bench/file-upload.ts: issue 15's two file figures, each side against its limit
// in alternating rounds (BENCH_ROUNDS, default 3; medians and ranges):
// - chunked upload of a 1 GiB file (BENCH_UPLOAD_MB) on loopback through the real server process:
//   the test call, 5 MiB chunks three at a time, the merge (join, MD5 check), timed from the test
//   call to the merge's answer, against the disk's raw write speed (`dd conv=fsync`, 1 MiB blocks)
//   into the same directory;
// - MD5 throughput in headless Chromium: hash-wasm (the uploader's) against spark-md5 on the same
//   256 MB in 10,240,000-byte slices, on the page's thread (the uploader runs the same code in a worker).
// The load average is printed first: the machine is shared.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type RunningServer, startServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { launchBrowser } from '../apps/web/e2e/harness.ts';
import { signIn, spread } from './lib.ts';

const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const uploadMb = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const hashMb = Number(process.env.BENCH_HASH_MB ?? 256);
const chunkSize = 5_242_880;
const adminPassword = 'Bench@2026pass';
const require = createRequire(import.meta.url);

const phases: { chunks: number; merge: number }[] = [];
const loadLine = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;
const fmt = (values: number[]) => {
  const s = spread(values);
  return `${s.median.toFixed(0)} MB/s (${s.min.toFixed(0)}-${s.max.toFixed(0)})`;
};

console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; ${loadLine()}`);

const work = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
const source = path.join(work, 'source.zip');
const size = uploadMb * 1024 * 1024;

async function makeSource() {
  const handle = await open(source, 'w');
  const hash = createHash('md5');
  for (let written = 0; written < size; written += 8 * 1024 * 1024) {
    const part = randomBytes(Math.min(8 * 1024 * 1024, size - written));
    if (written === 0) part.writeUInt32BE(0x504b0304, 0);
    hash.update(part);
    await handle.write(part);
  }
  await handle.close();
  return hash.digest('hex');
}

/**
 * One chunk as the browser's uploader sends it: multipart/form-data with the fields, then the bytes
 * as `file`. Written by hand over a kept-alive connection, not with fetch and FormData, whose
 * encoding in this process took as much CPU as the server's whole work (7.5 s per GiB) on the two
 * cores both share; a browser does that encoding natively, on another machine.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 3 });
function postChunk(
  baseUrl: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  bytes: Buffer,
): Promise<{ code: number; msg: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `${Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join(
        '',
      )}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/file/chunk`,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + bytes.length + tail.length,
        },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString('utf8'))));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(head);
    request.write(bytes);
    request.end(tail);
  });
}

/** One chunked upload as the browser's uploader does it; answers MB/s from the test call to the merge answer. */
async function upload(server: RunningServer, token: string, md5: string): Promise<number> {
  const headers = { authorization: token, 'jnpf-origin': 'pc' };
  const total = Math.max(1, Math.floor(size / chunkSize));
  const fields = (n: number) => {
    const start = (n - 1) * chunkSize;
    const end = n === total ? size : start + chunkSize;
    return {
      start,
      end,
      query: {
        chunkNumber: String(n),
        chunkSize: String(chunkSize),
        currentChunkSize: String(end - start),
        totalSize: String(size),
        identifier: md5,
        filename: 'source.zip',
        relativePath: 'source.zip',
        totalChunks: String(total),
        fileType: 'application/zip',
        extension: 'zip',
      },
    };
  };
  const file = await open(source, 'r');
  const started = performance.now();
  const test = (await (
    await fetch(`${server.url}/api/file/chunk?${new URLSearchParams(fields(1).query)}`, { headers })
  ).json()) as { data: { uploaded: boolean; chunkNumbers: number[] } };
  if (test.data.uploaded) throw new Error('the content is already held: the bench removes it between rounds');
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !test.data.chunkNumbers.includes(n));
  let next = 0;
  const sender = async () => {
    while (next < missing.length) {
      const n = missing[next++] as number;
      const { start, end, query } = fields(n);
      const bytes = Buffer.allocUnsafe(end - start);
      await file.read(bytes, 0, bytes.length, start);
      const answer = await postChunk(server.url, headers, query, bytes);
      if (answer.code !== 200) throw new Error(`chunk ${n}: ${answer.msg}`);
    }
  };
  await Promise.all([sender(), sender(), sender()]);
  const chunksDone = performance.now();
  const merged = (await (
    await fetch(`${server.url}/api/file/merge`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ identifier: md5, fileName: 'source.zip', fileSize: String(size), extension: 'zip' }),
    })
  ).json()) as { code: number; msg: string };
  const seconds = (performance.now() - started) / 1000;
  phases.push({ chunks: (chunksDone - started) / 1000, merge: (performance.now() - chunksDone) / 1000 });
  await file.close();
  if (merged.code !== 200) throw new Error(`merge: ${merged.msg}`);
  // The next round uploads the same content again: drop what this one kept so it is not instant.
  rmSync(path.join(server.dataDir, 'files', 'merged'), { recursive: true, force: true });
  return uploadMb / seconds;
}

/** `dd` of the same size in 1 MiB blocks with an fsync at the end, into the server's data directory. */
function dd(dir: string): number {
  const target = path.join(dir, 'dd.bin');
  const started = performance.now();
  execFileSync('dd', ['if=/dev/zero', `of=${target}`, 'bs=1M', `count=${uploadMb}`, 'conv=fsync'], { stdio: 'ignore' });
  const seconds = (performance.now() - started) / 1000;
  rmSync(target, { force: true });
  return uploadMb / seconds;
}

async function uploadFigures() {
  const md5 = await makeSource();
  const server = await startServerProcess({ ADMIN_PASSWORD: adminPassword, LOGIN_RATE_LIMIT: '100000' });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const uploads: number[] = [];
    const raw: number[] = [];
    for (let round = 0; round < rounds; round++) {
      raw.push(dd(server.dataDir));
      uploads.push(await upload(server, token, md5));
      const phase = phases.at(-1);
      console.log(
        `  round ${round + 1}: dd ${raw.at(-1)?.toFixed(0)} MB/s, upload ${uploads.at(-1)?.toFixed(0)} MB/s (chunks ${phase?.chunks.toFixed(1)} s, merge ${phase?.merge.toFixed(1)} s)`,
      );
    }
    const ratios = uploads.map((u, i) => u / (raw[i] as number));
    console.log(`Chunked upload of ${uploadMb} MiB (${loadLine()}):`);
    console.log(`  dd conv=fsync        ${fmt(raw)}`);
    console.log(`  chunked upload       ${fmt(uploads)}`);
    console.log(`  upload / dd, per round  median ${(spread(ratios).median * 100).toFixed(0)} %`);
  } finally {
    await server.stop();
  }
}

async function hashFigures() {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: readFileSync(require.resolve('hash-wasm/dist/md5.umd.min.js'), 'utf8') });
    await page.addScriptTag({ content: readFileSync(require.resolve('spark-md5/spark-md5.min.js'), 'utf8') });
    const results: { wasm: number[]; spark: number[] } = { wasm: [], spark: [] };
    // Text: the bench is type-checked against Node's types, not the DOM's.
    await page.evaluate(`(() => {
      const data = new Uint8Array(${hashMb} * 1024 * 1024);
      for (let at = 0; at < data.length; at += 65536) crypto.getRandomValues(data.subarray(at, at + 65536));
      window.benchData = data;
    })()`);
    for (let round = 0; round < rounds; round++) {
      const [wasmDigest, wasmMs] = (await page.evaluate(`(async () => {
        const data = window.benchData, slice = 10240000, started = performance.now();
        const md5 = await hashwasm.createMD5();
        md5.init();
        for (let at = 0; at < data.length; at += slice) md5.update(data.subarray(at, at + slice));
        const digest = md5.digest('hex');
        return [digest, performance.now() - started];
      })()`)) as [string, number];
      const [sparkDigest, sparkMs] = (await page.evaluate(`(() => {
        const data = window.benchData, slice = 10240000, started = performance.now();
        const spark = new SparkMD5.ArrayBuffer();
        for (let at = 0; at < data.length; at += slice) spark.append(data.slice(at, at + slice).buffer);
        const digest = spark.end();
        return [digest, performance.now() - started];
      })()`)) as [string, number];
      if (wasmDigest !== sparkDigest) throw new Error('the two MD5s differ');
      results.wasm.push(hashMb / (wasmMs / 1000));
      results.spark.push(hashMb / (sparkMs / 1000));
      console.log(
        `  round ${round + 1}: hash-wasm ${results.wasm.at(-1)?.toFixed(0)} MB/s, spark-md5 ${results.spark.at(-1)?.toFixed(0)} MB/s`,
      );
    }
    const ratios = results.wasm.map((w, i) => w / (results.spark[i] as number));
    console.log(`Browser MD5 of ${hashMb} MB in 10,240,000-byte slices, headless Chromium (${loadLine()}):`);
    console.log(`  hash-wasm            ${fmt(results.wasm)}`);
    console.log(`  spark-md5            ${fmt(results.spark)}`);
    console.log(`  hash-wasm / spark-md5, per round  median ${spread(ratios).median.toFixed(1)}x`);
  } finally {
    await browser.close();
  }
}

try {
  if (process.env.BENCH_ONLY !== 'hash') await uploadFigures();
  if (process.env.BENCH_ONLY !== 'upload') await hashFigures();
} finally {
  rmSync(work, { recursive: true, force: true });
}
