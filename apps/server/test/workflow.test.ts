import type { FlowNode, FlowTodoRow, PageData } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminAppWith, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, launch, releasedTemplate, todoRows } from './helpers/workflow-flows.ts';

/**
 * The workflow of protocol-workflow.md end to end through the API: templates and versions, then
 * launches that branch on an amount, a countersign of two, a carbon copy, rejection to the start
 * and resubmission, and every action's refusals.
 */

const P = '/api/workflow/Engine/flowTemplate';
const B = '/api/workflow/Engine/FlowBefore';
const L = '/api/workflow/Engine/FlowLaunch';

let t: TestApp;
let admin: Client;
let alice: Client, bob: Client, carol: Client, dave: Client, eve: Client;
let ids: Record<string, string>;

const amountGraph = (): FlowNode => ({
  type: 'start',
  nodeId: 'start',
  properties: { title: '发起', circulateUser: [`${ids.dave}--user`] },
  conditionType: 'condition',
  conditionNodes: [
    {
      type: 'condition',
      nodeId: 'big',
      properties: {
        title: 'big',
        priority: 0,
        conditions: [{ logic: 'and', groups: [{ field: 'amount', symbol: '>', fieldValueType: 2, fieldValue: 1000 }] }],
      },
      childNode: approver('pair', [ids.bob as string, ids.carol as string], { counterSign: 1 }),
    },
    {
      type: 'condition',
      nodeId: 'small',
      properties: { title: 'small', isDefault: true, priority: 1 },
      childNode: approver('solo', [ids.bob as string]),
    },
  ],
});

const releasedFlow = (enCode: string, graph: FlowNode) => releasedTemplate(admin, enCode, graph);
const taskStatus = async (taskId: string) =>
  (await admin.get<{ flowTaskInfo: { status: number; thisStep: string } }>(`${B}/${taskId}`)).data?.flowTaskInfo;

beforeAll(async () => {
  ({ t, admin, ids, alice, bob, carol, dave, eve } = await adminAppWith(['alice', 'bob', 'carol', 'dave', 'eve']));
});
afterAll(() => t.close());

describe('definitions', () => {
  test('a template keeps its flows as a string, versions on change, and checks graphs on release', async () => {
    const bad = approver('nobody', []);
    const created = await admin.post<{ id: string; isMainVersion: boolean }>(P, {
      fullName: '请假',
      enCode: 'leave',
      flowTemplateJson: JSON.stringify([
        {
          id: '',
          flowId: 'ffffff',
          fullName: '请假',
          flowTemplateJson: { type: 'start', nodeId: 's', properties: {}, childNode: bad },
        },
      ]),
    });
    expect(created).toMatchObject({ code: 200, data: { isMainVersion: true } });
    const id = created.data?.id as string;
    expect(await admin.post(`${P}/Release/${id}`)).toMatchObject({
      code: 400,
      msg: '流程【请假】的节点【nobody】未设置审批人',
    });
    const info = await admin.get<{ flowTemplateJson: string; onlineDev: number }>(`${P}/${id}`);
    const flows = JSON.parse(info.data?.flowTemplateJson ?? '[]') as { id: string; flowTemplateJson: FlowNode }[];
    expect(flows).toHaveLength(1);
    const fixed = {
      ...flows[0],
      flowTemplateJson: { type: 'start', nodeId: 's', properties: {}, childNode: approver('one', [ids.bob as string]) },
    };
    const saved = await admin.put<{ isMainVersion: boolean }>(`${P}/${id}`, {
      fullName: '请假',
      enCode: 'leave',
      flowTemplateJson: JSON.stringify([fixed]),
    });
    expect(saved).toMatchObject({ code: 200, data: { isMainVersion: true } });
    expect(await admin.post(`${P}/Release/${id}`)).toMatchObject({ code: 200, msg: '发布成功' });
    const versions = await admin.get<PageData<{ version: string; enabledMark: number }>>(`${P}/${id}/FlowJsonList`);
    expect(versions.data?.list.map((v) => [v.version, v.enabledMark])).toEqual([
      ['V2', 1],
      ['V1', 0],
    ]);
    const bare = await alice.get<{ id: string; flowTemplateJson: string }[]>(`${P}/FlowJsonList/${id}`, { type: '1' });
    expect(Array.isArray(bare.data)).toBe(true);
    expect(JSON.parse(bare.data?.[0]?.flowTemplateJson ?? '{}')).toMatchObject({ childNode: { nodeId: 'one' } });
    expect(await admin.post(P, { fullName: 'x', enCode: 'LEAVE' })).toMatchObject({ code: 400, msg: '编码已存在' });
    const tree = await alice.get<{ list: { children: { id: string }[] }[] }>(`${P}/TreeList`);
    expect(tree.data?.list.flatMap((c) => c.children.map((x) => x.id))).toContain(id);
  });
});

