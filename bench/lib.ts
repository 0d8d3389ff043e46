import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
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
  times.sort((a, b) => a - b);
  return {
    name: scenario.name,
    engine,
    connections: scenario.connections ?? 20,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: errors + result.errors + result.non2xx,
  };
}

export function printFigures(rows: Figures[]) {
  const header = ['engine', 'scenario', 'conn', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'errors'];
  const lines = rows.map((r) => [
    r.engine,
    r.name,
    String(r.connections),
    String(r.reqPerSec),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    String(r.requests),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(fmt(line));
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
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
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

/** Rounds per side and seconds per round of an interleaved comparison (BENCH_ROUNDS, BENCH_ROUND_SECONDS). */
export const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
export const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 4);

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
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
  return {
    engine,
    name,
    rounds,
    sides: [summary(first, results[0]), summary(second, results[1])],
    ratio: spread(ratios),
    loadBefore,
  };
}

const fmtSpread = (s: Spread, digits = 0) =>
  `${s.median.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;

/** A markdown table of comparisons: median (min-max) over the rounds, per side and for the ratio. */
export function printComparisons(comparisons: Comparison[]) {
  console.log(
    `\n${rounds} rounds of ${roundSeconds} s per side, alternating; median (min-max) over the rounds; load from ${loadGenerator}\n`,
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
