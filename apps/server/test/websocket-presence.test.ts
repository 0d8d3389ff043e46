import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';
import { type Frame, TestSocket } from './helpers/ws-client.ts';

/**
 * Presence frames are gathered and written to each socket in one go; what a client sees must not
 * change: every Online once, in the order the users came online, and an Offline after an Online
 * leaves the user offline.
 */
let t: TestApp;
let base: string;
const users: { id: string; client: Client }[] = [];
let admin: Client;

beforeAll(async () => {
  t = await testApp({ socketHeartbeatMs: 60_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = await t.signIn();
  for (let i = 0; i < 6; i++) {
    const id = await t.createUser({ account: `presence${i}`, realName: `在线${i}` });
    users.push({ id, client: await t.signIn(`presence${i}`, 'Passw0rd') });
  }
});
afterAll(() => t.close());

const presenceOf = (socket: TestSocket) =>
  socket.frames.filter((f) => f.method === 'Online' || f.method === 'Offline').map((f) => `${f.method}:${f.userId}`);

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('sockets opening at once: each sees every other online exactly once, watchers in one order', async () => {
  const watchers = [await TestSocket.open(base, admin.token!)];
  const watcherInit = await watchers[0]!.next('initMessage');
  const [first, ...rest] = users.slice(0, 4);
  watchers.push(await TestSocket.open(base, first!.client.token!));
  await watchers[1]!.next('initMessage');
  await until(() => presenceOf(watchers[0]!).length === 1);

  const opened = await Promise.all(rest.map((u) => TestSocket.open(base, u.client.token!)));
  const inits: Frame[] = await Promise.all(opened.map((s) => s.next('initMessage')));
  const ids = rest.map((u) => u.id);
  await until(() => watchers.every((w) => presenceOf(w).filter((p) => ids.some((id) => p.endsWith(id))).length === 3));
  // A marker user comes online after all of them: a repeated Online of theirs would reach each socket
  // before the marker's, so once every socket has the marker, all their frames are in.
  const marker = 'presence-marker';
  await t.app.bus.publish({ type: 'im.presence', instanceId: 'elsewhere', userId: marker, online: true });
  await until(() => [...watchers, ...opened].every((s) => presenceOf(s).at(-1) === `Online:${marker}`));
  const presence = (socket: TestSocket) => presenceOf(socket).filter((p) => p !== `Online:${marker}`);

  expect(watcherInit.onlineUsers).not.toContain(first!.id);
  expect(presence(watchers[0]!)).toEqual([`Online:${first!.id}`, ...presence(watchers[1]!)]);
  expect(presence(watchers[1]!).sort()).toEqual(ids.map((id) => `Online:${id}`).sort());

  // Each newcomer knows every other newcomer: from its initMessage or from one Online frame, never twice.
  opened.forEach((socket, i) => {
    const others = ids.filter((id) => id !== ids[i]);
    const online = presence(socket);
    expect(online.every((p) => p.startsWith('Online:'))).toBe(true);
    for (const id of others) {
      const frames = online.filter((p) => p === `Online:${id}`).length;
      expect(frames).toBeLessThanOrEqual(1);
      expect(frames + ((inits[i]!.onlineUsers as string[]).includes(id) ? 1 : 0)).toBeGreaterThanOrEqual(1);
    }
    expect(online).not.toContain(`Online:${ids[i]}`);
  });

  await Promise.all([...watchers, ...opened].map((s) => s.close()));
});

test('an Offline right after an Online in the same tick leaves the user offline', async () => {
  const watcher = await TestSocket.open(base, admin.token!);
  await watcher.next('initMessage');
  const ghost = users[5]!.id;
  // Another instance announcing both changes at once, as they arrive over the bus.
  void t.app.bus.publish({ type: 'im.presence', instanceId: 'elsewhere', userId: ghost, online: true });
  void t.app.bus.publish({ type: 'im.presence', instanceId: 'elsewhere', userId: ghost, online: false });
  await until(() => presenceOf(watcher).length === 2);
  expect(presenceOf(watcher)).toEqual([`Online:${ghost}`, `Offline:${ghost}`]);
  const later = await TestSocket.open(base, users[4]!.client.token!);
  const init = await later.next('initMessage');
  expect(init.onlineUsers).not.toContain(ghost);
  expect(t.app.socketHub.onlineUserIds()).not.toContain(ghost);
  await Promise.all([watcher.close(), later.close()]);
});
