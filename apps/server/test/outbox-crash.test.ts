import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { embeddedOnly } from './helpers/needs.ts';
import { startServerProcess } from './helpers/server-process.ts';
import { mailServer, smtpAccount, smtpPassword } from './helpers/smtp-server.ts';
import { loginPayload, testCipherKey } from './helpers/test-app.ts';

/**
 * Issue 41's crash test: the server, as a process, commits a send whose e-mail is queued in the
 * outbox; it is killed (SIGKILL) before its job runner's first poll (JOB_FIRST_POLL_MS holds that
 * window open), started again on the same data directory, and the e-mail arrives exactly once.
 */
const password = 'Crash@12345';
const env = {
  ADMIN_PASSWORD: password,
  LOGIN_CIPHER_KEY: testCipherKey,
  // The loopback SMTP server's test certificate, trusted the way a deployment trusts a private CA.
  NODE_EXTRA_CA_CERTS: path.join(import.meta.dirname, 'fixtures', 'smtp-test.crt'),
  JOB_POLL_MS: '200',
};

/** A signed-in caller of a server process. */
async function session(url: string) {
  const login = await fetch(`${url}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: loginPayload(password) }).toString(),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return async <T>(method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as { code: number; msg: string; data: T };
  };
}

const until = async (done: () => boolean | Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

embeddedOnly('the message outbox across a crash', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-outbox-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two cold starts of the server on the shared cores.
  test('killed between the commit and the send, restarted: the e-mail arrives exactly once', {
    timeout: 400_000,
  }, async () => {
    const mail = await mailServer(true);
    const first = await startServerProcess({ ...env, JOB_FIRST_POLL_MS: '600000' }, dataDir);
    let configId = '';
    try {
      const call = await session(first.url);
      const settings = {
        emailSmtpHost: '127.0.0.1',
        emailSmtpPort: mail.port,
        emailSsl: 1,
        emailAccount: smtpAccount,
        emailPassword: smtpPassword,
      };
      expect(await call('PUT', '/api/system/SysConfig', settings)).toMatchObject({ code: 200 });
      expect(
        await call('PUT', '/api/permission/Users/Current/BaseInfo', { email: 'admin@platform.test' }),
      ).toMatchObject({ code: 200 });
      const me = await call<{ userInfo: { userId: string } }>('GET', '/api/oauth/CurrentUser');
      const template = { fullName: '崩溃测试', enCode: 'crashMail', messageType: '2', messageSource: '1' };
      const templateInput = {
        ...template,
        enabledMark: 1,
        sortCode: 1,
        title: '订单 {code}',
        content: '<p>{code}</p>',
      };
      expect(await call('POST', '/api/message/MessageTemplateConfig', templateInput)).toMatchObject({ code: 200 });
      const templates = await call<{ list: { id: string }[] }>('GET', '/api/message/MessageTemplateConfig');
      const templateId = templates.data.list[0]?.id;
      const sendConfig = { ...template, enabledMark: 1, sendConfigTemplateList: [{ messageType: '2', templateId }] };
      expect(await call('POST', '/api/message/SendMessageConfig', sendConfig)).toMatchObject({ code: 200 });
      configId =
        (await call<{ list: { id: string }[] }>('GET', '/api/message/SendMessageConfig')).data.list[0]?.id ?? '';
      const sent = await call('POST', `/api/message/SendMessageConfig/${configId}/Actions/Send`, {
        toUserIds: [me.data.userInfo.userId],
        paramMap: { code: 'C-1' },
      });
      // Committed: the message is in the outbox, its job not yet run.
      expect(sent).toMatchObject({ code: 200, data: { queued: 1 } });
    } finally {
      await first.crash();
    }
    expect(mail.received).toEqual([]);

    const second = await startServerProcess(env, dataDir);
    try {
      await until(() => mail.received.length > 0);
      const call = await session(second.url);
      type Log = { list: { status: string; attempts: number }[] };
      const log = async () => (await call<Log>('GET', `/api/message/SendMessageConfig/${configId}/Log`)).data.list;
      await until(async () => (await log())[0]?.status === 'sent');
      // Many polls later (every 200 ms), still one mail.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(mail.received).toHaveLength(1);
      expect(mail.received[0]?.to).toEqual(['admin@platform.test']);
      expect(await log()).toMatchObject([{ status: 'sent', attempts: 1 }]);
    } finally {
      await second.stop({ keepDataDir: true });
      await mail.close();
    }
  });
});
