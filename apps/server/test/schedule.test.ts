import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';
import { TestSocket } from './helpers/ws-client.ts';

let t: TestApp;
let alice: Client;
let bob: Client;
let carol: Client;
let bobId: string;
let base: string;
const day = 86_400_000;
const start = Date.UTC(2030, 0, 1, 1, 0);

type Row = { id: string; groupId: string; title: string; startDay: number; endDay: number; repetition: string };

beforeAll(async () => {
  t = await testApp({ jobPollMs: 100 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await t.createUser({ account: 'alice' });
  bobId = await t.createUser({ account: 'bob', realName: '鲍勃' });
  await t.createUser({ account: 'carol' });
  alice = await t.signIn('alice', 'Passw0rd');
  bob = await t.signIn('bob', 'Passw0rd');
  carol = await t.signIn('carol', 'Passw0rd');
});
afterAll(() => t.close());

const range = (client: Client, from: number, to: number) =>
  client.get<{ list: Row[] }>('/api/system/Schedule', { startTime: String(from), endTime: String(to) });

describe('schedules', () => {
  test('create, list by range, detail by groupId and id; participants see it, others do not', async () => {
    const created = await alice.post('/api/system/Schedule', {
      title: '周会',
      content: '<p>议程<script>x</script></p>',
      urgent: 2,
      startDay: start,
      endDay: start + 3600_000,
      toUserIds: [bobId],
    });
    expect(created).toMatchObject({ code: 200 });
    const mine = await range(alice, start - day, start + day);
    expect(mine.data?.list).toEqual([expect.objectContaining({ title: '周会', repetition: '1' })]);
    const row = mine.data!.list[0]!;
    const detail = await bob.get<{ content: string; toUser: string[]; creatorUser: string }>(
      '/api/system/Schedule/detail',
      {
        groupId: row.groupId,
        id: row.id,
      },
    );
    expect(detail.data).toMatchObject({ content: '<p>议程</p>', toUser: ['鲍勃/bob'], creatorUser: 'alice/alice' });
    expect((await range(bob, start - day, start + day)).data?.list).toHaveLength(1);
    expect((await range(carol, start - day, start + day)).data?.list).toHaveLength(0);
    expect(await carol.get(`/api/system/Schedule/${row.id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await bob.delete(`/api/system/Schedule/${row.id}/3`)).toMatchObject({
      code: 400,
      msg: '只有创建人可以修改或删除日程',
    });
    expect(await alice.delete(`/api/system/Schedule/${row.id}/3`)).toMatchObject({ code: 200 });
  });

  test('bad input is refused', async () => {
    expect(await alice.post('/api/system/Schedule', { title: 'x', startDay: start, endDay: start - 1 })).toMatchObject({
      code: 400,
      msg: '结束时间不能早于开始时间',
    });
    expect(await alice.post('/api/system/Schedule', { title: '', startDay: start, endDay: start })).toMatchObject({
      code: 400,
    });
    expect(
      await alice.post('/api/system/Schedule', { title: 'x', startDay: '2030-01-01', endDay: start }),
    ).toMatchObject({ code: 400 });
    expect(await alice.get('/api/system/Schedule')).toMatchObject({ code: 400 });
    expect(await alice.delete('/api/system/Schedule/1/4')).toMatchObject({ code: 400 });
  });

  test('a repeating entry: delete this one, this and later, and edit all', async () => {
    await alice.post('/api/system/Schedule', {
      title: '晨会',
      startDay: start,
      endDay: start + 1800_000,
      repetition: '2',
      repeatTime: start + 9 * day,
    });
    let rows = (await range(alice, start - day, start + 20 * day)).data!.list;
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.groupId)).size).toBe(1);
    await alice.delete(`/api/system/Schedule/${rows[2]!.id}/1`);
    rows = (await range(alice, start - day, start + 20 * day)).data!.list;
    expect(rows).toHaveLength(9);
    await alice.delete(`/api/system/Schedule/${rows[5]!.id}/2`);
    rows = (await range(alice, start - day, start + 20 * day)).data!.list;
    expect(rows).toHaveLength(5);
    expect(
      await alice.put(`/api/system/Schedule/${rows[1]!.id}/3`, {
        title: '晨会（改）',
        startDay: start,
        endDay: start + 1800_000,
        repetition: '3',
        repeatTime: start + 14 * day,
      }),
    ).toMatchObject({ code: 200 });
    rows = (await range(alice, start - day, start + 20 * day)).data!.list;
    expect(rows.map((r) => r.title)).toEqual(['晨会（改）', '晨会（改）', '晨会（改）']);
    expect(
      await alice.put(`/api/system/Schedule/${rows[0]!.id}/1`, { title: '单独改', startDay: start, endDay: start }),
    ).toMatchObject({ code: 200 });
    rows = (await range(alice, start - day, start + 20 * day)).data!.list;
    expect(rows.map((r) => r.title)).toEqual(['单独改', '晨会（改）', '晨会（改）']);
  });

  test('a reminder becomes a type-4 message at its time and is pushed to the socket', async () => {
    const socket = await TestSocket.open(base, bob.token!);
    await socket.next('initMessage');
    const soon = Date.now() + 1500;
    await alice.post('/api/system/Schedule', {
      title: '马上开会',
      startDay: soon,
      endDay: soon + 60_000,
      reminderTime: -1,
      toUserIds: [bobId],
    });
    const push = await socket.next('messagePush', (f) => f.title === '马上开会', 15_000);
    expect(push).toMatchObject({ toUserId: bobId, unreadNoticeCount: 1 });
    const messages = await bob.get<{ list: { id: string; title: string; type: number }[] }>('/api/message', {
      type: '4',
    });
    expect(messages.data?.list).toEqual([expect.objectContaining({ title: '马上开会', type: 4 })]);
    const detail = await bob.get<{ bodyText: string }>(`/api/message/ReadInfo/${messages.data!.list[0]!.id}`);
    // The message opens the schedule it reminds of.
    const [meeting] = (await range(bob, soon - day, soon + day)).data!.list.filter((r) => r.title === '马上开会');
    expect(JSON.parse(detail.data!.bodyText)).toMatchObject({ type: 2, id: meeting!.id, groupId: meeting!.groupId });
    const jobs = await t.app.db.selectFrom('job').select(['status']).execute();
    expect(jobs.filter((j) => j.status === 'done')).toHaveLength(1);
    expect(jobs.filter((j) => j.status === 'running')).toHaveLength(0);
    await socket.close();
  });
});
