import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Routes on the allow-list of permissions-enforcement.test.ts check no menu permission: each one
 * guards its data with an owner rule of its own instead. The rules without a test elsewhere are
 * tested here, the way a non-administrator would meet them (messages, schedules, signatures,
 * chat, column settings and the data-scoped user list have theirs beside their module's tests).
 */
let t: TestApp;
let admin: Client;
let lead: Client;
const ids: Record<string, string> = {};

const userId = async (account: string) =>
  (await t.app.db.selectFrom('appUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const rootId = (
    await t.app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow()
  ).id;
  ids.lead = await t.createUser({ account: 'lead', password: 'Lead1234' });
  ids.stranger = await t.createUser({ account: 'stranger' });
  const report = async (account: string, managerId: string) => {
    const created = await admin.post('/api/permission/Users', {
      account,
      realName: account,
      organizeId: rootId,
      managerId,
    });
    expect(created.code).toBe(200);
    return userId(account);
  };
  ids.report = await report('report', ids.lead);
  ids.reportOfReport = await report('reportOfReport', ids.report);
  ids.strangersReport = await report('strangersReport', ids.stranger);
  lead = await t.signIn('lead', 'Lead1234');
});
afterAll(() => t.close());

describe('Users/Current/Subordinate/:id: the caller’s reports, or those of someone who reports to the caller', () => {
  const base = '/api/permission/Users/Current/Subordinate';
  const accounts = (reply: { data?: unknown }) => (reply.data as { account: string }[]).map((r) => r.account);

  test('a non-administrator sees their own reports, and the reports of their report', async () => {
    expect(accounts(await lead.get(`${base}/0`))).toEqual(['report']);
    expect(accounts(await lead.get(`${base}/currentUser`))).toEqual(['report']);
    expect(accounts(await lead.get(`${base}/${ids.report}`))).toEqual(['reportOfReport']);
  });

  test('someone else’s reports are refused as if the person did not exist', async () => {
    expect(await lead.get(`${base}/${ids.stranger}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await lead.get(`${base}/${await userId('admin')}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('an administrator may look below anyone', async () => {
    expect(accounts(await admin.get(`${base}/${ids.stranger}`))).toEqual(['strangersReport']);
  });
});

describe('Users/Current/major: only an application granted to the caller', () => {
  test('a non-administrator cannot switch to an application they were not granted; nothing changes', async () => {
    const crm = (await admin.post<string>('/api/system/System', { fullName: '客户关系', enCode: 'crm', sortCode: 1 }))
      .data!;
    const before = await lead.get<{ userInfo: { systemId: string } }>('/api/oauth/CurrentUser');
    expect(await lead.put('/api/permission/Users/Current/major', { majorId: crm, majorType: 'System' })).toMatchObject({
      code: 400,
      msg: '您没有该应用的权限',
    });
    const after = await lead.get<{ userInfo: { systemId: string } }>('/api/oauth/CurrentUser');
    expect(after.data?.userInfo.systemId).toBe(before.data?.userInfo.systemId);
    expect(after.data?.userInfo.systemId).not.toBe(crm);
  });
});
