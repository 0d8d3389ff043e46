import { standardMenus } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { md5Hex } from '../src/core/password.ts';
import { OauthRepository } from '../src/modules/oauth/oauth.repository.ts';
import { seed } from '../src/seed/seed.ts';
import { interfaceCategory } from './helpers/data-interfaces.ts';
import { field } from './helpers/form-fields.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { multipart } from './helpers/multipart.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';
import { TestSocket } from './helpers/ws-client.ts';

/**
 * Issue 12: the public JNPF 3.6 client's exact requests (its empty filters, dotted captcha keys,
 * numeric timestamps, comma strings) and the fields it reads from the answers.
 */
let t: TestApp;
let admin: Client;
let clerk: Client;
let clerkId: string;
let base: string;

beforeAll(async () => {
  t = await testApp({ socketHeartbeatMs: 60_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  clerkId = await t.createUser({ account: 'clerk', realName: '职员' });
  admin = await t.signIn();
  clerk = await t.signIn('clerk', 'Passw0rd');
});
afterAll(() => t.close());

type Page<T> = { list: T[]; pagination: { total: number } };

describe('1. empty filters mean no filter', () => {
  test('user, role and position pages send organizeId= and get their rows', async () => {
    const rootId = (
      await t.app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await admin.post('/api/permission/Role', {
          fullName: '出纳',
          enCode: 'cashier',
          globalMark: 0,
          organizeIds: [rootId],
        })
      ).code,
    ).toBe(200);
    expect(
      (await admin.post('/api/permission/Position', { organizeId: rootId, fullName: '会计', enCode: 'accountant' }))
        .code,
    ).toBe(200);
    const users = await admin.call<Page<{ account: string }>>({
      method: 'GET',
      url: '/api/permission/Users?currentPage=1&pageSize=20&organizeId=&keyword=&gender=&enabledMark=&sidx=&sort=desc&_t=1732400000000',
    });
    expect(users.code).toBe(200);
    expect(users.data!.list.map((u) => u.account)).toEqual(expect.arrayContaining(['admin', 'clerk']));
    const roles = await admin.call<Page<{ fullName: string }>>({
      method: 'GET',
      url: '/api/permission/Role?currentPage=1&pageSize=20&organizeId=&keyword=&_t=1',
    });
    expect(roles.code).toBe(200);
    expect(roles.data!.list.map((r) => r.fullName)).toContain('出纳');
    const positions = await admin.call<Page<{ fullName: string }>>({
      method: 'GET',
      url: '/api/permission/Position?currentPage=1&pageSize=20&organizeId=&keyword=&_t=1',
    });
    expect(positions.code).toBe(200);
    expect(positions.data!.list.map((p) => p.fullName)).toContain('会计');
  });

  test('menu management sends type=&enabledMark= and gets the menus', async () => {
    const system = await t.app.db
      .selectFrom('system')
      .select('id')
      .where('enCode', '=', 'main')
      .executeTakeFirstOrThrow();
    const menus = await admin.call<{ list: { fullName: string }[] }>({
      method: 'GET',
      url: `/api/system/Menu/ModuleBySystem/${system.id}?keyword=&type=&enabledMark=&_t=1`,
    });
    expect(menus.code).toBe(200);
    expect(menus.data!.list.map((m) => m.fullName)).toEqual(standardMenus.map((d) => d.fullName));
  });
});

describe('2. captcha keys and when a captcha is demanded', () => {
  test('Math.random() keys draw the image on both paths', async () => {
    for (const url of ['/api/oauth/ImageCode/4/0.8785123456789012', '/api/file/ImageCode/0.37612345678']) {
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
    }
    expect(await t.anonymous.get('/api/file/ImageCode/0.1%2F..')).toMatchObject({ code: 400 });
  });

  test('a typo does not demand a captcha; the configured number of failures (3) does', async () => {
    await t.createUser({ account: 'typist', password: 'Right123' });
    const demanded = async () =>
      (await t.anonymous.get<{ enableVerificationCode: boolean }>('/api/oauth/getConfig/typist')).data!
        .enableVerificationCode;
    for (let failure = 1; failure <= 2; failure++) {
      expect((await t.login('typist', 'wrong')).msg).toMatch(/^账户或密码错误/);
      expect(await demanded()).toBe(false);
    }
    await t.login('typist', 'wrong');
    expect(await demanded()).toBe(true);
    expect(await t.login('typist', 'Right123')).toMatchObject({ code: 400, msg: '请输入验证码' });

    // The login form draws /api/oauth/ImageCode/4/{Math.random()} and sends that number back as the
    // form's `timestamp` with the typed code (the test stores a known text under that key).
    const key = '0.5123456789012345';
    expect((await t.app.inject({ method: 'GET', url: `/api/oauth/ImageCode/4/${key}` })).statusCode).toBe(200);
    await new OauthRepository(t.app.db).putCode('captcha', key, 'W3xY', 60_000);
    expect(await t.login('typist', 'Right123', { code: 'W3xY', timestamp: key })).toMatchObject({ code: 200 });
  });
});

describe('3. values the client sends in other types', () => {
  test('ModifyPassword with the captcha key as a JSON number', async () => {
    await t.createUser({ account: 'changer', password: 'Start123' });
    const user = await t.signIn('changer', 'Start123');
    // src/views/basic/profile/components/Password.vue: the image is /api/file/ImageCode/${Math.random()} and
    // the same number goes back as `timestamp`. The drawn text is only in the image, so the test
    // replaces it under the key the image route stored it by.
    const key = 0.8785123456789012;
    expect((await t.app.inject({ method: 'GET', url: `/api/file/ImageCode/${key}` })).statusCode).toBe(200);
    await new OauthRepository(t.app.db).putCode('captcha', String(key), 'K7pQ', 60_000);
    const res = await user.post('/api/permission/Users/Current/Actions/ModifyPassword', {
      oldPassword: md5Hex('Start123'),
      password: md5Hex('Next1234'),
      code: 'K7pQ',
      timestamp: key,
    });
    expect(res).toMatchObject({ code: 200 });
    expect((await t.login('changer', 'Next1234')).code).toBe(200);
  });

  test('a notice saved with toUserIds as a comma string reads back as that string', async () => {
    // src/views/system/notice/Form.vue: the form's values, files as JSON text, ids comma-joined, id ''.
    const created = await admin.post<string>('/api/message/Notice', {
      title: '逗号公告',
      toUserIds: `${clerkId},${clerkId}`,
      category: '1',
      files: '[]',
      bodyText: '',
      excerpt: '',
      remindCategory: 1,
      id: '',
    });
    expect(created.code).toBe(200);
    const list = await admin.post<Page<{ id: string; title: string }>>('/api/message/Notice/List', {
      keyword: '逗号公告',
    });
    const id = list.data!.list[0]!.id;
    const info = await admin.get<{ toUserIds: string; files: string; coverImage: string | null }>(
      `/api/message/Notice/${id}`,
    );
    expect(info.data!.toUserIds).toBe(clerkId);
    expect(info.data!.toUserIds.split(',')).toEqual([clerkId]);

    // Editing: the form is filled from Info (no cover: null) and sent back the same way.
    const edited = await admin.put(`/api/message/Notice/${id}`, {
      title: '逗号公告（改）',
      toUserIds: info.data!.toUserIds.split(',').join(','),
      category: '2',
      expirationTime: null,
      files: JSON.stringify(JSON.parse(info.data!.files)),
      coverImage: info.data!.coverImage,
      bodyText: '',
      excerpt: '',
      remindCategory: 1,
      id,
    });
    expect(edited).toMatchObject({ code: 200 });
    expect((await admin.get(`/api/message/Notice/${id}`)).data).toMatchObject({
      title: '逗号公告（改）',
      category: '2',
      coverImage: null,
      toUserIds: clerkId,
    });
  });

  test("the portal's schedule card asks with 'YYYY-MM-DD HH:mm' times", async () => {
    const start = new Date(2026, 10, 24, 9, 0).getTime();
    await clerk.post('/api/system/Schedule', { title: '晨会', startDay: start, endDay: start + 3600_000 });
    const res = await clerk.get<{ list: { title: string }[] }>('/api/system/Schedule', {
      startTime: '2026-11-24 00:00',
      endTime: '2026-11-25 00:00',
    });
    expect(res.code).toBe(200);
    expect(res.data!.list.map((s) => s.title)).toContain('晨会');
    const millis = await clerk.get<{ list: { title: string }[] }>('/api/system/Schedule', {
      startTime: String(new Date(2026, 10, 24).getTime()),
      endTime: String(new Date(2026, 10, 25).getTime()),
    });
    expect(millis.data!.list.map((s) => s.title)).toContain('晨会');
  });
});

describe('4. the global role node', () => {
  test('organizeId=0 lists the global roles', async () => {
    expect(
      (await admin.post('/api/permission/Role', { fullName: '全局审计', enCode: 'globalAudit', globalMark: 1 })).code,
    ).toBe(200);
    const res = await admin.call<Page<{ fullName: string; type: string }>>({
      method: 'GET',
      url: '/api/permission/Role?currentPage=1&pageSize=20&organizeId=0&keyword=&_t=1',
    });
    expect(res.data!.list.map((r) => r.fullName)).toContain('全局审计');
    expect(res.data!.list.every((r) => r.type === '全局')).toBe(true);
  });
});

describe('5. calls the client makes that must answer', () => {
  test('SysConfig after login: every user reads the initial-password flag; secrets need the page', async () => {
    const mine = await clerk.get<Record<string, unknown>>('/api/system/SysConfig');
    expect(mine.code).toBe(200);
    expect(mine.data).toMatchObject({
      mandatoryModificationOfInitialPassword: 0,
      singleLogin: 2,
      sysName: '企业低代码平台',
    });
    expect(mine.data).not.toHaveProperty('newUserDefaultPassword');
    // The profile's password tab checks the new password with these before sending it.
    expect(mine.data).toMatchObject({
      passwordStrengthLimit: expect.any(Number),
      passwordLengthMinNumber: expect.any(Number),
      containsNumbers: expect.any(Number),
    });
    const all = await admin.get<Record<string, unknown>>('/api/system/SysConfig');
    expect(all.data).toMatchObject({ newUserDefaultPassword: '123456', lockType: 1, lockTime: 10 });
    expect(all.data!.qyhCorpSecret).toBe('');
  });

  test('getAdminList, getSynThirdTotal, DictionaryType and Users/Current/Authorize', async () => {
    const admins = await admin.get<{ id: string }[]>('/api/system/SysConfig/getAdminList');
    expect(admins.data!.length).toBe(1);
    expect(admins.data![0]).toMatchObject({ id: expect.any(String), account: 'admin' });
    expect((await clerk.get('/api/system/SysConfig/getAdminList')).code).toBe(403);

    for (const type of [1, 2]) {
      const totals = await admin.get<{ synType: string; recordTotal: number; unSynCount: number }[]>(
        `/api/system/SynThirdInfo/getSynThirdTotal/${type}`,
      );
      const org = totals.data!.find((r) => r.synType === '组织');
      expect(org).toMatchObject({ recordTotal: 1, synSuccessCount: 0, synFailCount: 0, unSynCount: 1, synDate: null });
      expect(totals.data!.find((r) => r.synType === '用户')?.recordTotal).toBeGreaterThanOrEqual(2);
    }

    const types = await admin.get<{
      list: { enCode: string; fullName: string; isTree: number; children: unknown[] }[];
    }>('/api/system/DictionaryType?_t=1');
    expect(types.data!.list.length).toBeGreaterThan(0);
    expect(types.data!.list.find((d) => d.enCode === 'NoticeType')).toMatchObject({
      fullName: '公告类型',
      isTree: 0,
      sortCode: expect.any(Number),
      parentId: '0',
      children: [],
    });
    expect((await clerk.get('/api/system/DictionaryType')).code).toBe(403);

    const mine = await admin.get<Record<string, { fullName: string; children: unknown[] }[]>>(
      '/api/permission/Users/Current/Authorize',
    );
    expect(Object.keys(mine.data!).sort()).toEqual(['button', 'column', 'form', 'module', 'portal', 'resource']);
    expect(mine.data!.module!.map((m) => m.fullName)).toContain('组织管理');
    const pageButtons = mine.data!.button!.find((m) => m.fullName === '组织机构')?.children as { fullName: string }[];
    expect(pageButtons.map((b) => b.fullName)).toEqual(expect.arrayContaining(['新建', '编辑', '删除', '详情']));
    const clerkView = await clerk.get<Record<string, unknown[]>>('/api/permission/Users/Current/Authorize');
    expect(clerkView.data!.module).toEqual([]);
  });
});

describe('6. login log rows', () => {
  test('rows carry ipAddress and loginType 0 (登录)', async () => {
    type LoginRow = { ipAddress: string; loginType: number; loginMark: number; userName: string };
    const log = await admin.get<Page<LoginRow>>('/api/system/Log/1', {
      currentPage: '1',
      pageSize: '20',
      keyword: '',
      startTime: '',
      endTime: '',
    });
    expect(log.code).toBe(200);
    expect(log.data!.list[0]).toMatchObject({ ipAddress: '127.0.0.1', loginType: 0 });
    // The names the 3.6 client reads (issue 12, item 6; the spec names no log fields), spelt one
    // way: the lower-case `ipaddress` of before 711481d is not answered beside it.
    expect(Object.keys(log.data!.list[0]!)).toEqual(
      expect.arrayContaining([
        'userName',
        'ipAddress',
        'ipAddressName',
        'platForm',
        'loginType',
        'loginMark',
        'abstracts',
        'creatorTime',
      ]),
    );
    expect(log.data!.list[0]).not.toHaveProperty('ipaddress');
  });

  test("the system log page and the profile's log tab, asked as the 3.6 client asks", async () => {
    type LoginRow = { ipAddress: string; loginType: number; loginMark: number; userName: string };
    // src/views/system/log/index.vue: GET /api/system/Log with the tab's category in the query.
    const page = await admin.call<Page<LoginRow>>({
      method: 'GET',
      url: '/api/system/Log?category=1&currentPage=1&pageSize=20&sort=desc&sidx=&_t=1732400000000',
    });
    expect(page.code).toBe(200);
    expect(page.data!.list.map((r) => r.userName)).toEqual(expect.arrayContaining(['职员/clerk', '管理员/admin']));
    expect(page.data!.list.every((r) => r.ipAddress === '127.0.0.1' && r.loginType === 0)).toBe(true);
    const operations = await admin.call({
      method: 'GET',
      url: '/api/system/Log?category=2&currentPage=1&pageSize=20&_t=1',
    });
    expect(operations.code).toBe(200);
    expect((await clerk.call({ method: 'GET', url: '/api/system/Log?category=1' })).code).toBe(403);
    expect((await admin.call({ method: 'GET', url: '/api/system/Log?category=9' })).code).toBe(400);

    // src/views/basic/profile/components/SysLog.vue: one's own sign-ins.
    const mine = await clerk.call<Page<LoginRow>>({
      method: 'GET',
      url: '/api/permission/Users/Current/SystemLog?category=1&currentPage=1&pageSize=20&sort=desc&sidx=&_t=1',
    });
    expect(mine.code).toBe(200);
    expect(mine.data!.list.length).toBeGreaterThan(0);
    expect(mine.data!.list.every((r) => r.userName === '职员/clerk' && r.loginType === 0)).toBe(true);
    expect(mine.data!.list[0]).toMatchObject({ ipAddress: '127.0.0.1', loginMark: 1 });
  });
});

describe('7. schedule detail as text', () => {
  test('category, urgent, creatorUserId and toUserIds are names', async () => {
    const start = new Date(2026, 10, 26, 14, 0).getTime();
    await admin.post('/api/system/Schedule', {
      title: '评审会',
      category: '2',
      urgent: 3,
      startDay: start,
      endDay: start + 3600_000,
      toUserIds: [clerkId],
    });
    const list = await admin.get<{ list: { id: string; groupId: string; title: string }[] }>('/api/system/Schedule', {
      startTime: String(start - 1),
      endTime: String(start + 7200_000),
    });
    const entry = list.data!.list.find((s) => s.title === '评审会')!;
    const detail = await clerk.get<Record<string, unknown>>('/api/system/Schedule/detail', {
      groupId: entry.groupId,
      id: entry.id,
    });
    expect(detail.data).toMatchObject({
      category: '会议',
      urgent: '紧急',
      creatorUserId: '管理员/admin',
      toUserIds: '职员/clerk',
    });
  });
});

describe('8. names where the client shows text', () => {
  test('notice Info has releaseUser; the list shows the type name', async () => {
    await admin.post('/api/message/Notice', { title: '发布人公告', category: '2', toUserIds: '' });
    const list = await admin.post<Page<{ id: string; title: string }>>('/api/message/Notice/List', {
      keyword: '发布人公告',
    });
    const id = list.data!.list[0]!.id;
    expect((await admin.put(`/api/message/Notice/${id}/Actions/Release`)).code).toBe(200);
    const info = await admin.get<{ releaseUser: string; category: string }>(`/api/message/Notice/${id}`);
    expect(info.data).toMatchObject({ releaseUser: '管理员/admin', category: '2' });
    const again = await admin.post<Page<{ category: string }>>('/api/message/Notice/List', { keyword: '发布人公告' });
    expect(again.data!.list[0]!.category).toBe('通知');
  });

  test("the notice page's search form: statuses as text ('2' expired), types as a list of codes", async () => {
    const ids = new Map<string, string>();
    for (const [title, category] of [
      ['筛选草稿', '1'],
      ['筛选通知', '2'],
      ['筛选过期', '2'],
    ] as const) {
      await admin.post('/api/message/Notice', {
        title,
        category,
        toUserIds: '',
        files: '[]',
        remindCategory: 1,
        id: '',
      });
      const found = await admin.post<Page<{ id: string }>>('/api/message/Notice/List', { keyword: title });
      ids.set(title, found.data!.list[0]!.id);
    }
    for (const title of ['筛选通知', '筛选过期'] as const) {
      expect((await admin.put(`/api/message/Notice/${ids.get(title)}/Actions/Release`)).code).toBe(200);
    }
    await t.app.db
      .updateTable('notice')
      .set({ expirationTime: new Date(Date.now() - 60_000) })
      .where('id', '=', ids.get('筛选过期')!)
      .execute();
    const search = async (filters: object) => {
      const res = await admin.post<Page<{ title: string; enabledMark: number }>>('/api/message/Notice/List', {
        currentPage: 1,
        pageSize: 20,
        sort: 'desc',
        sidx: '',
        keyword: '筛选',
        ...filters,
      });
      expect(res.code).toBe(200);
      return res.data!.list.map((n) => n.title).sort();
    };
    expect(await search({})).toEqual(['筛选草稿', '筛选过期', '筛选通知'].sort());
    expect(await search({ type: ['2'] })).toEqual(['筛选过期', '筛选通知'].sort());
    expect(await search({ enabledMark: ['0'] })).toEqual(['筛选草稿']);
    expect(await search({ enabledMark: ['2'] })).toEqual(['筛选过期']);
    expect(await search({ type: ['1', '2'], enabledMark: ['0', '1'] })).toEqual(['筛选草稿', '筛选通知'].sort());
  });

  test('chat contacts carry department; the user table gets gender as text', async () => {
    const contacts = await clerk.get<Page<{ account: string; department: string }>>('/api/permission/Users/ImUser', {
      currentPage: '1',
      pageSize: '20',
      keyword: '',
    });
    expect(contacts.data!.list.find((u) => u.account === 'admin')).toMatchObject({ department: '集团总部' });
    const users = await admin.call<Page<{ account: string; gender: string }>>({
      method: 'GET',
      url: '/api/permission/Users?currentPage=1&pageSize=20&organizeId=&keyword=admin&gender=&enabledMark=&_t=1',
    });
    expect(users.data!.list.find((u) => u.account === 'admin')).toMatchObject({ gender: '男' });
  });
});

describe('9. the platform dictionary codes', () => {
  test('DictionaryData/All holds every code the client looks up, case-sensitively', async () => {
    const all = await clerk.get<{ list: { enCode: string; dictionaryList: { enCode: string; fullName: string }[] }[] }>(
      '/api/system/DictionaryData/All',
    );
    const codes = all.data!.list.map((d) => d.enCode);
    for (const code of [
      'NoticeType',
      'Education',
      'PositionType',
      'Nation',
      'Rank',
      'groupType',
      'scheduleType',
      'sex',
      'businessType',
      'DataInterfaceType',
      'printDev',
      'webDesign',
      'portalDesigner',
      'WorkFlowCategory',
      'msgSendType',
      'msgSourceType',
      'dbType',
    ]) {
      expect(codes, code).toContain(code);
      expect(all.data!.list.find((d) => d.enCode === code)!.dictionaryList.length, code).toBeGreaterThan(0);
    }
    expect(codes).not.toContain('noticeType');
    expect(codes).not.toContain('education');
  });

  test('a database seeded with the old codes gets the platform codes on the next start, ids kept', async () => {
    const db = t.app.db;
    const notice = await db
      .selectFrom('dictionaryType')
      .select('id')
      .where('enCode', '=', 'NoticeType')
      .executeTakeFirstOrThrow();
    // As an earlier seed left it: lower-case codes, no Nation.
    await db.updateTable('dictionaryType').set({ enCode: 'noticeType' }).where('id', '=', notice.id).execute();
    const nation = await db
      .selectFrom('dictionaryType')
      .select('id')
      .where('enCode', '=', 'Nation')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('dictionaryData').where('dictionaryTypeId', '=', nation.id).execute();
    await db.deleteFrom('dictionaryType').where('id', '=', nation.id).execute();

    await seed(db, { adminPassword: null, production: false });
    await seed(db, { adminPassword: null, production: false });

    const types = await db.selectFrom('dictionaryType').select(['id', 'enCode']).execute();
    expect(types.find((d) => d.enCode === 'NoticeType')?.id).toBe(notice.id);
    expect(types.filter((d) => d.enCode.toLowerCase() === 'noticetype')).toHaveLength(1);
    expect(types.filter((d) => d.enCode === 'Nation')).toHaveLength(1);
  });
});

describe('10. menu addresses mean the same page in both clients', () => {
  type MenuNode = { enCode: string; type: number; urlAddress: string; hasChildren: boolean; children: MenuNode[] };
  /** protocol.md: the urlAddress values standard pages are addressed by, which the seeded menus use. */
  const standardAddresses = [
    'permission/user',
    'permission/organize',
    'permission/position',
    'permission/role',
    'permission/group',
    'permission/authorize',
    'permission/userOnline',
    'system/menu',
    'system/area',
    'system/billRule',
    'system/sysConfig',
    'system/signature',
    'system/notice',
    'system/printDev',
    'system/log',
    'systemData/dictionary',
    'systemData/dataInterface',
    'msgCenter/msgTemplate',
    'msgCenter/sendConfig',
    'basic/messageRecord',
    // The 3.6 client's pages for these (issue 37): its views are workFlow/flowQuickLaunch and
    // onlineDev/visualPortal; 表单设计 and 系统图标 have menus of their own.
    'workFlow/flowQuickLaunch',
    'onlineDev/visualPortal',
    'workFlow/formDesign',
    'system/icons',
  ];

  test('CurrentUser menuList: pages by their protocol addresses, the schedule under extend/', async () => {
    const me = await admin.get<{ menuList: MenuNode[] }>('/api/oauth/CurrentUser');
    const pages = new Map<string, MenuNode>();
    const walk = (nodes: MenuNode[]) => {
      for (const node of nodes) {
        expect(node.hasChildren, node.enCode).toBe(node.children.length > 0);
        if (node.type === 2) pages.set(node.urlAddress, node);
        walk(node.children);
      }
    };
    walk(me.data!.menuList);
    for (const address of standardAddresses) expect([...pages.keys()], address).toContain(address);
    for (const [address, page] of pages) {
      // The 3.6 client routes a page to src/views/{urlAddress}, named by enCode with '.' as '-'.
      expect(address, page.enCode).toMatch(/^[A-Za-z]+\/[A-Za-z]+$/);
    }
    // Our own page keeps the platform's address for its schedule calendar: the extend/ directory
    // of the platform's pages, route name extend-schedule. The 3.6 client has no view there (its
    // schedules live on a portal card), so that client shows its own "page not found" for it.
    expect(pages.get('extend/schedule')).toMatchObject({ enCode: 'extend.schedule', type: 2 });
    expect(pages.get('extend/schedule')!.enCode.replace(/\./g, '-')).toBe('extend-schedule');
  });
  test('an installation seeded before moves the two addresses; an address an administrator chose stays', async () => {
    const { up } = await import('../src/db/migrations/0048_menu_addresses.ts');
    const address = async (enCode: string) =>
      (await t.app.db.selectFrom('menu').select('urlAddress').where('enCode', '=', enCode).executeTakeFirstOrThrow())
        .urlAddress;
    await t.app.db
      .updateTable('menu')
      .set({ urlAddress: 'workFlow/addFlow' })
      .where('enCode', '=', 'workFlow.addFlow')
      .execute();
    await t.app.db
      .updateTable('menu')
      .set({ urlAddress: 'custom/portal' })
      .where('enCode', '=', 'onlineDev.portal')
      .execute();
    await up(t.app.db as unknown as Parameters<typeof up>[0]);
    expect(await address('workFlow.addFlow')).toBe('workFlow/flowQuickLaunch');
    expect(await address('onlineDev.portal')).toBe('custom/portal');
    await t.app.db
      .updateTable('menu')
      .set({ urlAddress: 'onlineDev/visualPortal' })
      .where('enCode', '=', 'onlineDev.portal')
      .execute();
  });
});

describe('11. the socket greets once', () => {
  test('OnConnection after opening does not bring a second initMessage', async () => {
    const socket = await TestSocket.open(base, clerk.token!, '/websocket/');
    expect(await socket.next('initMessage')).toMatchObject({ unreadNums: [], unreadTotalCount: 0 });
    socket.send({ method: 'OnConnection', token: clerk.token, mobileDevice: false, systemId: '', isSeparate: false });
    // A frame the socket answers, sent after the handshake: its answer proves the handshake was handled.
    socket.send({
      method: 'MessageList',
      token: clerk.token,
      toUserId: clerkId,
      formUserId: clerkId,
      currentPage: 1,
      pageSize: 10,
      sord: 'desc',
      keyword: '',
    });
    await socket.next('messageList');
    expect(socket.frames.filter((f) => f.method === 'initMessage')).toEqual([]);
    await socket.close();
  });
});

describe('12. permission groups and tiered administrators (issue 25)', () => {
  test('every call the 3.6 client makes on permission/authorize, the 权限 views and 分级管理 answers', async () => {
    const group = '/api/permission/PermissionGroup';
    const rootId = (
      await t.app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow()
    ).id;
    const menuId = (
      await t.app.db
        .selectFrom('menu')
        .select('id')
        .where('enCode', '=', 'permission.position')
        .executeTakeFirstOrThrow()
    ).id;
    const ok = async <T>(answer: Promise<{ code: number; msg: string; data?: T }>) => {
      const result = await answer;
      expect(result, result.msg).toMatchObject({ code: 200 });
      return result.data as T;
    };
    const fields = { fullName: '客服组', enCode: 'service', enabledMark: 1, sortCode: 0, description: '' };
    const { id } = await ok(admin.post<{ id: string }>(group, fields));
    const list = await ok(
      admin.call<Page<{ id: string }>>({ method: 'GET', url: `${group}?currentPage=1&pageSize=20&keyword=&_t=1` }),
    );
    expect(list.list.map((g) => g.id)).toContain(id);
    expect(await ok(admin.get<{ enCode: string }>(`${group}/${id}`))).toMatchObject({ enCode: 'service' });
    await ok(admin.put(`${group}/${id}`, { ...fields, id, description: '售后' }));
    const copy = await ok(admin.post<{ id: string }>(`${group}/${id}/Actions/Copy`));
    await ok(admin.post(`${group}/PermissionMember/${id}`, { ids: [`${clerkId}--user`] }));
    expect((await ok(admin.get<{ ids: string[] }>(`${group}/PermissionMember/${id}`))).ids).toEqual([
      `${clerkId}--user`,
    ]);
    await ok(admin.put(`/api/permission/Authority/Data/${id}`, { objectType: 'PermissionGroup', module: [menuId] }));
    expect((await ok(admin.get<{ list: { id: string }[] }>(`${group}/Selector`))).list.map((g) => g.id)).toContain(id);
    for (const [objectId, objectType] of [
      [clerkId, 'user'],
      [menuId, 'module'],
    ] as const) {
      const reach = await ok(
        admin.get<{ type: number; list: { id: string }[] }>(`${group}/getPermissionGroup`, {
          id: objectId,
          objectType,
        }),
      );
      expect(reach.type).toBe(1);
      const tree = await ok(
        admin.get<{ list: unknown[] }>(`${group}/getPermission`, { id: objectId, objectType, permissionId: id }),
      );
      expect(tree.list).toHaveLength(1);
    }
    const holders = await ok(admin.get<{ list: { id: string }[] }>(`/api/system/Menu/getPermissionGroup/${menuId}`));
    expect(holders.list.map((h) => h.id)).toContain(id);
    await ok(admin.get(`/api/system/Menu/getPermission/${menuId}/${id}`));
    await ok(admin.delete(`${group}/${copy.id}`));
    await ok(admin.delete(`${group}/${id}`));

    const tiered = '/api/permission/organizeAdminIsTrator';
    await ok(admin.post(tiered, { userId: clerkId, orgAdminModel: [{ organizeId: rootId, thisLayerSelect: 1 }] }));
    const administered = await ok(
      admin.call<Page<{ id: string; userId: string }>>({
        method: 'GET',
        url: `${tiered}?keyword=&currentPage=1&pageSize=20&_t=1`,
      }),
    );
    expect(administered.list.map((a) => a.userId)).toEqual([clerkId]);
    const ofClerk = await ok(admin.get<{ list: { id: string }[] }>(`${tiered}/Selector`, { userId: clerkId }));
    await ok(admin.delete(`${tiered}/${ofClerk.list[0]?.id}`));
  });
});

describe('13. the low-code pages (issue 37)', () => {
  type MenuNode = { id: string; type: number; fullName: string; disabled?: boolean; children: MenuNode[] };
  const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

  test('a portal designed in the client (cards numbered 100, 101) saves and answers what was stored', async () => {
    const formData = JSON.stringify({
      layoutId: 2,
      layout: [
        {
          i: 100,
          x: 0,
          y: 0,
          w: 6,
          h: 4,
          jnpfKey: 'notice',
          title: '公告',
          option: {},
          dataType: 'static',
          propsApi: '',
        },
        {
          i: 101,
          x: 6,
          y: 0,
          w: 6,
          h: 4,
          jnpfKey: 'todo',
          title: '待办',
          option: {},
          dataType: 'static',
          propsApi: '',
        },
      ],
    });
    const created = await admin.post<string>('/api/visualdev/Portal', {
      fullName: '客户端门户',
      enCode: 'client.portal',
      category: '1',
      type: 0,
      enabledLock: 0,
      formData,
    });
    expect(created).toMatchObject({ code: 200 });
    const info = await admin.get<{ formData: string }>(`/api/visualdev/Portal/${created.data}`);
    expect(JSON.parse(info.data!.formData).layout.map((c: { i: unknown }) => c.i)).toEqual([100, 101]);
  });

  test('the to-do card and the monitor carry what /workFlowDetail and FlowBefore/{processId} read', async () => {
    const { releasedTemplate, approver, startWith, launch } = await import('./helpers/workflow-flows.ts');
    const { templateId, flowId } = await releasedTemplate(admin, 'client.todo', startWith(approver('a1', clerkId)));
    const taskId = await launch(admin, flowId);
    const cards = await clerk.get<{ list: Record<string, unknown>[] }>('/api/visualdev/Dashboard/FlowTodo?_t=1');
    const card = cards.data!.list.find((c) => c.processId === taskId);
    expect(card).toMatchObject({ processId: taskId, flowId, type: 2 });
    expect(card!.taskOperatorId).toBe(card!.id);
    expect(typeof card!.taskNodeId).toBe('string');
    // What the client does with the card: FlowBefore/{processId}?taskNodeId=&taskOperatorId= opens it.
    const detail = await clerk.get<{ flowTaskInfo: { id: string } }>(
      `/api/workflow/Engine/FlowBefore/${card!.processId}?taskNodeId=${card!.taskNodeId}&taskOperatorId=${card!.taskOperatorId}`,
    );
    expect(detail).toMatchObject({ code: 200, data: { flowTaskInfo: { id: taskId } } });
    const monitor = await admin.get<Page<{ id: string; processId: string; flowVersion: string }>>(
      '/api/workflow/Engine/FlowMonitor?currentPage=1&pageSize=20&keyword=&category=1&_t=1',
    );
    const row = monitor.data!.list.find((r) => r.id === taskId);
    expect(row).toMatchObject({ processId: taskId, flowVersion: '1' });
    // The batch page's flow choice (today caught by FlowBefore/{id}).
    const batch = await clerk.get<{ id: string; fullName: string; count: number }[]>(
      '/api/workflow/Engine/FlowBefore/BatchFlowSelector?_t=1',
    );
    expect(batch).toMatchObject({ code: 200 });
    expect(batch.data!.find((b) => b.id === templateId)).toEqual({
      id: templateId,
      fullName: '流程client.todo(1)',
      count: 1,
    });
  });

  test('publishing a form from the client: SelectorFilter by form id, Release with pc parents, a routable menu', async () => {
    const formId = (
      await admin.post<{ id: string }>('/api/visualdev/Base', {
        fullName: '报销单',
        enCode: 'expense',
        webType: 2,
        formData: JSON.stringify({
          fields: [{ __vModel__: 'title', __config__: { jnpfKey: 'input', label: '标题' } }],
        }),
        columnData: JSON.stringify({ columnList: [{ prop: 'title', label: '标题' }] }),
      })
    ).data!.id;
    const rows = await admin.get<Page<{ id: string; platformRelease: string }>>(
      '/api/visualdev/Base?currentPage=1&pageSize=20&keyword=&category=&type=1&_t=1',
    );
    expect(JSON.parse(rows.data!.list.find((r) => r.id === formId)!.platformRelease)).toEqual({ pc: 1, app: 0 });
    const mainId = await mainSystemId(t);
    const web = await admin.get<{ list: MenuNode[] }>(`/api/system/Menu/SelectorFilter/${formId}?category=Web&_t=1`);
    expect(web).toMatchObject({ code: 200 });
    const main = web.data!.list.find((n) => n.id === mainId)!;
    expect(main).toMatchObject({ type: -1, disabled: false });
    const directory = flatten(main.children).find((n) => n.fullName === '数据应用')!;
    expect(directory.type).toBe(1);
    expect(flatten(web.data!.list).every((n) => n.type <= 1)).toBe(true);
    expect(
      (await admin.get<{ list: MenuNode[] }>(`/api/system/Menu/SelectorFilter/${formId}?category=App`)).data,
    ).toEqual({ list: [] });

    const released = await admin.post(`/api/visualdev/Base/${formId}/Actions/Release`, {
      pc: 1,
      app: 0,
      pcModuleParentId: [directory.id, mainId],
      appModuleParentId: [],
      platformRelease: '{"pc":1,"app":0}',
    });
    expect(released).toMatchObject({ code: 200 });
    const pages = await t.app.db
      .selectFrom('menu')
      .select(['parentId', 'enCode', 'urlAddress', 'type', 'systemId'])
      .where('propertyJson', 'like', `%${formId}%`)
      .orderBy('enCode')
      .execute();
    expect(pages).toEqual([
      { parentId: directory.id, enCode: 'expense', urlAddress: 'model/expense', type: 3, systemId: mainId },
      { parentId: '-1', enCode: 'expense_2', urlAddress: 'model/expense_2', type: 3, systemId: mainId },
    ]);
    const after = await admin.get<{ list: MenuNode[] }>(`/api/system/Menu/SelectorFilter/${formId}?category=Web`);
    const afterMain = after.data!.list.find((n) => n.id === mainId)!;
    expect(afterMain.disabled).toBe(true);
    expect(flatten(afterMain.children).find((n) => n.id === directory.id)!.disabled).toBe(true);
    // Released again under the same parents: no second page.
    await admin.post(`/api/visualdev/Base/${formId}/Actions/Release`, { pc: 1, pcModuleParentId: directory.id });
    expect(
      await t.app.db.selectFrom('menu').select('id').where('propertyJson', 'like', `%${formId}%`).execute(),
    ).toHaveLength(2);
    // The client routes the page by its address: CurrentUser carries it.
    const me = await admin.get<{ menuList: MenuNode[] }>('/api/oauth/CurrentUser');
    const flat = flatten(me.data!.menuList) as (MenuNode & { urlAddress: string })[];
    expect(flat.filter((n) => n.type === 3).map((n) => n.urlAddress)).toEqual(
      expect.arrayContaining(['model/expense', 'model/expense_2']),
    );
    expect(
      await admin.post(`/api/visualdev/Base/${formId}/Actions/Release`, { pc: 1, pcModuleParentId: ['nope'] }),
    ).toMatchObject({ code: 400 });
    // Our console and scripts release with no body, or JSON null.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/visualdev/Base/${formId}/Actions/Release`,
      headers: { authorization: admin.token!, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(bare.json()).toMatchObject({ code: 200 });
  });

  test('the notice card (POST Dashboard/Notice {typeList}) lists what the caller received', async () => {
    for (const [title, category] of [
      ['停电通知', '2'],
      ['年会公告', '1'],
    ] as const) {
      await admin.post('/api/message/Notice', { title, bodyText: `<p>${title}</p>`, category, toUserIds: clerkId });
      const id = (await t.app.db.selectFrom('notice').select('id').where('title', '=', title).executeTakeFirstOrThrow())
        .id;
      expect(await admin.put(`/api/message/Notice/${id}/Actions/Release`)).toMatchObject({ code: 200 });
    }
    const all = await clerk.post<{ list: { id: string; fullName: string; category: string }[] }>(
      '/api/visualdev/Dashboard/Notice',
      { typeList: [] },
    );
    const mine = all.data!.list.filter((n) => ['年会公告', '停电通知'].includes(n.fullName));
    expect(mine.map((n) => [n.fullName, n.category])).toEqual([
      ['年会公告', '公告'],
      ['停电通知', '通知'],
    ]);
    const notices = await clerk.post<{ list: { id: string; fullName: string }[] }>('/api/visualdev/Dashboard/Notice', {
      typeList: ['2'],
    });
    expect(notices.data!.list.map((n) => n.fullName)).toContain('停电通知');
    expect(notices.data!.list.map((n) => n.fullName)).not.toContain('年会公告');
    // The card opens a row with ReadInfo/{id}: the caller's own message.
    const row = notices.data!.list.find((n) => n.fullName === '停电通知')!;
    const read = await clerk.get<{ title: string }>(`/api/message/ReadInfo/${row.id}`);
    expect(read).toMatchObject({ code: 200, data: { title: '停电通知' } });
    // Someone outside the audience does not see it.
    const others = await admin.post<{ list: { fullName: string }[] }>('/api/visualdev/Dashboard/Notice', {});
    expect(others.data!.list.map((n) => n.fullName)).not.toContain('停电通知');
  });

  test('the designers’ 数据连接 choice and the map card’s regions', async () => {
    expect(await clerk.get('/api/system/DataSource/Selector?_t=1')).toMatchObject({
      code: 200,
      data: { list: [{ fullName: '', children: [{ id: '0', fullName: '默认数据库', dbType: 'PostgreSQL' }] }] },
    });
    expect(await clerk.get('/api/system/DataSource/Selector?type=1')).toMatchObject({ data: { list: [] } });
    // The seeded divisions: provinces with their cities, no districts.
    const atlas =
      await clerk.get<{ fullName: string; enCode: string; children: { fullName: string; enCode: string }[] }[]>(
        '/api/system/atlas',
      );
    const zhejiang = atlas.data!.find((p) => p.enCode === '330000')!;
    expect(zhejiang.fullName).toBe('浙江省');
    expect(zhejiang.children).toContainEqual(expect.objectContaining({ fullName: '杭州市', enCode: '330100' }));
    expect(zhejiang.children.every((c) => c.enCode.endsWith('00'))).toBe(true);
  });

  test('FlowLaunch?delegateType=true: the tasks the caller launched for others, not its own', async () => {
    const { releasedTemplate, approver, startWith, launch } = await import('./helpers/workflow-flows.ts');
    const { templateId, flowId } = await releasedTemplate(admin, 'client.entrust', startWith(approver('a1', clerkId)));
    const principalId = await t.createUser({ account: 'principal', realName: '委托人' });
    const now = Date.now();
    expect(
      await admin.post('/api/workflow/Engine/FlowDelegate', {
        toUserId: clerkId,
        type: '0',
        flowId: templateId,
        startTime: now - 60_000,
        endTime: now + 3_600_000,
        userId: principalId,
      }),
    ).toMatchObject({ code: 200 });
    const principal = await t.signIn('principal', 'Passw0rd');
    expect(
      await principal.post('/api/workflow/Engine/FlowDelegate', {
        toUserId: clerkId,
        type: '0',
        flowId: templateId,
        startTime: now - 60_000,
        endTime: now + 3_600_000,
      }),
    ).toMatchObject({ code: 200 });
    const own = await launch(clerk, flowId, { note: 'mine' });
    const forOther = await clerk.post<{ id: string }>('/api/workflow/Engine/FlowTask', {
      flowId,
      formData: {},
      status: 0,
      delegateUserList: [principalId],
    });
    expect(forOther).toMatchObject({ code: 200 });
    const delegated = await clerk.get<Page<{ id: string }>>(
      '/api/workflow/Engine/FlowLaunch?currentPage=1&pageSize=20&keyword=&myOrDelagateToMe=0&delegateType=true&_t=1',
    );
    const ids = delegated.data!.list.map((r) => r.id);
    expect(ids).toContain(forOther.data!.id);
    expect(ids).not.toContain(own);
    const mine = await clerk.get<Page<{ id: string }>>('/api/workflow/Engine/FlowLaunch?currentPage=1&pageSize=20');
    expect(mine.data!.list.map((r) => r.id)).toContain(own);
  });
});

describe('14. print templates on a SQL source (issue 37)', () => {
  test('the print designer reads its SQL fields, saves the template; the preview prints a record', async () => {
    const sqlTemplate = JSON.stringify([
      { sql: "select @formId as id, '甲' as title" },
      { sql: 'select n from (values (1), (2)) as v(n) order by n' },
    ]);
    // Form.vue handleNext: getFields({ dbLinkId, sqlTemplate }) and treeData = res.data.
    const fields = await admin.post<{ id: string; parentId: string; children: { id: string }[] }[]>(
      '/api/system/printDev/Fields',
      { dbLinkId: '0', sqlTemplate },
    );
    expect(fields, fields.msg).toMatchObject({ code: 200 });
    expect(fields.data?.map((node) => [node.id, node.parentId, node.children.map((c) => c.id)])).toEqual([
      ['headTable', '0', ['id', 'title']],
      ['childrenDataTable0', '0', ['n']],
    ]);
    // createPrintDev(state.dataForm): the whole form as the designer holds it.
    const pageParam = {
      type: '2',
      width: '210',
      height: '297',
      mt: '10',
      mb: '10',
      ml: '10',
      mr: '10',
      direction: '纵向',
    };
    const created = await admin.post('/api/system/printDev', {
      id: '',
      fullName: 'SQL打印',
      enCode: 'sqlPrint36',
      dbLinkId: '0',
      type: 1,
      enabledMark: 1,
      sortCode: 0,
      category: '2',
      sqlTemplate,
      leftFields: '',
      printTemplate:
        '<p><span data-tag="headTable.title" class="jnpf-print-tag-span jnpf-tiny-color--common" contenteditable="false">{title}</span></p>',
      description: '',
      sourceType: 0,
      parameterJson: '[]',
      pageParam: JSON.stringify(pageParam),
    });
    expect(created, created.msg).toMatchObject({ code: 200 });
    const list = await admin.call<Page<{ id: string; enCode: string }>>({
      method: 'GET',
      url: '/api/system/printDev?keyword=&category=&currentPage=1&pageSize=20&_t=1',
    });
    const id = list.data?.list.find((row) => row.enCode === 'sqlPrint36')?.id as string;
    // printBrowse init: getData({ id, formId }) and reads printTemplate, printData, operatorRecordList.
    const printed = await admin.call<{
      printTemplate: string;
      printData: Record<string, unknown>;
      operatorRecordList: unknown[];
    }>({ method: 'GET', url: `/api/system/printDev/Data?id=${id}&formId=rec36` });
    expect(printed, printed.msg).toMatchObject({ code: 200 });
    expect(printed.data?.printTemplate).toContain('{title}');
    expect(printed.data?.printData).toEqual({ id: 'rec36', title: '甲', childrenDataTable0: [{ n: 1 }, { n: 2 }] });
    expect(printed.data?.operatorRecordList).toEqual([]);
  });
});

describe('15. calls of the spec still absent (issue 36, issue 37 flowForm)', () => {
  const flowForms = '/api/flowForm/Form';
  const online = '/api/visualdev/OnlineDev';
  /** A released generated form of `fields`, with list `columnData`; answers its id. */
  async function releasedForm(enCode: string, fields: object[], columnData: object = {}) {
    const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
      fullName: enCode,
      enCode,
      webType: 2,
      formData: JSON.stringify({ fields }),
      columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }], ...columnData }),
    });
    const id = created.data?.id as string;
    expect(await admin.post(`/api/visualdev/Base/${id}/Actions/Release`)).toMatchObject({ code: 200 });
    return id;
  }
  const upload = (url: string, type: string, file: { name: string; content: string }) =>
    admin.call<{ id: string; skipped: boolean }>({ method: 'POST', url, ...multipart({ type }, file) });
  const download = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  test('the 表单设计 page lists flow forms; the flow designer reads propertyJson of GET {onlineFormId}', async () => {
    const id = await releasedForm('clientFlowForm', [field('input', 'name', '名称')]);
    const page = await admin.call<Page<{ id: string; formType: number; isRelease: number; enabledMark: number }>>({
      method: 'GET',
      url: `${flowForms}?currentPage=1&pageSize=20&keyword=&formType=&isRelease=&sidx=&sort=desc&_t=1732400000000`,
    });
    expect(page.code).toBe(200);
    expect(page.data?.list.find((r) => r.id === id)).toMatchObject({ formType: 2, isRelease: 1, enabledMark: 1 });
    const info = await admin.call<{ propertyJson: string; formType: number }>({
      method: 'GET',
      url: `${flowForms}/${id}?_t=1`,
    });
    expect(info.data?.formType).toBe(2);
    expect(JSON.parse(info.data?.propertyJson ?? '{}').fields[0].__vModel__).toBe('name');
    expect(
      (await admin.call<{ id: string }>({ method: 'GET', url: `${flowForms}/getFormById/${id}?_t=1` })).data,
    ).toEqual({
      id: '',
    });
  });

  test('OnlineDev List/{id} answers the children of one record of a tree table', async () => {
    const id = await releasedForm('clientTree', [field('input', 'name', '名称'), field('input', 'parent', '上级')], {
      type: 5,
      parentField: 'parent',
      defaultSidx: 'name',
    });
    const add = async (data: object) =>
      (await admin.post<{ id: string }>(`${online}/${id}`, { data: JSON.stringify(data) })).data?.id as string;
    const root = await add({ name: '总部' });
    const branch = await add({ name: '分部', parent: root });
    await add({ name: '小组', parent: branch });
    await add({ name: '办公室', parent: root });
    const body = { currentPage: 1, pageSize: 20, modelId: id, menuId: '', sidx: '', queryJson: '', superQueryJson: '' };
    const children = await admin.post<Page<{ name: string; children?: { name: string }[] }>>(
      `${online}/${id}/List/${root}`,
      body,
    );
    expect(children.code).toBe(200);
    expect(children.data?.list.map((r) => r.name).sort()).toEqual(['分部', '办公室'].sort());
    expect(children.data?.list.find((r) => r.name === '分部')?.children?.map((c) => c.name)).toEqual(['小组']);
    const leaf = await admin.post<Page<unknown>>(`${online}/${id}/List/${branch}`, body);
    expect(leaf.data?.pagination.total).toBe(1);
  });

  test('OnlineDev {id}/Template is the import template, not a record; Actions/Export writes the definition', async () => {
    const id = await releasedForm('clientExport', [field('input', 'name', '名称')]);
    const template = await admin.call<{ url: string }>({ method: 'GET', url: `${online}/${id}/Template?_t=1` });
    expect(template.code, template.msg).toBe(200);
    expect(template.data?.url).toMatch(/xlsx|ExportFile/);

    const exported = await admin.post<{ url: string }>(`${online}/${id}/Actions/Export`);
    expect(exported.code).toBe(200);
    const content = await download(exported.data?.url as string);
    expect(JSON.parse(content)).toMatchObject({ format: 'platform.visualdev', definition: { enCode: 'clientExport' } });
    // A file answer's refusal is still the whole envelope (its schema documents a file).
    const gone = await t.app.inject({ method: 'GET', url: `/api/file/Generated/${'0'.repeat(32)}` });
    expect(gone.json()).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await upload(`${online}/Actions/Import`, '0', { name: 'form.vdd', content })).toMatchObject({
      code: 200,
      msg: '编码已存在，已跳过',
    });
    const copy = await upload(`${online}/Actions/Import`, '1', { name: 'form.vdd', content });
    expect(copy).toMatchObject({ code: 200, msg: '导入成功', data: { skipped: false } });
    const imported = await admin.get<{ isRelease: number; formData: string }>(`/api/visualdev/Base/${copy.data?.id}`);
    expect(imported.data?.isRelease).toBe(0);
    expect(JSON.parse(imported.data?.formData ?? '{}').fields[0].__vModel__).toBe('name');
  });

  test('a data-interface variable exports to .ffa and imports with type="undefined" as the client sends it', async () => {
    const category = await interfaceCategory(t);
    const created = await admin.post<{ id: string }>('/api/system/DataInterface', {
      fullName: '变量接口',
      enCode: 'clientVariate',
      category,
      type: 2,
      action: 3,
      dataConfigJson: JSON.stringify({ staticData: '[]' }),
    });
    expect(created.code, created.msg).toBe(200);
    const interfaceId = created.data?.id as string;
    const variates = '/api/system/DataInterfaceVariate';
    const variate = await admin.post<{ id: string }>(variates, { interfaceId, fullName: 'region', expression: 'east' });
    const exported = await admin.call<{ url: string }>({
      method: 'GET',
      url: `${variates}/${variate.data?.id}/Actions/Export?_t=1`,
    });
    expect(exported.code).toBe(200);
    const content = await download(exported.data?.url as string);
    expect(JSON.parse(content)).toMatchObject({ variate: { fullName: 'region', expression: 'east' } });

    const again = await upload(`${variates}/Actions/Import`, 'undefined', { name: 'region.ffa', content });
    expect(again).toMatchObject({ code: 200, msg: '该接口已有同名变量，已跳过', data: { skipped: true } });
    await admin.delete(`${variates}/${variate.data?.id}`);
    expect(await upload(`${variates}/Actions/Import`, 'undefined', { name: 'region.ffa', content })).toMatchObject({
      code: 200,
      msg: '导入成功',
    });
    const list = await admin.get<{ list: { fullName: string; value: string }[] }>(`${variates}/${interfaceId}`);
    expect(list.data?.list.map((v) => [v.fullName, v.value])).toEqual([['region', 'east']]);
  });

  test('flowTemplate/getflowList takes a bare id array and answers the templates', async () => {
    const created = await admin.post<{ id: string }>('/api/workflow/Engine/flowTemplate', {
      fullName: '请假流程',
      enCode: 'clientLeaveFlow',
      flowTemplateJson: null,
    });
    const id = created.data?.id as string;
    const answer = await admin.post<{ id: string; fullName: string; enCode: string }[]>(
      '/api/workflow/Engine/flowTemplate/getflowList',
      [id, 'missing'] as unknown as object,
    );
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual([expect.objectContaining({ id, fullName: '请假流程', enCode: 'clientLeaveFlow' })]);
  });
});

