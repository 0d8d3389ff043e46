import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MessageService } from '../src/modules/message/message.service.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

let t: TestApp;
let alice: Client;
let bob: Client;
let aliceId: string;

type Row = { id: string; title: string; type: number; isRead: string };

async function deliver(title: string, type: number, userIds: string[]) {
  await t.app.db
    .transaction()
    .execute((trx) =>
      MessageService.deliver(
        trx,
        { type, title, bodyText: `<p>${title}</p>`, excerpt: null, files: null, sourceId: null, releaseUserId: null },
        userIds,
      ),
    );
}

beforeAll(async () => {
  t = await testApp();
  aliceId = await t.createUser({ account: 'alice' });
  await t.createUser({ account: 'bob' });
  alice = await t.signIn('alice', 'Passw0rd');
  bob = await t.signIn('bob', 'Passw0rd');
  for (let i = 1; i <= 25; i++) await deliver(`系统消息 ${i}`, 1, [aliceId]);
  await deliver('公告 A', 3, [aliceId]);
  await deliver('日程提醒', 4, [aliceId]);
});
afterAll(() => t.close());

describe('messages', () => {
  test('the list is mine, newest first, 20 a page, with keyword, type and isRead filters', async () => {
    const page1 = await alice.get<{ list: Row[]; pagination: { total: number; pageSize: number } }>('/api/message');
    expect(page1.data?.pagination).toMatchObject({ total: 27, pageSize: 20 });
    expect(page1.data?.list[0]?.title).toBe('日程提醒');
    expect(page1.data?.list).toHaveLength(20);
    const notices = await alice.get<{ list: Row[] }>('/api/message', { type: '3', isRead: '0', keyword: '', _t: '1' });
    expect(notices.data?.list.map((r) => r.title)).toEqual(['公告 A']);
    const keyword = await alice.get<{ list: Row[] }>('/api/message', { keyword: '消息 2' });
    expect(keyword.data?.list.map((r) => r.title).sort()).toEqual([
      '系统消息 2',
      '系统消息 20',
      '系统消息 21',
      '系统消息 22',
      '系统消息 23',
      '系统消息 24',
      '系统消息 25',
    ]);
    expect((await bob.get<{ list: Row[] }>('/api/message')).data?.list).toEqual([]);
    expect(await alice.get('/api/message', { type: '9' })).toMatchObject({ code: 400 });
    expect(await alice.get('/api/message', { pageSize: '501' })).toMatchObject({ code: 400 });
  });

  test('opening a message reads it; another user cannot open it', async () => {
    const list = await alice.get<{ list: Row[] }>('/api/message', { type: '4' });
    const id = list.data!.list[0]!.id;
    expect(await bob.get(`/api/message/ReadInfo/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    const detail = await alice.get<Row & { bodyText: string }>(`/api/message/ReadInfo/${id}`);
    expect(detail.data).toMatchObject({ title: '日程提醒', isRead: '1', bodyText: '<p>日程提醒</p>' });
    const counts = await alice.get<{ unReadNum: number; unReadSchedule: number }>('/api/message/getUnReadMsgNum');
    expect(counts.data).toMatchObject({ unReadNum: 26, unReadSchedule: 0 });
  });

  test('mark all read honours the filters', async () => {
    expect(await alice.post('/api/message/Actions/ReadAll', { type: '3' })).toMatchObject({ code: 200 });
    let counts = await alice.get<{ unReadNum: number; unReadNotice: number }>('/api/message/getUnReadMsgNum');
    expect(counts.data).toMatchObject({ unReadNum: 25, unReadNotice: 0 });
    await alice.post('/api/message/Actions/ReadAll', { keyword: '消息 1' });
    counts = await alice.get('/api/message/getUnReadMsgNum');
    expect(counts.data?.unReadNum).toBe(25 - 11);
    expect(await alice.post('/api/message/Actions/ReadAll', { isRead: 7 })).toMatchObject({ code: 400 });
  });

  test('records are deleted only for their owner', async () => {
    const list = await alice.get<{ list: Row[] }>('/api/message', { type: '3' });
    const id = list.data!.list[0]!.id;
    await bob.call({ method: 'DELETE', url: '/api/message/Record', payload: { ids: [id] } });
    expect((await alice.get<{ list: Row[] }>('/api/message', { type: '3' })).data?.list).toHaveLength(1);
    expect(await alice.call({ method: 'DELETE', url: '/api/message/Record', payload: { ids: id } })).toMatchObject({
      code: 200,
    });
    expect((await alice.get<{ list: Row[] }>('/api/message', { type: '3' })).data?.list).toHaveLength(0);
    expect(await alice.call({ method: 'DELETE', url: '/api/message/Record', payload: {} })).toMatchObject({
      code: 400,
    });
    expect(await t.anonymous.get('/api/message')).toMatchObject({ code: 602 });
  });
});
