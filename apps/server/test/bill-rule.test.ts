import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BILL_RULE_FULL_STAMP, formatBillNumber, formatDate } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { BillRuleRepository } from '../src/modules/billRule/bill-rule.repository.ts';
import { BillRuleService } from '../src/modules/billRule/bill-rule.service.ts';
import { crudContract } from './helpers/crud-contract.ts';
import { businessType, dictionaryEntry } from './helpers/dictionaries.ts';
import { multipart } from './helpers/multipart.ts';
import { needsPostgres } from './helpers/needs.ts';
import { adminApp, type Client, type TestApp, testApp, testDatabase } from './helpers/test-app.ts';

const base = '/api/system/BillRule';
let t: TestApp;
let admin: Client;
let category: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  category = await businessType(t);
});
afterAll(() => t.close());

const serialRule = (fields: Record<string, unknown> = {}) => ({
  fullName: '订单编号',
  category,
  type: 1,
  prefix: 'DD',
  suffix: '-X',
  dateFormat: 'no',
  digit: 4,
  startNumber: '0001',
  ...fields,
});
const create = async (fields: Record<string, unknown>) => {
  const reply = await admin.post<{ id: string }>(base, serialRule(fields));
  expect(reply).toMatchObject({ code: 200 });
  return reply.data!.id;
};
const nextNumber = (enCode: string) => admin.get<string>(`${base}/BillNumber/${enCode}`);

