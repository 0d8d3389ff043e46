import os from 'node:os';
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
 * Drives one endpoint with autocannon and computes the percentiles from every response time
 * (autocannon's own summary has no p95). The scenario is first called once and must answer code
 * 200, so a benchmark of refusals cannot pass for a fast one; non-2xx answers count as errors.
 */
export async function measure(baseUrl: string, engine: string, scenario: Scenario): Promise<Figures> {
  const probe = await fetch(baseUrl + scenario.path, {
    method: scenario.method ?? 'GET',
    headers: { 'jnpf-origin': 'pc', ...scenario.headers },
    ...(scenario.body ? { body: scenario.body } : {}),
  });
  const answer = (await probe.json()) as { code: number; msg: string };
  if (answer.code !== 200) throw new Error(`${scenario.name}: ${scenario.path} answered ${answer.code} ${answer.msg}`);
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
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
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
