import type { FlowNode, FlowTodoRow, PageData } from '@platform/shared';
import { expect } from 'vitest';
import type { Client } from './test-app.ts';

const templates = '/api/workflow/Engine/flowTemplate';

/**
 * A template of one flow drawn as `graph`, named `${name}${enCode}`, created and released by `admin`;
 * answers the template's id and its flow's.
 */
export async function releasedTemplate(
  admin: Client,
  enCode: string,
  graph: FlowNode,
  name = '流程',
): Promise<{ templateId: string; flowId: string }> {
  const created = await admin.post<{ id: string }>(templates, {
    fullName: `${name}${enCode}`,
    enCode,
    flowTemplateJson: JSON.stringify([{ id: '', fullName: `${name}${enCode}`, flowTemplateJson: graph }]),
  });
  expect(created).toMatchObject({ code: 200 });
  const templateId = created.data?.id as string;
  expect(await admin.post(`${templates}/Release/${templateId}`)).toMatchObject({ code: 200 });
  const flows = await admin.get<{ id: string }[]>(`${templates}/FlowJsonList/${templateId}`);
  return { templateId, flowId: flows.data?.[0]?.id as string };
}

/** `releasedTemplate`, answering the flow's id alone. */
export async function releasedFlow(admin: Client, enCode: string, graph: FlowNode): Promise<string> {
  return (await releasedTemplate(admin, enCode, graph)).flowId;
}

/** An approver node handled by named users (assigneeType 6): one, or several (a countersign, an or-sign). */
export const approver = (
  nodeId: string,
  users: string | string[],
  properties: FlowNode['properties'] = {},
): FlowNode => ({
  type: 'approver',
  nodeId,
  properties: {
    title: nodeId,
    assigneeType: 6,
    approvers: (Array.isArray(users) ? users : [users]).map((user) => `${user}--user`),
    ...properties,
  },
});

/** A sub-flow node that launches `flowId` as `initiator` (named user), submitted at once, then `childNode`. */
export const subFlow = (flowId: string, initiator: string, childNode: FlowNode): FlowNode => ({
  type: 'subFlow',
  nodeId: 'sub',
  properties: { title: '子流程', flowId, initiateType: 6, initiator: [`${initiator}--user`], autoSubmit: true },
  childNode,
});

/** A start node leading to `childNode`. */
export const startWith = (childNode: FlowNode, properties: FlowNode['properties'] = {}): FlowNode => ({
  type: 'start',
  nodeId: 'start',
  properties: { title: '发起', ...properties },
  childNode,
});

/** Launches `flowId` as `client` (fails the test if refused); answers the task's id. */
export async function launch(client: Client, flowId: string, formData: object = {}): Promise<string> {
  const res = await client.post<{ id: string }>('/api/workflow/Engine/FlowTask', { flowId, formData, status: 0 });
  expect(res).toMatchObject({ code: 200 });
  return res.data?.id as string;
}

/** The first page (up to 100 rows) of `client`'s to-do list (待办, `FlowBefore/List/1`). */
export async function todoRows(client: Client): Promise<FlowTodoRow[]> {
  const page = await client.get<PageData<FlowTodoRow>>('/api/workflow/Engine/FlowBefore/List/1', { pageSize: '100' });
  return page.data?.list ?? [];
}
