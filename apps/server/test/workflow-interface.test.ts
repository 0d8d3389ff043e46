import type { FlowEventLogRow, FlowLaunchRow, FlowNode, PageData } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interfaceCategory } from './helpers/data-interfaces.ts';
import { adminAppWith, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, launch, releasedFlow, startWith, subFlow, todoRows } from './helpers/workflow-flows.ts';

/**
 * Issue 22: approvers named by a data interface (assigneeType 9, protocol-workflow.md "approver"),
 * the monitor's event log of one node (`FlowMonitor/{taskNodeId}/EventLog`) and the monitor's
 * delete, which locks as the engine does.
 */

const B = '/api/workflow/Engine/FlowBefore';
const M = '/api/workflow/Engine/FlowMonitor';

let t: TestApp;
let admin: Client;
let alice: Client, bob: Client, carol: Client;
let ids: Record<string, string>;
let category: string;

beforeAll(async () => {
  ({ t, admin, ids, alice, bob, carol } = await adminAppWith(['alice', 'bob', 'carol'], { jobPollMs: 100 }));
  category = await interfaceCategory(t);
});
afterAll(() => t.close());

/** A data interface created through the API as the administrator; answers its id. */
async function createInterface(enCode: string, fields: { type: 1 | 2; config: object; parameters?: object[] }) {
  const res = await admin.post<string>('/api/system/DataInterface', {
    fullName: `审批人${enCode}`,
    enCode,
    category,
    type: fields.type,
    action: 3,
    hasPage: 0,
    enabledMark: 1,
    sortCode: 0,
    dataConfigJson: JSON.stringify(fields.config),
    parameterJson: JSON.stringify(fields.parameters ?? []),
    fieldJson: '[]',
  });
  expect(res).toMatchObject({ code: 200 });
  const list = await admin.get<PageData<{ id: string; enCode: string }>>('/api/system/DataInterface', {
    keyword: enCode,
    pageSize: '50',
  });
  return list.data?.list.find((row) => row.enCode === enCode)?.id as string;
}

/** An approver whose handlers come from interface `interfaceId`, its parameter `acct` read from form field `who`. */
const byInterface = (nodeId: string, interfaceId: string): FlowNode => ({
  type: 'approver',
  nodeId,
  properties: {
    title: `接口审批${nodeId}`,
    assigneeType: 9,
    interfaceId,
    templateJson: [{ field: 'acct', sourceType: 1, relationField: 'who' }],
  },
});

const myTasks = async (client: Client) =>
  (await client.get<PageData<FlowLaunchRow>>('/api/workflow/Engine/FlowLaunch', { pageSize: '100' })).data?.list ?? [];
const holds = async (client: Client, taskId: string) => (await todoRows(client)).some((r) => r.processId === taskId);

