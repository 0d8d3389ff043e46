import type { FlowTodoRow, PageData } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sleep, until } from './helpers/polling.ts';
import { adminAppWith, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, launch, releasedFlow, startWith, subFlow, todoRows } from './helpers/workflow-flows.ts';

/**
 * Engine items of an approver node beyond approving (protocol-workflow.md, approver and start
 * properties): time limits with reminders before and notices after them, over-time actions run by
 * the job table; flow messages on node events (default in-app, or through a send configuration's
 * templates); and terminating a parent that ends its running sub-flow children too.
 * Hours may be fractions: a limit of 1/3600 h is one second.
 */

const B = '/api/workflow/Engine/FlowBefore';
const second = 1 / 3600;

let t: TestApp;
let admin: Client;
let alice: Client, bob: Client, carol: Client;
let ids: Record<string, string>;

interface MessageRow {
  id: string;
  title: string;
  type: number;
}
interface Record_ {
  handleStatus: number;
  handleOpinion: string;
  userName: string;
}

const status = async (taskId: string) =>
  (await admin.get<{ flowTaskInfo: { status: number } }>(`${B}/${taskId}`)).data?.flowTaskInfo.status;
const records = async (taskId: string) => (await admin.get<Record_[]>(`${B}/RecordList/${taskId}`)).data ?? [];
const messages = async (client: Client) =>
  (await client.get<PageData<MessageRow>>('/api/message', { pageSize: '100' })).data?.list ?? [];
const bodyOf = async (client: Client, id: string) =>
  JSON.parse((await client.get<{ bodyText: string }>(`/api/message/ReadInfo/${id}`)).data?.bodyText ?? '{}');

beforeAll(async () => {
  ({ t, admin, ids, alice, bob, carol } = await adminAppWith(['alice', 'bob', 'carol'], { jobPollMs: 100 }));
});
afterAll(() => t.close());

describe('time limits', () => {
  test('a reminder before the limit, notices after it, and the second notice approves the node', async () => {
    const flowId = await releasedFlow(
      admin,
      'overApprove',
      startWith(
        approver('check', ids.bob as string, {
          timeLimitConfig: { on: 1, nodeLimit: 0, duringDeal: 1.5 * second },
          noticeConfig: { on: 1, firstOver: 0.5 * second, overTimeDuring: 5 * second, overNotice: true },
          overTimeConfig: {
            on: 1,
            firstOver: 0,
            overTimeDuring: 0.5 * second,
            overNotice: true,
            overAutoApprove: true,
            overAutoApproveTime: 2,
          },
        }),
      ),
    );
    const taskId = await launch(alice, flowId);
    expect(await status(taskId)).toBe(1);
    expect(
      await until(
        () => status(taskId),
        (s) => s === 2,
      ),
    ).toBe(2);
    const titles = (await messages(bob)).map((m) => m.title).sort();
    expect(titles).toEqual([
      '流程overApprove：【check】即将超时',
      ...Array(2).fill('流程overApprove：【check】已超时'),
    ]);
    const overTime = (await messages(bob)).find((m) => m.title.endsWith('已超时')) as MessageRow;
    expect(overTime.type).toBe(2);
    expect(await bodyOf(bob, overTime.id)).toMatchObject({ type: 2, processId: taskId, flowId });
    expect((await records(taskId)).map((r) => [r.handleStatus, r.handleOpinion, r.userName])).toEqual([
      [2, '', 'alice'],
      [1, '超时自动审批', 'bob'],
    ]);
    // Nothing further is scheduled for a node that is no longer current.
    const { count } = (await t.app.db
      .selectFrom('job')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('type', '=', 'workflow.deadline')
      .where('payload', 'like', `%${taskId}%`)
      .where('status', '=', 'pending')
      .executeTakeFirst()) as { count: string };
    expect(Number(count)).toBe(0);
  });

  test('the start node sets the limit its approvers follow; over time the node is sent back to the start', async () => {
    const flowId = await releasedFlow(
      admin,
      'overReject',
      startWith(approver('check', ids.bob as string), {
        timeLimitConfig: { on: 1, duringDeal: second },
        overTimeConfig: { on: 1, firstOver: 0, overAutoReject: true, overAutoRejectTime: 1 },
      }),
    );
    const taskId = await launch(alice, flowId);
    expect(
      await until(
        () => status(taskId),
        (s) => s === 3,
      ),
    ).toBe(3);
    expect((await records(taskId)).map((r) => [r.handleStatus, r.handleOpinion])).toEqual([
      [2, ''],
      [0, '超时自动退回'],
    ]);
    expect(await todoRows(bob)).toEqual([]);
    // overNotice is off: no message went out.
    expect((await messages(bob)).filter((m) => m.title.startsWith('流程overReject'))).toEqual([]);
  });

  test('a node decided before its limit is left alone when the limit passes', async () => {
    const flowId = await releasedFlow(
      admin,
      'inTime',
      startWith(
        approver('check', ids.carol as string, {
          timeLimitConfig: { on: 1, duringDeal: second },
          overTimeConfig: { on: 1, overNotice: true, overAutoReject: true, overAutoRejectTime: 1 },
        }),
      ),
    );
    const taskId = await launch(alice, flowId);
    const row = (await todoRows(carol)).find((r) => r.processId === taskId) as FlowTodoRow;
    expect(await carol.post(`${B}/Audit/${row.id}`, { handleOpinion: '及时' })).toMatchObject({ code: 200 });
    await sleep(1800);
    await t.app.jobs.idle();
    expect(await status(taskId)).toBe(2);
    expect((await records(taskId)).map((r) => r.handleStatus)).toEqual([2, 1]);
    expect((await messages(carol)).filter((m) => m.title.includes('超时'))).toEqual([]);
  });
});

