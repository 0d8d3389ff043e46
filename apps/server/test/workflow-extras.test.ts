import type { FlowNode, PageData } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantMenu } from './helpers/grants.ts';
import { multipart } from './helpers/multipart.ts';
import { adminAppWith, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, launch, releasedFlow, todoRows } from './helpers/workflow-flows.ts';

/**
 * Sub-flows (protocol-workflow.md, subFlow node): the node launches a child task of its flow for
 * each initiator, with the child's form filled from the parent's by `assignList`; a synchronous
 * node waits until every child ended, an asynchronous one goes on at once; `SubFlowInfo` shows the
 * children to whoever may read the parent. Also the monitor's terminate by a user granted the menu, and
 * a template's export to a `.ffe` file and import.
 */

const P = '/api/workflow/Engine/flowTemplate';
const B = '/api/workflow/Engine/FlowBefore';
const L = '/api/workflow/Engine/FlowLaunch';
const T = '/api/workflow/Engine/FlowTask';

let t: TestApp;
let admin: Client;
let alice: Client, bob: Client, carol: Client, dave: Client, eve: Client;
let ids: Record<string, string>;
let childFlowId: string;

/** start → sub-flow (the child flow, by the given initiators) → dave. */
const parentGraph = (sub: FlowNode['properties']): FlowNode => ({
  type: 'start',
  nodeId: 'start',
  properties: { title: '发起' },
  childNode: {
    type: 'subFlow',
    nodeId: 'sub',
    properties: {
      title: '子流程审批',
      flowId: childFlowId,
      initiateType: 6,
      assignList: [{ nodeId: 'start', ruleList: [{ parentField: 'amount', childField: 'total' }] }],
      ...sub,
    },
    childNode: approver('final', ids.dave as string),
  },
});

interface Detail {
  flowTaskInfo: { id: string; status: number; thisStep: string; creatorUserId: string };
  formData: Record<string, unknown>;
  flowTaskNodeList: { id: string; nodeCode: string; type: number }[];
}
const detail = async (taskId: string) => (await admin.get<Detail>(`${B}/${taskId}`)).data as Detail;
const subNodeOf = async (taskId: string) =>
  (await detail(taskId)).flowTaskNodeList.find((n) => n.nodeCode === 'sub')?.id as string;
const children = async (client: Client, taskId: string) =>
  client.get<Detail[]>(`${B}/SubFlowInfo/${await subNodeOf(taskId)}`);

beforeAll(async () => {
  ({ t, admin, ids, alice, bob, carol, dave, eve } = await adminAppWith(['alice', 'bob', 'carol', 'dave', 'eve']));
  childFlowId = await releasedFlow(admin, 'child', {
    type: 'start',
    nodeId: 'cstart',
    properties: { title: '子发起' },
    childNode: approver('check', ids.bob as string),
  });
});
afterAll(() => t.close());

