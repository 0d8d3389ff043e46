import type { FlowNode, FlowTodoRow, PageData } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantMenu } from './helpers/grants.ts';
import { until } from './helpers/polling.ts';
import { mailServer, smtpAccount, subjectOf, useMailServer } from './helpers/smtp-server.ts';
import { adminAppWith, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, launch, releasedFlow, startWith, todoRows } from './helpers/workflow-flows.ts';

/**
 * Flow messages through every channel of a send configuration: the in-app template is stored with
 * the action, the e-mail goes to a real SMTP server on loopback after the action committed (and
 * never for an action that rolled back). And the monitor's change (handleStatus 8) and revive (9):
 * `FlowBefore/Selector/{taskId}` and `FlowBefore/Change`, with their refusals.
 */

const B = '/api/workflow/Engine/FlowBefore';

let t: TestApp;
let admin: Client;
let alice: Client, bob: Client, carol: Client, dave: Client, eve: Client, frank: Client;
let ids: Record<string, string>;
const aliceMail = 'alice@example.test';

interface Record_ {
  handleStatus: number;
  handleOpinion: string;
  nodeCode: string;
  userName: string;
}
interface Detail {
  flowTaskInfo: { status: number; thisStep: string; completion: number };
}
interface LogRow {
  messageType: string;
  status: string;
  recipient: string | null;
  title: string | null;
  content: string | null;
  error: string | null;
}

const detail = async (taskId: string) => (await admin.get<Detail>(`${B}/${taskId}`)).data?.flowTaskInfo;
const records = async (taskId: string) => (await admin.get<Record_[]>(`${B}/RecordList/${taskId}`)).data ?? [];
const messages = async (client: Client) =>
  (await client.get<PageData<{ title: string }>>('/api/message', { pageSize: '100' })).data?.list ?? [];
const rowOf = async (client: Client, taskId: string) => (await todoRows(client)).find((r) => r.processId === taskId);

beforeAll(async () => {
  const cast = await adminAppWith(['alice', 'bob', 'carol', 'dave', 'eve', 'frank']);
  ({ t, admin, ids, alice, bob, carol, dave, eve, frank } = cast);
  await t.app.db
    .updateTable('appUser')
    .set({ email: aliceMail, mobilePhone: '13800000001' })
    .where('id', '=', ids.alice as string)
    .execute();
  // eve is a monitor: granted the monitor menu, nothing else of workflow administration.
  await grantMenu(t, admin, ids.eve as string, 'workFlow.flowMonitor');
});
afterAll(() => t.close());