describe('node event messages', () => {
  test('default in-app messages: to-do, copy, approve and end, each opening its row in /workFlowDetail', async () => {
    const flowId = await releasedFlow(
      admin,
      'msgDefault',
      startWith(
        approver('check', ids.bob as string, {
          approveMsgConfig: { on: 3 },
          circulateUser: [`${ids.carol}--user`],
        }),
        {
          waitMsgConfig: { on: 3 },
          endMsgConfig: { on: 3 },
          copyMsgConfig: { on: 3 },
          approveMsgConfig: { on: 0 },
        },
      ),
    );
    const taskId = await launch(alice, flowId);
    const row = (await todoRows(bob)).find((r) => r.processId === taskId) as FlowTodoRow;
    const waiting = (await messages(bob)).find((m) => m.title === '流程msgDefault：待您审批') as MessageRow;
    expect(waiting).toMatchObject({ type: 2 });
    expect(await bodyOf(bob, waiting.id)).toEqual({
      type: 2,
      processId: taskId,
      flowId,
      taskNodeId: row.taskNodeId,
      taskOperatorId: row.id,
    });
    expect(await bob.post(`${B}/Audit/${row.id}`, {})).toMatchObject({ code: 200 });
    const mine = (await messages(alice)).map((m) => m.title).sort();
    expect(mine).toEqual(['流程msgDefault：【check】已同意', '流程msgDefault：流程已结束']);
    const copy = (await messages(carol)).find((m) => m.title === '流程msgDefault：抄送给您') as MessageRow;
    expect(await bodyOf(carol, copy.id)).toMatchObject({ type: 3, processId: taskId, flowId });
  });

  test('a send configuration: its in-app template, its parameters from the task and the form', async () => {
    const template = await admin.post('/api/message/MessageTemplateConfig', {
      fullName: '流程退回',
      enCode: 'flowBack',
      messageType: '1',
      messageSource: '2',
      enabledMark: 1,
      sortCode: 1,
      title: '{who}退回了{flow}（{amount}元）',
      content: '<p>请修改后重新提交</p>',
      templateParamList: [],
    });
    expect(template).toMatchObject({ code: 200 });
    const templates = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/MessageTemplateConfig');
    const templateId = templates.data?.list.find((r) => r.enCode === 'flowBack')?.id as string;
    expect(
      await admin.post('/api/message/SendMessageConfig', {
        fullName: '流程退回通知',
        enCode: 'flowBackSend',
        enabledMark: 1,
        sendConfigTemplateList: [{ messageType: '1', templateId }],
      }),
    ).toMatchObject({ code: 200 });
    const configs = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/SendMessageConfig');
    const msgId = configs.data?.list.find((r) => r.enCode === 'flowBackSend')?.id as string;
    const flowId = await releasedFlow(
      admin,
      'msgCustom',
      startWith(
        approver('check', ids.bob as string, {
          rejectMsgConfig: {
            on: 1,
            msgId,
            templateJson: [
              {
                templateId,
                paramJson: [
                  { field: 'who', relationField: '@flowOperatorUserName' },
                  { field: 'flow', relationField: '@flowFullName' },
                  { field: 'amount', relationField: 'amount' },
                ],
              },
            ],
          },
        }),
      ),
    );
    const taskId = await launch(alice, flowId, { amount: 800 });
    const row = (await todoRows(bob)).find((r) => r.processId === taskId) as FlowTodoRow;
    expect(await bob.post(`${B}/Reject/${row.id}`, { handleOpinion: '不行' })).toMatchObject({ code: 200 });
    const sent = (await messages(alice)).filter((m) => m.title.includes('msgCustom'));
    expect(sent.map((m) => m.title)).toEqual(['bob/bob退回了流程msgCustom（800元）']);
    expect(await bodyOf(alice, sent[0]?.id as string)).toMatchObject({ type: 1, processId: taskId, flowId });
  });
});

