import { utils, write } from '@e965/xlsx';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rootOrganizeId } from './helpers/organize-fixture.ts';
import { downloadSheet, sheet, uploadSheet, userHeader } from './helpers/sheets.ts';
import { type Client, orphanMemberships, type TestApp, testApp } from './helpers/test-app.ts';
import { TestSocket } from './helpers/ws-client.ts';

// The generic import kit (admin.md 2.5, protocol-admin.md 6) through the area that uses it first:
// users. Every call here is one the wizard makes.
const base = '/api/permission/Users';
let t: TestApp;
let admin: Client;
let address: string;

beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const listening = t.app.server.address();
  address = `http://127.0.0.1:${typeof listening === 'object' && listening ? listening.port : 0}`;
  admin = await t.signIn();
  const rootId = await rootOrganizeId(t);
  await admin.post('/api/permission/Organize/Department', { parentId: rootId, fullName: '套件部', enCode: 'kit' });
});
afterAll(() => t.close());

const upload = (content: Buffer, filename = 'users.xlsx') => uploadSheet(admin, `${base}/Uploader`, content, filename);
const accountsLike = (prefix: string) =>
  t.app.db
    .selectFrom('appUser')
    .select('account')
    .where('account', 'like', `${prefix}%`)
    .execute()
    .then((rows) => rows.map((r) => r.account));

describe('template', () => {
  test('the template is an .xlsx with the columns in the caller’s language and an example row', async () => {
    const zh = await admin.get<{ url: string }>(`${base}/TemplateDownload`);
    expect(zh.code).toBe(200);
    const zhRows = await downloadSheet(t, zh.data!.url);
    expect(zhRows[0]).toEqual(userHeader);
    expect(zhRows[1]?.slice(0, 2)).toEqual(['zhangsan', '张三']);

    const en = await admin.call<{ url: string }>({
      method: 'GET',
      url: `${base}/TemplateDownload`,
      headers: { 'accept-language': 'en' },
    });
    expect((await downloadSheet(t, en.data!.url))[0]?.slice(0, 4)).toEqual([
      'Account',
      'Name',
      'Gender',
      'Organisation code',
    ]);
  });
});

describe('preview', () => {
  test('every cell’s problem is named beside the row; a sheet in English with its columns moved is read by header', async () => {
    const uploaded = await upload(
      await sheet(
        [
          ['kit', 'prev1', '预览一'],
          ['nowhere', 'prev2', ''],
          ['kit', 'prev1', '重复'],
          ['kit', 'bad account!', '坏账户'],
        ],
        ['Organisation code', 'Account', 'Name'],
      ),
    );
    expect(uploaded.code, uploaded.msg).toBe(200);
    const preview = await admin.get<{
      headerRow: { id: string; fullName: string; required: boolean }[];
      dataRow: Record<string, string>[];
      cellErrors: Record<string, string>[];
    }>(`${base}/ImportPreview`, { fileName: uploaded.data!.name });
    expect(preview.code, preview.msg).toBe(200);
    expect(preview.data!.headerRow.filter((h) => h.required).map((h) => h.fullName)).toEqual([
      '账户',
      '姓名',
      '组织编码',
    ]);
    expect(preview.data!.dataRow[0]).toEqual({ organizeCode: 'kit', account: 'prev1', realName: '预览一' });
    expect(preview.data!.cellErrors).toEqual([
      {},
      { organizeCode: '组织编码不存在：nowhere', realName: '姓名不能为空' },
      { account: '账户在文件中重复' },
      { account: '账户格式不正确' },
    ]);
  });
});

describe('a legacy binary .xls (Excel 97-2003), which the wizard accepts besides .xlsx', () => {
  test('is read like an .xlsx: headers found by name, text, numbers and dates as the cells hold them', async () => {
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['组织编码', '账户', '姓名', '排序'],
        ['kit', 'legacy1', '旧版一', 7],
        ['kit', 'legacy2', '旧版二', 8],
      ]),
      'Sheet1',
    );
    const xls = Buffer.from(write(book, { bookType: 'xls', type: 'buffer' }) as Uint8Array);
    expect(xls.subarray(0, 4)).toEqual(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
    const uploaded = await upload(xls, 'old.xls');
    expect(uploaded.code, uploaded.msg).toBe(200);
    const preview = await admin.get<{ dataRow: Record<string, string | number>[]; cellErrors: object[] }>(
      `${base}/ImportPreview`,
      { fileName: uploaded.data!.name },
    );
    expect(preview.data?.dataRow).toEqual([
      { organizeCode: 'kit', account: 'legacy1', realName: '旧版一', sortCode: '7' },
      { organizeCode: 'kit', account: 'legacy2', realName: '旧版二', sortCode: '8' },
    ]);
    expect(preview.data?.cellErrors).toEqual([{}, {}]);
  });
});

