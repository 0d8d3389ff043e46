import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { JobRepository } from '../src/core/jobs/job.repository.ts';
import { JobRunner } from '../src/core/jobs/job-runner.ts';
import { MessageOutbox, messageJobType } from '../src/modules/sendConfig/message-outbox.ts';
import { mailServer, useMailServer } from './helpers/smtp-server.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

/**
 * The message outbox (issue 41): an e-mail is written to the job table with the send that causes
 * it and sent by the job runner, retried with growing waits, each try counted in the send log with
 * its reason; never sent twice for one message id. Against a real SMTP server on loopback.
 */

let t: TestApp;
let admin: Client;
let configId: string;
let aliceId: string;
const aliceMail = 'alice@example.test';

interface LogRow {
  id: string;
  messageType: string;
  status: string;
  recipient: string | null;
  title: string | null;
  error: string | null;
  attempts: number;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn();
  aliceId = await t.createUser({ account: 'alice' });
  await t.app.db.updateTable('appUser').set({ email: aliceMail }).where('id', '=', aliceId).execute();
  const template = {
    fullName: '到货通知',
    enCode: 'arrivalMail',
    messageType: '2',
    messageSource: '1',
    enabledMark: 1,
    sortCode: 1,
    title: '{code} 已到货',
    content: '<p>单号 {code}</p>',
  };
  expect(await admin.post('/api/message/MessageTemplateConfig', template)).toMatchObject({ code: 200 });
  const templates = await admin.get<{ list: { id: string }[] }>('/api/message/MessageTemplateConfig');
  const sendConfig = {
    fullName: '到货通知',
    enCode: 'arrivalMail',
    enabledMark: 1,
    sendConfigTemplateList: [{ messageType: '2', templateId: templates.data!.list[0]!.id }],
  };
  expect(await admin.post('/api/message/SendMessageConfig', sendConfig)).toMatchObject({ code: 200 });
  configId = (await admin.get<{ list: { id: string }[] }>('/api/message/SendMessageConfig')).data!.list[0]!.id;
});
afterAll(() => t.close());

type MailServer = Awaited<ReturnType<typeof mailServer>>;

/** Runs `body` with the system configuration pointed at a fresh loopback SMTP server. */
async function withMailServer(options: { refuseFirst?: number }, body: (server: MailServer) => Promise<void>) {
  const server = await mailServer(true, options);
  try {
    await useMailServer(t.app, server.port);
    await body(server);
  } finally {
    await server.close();
  }
}

/** Sends to alice; answers the id of the message (its send-log row), which is queued, not yet sent. */
async function send(code: string): Promise<string> {
  const answer = await admin.post(`/api/message/SendMessageConfig/${configId}/Actions/Send`, {
    toUserIds: [aliceId],
    paramMap: { code },
  });
  expect(answer).toMatchObject({ code: 200, data: { sent: 0, failed: 0, queued: 1 } });
  return (await sendLog()).find((r) => r.title === `${code} 已到货`)!.id;
}

async function sendLog(): Promise<LogRow[]> {
  return (await admin.get<{ list: LogRow[] }>(`/api/message/SendMessageConfig/${configId}/Log?pageSize=100`)).data!
    .list;
}

const logRow = async (id: string) => (await sendLog()).find((r) => r.id === id);
const jobOf = (messageId: string) =>
  t.app.db.selectFrom('job').selectAll().where('refId', '=', messageId).executeTakeFirstOrThrow();
/** The job's next try is due now (the test does not wait out the back-off); `also` changes more of it. */
const makeDue = (messageId: string, also: { status?: 'pending'; attempts?: number; lockedBy?: null } = {}) =>
  t.app.db
    .updateTable('job')
    .set({ runAt: new Date(Date.now() - 1000), ...also })
    .where('refId', '=', messageId)
    .execute();
const messageIdOf = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim();

describe('e-mail through the outbox', () => {
  test('a mail the server refuses for now is retried with doubling waits and arrives once; the log shows each try', async () => {
    await withMailServer({ refuseFirst: 2 }, async (server) => {
      const id = await send('R-1');
      expect(await logRow(id)).toMatchObject({ status: 'pending', attempts: 0, error: null });

      await t.runJobs();
      const first = await logRow(id);
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first?.error).toMatch(/451 Try again later/);
      const wait1 = (await jobOf(id)).runAt.getTime() - Date.now();
      expect(wait1).toBeGreaterThan(25_000);
      expect(wait1).toBeLessThanOrEqual(30_000);

      await t.runJobs(); // not due yet: nothing is tried
      expect(await logRow(id)).toMatchObject({ attempts: 1 });

      await makeDue(id);
      await t.runJobs();
      expect(await logRow(id)).toMatchObject({ status: 'pending', attempts: 2 });
      const wait2 = (await jobOf(id)).runAt.getTime() - Date.now();
      expect(wait2).toBeGreaterThan(55_000);
      expect(wait2).toBeLessThanOrEqual(60_000);

      await makeDue(id);
      await t.runJobs();
      expect(await logRow(id)).toMatchObject({ status: 'sent', attempts: 3, error: null, recipient: aliceMail });
      expect(server.received).toHaveLength(1);
      // The message id travels as the mail's Message-ID, the same on every try.
      expect(messageIdOf(server.received[0]!.raw)).toBe(`<${id}@platform.test>`);
      await makeDue(id);
      await t.runJobs();
      expect(server.received).toHaveLength(1);
    });
  });

  test('a mail that keeps failing is failed after its last try, with the reason and the count', async () => {
    await withMailServer({ refuseFirst: 100 }, async (server) => {
      const id = await send('F-1');
      await t.runJobs();
      expect(await logRow(id)).toMatchObject({ status: 'pending', attempts: 1 });
      // Seven tries behind it (an hour of waits): the eighth is the last.
      await makeDue(id, { attempts: 7 });
      await t.runJobs();
      const row = await logRow(id);
      expect(row).toMatchObject({ status: 'failed', attempts: 8 });
      expect(row?.error).toMatch(/451 Try again later/);
      expect(await jobOf(id)).toMatchObject({ status: 'failed' });
      expect(server.received).toEqual([]);
    });
  });

  test('a message already sent is never sent again, even when its job runs again (a stale claim after a crash)', async () => {
    await withMailServer({}, async (server) => {
      const id = await send('S-1');
      await t.runJobs();
      expect(server.received).toHaveLength(1);
      // What a runner that took over a claim gone stale would do: run the job once more.
      await makeDue(id, { status: 'pending', lockedBy: null });
      await t.runJobs();
      expect(server.received).toHaveLength(1);
      expect(await logRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
      // One job per message id.
      const again = new JobRepository(t.app.db).insert([
        { id: `${id}-2`, type: messageJobType, payload: {}, runAt: new Date(), refId: id },
      ]);
      await expect(again).rejects.toThrow(/job_message_once/);
    });
  });

  test('two runners polling at once (two instances) send each message exactly once', async () => {
    await withMailServer({}, async (server) => {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await send(`T-${i}`));
      const other = new JobRunner(t.app.db, t.app.log, 60_000);
      new MessageOutbox(t.app.db, t.app.messageChannels, other);
      await Promise.all([t.runJobs(), other.runDue()]);
      expect(server.received).toHaveLength(6);
      expect(new Set(server.received.map((m) => messageIdOf(m.raw)))).toEqual(
        new Set(ids.map((id) => `<${id}@platform.test>`)),
      );
      for (const id of ids) expect(await logRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
    });
  });
});