describe('sub-flows', () => {
  test('synchronous: the parent waits until every child ended (one approved, one terminated)', async () => {
    const flowId = await releasedFlow(
      admin,
      'sync',
      parentGraph({ initiator: [`${ids.carol}--user`, `${ids.eve}--user`], autoSubmit: true }),
    );
    const taskId = await launch(alice, flowId, { amount: 500, note: 'x' });
    expect((await detail(taskId)).flowTaskInfo).toMatchObject({ status: 1, thisStep: '子流程审批' });

    const info = await children(alice, taskId);
    expect(info).toMatchObject({ code: 200 });
    const kids = info.data ?? [];
    expect(kids.map((k) => k.flowTaskInfo.creatorUserId).sort()).toEqual([ids.carol, ids.eve].sort());
    // Only the mapped field reaches the child's form.
    for (const k of kids) expect(k.formData).toEqual({ total: 500 });
    expect(await eve.get(`${B}/SubFlowInfo/${await subNodeOf(taskId)}`)).toMatchObject({ code: 403 });
    // The parent's initiator opens a child's detail (the dialog's 查看); another child's initiator does not.
    const eveKid = kids.find((k) => k.flowTaskInfo.creatorUserId === ids.eve)?.flowTaskInfo.id;
    expect(await alice.get(`${B}/${eveKid}`)).toMatchObject({ code: 200 });
    expect(await carol.get(`${B}/${eveKid}`)).toMatchObject({ code: 403 });

    const bobRows = (await todoRows(bob)).filter((r) => kids.some((k) => k.flowTaskInfo.id === r.processId));
    expect(bobRows).toHaveLength(2);
    const carolChild = kids.find((k) => k.flowTaskInfo.creatorUserId === ids.carol)?.flowTaskInfo.id;
    const eveChild = kids.find((k) => k.flowTaskInfo.creatorUserId === ids.eve)?.flowTaskInfo.id;
    const carolRow = bobRows.find((r) => r.processId === carolChild);
    expect(await bob.post(`${B}/Audit/${carolRow?.id}`, { handleOpinion: '同意' })).toMatchObject({ code: 200 });
    expect((await detail(carolChild as string)).flowTaskInfo.status).toBe(2);
    // One child still runs: the parent still waits, dave has nothing yet.
    expect((await detail(taskId)).flowTaskInfo.thisStep).toBe('子流程审批');
    expect((await todoRows(dave)).map((r) => r.processId)).not.toContain(taskId);

    expect(await eve.post(`${B}/Cancel/${eveChild}`, {})).toMatchObject({ code: 200 });
    expect((await detail(taskId)).flowTaskInfo).toMatchObject({ status: 1, thisStep: 'final' });
    const daveRow = (await todoRows(dave)).find((r) => r.processId === taskId);
    expect(await dave.post(`${B}/Audit/${daveRow?.id}`, {})).toMatchObject({ code: 200 });
    expect((await detail(taskId)).flowTaskInfo.status).toBe(2);
  });

  test('asynchronous: the parent goes on at once while the child runs', async () => {
    const flowId = await releasedFlow(
      admin,
      'async',
      parentGraph({ initiator: [`${ids.carol}--user`], autoSubmit: true, isAsync: true }),
    );
    const taskId = await launch(alice, flowId, { amount: 7 });
    expect((await detail(taskId)).flowTaskInfo.thisStep).toBe('final');
    const [kid] = (await children(alice, taskId)).data ?? [];
    expect(kid?.flowTaskInfo).toMatchObject({ status: 1, thisStep: 'check' });
    expect((await todoRows(bob)).map((r) => r.processId)).toContain(kid?.flowTaskInfo.id);
    const daveRow = (await todoRows(dave)).find((r) => r.processId === taskId);
    expect(await dave.post(`${B}/Audit/${daveRow?.id}`, {})).toMatchObject({ code: 200 });
    expect((await detail(taskId)).flowTaskInfo.status).toBe(2);
    // The child goes on alone.
    expect((await detail(kid?.flowTaskInfo.id as string)).flowTaskInfo.status).toBe(1);
  });

  test("without autoSubmit the child waits as its initiator's draft; submitting it runs it, its end moves the parent", async () => {
    const flowId = await releasedFlow(
      admin,
      'draft',
      parentGraph({ initiator: [`${ids.carol}--user`], autoSubmit: false }),
    );
    const taskId = await launch(alice, flowId, { amount: 9 });
    const [kid] = (await children(alice, taskId)).data ?? [];
    const childId = kid?.flowTaskInfo.id as string;
    expect(kid?.flowTaskInfo.status).toBe(0);
    const mine = await carol.get<PageData<{ id: string; status: number }>>(L);
    expect(mine.data?.list.find((r) => r.id === childId)).toMatchObject({ status: 0 });
    expect((await todoRows(bob)).map((r) => r.processId)).not.toContain(childId);
    // Someone else cannot submit carol's child.
    expect(await eve.put(`${T}/${childId}`, { flowId: childFlowId, formData: { total: 9 }, status: 0 })).toMatchObject({
      code: 400,
      msg: '该任务不属于您，无法操作',
    });
    expect(
      await carol.put(`${T}/${childId}`, { flowId: childFlowId, formData: { total: 10 }, status: 0 }),
    ).toMatchObject({
      code: 200,
    });
    const row = (await todoRows(bob)).find((r) => r.processId === childId);
    expect(await bob.post(`${B}/Audit/${row?.id}`, {})).toMatchObject({ code: 200 });
    expect((await detail(taskId)).flowTaskInfo.thisStep).toBe('final');
  });

  test('a sub-flow whose flow is not released refuses the launch and changes nothing', async () => {
    const flowId = await releasedFlow(
      admin,
      'broken',
      parentGraph({ initiator: [`${ids.carol}--user`], flowId: 'nosuchflow' }),
    );
    const before = (await alice.get<PageData<{ id: string }>>(L)).data?.pagination;
    expect(await alice.post(T, { flowId, formData: {}, status: 0 })).toMatchObject({
      code: 400,
      msg: '子流程【子流程审批】的流程不存在或未发布',
    });
    expect((await alice.get<PageData<{ id: string }>>(L)).data?.pagination).toEqual(before);
  });
});