describe('run time', () => {
  let flowId: string;
  beforeAll(async () => {
    flowId = (await releasedFlow('expense', amountGraph())).flowId;
  });

  test('a large amount goes to the countersign of two; both agree; cc and records follow', async () => {
    const taskId = await launch(alice, flowId, { amount: 5000 });
    expect(await taskStatus(taskId)).toMatchObject({ status: 1, thisStep: 'pair' });
    const bobRow = (await todoRows(bob)).find((r) => r.processId === taskId);
    const carolRow = (await todoRows(carol)).find((r) => r.processId === taskId);
    expect(bobRow).toMatchObject({ thisStepId: 'pair', status: 1 });
    expect(carolRow).toBeDefined();

    // Someone else's row, then acting twice, are refused with a message and change nothing.
    expect(await eve.post(`${B}/Audit/${bobRow?.id}`, { handleOpinion: 'x' })).toMatchObject({
      code: 400,
      msg: '该任务不属于您，无法操作',
    });
    expect(await bob.post(`${B}/Audit/${bobRow?.id}`, { handleOpinion: '同意A' })).toMatchObject({
      code: 200,
      msg: '审批成功',
    });
    expect(await bob.post(`${B}/Audit/${bobRow?.id}`, { handleOpinion: 'again' })).toMatchObject({
      code: 400,
      msg: '该任务您已处理，不能重复操作',
    });
    expect(await taskStatus(taskId)).toMatchObject({ status: 1 });
    expect(
      await carol.post(`${B}/Audit/${carolRow?.id}`, { handleOpinion: '同意B', signImg: 'data:image/png;base64,AA==' }),
    ).toMatchObject({ code: 200 });
    expect(await taskStatus(taskId)).toMatchObject({ status: 2, thisStep: '结束' });

    const mine = await alice.get<PageData<{ id: string; status: number; completion: number }>>(L);
    expect(mine.data?.list.find((r) => r.id === taskId)).toMatchObject({ status: 2, completion: 100 });
    const records = await alice.get<
      { handleStatus: number; handleOpinion: string; userName: string; signImg: string }[]
    >(`${B}/RecordList/${taskId}`);
    expect(records.data?.map((r) => [r.handleStatus, r.handleOpinion])).toEqual([
      [2, ''],
      [1, '同意A'],
      [1, '同意B'],
    ]);
    expect(records.data?.[2]?.signImg).toContain('base64');
    const cc = await dave.get<PageData<FlowTodoRow>>(`${B}/List/3`);
    expect(cc.data?.list.map((r) => r.processId)).toContain(taskId);
    const done = await bob.get<PageData<FlowTodoRow>>(`${B}/List/2`);
    expect(done.data?.list.find((r) => r.processId === taskId)).toMatchObject({ status: 1 });
    expect(await eve.get(`${B}/${taskId}`)).toMatchObject({ code: 403 });
    const detail = await dave.get<{ flowTaskNodeList: { nodeCode: string; type: number }[]; noOperateAuth: boolean }>(
      `${B}/${taskId}`,
    );
    expect(detail.data).toMatchObject({ noOperateAuth: true });
    expect(detail.data?.flowTaskNodeList.map((n) => n.nodeCode)).toEqual(['start', 'pair']);
    const counts = await bob.post<{ toBeReviewed: number; flowDone: number }>('/api/visualdev/Dashboard/FlowTodoCount');
    expect(counts.data?.flowDone).toBeGreaterThanOrEqual(1);
  });

  test('a small amount takes the default branch; rejected to the start, resubmitted, approved', async () => {
    const taskId = await launch(alice, flowId, { amount: 10 });
    const row = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(row).toMatchObject({ thisStepId: 'solo' });
    expect((await todoRows(carol)).some((r) => r.processId === taskId)).toBe(false);
    const rejectList = await bob.get<{ list: { nodeCode: string }[] }>(`${B}/RejectList/${row?.id}`);
    expect(rejectList.data?.list.map((n) => n.nodeCode)).toEqual(['start']);
    expect(await bob.post(`${B}/Reject/${row?.id}`, { handleOpinion: '补充材料', rejectStep: '0' })).toMatchObject({
      code: 200,
      msg: '退回成功',
    });
    expect(await taskStatus(taskId)).toMatchObject({ status: 3, thisStep: '发起' });
    expect((await todoRows(bob)).some((r) => r.processId === taskId)).toBe(false);
    expect(await bob.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 400, msg: '流程已结束，无法操作' });

    const again = await alice.put(`/api/workflow/Engine/FlowTask/${taskId}`, {
      flowId,
      formData: { amount: 20 },
      status: '0',
    });
    expect(again).toMatchObject({ code: 200, data: { id: taskId } });
    // The 3.6 client sends back what RejectList offered: the start node by its own code.
    const second = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(second?.id).not.toBe(row?.id);
    const offered = (await bob.get<{ list: { nodeCode: string }[] }>(`${B}/RejectList/${second?.id}`)).data?.list[0];
    expect(await bob.post(`${B}/Reject/${second?.id}`, { rejectStep: offered?.nodeCode })).toMatchObject({
      code: 200,
    });
    expect(await taskStatus(taskId)).toMatchObject({ status: 3 });
    await alice.put(`/api/workflow/Engine/FlowTask/${taskId}`, { flowId, formData: { amount: 20 }, status: 0 });
    const next = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(await bob.post(`${B}/Audit/${next?.id}`, {})).toMatchObject({ code: 200 });
    expect(await taskStatus(taskId)).toMatchObject({ status: 2 });
    expect(
      await alice.put(`/api/workflow/Engine/FlowTask/${taskId}`, { flowId, formData: {}, status: 0 }),
    ).toMatchObject({
      code: 400,
      msg: '流程已提交，不能重复提交',
    });
  });

  test('a withdrawn task refuses approval; drafts stay out of the to-do list', async () => {
    const taskId = await launch(alice, flowId, { amount: 10 });
    const row = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(await bob.put(`${L}/${taskId}/Actions/Withdraw`, {})).toMatchObject({
      code: 400,
      msg: '该任务不属于您，无法操作',
    });
    expect(await alice.put(`${L}/${taskId}/Actions/Withdraw`, {})).toMatchObject({ code: 200 });
    expect(await bob.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 400, msg: '流程已撤回，无法操作' });
    expect(await taskStatus(taskId)).toMatchObject({ status: 4 });

    const draft = await alice.post<{ id: string }>('/api/workflow/Engine/FlowTask', {
      flowId,
      formData: { amount: 1 },
      status: 1,
    });
    expect(draft).toMatchObject({ code: 200 });
    expect(await taskStatus(draft.data?.id as string)).toMatchObject({ status: 0 });
    expect((await todoRows(bob)).some((r) => r.processId === draft.data?.id)).toBe(false);
  });

  test('urging sends the current handler a flow message that opens the to-do row', async () => {
    const taskId = await launch(alice, flowId, { amount: 10 });
    const row = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(await eve.post(`${L}/Press/${taskId}`)).toMatchObject({ code: 400 });
    expect(await alice.post(`${L}/Press/${taskId}`)).toMatchObject({ code: 200, msg: '催办成功' });
    const messages = await bob.get<{ list: { id: string; type: number }[] }>('/api/message', { type: '2' });
    const message = messages.data?.list[0];
    expect(message).toMatchObject({ type: 2 });
    const body = await bob.get<{ bodyText: string }>(`/api/message/ReadInfo/${message?.id}`);
    expect(JSON.parse(body.data?.bodyText ?? '{}')).toMatchObject({
      type: 2,
      processId: taskId,
      taskOperatorId: row?.id,
    });
  });

  test('transfer, add signer before, recall, suspend and resume, terminate', async () => {
    const taskId = await launch(alice, flowId, { amount: 10 });
    const row = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(await bob.post(`${B}/Transfer/${row?.id}`, { freeApproverUserId: ids.carol })).toMatchObject({ code: 200 });
    const carolRow = (await todoRows(carol)).find((r) => r.processId === taskId);
    expect(carolRow?.id).toBe(row?.id);
    expect(await bob.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 400, msg: '该任务不属于您，无法操作' });

    expect(
      await carol.post(`${B}/freeApprover/${carolRow?.id}`, { freeApproverUserId: ids.eve, freeApproverType: 1 }),
    ).toMatchObject({
      code: 200,
    });
    expect(await carol.post(`${B}/Audit/${carolRow?.id}`, {})).toMatchObject({
      code: 400,
      msg: '该任务已被处理，无需操作',
    });
    const eveRow = (await todoRows(eve)).find((r) => r.processId === taskId);
    expect(await eve.post(`${B}/Audit/${eveRow?.id}`, {})).toMatchObject({ code: 200 });
    expect(await taskStatus(taskId)).toMatchObject({ status: 1 });

    // As the console and the 3.6 client send it: the task's id and `suspend` in the body.
    expect(await alice.post(`${B}/Suspend/${taskId}`, { id: taskId, suspend: true })).toMatchObject({ code: 200 });
    expect(await carol.post(`${B}/Audit/${carolRow?.id}`, {})).toMatchObject({
      code: 400,
      msg: '流程已挂起，无法操作',
    });
    expect(await alice.post(`${B}/Restore/${taskId}`, {})).toMatchObject({ code: 200 });
    expect(await carol.post(`${B}/Audit/${carolRow?.id}`, {})).toMatchObject({ code: 200 });
    expect(await taskStatus(taskId)).toMatchObject({ status: 2 });
    // The flow ended: there is nothing left to recall into.
    expect(await carol.post(`${B}/Recall/${carolRow?.id}`, {})).toMatchObject({ code: 400 });

    const second = await launch(alice, flowId, { amount: 10 });
    expect(await eve.post(`${B}/Cancel/${second}`, {})).toMatchObject({ code: 400 });
    expect(await alice.post(`${B}/Cancel/${second}`, {})).toMatchObject({ code: 200 });
    expect(await taskStatus(second)).toMatchObject({ status: 5 });
    const records = await alice.get<{ handleStatus: number }[]>(`${B}/RecordList/${taskId}`);
    expect(records.data?.map((r) => r.handleStatus)).toEqual([2, 7, 10, 1, 11, 12, 1]);
  });

  test('recall brings a decided node back while the next one is untouched', async () => {
    const graph: FlowNode = {
      type: 'start',
      nodeId: 'start',
      properties: {},
      childNode: { ...approver('first', [ids.bob as string]), childNode: approver('second', [ids.carol as string]) },
    };
    const { flowId: twoStep } = await releasedFlow('twostep', graph);
    const taskId = await launch(alice, twoStep, {});
    const row = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(await bob.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 200 });
    expect(await taskStatus(taskId)).toMatchObject({ thisStep: 'second' });
    expect(await bob.post(`${B}/Recall/${row?.id}`, {})).toMatchObject({ code: 200, msg: '撤回成功' });
    expect(await taskStatus(taskId)).toMatchObject({ thisStep: 'first', status: 1 });
    expect((await todoRows(carol)).some((r) => r.processId === taskId)).toBe(false);
    expect(await bob.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 200 });
    const carolRow = (await todoRows(carol)).find((r) => r.processId === taskId);
    expect(await carol.post(`${B}/Reject/${carolRow?.id}`, { rejectStep: '1' })).toMatchObject({ code: 200 });
    expect(await taskStatus(taskId)).toMatchObject({ thisStep: 'first', status: 1 });
    const back = (await todoRows(bob)).find((r) => r.processId === taskId);
    expect(back).toBeDefined();
    expect(
      (await bob.post<{ success: number }>(`${B}/BatchOperation`, { batchType: 0, ids: [back?.id] })).data,
    ).toEqual({
      success: 1,
      failed: 0,
    });
  });

  test('fifty concurrent approvals of one or-sign node: exactly one succeeds', async () => {
    const graph: FlowNode = {
      type: 'start',
      nodeId: 'start',
      properties: {},
      childNode: approver('anyone', [ids.bob as string, ids.carol as string]),
    };
    const { flowId: orFlow } = await releasedFlow('orsign', graph);
    const taskId = await launch(alice, orFlow, {});
    const rows = [
      (await todoRows(bob)).find((r) => r.processId === taskId),
      (await todoRows(carol)).find((r) => r.processId === taskId),
    ];
    const calls = Array.from({ length: 50 }, (_, i) =>
      (i % 2 ? carol : bob).post(`${B}/Audit/${rows[i % 2]?.id}`, { handleOpinion: `#${i}` }),
    );
    const replies = await Promise.all(calls);
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    const refusals = new Set(replies.filter((r) => r.code !== 200).map((r) => `${r.code} ${r.msg}`));
    for (const refusal of refusals)
      expect([
        '400 该任务您已处理，不能重复操作',
        '400 该任务已被处理，无需操作',
        '400 流程已结束，无法操作',
      ]).toContain(refusal);
    expect(await taskStatus(taskId)).toMatchObject({ status: 2 });
    const records = await admin.get<{ handleStatus: number }[]>(`${B}/RecordList/${taskId}`);
    expect(records.data?.filter((r) => r.handleStatus === 1)).toHaveLength(1);
  });

  test('no handler found answers the nodes to pick for, and the resend with errorRuleUserList goes through', async () => {
    const graph: FlowNode = {
      type: 'start',
      nodeId: 'start',
      properties: {},
      childNode: approver('head', [], { assigneeType: 2 }),
    };
    const { flowId: headFlow } = await releasedFlow('headflow', graph);
    const first = await alice.post<{ nodeId: string }[]>('/api/workflow/Engine/FlowTask', {
      flowId: headFlow,
      formData: {},
      status: 0,
    });
    expect(first).toMatchObject({ code: 200, data: [{ nodeId: 'head', nodeName: 'head' }] });
    const second = await alice.post<{ id: string }>('/api/workflow/Engine/FlowTask', {
      flowId: headFlow,
      formData: {},
      status: 0,
      errorRuleUserList: { head: [ids.dave] },
    });
    expect(second).toMatchObject({ code: 200 });
    expect((await todoRows(dave)).some((r) => r.processId === second.data?.id)).toBe(true);
  });
});

