import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import { crudContract } from './helpers/crud-contract.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

const base = '/api/system/Signature';
let t: TestApp;
let admin: Client;
let signerId: string;
let otherId: string;
let signer: Client;
let other: Client;

/** A 1 x 1 PNG, as the pad's toDataURL gives (only bigger). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const drawn = `data:image/png;base64,${png.toString('base64')}`;
const jpegBytes = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]);
const uploadedJpeg = `data:image/jpeg;base64,${jpegBytes(2048).toString('base64')}`;

const imageDir = () => path.join(t.config.dataDir, 'files', 'signature');
const storedImages = () => (existsSync(imageDir()) ? readdirSync(imageDir()).sort() : []);

interface Row {
  id: string;
  fullName: string;
  enCode: string;
  icon: string;
  userIds: string[];
  userNames: string[];
}
type Card = { id: string; fullName: string; enCode: string; icon: string };

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  signerId = await t.createUser({ account: 'signer', realName: '签字人', password: 'Passw0rd' });
  otherId = await t.createUser({ account: 'bystander', realName: '旁人', password: 'Passw0rd' });
  signer = await t.signIn('signer', 'Passw0rd');
  other = await t.signIn('bystander', 'Passw0rd');
});
afterAll(() => t.close());

const signature = (fields: Record<string, unknown> = {}) => ({
  fullName: '财务专用章',
  enCode: 'finance.sign',
  icon: drawn,
  userIds: [signerId],
  ...fields,
});
const create = async (fields: Record<string, unknown>) => {
  const reply = await admin.post<{ id: string }>(base, signature(fields));
  expect(reply).toMatchObject({ code: 200, msg: '新建成功' });
  return reply.data!.id;
};
const info = async (id: string) => (await admin.get<Row>(`${base}/${id}`)).data!;

describe('signatures: the administrators keep them and grant them to users', () => {
  test('a drawn signature is stored as an image file; the row answers its URL and the granted users', async () => {
    const id = await create({ enCode: 'drawn.one', fullName: '手写签名' });
    const row = await info(id);
    expect(row).toMatchObject({
      id,
      fullName: '手写签名',
      enCode: 'drawn.one',
      userIds: [signerId],
      userNames: ['签字人/signer'],
    });
    expect(row.icon).toMatch(/^\/api\/file\/Image\/signature\/[0-9a-f]{32}\.png$/);
    // The image is served to an <img> (no token), with its kind read from the bytes.
    const image = await t.app.inject({ method: 'GET', url: row.icon });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  test('an uploaded JPEG is kept as a JPEG', async () => {
    const id = await create({ enCode: 'uploaded.jpg', fullName: '上传签名', icon: uploadedJpeg });
    expect((await info(id)).icon).toMatch(/\.jpg$/);
  });

  test('the list filters by keyword and by the user granted', async () => {
    const granted = await create({ enCode: 'list.granted', fullName: '列表甲', userIds: [signerId, otherId] });
    const notGranted = await create({ enCode: 'list.other', fullName: '列表乙', userIds: [otherId] });
    const byKeyword = await admin.get<{ list: Row[] }>(base, { keyword: 'list.' });
    expect(byKeyword.data!.list.map((r) => r.id).sort()).toEqual([granted, notGranted].sort());
    const bySigner = await admin.get<{ list: Record<string, unknown>[] }>(base, { keyword: 'list.', userId: signerId });
    expect(bySigner.data!.list.map((r) => r.id)).toEqual([granted]);
    // 授权人: the 3.6 client prints the row's userIds as given, so the list names the users there;
    // the form's Info keeps the ids.
    expect(bySigner.data!.list[0]).toMatchObject({
      userIds: '签字人/signer,旁人/bystander',
      userNames: ['签字人/signer', '旁人/bystander'],
    });
    expect(JSON.stringify(bySigner.data!.list[0])).not.toContain(signerId);
    expect(await info(granted)).toMatchObject({ userIds: [signerId, otherId] });
    // The 3.6 client sends every unset filter empty, and numbers as text.
    const asClient = await admin.get<{ list: Row[] }>(base, {
      currentPage: '1',
      pageSize: '20',
      keyword: '列表',
      userId: '',
      sidx: '',
      sort: 'desc',
    });
    expect(asClient.data!.list).toHaveLength(2);
  });

  test('the picker lists only the signatures granted to the caller', async () => {
    const mine = await create({ enCode: 'picker.mine', fullName: '我的签名', userIds: [signerId] });
    await create({ enCode: 'picker.theirs', fullName: '他人签名', userIds: [otherId] });
    const picked = await signer.get<{ list: Card[] }>(`${base}/Selector`);
    expect(picked).toMatchObject({ code: 200 });
    const pickedCodes = picked.data!.list.map((r) => r.enCode);
    expect(pickedCodes).toContain('picker.mine');
    expect(pickedCodes).not.toContain('picker.theirs');
    expect(picked.data!.list.find((r) => r.id === mine)).toEqual({
      id: mine,
      fullName: '我的签名',
      enCode: 'picker.mine',
      icon: (await info(mine)).icon,
    });
    const theirs = (await other.get<{ list: Card[] }>(`${base}/Selector`)).data!.list.map((r) => r.enCode);
    expect(theirs).toContain('picker.theirs');
    expect(theirs).not.toContain('picker.mine');
    // The administrator is granted none of them.
    expect((await admin.get<{ list: Card[] }>(`${base}/Selector`)).data!.list).toEqual([]);
  });

  test('ListByIds answers icon and fullName in the order asked, leaving out unknown ids', async () => {
    const a = await create({ enCode: 'byid.a', fullName: '甲' });
    const b = await create({ enCode: 'byid.b', fullName: '乙', icon: uploadedJpeg });
    const reply = await other.post<{ list: Card[] }>(`${base}/ListByIds`, { ids: [b, 'ghost', a] });
    expect(reply).toMatchObject({ code: 200 });
    expect(reply.data!.list).toEqual([
      { id: b, fullName: '乙', enCode: 'byid.b', icon: (await info(b)).icon },
      { id: a, fullName: '甲', enCode: 'byid.a', icon: (await info(a)).icon },
    ]);
    const joined = await other.post<{ list: Card[] }>(`${base}/ListByIds`, { ids: `${a},${b}` });
    expect(joined.data!.list.map((r) => r.fullName)).toEqual(['甲', '乙']);
    expect(await other.post(`${base}/ListByIds`, {})).toMatchObject({ code: 400, msg: '缺少必填字段 ids' });
  });

  test('an update that carries the Info answer keeps the image; a new drawing replaces it and its old file goes', async () => {
    const id = await create({ enCode: 'edit.keep' });
    const before = await info(id);
    const { userNames: _names, ...body } = before as Row & Record<string, unknown>;
    expect(await admin.put(`${base}/${id}`, { ...body, fullName: '改名', userIds: [otherId] })).toMatchObject({
      code: 200,
      msg: '更新成功',
    });
    expect(await info(id)).toMatchObject({ fullName: '改名', icon: before.icon, userIds: [otherId] });
    expect(await admin.put(`${base}/${id}`, { ...body, icon: uploadedJpeg })).toMatchObject({ code: 200 });
    const after = await info(id);
    expect(after.icon).toMatch(/\.jpg$/);
    expect(storedImages()).not.toContain(path.basename(before.icon));
    expect((await t.app.inject({ method: 'GET', url: before.icon })).statusCode).toBe(404);
    // Another signature's image URL is not this one's to keep.
    const otherIcon = (await info(await create({ enCode: 'edit.other' }))).icon;
    expect(await admin.put(`${base}/${id}`, { ...body, icon: otherIcon })).toMatchObject({
      code: 400,
      msg: '签名图片须为PNG或JPG图片',
    });
    expect((await info(id)).icon).toBe(after.icon);
  });

  test('delete takes the image with it', async () => {
    const id = await create({ enCode: 'gone.sign' });
    const { icon } = await info(id);
    expect(await admin.delete(`${base}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(storedImages()).not.toContain(path.basename(icon));
    expect((await signer.get<{ list: Card[] }>(`${base}/Selector`)).data!.list.map((r) => r.id)).not.toContain(id);
  });

  test('bad images, unknown users and a taken code are refused, naming the problem, and change nothing', async () => {
    await create({ enCode: 'taken.sign' });
    const images = storedImages();
    const count = async () => (await admin.get<{ pagination: { total: number } }>(base)).data!.pagination.total;
    const total = await count();
    const refusals: [Record<string, unknown>, string][] = [
      [{ icon: undefined }, '缺少必填字段 icon'],
      [{ userIds: undefined }, '缺少必填字段 userIds'],
      [{ enCode: undefined }, '缺少必填字段 enCode'],
      [{ icon: 'javascript:alert(1)' }, '签名图片须为PNG或JPG图片'],
      [{ icon: '../../etc/passwd' }, '签名图片须为PNG或JPG图片'],
      [{ icon: `data:image/gif;base64,${Buffer.from('GIF89a......').toString('base64')}` }, '签名图片须为PNG或JPG图片'],
      // Says PNG, is not: the kind is read from the bytes.
      [
        { icon: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` },
        '签名图片须为PNG或JPG图片',
      ],
      [{ icon: `data:image/jpeg;base64,${jpegBytes(1024 * 1024 + 1).toString('base64')}` }, '签名图片不能超过1MB'],
      [{ userIds: [signerId, 'nobody1', 'nobody2'] }, '授权用户不存在：nobody1,nobody2'],
      [{ enCode: 'TAKEN.SIGN' }, '编码已存在'],
    ];
    for (const [fields, msg] of refusals) {
      const body = Object.fromEntries(
        Object.entries(signature({ enCode: 'refused.sign', ...fields })).filter(([, v]) => v !== undefined),
      );
      expect(await admin.post(base, body), msg).toMatchObject({ code: 400, msg });
    }
    expect(await admin.post(base, signature({ enCode: 'refused.sign', userIds: signerId }))).toMatchObject({
      code: 400,
    });
    expect(await admin.post(base, signature({ enCode: 'refused.sign', icon: 42 }))).toMatchObject({ code: 400 });
    expect(await count()).toBe(total);
    expect(storedImages()).toEqual(images);
    // An update refused for unknown users keeps the grants and the image it had.
    const id = await create({ enCode: 'refused.update' });
    const before = await info(id);
    const imagesNow = storedImages();
    expect(
      await admin.put(
        `${base}/${id}`,
        signature({ enCode: 'refused.update', icon: uploadedJpeg, userIds: ['nobody'] }),
      ),
    ).toMatchObject({ code: 400, msg: '授权用户不存在：nobody' });
    expect(await info(id)).toEqual(before);
    expect(storedImages()).toEqual(imagesNow);
  });

  test('messages follow the caller language', async () => {
    const reply = await admin.call({
      method: 'POST',
      url: base,
      headers: { 'accept-language': 'en' },
      payload: signature({ enCode: 'lang.sign', userIds: ['nobody'] }),
    });
    expect(reply).toMatchObject({ code: 400, msg: 'Unknown users granted: nobody' });
  });
});

describe('signatures: one store with the personal ones', () => {
  test("a user's drawn signatures are not administered ones, and the administered ones are not theirs", async () => {
    const own = await signer.post<{ id: string }>('/api/permission/Users/Current/SignImg', { signImg: drawn });
    const ownId = own.data!.id;
    expect(await admin.get(`${base}/${ownId}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.delete(`${base}/${ownId}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect((await admin.post<{ list: Card[] }>(`${base}/ListByIds`, { ids: [ownId] })).data!.list).toEqual([]);
    const listed = await admin.get<{ list: Row[] }>(base, { pageSize: '500' });
    expect(listed.data!.list.map((r) => r.id)).not.toContain(ownId);
    const administered = await create({ enCode: 'not.personal' });
    expect(await signer.delete(`/api/permission/Users/Current/${administered}/SignImg`)).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    const mine = await signer.get<{ id: string; signImg: string }[]>('/api/permission/Users/Current/SignImg');
    expect(mine.data!.map((s) => s.id)).toEqual([ownId]);
    expect(mine.data![0]!.signImg).toBe(drawn);
  });

  test('the migration keeps every personal signature drawn before it (id, image, default, time)', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrateTo(db, '0020_bill_rule');
      await sql`insert into app_user (id, account, real_name, password_hash) values ('u1', 'drawer', 'Drawer', 'x')`.execute(
        db,
      );
      await sql`insert into user_signature (id, user_id, sign_img, is_default, creator_time)
        values ('s1', 'u1', ${drawn}, 1, '2024-05-01T08:00:00Z'), ('s2', 'u1', 'data:image/png;base64,AAAA', 0, '2024-05-02T08:00:00Z')`.execute(
        db,
      );
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('signature')
        .select(['id', 'ownerUserId', 'image', 'isDefault', 'creatorTime', 'enCode'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          id: 's1',
          ownerUserId: 'u1',
          image: drawn,
          isDefault: 1,
          creatorTime: new Date('2024-05-01T08:00:00Z'),
          enCode: null,
        },
        {
          id: 's2',
          ownerUserId: 'u1',
          image: 'data:image/png;base64,AAAA',
          isDefault: 0,
          creatorTime: new Date('2024-05-02T08:00:00Z'),
          enCode: null,
        },
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe('signatures: the administration list and form', () => {
  crudContract({ base, fields: () => ({ icon: drawn, userIds: [signerId] }), codeTaken: '编码已存在' }, () => ({
    t,
    admin,
  }));
});
