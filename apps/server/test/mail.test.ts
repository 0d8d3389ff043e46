import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SmtpSender } from '../src/modules/sendConfig/channels.ts';
import {
  smtpAccount as account,
  smtpCert as cert,
  mailServer,
  smtpPassword as rightPassword,
  subjectOf,
} from './helpers/smtp-server.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * E-mail goes out through our real SMTP sender (nodemailer) to a real SMTP server listening on
 * loopback, over TLS with a test-only self-signed certificate (test/fixtures).
 */

let t: TestApp;
let admin: Client;
let configId: string;
let aliceUserId: string;
const aliceMail = 'alice@example.test';

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const aliceId = await t.createUser({ account: 'alice' });
  await t.app.db.updateTable('appUser').set({ email: aliceMail }).where('id', '=', aliceId).execute();
  expect(
    await admin.post('/api/message/MessageTemplateConfig', {
      fullName: '审批邮件',
      enCode: 'approveMail',
      messageType: '2',
      messageSource: '1',
      enabledMark: 1,
      sortCode: 1,
      title: '{name} 的申请已通过',
      content: '<p>单号 {code}</p>',
    }),
  ).toMatchObject({ code: 200 });
  const templates = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/MessageTemplateConfig');
  const templateId = templates.data!.list.find((r) => r.enCode === 'approveMail')!.id;
  expect(
    await admin.post('/api/message/SendMessageConfig', {
      fullName: '审批邮件',
      enCode: 'approveMail',
      enabledMark: 1,
      sendConfigTemplateList: [{ messageType: '2', templateId }],
    }),
  ).toMatchObject({ code: 200 });
  const configs = await admin.get<{ list: { id: string }[] }>('/api/message/SendMessageConfig');
  configId = configs.data!.list[0]!.id;
  aliceUserId = aliceId;
});
afterAll(() => t.close());

/** Points the system configuration at a server and trusts the test certificate (or not). */
async function useMailServer(port: number, ssl: 0 | 1, password: string, trustTestCertificate = true) {
  await t.app.sysConfig.update({
    emailSmtpHost: '127.0.0.1',
    emailSmtpPort: port,
    emailSsl: ssl,
    emailAccount: account,
    emailPassword: password,
    emailSenderName: '平台通知',
  });
  t.app.messageChannels.use('2', new SmtpSender(t.app.sysConfig, trustTestCertificate ? { ca: cert } : {}));
}

/** Sends through the configuration: the e-mail is queued in the outbox, then the job runner sends it. */
async function send() {
  const answer = await admin.post<{ sent: number; queued: number; failed: number }>(
    `/api/message/SendMessageConfig/${configId}/Actions/Send`,
    { toUserIds: [aliceUserId], paramMap: { name: '张三', code: 'A-1' } },
  );
  expect(answer).toMatchObject({ code: 200, data: { sent: 0, queued: 1, failed: 0 } });
  await t.runJobs();
}

async function lastLogEntry() {
  const log = await admin.get<{
    list: { messageType: string; status: string; recipient: string | null; error: string | null; attempts: number }[];
  }>(`/api/message/SendMessageConfig/${configId}/Log`);
  return log.data!.list[0];
}

describe('e-mail through a real SMTP server on loopback', () => {
  test('over TLS (emailSsl 1): the mail arrives with its subject, sender and recipient, signed in', async () => {
    const server = await mailServer(true);
    try {
      await useMailServer(server.port, 1, rightPassword);
      await send();
      expect(server.received).toHaveLength(1);
      const mail = server.received[0]!;
      expect(mail).toMatchObject({ from: account, to: [aliceMail], secure: true, user: account });
      expect(subjectOf(mail.raw)).toBe('张三 的申请已通过');
      expect(mail.raw).toMatch(/^From: .*<notice@platform\.test>/m);
      expect(await lastLogEntry()).toMatchObject({
        messageType: '2',
        status: 'sent',
        recipient: aliceMail,
        attempts: 1,
      });
    } finally {
      await server.close();
    }
  });

  test('in plain text (emailSsl 0) the sender upgrades with STARTTLS before it signs in', async () => {
    const server = await mailServer(false);
    try {
      await useMailServer(server.port, 0, rightPassword);
      await send();
      expect(server.received.map((m) => m.secure)).toEqual([true]);
    } finally {
      await server.close();
    }
  });

  test('a refused login is logged with a message that says what to fix, at once (retrying cannot cure it)', async () => {
    const server = await mailServer(true);
    try {
      await useMailServer(server.port, 1, 'wrong-password');
      await send();
      expect(server.received).toEqual([]);
      expect(await lastLogEntry()).toMatchObject({
        status: 'failed',
        recipient: null,
        error: '邮件服务器拒绝登录，请检查发件账号和密码',
        attempts: 1,
      });
    } finally {
      await server.close();
    }
  });

  test('a certificate the server cannot prove is refused: no mail goes to an impostor', async () => {
    const server = await mailServer(true);
    try {
      await useMailServer(server.port, 1, rightPassword, false);
      await send();
      expect(server.received).toEqual([]);
      // Not ours to judge for ever (the server's certificate may be renewed): retried later, the reason shown.
      const entry = await lastLogEntry();
      expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
      expect(entry?.error).toMatch(/certificate/i);
    } finally {
      await server.close();
    }
  });

  test("the system configuration's test e-mail goes through the saved settings and says what went wrong", async () => {
    const server = await mailServer(true);
    try {
      await useMailServer(server.port, 1, rightPassword);
      const test = { to: 'ops@platform.test' };
      expect(await admin.post('/api/system/SysConfig/Actions/TestMail', test)).toMatchObject({
        code: 200,
        msg: '测试邮件已发送至 ops@platform.test',
      });
      expect(server.received.map((mail) => mail.to)).toEqual([['ops@platform.test']]);
      await useMailServer(server.port, 1, 'wrong-password');
      expect(await admin.post('/api/system/SysConfig/Actions/TestMail', test)).toMatchObject({
        code: 400,
        msg: '测试邮件发送失败：邮件服务器拒绝登录，请检查发件账号和密码',
      });
      expect(await admin.post('/api/system/SysConfig/Actions/TestMail', { to: 'not-an-address' })).toMatchObject({
        code: 400,
      });
      expect(server.received).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