describe('a generated form bound to a flow', () => {
  test("Config names the released template and the record's flowState follows the task", async () => {
    const forms = '/api/visualdev/Base';
    const created = await admin.post<{ id: string }>(forms, {
      fullName: '报销单',
      enCode: 'expenseForm',
      webType: 2,
      enableFlow: 1,
      formData: JSON.stringify({
        fields: [{ __vModel__: 'amount', __config__: { jnpfKey: 'inputNumber', label: '金额' } }],
      }),
      columnData: JSON.stringify({ columnList: [{ prop: 'amount', label: '金额' }] }),
    });
    const formId = created.data?.id as string;
    expect(await admin.post(`${forms}/${formId}/Actions/Release`)).toMatchObject({ code: 200 });
    expect((await admin.get<{ flowId: string }>(`/api/visualdev/OnlineDev/${formId}/Config`)).data?.flowId).toBe('');

    const graph: FlowNode = {
      type: 'start',
      nodeId: 'start',
      properties: { formId },
      childNode: approver('check', [ids.bob as string]),
    };
    const { templateId, flowId } = await releasedFlow('formflow', graph);
    const config = await admin.get<{ enableFlow: number; flowId: string }>(`/api/visualdev/OnlineDev/${formId}/Config`);
    expect(config.data).toMatchObject({ enableFlow: 1, flowId: templateId });
    expect((await admin.get<{ onlineDev: number; onlineFormId: string }>(`${P}/${templateId}`)).data).toMatchObject({
      onlineDev: 1,
      onlineFormId: formId,
    });

    const record = await admin.post<{ id: string }>(`/api/visualdev/OnlineDev/${formId}`, {
      data: JSON.stringify({ amount: 3 }),
    });
    const recordId = record.data?.id as string;
    const flowState = async () => {
      const list = await admin.post<PageData<{ id: string; flowState: number }>>(
        `/api/visualdev/OnlineDev/${formId}/List`,
        {},
      );
      return list.data?.list.find((r) => r.id === recordId)?.flowState;
    };
    // Someone else cannot start a flow on this record by naming its id.
    expect(
      await alice.post('/api/workflow/Engine/FlowTask', { id: recordId, flowId, formData: { amount: 3 }, status: 0 }),
    ).toMatchObject({ code: 400, msg: '该任务不属于您，无法操作' });
    expect(await flowState()).not.toBe(1);
    const launched = await admin.post('/api/workflow/Engine/FlowTask', {
      id: recordId,
      flowId,
      formData: { amount: 3 },
      status: 0,
    });
    expect(launched).toMatchObject({ code: 200, data: { id: recordId } });
    expect(await flowState()).toBe(1);
    const row = (await todoRows(bob)).find((r) => r.processId === recordId);
    expect(await bob.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 200 });
    expect(await flowState()).toBe(2);
    const detail = await bob.get<{ flowFormInfo: { id: string; formType: number; propertyJson: string } }>(
      `${B}/${recordId}`,
    );
    expect(detail.data?.flowFormInfo).toMatchObject({ id: formId, formType: 2 });
    expect(detail.data?.flowFormInfo.propertyJson).toContain('amount');

    // Printing the record prints its approval records (launch, then bob's agreement).
    const print = await admin.post<{ id: string }>('/api/system/printDev', {
      fullName: '报销单打印',
      enCode: 'expense.print',
      category: '2',
      type: 2,
      formId,
      printTemplate: '<p>{amount}</p><p>{@approval}</p>',
      pageParam: JSON.stringify({ type: 'A4', width: 210, height: 297, mt: 10, mb: 10, ml: 10, mr: 10, direction: 1 }),
    });
    expect(print.code, print.msg).toBe(200);
    const printed = await admin.get<{ operatorRecordList: { userName: string; handleStatus: number }[] }>(
      '/api/system/printDev/Data',
      { id: print.data?.id ?? '', formId: recordId },
    );
    expect(printed.code, printed.msg).toBe(200);
    expect(printed.data?.operatorRecordList.map((r) => r.handleStatus)).toEqual([2, 1]);
    expect(printed.data?.operatorRecordList[1]?.userName).toBe('bob');
  });
});

