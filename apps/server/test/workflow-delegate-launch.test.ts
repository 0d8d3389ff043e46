import type {
  FlowChildRow,
  FlowDelegatePrincipal,
  FlowLaunchRow,
  FlowNode,
  FlowRecord,
  PageData,
} from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';
import { releasedTemplate, todoRows } from './helpers/workflow-flows.ts';

/**
 * Delegated launch (protocol-workflow.md 3): a principal hands launching to a delegate for a period
 * and some flows; the delegate finds those flows (`getflow`) and principals (`userList`) and
 * submits with `delegateUserList`: one task per principal, each initiated by the principal, whose
 * launch record names both. Every launch that a delegation does not cover is refused whole.
 */

const B = '/api/workflow/Engine/FlowBefore';
const D = '/api/workflow/Engine/FlowDelegate';
const HOUR = 3_600_000;

let t: TestApp;
let admin: Client;
const users: Record<string, Client> = {};
const ids: Record<string, string> = {};
const flows: Record<string, { templateId: string; flowId: string }> = {};

/** A released flow of one approver node: bob, unless `approver` says otherwise. */
const releasedFlow = (
  enCode: string,
  approver: FlowNode['properties'] = { assigneeType: 6, approvers: [`${ids.bob}--user`] },
) =>
  releasedTemplate(
    admin,
    enCode,
    {
      type: 'start',
      nodeId: 'start',
      properties: {},
      childNode: { type: 'approver', nodeId: 'boss', properties: { title: '主管', ...approver } },
    },
    '委托',
  );

async function delegate(
  from: string,
  to: string,
  fields: { type: '0' | '1'; flowId?: string; start: number; end: number },
) {
  const saved = await users[from]?.post(D, {
    toUserId: ids[to],
    type: fields.type,
    flowId: fields.flowId ?? '',
    startTime: fields.start,
    endTime: fields.end,
  });
  expect(saved).toMatchObject({ code: 200 });
}

const launchFor = (client: Client | undefined, flowId: string, principals: string[], lang?: string) =>
  (client as Client).call<{ id: string }>({
    method: 'POST',
    url: '/api/workflow/Engine/FlowTask',
    payload: { flowId, formData: { reason: 'trip' }, status: 0, delegateUserList: principals.map((p) => ids[p]) },
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });
const launched = async (name: string) =>
  (await users[name]?.get<PageData<FlowLaunchRow>>('/api/workflow/Engine/FlowLaunch'))?.data?.list ?? [];
const todo = (name: string) => todoRows(users[name] as Client);

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  for (const name of ['carol', 'erin', 'frank', 'gina', 'dave', 'bob', 'eve']) {
    ids[name] = await t.createUser({ account: `dl_${name}`, realName: name });
    users[name] = await t.signIn(`dl_${name}`, 'Passw0rd');
  }
  flows.trip = await releasedFlow('dltrip');
  flows.buy = await releasedFlow('dlbuy');
  // Approved by the initiator: shows whose task a delegated launch makes.
  flows.own = await releasedFlow('dlown', { assigneeType: 3 });
  const now = Date.now();
  // carol: every flow, now; erin: the trip flow only; frank: the trip flow, but it ended an hour
  // ago; gina: approving only, which is no leave to launch for her.
  await delegate('carol', 'dave', { type: '0', start: now - HOUR, end: now + HOUR });
  await delegate('erin', 'dave', { type: '0', flowId: flows.trip?.templateId, start: now - HOUR, end: now + HOUR });
  await delegate('frank', 'dave', {
    type: '0',
    flowId: flows.trip?.templateId,
    start: now - 2 * HOUR,
    end: now - HOUR,
  });
  await delegate('gina', 'dave', { type: '1', start: now - HOUR, end: now + HOUR });
});
afterAll(() => t.close());

