import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { App } from '../apps/server/src/core/app-types.ts';
import { encryptLoginPayload } from '../apps/server/src/core/login-cipher.ts';
import { md5Hex } from '../apps/server/src/core/password.ts';
import { UserRepository } from '../apps/server/src/modules/user/user.repository.ts';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /**
   * Calls that may each be made once (approvals of distinct rows): wrk sends them in order, each
   * with its own path and headers over `method`, `body` and the scenario's headers, and stops when
   * all are answered. wrk still waits out its duration, so its req/s is meaningless here: the caller
   * times the calls by what they wrote. wrk only, from another process than the server.
   */
  calls?: { path: string; headers?: Record<string, string> }[];
}

export interface Figures {
  name: string;
  engine: string;
  connections: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Figures from every response time (ms) of a run of `seconds`. */
function figuresOf(
  name: string,
  engine: string,
  connections: number,
  times: number[],
  seconds: number,
  errors = 0,
): Figures {
  times.sort((a, b) => a - b);
  return {
    name,
    engine,
    connections,
    requests: times.length,
    reqPerSec: Math.round(times.length / seconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
  };
}

/**
 * The load generator: wrk when the machine has it (`apt install wrk`), else autocannon.
 * Both run on the same cores as the server and the database; wrk, written in C, takes about a
 * sixth of the CPU autocannon takes per request (0.02 vs 0.1 ms here), which the server gets
 * instead. `BENCH_LOAD=autocannon` forces the fallback.
 */
const wrkPath = '/usr/bin/wrk';
export const loadGenerator = process.env.BENCH_LOAD !== 'autocannon' && existsSync(wrkPath) ? 'wrk' : 'autocannon';

/** Seconds of the same load run first and not counted: a fresh server compiles its hot code and
 * opens its database connections during them (BENCH_WARMUP, default 2). */
export const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);

/**
 * Drives one endpoint for `seconds` and reports throughput and p50/p95/p99 over every response.
 * The scenario is first called once and must answer code 200, so a benchmark of refusals cannot
 * pass for a fast one; non-2xx answers and socket errors count as errors. The measured run
 * follows a warm-up of the same load (`warmupSeconds`).
 */
export async function measure(baseUrl: string, engine: string, scenario: Scenario, warmup = true): Promise<Figures> {
  const probe = await fetch(baseUrl + scenario.path, {
    method: scenario.method ?? 'GET',
    headers: { 'jnpf-origin': 'pc', ...scenario.headers },
    ...(scenario.body ? { body: scenario.body } : {}),
  });
  const answer = (await probe.json()) as { code: number; msg: string };
  if (answer.code !== 200) throw new Error(`${scenario.name}: ${scenario.path} answered ${answer.code} ${answer.msg}`);
  const drive = loadGenerator === 'wrk' ? withWrk : withAutocannon;
  if (warmup && warmupSeconds > 0) await drive(baseUrl, engine, { ...scenario, seconds: warmupSeconds });
  return drive(baseUrl, engine, scenario);
}

/**
 * Drives `scenario.calls`, each made once (wrk only), given a second per 100 calls (at least five):
 * one round of them. Answers their latencies; the caller checks in the database that every call did
 * what it should (wrk counts HTTP errors only) and takes the throughput from when they did it.
 */
export async function measureCalls(
  baseUrl: string,
  engine: string,
  scenario: Scenario & { calls: NonNullable<Scenario['calls']> },
): Promise<Figures> {
  if (loadGenerator !== 'wrk') throw new Error(`${scenario.name}: calls made once each need wrk (apt install wrk)`);
  if (scenario.calls.length === 0) throw new Error(`${scenario.name}: no calls to make`);
  return withWrk(baseUrl, engine, { ...scenario, seconds: Math.max(5, Math.ceil(scenario.calls.length / 100)) });
}

/** wrk with one thread; a Lua script sets method, headers and body and prints the figures as JSON. */
async function withWrk(baseUrl: string, engine: string, scenario: Scenario): Promise<Figures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'scenario.lua');
  const headers = { 'jnpf-origin': 'pc', ...scenario.headers };
  writeFileSync(
    script,
    [
      `wrk.method = ${JSON.stringify(scenario.method ?? 'GET')}`,
      ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
      scenario.body ? `wrk.body = ${JSON.stringify(scenario.body)}` : '',
      ...(scenario.calls ? onceEachLua(scenario.calls, scenario.connections ?? 20) : []),
      'function done(summary, latency, requests)',
      '  local e = summary.errors',
      '  io.write(string.format(\'FIGURES {"requests":%d,"seconds":%f,"p50":%f,"p95":%f,"p99":%f,"errors":%d}\\n\',',
      '    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(95) / 1e3,',
      '    latency:percentile(99) / 1e3, e.connect + e.read + e.write + e.status + e.timeout))',
      'end',
    ].join('\n'),
  );
  try {
    const connections = scenario.connections ?? 20;
    const { stdout } = await promisify(execFile)(wrkPath, [
      '-t1',
      `-c${connections}`,
      `-d${scenario.seconds ?? 10}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      baseUrl + scenario.path,
    ]);
    const line = stdout.split('\n').find((l) => l.startsWith('FIGURES '));
    if (!line) throw new Error(`${scenario.name}: wrk printed no figures:\n${stdout}`);
    const f = JSON.parse(line.slice('FIGURES '.length)) as {
      requests: number;
      seconds: number;
      p50: number;
      p95: number;
      p99: number;
      errors: number;
    };
    return {
      name: scenario.name,
      engine,
      connections,
      requests: f.requests,
      reqPerSec: Math.round(f.requests / f.seconds),
      p50: f.p50,
      p95: f.p95,
      p99: f.p99,
      errors: f.errors,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lua for `Scenario.calls`: one request per call, in order. The thread stops once all but the last
 * `connections` calls are answered, so no call is ever sent twice (the calls in flight then are distinct).
 */
function onceEachLua(calls: NonNullable<Scenario['calls']>, connections: number): string[] {
  const table = calls.map(
    (c) =>
      `  {${JSON.stringify(c.path)}, {${Object.entries(c.headers ?? {})
        .map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
        .join(', ')}}},`,
  );
  return [
    'local calls = {',
    ...table,
    '}',
    'local sent, answered = 0, 0',
    'function request()',
    '  sent = sent + 1',
    '  local call = calls[math.min(sent, #calls)]',
    '  local headers = {}',
    '  for k, v in pairs(wrk.headers) do headers[k] = v end',
    '  for k, v in pairs(call[2]) do headers[k] = v end',
    '  return wrk.format(nil, call[1], headers, wrk.body)',
    'end',
    'function response(status, headers, body)',
    '  answered = answered + 1',
    `  if answered >= ${Math.max(1, calls.length - connections)} then wrk.thread:stop() end`,
    'end',
  ];
}

/** autocannon; the percentiles come from every response time (its own summary has no p95). */
async function withAutocannon(baseUrl: string, engine: string, scenario: Scenario): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl + scenario.path,
        method: scenario.method ?? 'GET',
        headers: { 'jnpf-origin': 'pc', ...scenario.headers },
        body: scenario.body,
        connections: scenario.connections ?? 20,
        duration: scenario.seconds ?? 10,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      if (status < 200 || status >= 300) errors++;
    });
  });
  return figuresOf(
    scenario.name,
    engine,
    scenario.connections ?? 20,
    times,
    result.duration,
    errors + result.errors + result.non2xx,
  );
}

export function machineLine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load from ${loadGenerator}`;
}

/** A throwaway database on the PostgreSQL server at `adminUrl`, or null when none answers. */
export async function throwawayDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // BENCH_KEEP_DATABASE=1 leaves it for a look with psql (explain, pg_stats) after the run.
      if (process.env.BENCH_KEEP_DATABASE) return void console.log(`kept database ${name}`);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // A closed pool's connections can take a moment to leave; forcing them out earlier makes
      // their pool raise an error nobody listens to any more.
      for (let i = 0; i < 50; i++) {
        const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One side of a comparison: runs one measured round of `seconds` (it warms up on its own first call). */
export interface Side {
  name: string;
  round(seconds: number): Promise<Figures>;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface Comparison {
  engine: string;
  name: string;
  rounds: number;
  sides: { name: string; reqPerSec: Spread; p50: Spread; p95: Spread; errors: number }[];
  /** Second side's req/s over the first's, round by round. */
  ratio: Spread;
  loadBefore: number[];
}

/**
 * A side that runs `call` from `concurrency` loops at once, without HTTP: the limit an HTTP figure
 * is held to (the same SQL through the server's own connection, the same password hash).
 */
export function loopSide(spec: {
  name: string;
  engine: string;
  concurrency: number;
  call: () => Promise<unknown>;
}): Side {
  const loop = async (seconds: number) => {
    const times: number[] = [];
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: spec.concurrency }, async () => {
        while (performance.now() < end) {
          const start = performance.now();
          await spec.call();
          times.push(performance.now() - start);
        }
      }),
    );
    // The last calls end after `seconds`: divided by the time really taken, slow calls (a login) do not inflate the rate.
    return figuresOf(spec.name, spec.engine, spec.concurrency, times, (performance.now() - started) / 1000);
  };
  let warm = false;
  return {
    name: spec.name,
    async round(seconds) {
      if (!warm && warmupSeconds > 0) await loop(warmupSeconds);
      warm = true;
      return loop(seconds);
    },
  };
}

/** A side that drives `scenario` over HTTP at `url` (warming up before its first round). */
export function httpSide(spec: { name: string; engine: string; url: string; scenario: Scenario }): Side {
  let warm = false;
  return {
    name: spec.name,
    async round(seconds) {
      const figures = await measure(spec.url, spec.engine, { ...spec.scenario, seconds }, !warm);
      warm = true;
      return figures;
    },
  };
}

/**
 * CurrentUser's limit: what a warm call still asks the database (current-user.service.ts; the
 * session, grants, systems, settings and menu text are cached): the user row, then the name of
 * its organisation, 20 callers at once.
 */
export function currentUserLimit(engine: string, db: App['db'], userId: string): Side {
  const users = new UserRepository(db);
  return loopSide({
    name: 'user + organisation name',
    engine,
    concurrency: 20,
    call: async () => {
      const user = await users.findById(userId);
      await users.organizeName(user?.organizeId ?? null);
    },
  });
}

export type Engine = 'PGlite' | 'PostgreSQL';

/** The engines a benchmark runs on (BENCH_ENGINES: pglite, postgres or both, default both). */
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const pgAdmin = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `each` on PGlite (a fresh data directory) and on PostgreSQL (a throwaway database on
 * BENCH_PG_ADMIN's server, dropped afterwards; skipped when none answers).
 */
export async function onEachEngine<T>(
  each: (engine: Engine, databaseUrl: string | null, dataDir: string) => Promise<T[]>,
) {
  const all: T[] = [];
  for (const engine of ['PGlite', 'PostgreSQL'] as const) {
    if (!engines.includes(engine === 'PGlite' ? 'pglite' : 'postgres')) continue;
    const database = engine === 'PGlite' ? null : await throwawayDatabase(pgAdmin);
    if (engine === 'PostgreSQL' && !database) {
      console.log(`PostgreSQL at ${pgAdmin} did not answer: skipped`);
      continue;
    }
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    try {
      all.push(...(await each(engine, database?.url ?? null, dataDir)));
    } finally {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return all;
}

export interface BenchApp {
  url: string;
  app: App;
  close(): Promise<void>;
}

/**
 * The server built as main.ts builds it, in this process, on a free port: its own database
 * connection (`app.db`) is what the limit sides use, so PGlite's one-process directory needs no
 * switching. The load comes from another process (wrk) or a worker.
 */
export async function startApp(
  databaseUrl: string | null,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BenchApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    JOB_POLL_MS: '60000',
    ...env,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const { app } = await buildApp(config);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    // Calls wrk left unanswered finish first (a login takes a while), so they do not meet a closed database.
    close: () => new Promise((resolve) => setTimeout(resolve, 1000)).then(() => app.close()),
  };
}

/** The login form of `account` as the browser sends it (the digest under the server's cipher key). */
export async function loginForm(url: string, account: string, password: string): Promise<string> {
  const config = (await (await fetch(`${url}/api/oauth/getLoginConfig`)).json()) as { data: { cipherKey: string } };
  return new URLSearchParams({
    account,
    password: encryptLoginPayload(md5Hex(password), config.data.cipherKey),
    origin: 'password',
    grant_type: 'password',
  }).toString();
}

/** Signs in and returns the token. */
export async function signIn(url: string, account: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'jnpf-origin': 'pc' },
    body: await loginForm(url, account, password),
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { token: string } };
  if (!body.data) throw new Error(`bench sign-in of ${account} failed: ${body.msg}`);
  return body.data.token;
}

/** A caller of the API as `token`: the answer's data, or an error naming the call and the server's msg. */
export function apiCaller(url: string, token: string) {
  return async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { authorization: token, 'jnpf-origin': 'pc' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await fetch(`${url}${route}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const reply = (await answer.json()) as { code: number; msg: string; data?: T };
    if (reply.code !== 200) throw new Error(`${method} ${route}: ${reply.code} ${reply.msg}`);
    return reply.data as T;
  };
}

/** Rounds per side and seconds per round of an interleaved comparison (BENCH_ROUNDS, BENCH_ROUND_SECONDS). */
export const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
export const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 4);

/** Median and range of `values`; a value that is not a number (NaN: no figure that round) is left out. */
export function spread(values: number[]): Spread {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0 };
}

/**
 * Measures two sides in alternating short rounds (A B A B ...), so that whatever else the shared
 * machine does falls on both alike, and reports each side's median and spread and the spread of the
 * per-round ratio. A ratio from one long run of A and then one of B mostly measures the noise
 * between them (issue 11: 0.73 and 1.41 from the same code).
 */
export async function interleave(engine: string, name: string, first: Side, second: Side): Promise<Comparison> {
  const loadBefore = os.loadavg();
  const results: [Figures[], Figures[]] = [[], []];
  for (let i = 0; i < rounds; i++) {
    results[0].push(await first.round(roundSeconds));
    results[1].push(await second.round(roundSeconds));
  }
  const summary = (side: Side, figures: Figures[]) => ({
    name: side.name,
    reqPerSec: spread(figures.map((f) => f.reqPerSec)),
    p50: spread(figures.map((f) => f.p50)),
    p95: spread(figures.map((f) => f.p95)),
    errors: figures.reduce((n, f) => n + f.errors, 0),
  });
  const ratios = results[1].map((f, i) => f.reqPerSec / (results[0][i]?.reqPerSec || 1));
  const comparison: Comparison = {
    engine,
    name,
    rounds,
    sides: [summary(first, results[0]), summary(second, results[1])],
    ratio: spread(ratios),
    loadBefore,
  };
  // BENCH_JSON=file appends each comparison as soon as it is measured, for the median over several
  // runs (bench/summarise.ts).
  const json = process.env.BENCH_JSON;
  if (json) appendFileSync(json, `${JSON.stringify({ ...comparison, roundSeconds, at: new Date().toISOString() })}\n`);
  return comparison;
}

const fmtSpread = (s: Spread, digits = 0) =>
  `${s.median.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;

/** A markdown table of comparisons: median (min-max) over the rounds, per side and for the ratio. */
export function printComparisons(comparisons: Comparison[], load = `load from ${loadGenerator}`) {
  console.log(
    `\n${rounds} rounds of ${roundSeconds} s per side, alternating; median (min-max) over the rounds; ${load}\n`,
  );
  console.log('| engine | case | load avg before | side | req/s | p50 ms | p95 ms | errors | ratio of req/s |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const c of comparisons) {
    const load = c.loadBefore.map((n) => n.toFixed(2)).join(' ');
    c.sides.forEach((side, i) => {
      const ratio = i === 1 ? fmtSpread(c.ratio, 2) : '';
      console.log(
        `| ${c.engine} | ${c.name} | ${i === 0 ? load : ''} | ${side.name} | ${fmtSpread(side.reqPerSec)} | ${fmtSpread(side.p50, 1)} | ${fmtSpread(side.p95, 1)} | ${side.errors} | ${ratio} |`,
      );
    });
  }
}

/** One side of a timed comparison: one run, answering its figures by name (ms, frames/s, bytes ...). */
export interface TimedSide {
  name: string;
  run(): Promise<Record<string, number>>;
}

export interface TimedComparison {
  name: string;
  rounds: number;
  loadBefore: number[];
  sides: { name: string; figures: Record<string, Spread> }[];
  /** Each figure of the second side over the first's, round by round (where there are two sides). */
  ratio: Record<string, Spread>;
}

/**
 * `interleave` for work measured by the run rather than by the second (an import, a page opened in
 * the browser, a document built): the sides run in turn, round after round (A B A B ..., `rounds`
 * each; a side alone where the work has no limit to be held to), and each figure is reported as
 * the median and spread over the rounds, with the load average before the first.
 */
export async function timedRounds(name: string, sides: TimedSide[], count = rounds): Promise<TimedComparison> {
  const loadBefore = os.loadavg();
  const results: Record<string, number>[][] = sides.map(() => []);
  for (let i = 0; i < count; i++) {
    for (const [s, side] of sides.entries()) results[s]?.push(await side.run());
  }
  const figuresOf = (runs: Record<string, number>[]) =>
    Object.fromEntries(Object.keys(runs[0] ?? {}).map((key) => [key, spread(runs.map((r) => r[key] ?? 0))]));
  const [first, second] = results;
  // A round whose figure is missing on either side (NaN, or a zero to divide by) has no ratio: it is
  // left out, not divided by 1.
  const ratioOf = (key: string) =>
    (second ?? []).flatMap((r, i) => {
      const [b, a] = [r[key], first?.[i]?.[key]];
      return b !== undefined && a !== undefined && Number.isFinite(b) && Number.isFinite(a) && a !== 0 ? [b / a] : [];
    });
  const ratio =
    first && second
      ? Object.fromEntries(
          Object.keys(second[0] ?? {})
            .filter((key) => key in (first[0] ?? {}))
            .map((key) => [key, spread(ratioOf(key))]),
        )
      : {};
  return {
    name,
    rounds: count,
    loadBefore,
    sides: sides.map((side, s) => ({ name: side.name, figures: figuresOf(results[s] ?? []) })),
    ratio,
  };
}

/** A markdown table of timed comparisons: per side and figure, median (min-max) over the rounds. */
export function printTimed(comparisons: TimedComparison[], digits: Record<string, number> = {}) {
  const keys = [...new Set(comparisons.flatMap((c) => c.sides.flatMap((s) => Object.keys(s.figures))))];
  console.log(`\n${comparisons[0]?.rounds ?? rounds} rounds per side, alternating; median (min-max) over the rounds\n`);
  console.log(`| case | load avg before | side | ${keys.join(' | ')} |`);
  console.log(`|---|---|---|${keys.map(() => '---|').join('')}`);
  for (const c of comparisons) {
    const load = c.loadBefore.map((n) => n.toFixed(2)).join(' ');
    const rows = [...c.sides.map((s) => ({ name: s.name, figures: s.figures, ratio: false }))];
    if (Object.keys(c.ratio).length)
      rows.push({ name: `${c.sides[1]?.name} ÷ ${c.sides[0]?.name}`, figures: c.ratio, ratio: true });
    rows.forEach((row, i) => {
      const cells = keys.map((key) => {
        const figure = row.figures[key];
        return figure ? fmtSpread(figure, row.ratio ? 2 : (digits[key] ?? 0)) : '';
      });
      console.log(`| ${i === 0 ? c.name : ''} | ${i === 0 ? load : ''} | ${row.name} | ${cells.join(' | ')} |`);
    });
  }
}

/** A SQL data interface over `sqlText`, made through the API as an administrator would; answers its id. */
export async function createSqlInterface(server: BenchApp, headers: Record<string, string>, sqlText: string) {
  const category = await server.app.db
    .selectFrom('dictionaryData as d')
    .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
    .select('d.id')
    .where('k.enCode', '=', 'DataInterfaceType')
    .executeTakeFirstOrThrow();
  const created = (await (
    await fetch(`${server.url}/api/system/DataInterface`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        fullName: '物料',
        enCode: 'bench.items',
        category: category.id,
        type: 1,
        hasPage: 1,
        dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql: sqlText } }),
        parameterJson: '[]',
        fieldJson: '[]',
      }),
    })
  ).json()) as { code: number; msg: string; data?: { id: string } };
  if (!created.data) throw new Error(`creating the interface failed: ${created.msg}`);
  return created.data.id;
}
