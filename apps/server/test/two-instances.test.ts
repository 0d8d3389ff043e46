import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mergePdf, pdfChunkFields } from './helpers/chunk-upload.ts';
import { businessType } from './helpers/dictionaries.ts';
import { multipart } from './helpers/multipart.ts';
import { redisUrl as configuredRedisUrl, needsPostgresAndRedis } from './helpers/needs.ts';
import { startObjectStore, type TestObjectStore } from './helpers/object-store.ts';
import { type Client, type TestApp, testApp, testDatabase } from './helpers/test-app.ts';
import { TestSocket } from './helpers/ws-client.ts';

/**
 * Two server instances that share only one PostgreSQL schema, one Redis and one S3-compatible
 * bucket (each has its own DATA_DIR): a user on one chats with a user on the other, pushes and
 * forced logouts cross over, and a file or export made on one is served by the other, as behind a
 * load balancer. Runs when DATABASE_URL and REDIS_URL are set.
 */
const redisUrl = configuredRedisUrl ?? '';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 6379 });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function listening(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

needsPostgresAndRedis('two instances on one PostgreSQL and one Redis', () => {
  let store: TestObjectStore;
  let one: TestApp;
  let two: TestApp;
  let url1: string;
  let url2: string;
  let alice: Client;
  let bob: Client;
  let admin: Client;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    if (!(await reachable(redisUrl))) {
      throw new Error(
        `Redis is not reachable at ${redisUrl}: the two-instance test needs it (set REDIS_URL or start Redis)`,
      );
    }
    const database = testDatabase();
    store = await startObjectStore();
    const shared = {
      database,
      redisUrl,
      fileStorage: { kind: 's3' as const, ...store.storage },
      redisChannel: `platform:test:${randomBytes(6).toString('hex')}`,
      jobPollMs: 100,
    };
    one = await testApp(shared);
    two = await testApp(shared);
    url1 = await listening(one);
    url2 = await listening(two);
    aliceId = await one.createUser({ account: 'alice' });
    bobId = await one.createUser({ account: 'bob' });
    alice = await one.signIn('alice', 'Passw0rd');
    bob = await two.signIn('bob', 'Passw0rd');
    admin = await two.signIn();
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await store?.close();
  });

  test('users on different instances chat in real time and see each other online', async () => {
    const a = await TestSocket.open(url1, alice.token!);
    await a.next('initMessage');
    const b = await TestSocket.open(url2, bob.token!);
    const init = await b.next('initMessage');
    expect(init.onlineUsers).toContain(bobId);
    await a.next('Online', (f) => f.userId === bobId);

    a.send({
      method: 'SendMessage',
      token: alice.token,
      toUserId: bobId,
      messageType: 'text',
      messageContent: '跨实例你好',
    });
    expect(await b.next('receiveMessage')).toMatchObject({ formUserId: aliceId, formMessage: '跨实例你好' });
    expect(await a.next('sendMessage')).toMatchObject({ toUserId: bobId, toMessage: '跨实例你好' });
    b.send({ method: 'SendMessage', token: bob.token, toUserId: aliceId, messageType: 'text', messageContent: '收到' });
    expect(await a.next('receiveMessage')).toMatchObject({ formUserId: bobId, formMessage: '收到' });

    // Presence snapshot: a socket opened later on instance 1 learns bob is online on instance 2.
    const a2 = await TestSocket.open(url1, alice.token!);
    expect((await a2.next('initMessage')).onlineUsers).toEqual(expect.arrayContaining([aliceId, bobId]));
    await a2.close();
    await a.close();
    await b.close();
  });

  test('a notice released on one instance is pushed to a user on the other; a reminder runs once', async () => {
    const a = await TestSocket.open(url1, alice.token!);
    await a.next('initMessage');
    await admin.post('/api/message/Notice', { title: '跨实例公告' });
    const list = await admin.post<{ list: { id: string }[] }>('/api/message/Notice/List', { keyword: '跨实例公告' });
    await admin.put(`/api/message/Notice/${list.data!.list[0]!.id}/Actions/Release`);
    expect(await a.next('messagePush')).toMatchObject({ title: '跨实例公告', toUserId: aliceId });

    const soon = Date.now() + 1000;
    await bob.post('/api/system/Schedule', {
      title: '两实例提醒',
      startDay: soon,
      endDay: soon + 1000,
      reminderTime: -1,
      toUserIds: [aliceId],
    });
    await a.next('messagePush', (f) => f.title === '两实例提醒', 15_000);
    // The reminder is done; a second run of it, had the other instance claimed it too, is part of a
    // poll still under way: once both pollers are idle, every run there was has written its message.
    await Promise.all([one.app.jobs.idle(), two.app.jobs.idle()]);
    const messages = await alice.get<{ list: unknown[] }>('/api/message', { type: '4' });
    expect(messages.data?.list).toHaveLength(1);
    await a.close();
  });

  test('forced offline on one instance closes the socket on the other with a logout frame', async () => {
    const b = await TestSocket.open(url1, bob.token!);
    await b.next('initMessage');
    await two.app.sessions.revokeUser(bobId, 'elsewhere');
    expect(await b.next('logout')).toMatchObject({ msg: '您的帐号在其他地方已登录,被强制踢出', token: bob.token });
    await b.closed;
  });

  test('code-rule numbers taken on both instances at once are distinct and consecutive', async () => {
    const category = { id: await businessType(one) };
    const created = await admin.post('/api/system/BillRule', {
      fullName: '两实例编号',
      enCode: 'two.instances',
      category: category.id,
      type: 1,
      dateFormat: 'no',
      digit: 6,
      startNumber: '1',
    });
    expect(created).toMatchObject({ code: 200 });
    const adminOnOne = await one.signIn();
    const burst = (client: Client) =>
      Array.from({ length: 150 }, () => client.get<string>('/api/system/BillRule/BillNumber/two.instances'));
    const replies = await Promise.all([...burst(adminOnOne), ...burst(admin)]);
    const numbers = replies.map((reply) => Number(reply.data)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  });

  test('a setting saved on one instance is what the other reads at once', async () => {
    expect(await admin.put('/api/system/SysConfig', { sysName: '两实例平台' })).toMatchObject({ code: 200 });
    // The change travels over Redis: the other instance has it within moments, without a restart.
    await expect
      .poll(async () => (await one.anonymous.get<{ sysName: string }>('/api/oauth/getLoginConfig')).data?.sysName, {
        timeout: 2000,
      })
      .toBe('两实例平台');
  });

  test('a dictionary entry added on one instance shows in DictionaryData/All of the other at once', async () => {
    type All = { list: { enCode: string; dictionaryList: { fullName: string }[] }[] };
    const namesOnTwo = async () =>
      (await admin.get<All>('/api/system/DictionaryData/All'))
        .data!.list.find((c) => c.enCode === 'sex')!
        .dictionaryList.map((e) => e.fullName);
    // Instance two has read (and cached) the dictionaries before the change.
    expect(await namesOnTwo()).not.toContain('两实例性别');
    const adminOnOne = await one.signIn();
    const sex = await one.app.db
      .selectFrom('dictionaryType')
      .select('id')
      .where('enCode', '=', 'sex')
      .executeTakeFirstOrThrow();
    const added = await adminOnOne.post('/api/system/DictionaryData', {
      dictionaryTypeId: sex.id,
      parentId: '0',
      fullName: '两实例性别',
      enCode: 'twoInstances',
      sortCode: 9,
      enabledMark: 1,
    });
    expect(added).toMatchObject({ code: 200 });
    // The change crosses over through Redis: no waiting for an expiry, only for the bus (milliseconds).
    await expect.poll(namesOnTwo, { timeout: 1000, interval: 10 }).toContain('两实例性别');
  });
  test('taking a role out of a permission group on one instance revokes the menu on the other', async () => {
    const adminOnOne = await one.signIn();
    const page = await one.app.db
      .selectFrom('menu')
      .select('id')
      .where('enCode', '=', 'system.menu')
      .executeTakeFirstOrThrow();
    const mainId = (
      await one.app.db.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow()
    ).id;
    expect(
      await adminOnOne.post('/api/permission/Role', { fullName: '两实例角色', enCode: 'twoRole', globalMark: 1 }),
    ).toMatchObject({
      code: 200,
    });
    const roleId = (
      await one.app.db.selectFrom('role').select('id').where('enCode', '=', 'twoRole').executeTakeFirstOrThrow()
    ).id;
    const userId = await one.createUser({ account: 'twoGroupUser' });
    await one.app.db
      .insertInto('userRelation')
      .values({ id: `${userId}-role`, userId, objectType: 'Role', objectId: roleId })
      .execute();
    const group = await adminOnOne.post<{ id: string }>('/api/permission/PermissionGroup', {
      fullName: '两实例权限组',
      enCode: 'twoGroup',
    });
    const groupId = group.data!.id;
    await adminOnOne.put(`/api/permission/Authority/Data/${groupId}`, {
      objectType: 'PermissionGroup',
      module: [page.id],
    });
    await adminOnOne.post(`/api/permission/PermissionGroup/PermissionMember/${groupId}`, { ids: [`${roleId}--role`] });
    const userOnTwo = await two.signIn('twoGroupUser', 'Passw0rd');
    const modules = async () => (await userOnTwo.get(`/api/system/Menu/ModuleBySystem/${mainId}`)).code;
    // Instance two resolves (and caches) the user's rights through the group.
    await expect.poll(modules, { timeout: 1000, interval: 10 }).toBe(200);
    expect(await modules()).toBe(200);

    expect(
      await adminOnOne.post(`/api/permission/PermissionGroup/PermissionMember/${groupId}`, { ids: [] }),
    ).toMatchObject({
      code: 200,
    });
    // The change crosses over through Redis: no waiting for the cache's expiry (30 s), only for the bus.
    await expect.poll(modules, { timeout: 1000, interval: 10 }).toBe(403);
  });

  test('a file uploaded on one instance downloads from the other; a chunked upload may alternate', async () => {
    const text = Buffer.from('两个实例: the bytes are in the bucket, not on either disk');
    const up = await alice.call<{ name: string }>({
      method: 'POST',
      url: '/api/file/Uploader/annex',
      ...multipart({}, { name: '共享.txt', content: text }),
    });
    expect(up.code).toBe(200);
    // The uploader again, signed in on the other instance (a file is its uploader's to see).
    const aliceOnTwo = await two.signIn('alice', 'Passw0rd');
    const link = await aliceOnTwo.get<{ url: string }>(`/api/file/Download/annex/${up.data!.name}`);
    const downloaded = await fetch(`${url2}${link.data!.url}`);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(text)).toBe(true);

    // Chunks sent to either instance, as a balancer spreads them; the merge on the first.
    const chunkSize = 1024 * 1024;
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * chunkSize + 999)]);
    const identifier = createHash('md5').update(content).digest('hex');
    const fields = (n: number) => pdfChunkFields({ identifier, size: content.length, chunkSize }, n);
    for (const [n, via] of [
      [1, alice],
      [2, aliceOnTwo],
    ] as const) {
      const data = content.subarray((n - 1) * chunkSize, n === 2 ? content.length : n * chunkSize);
      const sent = await via.call({
        method: 'POST',
        url: '/api/file/chunk',
        ...multipart(fields(n), { name: 'blob', content: data }),
      });
      expect(sent.code).toBe(200);
    }
    const merged = await mergePdf(alice, { identifier, size: content.length });
    expect(merged).toMatchObject({ code: 200, data: { fileSize: content.length } });
    const bigLink = await aliceOnTwo.get<{ url: string }>(`/api/file/Download/annex/${merged.data!.name}`);
    const big = Buffer.from(await (await fetch(`${url2}${bigLink.data!.url}`)).arrayBuffer());
    expect(createHash('md5').update(big).digest('hex')).toBe(identifier);
  });

  test('an export written on one instance is downloaded from the other', async () => {
    const exported = await admin.get<{ url: string }>('/api/permission/Users/ExportData', {
      dataType: '0',
      selectKey: 'account,realName',
    });
    expect(exported.code).toBe(200);
    const fromOne = await fetch(`${url1}${exported.data!.url}`);
    expect(fromOne.status).toBe(200);
    const sheet = Buffer.from(await fromOne.arrayBuffer());
    // An xlsx is a zip: its first bytes are the local file header's signature.
    expect(sheet.readUInt32LE(0)).toBe(0x04034b50);
  });
});
