import { standardMenus } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { md5Hex } from '../src/core/password.ts';
import { OauthRepository } from '../src/modules/oauth/oauth.repository.ts';
import { seed } from '../src/seed/seed.ts';
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

describe('issue 37: values the 3.6 client prints as given', () => {
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
