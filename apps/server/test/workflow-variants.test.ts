import type { ConditionItem, FlowNode } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminAppWith, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, launch, releasedTemplate, startWith, todoRows } from './helpers/workflow-flows.ts';

/**
 * The workflow's rules on their variants (issue 42): a branch condition on both sides of its
 * boundary for each ordering, a countersign whose ratio is below 100 %, and an approval delegation
 * for one flow, which leaves every other flow with the principal.
 */

const B = '/api/workflow/Engine/FlowBefore';

let t: TestApp;
let admin: Client;
let alice: Client, bob: Client, carol: Client, dave: Client;
let ids: Record<string, string>;

beforeAll(async () => {
  ({ t, admin, ids, alice, bob, carol, dave } = await adminAppWith(['alice', 'bob', 'carol', 'dave']));
});
afterAll(() => t.close());

const taskInfo = async (taskId: string) =>
  (await admin.get<{ flowTaskInfo: { status: number; thisStep: string } }>(`${B}/${taskId}`)).data?.flowTaskInfo;
const rowOf = async (client: Client, taskId: string) => (await todoRows(client)).find((r) => r.processId === taskId);

describe('branch conditions on their boundary', () => {
  /** amount <symbol> 1000 goes to bob's node 'hit', anything else to carol's default node 'miss'. */
  const split = (symbol: ConditionItem['symbol']): FlowNode => ({
    type: 'start',
    nodeId: 'start',
    properties: { title: '发起' },
    conditionType: 'condition',
    conditionNodes: [
      {
        type: 'condition',
        nodeId: 'c-hit',
        properties: {
          title: 'hit',
          priority: 0,
          conditions: [{ logic: 'and', groups: [{ field: 'amount', symbol, fieldValueType: 2, fieldValue: 1000 }] }],
        },
        childNode: approver('hit', ids.bob as string),
      },
      {
        type: 'condition',
        nodeId: 'c-miss',
        properties: { title: 'miss', isDefault: true, priority: 1 },
        childNode: approver('miss', ids.carol as string),
      },
    ],
  });

  test.each([
    ['>', 'gt', ['miss', 'miss', 'hit']],
    ['>=', 'ge', ['miss', 'hit', 'hit']],
    ['<', 'lt', ['hit', 'miss', 'miss']],
    ['<=', 'le', ['hit', 'hit', 'miss']],
  ] as const)('amount %s 1000: 999, 1000 and 1001 (the last sent as text)', async (symbol, code, expected) => {
    const { flowId } = await releasedTemplate(admin, `boundary.${code}`, split(symbol));
    const steps: string[] = [];
    for (const amount of [999, 1000, '1001']) {
      const taskId = await launch(alice, flowId, { amount });
      steps.push((await taskInfo(taskId))?.thisStep ?? '');
    }
    expect(steps).toEqual(expected);
  });
});

describe('a countersign with a ratio below 100 %', () => {
  const countersign = (auditRatio: number) =>
    startWith(
      approver('trio', [ids.bob, ids.carol, ids.dave] as string[], {
        counterSign: 1,
        counterSignConfig: { auditType: 1, auditRatio },
      }),
    );

  test('50 %: two of three agreeing decide the node and the third is no longer asked', async () => {
    const { flowId } = await releasedTemplate(admin, 'ratio.half', countersign(50));
    const taskId = await launch(alice, flowId);
    expect(await bob.post(`${B}/Audit/${(await rowOf(bob, taskId))?.id}`, {})).toMatchObject({ code: 200 });
    // One of three (33 %) is not yet half.
    expect(await taskInfo(taskId)).toMatchObject({ status: 1, thisStep: 'trio' });
    const daveRow = await rowOf(dave, taskId);
    expect(daveRow).toBeDefined();
    expect(await carol.post(`${B}/Audit/${(await rowOf(carol, taskId))?.id}`, {})).toMatchObject({ code: 200 });
    expect(await taskInfo(taskId)).toMatchObject({ status: 2 });
    expect(await rowOf(dave, taskId)).toBeUndefined();
    expect(await dave.post(`${B}/Audit/${daveRow?.id}`, {})).toMatchObject({ code: 400 });
  });

  test('50 %: one refusal of three still leaves the half reachable; a second one rejects', async () => {
    const { flowId } = await releasedTemplate(admin, 'ratio.reject', countersign(50));
    const taskId = await launch(alice, flowId);
    expect(await bob.post(`${B}/Reject/${(await rowOf(bob, taskId))?.id}`, { rejectStep: '0' })).toMatchObject({
      code: 200,
    });
    expect(await taskInfo(taskId)).toMatchObject({ status: 1, thisStep: 'trio' });
    expect(await carol.post(`${B}/Reject/${(await rowOf(carol, taskId))?.id}`, { rejectStep: '0' })).toMatchObject({
      code: 200,
    });
    expect(await taskInfo(taskId)).toMatchObject({ status: 3, thisStep: '发起' });
  });

  test('67 %: two of three agreeing are enough, one is not', async () => {
    const { flowId } = await releasedTemplate(admin, 'ratio.twothirds', countersign(66));
    const taskId = await launch(alice, flowId);
    expect(await dave.post(`${B}/Audit/${(await rowOf(dave, taskId))?.id}`, {})).toMatchObject({ code: 200 });
    expect(await taskInfo(taskId)).toMatchObject({ status: 1 });
    expect(await bob.post(`${B}/Audit/${(await rowOf(bob, taskId))?.id}`, {})).toMatchObject({ code: 200 });
    expect(await taskInfo(taskId)).toMatchObject({ status: 2 });
  });
});

describe('an approval delegation for one flow', () => {
  test('the delegate sees and handles the principal’s tasks of that flow only', async () => {
    const covered = await releasedTemplate(admin, 'delegated.flow', startWith(approver('boss', ids.carol as string)));
    const other = await releasedTemplate(admin, 'other.flow', startWith(approver('boss', ids.carol as string)));
    const now = Date.now();
    expect(
      await carol.post('/api/workflow/Engine/FlowDelegate', {
        toUserId: ids.dave,
        type: '1',
        flowId: covered.templateId,
        flowName: '流程delegated.flow',
        startTime: now - 1000,
        endTime: now + 3_600_000,
      }),
    ).toMatchObject({ code: 200 });

    const coveredTask = await launch(alice, covered.flowId);
    const otherTask = await launch(alice, other.flowId);
    const daveTodo = await todoRows(dave);
    expect(daveTodo.find((r) => r.processId === coveredTask)).toMatchObject({ delegateUser: 'carol' });
    expect(daveTodo.some((r) => r.processId === otherTask)).toBe(false);

    const otherRow = await rowOf(carol, otherTask);
    for (const action of ['Audit', 'Reject']) {
      expect(await dave.post(`${B}/${action}/${otherRow?.id}`, { rejectStep: '0' })).toMatchObject({
        code: 400,
        msg: '该任务不属于您，无法操作',
      });
    }
    expect(await taskInfo(otherTask)).toMatchObject({ status: 1, thisStep: 'boss' });
    expect(await dave.post(`${B}/Audit/${(await rowOf(carol, coveredTask))?.id}`, {})).toMatchObject({ code: 200 });
    expect(await taskInfo(coveredTask)).toMatchObject({ status: 2 });
    expect(await carol.post(`${B}/Audit/${otherRow?.id}`, {})).toMatchObject({ code: 200 });
  });
});