describe('16. values the 3.6 client prints as given (issue 37)', () => {
  const entryOf = async (dictionary: string, enCode: string) =>
    await t.app.db
      .selectFrom('dictionaryData as d')
      .innerJoin('dictionaryType as ty', 'ty.id', 'd.dictionaryTypeId')
      .select(['d.id', 'd.fullName'])
      .where('ty.enCode', '=', dictionary)
      .where('d.enCode', '=', enCode)
      .executeTakeFirstOrThrow();

  test('the form list names its category and carries enabledMark, 1 once released (发布预览)', async () => {
    const category = await entryOf('webDesign', '1');
    const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
      fullName: '分类表单',
      enCode: 'category.form',
      category: category.id,
      type: 1,
      webType: 2,
      formData: JSON.stringify({ fields: [{ __vModel__: 'name', __config__: { jnpfKey: 'input', label: '名称' } }] }),
      columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
    });
    expect(created.code, created.msg).toBe(200);
    const id = created.data!.id;
    const rowOf = async () =>
      (
        await admin.call<Page<{ id: string; category: string; enabledMark: number; creatorUser: string }>>({
          method: 'GET',
          url: '/api/visualdev/Base?keyword=category.form&category=&webType=&isRelease=&type=1&currentPage=1&pageSize=20&_t=1',
        })
      ).data!.list.find((r) => r.id === id);
    expect(await rowOf()).toMatchObject({ category: category.fullName, enabledMark: 0 });
    expect((await admin.post(`/api/visualdev/Base/${id}/Actions/Release`)).code).toBe(200);
    expect(await rowOf()).toMatchObject({ category: category.fullName, enabledMark: 1 });
    // The designer's Info keeps the id its category select holds.
    expect((await admin.get<{ category: string }>(`/api/visualdev/Base/${id}`)).data).toMatchObject({
      category: category.id,
    });
  });

  test('the bill-rule list names its business type; Info keeps the id', async () => {
    const category = await t.app.db
      .selectFrom('dictionaryData as d')
      .innerJoin('dictionaryType as ty', 'ty.id', 'd.dictionaryTypeId')
      .select(['d.id', 'd.fullName'])
      .where('ty.enCode', '=', 'businessType')
      .executeTakeFirstOrThrow();
    const created = await admin.post<{ id: string }>('/api/system/BillRule', {
      fullName: '合同编号',
      enCode: 'contract.no',
      category: category.id,
      prefix: 'HT',
      type: 1,
      digit: 4,
      startNumber: '1',
      sortCode: 0,
      enabledMark: 1,
    });
    expect(created.code, created.msg).toBe(200);
    const rows = await admin.call<Page<{ id: string; enCode: string; category: string }>>({
      method: 'GET',
      url: '/api/system/BillRule?keyword=contract.no&categoryId=&enabledMark=&currentPage=1&pageSize=20&_t=1',
    });
    const row = rows.data!.list.find((r) => r.enCode === 'contract.no');
    expect(row).toMatchObject({ category: category.fullName });
    expect(JSON.stringify(row)).not.toContain(category.id);
    expect((await admin.get<{ category: string }>(`/api/system/BillRule/${row!.id}`)).data).toMatchObject({
      category: category.id,
    });
  });

  test('flow lists name the flow and its category, not the version tab (流程) nor the entry id', async () => {
    const category = await entryOf('WorkFlowCategory', '2');
    const templates = '/api/workflow/Engine/flowTemplate';
    const adminId = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const graph = {
      type: 'start',
      nodeId: 'start',
      properties: { title: '发起' },
      childNode: {
        type: 'approver',
        nodeId: 'check',
        properties: { title: '审批', assigneeType: 6, approvers: [`${adminId}--user`] },
      },
    };
    const created = await admin.post<{ id: string }>(templates, {
      fullName: '请假申请',
      enCode: 'leave.named',
      category: category.id,
      flowTemplateJson: JSON.stringify([{ id: '', fullName: '流程', flowTemplateJson: graph }]),
    });
    expect(created.code, created.msg).toBe(200);
    const templateId = created.data!.id;
    expect((await admin.post(`${templates}/Release/${templateId}`)).code).toBe(200);
    const listed = await admin.call<Page<{ id: string; fullName: string; category: string }>>({
      method: 'GET',
      url: `${templates}?keyword=leave.named&category=&type=&enabledMark=&currentPage=1&pageSize=20&_t=1`,
    });
    expect(listed.data!.list.find((r) => r.id === templateId)).toMatchObject({
      fullName: '请假申请',
      category: category.fullName,
    });
    const flowId = (await admin.get<{ id: string }[]>(`${templates}/FlowJsonList/${templateId}`)).data![0]!.id;
    const launched = await admin.post<{ id: string }>('/api/workflow/Engine/FlowTask', {
      flowId,
      formData: {},
      status: 0,
    });
    expect(launched.code, launched.msg).toBe(200);
    const todo = await admin.call<Page<{ processId: string; flowName: string }>>({
      method: 'GET',
      url: '/api/workflow/Engine/FlowBefore/List/1?keyword=&flowCategory=&currentPage=1&pageSize=20&_t=1',
    });
    expect(todo.data!.list.find((r) => r.processId === launched.data!.id)).toMatchObject({ flowName: '请假申请' });
    const detail = await admin.get<{ flowTemplateInfo: { fullName: string } }>(
      `/api/workflow/Engine/FlowBefore/0?flowId=${flowId}`,
    );
    expect(detail.data!.flowTemplateInfo.fullName).toBe('请假申请');
  });
});
