import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
let rootId: string;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  rootId = (await t.app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

const base = '/api/permission/Users/Current';
/** A 1 x 1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const signature = `data:image/png;base64,${png.toString('base64')}`;

function multipart(name: string, content: Buffer, type: string) {
  const boundary = '----profiletest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('own information', () => {
  test('base info shows the own card with organisation names, and edits only own fields', async () => {
    const info = await admin.get<{ account: string; organize: string; realName: string }>(`${base}/BaseInfo`);
    expect(info.data).toMatchObject({ account: 'admin', organize: '集团总部' });
    const saved = await admin.put(`${base}/BaseInfo`, {
      realName: '系统管理员',
      mobilePhone: '13900001111',
      account: 'hacker',
      isAdministrator: false,
    });
    expect(saved).toMatchObject({ code: 200, msg: '保存成功' });
    const after = await admin.get<{ account: string; realName: string; mobilePhone: string; isAdministrator: boolean }>(
      `${base}/BaseInfo`,
    );
    expect(after.data).toMatchObject({
      account: 'admin',
      realName: '系统管理员',
      mobilePhone: '13900001111',
      isAdministrator: true,
    });
  });

  test('bad base info is refused by field and changes nothing', async () => {
    const bad = await admin.put(`${base}/BaseInfo`, { mobilePhone: '123' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('mobilePhone');
    expect(await admin.put(`${base}/BaseInfo`, { birthday: 'yesterday' })).toMatchObject({ code: 400 });
    const after = await admin.get<{ mobilePhone: string }>(`${base}/BaseInfo`);
    expect(after.data?.mobilePhone).toBe('13900001111');
  });

  test('layout and language are kept on the server and come back at the next login', async () => {
    expect((await admin.put(`${base}/SystemTheme`, { theme: 'functional' })).code).toBe(200);
    expect((await admin.put(`${base}/SystemLanguage`, { language: 'zhtw' })).code).toBe(200);
    expect(await admin.put(`${base}/SystemTheme`, { theme: 'neon' })).toMatchObject({ code: 400 });
    const login = await t.login('admin', 'Admin@123456');
    expect(login.data?.theme).toBe('functional');
    const me = await (await t.signIn()).get<{ userInfo: { language: string; theme: string } }>(
      '/api/oauth/CurrentUser',
    );
    expect(me.data?.userInfo).toMatchObject({ language: 'zh-TW', theme: 'functional' });
    await admin.put(`${base}/SystemTheme`, { theme: 'classic' });
  });

  test('organisations, positions and subordinates of the caller', async () => {
    const created = await admin.post<{ id?: string }>('/api/permission/Users', {
      account: 'report1',
      realName: '下属一',
      organizeId: rootId,
      managerId: (
        await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()
      ).id,
    });
    expect(created.code).toBe(200);
    const subordinates = await admin.get<{ account: string; isLeaf: boolean }[]>(`${base}/Subordinate/0`);
    expect(subordinates.data).toEqual([expect.objectContaining({ account: 'report1', isLeaf: true })]);
    const organizes = await admin.get<{ id: string; fullName: string }[]>(`${base}/getUserOrganizes`);
    const root = await t.app.db
      .selectFrom('organize')
      .select(['id', 'fullName'])
      .where('id', '=', rootId)
      .executeTakeFirstOrThrow();
    expect(organizes.data).toEqual([{ ...root, isDefault: true }]);
    expect((await admin.get(`${base}/getUserPositions`)).code).toBe(200);
    expect(await admin.get(`${base}/Subordinate/123456789`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('the own log lists only the caller’s logins', async () => {
    await t.createUser({ account: 'other1', password: 'Other123' });
    await t.signIn('other1', 'Other123');
    const log = await admin.get<{ list: { userName: string }[]; pagination: { total: number } }>(`${base}/SystemLog`, {
      category: '1',
    });
    expect(log.data?.pagination.total).toBeGreaterThan(0);
    expect(log.data?.list.every((row) => row.userName.endsWith('/admin'))).toBe(true);
  });
});

describe('signatures', () => {
  test('the first is the default; another can be made default; only own ones can be touched', async () => {
    const first = await admin.post<{ id: string }>(`${base}/SignImg`, { signImg: signature });
    const second = await admin.post<{ id: string }>(`${base}/SignImg`, { signImg: signature });
    let list = await admin.get<{ id: string; isDefault: number }[]>(`${base}/SignImg`);
    expect(list.data?.find((s) => s.id === first.data?.id)?.isDefault).toBe(1);
    expect(list.data?.find((s) => s.id === second.data?.id)?.isDefault).toBe(0);
    expect((await admin.put(`${base}/${second.data?.id}/SignImg`)).code).toBe(200);
    list = await admin.get(`${base}/SignImg`);
    expect(list.data?.filter((s) => s.isDefault === 1).map((s) => s.id)).toEqual([second.data?.id]);

    await t.createUser({ account: 'signer2', password: 'Sign1234' });
    const other = await t.signIn('signer2', 'Sign1234');
    expect(await other.delete(`${base}/${first.data?.id}/SignImg`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await other.put(`${base}/${first.data?.id}/SignImg`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect((await admin.delete(`${base}/${first.data?.id}/SignImg`)).code).toBe(200);
  });

  test('a signature must be a PNG data URL', async () => {
    expect(await admin.post(`${base}/SignImg`, { signImg: 'javascript:alert(1)' })).toMatchObject({ code: 400 });
    expect(await admin.post(`${base}/SignImg`, {})).toMatchObject({ code: 400, msg: '缺少必填字段 signImg' });
  });
});

describe('avatar', () => {
  test('an uploaded image becomes the avatar and is served with nosniff', async () => {
    const upload = await admin.call<{ name: string; url: string }>({
      method: 'POST',
      url: '/api/file/Uploader/userAvatar',
      ...multipart('me.png', png, 'image/png'),
    });
    expect(upload.code).toBe(200);
    expect((await admin.put(`${base}/Avatar/${upload.data?.name}`)).code).toBe(200);
    const info = await admin.get<{ headIcon: string }>(`${base}/BaseInfo`);
    expect(info.data?.headIcon).toBe(upload.data?.url);
    const image = await t.app.inject({ method: 'GET', url: upload.data!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a file that is not an image, or an unknown name, is refused', async () => {
    const html = await admin.call({
      method: 'POST',
      url: '/api/file/Uploader/userAvatar',
      ...multipart('x.png', Buffer.from('<script>alert(1)</script>'), 'image/png'),
    });
    expect(html.code).toBe(400);
    expect(await admin.put(`${base}/Avatar/${'0'.repeat(32)}.png`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect((await admin.put(`${base}/Avatar/..%2F..%2Fsecrets.json`)).code).toBe(400);
  });
});
