import type { FlowTodoRow, PageData } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sleep, until } from './helpers/polling.ts';
import { adminAppWith, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, launch, releasedFlow, startWith, subFlow, todoRows } from './helpers/workflow-flows.ts';

/**
 * Engine edges (issue 22): a parent terminated while its sub-flow child finishes (one lock order,
 * no deadlock on PostgreSQL); a node recalled after its time-limit jobs ended gets them again;
 * one delegation read by its id (the entrust edit dialog); a batch approval of a flow that asks
 * for a signature carries one signature for every row (protocol-workflow.md: every action body
 * carries `signImg`).
 */

const B = '/api/workflow/Engine/FlowBefore';
const D = '/api/workflow/Engine/FlowDelegate';
const second = 1 / 3600;

let t: TestApp;
let admin: Client;
let alice: Client, bob: Client, carol: Client;
let ids: Record<string, string>;

const status = async (taskId: string) =>
  (await admin.get<{ flowTaskInfo: { status: number } }>(`${B}/${taskId}`)).data?.flowTaskInfo.status;
const messageTitles = async (client: Client) =>
  ((await client.get<PageData<{ title: string }>>('/api/message', { pageSize: '100' })).data?.list ?? []).map(
    (m) => m.title,
  );

beforeAll(async () => {
  ({ t, admin, ids, alice, bob, carol } = await adminAppWith(['alice', 'bob', 'carol'], { jobPollMs: 100 }));
});
afterAll(() => t.close());

describe('lock order', () => {
  test('terminating a parent while its sub-flow child is approved: both answer, every time, and agree', async () => {
    const childFlowId = await releasedFlow(admin, 'lockChild', startWith(approver('ccheck', ids.bob as string)));
    const flowId = await releasedFlow(
      admin,
      'lockParent',
      startWith(subFlow(childFlowId, ids.carol as string, approver('final', ids.carol as string))),
    );
    for (let round = 0; round < 8; round++) {
      const taskId = await launch(alice, flowId);
      const childRow = (await todoRows(bob)).find((r) => r.flowId === childFlowId && r.processId !== taskId);
      expect(childRow).toBeDefined();
      const row = childRow as FlowTodoRow;
      // The parent's terminate locks parent then child; the child's approval ends it and moves its parent.
      const [cancelled, approved] = await Promise.all([
        admin.post(`${B}/Cancel/${taskId}`, { handleOpinion: '终止' }),
        bob.post(`${B}/Audit/${row.id}`, { handleOpinion: '同意' }),
      ]);
      expect(cancelled).toMatchObject({ code: 200 });
      expect([200, 400]).toContain(approved.code);
      expect(await status(taskId)).toBe(5);
      // Approved first: the child ended approved; terminated first: the approval was refused.
      expect(await status(row.processId)).toBe(approved.code === 200 ? 2 : 5);
    }
  });
});

describe('recall', () => {
  test('a node recalled after its time-limit jobs ended gets its over-time notice again', async () => {
    const withNext = await releasedFlow(
      admin,
      'recallLimit',
      startWith({
        ...approver('check', ids.bob as string, {
          timeLimitConfig: { on: 1, nodeLimit: 0, duringDeal: 2 * second },
          overTimeConfig: { on: 1, firstOver: 0, overTimeDuring: 0, overNotice: true },
        }),
        childNode: approver('final', ids.carol as string),
      }),
    );
    const overTitle = '流程recallLimit：【check】已超时';
    const taskId = await launch(alice, withNext);
    const row = (await todoRows(bob)).find((r) => r.processId === taskId) as FlowTodoRow;
    expect(await bob.post(`${B}/Audit/${row.id}`, { handleOpinion: '同意' })).toMatchObject({ code: 200 });
    // The limit passes while the node is done: its job runs, finds the node left, and ends the chain.
    await sleep(3000);
    expect((await messageTitles(bob)).filter((m) => m === overTitle)).toEqual([]);
    expect(await bob.post(`${B}/Recall/${row.id}`, { handleOpinion: '撤回' })).toMatchObject({ code: 200 });
    expect((await todoRows(bob)).map((r) => r.processId)).toContain(taskId);
    // Reached again, the node's limit counts anew: two seconds later its over-time notice comes.
    const titles = await until(
      () => messageTitles(bob),
      (list) => list.includes(overTitle),
    );
    expect(titles.filter((m) => m === overTitle)).toHaveLength(1);
  });
});

describe('entrust', () => {
  test('GET FlowDelegate/{id} answers one delegation to its maker and its delegate, to anyone else as an unknown id', async () => {
    const start = Date.now() - 60_000;
    const end = Date.now() + 3_600_000;
    expect(
      await alice.post(D, {
        toUserId: ids.bob,
        type: '1',
        flowId: '',
        flowName: '',
        startTime: start,
        endTime: end,
        description: '出差',
      }),
    ).toMatchObject({ code: 200 });
    const listed = await alice.get<PageData<{ id: string }>>(D, { myOrDelagateToMe: '1' });
    const id = listed.data?.list[0]?.id as string;
    // As the 3.6 client asks it (delegateApi.info): with its `_t` cache-buster.
    const info = await alice.get(`${D}/${id}`, { _t: String(Date.now()) });
    expect(info).toMatchObject({
      code: 200,
      data: {
        id,
        userId: ids.alice,
        userName: 'alice',
        toUserId: ids.bob,
        toUserName: 'bob',
        type: '1',
        flowId: '',
        startTime: start,
        endTime: end,
        status: 1,
        description: '出差',
      },
    });
    expect(await bob.get(`${D}/${id}`)).toMatchObject({ code: 200, data: { id } });
    // Anyone else, like an unknown id, is told there is no such record (nothing about it leaks).
    const missing = await alice.get(`${D}/nosuchdelegation`);
    expect(missing).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await carol.get(`${D}/${id}`)).toEqual(missing);
  });
});

describe('batch approval', () => {
  test('a flow asking for a signature: a batch without one is refused row by row, with one every row is signed', async () => {
    const flowId = await releasedFlow(
      admin,
      'batchSign',
      startWith(approver('check', ids.carol as string), { hasSign: true }),
    );
    const tasks = [await launch(alice, flowId), await launch(alice, flowId)];
    const listed = (await todoRows(carol)).filter((r) => tasks.includes(r.processId));
    // The rows say the flow asks for a signature, so the batch dialog asks for one before sending.
    for (const row of listed) expect(JSON.parse(row.approversProperties)).toMatchObject({ hasSign: true });
    const rows = listed.map((r) => r.id);
    expect(rows).toHaveLength(2);
    expect((await carol.post(`${B}/BatchOperation`, { batchType: 0, ids: rows, handleOpinion: '同意' })).data).toEqual({
      success: 0,
      failed: 2,
    });
    for (const task of tasks) expect(await status(task)).toBe(1);
    const signImg = 'data:image/png;base64,iVBORw0KGgo=';
    expect(
      (await carol.post(`${B}/BatchOperation`, { batchType: 0, ids: rows, handleOpinion: '同意', signImg })).data,
    ).toEqual({ success: 2, failed: 0 });
    for (const task of tasks) {
      expect(await status(task)).toBe(2);
      const records = (await admin.get<{ handleStatus: number; signImg: string }[]>(`${B}/RecordList/${task}`)).data;
      expect(records?.find((r) => r.handleStatus === 1)?.signImg).toBe(signImg);
    }
  });
});
