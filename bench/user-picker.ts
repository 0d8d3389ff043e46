/**
 * The user picker on 10,000 users in 500 organisations (issue 17), PGlite and PostgreSQL: what one
 * person waits for, one request at a time through HTTP.
 * - open: the picker's first call, the top level (ImUser/Selector/0), then one organisation's level;
 * - search: a keyword page of 20 (ImUser/Selector/0 with a keyword, pages 1-3), the picker's
 *   infinite scroll;
 * - auth search: the same page through GetListByAuthorize (the caller's data scope);
 * - custom: getSelectedUserList over 20 organisations' ids, by keyword.
 * Three runs of 300 calls per case; the median of the runs' p50 / p95 with their spread, and the
 * load average before each engine.
 *
 *   node --import tsx bench/user-picker.ts          (BENCH_ENGINES=pglite or postgres for one engine)
 */
import os from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import { machineLine, onEachEngine, signIn, spread, startApp } from './lib.ts';
import { organizations, seedUsers, users } from './picker-seed.ts';

const adminPassword = 'Bench@123456';
const runs = 3;
const callsPerRun = Number(process.env.BENCH_CALLS ?? 300);

interface Case {
  name: string;
  /** The i-th call of a run. */
  call: (i: number) => { path: string; body: unknown };
}

const fragments = ['user1', 'ser2', '员工3', 'user45', 'er99', '工12'];
const page = (i: number) => (i % 3) + 1;
const cases: Case[] = [
  {
    name: 'open: top level',
    call: () => ({
      path: '/api/permission/Users/ImUser/Selector/0',
      body: { keyword: '', currentPage: 1, pageSize: 500 },
    }),
  },
  {
    name: 'open: one organisation (20 users)',
    call: (i) => ({
      path: `/api/permission/Users/ImUser/Selector/bo${(i % organizations) + 1}`,
      body: { keyword: '', currentPage: 1, pageSize: 500 },
    }),
  },
  {
    name: 'search page of 20',
    call: (i) => ({
      path: '/api/permission/Users/ImUser/Selector/0',
      body: { keyword: fragments[i % fragments.length], currentPage: page(i), pageSize: 20 },
    }),
  },
  {
    name: 'auth search page of 20',
    call: (i) => ({
      path: '/api/permission/Users/GetListByAuthorize/0',
      body: { keyword: fragments[i % fragments.length], currentPage: page(i), pageSize: 20 },
    }),
  },
  {
    name: 'custom (20 organisations) page of 20',
    call: (i) => ({
      path: '/api/permission/Users/getSelectedUserList',
      body: {
        ids: Array.from({ length: 20 }, (_, k) => `bo${k * 7 + 1}--department`),
        keyword: i % 2 ? 'user' : '',
        currentPage: page(i),
        pageSize: 20,
      },
    }),
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;

async function run(url: string, token: string, c: Case) {
  const times: number[] = [];
  for (let i = 0; i < callsPerRun; i++) {
    const { path: route, body } = c.call(i);
    const started = performance.now();
    const response = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; data?: { list: unknown[] } };
    times.push(performance.now() - started);
    if (answer.code !== 200) throw new Error(`${c.name}: ${route} answered ${answer.code}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

console.log(
  `user-picker bench: ${machineLine()}; ${users} users in ${organizations} organisations, ${runs} runs of ${callsPerRun} sequential calls`,
);
const rows = await onEachEngine(async (engine, databaseUrl, dataDir) => {
  const config: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  await (await seedUsers(config, adminPassword)).destroy();
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const out: string[] = [];
    for (const c of cases) {
      await run(server.url, token, { ...c, call: c.call }); // warm-up run, not counted
      const load = os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
      const results = [];
      for (let r = 0; r < runs; r++) results.push(await run(server.url, token, c));
      const p50 = spread(results.map((x) => x.p50));
      const p95 = spread(results.map((x) => x.p95));
      const line = `| ${engine} | ${c.name} | ${load} | ${p50.median.toFixed(1)} (${p50.min.toFixed(1)}-${p50.max.toFixed(1)}) | ${p95.median.toFixed(1)} (${p95.min.toFixed(1)}-${p95.max.toFixed(1)}) |`;
      console.log(line);
      out.push(line);
    }
    return out;
  } finally {
    await server.close();
  }
});
console.log(
  '\n| engine | case | load avg before | p50 ms median (min-max) | p95 ms median (min-max) |\n|---|---|---|---|---|',
);
for (const row of rows) console.log(row);
