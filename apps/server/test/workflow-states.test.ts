import {
  type FlowTaskAction,
  flowActRefusal,
  flowOperatorRefusal,
  flowTaskStatuses,
  flowTaskTransitions,
} from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { translator } from '../src/core/i18n.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, launch, releasedFlow, startWith, todoRows } from './helpers/workflow-flows.ts';

/**
 * The engine reads the shared state table: every action a user sends, from every task status the
 * table refuses it in, is answered 400 with the refusal's text, and the task is left as it was.
 * (Allowed actions and what they lead to are the other workflow tests' walks.)
 */

const B = '/api/workflow/Engine/FlowBefore';
const L = '/api/workflow/Engine/FlowLaunch';
const zh = translator('zh-CN');

let t: TestApp;
let admin: Client;
let bob: Client;
let carol: string;
let flowId: string;
let taskId: string;
let rowId: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const bobId = await t.createUser({ account: 'bob', realName: 'bob' });
  carol = await t.createUser({ account: 'carol', realName: 'carol' });
  bob = await t.signIn('bob', 'Passw0rd');
  flowId = await releasedFlow(admin, 'states', startWith(approver('a', bobId)));
  taskId = await launch(admin, flowId);
  rowId = (await todoRows(bob)).find((r) => r.processId === taskId)?.id as string;
});
afterAll(() => t.close());

/** Each action as its route is called: the initiator (admin, a monitor too) on the task, bob on his to-do row. */
const calls: Partial<Record<FlowTaskAction, () => Promise<{ code: number; msg?: string }>>> = {
  save: () => admin.put(`/api/workflow/Engine/FlowTask/${taskId}`, { flowId, formData: {}, status: 1 }),
  submit: () => admin.put(`/api/workflow/Engine/FlowTask/${taskId}`, { flowId, formData: {}, status: 0 }),
  audit: () => bob.post(`${B}/Audit/${rowId}`, {}),
  reject: () => bob.post(`${B}/Reject/${rowId}`, {}),
  transfer: () => bob.post(`${B}/Transfer/${rowId}`, { freeApproverUserId: carol }),
  freeApprover: () => bob.post(`${B}/freeApprover/${rowId}`, { freeApproverUserId: carol, freeApproverType: 1 }),
  saveAudit: () => bob.post(`${B}/SaveAudit/${rowId}`, {}),
  recall: () => bob.post(`${B}/Recall/${rowId}`, {}),
  withdraw: () => admin.put(`${L}/${taskId}/Actions/Withdraw`, {}),
  press: () => admin.post(`${L}/Press/${taskId}`),
  cancel: () => admin.post(`${B}/Cancel/${taskId}`, {}),
  assign: () => admin.post(`${B}/Assign/${taskId}`, { nodeCode: 'a', freeApproverUserId: carol }),
  change: () => admin.post(`${B}/Change`, { taskId, taskNodeId: 'a', resurgence: false }),
  revive: () => admin.post(`${B}/Change`, { taskId, taskNodeId: 'a', resurgence: true }),
  suspend: () => admin.post(`${B}/Suspend/${taskId}`, {}),
  resume: () => admin.post(`${B}/Restore/${taskId}`, {}),
};

const setStatus = (status: number) =>
  t.app.db.updateTable('flowTask').set({ status }).where('id', '=', taskId).execute();
const statusNow = async () =>
  (await t.app.db.selectFrom('flowTask').select('status').where('id', '=', taskId).executeTakeFirstOrThrow()).status;

describe('the engine refuses as the state table says', () => {
  test('every user action has a call here; the engine’s own (terminate, proceed, delete) never refuse a user', () => {
    const own = ['terminate', 'proceed', 'delete'];
    expect(Object.keys(calls).sort()).toEqual(
      Object.keys(flowTaskTransitions)
        .filter((a) => !own.includes(a))
        .sort(),
    );
  });

  for (const status of flowTaskStatuses)
    test(`from status ${status}: each refused action answers its message and changes nothing`, async () => {
      await setStatus(status);
      for (const [action, call] of Object.entries(calls) as [FlowTaskAction, () => Promise<{ code: number }>][]) {
        const refusal = flowActRefusal(action, status);
        if (refusal === undefined) continue;
        expect({ action, answer: await call() }).toMatchObject({
          action,
          answer: { code: 400, msg: zh(refusal as Parameters<typeof zh>[0]) },
        });
        expect(await statusNow()).toBe(status);
      }
    });

  test('on a running task, a to-do row that is not done cannot be recalled (the operator table)', async () => {
    await setStatus(1);
    expect(await calls.recall?.()).toMatchObject({
      code: 400,
      msg: zh(flowOperatorRefusal('recall', 1) as Parameters<typeof zh>[0]),
    });
  });
});