describe('code rules: numbers', () => {
  test('a serial rule hands out prefix, serial padded to its digits and suffix, one after another', async () => {
    const id = await create({ enCode: 'order.no' });
    expect((await nextNumber('order.no')).data).toBe('DD0001-X');
    expect((await nextNumber('order.no')).data).toBe('DD0002-X');
    // Codes compare without case, as the unique index does.
    expect((await nextNumber('ORDER.NO')).data).toBe('DD0003-X');
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({ outputNumber: 'DD0003-X', example: 'DD0001-X' });
  });

  test('the serial is never cut: past the digit count it grows, as the shared formatter writes it', async () => {
    await create({ enCode: 'short.no', prefix: '', suffix: '', digit: 2, startNumber: '98' });
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push((await nextNumber('short.no')).data);
    expect(numbers).toEqual(
      ['98', '99', '100'].map((startNumber) => formatBillNumber({ digit: 2, startNumber, dateFormat: 'no' })),
    );
    expect(numbers).toEqual(['98', '99', '100']);
  });

  test('a date format puts the date in; a new day starts again and a late clock never repeats a number', async () => {
    await create({ enCode: 'daily.no', prefix: 'R', suffix: '', dateFormat: 'YYYYMMDD', digit: 3, startNumber: '1' });
    const today = formatDate(new Date(), 'YYYYMMDD');
    expect((await nextNumber('daily.no')).data).toBe(`R${today}001`);
    expect((await nextNumber('daily.no')).data).toBe(`R${today}002`);
    const rules = new BillRuleService(t.app.db, t.app.dictionaries);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const nextDay = formatDate(tomorrow, 'YYYYMMDD');
    expect(await rules.nextNumber('daily.no', tomorrow)).toBe(`R${nextDay}001`);
    // An instance whose clock is still on today continues tomorrow's numbering instead of reusing today's.
    expect(await rules.nextNumber('daily.no', new Date())).toBe(`R${nextDay}002`);
  });

  test('many callers at once get distinct, consecutive numbers; the page shows the last one handed out', async () => {
    const id = await create({ enCode: 'busy.no', prefix: '', suffix: '', digit: 6, startNumber: '1' });
    // 1,000 at once (issue 41): more callers than one statement serves, with callers of a missing rule among them.
    const [replies, strays] = await Promise.all([
      Promise.all(Array.from({ length: 1000 }, () => nextNumber('busy.no'))),
      Promise.all(Array.from({ length: 5 }, () => nextNumber('nobody.no'))),
    ]);
    const numbers = replies.map((r) => Number(r.data)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(strays.map((r) => r.code)).toEqual([400, 400, 400, 400, 400]);
    expect((await admin.get<{ outputNumber: string }>(`${base}/${id}`)).data?.outputNumber).toBe('001000');
    expect((await nextNumber('busy.no')).data).toBe('001001');
  });

  test('callers of a random rule at once each get their own code', async () => {
    await create({ enCode: 'rand.burst', type: 2, randomDigit: 16, randomType: 1, prefix: 'R', suffix: '' });
    const replies = await Promise.all(Array.from({ length: 50 }, () => nextNumber('rand.burst')));
    const codes = replies.map((r) => r.data ?? '');
    expect(codes.every((code) => /^R\d{16}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(50);
  });

  test('a call that fails after taking a serial leaves no gap', async () => {
    await create({ enCode: 'rollback.no', prefix: '', suffix: '', digit: 2, startNumber: '1' });
    expect((await nextNumber('rollback.no')).data).toBe('01');
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await new BillRuleRepository(trx).allocate('rollback.no', '');
        throw new Error('the record that wanted the number could not be saved');
      }),
    ).rejects.toThrow(/could not be saved/);
    expect((await nextNumber('rollback.no')).data).toBe('02');
  });

  test('changing the start number starts again; other edits keep the numbering', async () => {
    const id = await create({ enCode: 'edit.no', prefix: 'E', suffix: '' });
    await nextNumber('edit.no');
    await admin.put(`${base}/${id}`, serialRule({ enCode: 'edit.no', prefix: 'F', suffix: '', fullName: '改名' }));
    expect((await nextNumber('edit.no')).data).toBe('F0002');
    await admin.put(`${base}/${id}`, serialRule({ enCode: 'edit.no', prefix: 'F', suffix: '', startNumber: '0500' }));
    expect((await nextNumber('edit.no')).data).toBe('F0500');
  });

  test('random and UUID rules draw a fresh code each time', async () => {
    await create({ enCode: 'rand.no', type: 2, randomDigit: 16, randomType: 1, prefix: 'N', suffix: '' });
    await create({ enCode: 'rand32.no', type: 2, randomDigit: 32, randomType: 2, prefix: '', suffix: '' });
    await create({ enCode: 'uuid.no', type: 3, prefix: 'U-', suffix: '' });
    const a = (await nextNumber('rand.no')).data!;
    const b = (await nextNumber('rand.no')).data!;
    expect(a).toMatch(/^N\d{16}$/);
    expect(b).toMatch(/^N\d{16}$/);
    expect(a).not.toBe(b);
    expect((await nextNumber('rand32.no')).data).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await nextNumber('uuid.no')).data).toMatch(
      /^U-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  test('a disabled or unknown rule gives no number', async () => {
    const id = await create({ enCode: 'off.no' });
    await admin.put(`${base}/${id}/Actions/State`);
    expect(await nextNumber('off.no')).toMatchObject({ code: 400, msg: '单据规则不存在或已停用：off.no' });
    expect(await nextNumber('ghost.no')).toMatchObject({ code: 400, msg: '单据规则不存在或已停用：ghost.no' });
    expect(await nextNumber('bad code!')).toMatchObject({ code: 400 });
  });

  test('bad settings are refused with their message and save nothing', async () => {
    expect(await admin.post(base, serialRule({ enCode: 'b1', digit: null }))).toMatchObject({
      code: 400,
      msg: '时间格式的规则须填写位数和起始值',
    });
    expect(await admin.post(base, serialRule({ enCode: 'b2', startNumber: '000' }))).toMatchObject({
      code: 400,
      msg: '起始值不能为0',
    });
    expect(await admin.post(base, serialRule({ enCode: 'b3', startNumber: '12a' }))).toMatchObject({ code: 400 });
    expect(await admin.post(base, serialRule({ enCode: 'b4', digit: 10 }))).toMatchObject({
      code: 400,
      msg: '字段 digit 不能大于 9',
    });
    expect(await admin.post(base, serialRule({ enCode: 'b5', dateFormat: 'YY' }))).toMatchObject({ code: 400 });
    expect(await admin.post(base, serialRule({ enCode: 'b6', type: 2, randomDigit: 20 }))).toMatchObject({ code: 400 });
    expect(await admin.post(base, serialRule({ enCode: 'b7', type: 4 }))).toMatchObject({ code: 400 });
    expect(await admin.post(base, serialRule({ enCode: 'b8', category: 'no-such-entry' }))).toMatchObject({
      code: 400,
      msg: '业务分类不存在：no-such-entry',
    });
    const sex = await dictionaryEntry(t, 'sex');
    expect(await admin.post(base, serialRule({ enCode: 'b9', category: sex }))).toMatchObject({ code: 400 });
    const listed = await admin.get<{ list: { enCode: string }[] }>(base, { keyword: 'b' });
    expect(listed.data!.list.map((r) => r.enCode).filter((c) => /^b\d$/.test(c))).toEqual([]);
  });

  test('the picker lists enabled rules of a category, paged, keyed by enCode', async () => {
    const picked = await admin.get<{ list: { id: string; fullName: string; enCode: string }[] }>(`${base}/Selector`, {
      categoryId: category,
      keyword: 'order.no',
    });
    expect(picked.data!.list).toEqual([{ id: expect.any(String), fullName: '订单编号', enCode: 'order.no' }]);
    expect((await admin.get<{ list: unknown[] }>(`${base}/Selector`, { keyword: 'off.no' })).data!.list).toEqual([]);
    expect((await admin.get<{ list: unknown[] }>(`${base}/Selector`, { categoryId: 'other' })).data!.list).toEqual([]);
  });
});

describe('code rules: export and import', () => {
  const importRule = (fields: Record<string, string>, file?: { name: string; content: string }) =>
    admin.call<{ id: string; skipped: boolean }>({
      method: 'POST',
      url: `${base}/Actions/Import`,
      ...multipart(fields, file),
    });

  test('a rule exports to a .bb file downloaded without a token; importing it skips or appends the duplicate', async () => {
    const id = await create({ enCode: 'export.no', fullName: '出口单号', prefix: 'EX', digit: 5, startNumber: '7' });
    await nextNumber('export.no');
    const exported = await admin.get<{ url: string }>(`${base}/${id}/Actions/Export`);
    expect(exported).toMatchObject({ code: 200 });
    const url = exported.data!.url;
    expect(url).toMatch(/^\/api\/file\/Generated\/[0-9a-f]{32}$/);
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.headers['content-disposition']).toMatch(/\.bb/);
    const content = download.body;
    expect(JSON.parse(content)).toMatchObject({
      format: 'platform.billRule',
      rule: { enCode: 'export.no', prefix: 'EX' },
    });

    expect(await importRule({ type: '0' }, { name: '出口单号.bb', content })).toMatchObject({
      code: 200,
      msg: '编码已存在，已跳过',
      data: { skipped: true },
    });
    const appended = await importRule({ type: '1' }, { name: '出口单号.bb', content });
    expect(appended).toMatchObject({ code: 200, msg: '导入成功', data: { skipped: false } });
    const copy = (await admin.get<{ enCode: string; fullName: string; prefix: string }>(`${base}/${appended.data!.id}`))
      .data!;
    expect(copy.enCode).toMatch(/^export\.no\.[a-z0-9]{5}$/);
    expect(copy.fullName).toMatch(/^出口单号\./);
    // The copy numbers from its own start, not from where the exported rule had got to.
    expect((await nextNumber(copy.enCode)).data).toBe('EX00007-X');
  });

  test('a wrong file, a missing choice or a rule that does not hold is refused and adds nothing', async () => {
    const before = (await admin.get<{ pagination: { total: number } }>(base)).data!.pagination.total;
    const rule = (fields: Record<string, unknown>) =>
      JSON.stringify({
        format: 'platform.billRule',
        version: 1,
        rule: { ...serialRule(fields), categoryCode: 'order' },
      });
    const good = { name: 'r.bb', content: rule({ enCode: 'imported.no' }) };
    expect(await importRule({ type: '0' }, { name: 'r.txt', content: good.content })).toMatchObject({
      code: 400,
      msg: '请选择.bb类型的文件',
    });
    expect(await importRule({}, good)).toMatchObject({ code: 400, msg: '请选择识别重复' });
    expect(await importRule({ type: '0' }, { name: 'r.bb', content: '{not json' })).toMatchObject({
      code: 400,
      msg: '导入文件格式错误：JSON',
    });
    expect(await importRule({ type: '0' }, { name: 'r.bb', content: rule({ digit: 12 }) })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^导入文件格式错误：rule/),
    });
    const strayCategory = JSON.stringify({
      format: 'platform.billRule',
      version: 1,
      rule: { ...serialRule({ enCode: 'stray.no', category: 'elsewhere' }), categoryCode: 'no-such' },
    });
    expect(await importRule({ type: '0' }, { name: 'r.bb', content: strayCategory })).toMatchObject({
      code: 400,
      msg: '业务分类不存在：no-such',
    });
    expect((await admin.get<{ pagination: { total: number } }>(base)).data!.pagination.total).toBe(before);
    // The same file with the category found by its code, on this installation's entry.
    const added = await importRule({ type: '0' }, good);
    expect(added).toMatchObject({ code: 200, data: { skipped: false } });
    type All = { list: { enCode: string; dictionaryList: { id: string; enCode: string }[] }[] };
    const order = (await admin.get<All>('/api/system/DictionaryData/All'))
      .data!.list.find((d) => d.enCode === 'businessType')!
      .dictionaryList.find((e) => e.enCode === 'order')!;
    expect((await admin.get<{ category: string }>(`${base}/${added.data!.id}`)).data!.category).toBe(order.id);
  });
});