describe('monitor', () => {
  test('a user granted the monitor menu terminates any task; one without it is refused and nothing changes', async () => {
    await grantMenu(t, admin, ids.eve as string, 'workFlow.flowMonitor');
    const flowId = await releasedFlow(admin, 'monitored', {
      type: 'start',
      nodeId: 'start',
      properties: {},
      childNode: approver('check', ids.bob as string),
    });
    const taskId = await launch(alice, flowId, {});
    expect(await carol.post(`${B}/Cancel/${taskId}`, {})).toMatchObject({ code: 400, msg: '该任务不属于您，无法操作' });
    expect((await detail(taskId)).flowTaskInfo.status).toBe(1);
    expect(await eve.post(`${B}/Cancel/${taskId}`, {})).toMatchObject({ code: 200, msg: '终止成功' });
    expect((await detail(taskId)).flowTaskInfo.status).toBe(5);
  });
});

describe('template export and import', () => {
  test('a .ffe file brings the template and its graphs back as a new, unreleased template', async () => {
    const created = await admin.post<{ id: string }>(P, {
      fullName: '导出流程',
      enCode: 'export.flow',
      flowTemplateJson: JSON.stringify([
        {
          id: '',
          fullName: '导出流程',
          flowTemplateJson: {
            type: 'start',
            nodeId: 's',
            properties: {},
            childNode: approver('one', ids.bob as string),
          },
        },
      ]),
    });
    const id = created.data?.id as string;
    const exported = await admin.get<{ url: string }>(`${P}/${id}/Actions/Export`);
    expect(exported).toMatchObject({ code: 200 });
    const content = (await t.app.inject({ method: 'GET', url: exported.data?.url as string })).body;
    expect(JSON.parse(content)).toMatchObject({ format: 'platform.flowTemplate', template: { enCode: 'export.flow' } });
    const importFile = (type: string, name: string, body: string) =>
      admin.call<{ id: string; skipped: boolean }>({
        method: 'POST',
        url: `${P}/Actions/Import`,
        ...multipart({ type }, { name, content: body }),
      });
    expect(await importFile('0', 'a.ffe', content)).toMatchObject({ code: 200, msg: '编码已存在，已跳过' });
    expect(await importFile('1', 'a.json', content)).toMatchObject({ code: 400, msg: '请选择.ffe类型的文件' });
    expect(await importFile('1', 'a.ffe', '{"format":"x"}')).toMatchObject({ code: 400 });
    const added = await importFile('1', 'a.ffe', content);
    expect(added).toMatchObject({ code: 200, msg: '导入成功', data: { skipped: false } });
    const info = await admin.get<{ enCode: string; enabledMark: number; flowTemplateJson: string }>(
      `${P}/${added.data?.id}`,
    );
    expect(info.data?.enCode).toMatch(/^export\.flow\./);
    expect(info.data?.enabledMark).toBe(0);
    const flows = JSON.parse(info.data?.flowTemplateJson ?? '[]') as { flowTemplateJson: FlowNode }[];
    expect(flows.map((f) => f.flowTemplateJson.childNode?.nodeId)).toEqual(['one']);
    expect(await alice.get(`${P}/${id}/Actions/Export`)).toMatchObject({ code: 403 });
  });
});
