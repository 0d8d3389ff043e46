import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { WebSocket as NodeWebSocket, type WebSocket as ServerSide, WebSocketServer } from 'ws';
import { i18n } from '../i18n/index.ts';
import { useSession } from '../session/store.ts';
import { MessageSocket, type ServerFrame, type SocketLike, type SocketSettings, socketSettings } from './ws.ts';

/** A real WebSocket server on a free local port: the client under test talks to it over TCP. */
let server: WebSocketServer;
let port: number;
let connections: { socket: ServerSide; url: string; frames: string[] }[];
let toasts: string[];
let reloads: number;
let client: MessageSocket;
/** The client's own sockets, each with the frames it has received so far (before the client reads them). */
let sockets: { ws: NodeWebSocket; heard: string[] }[];
/** Delays the client asked its timer for (a reconnect or a refresh's reload), in order. */
let scheduled: number[];

const token = 'Bearer test-token';

function settings(overrides: Partial<SocketSettings> = {}): SocketSettings {
  return {
    ...socketSettings,
    url: (t) => `ws://127.0.0.1:${port}/api/message/websocket/${encodeURIComponent(t)}`,
    create: (url) => {
      const ws = new NodeWebSocket(url);
      const mine = { ws, heard: [] as string[] };
      // Listening before the client does: once a frame is heard here, the client has handled it too.
      ws.on('message', (data) => mine.heard.push(data.toString()));
      sockets.push(mine);
      return ws as unknown as SocketLike;
    },
    after: (ms, run) => {
      scheduled.push(ms);
      return socketSettings.after(ms, run);
    },
    heartbeatMs: 60_000,
    reconnectMs: 20,
    reconnectMaxMs: 100,
    refreshDelayMs: 50,
    handshake: () => ({ mobileDevice: false, systemId: 'sys', isSeparate: false }),
    toastError: (text) => toasts.push(text),
    reload: () => {
      reloads += 1;
    },
    ...overrides,
  };
}

async function nextConnection(index: number) {
  await expect.poll(() => connections.length, { timeout: 3000 }).toBeGreaterThan(index);
  return connections[index] as (typeof connections)[number];
}

async function frameOf(conn: { frames: string[] }, index: number) {
  await expect.poll(() => conn.frames.length, { timeout: 3000 }).toBeGreaterThan(index);
  return conn.frames[index] as string;
}

/** Resolves when the client's socket has closed: its close handlers, the client's included, have run. */
const closed = (ws: NodeWebSocket) =>
  ws.readyState === NodeWebSocket.CLOSED ? Promise.resolve() : once(ws, 'close').then(() => undefined);

const push = (conn: { socket: ServerSide }, frame: ServerFrame) => conn.socket.send(JSON.stringify(frame));

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

beforeEach(async () => {
  connections = [];
  sockets = [];
  scheduled = [];
  toasts = [];
  reloads = 0;
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  server.on('connection', (socket, request) => {
    const conn = { socket, url: request.url ?? '', frames: [] as string[] };
    socket.on('message', (data) => conn.frames.push(data.toString()));
    connections.push(conn);
  });
  useSession.setState({ token, userInfo: null, locked: false });
});

afterEach(async () => {
  client?.close();
  for (const c of server.clients) c.terminate();
  await new Promise((resolve) => server.close(resolve));
});

test('opens with the token in the path and greets with OnConnection before any queued frame', async () => {
  client = new MessageSocket(settings());
  client.connect(token);
  // Sent while still connecting: it waits for the handshake.
  client.send({ method: 'MessageList', toUserId: 'u2', formUserId: 'u1', currentPage: 1, pageSize: 30 });
  const conn = await nextConnection(0);
  expect(conn.url).toBe(`/api/message/websocket/${encodeURIComponent(token)}`);
  expect(JSON.parse(await frameOf(conn, 0))).toEqual({
    method: 'OnConnection',
    token,
    mobileDevice: false,
    systemId: 'sys',
    isSeparate: false,
  });
  expect(JSON.parse(await frameOf(conn, 1))).toMatchObject({
    method: 'MessageList',
    toUserId: 'u2',
    formUserId: 'u1',
    token,
  });
});

test('server frames reach the subscribers of their method and of "*"; others and bad frames do not', async () => {
  client = new MessageSocket(settings());
  const inits: ServerFrame[] = [];
  const all: string[] = [];
  client.subscribe('initMessage', (f) => inits.push(f));
  const off = client.subscribe('*', (f) => all.push(f.method));
  client.connect(token);
  const conn = await nextConnection(0);
  await frameOf(conn, 0);
  conn.socket.send('not json');
  conn.socket.send('pong');
  push(conn, { method: 'initMessage', unreadTotalCount: 3, unreadNums: [{ formUserId: 'u2', unreadNum: 3 }] });
  push(conn, { method: 'receiveMessage', formUserId: 'u2', messageType: 'text', formMessage: 'hi', dateTime: 1 });
  await expect.poll(() => all).toEqual(['initMessage', 'receiveMessage']);
  expect(inits).toHaveLength(1);
  expect(inits[0]?.unreadTotalCount).toBe(3);
  off();
  push(conn, { method: 'messagePush', unreadNoticeCount: 4 });
  // Frames are handled in order: once the later initMessage is in, the messagePush was handled.
  push(conn, { method: 'initMessage', unreadTotalCount: 0, unreadNums: [] });
  await expect.poll(() => inits).toHaveLength(2);
  expect(all).toEqual(['initMessage', 'receiveMessage']);
});

