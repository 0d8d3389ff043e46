/**
 * Sockets benchmark: N concurrent authenticated chat sockets on one instance (memory the server
 * holds for them) and delivery latency p50/p99 of chat messages sent at a fixed rate.
 *
 *   node --import tsx bench/sockets.ts [sockets=2000] [ratePerSecond=500] [seconds=10]
 *
 * The server runs in a child process (its own heap and RSS are what is reported); the clients run
 * here. Users and sessions are written straight into the database, so the figure is the socket
 * layer and not 2,000 password hashes. DATABASE_URL picks PostgreSQL, else embedded PGlite.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

type Ask = { type: 'memory' };
type Answer =
  | { type: 'ready'; port: number; tokens: { userId: string; token: string }[] }
  | { type: 'memory'; rss: number; heapUsed: number; sockets: number };

if (process.argv[2] === '--serve') await serve(Number(process.argv[3]));
else await drive();

async function serve(users: number) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { newId } = await import('../apps/server/src/core/ids.ts');
  const config = { ...loadConfig(process.env), port: 0, host: '127.0.0.1', logLevel: 'warn' };
  const { app } = await buildApp(config);
  const root = await app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (let i = 0; i < users; i += 500) {
    const rows = Array.from({ length: Math.min(500, users - i) }, (_, k) => ({
      id: newId(),
      account: `bench${i + k}`,
      realName: `压测${i + k}`,
      passwordHash: 'x',
      organizeId: root.id,
    }));
    await app.db.insertInto('appUser').values(rows).execute();
    ids.push(...rows.map((r) => r.id));
  }
  const tokens: { userId: string; token: string }[] = [];
  for (const userId of ids)
    tokens.push({ userId, token: await app.sessions.issue(userId, { ip: null, userAgent: 'bench' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', (ask: Ask) => {
    if (ask.type !== 'memory') return;
    global.gc?.();
    const m = process.memoryUsage();
    process.send?.({ type: 'memory', rss: m.rss, heapUsed: m.heapUsed, sockets: app.socketHub.size } satisfies Answer);
  });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.send?.({ type: 'ready', port, tokens } satisfies Answer);
}

async function drive() {
  const count = Number(process.argv[2] ?? 2000);
  const rate = Number(process.argv[3] ?? 500);
  const seconds = Number(process.argv[4] ?? 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sockets-'));
  const child = fork(import.meta.filename, ['--serve', String(count)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', JOB_POLL_MS: '60000' },
  });
  const ask = (): Promise<Extract<Answer, { type: 'memory' }>> =>
    new Promise((resolve) => {
      child.once('message', (m: Answer) => resolve(m as Extract<Answer, { type: 'memory' }>));
      child.send({ type: 'memory' } satisfies Ask);
    });
  const ready = await new Promise<Extract<Answer, { type: 'ready' }>>((resolve) =>
    child.once('message', (m: Answer) => resolve(m as Extract<Answer, { type: 'ready' }>)),
  );
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const before = await ask();

  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  const opened = Date.now();
  for (let i = 0; i < ready.tokens.length; i += 200) {
    await Promise.all(
      ready.tokens.slice(i, i + 200).map(
        ({ token }, k) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${ready.port}/websocket/${encodeURIComponent(token)}`);
            sockets[i + k] = ws;
            ws.on('message', (data) => {
              const frame = JSON.parse(data.toString()) as { method: string; formMessage?: string };
              if (frame.method === 'initMessage') resolve();
              else if (frame.method === 'receiveMessage' && frame.formMessage)
                latencies.push(Date.now() - Number(frame.formMessage.split(':')[1]));
            });
            ws.once('error', reject);
          }),
      ),
    );
  }
  const openMs = Date.now() - opened;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const held = await ask();

  // Messages at a fixed rate between random pairs; latency is send -> receiveMessage at the peer.
  const total = rate * seconds;
  let sent = 0;
  const started = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate));
      for (; sent < due; sent++) {
        const from = Math.floor(Math.random() * count);
        let to = Math.floor(Math.random() * count);
        if (to === from) to = (to + 1) % count;
        sockets[from]!.send(
          JSON.stringify({
            method: 'SendMessage',
            toUserId: ready.tokens[to]!.userId,
            messageType: 'text',
            messageContent: `m:${Date.now()}`,
          }),
        );
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const deadline = Date.now() + 30_000;
  while (latencies.length < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const sendSeconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

  console.log(`engine ${engine}; ${held.sockets} sockets open in ${openMs} ms`);
  console.log(
    `server memory: RSS ${mb(before.rss)} -> ${mb(held.rss)} MB (+${mb(held.rss - before.rss)}), heap ${mb(before.heapUsed)} -> ${mb(held.heapUsed)} MB (+${mb(held.heapUsed - before.heapUsed)}); ~${((held.rss - before.rss) / held.sockets / 1024).toFixed(1)} KB RSS per socket`,
  );
  console.log(
    `delivery: ${latencies.length}/${total} messages at ${rate}/s over ${sendSeconds.toFixed(1)} s; p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1) ?? 0} ms`,
  );

  for (const ws of sockets) ws.terminate();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
