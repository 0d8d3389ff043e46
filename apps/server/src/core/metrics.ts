import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolMonitor } from '../db/pool-monitor.ts';
import type { App } from './app-types.ts';
import type { JobQueueStats } from './jobs/job.repository.ts';

/** What the gauges read when `/metrics` is asked; app.ts hands in the pieces core does not own. */
export interface MetricsSources {
  database: { kind: 'pglite' | 'postgres'; pool: PoolMonitor | null };
  jobQueue: () => Promise<JobQueueStats[]>;
  openSockets: () => number;
  bus: { kind: 'redis' | 'local'; roundTrip: () => Promise<number> };
}

/** Requests here take milliseconds to a few seconds; exports and big merges go past 10. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A connection is lent at once on an idle pool; waits show as pool exhaustion or PGlite queueing. */
const waitBuckets = [0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];
/** Requests no route matched share one label, so scanning for URLs cannot grow the series without bound. */
export const unmatchedRoute = 'unmatched';

/**
 * This app's metrics in one prom-client registry (not the library's global one: tests build many
 * apps in one process). Counters and histograms are fed as things happen; the gauges are read
 * from their sources when the text is asked for, all at once before it is written.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly labels = ['method', 'route', 'status'] as const;
  private readonly requests = new Counter({
    name: 'platform_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: this.labels,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'platform_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by method, route pattern and status',
    labelNames: this.labels,
    buckets: requestBuckets,
    registers: [this.registry],
  });
  private readonly uploadBytes = new Counter({
    name: 'platform_upload_received_bytes_total',
    help: 'Bytes of multipart request bodies received (uploads, chunks, imports), by route pattern',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'platform_job_failures_total',
    help: 'Failed job attempts on this instance (retried or given up), by job type',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  private readonly gauges = {
    poolMax: this.gauge('platform_db_pool_max_connections', 'Connections the pool may open (PGlite: 1)', ['database']),
    poolOpen: this.gauge('platform_db_pool_open_connections', 'Database connections open, lent or idle', ['database']),
    poolInUse: this.gauge('platform_db_pool_in_use_connections', 'Database connections lent out now', ['database']),
    poolWaiting: this.gauge('platform_db_pool_waiting_clients', 'Callers waiting for a connection now', ['database']),
    jobsDue: this.gauge('platform_jobs_due', 'Jobs due and not yet claimed: the queue depth', ['type']),
    jobsRunning: this.gauge('platform_jobs_running', 'Jobs claimed and running on some instance', ['type']),
    jobsFailed: this.gauge('platform_jobs_failed', 'Jobs that gave up after their last attempt', ['type']),
    oldestDue: this.gauge(
      'platform_job_oldest_due_age_seconds',
      'How long the longest-waiting due job has waited past its time',
      ['type'],
    ),
    sockets: this.gauge('platform_websocket_sockets_open', 'WebSocket connections held by this instance'),
    busLag: this.gauge(
      'platform_event_bus_lag_seconds',
      'Round trip of a probe event through the event bus when metrics are read (+Inf: not back within 2 s)',
      ['bus'],
    ),
  };
  private readonly poolWaits = new Histogram({
    name: 'platform_db_pool_acquire_wait_seconds',
    help: 'Time each caller waited for a database connection',
    labelNames: ['database'] as const,
    buckets: waitBuckets,
    registers: [this.registry],
  });
  private sources: MetricsSources | null = null;
  private stopWatchingPool: () => void = () => {};

  get contentType() {
    return this.registry.contentType;
  }

  /** The process's own figures (CPU, memory, event-loop delay, GC): only the real server, one per process. */
  includeProcessMetrics() {
    collectDefaultMetrics({ register: this.registry });
  }

  watch(sources: MetricsSources) {
    this.sources = sources;
    const { kind, pool } = sources.database;
    this.stopWatchingPool();
    this.stopWatchingPool =
      pool?.onWait((seconds) => this.poolWaits.observe({ database: kind }, seconds)) ?? (() => {});
  }

  request(method: string, route: string | undefined, status: number, seconds: number) {
    const labels = { method, route: route ?? unmatchedRoute, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** A counter for one route's received upload bytes, taken once per request. */
  uploadCounter(route: string | undefined) {
    return this.uploadBytes.labels({ route: route ?? unmatchedRoute });
  }

  jobFailed(type: string) {
    this.jobFailures.inc({ type });
  }

  /** The exposition text: gauges read first, then every family written. */
  async text(): Promise<string> {
    if (this.sources) await this.readGauges(this.sources);
    return this.registry.metrics();
  }

  private async readGauges(sources: MetricsSources) {
    const g = this.gauges;
    const [queue, lag] = await Promise.all([sources.jobQueue(), sources.bus.roundTrip()]);
    const pool = sources.database.pool;
    const database = { database: sources.database.kind };
    g.poolMax.set(database, pool?.max ?? 0);
    g.poolOpen.set(database, pool?.open() ?? 0);
    g.poolInUse.set(database, pool?.inUse ?? 0);
    g.poolWaiting.set(database, pool?.waiting ?? 0);
    // A type whose jobs are all done has no row: its series go rather than keep a stale value.
    for (const gauge of [g.jobsDue, g.jobsRunning, g.jobsFailed, g.oldestDue]) gauge.reset();
    for (const row of queue) {
      g.jobsDue.set({ type: row.type }, row.due);
      g.jobsRunning.set({ type: row.type }, row.running);
      g.jobsFailed.set({ type: row.type }, row.failed);
      g.oldestDue.set({ type: row.type }, row.oldestDueSeconds);
    }
    g.sockets.set(sources.openSockets());
    g.busLag.set({ bus: sources.bus.kind }, lag);
  }

  private gauge(name: string, help: string, labelNames: string[] = []) {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }
}

const multipart = /^multipart\//i;

/**
 * Feeds the request families from every answer (`reply.elapsedTime`: from the request's arrival),
 * labelled by the route's pattern, never the raw URL; and counts multipart bodies' bytes as they
 * are read. The count starts at the body's first `resume` (the parser starting to read): a `data`
 * listener added earlier would set the body flowing before the route's parser is attached and
 * lose what arrived in between.
 */
export function installRequestMetrics(app: App, metrics: Metrics) {
  app.addHook('onRequest', (request, _reply, done) => {
    if (multipart.test(String(request.headers['content-type'] ?? ''))) {
      const counter = metrics.uploadCounter(request.routeOptions.url);
      const body = request.raw;
      body.once('resume', () => body.on('data', (chunk: Buffer) => counter.inc(chunk.length)));
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