describe('delegated launch', () => {
  test('getflow lists the flows delegated to the caller now; userList who delegated one of them', async () => {
    const flowsOf = async (name: string) =>
      ((await users[name]?.get<PageData<FlowChildRow>>(`${D}/getflow`))?.data?.list ?? []).map((f) => f.id);
    // carol's delegation covers every flow; nobody delegated launching to eve.
    expect(await flowsOf('dave')).toEqual(expect.arrayContaining([flows.trip?.flowId, flows.buy?.flowId]));
    expect(await flowsOf('eve')).toEqual([]);
    // As a 3.6 client pages it: numbers as strings, the keyword sent empty (no filter).
    const paged = await users.dave?.get<PageData<FlowChildRow>>(`${D}/getflow`, {
      keyword: '',
      currentPage: '1',
      pageSize: '1',
    });
    expect(paged).toMatchObject({ code: 200, data: { pagination: { currentPage: 1, pageSize: 1 } } });
    expect(paged?.data?.list).toHaveLength(1);
    expect(paged?.data?.pagination.total).toBeGreaterThanOrEqual(2);

    const principals = async (flow: string) =>
      ((await users.dave?.get<{ list: FlowDelegatePrincipal[] }>(`${D}/userList`, { flowId: flow }))?.data?.list ?? [])
        .map((u) => u.fullName)
        .sort();
    expect(await principals(flows.trip?.flowId as string)).toEqual(['carol', 'erin']);
    expect(await principals(flows.buy?.flowId as string)).toEqual(['carol']);
    expect(await users.dave?.get(`${D}/userList`, { flowId: 'nosuchflow' })).toMatchObject({
      code: 400,
      msg: '流程不存在',
    });
  });

  test('one task per principal, initiated by the principal; the launch record names the delegate and the principal', async () => {
    const flowId = flows.trip?.flowId as string;
    const answer = await launchFor(users.dave, flowId, ['carol', 'erin']);
    expect(answer).toMatchObject({ code: 200, msg: '提交成功' });

    const carolTask = (await launched('carol')).find((r) => r.flowId === flowId);
    const erinTask = (await launched('erin')).find((r) => r.flowId === flowId);
    expect(carolTask).toMatchObject({ status: 1 });
    expect(erinTask).toMatchObject({ status: 1 });
    expect(carolTask?.id).not.toBe(erinTask?.id);
    expect((await launched('dave')).some((r) => r.flowId === flowId)).toBe(false);

    const rows = (await todo('bob')).filter((r) => r.flowId === flowId);
    expect(rows.map((r) => r.userName).sort()).toEqual(['carol', 'erin']);

    // The delegate follows what they launched; the records show who launched for whom.
    const records = await users.dave?.get<FlowRecord[]>(`${B}/RecordList/${carolTask?.id}`);
    expect(records).toMatchObject({ code: 200 });
    expect(records?.data?.[0]).toMatchObject({ handleStatus: 2, userName: 'dave', operatorId: 'carol' });
    expect(await users.eve?.get(`${B}/RecordList/${carolTask?.id}`)).toMatchObject({ code: 403 });

    // The principal is the initiator: bob approves, and carol's own list shows it approved.
    const carolRow = rows.find((r) => r.processId === carolTask?.id);
    expect(await users.bob?.post(`${B}/Audit/${carolRow?.id}`, { handleOpinion: '同意' })).toMatchObject({ code: 200 });
    expect((await launched('carol')).find((r) => r.id === carolTask?.id)).toMatchObject({ status: 2 });
    // ... and may withdraw her own pending task, which the delegate may not.
    expect(await users.dave?.put(`/api/workflow/Engine/FlowLaunch/${erinTask?.id}/Actions/Withdraw`, {})).toMatchObject(
      {
        code: 400,
      },
    );
    expect(await users.erin?.put(`/api/workflow/Engine/FlowLaunch/${erinTask?.id}/Actions/Withdraw`, {})).toMatchObject(
      {
        code: 200,
      },
    );
  });

  test('a node approved by "the initiator" goes to the principal, not to the delegate', async () => {
    const flowId = flows.own?.flowId as string;
    expect(await launchFor(users.dave, flowId, ['carol'])).toMatchObject({ code: 200 });
    expect((await todo('carol')).filter((r) => r.flowId === flowId)).toHaveLength(1);
    expect((await todo('dave')).some((r) => r.flowId === flowId)).toBe(false);
  });

  test('refusals name the principal, in the caller’s language, and launch nothing for anyone', async () => {
    const trip = flows.trip?.flowId as string;
    const buy = flows.buy?.flowId as string;
    const before = (await launched('carol')).length;

    // No launch delegation (an approval delegation is none), ended, another flow only.
    expect(await launchFor(users.dave, trip, ['gina'])).toMatchObject({ code: 400, msg: 'gina未委托您发起流程' });
    expect(await launchFor(users.dave, trip, ['carol', 'frank'])).toMatchObject({
      code: 400,
      msg: 'frank委托您发起流程的期限已过或尚未开始',
    });
    expect(await launchFor(users.dave, buy, ['erin'])).toMatchObject({ code: 400, msg: 'erin未委托您发起该流程' });
    expect(await launchFor(users.eve, trip, ['carol'])).toMatchObject({ code: 400, msg: 'carol未委托您发起流程' });
    expect(await launchFor(users.dave, trip, ['dave'])).toMatchObject({ code: 400, msg: 'dave未委托您发起流程' });

    expect(await launchFor(users.dave, buy, ['erin'], 'zh-TW')).toMatchObject({
      code: 400,
      msg: 'erin未委託您發起該流程',
    });
    expect(await launchFor(users.dave, trip, ['frank'], 'en')).toMatchObject({
      code: 400,
      msg: "frank's delegation to launch flows is not in force now",
    });
    expect(await launchFor(users.dave, trip, ['gina'], 'en')).toMatchObject({
      code: 400,
      msg: 'gina has not delegated launching flows to you',
    });

    // carol was first in the refused [carol, frank]: nothing was launched for her.
    expect((await launched('carol')).length).toBe(before);
  });

  test('a stopped delegation no longer lets the delegate launch', async () => {
    const mine = await users.erin?.get<PageData<{ id: string }>>(D, { myOrDelagateToMe: '1' });
    expect(await users.erin?.put(`${D}/Stop/${mine?.data?.list[0]?.id}`)).toMatchObject({ code: 200 });
    expect(await launchFor(users.dave, flows.trip?.flowId as string, ['erin'])).toMatchObject({
      code: 400,
      msg: 'erin委托您发起流程的期限已过或尚未开始',
    });
    const left = await users.dave?.get<{ list: FlowDelegatePrincipal[] }>(`${D}/userList`, {
      flowId: flows.trip?.flowId as string,
    });
    expect(left?.data?.list.map((u) => u.fullName)).toEqual(['carol']);
  });
});
