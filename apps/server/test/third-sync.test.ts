import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type FakeThirdParty, fakeThirdParty } from './helpers/fake-third-party.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

/**
 * WeCom and DingTalk connectors (issue 13, protocol-admin.md section 9): the connection tests and
 * the synchronisation of organisations and users both ways, against a fake address book on
 * 127.0.0.1 that speaks their documented API subset. No traffic leaves loopback: every test points
 * qyhApiBase / dingApiBase at the fake before anything is sent.
 */
let t: TestApp;
let admin: Client;
let clerk: Client;
let fake: FakeThirdParty;

interface Row {
  synType: string;
  recordTotal: number;
  synSuccessCount: number;
  synFailCount: number;
  unSynCount: number;
  synDate: number | null;
}

const weComSettings = () => ({
  qyhApiBase: `${fake.url}/qy`,
  qyhCorpId: 'corp1',
  qyhAgentSecret: 'agent-secret',
  qyhCorpSecret: 'corp-secret',
});
const dingTalkSettings = () => ({
  dingApiBase: `${fake.url}/ding`,
  dingSynAppKey: 'app-key',
  dingSynAppSecret: 'app-secret',
});

beforeAll(async () => {
  fake = await fakeThirdParty();
  t = await testApp();
  await t.app.sysConfig.update({ qyhApiBase: `${fake.url}/qy`, dingApiBase: `${fake.url}/ding` });
  admin = await t.signIn();
  await t.createUser({ account: 'clerk' });
  clerk = await t.signIn('clerk', 'Passw0rd');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const organizeNamed = (fullName: string) =>
  t.app.db.selectFrom('organize').selectAll().where('fullName', '=', fullName).executeTakeFirst();
const organizeCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('organize')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('connection tests', () => {
  test('WeCom: 0 tests the application secret, 1 the address-book secret, as sent or as saved', async () => {
    expect(await admin.post(`/api/system/SysConfig/0/testQyWebChatConnect`, weComSettings())).toMatchObject({
      code: 200,
      msg: '测试连接成功',
    });
    expect(
      await admin.post(`/api/system/SysConfig/1/testQyWebChatConnect`, { ...weComSettings(), qyhCorpSecret: 'nope' }),
    ).toMatchObject({ code: 400, msg: '测试连接失败：40001 invalid credential' });
    expect(fake.requests).toEqual(['/qy/cgi-bin/gettoken', '/qy/cgi-bin/gettoken']);
    // Nothing sent and nothing saved: no call goes out.
    expect(await admin.post(`/api/system/SysConfig/1/testQyWebChatConnect`, {})).toMatchObject({
      code: 400,
      msg: '请先填写企业微信的企业 ID 和凭证密钥',
    });
    expect(fake.requests).toHaveLength(2);
    // The test saves nothing.
    expect((await t.app.sysConfig.get()).qyhCorpId ?? '').toBe('');
  });

  test('DingTalk: app key and secret', async () => {
    expect(await admin.post('/api/system/SysConfig/testDingTalkConnect', dingTalkSettings())).toMatchObject({
      code: 200,
      msg: '测试连接成功',
    });
    expect(
      await admin.post('/api/system/SysConfig/testDingTalkConnect', { ...dingTalkSettings(), dingSynAppSecret: 'x' }),
    ).toMatchObject({ code: 400, msg: '测试连接失败：40089 不合法的corpid或corpsecret' });
    expect(fake.requests).toEqual(['/ding/gettoken', '/ding/gettoken']);
  });

  test('an endpoint that does not answer is a failed test, not a crash', async () => {
    const closed = await fakeThirdParty();
    const deadUrl = closed.url;
    await closed.close();
    const res = await admin.post('/api/system/SysConfig/testDingTalkConnect', {
      ...dingTalkSettings(),
      dingApiBase: deadUrl,
    });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^测试连接失败：/);
  });

  test('bad input and missing grants are refused', async () => {
    expect(await admin.post('/api/system/SysConfig/7/testQyWebChatConnect', weComSettings())).toMatchObject({
      code: 400,
    });
    expect(await admin.put('/api/system/SysConfig', { qyhApiBase: 'ftp://example.com' })).toMatchObject({ code: 400 });
    expect(await admin.put('/api/system/SysConfig', { dingApiBase: 'javascript:alert(1)' })).toMatchObject({
      code: 400,
    });
    expect((await t.app.sysConfig.get()).dingApiBase).toBe(`${fake.url}/ding`);
    expect(await clerk.post('/api/system/SysConfig/testDingTalkConnect', dingTalkSettings())).toMatchObject({
      code: 403,
    });
    expect(await clerk.get('/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=1')).toMatchObject({ code: 403 });
    expect(await admin.get('/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=3')).toMatchObject({ code: 400 });
    expect(await admin.get('/api/system/SynThirdInfo/synAllOrganizeSysToQy')).toMatchObject({ code: 400 });
    expect(fake.requests).toEqual([]);
  });
});

describe('WeCom: taking theirs (type 1)', () => {
  beforeAll(async () => {
    await t.app.sysConfig.update(weComSettings());
    fake.weCom.departments = [
      { id: 1, name: 'Corp', parentId: 0 },
      { id: 2, name: '企微销售部', parentId: 1, order: 2 },
      { id: 3, name: '企微华东组', parentId: 2, order: 1 },
      { id: 4, name: '企微孤儿部', parentId: 99 },
    ];
    fake.weCom.users = [
      { userid: 'qy.zhang', name: '张企微', departments: [2], mobile: '13800000001', email: 'z@example.com' },
      { userid: 'qy.li', name: '李企微', departments: [3, 2] },
      { userid: 'bad id!', name: '坏账号', departments: [1] },
    ];
  });

  test('departments become organisations under ours, parents first; one without a parent fails', async () => {
    const before = await organizeCount();
    const res = await admin.get<Row>('/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=1');
    expect(res).toMatchObject({ code: 200, msg: '同步完成' });
    expect(res.data).toMatchObject({ synType: '组织', synSuccessCount: 2, synFailCount: 1, recordTotal: before + 2 });
    expect(res.data!.unSynCount).toBe(before + 2 - 3);
    expect(res.data!.synDate).toBeGreaterThan(Date.now() - 60_000);
    const sales = await organizeNamed('企微销售部');
    const east = await organizeNamed('企微华东组');
    const root = await t.app.db
      .selectFrom('organize')
      .selectAll()
      .where('parentId', '=', '-1')
      .executeTakeFirstOrThrow();
    expect(sales).toMatchObject({
      parentId: root.id,
      category: 'department',
      organizeIdTree: `${root.id},${sales!.id}`,
    });
    expect(east).toMatchObject({ parentId: sales!.id, organizeIdTree: `${root.id},${sales!.id},${east!.id}` });
    expect(await organizeNamed('企微孤儿部')).toBeUndefined();
    const failed = await t.app.db
      .selectFrom('thirdSync')
      .selectAll()
      .where('thirdObjId', '=', '4')
      .where('thirdType', '=', 1)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 0, description: 'parent department 99 is not synchronised' });
  });

  test('a second run updates instead of duplicating', async () => {
    const before = await organizeCount();
    fake.weCom.departments[1]!.name = '企微销售中心';
    const res = await admin.get<Row>('/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=1');
    expect(res.data).toMatchObject({ synSuccessCount: 2, synFailCount: 1 });
    expect(await organizeCount()).toBe(before);
    expect(await organizeNamed('企微销售中心')).toBeDefined();
    expect(await organizeNamed('企微销售部')).toBeUndefined();
  });

  test('users become ours in their department with the default password; a bad user id fails alone', async () => {
    const res = await admin.get<Row>('/api/system/SynThirdInfo/synAllUserSysToQy?type=1');
    expect(res.data).toMatchObject({ synType: '用户', synSuccessCount: 2, synFailCount: 1 });
    const zhang = await t.app.db
      .selectFrom('appUser')
      .selectAll()
      .where('account', '=', 'qy.zhang')
      .executeTakeFirstOrThrow();
    const sales = await organizeNamed('企微销售中心');
    expect(zhang).toMatchObject({
      realName: '张企微',
      mobilePhone: '13800000001',
      email: 'z@example.com',
      organizeId: sales!.id,
    });
    const li = await t.app.db
      .selectFrom('appUser')
      .selectAll()
      .where('account', '=', 'qy.li')
      .executeTakeFirstOrThrow();
    expect(li.organizeId).toBe((await organizeNamed('企微华东组'))!.id);
    const password = String((await t.app.sysConfig.get()).newUserDefaultPassword);
    expect((await t.login('qy.zhang', password)).code).toBe(200);
    // Listing asked each department once.
    expect(fake.requests.filter((p) => p === '/qy/cgi-bin/user/list')).toHaveLength(4);

    const totals = await admin.get<Row[]>('/api/system/SynThirdInfo/getSynThirdTotal/1');
    expect(totals.data).toEqual([
      expect.objectContaining({ synType: '组织', synSuccessCount: 2, synFailCount: 1 }),
      expect.objectContaining({ synType: '用户', synSuccessCount: 2, synFailCount: 1 }),
    ]);
    // DingTalk has its own results.
    const ding = await admin.get<Row[]>('/api/system/SynThirdInfo/getSynThirdTotal/2');
    expect(ding.data![0]).toMatchObject({ synSuccessCount: 0, synFailCount: 0, synDate: null });
  });

  test('an address book that cannot be read answers why and records nothing', async () => {
    await t.app.sysConfig.update({ qyhCorpSecret: 'revoked' });
    try {
      const res = await admin.get('/api/system/SynThirdInfo/synAllUserSysToQy?type=1');
      expect(res).toMatchObject({ code: 400, msg: '测试连接失败：40001 invalid credential' });
      const totals = await admin.get<Row[]>('/api/system/SynThirdInfo/getSynThirdTotal/1');
      expect(totals.data![1]).toMatchObject({ synSuccessCount: 2, synFailCount: 1 });
    } finally {
      await t.app.sysConfig.update({ qyhCorpSecret: 'corp-secret' });
    }
  });
});

