import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { field, itemsTable, orderFields } from './helpers/form-fields.ts';
import { downloadSheet, sheet, uploadSheet } from './helpers/sheets.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * A generated form's records through the generic import wizard (protocol-admin.md 6 under
 * `/api/visualdev/OnlineDev/{modelId}`): the definition's columns, the checks of create, one
 * transaction per batch, failed rows with their numbers and nothing of them stored.
 */

const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;
let modelId: string;

const options = [
  { id: '1', fullName: '普通' },
  { id: '2', fullName: '加急' },
];
const form = {
  fields: [
    ...orderFields(options),
    field('uploadFile', 'files', '附件'),
    field('createUser', 'creator', '创建人'),
    itemsTable,
  ],
};
const header = ['名称', '手机', '单价', '级别', '标签', '日期', '启用', '明细-物品', '明细-数量'];

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
    fullName: '导入订单',
    enCode: 'import.orders',
    webType: 2,
    formData: JSON.stringify(form),
    columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
  });
  modelId = created.data!.id;
  expect(await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).toMatchObject({ code: 200 });
  expect(await admin.post(`${records}/${modelId}`, { data: JSON.stringify({ name: '已有' }) })).toMatchObject({
    code: 200,
  });
});
afterAll(() => t.close());

const upload = async (rows: (string | number)[][], names = header) => {
  const answer = await uploadSheet(admin, `${records}/${modelId}/Uploader`, await sheet(rows, names), 'orders.xlsx');
  expect(answer).toMatchObject({ code: 200 });
  return answer.data!.name;
};
const names = async () =>
  (await admin.post<{ list: { name: string }[] }>(`${records}/${modelId}/List`, { pageSize: 100, sidx: 'name' }))
    .data!.list.map((r) => r.name)
    .sort();