describe('approvers named by a data interface (assigneeType 9)', () => {
  let accountsSql: string;
  beforeAll(async () => {
    accountsSql = await createInterface('wfAccounts', {
      type: 1,
      config: { sqlData: { dbLinkId: '0', sql: 'select id as "userId" from app_user where account = {acct}' } },
      parameters: [{ field: 'acct', fieldName: '账号', dataType: 'varchar', required: 0 }],
    });
  });

  test('launch: the user the SQL interface answers for the form field gets the to-do, no one else', async () => {
    const flowId = await releasedFlow(admin, 'wfIface1', startWith(byInterface('pick', accountsSql)));
    const taskId = await launch(alice, flowId, { who: 'bob' });
    expect(await holds(bob, taskId)).toBe(true);
    expect(await holds(carol, taskId)).toBe(false);
    const other = await launch(alice, flowId, { who: 'carol' });
    expect(await holds(carol, other)).toBe(true);
    expect(await holds(bob, other)).toBe(false);
  });

  test('an approval that reaches the node calls the interface with the values as they are then', async () => {
    const flowId = await releasedFlow(
      admin,
      'wfIface2',
      startWith({ ...approver('first', ids.bob as string), childNode: byInterface('then', accountsSql) }),
    );
    const taskId = await launch(alice, flowId, { who: 'carol' });
    const row = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(await bob.post(`${B}/Audit/${row?.id}`, { handleOpinion: '同意' })).toMatchObject({ code: 200 });
    expect(await holds(carol, taskId)).toBe(true);
  });

  test('an answer of comma-separated ids under handleId (the spec’s reply) names each enabled user', async () => {
    const listed = await createInterface('wfStaticIds', {
      type: 2,
      config: { staticData: JSON.stringify([{ handleId: `${ids.bob},${ids.carol},nobody` }]) },
    });
    const flowId = await releasedFlow(admin, 'wfIface3', startWith(byInterface('both', listed)));
    const taskId = await launch(alice, flowId, { who: 'x' });
    expect(await holds(bob, taskId)).toBe(true);
    expect(await holds(carol, taskId)).toBe(true);
  });

  test('a timer that fires into the node: the job’s own transaction calls the interface (no wait on PGlite)', async () => {
    const flowId = await releasedFlow(
      admin,
      'wfIfaceTimer',
      startWith({
        type: 'timer',
        nodeId: 'wait',
        properties: { title: '等待', second: 1 },
        childNode: byInterface('late', accountsSql),
      }),
    );
    const taskId = await launch(alice, flowId, { who: 'carol' });
    expect(await holds(carol, taskId)).toBe(false);
    const deadline = Date.now() + 20_000;
    while (!(await holds(carol, taskId)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 150));
    expect(await holds(carol, taskId)).toBe(true);
    expect(await holds(bob, taskId)).toBe(false);
  });

  test('an interface answering nobody: the no-approver rule (the launch asks for handlers; errorRule 4 passes)', async () => {
    const flowId = await releasedFlow(admin, 'wfIface4', startWith(byInterface('none', accountsSql)));
    const before = (await myTasks(alice)).length;
    const res = await alice.post<{ nodeId: string }[]>('/api/workflow/Engine/FlowTask', {
      flowId,
      formData: { who: 'no-such-account' },
      status: 0,
    });
    expect(res).toMatchObject({ code: 200, data: [{ nodeId: 'none' }] });
    expect((await myTasks(alice)).length).toBe(before);
    // The client resends with the handlers picked: the node goes to them.
    const picked = await alice.post<{ id: string }>('/api/workflow/Engine/FlowTask', {
      flowId,
      formData: { who: 'no-such-account' },
      status: 0,
      errorRuleUserList: { none: [ids.carol] },
    });
    expect(picked).toMatchObject({ code: 200 });
    expect(await holds(carol, picked.data?.id as string)).toBe(true);

    const passing = await releasedFlow(
      admin,
      'wfIface5',
      startWith(byInterface('none', accountsSql), { errorRule: 4 }),
    );
    const passed = await launch(alice, passing, { who: 'no-such-account' });
    const task = await alice.get<{ flowTaskInfo: { status: number } }>(`${B}/${passed}`);
    expect(task.data?.flowTaskInfo.status).toBe(2);
  });

  test('an interface whose SQL fails: 400 naming the node, and no task is made', async () => {
    const broken = await createInterface('wfBroken', {
      type: 1,
      config: { sqlData: { dbLinkId: '0', sql: 'select id as "userId" from wf_no_such_table where x = {acct}' } },
      parameters: [{ field: 'acct', dataType: 'varchar', required: 0 }],
    });
    const flowId = await releasedFlow(admin, 'wfIface6', startWith(byInterface('bad', broken)));
    const before = (await myTasks(alice)).length;
    const res = await alice.post('/api/workflow/Engine/FlowTask', { flowId, formData: { who: 'bob' }, status: 0 });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('【接口审批bad】的审批人接口调用失败');
    expect((await myTasks(alice)).length).toBe(before);
    // The same refusal from an approval: the approver's to-do stays as it was.
    const later = await releasedFlow(
      admin,
      'wfIface7',
      startWith({ ...approver('first', ids.bob as string), childNode: byInterface('bad', broken) }),
    );
    const taskId = await launch(alice, later, { who: 'bob' });
    const row = (await todoRows(bob)).find((r) => r.processId === taskId);
    const refused = await bob.post(`${B}/Audit/${row?.id}`, { handleOpinion: '同意' });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('接口审批bad');
    expect(await holds(bob, taskId)).toBe(true);
  });

  test('releasing a flow whose interface approver names no interface is refused', async () => {
    const graph = startWith({ type: 'approver', nodeId: 'empty', properties: { title: '空接口', assigneeType: 9 } });
    const created = await admin.post<{ id: string }>('/api/workflow/Engine/flowTemplate', {
      fullName: '无接口',
      enCode: 'wfNoIface',
      flowTemplateJson: JSON.stringify([{ id: '', fullName: '无接口', flowTemplateJson: graph }]),
    });
    expect(created).toMatchObject({ code: 200 });
    const released = await admin.post(`/api/workflow/Engine/flowTemplate/Release/${created.data?.id}`);
    expect(released.code).toBe(400);
    expect(released.msg).toContain('空接口');
  });
});

