/**
 * Sockets benchmark: N concurrent authenticated chat sockets on one instance, then chat messages
 * between random pairs at a fixed rate, on PGlite and on PostgreSQL. Each round opens every
 * socket, sends for BENCH_ROUND_SECONDS, and closes them all; rounds alternate with the limit: the
 * same sockets and messages against a bare `ws` relay in the same server process (no session
 * check, no presence, no stored message: initMessage on connect, the message passed to its peer).
 * The round's "req/s" is sockets opened per second; its p50 / p95 are delivery latencies (send to
 * the peer's receiveMessage). The server's heap held by the open sockets is printed per side.
 *
 *   node --import tsx bench/sockets.ts [sockets=2000] [ratePerSecond=500]
 *
 * The server runs in a child process (its heap is what is reported); the clients run here. Users
 * and sessions are written straight into the database, so the figure is the socket layer and not
 * 2,000 password hashes.
 */
import { fork } from 'node:child_process';
import WebSocket, { WebSocketServer } from 'ws';
import {
  type Comparison,
  type Figures,
  interleave,
  machineLine,
  onEachEngine,
  printComparisons,
  spread,
} from './lib.ts';

type Ask = { type: 'memory' };
type Answer =
  | { type: 'ready'; port: number; barePort: number; tokens: { userId: string; token: string }[] }
  | { type: 'memory'; heapUsed: number; sockets: number };

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
  const bare = bareRelay(new Map(tokens.map((t) => [t.token, t.userId])));
  await new Promise<void>((resolve) => bare.once('listening', resolve));
  const portOf = (address: ReturnType<typeof app.server.address>) =>
    typeof address === 'object' && address ? address.port : 0;
  process.on('message', (ask: Ask) => {
    if (ask.type !== 'memory') return;
    global.gc?.();
    process.send?.({
      type: 'memory',
      heapUsed: process.memoryUsage().heapUsed,
      sockets: app.socketHub.size + bare.clients.size,
    } satisfies Answer);
  });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.send?.({
    type: 'ready',
    port: portOf(app.server.address()),
    barePort: portOf(bare.address()),
    tokens,
  } satisfies Answer);
}

/** The limit: a relay that knows the tokens and passes each message to its peer, nothing more. */
function bareRelay(userOf: Map<string, string>) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const socketOf = new Map<string, WebSocket>();
  server.on('connection', (ws, request) => {
    const userId = userOf.get(decodeURIComponent(request.url?.split('/').pop() ?? '')) ?? '';
    socketOf.set(userId, ws);
    ws.on('close', () => socketOf.delete(userId));
    ws.send(JSON.stringify({ method: 'initMessage', onlineUsers: [] }));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { toUserId: string; messageContent: string };
      ws.send(JSON.stringify({ method: 'sendMessage', toUserId: frame.toUserId, toMessage: frame.messageContent }));
      socketOf
        .get(frame.toUserId)
        ?.send(JSON.stringify({ method: 'receiveMessage', formUserId: userId, formMessage: frame.messageContent }));
    });
  });
  return server;
}

async function drive() {
  const count = Number(process.argv[2] ?? 2000);
  const rate = Number(process.argv[3] ?? 500);
  console.log(`sockets bench: ${machineLine()}; ${count} sockets, ${rate} messages/s`);
  const heaps = new Map<string, number[]>();
  const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<Comparison[]> => {
    const child = fork(import.meta.filename, ['--serve', String(count)], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        JOB_POLL_MS: '60000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    });
    const ask = (): Promise<Extract<Answer, { type: 'memory' }>> =>
      new Promise((resolve) => {
        child.once('message', (m: Answer) => resolve(m as Extract<Answer, { type: 'memory' }>));
        child.send({ type: 'memory' } satisfies Ask);
      });
    const ready = await new Promise<Extract<Answer, { type: 'ready' }>>((resolve) =>
      child.once('message', (m: Answer) => resolve(m as Extract<Answer, { type: 'ready' }>)),
    );

    /** Opens every socket, sends for `seconds`, closes them all; the figures of that round. */
    const round = async (name: string, port: number, seconds: number): Promise<Figures> => {
      const before = await ask();
      const sockets: WebSocket[] = [];
      const latencies: number[] = [];
      const opened = performance.now();
      for (let i = 0; i < ready.tokens.length; i += 200) {
        await Promise.all(
          ready.tokens.slice(i, i + 200).map(
            ({ token }, k) =>
              new Promise<void>((resolve, reject) => {
                const ws = new WebSocket(`ws://127.0.0.1:${port}/websocket/${encodeURIComponent(token)}`);
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
      const openSeconds = (performance.now() - opened) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const held = await ask();
      heaps.set(`${engine} ${name}`, [...(heaps.get(`${engine} ${name}`) ?? []), held.heapUsed - before.heapUsed]);

      // Messages at a fixed rate between random pairs; latency is send -> receiveMessage at the peer.
      const total = Math.round(rate * seconds);
      let sent = 0;
      const started = Date.now();
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate));
          for (; sent < due; sent++) {
            const from = Math.floor(Math.random() * count);
            let to = Math.floor(Math.random() * count);
            if (to === from) to = (to + 1) % count;
            sockets[from]?.send(
              JSON.stringify({
                method: 'SendMessage',
                toUserId: ready.tokens[to]?.userId,
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
      while (latencies.length < total && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      for (const ws of sockets) ws.terminate();
      // The next round starts when the server has let go of every socket (and sent its Offline frames).
      while ((await ask()).sockets > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      latencies.sort((a, b) => a - b);
      const at = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
      return {
        name,
        engine,
        connections: count,
        requests: latencies.length,
        reqPerSec: Math.round(count / openSeconds),
        p50: at(50),
        p95: at(95),
        p99: at(99),
        errors: total - latencies.length,
      };
    };
    try {
      const side = (name: string, port: number) => ({ name, round: (seconds: number) => round(name, port, seconds) });
      return [
        await interleave(
          engine,
          `${count} sockets, ${rate} messages/s`,
          side('bare ws relay', ready.barePort),
          side('chat sockets', ready.port),
        ),
      ];
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
  printComparisons(comparisons, 'clients in this process');
  console.log(
    '\n"req/s" above is sockets opened per second; p50 / p95 are delivery latencies; errors are undelivered messages.',
  );
  console.log('Server heap held by the open sockets (after gc), median (min-max) over the rounds:');
  for (const [key, values] of heaps) {
    const s = spread(values.map((v) => v / 2 ** 20));
    console.log(`  ${key}: +${s.median.toFixed(1)} MB (${s.min.toFixed(1)}-${s.max.toFixed(1)})`);
  }
}