test('a dropped connection is reopened with backoff and greets again', async () => {
  client = new MessageSocket(settings());
  client.connect(token);
  const first = await nextConnection(0);
  await frameOf(first, 0);
  first.socket.terminate();
  const second = await nextConnection(1);
  expect(JSON.parse(await frameOf(second, 0)).method).toBe('OnConnection');
  expect(client.status).toBe('open');
});

test('each beat pings; answered pongs keep the socket; three silent beats reopen it', async () => {
  // The heartbeat's clock and interval are the test's: each beat is one call, the frames are real.
  let clock = 0;
  let beat: (() => void) | undefined;
  const intervals: number[] = [];
  client = new MessageSocket(
    settings({
      heartbeatMs: 1000,
      now: () => clock,
      every: (ms, run) => {
        intervals.push(ms);
        beat = run;
        return () => {
          beat = undefined;
        };
      },
    }),
  );
  client.connect(token);
  const conn = await nextConnection(0);
  await frameOf(conn, 0);
  expect(intervals).toEqual([1000]);
  const pings = () => conn.frames.filter((f) => f === 'ping').length;
  const pongs = () => sockets[0]?.heard.filter((f) => f === 'pong').length;
  // Five beats, 5 s in all, more than three beats of silence had the pongs not counted.
  for (let n = 1; n <= 5; n++) {
    clock += 1000;
    beat?.();
    await expect.poll(pings).toBe(n);
    conn.socket.send('pong');
    await expect.poll(pongs).toBe(n);
  }
  expect(connections).toHaveLength(1);
  expect(client.status).toBe('open');

  // Then the server says nothing for three beats: the next beat gives the socket up and a new one greets.
  clock += 3001;
  beat?.();
  const second = await nextConnection(1);
  expect(JSON.parse(await frameOf(second, 0)).method).toBe('OnConnection');
  expect(pings()).toBe(5);
  expect(scheduled).toHaveLength(1);
});

test('logout for this token: closed for good, the message shown, the session reset, the page reloaded', async () => {
  client = new MessageSocket(settings());
  client.connect(token);
  const conn = await nextConnection(0);
  await frameOf(conn, 0);
  push(conn, { method: 'logout', msg: '您的帐号在其他地方已登录,被强制踢出', token });
  await expect.poll(() => reloads).toBe(1);
  expect(toasts).toEqual(['您的帐号在其他地方已登录,被强制踢出']);
  expect(useSession.getState().token).toBe('');
  // Once the client's socket has closed, a client that meant to come back would have scheduled it.
  await closed((sockets[0] as (typeof sockets)[number]).ws);
  expect(scheduled).toEqual([]);
  expect(connections).toHaveLength(1);
  expect(client.status).toBe('closed');
});

test('logout without a message shows 登录过期,请重新登录', async () => {
  client = new MessageSocket(settings());
  client.connect(token);
  const conn = await nextConnection(0);
  await frameOf(conn, 0);
  push(conn, { method: 'logout', token });
  await expect.poll(() => toasts).toEqual(['登录过期,请重新登录']);
});

test('logout for another token only reloads the page', async () => {
  client = new MessageSocket(settings());
  client.connect(token);
  const conn = await nextConnection(0);
  await frameOf(conn, 0);
  push(conn, { method: 'logout', msg: 'x', token: 'Bearer older' });
  await expect.poll(() => reloads).toBe(1);
  expect(toasts).toEqual([]);
  expect(useSession.getState().token).toBe(token);
});

test('closeSocket closes without reconnecting', async () => {
  client = new MessageSocket(settings());
  client.connect(token);
  const conn = await nextConnection(0);
  await frameOf(conn, 0);
  push(conn, { method: 'closeSocket' });
  await expect.poll(() => client.status).toBe('closed');
  await closed((sockets[0] as (typeof sockets)[number]).ws);
  expect(scheduled).toEqual([]);
  expect(connections).toHaveLength(1);
});

test('refresh with a message shows it and reloads after the delay; without one reloads at once', async () => {
  const later: (() => void)[] = [];
  client = new MessageSocket(
    settings({
      refreshDelayMs: 2000,
      after: (ms, run) => {
        scheduled.push(ms);
        later.push(run);
        return () => {};
      },
    }),
  );
  client.connect(token);
  const conn = await nextConnection(0);
  await frameOf(conn, 0);
  push(conn, { method: 'refresh', msg: '系统已更新' });
  await expect.poll(() => toasts).toEqual(['系统已更新']);
  // The reload waits for the 2 s the message is shown.
  expect(scheduled).toEqual([2000]);
  expect(reloads).toBe(0);
  later[0]?.();
  expect(reloads).toBe(1);
  push(conn, { method: 'refresh' });
  await expect.poll(() => reloads).toBe(2);
  expect(scheduled).toEqual([2000]);
});

test('close() stops for good and a new token opens a new socket', async () => {
  client = new MessageSocket(settings());
  client.connect(token);
  const first = await nextConnection(0);
  await frameOf(first, 0);
  client.connect('Bearer next');
  const second = await nextConnection(1);
  expect(second.url).toContain(encodeURIComponent('Bearer next'));
  client.close();
  client.send({ method: 'SendMessage', toUserId: 'u2', messageType: 'text', messageContent: 'lost' });
  // The server has every frame sent before the close by the time the client's socket is closed.
  await closed((sockets[1] as (typeof sockets)[number]).ws);
  expect(scheduled).toEqual([]);
  expect(connections).toHaveLength(2);
  expect(second.frames.some((f) => f.includes('lost'))).toBe(false);
});