describe('record import', () => {
  test('the template has the typed fields and the sub-table’s columns; files and server-filled fields are left out', async () => {
    const link = await admin.get<{ url: string }>(`${records}/${modelId}/TemplateDownload`);
    expect(link).toMatchObject({ code: 200 });
    const rows = await downloadSheet(t, link.data!.url);
    expect(rows[0]).toEqual(header);
    expect(rows[1]?.slice(2, 5)).toEqual(['1', '普通', '普通']);
  });

  test('preview names every cell’s problem as create would: required, regList, unique, options, numbers', async () => {
    const fileName = await upload([
      ['', '13800000000', '1', '普通', '', '', '', '', ''],
      ['甲', '123', '-1', '特急', '', '明天', '', '', ''],
      ['已有', '', '', '', '', '', '', '', ''],
      ['乙', '', '', '', '', '', '', '螺丝', '3'],
      ['乙', '', '', '', '', '', '', '', ''],
    ]);
    const preview = await admin.get<{
      headerRow: { id: string; fullName: string; jnpfKey: string; required: boolean }[];
      dataRow: Record<string, string>[];
      cellErrors: Record<string, string>[];
    }>(`${records}/${modelId}/ImportPreview`, { fileName });
    expect(preview).toMatchObject({ code: 200 });
    expect(preview.data!.headerRow.map((h) => h.id)).toEqual([
      'name',
      'phone',
      'price',
      'level',
      'tags',
      'day',
      'enabled',
      'items-item',
      'items-count',
    ]);
    expect(preview.data!.headerRow[3]).toMatchObject({ fullName: '级别', jnpfKey: 'select' });
    // The wizard marks required columns with "*": the record's name and the sub-table's 物品.
    expect(preview.data!.headerRow.filter((h) => h.required).map((h) => h.id)).toEqual(['name', 'items-item']);
    expect(preview.data!.cellErrors).toEqual([
      { name: '名称不能为空' },
      { phone: '手机：请正确输入手机号', price: '单价不能小于0', level: '级别不存在：特急', day: '日期格式不正确' },
      { name: '名称不能重复' },
      {},
      { name: '名称在文件中重复' },
    ]);
  });

  test('good rows go in with their sub-table lines; bad rows come back numbered and nothing of them is stored', async () => {
    const fileName = await upload([
      ['丙', '13800000001', '12.5', '加急', '普通,加急', '2024-01-15', '否', '螺丝', '3'],
      ['', '', '', '', '', '', '', '螺母', '4'],
      ['丁', '12', '', '', '', '', '', '垫片', '1'],
      ['', '', '', '', '', '', '', '弹簧', ''],
      ['戊', '', '', '普通', '', '', '', '', ''],
      ['己', '', '', '', '', '', '', '', '5'],
    ]);
    const preview = await admin.get<{ dataRow: Record<string, string>[] }>(`${records}/${modelId}/ImportPreview`, {
      fileName,
    });
    const result = await admin.post<{
      resultType: number;
      snum: number;
      fnum: number;
      failResult: Record<string, string>[];
    }>(`${records}/${modelId}/ImportData`, { list: preview.data!.dataRow });
    // Counted in records: 丙 (two sheet rows) and 戊 in; 丁 (two rows) and 己 out.
    expect(result).toMatchObject({ code: 200, msg: '导入完成：成功2条，失败2条' });
    expect(result.data).toMatchObject({ resultType: 1, snum: 2, fnum: 2 });
    expect(result.data!.failResult.map((r) => r.errorsInfo)).toEqual([
      '第3行：手机：请正确输入手机号',
      '第4行：同一条记录的其他行有误',
      '第6行：明细(1).物品不能为空',
    ]);
    expect(await names()).toEqual(['丙', '戊', '已有'].sort());

    const list = await admin.post<{ list: { id: string; name: string }[] }>(`${records}/${modelId}/List`, {
      queryJson: JSON.stringify({ name: '丙' }),
    });
    const id = list.data!.list.find((r) => r.name === '丙')!.id;
    const info = await admin.get<{ data: string }>(`${records}/${modelId}/${id}`);
    expect(JSON.parse(info.data!.data)).toMatchObject({
      name: '丙',
      price: 12.5,
      level: '2',
      tags: ['1', '2'],
      day: new Date(2024, 0, 15).getTime(),
      enabled: 0,
      creator: expect.stringContaining('admin'),
      items: [
        { item: '螺丝', count: 3 },
        { item: '螺母', count: 4 },
      ],
    });
  });

  test('an import of bad rows only changes nothing; an empty list is refused', async () => {
    const before = await names();
    const result = await admin.post<{ snum: number; fnum: number; failResult: Record<string, string>[] }>(
      `${records}/${modelId}/ImportData`,
      { list: [{ name: '丙' }, { name: '' }, { 'items-item': '孤行' }] },
    );
    // Three rows, two records: the last row continues the second.
    expect(result.data).toMatchObject({ snum: 0, fnum: 2 });
    expect(result.data!.failResult.map((r) => r.errorsInfo)).toEqual([
      '第1行：名称不能重复',
      '第2行：名称不能为空',
      '第3行：同一条记录的其他行有误',
    ]);
    expect(await names()).toEqual(before);
    expect(await admin.post(`${records}/${modelId}/ImportData`, { list: [] })).toMatchObject({
      code: 400,
      msg: '导入数据为空',
    });
  });

  test('the 3.6 client’s upload without the model id, and a sheet read back from the export', async () => {
    const answer = await uploadSheet(admin, `${records}/Uploader`, await sheet([['庚']], ['名称']), 'a.xlsx');
    expect(answer).toMatchObject({ code: 200 });
    const exported = await admin.post<{ url: string }>(`${records}/${modelId}/Actions/ExportData`, {
      dataType: 1,
      selectKey: ['name', 'level', 'tags', 'day'],
    });
    const rows = await downloadSheet(t, exported.data!.url);
    expect(rows[0]).toEqual(['名称', '级别', '标签', '日期']);
  });
});
