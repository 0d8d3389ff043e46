import type { FormField } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { crudContract } from './helpers/crud-contract.ts';
import { clerkOfForm } from './helpers/form-menu.ts';
import { multipart } from './helpers/multipart.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Print templates (/api/system/printDev) on generated forms: the designer's calls, the fields and
 * data a template prints with the caller's rights on the form's records, and the print log.
 */

const base = '/api/system/printDev';
const logBase = '/api/system/printLog';
const forms = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;
let formId: string;

const field = (jnpfKey: string, name: string, label: string, rest: object = {}): FormField => ({
  __vModel__: name,
  __config__: { jnpfKey, label },
  ...rest,
});
const orderForm = {
  fields: [
    field('input', 'name', '名称'),
    field('select', 'level', '级别', {
      options: [
        { id: '1', fullName: '普通' },
        { id: '2', fullName: '加急' },
      ],
    }),
    {
      __vModel__: 'items',
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [field('input', 'item', '物品'), field('inputNumber', 'count', '数量')],
      },
    },
  ],
};

async function releasedForm(enCode: string) {
  const created = await admin.post<{ id: string }>(forms, {
    fullName: `表单${enCode}`,
    enCode,
    webType: 2,
    formData: JSON.stringify(orderForm),
    columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
  });
  expect(created).toMatchObject({ code: 200 });
  const id = created.data!.id;
  expect(await admin.post(`${forms}/${id}/Actions/Release`)).toMatchObject({ code: 200 });
  return id;
}
const saveRecord = async (client: Client, data: object) => {
  const reply = await client.post<{ id: string }>(`${records}/${formId}`, { data: JSON.stringify(data) });
  expect(reply).toMatchObject({ code: 200 });
  return reply.data!.id;
};

const template = (fields: Record<string, unknown> = {}) => ({
  fullName: '订单打印',
  enCode: 'order.print',
  category: '2',
  type: 2,
  formId,
  printTemplate: '<p>{name} {level}</p><table><tr><td>{items.item}</td><td>{items.count}</td></tr></table>',
  pageParam: JSON.stringify({ type: 'A4', width: 210, height: 297, mt: 10, mb: 10, ml: 10, mr: 10, direction: 1 }),
  ...fields,
});
const create = async (fields: Record<string, unknown>) => {
  const reply = await admin.post<{ id: string }>(base, template(fields));
  expect(reply).toMatchObject({ code: 200 });
  return reply.data!.id;
};

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  formId = await releasedForm('print.orders');
});
afterAll(() => t.close());

describe('print templates: the shared administration contract', () => {
  crudContract({ base, fields: () => ({ category: '2', formId }), codeTaken: '编码已存在', hasState: true }, () => ({
    t,
    admin,
  }));
});

