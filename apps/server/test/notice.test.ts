import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
let alice: Client;
let bobId: string;
let bob: Client;

beforeAll(async () => {
  t = await testApp();
  await t.createUser({ account: 'alice' });
  bobId = await t.createUser({ account: 'bob' });
  admin = await t.signIn();
  alice = await t.signIn('alice', 'Passw0rd');
  bob = await t.signIn('bob', 'Passw0rd');
});
afterAll(() => t.close());

async function noticeId(title: string) {
  const list = await admin.post<{ list: { id: string; title: string }[] }>('/api/message/Notice/List', {
    keyword: title,
  });
  return list.data!.list.find((n) => n.title === title)!.id;
}

describe('notices', () => {
  test('create sanitises rich text; edit, info and list', async () => {
    const created = await admin.post('/api/message/Notice', {
      title: '制度更新',
      bodyText:
        '<p onclick="x()">新制度<img src="javascript:alert(1)"><script>alert(1)</script><a href="https://a.cn">链接</a></p>',
      category: '1',
    });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = await noticeId('制度更新');
    const info = await admin.get<{ bodyText: string; excerpt: string; enabledMark: number }>(
      `/api/message/Notice/${id}`,
    );
    expect(info.data?.bodyText).toBe('<p>新制度<img /><a href="https://a.cn">链接</a></p>');
    expect(info.data).toMatchObject({ excerpt: '新制度链接', enabledMark: 0 });
    expect(await admin.put(`/api/message/Notice/${id}`, { title: '制度更新 v2', bodyText: '<b>x</b>' })).toMatchObject({
      code: 200,
    });
    const list = await admin.post<{
      list: { title: string; enabledMark: number; creatorUser: string }[];
      pagination: { total: number };
    }>('/api/message/Notice/List', { currentPage: 1, pageSize: 20, enabledMark: 0 });
    expect(list.data?.list[0]).toMatchObject({ title: '制度更新 v2', enabledMark: 0, creatorUser: '管理员/admin' });
  });

  test('bad input, unknown ids and missing permission are refused', async () => {
    expect(await admin.post('/api/message/Notice', { title: '' })).toMatchObject({ code: 400 });
    expect(await admin.post('/api/message/Notice', { title: 'x', toUserIds: 'all users' })).toMatchObject({
      code: 400,
    });
    expect(await admin.get('/api/message/Notice/999')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.delete('/api/message/Notice/999')).toMatchObject({ code: 400 });
    expect(await alice.post('/api/message/Notice', { title: '越权' })).toMatchObject({ code: 403 });
    expect(await alice.post('/api/message/Notice/List', {})).toMatchObject({ code: 403 });
  });

  test('release delivers a message to the audience only; a released notice cannot be edited or released again', async () => {
    await admin.post('/api/message/Notice', { title: '给 Bob 的公告', bodyText: '<p>hi</p>', toUserIds: [bobId] });
    const id = await noticeId('给 Bob 的公告');
    expect(await admin.put(`/api/message/Notice/${id}/Actions/Release`)).toMatchObject({ code: 200, msg: '发布成功' });
    const bobs = await bob.get<{ list: { title: string; type: number }[] }>('/api/message', { type: '3' });
    expect(bobs.data?.list).toEqual([expect.objectContaining({ title: '给 Bob 的公告', type: 3 })]);
    expect((await alice.get<{ list: unknown[] }>('/api/message', { type: '3' })).data?.list).toEqual([]);
    expect(await admin.put(`/api/message/Notice/${id}`, { title: 'x' })).toMatchObject({
      code: 400,
      msg: '公告已发布，不能修改',
    });
    expect(await admin.put(`/api/message/Notice/${id}/Actions/Release`)).toMatchObject({ code: 400 });

    await admin.post('/api/message/Notice', { title: '全员公告' });
    await admin.put(`/api/message/Notice/${await noticeId('全员公告')}/Actions/Release`);
    expect((await alice.get<{ list: unknown[] }>('/api/message', { type: '3' })).data?.list).toHaveLength(1);

    await admin.post('/api/message/Notice', { title: '过期公告', expirationTime: Date.now() - 1000 });
    expect(await admin.put(`/api/message/Notice/${await noticeId('过期公告')}/Actions/Release`)).toMatchObject({
      code: 400,
      msg: '公告已过期，不能发布',
    });
    expect(await admin.delete(`/api/message/Notice/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
  });

  test('the copy each recipient receives is stored and answered clean, not only the notice', async () => {
    await admin.post('/api/message/Notice', {
      title: '带脚本的公告',
      bodyText:
        '<p onclick="x()">请阅读<script>alert(1)</script><img src="https://cdn.test/a.png" onerror="alert(2)"><a href="javascript:alert(3)">附件</a></p>',
      toUserIds: [bobId],
    });
    const id = await noticeId('带脚本的公告');
    expect(await admin.put(`/api/message/Notice/${id}/Actions/Release`)).toMatchObject({ code: 200 });
    const clean = '<p>请阅读<img src="https://cdn.test/a.png" /><a>附件</a></p>';
    const received = await bob.get<{ list: { id: string; title: string }[] }>('/api/message', { type: '3' });
    const messageId = received.data!.list.find((m) => m.title === '带脚本的公告')!.id;
    expect((await bob.get<{ bodyText: string }>(`/api/message/ReadInfo/${messageId}`)).data?.bodyText).toBe(clean);
    // What is stored is what every later reader (a push, an export, another client) starts from.
    const stored = await t.app.db
      .selectFrom('message')
      .select('bodyText')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(stored.bodyText).toBe(clean);
    const notice = await t.app.db
      .selectFrom('notice')
      .select('bodyText')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(notice.bodyText).toBe(clean);
  });
});
