import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
let alice: Client;
let aliceId: string;

beforeAll(async () => {
  t = await testApp();
  aliceId = await t.createUser({ account: 'alice', mobilePhone: '13800000000' });
  admin = await t.signIn();
  alice = await t.signIn('alice', 'Passw0rd');
});
afterAll(() => t.close());

const template = (fields: Record<string, unknown> = {}) => ({
  fullName: '审批通知',
  enCode: 'approve',
  messageType: '1',
  messageSource: '1',
  enabledMark: 1,
  sortCode: 1,
  title: '{name} 的申请已通过',
  content: '<p>单号 {code}</p>',
  templateParamList: [{ field: 'name', fieldName: '姓名' }],
  ...fields,
});

async function templateId(enCode: string) {
  const list = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/MessageTemplateConfig', {
    keyword: enCode,
  });
  return list.data!.list.find((r) => r.enCode === enCode)!.id;
}

describe('message templates', () => {
  test('create, parameters from the text, info, edit, copy, unique code', async () => {
    expect(await admin.post('/api/message/MessageTemplateConfig', template())).toMatchObject({ code: 200 });
    const id = await templateId('approve');
    const info = await admin.get<{ templateParamList: { field: string }[] }>(
      `/api/message/MessageTemplateConfig/${id}`,
    );
    expect(info.data?.templateParamList.map((p) => p.field)).toEqual(['name', 'code']);
    expect(await admin.post('/api/message/MessageTemplateConfig', template())).toMatchObject({
      code: 400,
      msg: '编码不能重复',
    });
    expect(
      await admin.put(`/api/message/MessageTemplateConfig/${id}`, template({ fullName: '审批通过' })),
    ).toMatchObject({ code: 200 });
    expect(await admin.post(`/api/message/MessageTemplateConfig/${id}/Actions/Copy`)).toMatchObject({
      code: 200,
      msg: '复制成功',
    });
    const list = await admin.get<{ list: { fullName: string; enabledMark: number }[]; pagination: { total: number } }>(
      '/api/message/MessageTemplateConfig',
    );
    expect(list.data?.pagination.total).toBe(2);
    expect(list.data?.list.some((r) => r.fullName.startsWith('审批通过.副本') && r.enabledMark === 0)).toBe(true);
  });

  test('bad input and missing permission are refused', async () => {
    expect(await admin.post('/api/message/MessageTemplateConfig', template({ enCode: '' }))).toMatchObject({
      code: 400,
    });
    expect(await admin.post('/api/message/MessageTemplateConfig', template({ enabledMark: '1' }))).toMatchObject({
      code: 400,
    });
    expect(await admin.get('/api/message/MessageTemplateConfig/404')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await alice.get('/api/message/MessageTemplateConfig')).toMatchObject({ code: 403 });
    expect(await alice.post('/api/message/MessageTemplateConfig', template({ enCode: 'x' }))).toMatchObject({
      code: 403,
    });
  });
});