describe('flow messages through every channel of a send configuration', () => {
  let server: Awaited<ReturnType<typeof mailServer>>;
  let msgId: string;
  let inAppId: string;
  let mailId: string;
  let smsId: string;

  beforeAll(async () => {
    server = await mailServer(true);
    await useMailServer(t.app, server.port, '流程通知');
    const template = async (enCode: string, messageType: string, title: string, content: string) => {
      expect(
        await admin.post('/api/message/MessageTemplateConfig', {
          fullName: enCode,
          enCode,
          messageType,
          messageSource: '2',
          enabledMark: 1,
          sortCode: 1,
          title,
          content,
          templateParamList: [],
        }),
      ).toMatchObject({ code: 200 });
      const list = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/MessageTemplateConfig');
      return list.data?.list.find((r) => r.enCode === enCode)?.id as string;
    };
    inAppId = await template('flowPassInApp', '1', '{flow}已通过', '<p>审批人 {who}</p>');
    mailId = await template('flowPassMail', '2', '{who}同意了{flow}', '<p>Amount {amount} approved</p>');
    smsId = await template('flowPassSms', '3', '{flow}通过', '金额{amount}');
    expect(
      await admin.post('/api/message/SendMessageConfig', {
        fullName: '流程通过通知',
        enCode: 'flowPassSend',
        enabledMark: 1,
        sendConfigTemplateList: [
          { messageType: '1', templateId: inAppId },
          { messageType: '2', templateId: mailId },
          { messageType: '3', templateId: smsId },
        ],
      }),
    ).toMatchObject({ code: 200 });
    const configs = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/SendMessageConfig');
    msgId = configs.data?.list.find((r) => r.enCode === 'flowPassSend')?.id as string;
  });
  afterAll(() => server.close());

  const params = [
    { field: 'who', relationField: '@flowOperatorUserName' },
    { field: 'flow', relationField: '@flowFullName' },
    { field: 'amount', relationField: 'amount' },
  ];
  /** bob's node sends the configuration to the initiator when it is approved; `next` follows it. */
  const passFlow = (enCode: string, next?: FlowNode) =>
    releasedFlow(
      admin,
      enCode,
      startWith({
        ...approver('check', ids.bob as string, {
          approveMsgConfig: {
            on: 1,
            msgId,
            templateJson: [
              { templateId: inAppId, paramJson: params },
              { templateId: mailId, paramJson: params },
              { templateId: smsId, paramJson: params },
            ],
          },
        }),
        ...(next ? { childNode: next } : {}),
      }),
    );
  const sendLog = async () =>
    (await admin.get<{ list: LogRow[] }>(`/api/message/SendMessageConfig/${msgId}/Log`)).data?.list ?? [];
  // A message's row is written `pending` with the approval (the outbox) and settled by the job runner
  // after it: wait for `count` rows, none of them still pending.
  const settledLog = (count: number) =>
    until(sendLog, (rows) => rows.length >= count && rows.every((r) => r.status !== 'pending'));

  test('an approval sends the in-app template at once and the e-mail after the commit, both in the send log', async () => {
    const flowId = await passFlow('mailPass');
    const taskId = await launch(alice, flowId, { amount: 800 });
    const row = (await rowOf(bob, taskId)) as FlowTodoRow;
    expect(await bob.post(`${B}/Audit/${row.id}`, { handleOpinion: '同意' })).toMatchObject({ code: 200 });
    expect((await messages(alice)).map((m) => m.title)).toContain('流程mailPass已通过');
    const mails = await until(
      () => server.received,
      (r) => r.length >= 1,
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail).toMatchObject({ to: [aliceMail], secure: true, user: smtpAccount });
    expect(subjectOf(mail?.raw ?? '')).toBe('bob/bob同意了流程mailPass');
    expect(mail?.raw).toContain('Amount 800 approved');
    // SMS has no gateway here: the recording sender writes down what would go out, as the module's own send.
    const log = await settledLog(3);
    expect(log.map((r) => [r.messageType, r.status, r.recipient, r.title]).sort()).toEqual([
      ['1', 'sent', 'alice', '流程mailPass已通过'],
      ['2', 'sent', aliceMail, 'bob/bob同意了流程mailPass'],
      ['3', 'recorded', '13800000001', '流程mailPass通过'],
    ]);
  });

  test('a channel that fails is logged as failed and the approval stands', async () => {
    const logBefore = (await sendLog()).length;
    const flowId = await passFlow('mailNoAddress');
    // carol has neither an e-mail address nor a phone.
    const taskId = await launch(carol, flowId, { amount: 3 });
    const row = (await rowOf(bob, taskId)) as FlowTodoRow;
    expect(await bob.post(`${B}/Audit/${row.id}`, {})).toMatchObject({ code: 200 });
    expect((await detail(taskId))?.status).toBe(2);
    const log = await settledLog(logBefore + 3);
    const mail = log.find((r) => r.messageType === '2' && r.title?.includes('mailNoAddress'));
    expect(mail).toMatchObject({ status: 'failed', recipient: null });
    expect(mail?.error).toBe('接收人没有邮件地址');
  });

  test('an action that rolls back or is refused sends nothing; the next committed one sends its own', async () => {
    const before = server.received.length;
    const logBefore = (await sendLog()).length;
    // After bob's node comes one whose approver is a form field left empty: the approval rolls back.
    const stuckFlow = await passFlow('mailStuck', {
      type: 'approver',
      nodeId: 'review',
      properties: { title: 'review', assigneeType: 4, formField: 'reviewer', formFieldType: 1 },
    });
    const stuck = await launch(alice, stuckFlow, { amount: 1 });
    const stuckRow = (await rowOf(bob, stuck)) as FlowTodoRow;
    expect(await bob.post(`${B}/Audit/${stuckRow.id}`, {})).toMatchObject({ code: 400 });
    expect((await detail(stuck))?.status).toBe(1);
    expect(await rowOf(bob, stuck)).toBeDefined();
    // Someone else's to-do row: refused before anything happens.
    expect(await carol.post(`${B}/Audit/${stuckRow.id}`, {})).toMatchObject({ code: 400 });
    // A committed approval afterwards: its mail is the only one (mails go out in order).
    const flowId = await passFlow('mailAfter');
    const taskId = await launch(alice, flowId, { amount: 5 });
    const row = (await rowOf(bob, taskId)) as FlowTodoRow;
    expect(await bob.post(`${B}/Audit/${row.id}`, {})).toMatchObject({ code: 200 });
    const mails = await until(
      () => server.received,
      (r) => r.length > before,
    );
    expect(mails.slice(before).map((m) => subjectOf(m.raw))).toEqual(['bob/bob同意了流程mailAfter']);
    const log = await settledLog(logBefore + 3);
    expect(log.length).toBe(logBefore + 3);
    expect(log.some((r) => r.title?.includes('mailStuck'))).toBe(false);
    expect((await messages(alice)).some((m) => m.title.includes('mailStuck'))).toBe(false);
  });
});