describe('code rules: what the 3.6 client sends', () => {
  test('the list with empty filters and numbers as text, the picker by category, an update carrying the Info answer', async () => {
    const id = await create({ enCode: 'client.no', fullName: '客户端单号' });
    const listed = await admin.get<{ list: { id: string }[] }>(base, {
      currentPage: '1',
      pageSize: '20',
      keyword: '',
      categoryId: '',
      enabledMark: '',
      sidx: '',
      sort: 'desc',
    });
    expect(listed).toMatchObject({ code: 200 });
    expect(listed.data!.list.map((r) => r.id)).toContain(id);
    const enabledOnly = await admin.get<{ list: { id: string }[] }>(base, { enabledMark: '1', keyword: 'client.no' });
    expect(enabledOnly.data!.list.map((r) => r.id)).toEqual([id]);
    const picked = await admin.get<{ list: { enCode: string }[] }>(`${base}/Selector`, {
      currentPage: '1',
      pageSize: '20',
      keyword: 'client',
      categoryId: category,
    });
    expect(picked.data!.list.map((r) => r.enCode)).toEqual(['client.no']);
    // An update body is the Info answer plus the edited fields (protocol-admin.md section 0).
    const info = (await admin.get<Record<string, unknown>>(`${base}/${id}`)).data!;
    const { creatorTime: _c, lastModifyTime: _l, outputNumber: _o, ...editable } = info;
    expect(await admin.put(`${base}/${id}`, { ...editable, fullName: '客户端单号2' })).toMatchObject({
      code: 200,
      msg: '更新成功',
    });
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({ fullName: '客户端单号2', startNumber: '0001' });
  });
});