describe('DingTalk: taking theirs (type 1)', () => {
  beforeAll(async () => {
    await t.app.sysConfig.update(dingTalkSettings());
    fake.dingTalk.departments = [
      { id: 20, name: '钉钉研发部', parentId: 1 },
      { id: 21, name: '钉钉前端组', parentId: 20 },
    ];
    fake.dingTalk.users = Array.from({ length: 150 }, (_, i) => ({
      userid: `ding${String(i).padStart(3, '0')}`,
      name: `钉钉用户${i}`,
      departments: [i < 140 ? 21 : 20],
      mobile: `1390000${String(i).padStart(4, '0')}`,
    }));
  });

  test('listsub is walked down from the root and user/list is paged by cursor', async () => {
    const orgs = await admin.get<Row>('/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=1');
    expect(orgs.data).toMatchObject({ synSuccessCount: 2, synFailCount: 0 });
    const front = await organizeNamed('钉钉前端组');
    expect(front?.parentId).toBe((await organizeNamed('钉钉研发部'))!.id);
    const users = await admin.get<Row>('/api/system/SynThirdInfo/synAllUserSysToDing?type=1');
    expect(users.data).toMatchObject({ synSuccessCount: 150, synFailCount: 0 });
    // 140 members in one department: two pages of at most 100.
    expect(fake.requests.filter((p) => p === '/ding/topapi/v2/user/list').length).toBe(4);
    const member = await t.app.db
      .selectFrom('appUser')
      .selectAll()
      .where('account', '=', 'ding139')
      .executeTakeFirstOrThrow();
    expect(member.organizeId).toBe(front!.id);
  });
});