describe('entrust', () => {
  test('approval delegated for a period: the delegate sees both names and may act; stopping ends it', async () => {
    const graph: FlowNode = {
      type: 'start',
      nodeId: 'start',
      properties: {},
      childNode: approver('boss', [ids.carol as string]),
    };
    const { flowId } = await releasedFlow('entrusted', graph);
    const now = Date.now();
    expect(
      await carol.post('/api/workflow/Engine/FlowDelegate', {
        toUserId: ids.carol,
        type: '1',
        startTime: now,
        endTime: now + 1,
      }),
    ).toMatchObject({ code: 400, msg: '不能选择自己' });
    expect(
      await carol.post('/api/workflow/Engine/FlowDelegate', {
        toUserId: ids.dave,
        type: '1',
        startTime: now,
        endTime: now - 1,
      }),
    ).toMatchObject({ code: 400, msg: '结束时间必须晚于开始时间' });
    expect(
      await carol.post('/api/workflow/Engine/FlowDelegate', {
        toUserId: ids.dave,
        type: '1',
        flowId: '',
        startTime: now - 1000,
        endTime: now + 3_600_000,
      }),
    ).toMatchObject({ code: 200 });
    const toMe = await dave.get<PageData<{ id: string; userName: string; status: number }>>(
      '/api/workflow/Engine/FlowDelegate',
      {
        myOrDelagateToMe: '2',
      },
    );
    expect(toMe.data?.list[0]).toMatchObject({ userName: 'carol', status: 1 });

    const taskId = await launch(alice, flowId, {});
    const row = (await todoRows(dave)).find((r) => r.processId === taskId);
    expect(row).toMatchObject({ delegateUser: 'carol' });
    expect(await eve.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 400, msg: '该任务不属于您，无法操作' });

    const other = await launch(alice, flowId, {});
    const otherRow = (await todoRows(dave)).find((r) => r.processId === other);
    expect(await dave.post(`${B}/Audit/${otherRow?.id}`, {})).toMatchObject({ code: 200 });
    expect(await taskStatus(other)).toMatchObject({ status: 2 });

    expect(await carol.put(`/api/workflow/Engine/FlowDelegate/Stop/${toMe.data?.list[0]?.id}`)).toMatchObject({
      code: 200,
    });
    expect((await todoRows(dave)).some((r) => r.processId === taskId)).toBe(false);
    expect(await dave.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 400, msg: '该任务不属于您，无法操作' });
    expect(await carol.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 200 });
  });
});
