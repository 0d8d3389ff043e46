/**
 * The user picker on 10,000 users in 500 organisations (issue 17), PGlite and PostgreSQL: what one
 * person waits for, one request at a time through HTTP.
 * - open: the picker's first call, the top level (ImUser/Selector/0), then one organisation's level;
 * - search: a keyword page of 20 (ImUser/Selector/0 with a keyword, pages 1-3), the picker's
 *   infinite scroll;
 * - auth search: the same page through GetListByAuthorize (the caller's data scope);
 * - custom: getSelectedUserList over 20 organisations' ids, by keyword.
 * Per case a warm-up run, then BENCH_ROUNDS rounds (default 5) of BENCH_CALLS calls (default 300)
 * through lib.ts `timedRounds`: each round's p50 / p95, as the median and spread over the rounds,
 * with the load average before the case.
 *
 *   node --import tsx bench/user-picker.ts          (BENCH_ENGINES=pglite or postgres for one engine)
 */
import path from 'node:path';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import {
  machineLine,
  onEachEngine,
  printTimed,
  rounds,
  signIn,
  startApp,
  type TimedComparison,
  timedRounds,
} from './lib.ts';
import { organizations, seedUsers, users } from './picker-seed.ts';

const adminPassword = 'Bench@123456';
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
  `user-picker bench: ${machineLine()}; ${users} users in ${organizations} organisations, ${rounds} rounds of ${callsPerRun} sequential calls a case`,
);
const rows = await onEachEngine(async (engine, databaseUrl, dataDir) => {
  const config: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  await (await seedUsers(config, adminPassword)).destroy();
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const out: TimedComparison[] = [];
    for (const c of cases) {
      await run(server.url, token, c); // warm-up run, not counted
      const side = { name: 'HTTP, one at a time', run: () => run(server.url, token, c) };
      out.push(await timedRounds(`${engine}: ${c.name}`, [side]));
    }
    return out;
  } finally {
    await server.close();
  }
});
printTimed(rows, { p50: 1, p95: 1 });
