import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { embeddedOnly } from './helpers/needs.ts';
import { startServerProcess } from './helpers/server-process.ts';
import { loginPayload, testCipherKey } from './helpers/test-app.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const env = { ADMIN_PASSWORD: 'Proc@12345', LOGIN_CIPHER_KEY: testCipherKey };

async function login(url: string) {
  const res = await fetch(`${url}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: loginPayload('Proc@12345') }).toString(),
  });
  return (await res.json()) as { code: number; data?: { token: string } };
}

/** Runs main.ts to its end and returns what it printed (for start-up refusals). */
function runToExit(extraEnv: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', DATABASE_URL: '', ...extraEnv },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// The embedded database's own guarantees; PostgreSQL runs are covered by the server itself.
embeddedOnly('the server process on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-proc-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a second server on the same DATA_DIR refuses to start and points to PostgreSQL', async () => {
    const first = await startServerProcess(env, dataDir);
    try {
      const second = runToExit({ ...env, DATA_DIR: dataDir });
      expect(second.status).toBe(1);
      expect(second.output).toContain('is in use by another server');
      expect(second.output).toContain('DATABASE_URL');
      expect((await login(first.url)).code).toBe(200);
    } finally {
      await first.crash();
    }
  });

  test('after kill -9 the server starts again and every committed write is there', async () => {
    const before = await startServerProcess(env, dataDir);
    const session = await login(before.url);
    expect(session.code).toBe(200);
    await before.crash();

    const after = await startServerProcess(env, dataDir);
    try {
      const res = await fetch(`${after.url}/api/oauth/CurrentUser`, {
        headers: { authorization: session.data!.token },
      });
      expect(((await res.json()) as { code: number }).code).toBe(200);
    } finally {
      await after.crash();
    }
  });

  test('SIGTERM finishes cleanly and releases the data directory', async () => {
    const server = await startServerProcess(env, dataDir);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    await server.stop({ keepDataDir: true });
    expect(server.exitCode()).toBe(0);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });
});

/** A GET on a connection of its own: its status, or 'refused' when no connection is accepted. */
function statusOnNewConnection(url: string): Promise<number | 'refused'> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
      );
  });
}

/** A login whose body arrives in two parts, over a keep-alive connection as a browser's would be. */
function slowLogin(url: string) {
  const body = new URLSearchParams({ account: 'admin', password: loginPayload('Proc@12345') }).toString();
  const request = http.request(`${url}/api/oauth/Login`, {
    method: 'POST',
    agent: new http.Agent({ keepAlive: true }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; code: number }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          code: (JSON.parse(text) as { code: number }).code,
        }),
      );
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { finish: () => request.end(body.slice(10)), answer };
}

// Shutdown is the same on either database; the server process runs the embedded one.
embeddedOnly('graceful shutdown of the server process', () => {
  test('SIGTERM: not ready at once, a request in flight finishes, new connections are refused, exit 0', async () => {
    const server = await startServerProcess({ ...env, SHUTDOWN_DELAY_MS: '3000' });
    const ready = `${server.url}/api/health/ready`;
    try {
      expect(await statusOnNewConnection(ready)).toBe(200);
      const login = slowLogin(server.url);
      // The request's head is with the server (the body has begun) before the signal.
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.signal('SIGTERM');

      // During the delay: still serving, but not ready, so a balancer stops sending.
      await expect.poll(() => statusOnNewConnection(ready), { timeout: 2500, interval: 100 }).toBe(503);
      expect(await statusOnNewConnection(`${server.url}/api/health/live`)).toBe(200);
      // Then the listener closes while the slow request is still open.
      await expect.poll(() => statusOnNewConnection(ready), { timeout: 15_000, interval: 200 }).toBe('refused');
      expect(server.exitCode()).toBeNull();

      login.finish();
      expect(await login.answer).toEqual({ status: 200, connection: 'close', code: 200 });
      expect(await server.exited()).toBe(0);
    } finally {
      await server.crash();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('configuration at start', () => {
  test('production refuses to start without LOGIN_CIPHER_KEY, naming it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-prod-'));
    try {
      const run = runToExit({ NODE_ENV: 'production', DATA_DIR: dataDir, LOGIN_CIPHER_KEY: '', ADMIN_PASSWORD: 'x' });
      expect(run.status).toBe(1);
      expect(run.output).toContain('LOGIN_CIPHER_KEY is not set');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a wrong value stops the server with a message that names it', () => {
    expect(runToExit({ PORT: 'abc' }).output).toContain('PORT must be an integer');
    expect(runToExit({ LOGIN_CIPHER_KEY: 'short' }).output).toContain('LOGIN_CIPHER_KEY must be exactly 16 characters');
  });
});