describe('change and revive (monitor)', () => {
  let flowId: string;

  beforeAll(async () => {
    // a (bob) -> b (carol) -> c (dave); to-dos are announced in-app (the start's default message).
    flowId = await releasedFlow(
      admin,
      'changeFlow',
      startWith(
        {
          ...approver('a', ids.bob as string),
          childNode: {
            ...approver('b', ids.carol as string),
            childNode: approver('c', ids.dave as string),
          },
        },
        { waitMsgConfig: { on: 3 } },
      ),
    );
  });

  test('Selector lists the approver nodes of the flow, for monitors only', async () => {
    const taskId = await launch(alice, flowId);
    const answer = await eve.get<{ id: string; nodeCode: string; nodeName: string }[]>(`${B}/Selector/${taskId}`, {
      _t: String(Date.now()),
    });
    expect(answer).toMatchObject({ code: 200 });
    expect(answer.data?.map((n) => [n.id, n.nodeCode, n.nodeName])).toEqual([
      ['a', 'a', 'a'],
      ['b', 'b', 'b'],
      ['c', 'c', 'c'],
    ]);
    expect((await frank.get(`${B}/Selector/${taskId}`)).code).not.toBe(200);
    expect(await eve.get(`${B}/Selector/nosuchtask`)).toMatchObject({ code: 400, msg: '流程任务不存在' });
  });

  test('change moves a running task to the chosen node: old to-dos cancelled, new ones told, recorded as 8', async () => {
    const taskId = await launch(alice, flowId);
    expect(await rowOf(bob, taskId)).toBeDefined();
    expect(
      // The body as the 3.6 client's change dialog sends it (signImg and fileList ride along).
      await eve.post(`${B}/Change`, {
        taskId,
        taskNodeId: 'c',
        resurgence: false,
        handleOpinion: '跳过审核',
        signImg: '',
        fileList: [],
      }),
    ).toMatchObject({ code: 200, msg: '变更成功' });
    expect(await rowOf(bob, taskId)).toBeUndefined();
    const row = (await rowOf(dave, taskId)) as FlowTodoRow;
    expect(row).toBeDefined();
    expect((await messages(dave)).map((m) => m.title)).toContain('流程changeFlow：待您审批');
    expect(await detail(taskId)).toMatchObject({ status: 1, thisStep: 'c' });
    const changed = (await records(taskId)).find((r) => r.handleStatus === 8);
    expect(changed).toMatchObject({ nodeCode: 'c', handleOpinion: '跳过审核', userName: 'eve' });
    // The moved task goes on from there: dave's approval ends it.
    expect(await dave.post(`${B}/Audit/${row.id}`, {})).toMatchObject({ code: 200 });
    expect((await detail(taskId))?.status).toBe(2);
  });

  test('revive reopens an ended task at the chosen node, recorded as 9; it runs on from there', async () => {
    const taskId = await launch(alice, flowId);
    expect(await eve.post(`${B}/Change`, { taskId, taskNodeId: 'c' })).toMatchObject({ code: 200 });
    const last = (await rowOf(dave, taskId)) as FlowTodoRow;
    expect(await dave.post(`${B}/Audit/${last.id}`, {})).toMatchObject({ code: 200 });
    expect((await detail(taskId))?.status).toBe(2);
    expect(
      await eve.post(`${B}/Change`, { taskId, taskNodeId: 'b', resurgence: true, handleOpinion: '重新审核' }),
    ).toMatchObject({ code: 200, msg: '复活成功' });
    expect(await detail(taskId)).toMatchObject({ status: 1, thisStep: 'b' });
    expect((await records(taskId)).find((r) => r.handleStatus === 9)).toMatchObject({
      nodeCode: 'b',
      handleOpinion: '重新审核',
    });
    const row = (await rowOf(carol, taskId)) as FlowTodoRow;
    expect(await carol.post(`${B}/Audit/${row.id}`, {})).toMatchObject({ code: 200 });
    expect(await rowOf(dave, taskId)).toBeDefined();
    // A terminated task is revived as well.
    const ended = await launch(alice, flowId);
    expect(await eve.post(`${B}/Cancel/${ended}`, {})).toMatchObject({ code: 200 });
    expect(await eve.post(`${B}/Change`, { taskId: ended, taskNodeId: 'a', resurgence: true })).toMatchObject({
      code: 200,
    });
    expect(await rowOf(bob, ended)).toBeDefined();
  });

  test('refusals change nothing: unknown task or node, revive of a running task, change of an ended one, non-monitors', async () => {
    const taskId = await launch(alice, flowId);
    const recordCount = (await records(taskId)).length;
    const refusals: [Client, object, string][] = [
      [eve, { taskId: 'nosuchtask', taskNodeId: 'a' }, '流程任务不存在'],
      [eve, { taskId, taskNodeId: 'zzz' }, '请选择该流程中的审批节点'],
      [eve, { taskId, taskNodeId: 'start' }, '请选择该流程中的审批节点'],
      [eve, { taskId, taskNodeId: 'b', resurgence: true }, '只能复活已结束的流程'],
    ];
    for (const [client, body, msg] of refusals)
      expect(await client.post(`${B}/Change`, body)).toMatchObject({ code: 400, msg });
    expect((await frank.post(`${B}/Change`, { taskId, taskNodeId: 'c' })).code).not.toBe(200);
    expect((await alice.post(`${B}/Change`, { taskId, taskNodeId: 'c' })).code).not.toBe(200);
    expect(await rowOf(bob, taskId)).toBeDefined();
    expect(await records(taskId)).toHaveLength(recordCount);
    // In the caller's language.
    const english = await eve.call({
      method: 'POST',
      url: `${B}/Change`,
      payload: { taskId, taskNodeId: 'b', resurgence: true },
      headers: { 'accept-language': 'en' },
    });
    expect(english).toMatchObject({ code: 400, msg: 'Only an ended flow can be revived' });
    // Ended: it can be revived, not changed.
    expect(await eve.post(`${B}/Cancel/${taskId}`, {})).toMatchObject({ code: 200 });
    expect(await eve.post(`${B}/Change`, { taskId, taskNodeId: 'b' })).toMatchObject({
      code: 400,
      msg: '只能变更审批中的流程',
    });
    expect((await detail(taskId))?.status).toBe(5);
  });
});
