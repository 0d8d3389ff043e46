import type { FlowNode, FlowTodoRow, PageData } from '@platform/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/** A timer node waits on the job table, then the flow goes on; a task withdrawn meanwhile stays put. */

const P = '/api/workflow/Engine/flowTemplate';
const B = '/api/workflow/Engine/FlowBefore';
let t: TestApp;
let admin: Client;
let bob: Client;
let bobId: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp({ jobPollMs: 100 }));
  bobId = await t.createUser({ account: 'bob' });
  bob = await t.signIn('bob', 'Passw0rd');
});
afterAll(() => t.close());

test('a one-second timer hands the task on to the next approver', async () => {
  const graph: FlowNode = {
    type: 'start',
    nodeId: 'start',
    properties: {},
    childNode: {
      type: 'timer',
      nodeId: 'wait',
      properties: { title: '等待', second: 1 },
      childNode: {
        type: 'approver',
        nodeId: 'check',
        properties: { title: 'check', assigneeType: 6, approvers: [`${bobId}--user`] },
      },
    },
  };
  const created = await admin.post<{ id: string }>(P, {
    fullName: '定时',
    enCode: 'timed',
    flowTemplateJson: JSON.stringify([{ id: '', fullName: '定时', flowTemplateJson: graph }]),
  });
  const templateId = created.data?.id as string;
  expect(await admin.post(`${P}/Release/${templateId}`)).toMatchObject({ code: 200 });
  const flowId = (await admin.get<{ id: string }[]>(`${P}/FlowJsonList/${templateId}`)).data?.[0]?.id;
  const launch = () => admin.post<{ id: string }>('/api/workflow/Engine/FlowTask', { flowId, formData: {}, status: 0 });
  const taskId = (await launch()).data?.id as string;
  const withdrawn = (await launch()).data?.id as string;
  expect(await admin.put(`/api/workflow/Engine/FlowLaunch/${withdrawn}/Actions/Withdraw`, {})).toMatchObject({
    code: 200,
  });
  const step = async (id: string) =>
    (await admin.get<{ flowTaskInfo: { thisStep: string } }>(`${B}/${id}`)).data?.flowTaskInfo.thisStep;
  expect(await step(taskId)).toBe('等待');
  const deadline = Date.now() + 15_000;
  let rows: FlowTodoRow[] = [];
  while (Date.now() < deadline) {
    rows = (await bob.get<PageData<FlowTodoRow>>(`${B}/List/1`)).data?.list ?? [];
    if (rows.length) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(rows.map((r) => r.processId)).toEqual([taskId]);
  expect(await step(taskId)).toBe('check');
});
