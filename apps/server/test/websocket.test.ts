import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { millisSince } from './helpers/matchers.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';
import { TestSocket } from './helpers/ws-client.ts';

const fileStart = Date.now();

let t: TestApp;
let base: string;
let admin: Client;
let alice: Client;
let bobId: string;
let aliceId: string;
let bob: Client;

beforeAll(async () => {
  t = await testApp({ socketHeartbeatMs: 60_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  aliceId = await t.createUser({ account: 'alice', realName: '爱丽丝' });
  bobId = await t.createUser({ account: 'bob', realName: '鲍勃' });
  admin = await t.signIn();
  alice = await t.signIn('alice', 'Passw0rd');
  bob = await t.signIn('bob', 'Passw0rd');
});
afterAll(() => t.close());

describe('chat socket', () => {
  test('opening answers initMessage with unread counts; a bad token gets a logout frame', async () => {
    const socket = await TestSocket.open(base, alice.token!);
    const init = await socket.next('initMessage');
    expect(init).toMatchObject({
      unreadTotalCount: 0,
      unreadNums: [],
      unreadNoticeCount: 0,
      noticeDefaultText: '暂无公告',
    });
    expect(init.onlineUsers).toContain(aliceId);
    await socket.close();

    const bad = await TestSocket.open(base, 'Bearer nonsense', '/websocket/');
    expect(await bad.next('logout')).toMatchObject({ msg: 'Token验证失败', token: 'Bearer nonsense' });
    expect((await bad.closed).code).toBe(4001);
  });

  test('two users chat in real time: echo to the sender, receiveMessage to the peer, history and read state', async () => {
    const a = await TestSocket.open(base, alice.token!);
    const b = await TestSocket.open(base, bob.token!, '/websocket/');
    await a.next('initMessage');
    await b.next('initMessage');
    expect(await a.next('Online', (f) => f.userId === bobId)).toEqual({ method: 'Online', userId: bobId });

    a.send({
      method: 'SendMessage',
      token: alice.token,
      toUserId: bobId,
      messageType: 'text',
      messageContent: '你好 Bob',
    });
    const echo = await a.next('sendMessage');
    expect(echo).toMatchObject({ UserId: aliceId, toUserId: bobId, messageType: 'text', toMessage: '你好 Bob' });
    expect(echo.dateTime).toEqual(millisSince(fileStart));
    const received = await b.next('receiveMessage');
    expect(received).toMatchObject({ formUserId: aliceId, messageType: 'text', formMessage: '你好 Bob' });

    // Empty text is not sent.
    a.send({ method: 'SendMessage', token: alice.token, toUserId: bobId, messageType: 'text', messageContent: '  ' });
    expect(await a.next('error')).toMatchObject({ msg: '消息内容不能为空' });

    const conversations = await bob.get<{ list: { id: string; unreadMessage: number; latestMessage: string }[] }>(
      '/api/message/imreply',
    );
    expect(conversations.data?.list[0]).toMatchObject({ id: aliceId, unreadMessage: 1, latestMessage: '你好 Bob' });

    b.send({
      method: 'MessageList',
      token: bob.token,
      toUserId: aliceId,
      formUserId: bobId,
      currentPage: 1,
      pageSize: 30,
      sord: 'desc',
      keyword: '',
    });
    const history = await b.next('messageList');
    expect(history).toMatchObject({
      list: [{ sendUserId: aliceId, contentType: 'text', content: '你好 Bob' }],
      pagination: { total: 1, pageSize: 30 },
    });
    b.send({
      method: 'MessageList',
      token: bob.token,
      toUserId: aliceId,
      formUserId: bobId,
      currentPage: 1,
      pageSize: 50,
      sord: 'desc',
      keyword: '不存在',
    });
    expect((await b.next('messageList')).list).toEqual([]);

    b.send({ method: 'UpdateReadMessage', token: bob.token, formUserId: aliceId });
    await b.close();
    // The read mark has no answer frame: a new connection may be served before it is stored, so
    // Bob reconnects until the read state shows (it must, within a few seconds).
    const unreadOnReconnect = async () => {
      const again = await TestSocket.open(base, bob.token!, '/websocket/');
      const init = await again.next('initMessage');
      await again.close();
      return { unreadTotalCount: init.unreadTotalCount, unreadNums: init.unreadNums };
    };
    await expect.poll(unreadOnReconnect, { timeout: 10_000 }).toEqual({ unreadTotalCount: 0, unreadNums: [] });
    expect(await a.next('Offline', (f) => f.userId === bobId)).toEqual({ method: 'Offline', userId: bobId });
    await a.close();
  });

  test('image messages: upload through /IM (images only, 5 MB), then send the name', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const upload = await uploadFile(png, 'a.png', 'image/png');
    expect(upload).toMatchObject({ code: 200, data: { name: expect.stringMatching(/^[0-9a-f]{32}\.png$/) } });
    const name = upload.data!.name;

    const image = await t.app.inject({ method: 'GET', url: `/api/file/Image/IM/${name}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    expect(await uploadFile(Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png')).toMatchObject({
      code: 400,
      msg: '只能上传图片',
    });
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await uploadFile(big, 'big.png', 'image/png')).toMatchObject({ code: 400, msg: '图片大小不能超过5M' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/file/Uploader/IM', payload: {} });
    expect(anonymous.json()).toMatchObject({ code: 602 });

    const a = await TestSocket.open(base, alice.token!);
    const b = await TestSocket.open(base, bob.token!);
    a.send({
      method: 'SendMessage',
      token: alice.token,
      toUserId: bobId,
      messageType: 'image',
      messageContent: { name, width: 10, height: 20 },
    });
    const got = await b.next('receiveMessage');
    expect(got.messageType).toBe('image');
    expect(JSON.parse(got.formMessage as string)).toEqual({
      name,
      width: 10,
      height: 20,
      path: `/api/file/Image/IM/${name}`,
    });
    a.send({
      method: 'SendMessage',
      token: alice.token,
      toUserId: bobId,
      messageType: 'image',
      messageContent: { name: '../../etc/passwd' },
    });
    expect(await a.next('error')).toMatchObject({ msg: '图片不存在，请重新上传' });
    await a.close();
    await b.close();
  });

  test('conversation remove and history delete are per side', async () => {
    expect(await alice.delete(`/api/message/imreply/relocation/${bobId}`)).toMatchObject({ code: 200 });
    const list = await alice.get<{ list: { id: string }[] }>('/api/message/imreply');
    expect(list.data?.list.map((c) => c.id)).not.toContain(bobId);

    expect(await alice.delete(`/api/message/imreply/deleteChatRecord/${bobId}`)).toMatchObject({ code: 200 });
    const a = await TestSocket.open(base, alice.token!);
    a.send({
      method: 'MessageList',
      token: alice.token,
      toUserId: bobId,
      formUserId: aliceId,
      currentPage: 1,
      pageSize: 50,
      sord: 'desc',
    });
    expect(await a.next('messageList')).toMatchObject({ list: [], pagination: { total: 0 } });
    await a.close();
    const b = await TestSocket.open(base, bob.token!);
    b.send({ method: 'MessageList', token: bob.token, toUserId: aliceId, currentPage: 1, pageSize: 50, sord: 'desc' });
    // Bob still has both messages Alice sent him: the text and the image.
    const kept = await b.next('messageList');
    expect((kept.pagination as { total: number }).total).toBe(2);
    expect(kept.list).toHaveLength(2);
    await b.close();

    expect(await alice.delete('/api/message/imreply/deleteChatRecord/bad%20id')).toMatchObject({ code: 400 });
    const contacts = await alice.get<{ list: { account: string }[]; pagination: { pageSize: number } }>(
      '/api/message/imreply/contacts',
      { keyword: 'bo', currentPage: '1', pageSize: '20' },
    );
    expect(contacts.data?.list.map((c) => c.account)).toEqual(['bob']);
  });

  test('a released notice reaches the other user socket as messagePush', async () => {
    const b = await TestSocket.open(base, bob.token!);
    await b.next('initMessage');
    await admin.post('/api/message/Notice', { title: '放假通知', bodyText: '<p>国庆放假</p><script>x</script>' });
    const list = await admin.post<{ list: { id: string }[] }>('/api/message/Notice/List', { keyword: '放假' });
    const id = list.data!.list[0]!.id;
    expect(await admin.put(`/api/message/Notice/${id}/Actions/Release`)).toMatchObject({ code: 200, msg: '发布成功' });
    const push = await b.next('messagePush');
    expect(push).toMatchObject({ title: '放假通知', toUserId: bobId, unreadNoticeCount: 1 });
    await b.close();
  });

  test('logout and forced offline close the socket with a logout frame; logged in elsewhere says so', async () => {
    const carol = await t.createUser({ account: 'carol' });
    const first = await t.signIn('carol', 'Passw0rd');
    const socket = await TestSocket.open(base, first.token!);
    await socket.next('initMessage');
    await first.get('/api/oauth/Logout');
    expect(await socket.next('logout')).toMatchObject({ msg: '登录过期,请重新登录', token: first.token });
    expect((await socket.closed).code).toBe(4001);

    const second = await t.signIn('carol', 'Passw0rd');
    const again = await TestSocket.open(base, second.token!);
    await again.next('initMessage');
    await t.app.sessions.revokeUser(carol, 'elsewhere');
    expect(await again.next('logout')).toMatchObject({
      msg: '您的帐号在其他地方已登录,被强制踢出',
      token: second.token,
    });
    await again.closed;
  });

  test('closeSocket and refresh commands reach the users named', async () => {
    const a = await TestSocket.open(base, alice.token!);
    await a.next('initMessage');
    await t.app.socketHub.command('refresh', [aliceId], '权限已变更');
    expect(await a.next('refresh')).toMatchObject({ msg: '权限已变更' });
    await t.app.socketHub.command('closeSocket', [aliceId]);
    await a.next('closeSocket');
    await a.closed;
  });
});

async function uploadFile(data: Buffer, filename: string, type: string) {
  const boundary = '----test123';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/file/Uploader/IM',
    headers: { authorization: alice.token!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return response.json() as { code: number; msg: string; data?: { name: string } };
}