describe('monitor: event log and delete', () => {
  let flowId: string;
  beforeAll(async () => {
    flowId = await releasedFlow(
      admin,
      'wfMonitor',
      // The node tells its handlers by the default in-app message: the log shows it.
      startWith(approver('check', ids.bob as string, { title: '审核', waitMsgConfig: { on: 3 } }), { title: '发起' }),
    );
  });

  const nodeOf = async (taskId: string, nodeCode: string) => {
    const detail = await admin.get<{ flowTaskNodeList: { id: string; nodeCode: string }[] }>(`${B}/${taskId}`);
    return detail.data?.flowTaskNodeList.find((n) => n.nodeCode === nodeCode)?.id as string;
  };

  test('a node’s event log: arrival, the to-do, the message it sent, the act with its opinion, the end', async () => {
    const taskId = await launch(alice, flowId);
    const row = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(await bob.post(`${B}/Audit/${row?.id}`, { handleOpinion: '可以' })).toMatchObject({ code: 200 });
    const taskNodeId = await nodeOf(taskId, 'check');
    // As the console asks it, with the 3.6 client's `_t` cache-buster.
    const log = await admin.get<{ list: FlowEventLogRow[] }>(`${M}/${taskNodeId}/EventLog`, { _t: String(Date.now()) });
    expect(log).toMatchObject({ code: 200 });
    const events = log.data?.list ?? [];
    expect(events.map((e) => e.eventType)).toEqual(expect.arrayContaining(['arrive', 'todo', 'record', 'done']));
    expect(events[0]?.eventType).toBe('arrive');
    expect(events.at(-1)?.eventType).toBe('done');
    expect(events.find((e) => e.eventType === 'todo')).toMatchObject({ userName: 'bob', nodeName: '审核' });
    expect(events.find((e) => e.eventType === 'record')).toMatchObject({
      userName: 'bob',
      handleStatus: 1,
      content: '可以',
    });
    expect(events.find((e) => e.eventType === 'message')).toMatchObject({ userName: 'bob' });
    // The start node's log holds the launch, by alice.
    const startLog = await admin.get<{ list: FlowEventLogRow[] }>(`${M}/${await nodeOf(taskId, 'start')}/EventLog`);
    expect(startLog.data?.list.find((e) => e.eventType === 'record')).toMatchObject({
      userName: 'alice',
      handleStatus: 2,
    });
    const times = events.map((e) => e.eventTime);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  test('the event log is refused to a user without the monitor menu, and unknown nodes answer 400', async () => {
    const taskId = await launch(alice, flowId);
    const taskNodeId = await nodeOf(taskId, 'check');
    expect(await alice.get(`${M}/${taskNodeId}/EventLog`)).toMatchObject({ code: 403 });
    expect(await bob.get(`${M}/${taskNodeId}/EventLog`)).toMatchObject({ code: 403 });
    expect((await admin.get(`${M}/nosuchnode/EventLog`)).code).toBe(400);
  });

  test('delete takes the task with its records; a sub-flow child only goes with its parent', async () => {
    const childFlow = await releasedFlow(admin, 'wfDelChild', startWith(approver('cc1', ids.carol as string)));
    const parentFlow = await releasedFlow(
      admin,
      'wfDelParent',
      startWith(subFlow(childFlow, ids.bob as string, approver('final', ids.carol as string))),
    );
    const parent = await launch(alice, parentFlow);
    const child = (await todoRows(carol)).find((r) => r.flowId === childFlow && r.processId !== parent);
    expect(child).toBeDefined();
    const refused = await admin.call({ method: 'DELETE', url: M, payload: { ids: child?.processId } });
    expect(refused.code).toBe(400);
    expect(await holds(carol, child?.processId as string)).toBe(true);
    const deleted = await admin.call({ method: 'DELETE', url: M, payload: { ids: parent } });
    expect(deleted).toMatchObject({ code: 200 });
    expect(await holds(carol, child?.processId as string)).toBe(false);
    const left = await t.app.db
      .selectFrom('flowTask')
      .select('id')
      .where('id', 'in', [parent, child?.processId as string])
      .execute();
    expect(left).toEqual([]);
  });

  test('a delete beside an approval of the same task: one consistent outcome, every time', async () => {
    for (let round = 0; round < 8; round++) {
      const taskId = await launch(alice, flowId);
      const row = (await todoRows(bob)).find((r) => r.processId === taskId);
      const [deleted, approved] = await Promise.all([
        admin.call({ method: 'DELETE', url: M, payload: { ids: taskId } }),
        bob.post(`${B}/Audit/${row?.id}`, { handleOpinion: '同意' }),
      ]);
      expect(deleted).toMatchObject({ code: 200 });
      // The approval either went first (and its task is then deleted) or found the task gone.
      expect([200, 400]).toContain(approved.code);
      for (const table of ['flowTask', 'flowTaskNode', 'flowTaskOperator', 'flowTaskRecord'] as const) {
        const rows =
          table === 'flowTask'
            ? await t.app.db.selectFrom(table).select('id').where('id', '=', taskId).execute()
            : await t.app.db.selectFrom(table).select('id').where('taskId', '=', taskId).execute();
        expect(rows, `${table} after round ${round}`).toEqual([]);
      }
      expect(await holds(bob, taskId)).toBe(false);
    }
  });

  test('deleting a parent while its sub-flow child is approved (the child moves its parent on): no orphan, no deadlock', async () => {
    const childFlow = await releasedFlow(admin, 'wfRaceChild', startWith(approver('rc1', ids.bob as string)));
    const parentFlow = await releasedFlow(
      admin,
      'wfRaceParent',
      startWith(subFlow(childFlow, ids.carol as string, approver('after', ids.carol as string))),
    );
    for (let round = 0; round < 8; round++) {
      const parent = await launch(alice, parentFlow);
      const row = (await todoRows(bob)).find((r) => r.flowId === childFlow && r.processId !== parent);
      expect(row).toBeDefined();
      const child = row?.processId as string;
      const [deleted, approved] = await Promise.all([
        admin.call({ method: 'DELETE', url: M, payload: { ids: parent } }),
        bob.post(`${B}/Audit/${row?.id}`, { handleOpinion: '同意' }),
      ]);
      expect(deleted).toMatchObject({ code: 200 });
      expect([200, 400]).toContain(approved.code);
      const left = await t.app.db.selectFrom('flowTask').select('id').where('id', 'in', [parent, child]).execute();
      expect(left, `tasks left after round ${round}`).toEqual([]);
      const operators = await t.app.db
        .selectFrom('flowTaskOperator')
        .select('id')
        .where('taskId', 'in', [parent, child])
        .execute();
      expect(operators).toEqual([]);
    }
  });
});
