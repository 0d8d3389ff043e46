import type { EmailInfo } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailServer, smtpAccount, useMailServer } from './helpers/smtp-server.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * /emailDetail (shell.md 2.2 "view a mail"): an e-mail the send log holds, sent for real to an SMTP
 * server on loopback, read back through `GET /api/extend/Email/{id}` by its recipient and by the
 * readers of the send log; nobody else learns it exists.
 */

let t: TestApp;
let admin: Client;
let configId: string;
let aliceId: string;
let mailId: string;
let inAppId: string;
const aliceMail = 'alice@example.test';

async function template(enCode: string, messageType: string, title: string, content: string) {
  expect(
    await admin.post('/api/message/MessageTemplateConfig', {
      fullName: enCode,
      enCode,
      messageType,
      messageSource: '1',
      enabledMark: 1,
      sortCode: 1,
      title,
      content,
    }),
  ).toMatchObject({ code: 200 });
  const list = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/MessageTemplateConfig');
  return list.data!.list.find((r) => r.enCode === enCode)!.id;
}

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  aliceId = await t.createUser({ account: 'alice', realName: '爱丽丝' });
  await t.app.db.updateTable('appUser').set({ email: aliceMail }).where('id', '=', aliceId).execute();
  const mail = await template(
    'leaveMail',
    '2',
    '{name} 的请假已批准',
    '<p>单号 <b>{code}</b></p><script>alert(1)</script>',
  );
  const inApp = await template('leaveNote', '1', '{name} 的请假已批准', '<p>站内 {code}</p>');
  expect(
    await admin.post('/api/message/SendMessageConfig', {
      fullName: '请假通知',
      enCode: 'leaveNotice',
      enabledMark: 1,
      sendConfigTemplateList: [
        { messageType: '2', templateId: mail },
        { messageType: '1', templateId: inApp },
      ],
    }),
  ).toMatchObject({ code: 200 });
  configId = (await admin.get<{ list: { id: string }[] }>('/api/message/SendMessageConfig')).data!.list[0]!.id;

  const server = await mailServer(true);
  try {
    await useMailServer(t.app, server.port, '平台通知');
    const sent = await admin.post(`/api/message/SendMessageConfig/${configId}/Actions/Send`, {
      toUserIds: [aliceId],
      paramMap: { name: '张三', code: 'QJ-2026-0001' },
    });
    expect(sent).toMatchObject({ code: 200, data: { sent: 1, queued: 1, failed: 0 } });
    await t.runJobs();
    expect(server.received).toHaveLength(1);
  } finally {
    await server.close();
  }
  const log = await admin.get<{ list: { id: string; messageType: string }[] }>(
    `/api/message/SendMessageConfig/${configId}/Log`,
  );
  mailId = log.data!.list.find((r) => r.messageType === '2')!.id;
  inAppId = log.data!.list.find((r) => r.messageType === '1')!.id;
});
afterAll(() => t.close());

const read = (client: Client, id: string) => client.get<EmailInfo>(`/api/extend/Email/${id}`);

describe('GET /api/extend/Email/{id}', () => {
  test('the recipient reads the mail: subject, sender, address, time and the cleaned body', async () => {
    const alice = await t.signIn('alice', 'Passw0rd');
    const before = Date.now();
    const answer = await read(alice, mailId);
    expect(answer).toMatchObject({
      code: 200,
      data: {
        id: mailId,
        subject: '张三 的请假已批准',
        sender: smtpAccount,
        senderName: '平台通知',
        recipient: aliceMail,
        mAccount: aliceMail,
        toUserName: '爱丽丝/alice',
        status: 'sent',
        error: null,
        cc: null,
        bcc: null,
        attachment: null,
      },
    });
    expect(answer.data!.bodyText).toContain('单号 <b>QJ-2026-0001</b>');
    expect(answer.data!.bodyText).not.toContain('script');
    // The time it was sent, in milliseconds under both names the 3.6 client reads.
    expect(answer.data!.fdate).toBe(answer.data!.creatorTime);
    expect(before - answer.data!.creatorTime).toBeLessThan(60_000);
  });

  test('the administrator and a user who may open the send configurations read it too', async () => {
    expect(await read(admin, mailId)).toMatchObject({ code: 200, data: { subject: '张三 的请假已批准' } });
    const readerId = await t.createUser({ account: 'logreader' });
    const menus = await t.app.db
      .selectFrom('menu')
      .select(['id', 'enCode', 'parentId'])
      .where('enCode', '=', 'msgCenter.sendConfig')
      .executeTakeFirstOrThrow();
    expect(
      await admin.put(`/api/permission/Authority/Data/${readerId}`, {
        objectType: 'User',
        module: [menus.id, menus.parentId],
      }),
    ).toMatchObject({ code: 200 });
    const reader = await t.signIn('logreader', 'Passw0rd');
    expect(await read(reader, mailId)).toMatchObject({ code: 200, data: { recipient: aliceMail } });
  });

  test('anyone else, an unknown id and a log entry that is not an e-mail: 数据不存在', async () => {
    await t.createUser({ account: 'bob' });
    const bob = await t.signIn('bob', 'Passw0rd');
    expect(await read(bob, mailId)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await read(admin, inAppId)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await read(admin, '999999999999999999')).toMatchObject({ code: 400, msg: '数据不存在' });
  });
});