describe('send configurations', () => {
  test('in-app is delivered, SMS is recorded, e-mail without SMTP fails in the log; used templates cannot be deleted', async () => {
    await admin.post(
      '/api/message/MessageTemplateConfig',
      template({ enCode: 'sms1', messageType: '3', templateCode: 'SMS_1' }),
    );
    await admin.post('/api/message/MessageTemplateConfig', template({ enCode: 'mail1', messageType: '2' }));
    const config = {
      fullName: '审批结果',
      enCode: 'approveResult',
      enabledMark: 1,
      sendConfigTemplateList: [
        { messageType: '1', templateId: await templateId('approve') },
        { messageType: '3', templateId: await templateId('sms1') },
        { messageType: '2', templateId: await templateId('mail1') },
      ],
    };
    expect(await admin.post('/api/message/SendMessageConfig', config)).toMatchObject({ code: 200 });
    expect(
      await admin.post('/api/message/SendMessageConfig', {
        ...config,
        enCode: 'other',
        sendConfigTemplateList: [{ messageType: '1', templateId: '404' }],
      }),
    ).toMatchObject({
      code: 400,
      msg: '消息模板不存在或已禁用：404',
    });
    const list = await admin.get<{ list: { id: string }[] }>('/api/message/SendMessageConfig');
    const id = list.data!.list[0]!.id;
    // One configuration answers what its list row says, channels with their ids and states.
    const one = await admin.get<{ sendConfigTemplateList: { id: string; enabledMark: number }[] }>(
      `/api/message/SendMessageConfig/${id}`,
    );
    expect(one.data).toEqual(list.data!.list[0]);
    expect(one.data!.sendConfigTemplateList[0]).toMatchObject({ id: expect.any(String), enabledMark: 1 });
    const sent = await admin.post<{ sent: number; recorded: number; failed: number }>(
      `/api/message/SendMessageConfig/${id}/Actions/Send`,
      {
        toUserIds: [aliceId],
        paramMap: { name: '张三', code: 'A-1' },
      },
    );
    // The answer says how each channel went, in the configuration's order: in-app stored, the others in the outbox.
    expect(sent).toMatchObject({
      code: 200,
      msg: '发送成功',
      data: {
        sent: 1,
        recorded: 0,
        failed: 0,
        queued: 2,
        channels: [
          { messageType: '1', isSuccess: true, sent: 1, recorded: 0, failed: 0, queued: 0, result: null },
          { messageType: '3', isSuccess: true, sent: 0, recorded: 0, failed: 0, queued: 1, result: null },
          { messageType: '2', isSuccess: true, sent: 0, recorded: 0, failed: 0, queued: 1, result: null },
        ],
      },
    });
    await t.runJobs();
    const inbox = await alice.get<{ list: { title: string; type: number }[] }>('/api/message');
    expect(inbox.data?.list[0]).toMatchObject({ title: '张三 的申请已通过', type: 1 });
    const log = await admin.get<{
      list: { messageType: string; status: string; recipient: string | null; error: string | null }[];
    }>(`/api/message/SendMessageConfig/${id}/Log`);
    expect(log.data?.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ messageType: '3', status: 'recorded', recipient: '13800000000', attempts: 1 }),
        // Missing settings are ours to fix: failed at the first try, not retried.
        expect.objectContaining({ messageType: '2', status: 'failed', error: '邮件服务未配置', attempts: 1 }),
      ]),
    );
    expect(await admin.delete(`/api/message/MessageTemplateConfig/${await templateId('sms1')}`)).toMatchObject({
      code: 400,
      msg: '该模板已被发送配置引用，不能删除',
    });
    expect(await admin.post(`/api/message/SendMessageConfig/${id}/Actions/Send`, { toUserIds: [] })).toMatchObject({
      code: 400,
    });
    expect(
      await alice.post(`/api/message/SendMessageConfig/${id}/Actions/Send`, { toUserIds: [aliceId] }),
    ).toMatchObject({ code: 403 });
  });

  test('the state switch disables a configuration, which then refuses to send, and enables it again', async () => {
    const list = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/SendMessageConfig');
    const id = list.data!.list.find((r) => r.enCode === 'approveResult')!.id;
    const state = `/api/message/SendMessageConfig/${id}/Actions/State`;
    expect(await admin.put(state)).toMatchObject({ code: 200, msg: '禁用成功' });
    expect(await admin.get(`/api/message/SendMessageConfig/${id}`)).toMatchObject({ data: { enabledMark: 0 } });
    expect(
      await admin.post(`/api/message/SendMessageConfig/${id}/Actions/Send`, { toUserIds: [aliceId] }),
    ).toMatchObject({ code: 400, msg: '发送配置已禁用' });
    expect(await alice.put(state)).toMatchObject({ code: 403 });
    expect(await admin.put(state)).toMatchObject({ code: 200, msg: '启用成功' });
    expect(await admin.put('/api/message/SendMessageConfig/404/Actions/State')).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
  });

  test('a disabled template fails its channel with the reason', async () => {
    const sms = await templateId('sms1');
    const state = `/api/message/MessageTemplateConfig/${sms}/Actions/State`;
    expect(await admin.put(state)).toMatchObject({ code: 200, msg: '禁用成功' });
    expect(await admin.get(`/api/message/MessageTemplateConfig/${sms}`)).toMatchObject({ data: { enabledMark: 0 } });
    const list = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/SendMessageConfig');
    const id = list.data!.list.find((r) => r.enCode === 'approveResult')!.id;
    const sent = await admin.post<{ channels: { messageType: string; isSuccess: boolean; result: string | null }[] }>(
      `/api/message/SendMessageConfig/${id}/Actions/Send`,
      { toUserIds: [aliceId] },
    );
    expect(sent.data?.channels[1]).toMatchObject({
      messageType: '3',
      isSuccess: false,
      result: `消息模板不存在或已禁用：${sms}`,
    });
    // The log is written in Chinese; the answer's reasons speak the caller's language.
    const inEnglish = await admin.call<{ channels: { result: string | null }[] }>({
      method: 'POST',
      url: `/api/message/SendMessageConfig/${id}/Actions/Send`,
      headers: { 'accept-language': 'en' },
      payload: { toUserIds: [aliceId] },
    });
    expect(inEnglish.data?.channels[1]?.result).toBe(`Message template missing or disabled: ${sms}`);
    expect(await alice.put(state)).toMatchObject({ code: 403 });
    expect(await admin.put(state)).toMatchObject({ code: 200, msg: '启用成功' });
  });

  test('the 3.6 client test-send: getTestConfig lists the channels, testSendConfig sends them back for real', async () => {
    const list = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/SendMessageConfig');
    const id = list.data!.list.find((r) => r.enCode === 'approveResult')!.id;
    const entries = await admin.post<
      {
        sendConfigId: string;
        templateId: string;
        msgTemplateName: string;
        messageType: string;
        toUser: string[];
        paramJson: { field: string; fieldName: string; value: string }[];
      }[]
    >(`/api/message/SendMessageConfig/getTestConfig/${id}`);
    expect(entries.code).toBe(200);
    expect(entries.data).toEqual([
      {
        sendConfigId: id,
        templateId: await templateId('approve'),
        msgTemplateName: '审批通过',
        messageType: '1',
        toUser: [],
        paramJson: [
          { field: 'name', fieldName: '姓名', value: '' },
          { field: 'code', fieldName: 'code', value: '' },
        ],
      },
      expect.objectContaining({ messageType: '3', templateId: await templateId('sms1') }),
      expect.objectContaining({ messageType: '2', msgTemplateName: '审批通知' }),
    ]);
    // The dialog fills in recipients and values and sends the entries back.
    const filled = entries.data!.map((entry) => ({
      ...entry,
      toUser: [aliceId],
      paramJson: entry.paramJson.map((p) => ({ ...p, value: p.field === 'name' ? '测试员' : 'T-1' })),
    }));
    const sent = await admin.post<{ messageType: string; isSuccess: boolean; result: string }[]>(
      '/api/message/SendMessageConfig/testSendConfig',
      filled,
    );
    expect(sent).toMatchObject({
      code: 200,
      data: [
        { messageType: '1', isSuccess: true, result: '发送成功' },
        { messageType: '3', isSuccess: true, result: '发送成功' },
        { messageType: '2', isSuccess: false, result: '邮件服务未配置' },
      ],
    });
    const inbox = await alice.get<{ list: { title: string }[] }>('/api/message');
    expect(inbox.data?.list[0]).toMatchObject({ title: '测试员 的申请已通过' });
    const log = await admin.get<{ list: { messageType: string; title: string | null }[] }>(
      `/api/message/SendMessageConfig/${id}/Log`,
    );
    expect(log.data?.list[0]).toMatchObject({ title: '测试员 的申请已通过' });

    // Bad input: no recipients, nothing at all, an unknown configuration; and someone without the grant.
    const before = (await alice.get<{ list: unknown[] }>('/api/message')).data!.list.length;
    expect(
      await admin.post('/api/message/SendMessageConfig/testSendConfig', [{ ...filled[0], toUser: [] }]),
    ).toMatchObject({ code: 400 });
    expect(await admin.post('/api/message/SendMessageConfig/testSendConfig', [])).toMatchObject({ code: 400 });
    expect(await admin.post('/api/message/SendMessageConfig/getTestConfig/404')).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await alice.post(`/api/message/SendMessageConfig/getTestConfig/${id}`)).toMatchObject({ code: 403 });
    expect(await alice.post('/api/message/SendMessageConfig/testSendConfig', filled)).toMatchObject({ code: 403 });
    expect((await alice.get<{ list: unknown[] }>('/api/message')).data!.list.length).toBe(before);
  });

  test('copy and delete a send configuration', async () => {
    const list = await admin.get<{ list: { id: string }[] }>('/api/message/SendMessageConfig');
    const id = list.data!.list[0]!.id;
    expect(await admin.post(`/api/message/SendMessageConfig/${id}/Actions/Copy`)).toMatchObject({ code: 200 });
    expect(await admin.delete(`/api/message/SendMessageConfig/${id}`)).toMatchObject({ code: 200 });
    expect(await admin.get(`/api/message/SendMessageConfig/${id}`)).toMatchObject({ code: 400 });
  });
});