needsPostgres('code rules: allocations at the database at once', () => {
  test('sixteen callers on their own connections, past any queue of one instance, never share a serial', async () => {
    await create({ enCode: 'raced.no', prefix: '', suffix: '', digit: 4, startNumber: '1' });
    // The service queues the calls of one instance; its repository is what every instance runs.
    // A pool of its own (10 connections) keeps ten statements in flight at the server at once.
    const db = await openDatabase(t.config.database);
    try {
      const stamp = formatDate(new Date(), BILL_RULE_FULL_STAMP);
      const caller = async () => {
        const serials: number[] = [];
        for (let i = 0; i < 100; i++) {
          const taken = await new BillRuleRepository(db).allocate('raced.no', stamp);
          serials.push(Number(taken?.firstSerial));
        }
        return serials;
      };
      const serials = (await Promise.all(Array.from({ length: 16 }, caller))).flat().sort((a, b) => a - b);
      expect(serials).toEqual(Array.from({ length: 1600 }, (_, i) => i + 1));
    } finally {
      await db.destroy();
    }
    expect((await nextNumber('raced.no')).data).toBe('1601');
  });
});

describe('code rules: numbering survives a restart', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-billrule-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('the next number after a restart follows the last one', async () => {
    const fresh = testDatabase();
    const database: DatabaseConfig =
      fresh.kind === 'postgres' ? fresh : { kind: 'pglite', dataDir: path.join(dir, 'db') };
    const first = await testApp({ database });
    const firstAdmin = await first.signIn();
    await firstAdmin.post(
      base,
      serialRule({ enCode: 'kept.no', category: await businessType(first), prefix: 'K', suffix: '' }),
    );
    expect((await firstAdmin.get(`${base}/BillNumber/kept.no`)).data).toBe('K0001');
    await first.close();
    const second = await testApp({ database });
    const secondAdmin = await second.signIn();
    expect((await secondAdmin.get(`${base}/BillNumber/kept.no`)).data).toBe('K0002');
    await second.close();
  });
});

describe('code rules: the administration list and form', () => {
  crudContract(
    {
      base,
      fields: () => ({ category, type: 1, dateFormat: 'no', digit: 3, startNumber: '1' }),
      codeTaken: '编码已存在',
      hasState: true,
    },
    () => ({ t, admin }),
  );
});
