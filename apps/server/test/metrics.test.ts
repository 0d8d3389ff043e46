import { Readable } from 'node:stream';
import { getMetricsFromStream, type PromData, type PromHistogramData, type PromMetrics } from 'prom2javascript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import { JobRepository } from '../src/core/jobs/job.repository.ts';
import { isLoopback, metricsAccess } from '../src/modules/health/metrics-access.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

/**
 * `/metrics` read as Prometheus reads it: the text goes through a Prometheus text-format parser
 * (prom2javascript), never through patterns of ours, and the families are checked by name and labels.
 */
let t: TestApp;
let admin: Client;
/** An app with METRICS_TOKEN set; the health test at the end drains it. */
let second: TestApp;
const token = 'metrics-token-0123456789';
beforeAll(async () => {
  // The app's runner polls once an hour: only this file's calls run jobs.
  t = await testApp({ jobPollMs: 3_600_000 });
  admin = await t.signIn();
});
// A hook of its own, so each app's start has the whole hook time-out on a loaded machine.
beforeAll(async () => {
  second = await testApp({ metricsToken: token });
});
afterAll(async () => {
  await t?.close();
  await second?.close();
});

async function scrape(app = t.app, headers: Record<string, string> = {}): Promise<PromMetrics> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return getMetricsFromStream(Readable.from([res.body]));
}