describe('print templates: designer', () => {
  test('info keeps the template, its page settings and the fields of its form', async () => {
    const id = await create({ enCode: 'info.print' });
    const info = (await admin.get<Record<string, unknown>>(`${base}/${id}`)).data!;
    expect(info).toMatchObject({ category: '2', type: 2, formId, printTemplate: template().printTemplate });
    expect(JSON.parse(String(info.pageParam))).toMatchObject({ width: 210, direction: 1 });
    expect(JSON.parse(String(info.fieldJson)).map((f: { id: string }) => f.id)).toEqual(['name', 'level', 'items']);
    // The list leaves the template's HTML out and filters by category code and state.
    const listed = await admin.get<{ list: Record<string, unknown>[] }>(base, { keyword: 'info.print', category: '2' });
    expect(listed.data!.list).toEqual([expect.objectContaining({ id, printTemplate: '' })]);
    expect((await admin.get<{ list: unknown[] }>(base, { keyword: 'info.print', category: '1' })).data!.list).toEqual(
      [],
    );
    expect(
      (await admin.get<{ list: unknown[] }>(base, { keyword: 'info.print', category: '', enabledMark: '' })).data!.list,
    ).toHaveLength(1);
  });

  test('Fields: head fields, and each sub-table with its columns as table.column', async () => {
    const fields = await admin.post<unknown[]>(`${base}/Fields`, { formId });
    expect(fields).toMatchObject({ code: 200 });
    expect(fields.data).toEqual([
      { id: 'name', parentId: '0', fullName: '名称' },
      { id: 'level', parentId: '0', fullName: '级别' },
      {
        id: 'items',
        parentId: '0',
        fullName: '明细',
        children: [
          { id: 'items.item', parentId: 'items', fullName: '物品' },
          { id: 'items.count', parentId: 'items', fullName: '数量' },
        ],
      },
    ]);
    // Neither a form nor SQL (print-records.test.ts runs the 3.6 client's SQL source).
    expect(await admin.post(`${base}/Fields`, { dbLinkId: '0' })).toMatchObject({ code: 400, msg: '请选择表单' });
    expect(await admin.post(`${base}/Fields`, { formId: 'ghost' })).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('a category, form or page setting that does not hold is refused and nothing is stored', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ category: 'nope' }, '模板分类不存在：nope'],
      [{ formId: 'ghost' }, '表单不存在：ghost'],
      [{ pageParam: '{width' }, '纸张设置无效'],
      [{ pageParam: JSON.stringify({ width: 'wide' }) }, '纸张设置无效'],
      [{ type: 3 }, ''],
    ];
    for (const [fields, msg] of cases) {
      const reply = await admin.post(base, template({ enCode: 'refused.print', ...fields }));
      expect(reply.code, JSON.stringify(fields)).toBe(400);
      if (msg) expect(reply.msg).toBe(msg);
    }
    expect((await admin.get<{ list: unknown[] }>(base, { keyword: 'refused.print' })).data!.list).toEqual([]);
  });

  test('copy makes a new template with a new name and code', async () => {
    const id = await create({ enCode: 'copied.print', fullName: '复制源' });
    expect(await admin.post(`${base}/${id}/Actions/Copy`)).toMatchObject({ code: 200, msg: '复制成功' });
    const copies = (await admin.get<{ list: { id: string; fullName: string }[] }>(base, { keyword: '复制源' })).data!
      .list;
    expect(copies).toHaveLength(2);
    const copy = copies.find((c) => c.id !== id)!;
    expect(copy.fullName).toMatch(/^复制源\.副本/);
    expect((await admin.get(`${base}/${copy.id}`)).data).toMatchObject({
      formId,
      printTemplate: template().printTemplate,
    });
    expect(await admin.post(`${base}/ghost/Actions/Copy`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('Selector groups enabled templates by category; getListOptions names them in the order asked', async () => {
    const flow = await create({ enCode: 'flow.print', fullName: '流程打印', category: '1', type: 1 });
    const fn = await create({ enCode: 'fn.print', fullName: '功能打印' });
    const off = await create({ enCode: 'off.print', fullName: '停用打印', enabledMark: 0 });
    const functions = (
      await admin.get<{ list: { id: string; children: { id: string }[] }[] }>(`${base}/Selector`, {
        type: '2',
      })
    ).data!.list;
    expect(functions.map((c) => c.id)).toEqual(['2']);
    const ids = functions[0]!.children.map((c) => c.id);
    expect(ids).toContain(fn);
    expect(ids).not.toContain(off);
    expect(ids).not.toContain(flow);
    const all = (await admin.get<{ list: { id: string }[] }>(`${base}/Selector`, { type: '' })).data!.list;
    expect(all.map((c) => c.id)).toEqual(['1', '2']);
    expect((await admin.post(`${base}/getListOptions`, { ids: [fn, 'ghost', flow] })).data).toEqual([
      { id: fn, fullName: '功能打印' },
      { id: flow, fullName: '流程打印' },
    ]);
    expect((await admin.post(`${base}/getListOptions`, { ids: `${flow},${fn}` })).data).toEqual([
      { id: flow, fullName: '流程打印' },
      { id: fn, fullName: '功能打印' },
    ]);
  });

  test('a template exports to a .bp file; importing it skips or appends the duplicate; a bad file adds nothing', async () => {
    const id = await create({ enCode: 'export.print', fullName: '导出打印' });
    const exported = await admin.get<{ url: string }>(`${base}/${id}/Actions/Export`);
    const download = await t.app.inject({ method: 'GET', url: exported.data!.url });
    expect(download.headers['content-disposition']).toMatch(/\.bp/);
    const content = download.body;
    expect(JSON.parse(content)).toMatchObject({ format: 'platform.printDev', template: { enCode: 'export.print' } });
    const importFile = (fields: Record<string, string>, file: { name: string; content: string }) =>
      admin.call<{ id: string; skipped: boolean }>({
        method: 'POST',
        url: `${base}/Actions/Import`,
        ...multipart(fields, file),
      });
    expect(await importFile({ type: '0' }, { name: 'a.bp', content })).toMatchObject({
      code: 200,
      msg: '编码已存在，已跳过',
      data: { skipped: true },
    });
    const appended = await importFile({ type: '1' }, { name: 'a.bp', content });
    expect(appended).toMatchObject({ code: 200, msg: '导入成功', data: { skipped: false } });
    expect((await admin.get(`${base}/${appended.data!.id}`)).data).toMatchObject({
      enCode: expect.stringMatching(/^export\.print\.[a-z0-9]{5}$/),
      printTemplate: template().printTemplate,
    });
    const before = (await admin.get<{ pagination: { total: number } }>(base)).data!.pagination.total;
    expect(await importFile({ type: '0' }, { name: 'a.txt', content })).toMatchObject({
      code: 400,
      msg: '请选择.bp类型的文件',
    });
    expect(await importFile({ type: '0' }, { name: 'a.bp', content: '{x' })).toMatchObject({
      code: 400,
      msg: '导入文件格式错误：JSON',
    });
    const wrongCategory = JSON.stringify({
      ...JSON.parse(content),
      template: { ...JSON.parse(content).template, enCode: 'other.print', category: 'nope' },
    });
    expect(await importFile({ type: '0' }, { name: 'a.bp', content: wrongCategory })).toMatchObject({
      code: 400,
      msg: '模板分类不存在：nope',
    });
    expect((await admin.get<{ pagination: { total: number } }>(base)).data!.pagination.total).toBe(before);
  });
});

describe('print templates: printing', () => {
  test('Data and BatchData answer the template and each record, options by label and sub-table rows', async () => {
    const id = await create({ enCode: 'data.print' });
    const first = await saveRecord(admin, { name: '订单一', level: '2', items: [{ item: '笔', count: 3 }] });
    const second = await saveRecord(admin, {
      name: '订单二',
      level: '1',
      items: [
        { item: '纸', count: 1 },
        { item: '墨', count: 2 },
      ],
    });
    const one = await admin.get<Record<string, unknown>>(`${base}/Data`, { id, formId: first });
    expect(one).toMatchObject({
      code: 200,
      data: {
        printTemplate: template().printTemplate,
        printData: { id: first, name: '订单一', level: '加急', items: [{ item: '笔', count: 3 }] },
        operatorRecordList: [],
      },
    });
    const batch = await admin.get<{ printData: { name: string; items: unknown[] } }[]>(`${base}/BatchData`, {
      id,
      formId: `${second},${first}`,
    });
    expect(batch.data!.map((d) => [d.printData.name, d.printData.items.length])).toEqual([
      ['订单二', 2],
      ['订单一', 1],
    ]);
    expect(await admin.get(`${base}/Data`, { id, formId: 'ghost' })).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.get(`${base}/Data`, { id: 'ghost', formId: first })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await admin.get(`${base}/BatchData`, { id, formId: `${first},ghost` })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await admin.get(`${base}/BatchData`, { id, formId: ',' })).toMatchObject({
      code: 400,
      msg: '请选择一条数据',
    });
    const noForm = await create({ enCode: 'noform.print', formId: null });
    expect(await admin.get(`${base}/Data`, { id: noForm, formId: first })).toMatchObject({
      code: 400,
      msg: '请选择表单',
    });
  });

  test('a clerk prints only the records their menu on the form lets them read, and logs the print', async () => {
    const id = await create({ enCode: 'clerk.print', fullName: '职员打印' });
    const clerk = await clerkOfForm(t, admin, formId, 'clerk.print');
    const mine = await saveRecord(clerk, { name: '职员的', level: '1', items: [] });
    const others = await saveRecord(admin, { name: '别人的', level: '1', items: [] });

    expect(
      (await clerk.get<{ printData: { name: string } }>(`${base}/Data`, { id, formId: mine })).data!.printData,
    ).toMatchObject({ name: '职员的' });
    expect(await clerk.get(`${base}/Data`, { id, formId: others })).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await clerk.get(`${base}/BatchData`, { id, formId: `${mine},${others}` })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    // The designer's calls need the print-template menu.
    expect(await clerk.get(base)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await clerk.post(`${base}/Fields`, { formId })).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await clerk.get(`${logBase}/${id}`)).toMatchObject({ code: 403, msg: '暂无权限' });
    // Someone without the form's menu reads no records at all.
    await t.createUser({ account: 'stranger.print' });
    const stranger = await t.signIn('stranger.print', 'Passw0rd');
    expect(await stranger.get(`${base}/Data`, { id, formId: mine })).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await stranger.get(`${base}/BatchData`, { id, formId: mine })).toMatchObject({ code: 403, msg: '暂无权限' });

    const before = Date.now();
    expect(await clerk.post(`${logBase}/save`, { printTitle: '职员打印', printNum: 2, printId: id })).toMatchObject({
      code: 200,
      msg: '保存成功',
    });
    expect(await clerk.post(`${logBase}/save`, { printTitle: '职员打印', printId: 'ghost' })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await clerk.post(`${logBase}/save`, { printTitle: '', printId: id })).toMatchObject({
      code: 400,
      msg: '字段 printTitle 不能少于 1 个字符',
    });
    const log = await admin.get<{ list: Record<string, unknown>[]; pagination: { total: number } }>(
      `${logBase}/${id}`,
      { startTime: String(before - 1000), endTime: '' },
    );
    expect(log.data!.list).toEqual([
      {
        id: expect.any(String),
        printTitle: '职员打印',
        printMan: 'clerk.print/clerk.print',
        printTime: expect.any(Number),
        printNum: 2,
      },
    ]);
    expect(log.data!.list[0]!.printTime as number).toBeGreaterThanOrEqual(before - 1000);
    const later = await admin.get<{ list: unknown[] }>(`${logBase}/${id}`, { startTime: String(Date.now() + 60_000) });
    expect(later.data!.list).toEqual([]);
    expect(await admin.get(`${logBase}/ghost`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });
});
