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
export async function measure(baseUrl: string, engine: string, scenario: Scenario): Promise<Figures> {
  const probe = await fetch(baseUrl + scenario.path, {
    method: scenario.method ?? 'GET',
    headers: { 'jnpf-origin': 'pc', ...scenario.headers },
    ...(scenario.body ? { body: scenario.body } : {}),
  });
  const answer = (await probe.json()) as { code: number; msg: string };
  if (answer.code !== 200) throw new Error(`${scenario.name}: ${scenario.path} answered ${answer.code} ${answer.msg}`);
  const drive = loadGenerator === 'wrk' ? withWrk : withAutocannon;
  if (warmupSeconds > 0) await drive(baseUrl, engine, { ...scenario, seconds: warmupSeconds });
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