const samples = (metrics: PromMetrics, name: string) => (metrics[name]?.data ?? []) as PromData[];
const histograms = (metrics: PromMetrics, name: string) => (metrics[name]?.data ?? []) as PromHistogramData[];
const sampleValue = (metrics: PromMetrics, name: string, labels: Record<string, string>) =>
  samples(metrics, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('/metrics', () => {
  test('a request shows in the latency histogram and the count under its route pattern and status', async () => {
    const name = `${'a'.repeat(32)}.png`;
    const res = await t.app.inject({ method: 'GET', url: `/api/file/Image/userAvatar/${name}` });
    const metrics = await scrape();

    expect(metrics.platform_http_request_duration_seconds?.type).toBe('histogram');
    const route = '/api/file/Image/:type/:name';
    const series = histograms(metrics, 'platform_http_request_duration_seconds').find(
      (h) => h.labels.route === route && h.labels.method === 'GET' && h.labels.status === String(res.statusCode),
    );
    expect(series?.count).toBe(1);
    expect(series?.buckets['+Inf']).toBe(1);
    expect(series?.sum).toBeGreaterThan(0);
    const labels = { route, status: String(res.statusCode) };
    expect(sampleValue(metrics, 'platform_http_requests_total', labels)).toBe(1);
    // The raw URL never becomes a label: one series per route, however many names are asked for.
    const routes = histograms(metrics, 'platform_http_request_duration_seconds').map((h) => h.labels.route);
    expect(routes.some((r) => r?.includes(name))).toBe(false);
  });

  test('a URL no route matches is counted under one label, not its own', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint-4711' });
    const metrics = await scrape();
    expect(sampleValue(metrics, 'platform_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThan(
      0,
    );
    expect(JSON.stringify(metrics)).not.toContain('4711');
  });

  test('upload bytes are counted under the upload route', async () => {
    const boundary = '----metricstest';
    const content = Buffer.alloc(50_000, 'x');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const route = { route: '/api/file/Uploader/:type' };
    const before = sampleValue(await scrape(), 'platform_upload_received_bytes_total', route) ?? 0;
    const res = await admin.call({
      method: 'POST',
      url: '/api/file/Uploader/annex',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.code).toBe(200);
    expect(sampleValue(await scrape(), 'platform_upload_received_bytes_total', route)).toBe(before + payload.length);
  });

  test('the job queue: depth, the oldest due job and failed attempts by type', async () => {
    const repo = new JobRepository(t.app.db);
    await repo.insert([{ id: newId(), type: 'test.waiting', payload: {}, runAt: new Date(Date.now() - 90_000) }]);
    await repo.insert([{ id: newId(), type: 'test.waiting', payload: {}, runAt: new Date(Date.now() - 10_000) }]);
    let metrics = await scrape();
    expect(sampleValue(metrics, 'platform_jobs_due', { type: 'test.waiting' })).toBe(2);
    const age = sampleValue(metrics, 'platform_job_oldest_due_age_seconds', { type: 'test.waiting' }) ?? 0;
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(600);

    t.app.jobs.register('test.broken', async () => {
      throw new Error('broken on purpose');
    });
    await t.app.db.deleteFrom('job').where('type', '=', 'test.waiting').execute();
    await repo.insert([{ id: newId(), type: 'test.broken', payload: {}, runAt: new Date() }]);
    await t.app.jobs.runDue();
    metrics = await scrape();
    expect(sampleValue(metrics, 'platform_job_failures_total', { type: 'test.broken' })).toBe(1);
    // Waiting for its retry, so no longer due; the type whose jobs were removed has no series left.
    expect(sampleValue(metrics, 'platform_jobs_due', { type: 'test.broken' })).toBe(0);
    expect(sampleValue(metrics, 'platform_jobs_due', { type: 'test.waiting' })).toBeUndefined();
  });

  test('the pool, sockets and the event bus are there, read when asked', async () => {
    const metrics = await scrape();
    const database = { database: t.config.database.kind };
    expect(sampleValue(metrics, 'platform_db_pool_max_connections', database)).toBe(
      t.config.database.kind === 'pglite' ? 1 : 10,
    );
    expect(sampleValue(metrics, 'platform_db_pool_open_connections', database)).toBeGreaterThanOrEqual(1);
    expect(sampleValue(metrics, 'platform_db_pool_waiting_clients', database)).toBe(0);
    const waits = histograms(metrics, 'platform_db_pool_acquire_wait_seconds').find(
      (h) => h.labels.database === database.database,
    );
    expect(waits?.count).toBeGreaterThan(0);
    expect(sampleValue(metrics, 'platform_websocket_sockets_open', {})).toBe(0);
    const lag = sampleValue(metrics, 'platform_event_bus_lag_seconds', { bus: 'local' });
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(2);
    for (const [name, type] of Object.entries({
      platform_http_requests_total: 'counter',
      platform_upload_received_bytes_total: 'counter',
      platform_jobs_running: 'gauge',
      platform_jobs_failed: 'gauge',
      platform_db_pool_in_use_connections: 'gauge',
    })) {
      expect(metrics[name]?.type, name).toBe(type);
    }
  });
});

describe('who may read /metrics', () => {
  test('without METRICS_TOKEN: this machine only, and never through a proxy', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ code: 403, msg: '未配置 METRICS_TOKEN 时，监控指标只对本机开放' });
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9', 'accept-language': 'en' },
    });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.json()).toEqual({ code: 403, msg: 'Without METRICS_TOKEN, metrics are open to this machine only' });
  });

  test('with METRICS_TOKEN: the bearer token and nothing else, loopback included', async () => {
    const bare = await second.app.inject({ method: 'GET', url: '/metrics' });
    expect(bare.statusCode).toBe(401);
    expect(bare.headers['www-authenticate']).toBe('Bearer');
    const wrong = await second.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const metrics = await scrape(second.app, { authorization: `Bearer ${token}` });
    expect(metrics.platform_http_requests_total?.type).toBe('counter');
  });

  test.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
    ['2001:db8::1', false],
    [undefined, false],
    ['localhost', false],
  ])('the socket address %s counts as loopback: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
    expect(metricsAccess({ remoteAddress: address, headers: {} }, null)).toBe(loopback ? 'allowed' : 'loopbackOnly');
  });

  test.each([
    [{ authorization: 'Bearer s3cret-token-123456' }, 'allowed'],
    [{ authorization: 'bearer s3cret-token-123456' }, 'allowed'],
    [{ authorization: 'Bearer s3cret-token-12345' }, 'tokenRequired'],
    [{ authorization: 's3cret-token-123456' }, 'tokenRequired'],
    [{ authorization: 'Basic czNjcmV0' }, 'tokenRequired'],
    [{}, 'tokenRequired'],
  ])('with a token configured, %o from loopback is %s', (headers, access) => {
    expect(metricsAccess({ remoteAddress: '127.0.0.1', headers }, 's3cret-token-123456')).toBe(access);
  });

  test.each(['x-forwarded-for', 'forwarded', 'x-real-ip'])('without a token, a request carrying %s is refused', (h) => {
    expect(metricsAccess({ remoteAddress: '127.0.0.1', headers: { [h]: '127.0.0.1' } }, null)).toBe('loopbackOnly');
  });
});

describe('health', () => {
  // Last in the file: it leaves the second app draining.
  test('/api/health keeps its answer; live and ready answer 200; draining makes ready 503 and live stays', async () => {
    const legacy = await second.app.inject({ method: 'GET', url: '/api/health' });
    expect(legacy.json()).toMatchObject({ code: 200, data: { status: 'ok', version: '3.6.0' } });
    expect((await second.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toMatchObject({
      code: 200,
      data: { status: 'live' },
    });
    expect((await second.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

    second.app.lifecycle.drain();
    const ready = await second.app.inject({
      method: 'GET',
      url: '/api/health/ready',
      headers: { 'accept-language': 'en' },
    });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ code: 503, msg: 'The server is shutting down and takes no new requests' });
    // Every answer while draining closes its connection, so keep-alive cannot hold the shutdown.
    expect(ready.headers.connection).toBe('close');
    const live = await second.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
  });
});