describe('extraRule', () => {
  test("named members narrowed to the initiator's reports (5) and to their department (2)", async () => {
    const db = t.app.db;
    const root = await db
      .selectFrom('organize')
      .select(['id', 'organizeIdTree'])
      .where('parentId', '=', '-1')
      .executeTakeFirstOrThrow();
    const deptId = `dept${Date.now()}`;
    await db
      .insertInto('organize')
      .values({
        id: deptId,
        parentId: root.id,
        category: 'department',
        enCode: deptId,
        fullName: '其他部门',
        organizeIdTree: `${root.organizeIdTree},${deptId}`,
        managerId: null,
        creatorUserId: null,
        lastModifyTime: null,
        lastModifyUserId: null,
        description: null,
      })
      .execute();
    await db
      .updateTable('appUser')
      .set({ organizeId: deptId })
      .where('id', '=', ids.carol as string)
      .execute();
    await db
      .updateTable('appUser')
      .set({ managerId: ids.alice as string })
      .where('id', '=', ids.carol as string)
      .execute();
    const both = [`${ids.bob}--user`, `${ids.carol}--user`];
    const reports = await releasedFlow(
      admin,
      'rule5',
      startWith(approver('check', '', { approvers: both, extraRule: 5 })),
    );
    const sameDept = await releasedFlow(
      admin,
      'rule2',
      startWith(approver('check', '', { approvers: both, extraRule: 2 })),
    );
    const first = await launch(alice, reports);
    const second = await launch(alice, sameDept);
    expect((await todoRows(carol)).map((r) => r.processId)).toContain(first);
    expect((await todoRows(bob)).map((r) => r.processId)).not.toContain(first);
    expect((await todoRows(bob)).map((r) => r.processId)).toContain(second);
    expect((await todoRows(carol)).map((r) => r.processId)).not.toContain(second);
    await db
      .updateTable('appUser')
      .set({ organizeId: root.id, managerId: null })
      .where('id', '=', ids.carol as string)
      .execute();
  });
});

describe('sub-flows', () => {
  test('terminating the parent terminates its running children, each with its own record', async () => {
    const childFlowId = await releasedFlow(admin, 'child', {
      type: 'start',
      nodeId: 'cstart',
      properties: { title: '子发起' },
      childNode: approver('ccheck', ids.bob as string),
    });
    const flowId = await releasedFlow(
      admin,
      'parent',
      startWith(subFlow(childFlowId, ids.carol as string, approver('final', ids.bob as string))),
    );
    const taskId = await launch(alice, flowId);
    const childRow = (await todoRows(bob)).find((r) => r.flowId === childFlowId) as FlowTodoRow;
    expect(childRow).toBeDefined();
    expect(await status(childRow.processId)).toBe(1);
    expect(await admin.post(`${B}/Cancel/${taskId}`, { handleOpinion: '终止' })).toMatchObject({ code: 200 });
    expect(await status(taskId)).toBe(5);
    expect(await status(childRow.processId)).toBe(5);
    expect((await records(childRow.processId)).map((r) => [r.handleStatus, r.handleOpinion])).toEqual([
      [2, ''],
      [4, '终止'],
    ]);
    expect((await todoRows(bob)).filter((r) => r.processId === childRow.processId)).toEqual([]);
    expect(await bob.post(`${B}/Audit/${childRow.id}`, {})).toMatchObject({ code: 400 });
  });
});