describe('uploads the wizard refuses, naming the problem', () => {
  test('too large, a broken .xls, not a spreadsheet, another type: 400 with the reason, nothing kept', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 0x20);
    Buffer.from([0x50, 0x4b, 0x03, 0x04]).copy(big);
    expect(await upload(big)).toMatchObject({ code: 400, msg: '文件大小超过5MB' });
    const broken = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect(await upload(broken, 'old.xls')).toMatchObject({ code: 400, msg: '无法读取该Excel文件' });
    expect(await upload(Buffer.from('name,account\n'), 'renamed.xlsx')).toMatchObject({
      code: 400,
      msg: '无法读取该Excel文件',
    });
    expect(await upload(Buffer.from('hello'), 'notes.csv')).toMatchObject({
      code: 400,
      msg: '请选择xls,xlsx类型的文件',
    });
    const en = await admin.call({
      method: 'GET',
      url: `${base}/ImportPreview`,
      query: { fileName: `${'a'.repeat(32)}.xlsx` },
      headers: { 'accept-language': 'en' },
    });
    expect(en).toMatchObject({ code: 400, msg: 'The file is missing or has expired; upload it again' });
  });
});

describe('import', () => {
  test('partial failure: good rows in, bad rows back with reasons, and the failed rows export as a sheet', async () => {
    const list = [
      { account: 'part1', realName: '部分一', organizeCode: 'kit' },
      { account: 'part2', realName: '', organizeCode: 'kit' },
      { account: 'part3', realName: '部分三', organizeCode: 'kit', mobilePhone: '123' },
      { account: 'part4', realName: '部分四', organizeCode: 'kit', sortCode: 7 },
    ];
    const imported = await admin.post<{
      resultType: number;
      snum: number;
      fnum: number;
      failResult: Record<string, string>[];
    }>(`${base}/ImportData`, { list });
    expect(imported).toMatchObject({
      code: 200,
      msg: '导入完成：成功2条，失败2条',
      data: {
        resultType: 1,
        snum: 2,
        fnum: 2,
        failResult: [
          { account: 'part2', errorsInfo: '姓名不能为空' },
          { account: 'part3', errorsInfo: '手机格式不正确' },
        ],
      },
    });
    expect((await accountsLike('part')).sort()).toEqual(['part1', 'part4']);

    const exported = await admin.post<{ url: string }>(`${base}/ImportExceptionData`, {
      list: imported.data!.failResult,
    });
    expect(exported.code).toBe(200);
    const rows = await downloadSheet(t, exported.data!.url);
    expect(rows[0]?.at(-1)).toBe('异常原因');
    expect(rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['part2', '姓名不能为空'],
      ['part3', '手机格式不正确'],
    ]);
  });

  test('one transaction per batch: a batch that fails leaves nothing of itself, its other rows go in one by one', async () => {
    // The database itself refuses one row's relations (a trigger), after the batch's users were
    // inserted: only a rolled-back transaction removes them again. Every inserted user's
    // transaction id is recorded, so the test sees which rows shared a transaction.
    await sql`create table import_tx (account text, tx bigint)`.execute(t.app.db);
    await sql`create function import_tx_record() returns trigger language plpgsql as $$
      begin insert into import_tx values (new.account, txid_current()); return new; end $$`.execute(t.app.db);
    await sql`create trigger import_tx_record after insert on app_user for each row execute function import_tx_record()`.execute(
      t.app.db,
    );
    await sql`create function import_explode() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from app_user where id = new.user_id and account = 'batchexplode') then
          raise exception 'refused by the test';
        end if;
        return new;
      end $$`.execute(t.app.db);
    await sql`create trigger import_explode before insert on user_relation for each row execute function import_explode()`.execute(
      t.app.db,
    );
    try {
      // Users are written 1000 to a batch: rows 0-999 are the first batch, 1000-1049 the second.
      const list = Array.from({ length: 1050 }, (_, i) => ({
        account: i === 3 ? 'batchexplode' : `batch${i}`,
        realName: `批次${i}`,
        organizeCode: 'kit',
      }));
      const imported = await admin.post<{ snum: number; fnum: number; failResult: Record<string, string>[] }>(
        `${base}/ImportData`,
        { list },
      );
      expect(imported.data).toMatchObject({
        snum: 1049,
        fnum: 1,
        failResult: [{ account: 'batchexplode', errorsInfo: '写入失败，请稍后再试' }],
      });
      const written = await sql<{ account: string; tx: string }>`select account, tx::text from import_tx`.execute(
        t.app.db,
      );
      const txOf = new Map(written.rows.map((r) => [r.account, r.tx]));
      expect(txOf.has('batchexplode')).toBe(false);
      expect(await accountsLike('batchexplode')).toEqual([]);
      expect(await orphanMemberships(t)).toEqual([]);
      // The second batch went in as one transaction; the first, after its rollback, row by row.
      const second = new Set(list.slice(1000).map((r) => txOf.get(r.account)));
      expect(second.size).toBe(1);
      const first = list.slice(0, 1000).filter((r) => r.account !== 'batchexplode');
      expect(new Set(first.map((r) => txOf.get(r.account))).size).toBe(999);
      expect((await accountsLike('batch')).length).toBe(1049);
    } finally {
      await sql`drop trigger import_explode on user_relation`.execute(t.app.db);
      await sql`drop trigger import_tx_record on app_user`.execute(t.app.db);
    }
  });

  test('progress reaches the importing user’s socket after every batch, ending at the total', async () => {
    const socket = await TestSocket.open(address, admin.token!);
    try {
      await socket.next('initMessage');
      const list = Array.from({ length: 1500 }, (_, i) => ({
        account: `prog${i}`,
        realName: `进度${i}`,
        organizeCode: i === 0 ? 'nowhere' : 'kit',
      }));
      const imported = await admin.post<{ snum: number }>(`${base}/ImportData`, { list, progressKey: 'wizard-1234' });
      expect(imported.data).toMatchObject({ snum: 1499 });
      const frames = [
        await socket.next('importProgress'),
        await socket.next('importProgress'),
        await socket.next('importProgress'),
      ];
      expect(frames.map((f) => [f.progressKey, f.done, f.total])).toEqual([
        ['wizard-1234', 1, 1500],
        ['wizard-1234', 1001, 1500],
        ['wizard-1234', 1500, 1500],
      ]);
    } finally {
      await socket.close();
    }
  });

  test('the wizard’s whole 10,000 rows fit in one call; one row more is refused and imports nothing', async () => {
    // Rows without an organisation: checked, none written, so the test stays quick.
    const row = (i: number) => ({
      account: `wide${i}`,
      realName: `宽表${i}`,
      mobilePhone: '13800000000',
      email: `wide${i}@example.com`,
      description: '一段说明文字'.repeat(20),
    });
    const list = Array.from({ length: 10_000 }, (_, i) => row(i));
    expect(JSON.stringify({ list }).length).toBeGreaterThan(2 * 1024 * 1024);
    const imported = await admin.post<{ snum: number; fnum: number }>(`${base}/ImportData`, { list });
    expect(imported).toMatchObject({ code: 200, data: { snum: 0, fnum: 10_000 } });
    const exported = await admin.post<{ url: string }>(`${base}/ImportExceptionData`, { list });
    expect(exported.code).toBe(200);
    expect(await admin.post(`${base}/ImportData`, { list: [...list, row(10_000)] })).toMatchObject({
      code: 400,
      msg: '字段 list 最多 10000 项',
    });
    expect(await accountsLike('wide')).toEqual([]);
  });

  test('a progress key that is not a plain token is refused and imports nothing', async () => {
    const res = await admin.post(`${base}/ImportData`, {
      list: [{ account: 'keybad', realName: '键', organizeCode: 'kit' }],
      progressKey: '../x',
    });
    expect(res).toMatchObject({ code: 400, msg: '字段 progressKey 格式不正确' });
    expect(await accountsLike('keybad')).toEqual([]);
  });
});