describe('sending ours (type 0)', () => {
  test('WeCom: organisations become departments, then users join them; a second run updates', async () => {
    await t.app.sysConfig.update(weComSettings());
    fake.weCom.departments = [{ id: 1, name: 'Corp', parentId: 0 }];
    fake.weCom.users = [];
    // Links from the earlier pull point at departments the fake no longer has: start from nothing.
    await t.app.db.deleteFrom('thirdSync').where('thirdType', '=', 1).execute();
    const count = await organizeCount();
    const orgs = await admin.get<Row>('/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=0');
    expect(orgs.data).toMatchObject({ synSuccessCount: count - 1, synFailCount: 0 });
    expect(fake.weCom.departments).toHaveLength(count);
    const east = fake.weCom.departments.find((d) => d.name === '企微华东组');
    const sales = fake.weCom.departments.find((d) => d.name === '企微销售中心');
    expect(east?.parentId).toBe(sales?.id);

    const userTotal = Number(
      (
        await t.app.db
          .selectFrom('appUser')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const users = await admin.get<Row>('/api/system/SynThirdInfo/synAllUserSysToQy?type=0');
    expect(users.data).toMatchObject({ synSuccessCount: userTotal, synFailCount: 0, unSynCount: 0 });
    expect(fake.weCom.users.find((u) => u.userid === 'qy.li')?.departments).toEqual([east!.id]);
    expect(fake.weCom.users.find((u) => u.userid === 'admin')?.departments).toEqual([1]);

    fake.requests.length = 0;
    await admin.get('/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=0');
    expect(fake.requests).not.toContain('/qy/cgi-bin/department/create');
    expect(fake.weCom.departments).toHaveLength(count);
  });

  test('DingTalk: a user the third party refuses is counted as failed with its reason', async () => {
    await t.app.sysConfig.update(dingTalkSettings());
    const users = await admin.get<Row>('/api/system/SynThirdInfo/synAllUserSysToDing?type=0');
    // The pulled users have mobiles and exist there; the others (admin, clerk, qy.*) have none.
    const withoutMobile = await t.app.db
      .selectFrom('appUser')
      .select('account')
      .where('mobilePhone', 'is', null)
      .execute();
    expect(users.data!.synFailCount).toBe(withoutMobile.length);
    const refused = await t.app.db
      .selectFrom('thirdSync')
      .selectAll()
      .where('thirdType', '=', 2)
      .where('thirdObjId', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(refused).toMatchObject({ status: 0, description: '40022 mobile is required' });
  });
});
