/**
 * CurrentUser for a user with 500 permitted menus (through a role), at 20 connections.
 * `node --import tsx bench/current-user.ts` (PGlite in memory) or with DATABASE_URL (PostgreSQL,
 * in a throwaway schema). Prints requests per second and the latency percentiles, p95 measured
 * from every response.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import type { Config } from '../apps/server/src/config.ts';
import { newId } from '../apps/server/src/core/ids.ts';
import { encryptLoginPayload } from '../apps/server/src/core/login-cipher.ts';
import { hashPasswordDigest, md5Hex } from '../apps/server/src/core/password.ts';

const menus = 500;
const connections = 20;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const cipherKey = 'EY8WePvjM5GGwQzn';
const url = process.env.DATABASE_URL;
const schema = `bench_${randomBytes(4).toString('hex')}`;
const loadScript = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require('autocannon');
const times = [];
let non2xx = 0;
let bytes = 0;
// Inside a worker autocannon reports raw histograms, so the figures are counted here.
const instance = autocannon(workerData, (error) => {
  if (error) throw error;
  parentPort.postMessage({ times, non2xx, bytes });
});
instance.on('response', (_client, status, resBytes, responseTime) => {
  times.push(responseTime);
  bytes += resBytes;
  if (status < 200 || status >= 300) non2xx++;
});
`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-current-user-'));

const config: Config = {
  port: 0,
  host: '127.0.0.1',
  dataDir,
  database: url ? { kind: 'postgres', url, schema } : { kind: 'pglite', dataDir: null },
  redisUrl: null,
  adminPassword: 'Admin@123456',
  loginCipherKey: cipherKey,
  logLevel: 'silent',
  trustProxy: false,
  rateLimits: { login: 10_000, codes: 10_000 },
  nodeEnv: 'test',
  webDir: null,
};

const { app } = await buildApp(config);
const db = app.db;
try {
  // 25 directories of 20 pages, each page with 4 buttons; all granted to one role of the user.
  const system = await db.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow();
  const roleId = newId();
  await db.insertInto('role').values({ id: roleId, fullName: '压测角色', enCode: 'benchRole' }).execute();
  const menuRows = [];
  const buttonRows = [];
  for (let d = 0; d < menus / 20; d++) {
    const dirId = newId();
    menuRows.push({
      id: dirId,
      systemId: system.id,
      parentId: '-1',
      enCode: `bench${d}`,
      fullName: `目录${d}`,
      type: 0,
    });
    for (let p = 0; p < 19; p++) {
      const id = newId();
      menuRows.push({
        id,
        systemId: system.id,
        parentId: dirId,
        enCode: `bench${d}.p${p}`,
        fullName: `页面${d}-${p}`,
        type: 2,
        urlAddress: `bench/${d}/${p}`,
        // As the menu form creates pages: their buttons are granted one by one.
        isButtonAuthorize: true,
      });
      for (const enCode of ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail']) {
        buttonRows.push({ id: newId(), menuId: id, kind: 'button' as const, enCode, fullName: enCode });
      }
    }
  }
  await db.insertInto('menu').values(menuRows).execute();
  for (let i = 0; i < buttonRows.length; i += 1000)
    await db
      .insertInto('modulePermission')
      .values(buttonRows.slice(i, i + 1000))
      .execute();
  const grants = [
    ...menuRows.map((m) => ({ itemType: 'module' as const, itemId: m.id })),
    ...buttonRows.map((b) => ({ itemType: 'button' as const, itemId: b.id })),
  ].map((g) => ({ id: newId(), objectType: 'Role' as const, objectId: roleId, creatorUserId: null, ...g }));
  for (let i = 0; i < grants.length; i += 1000)
    await db
      .insertInto('authorize')
      .values(grants.slice(i, i + 1000))
      .execute();
  const root = await db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow();
  const userId = newId();
  await db
    .insertInto('appUser')
    .values({
      id: userId,
      account: 'bench',
      realName: '压测',
      passwordHash: await hashPasswordDigest(md5Hex('Passw0rd')),
      organizeId: root.id,
    })
    .execute();
  await db.insertInto('userRelation').values({ id: newId(), userId, objectType: 'Role', objectId: roleId }).execute();
  await sql`analyze`.execute(db);

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      account: 'bench',
      password: encryptLoginPayload(md5Hex('Passw0rd'), cipherKey),
      origin: 'password',
    }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: token, 'jnpf-origin': 'pc' };
  const check = (await (await fetch(`${address}/api/oauth/CurrentUser`, { headers })).json()) as {
    data: { permissionList: unknown[]; menuList: unknown[] };
  };
  console.log(
    `CurrentUser: ${check.data.menuList.length} directories, ${check.data.permissionList.length} pages with permissions`,
  );

  // The load runs in a worker thread so that parsing 20 connections' answers does not eat the server's CPU.
  const { times, non2xx, bytes } = await new Promise<{ times: number[]; non2xx: number; bytes: number }>(
    (resolve, reject) => {
      const worker = new Worker(loadScript, {
        eval: true,
        workerData: { url: `${address}/api/oauth/CurrentUser`, connections, duration, headers },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]?.toFixed(1);
  console.log(
    `${url ? 'PostgreSQL' : 'PGlite'}: ${(times.length / duration).toFixed(0)} req/s, ${non2xx} non-2xx, ` +
      `p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms (${times.length} requests, ${connections} connections, ${duration} s, ` +
      `${(bytes / times.length / 1024).toFixed(0)} KiB each)`,
  );
} finally {
  if (url)
    await sql
      .raw(`drop schema if exists ${schema} cascade`)
      .execute(db)
      .catch(() => {});
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
