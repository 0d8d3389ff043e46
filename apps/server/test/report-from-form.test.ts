import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dictionaryEntry } from './helpers/dictionaries.ts';
import { field } from './helpers/form-fields.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { grantMenu } from './helpers/grants.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * A report over a generated form in one step (issue 39): the form's group fields and measures
 * become a data interface over its records and a grouped sheet with subtotals, a total and a chart,
 * which each viewer reads within its own rights to the form.
 */

const base = '/api/ReportServer/Data';
let t: TestApp;
let admin: Client;
let category: string;
let ordersForm: string;

const regions = [
  { id: 'e', fullName: '华东' },
  { id: 'n', fullName: '华北' },
];

interface Preview {
  rows: { kind: string; cells: ({ text: string } | null)[] }[];
  merges: { row: number; col: number; rowSpan: number; colSpan: number }[];
  charts: { categories: string[]; series: { name: string; data: number[] }[] }[];
}
const texts = (page: Preview) => page.rows.map((row) => row.cells.map((cell) => cell?.text ?? ''));

const fromForm = (body: object = {}) =>
  admin.post<{ id: string }>(`${base}/Actions/FromForm`, {
    formId: ordersForm,
    fullName: '订单汇总',
    enCode: 'orders.summary',
    categoryId: category,
    groupBy: ['region', 'city'],
    measures: [
      { field: 'amount', aggregate: 'sum' },
      { field: 'note', aggregate: 'count' },
    ],
    ...body,
  });

const interfaceCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('dataInterface')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  category = await dictionaryEntry(t, 'ReportSort');
  const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
    fullName: '订单',
    enCode: 'report.orders',
    webType: 2,
    formData: JSON.stringify({
      fields: [
        field('select', 'region', '地区', {}, { options: regions }),
        field('input', 'city', '城市'),
        field('inputNumber', 'amount', '金额'),
        field('input', 'note', '备注'),
        field('userSelect', 'owner', '负责人'),
      ],
    }),
    columnData: JSON.stringify({ columnList: [{ prop: 'city', label: '城市' }] }),
  });
  expect(created, created.msg).toMatchObject({ code: 200 });
  ordersForm = created.data!.id;
  expect(await admin.post(`/api/visualdev/Base/${ordersForm}/Actions/Release`)).toMatchObject({ code: 200 });
  const orders = [
    { region: 'e', city: '上海', amount: 100, note: '首单' },
    { region: 'n', city: '北京', amount: 300, note: '' },
    { region: 'e', city: '杭州', amount: 50, note: '加急' },
    { region: 'e', city: '上海', amount: 200.5, note: '补货' },
  ];
  for (const order of orders)
    expect(await admin.post(`/api/visualdev/OnlineDev/${ordersForm}`, { data: JSON.stringify(order) })).toMatchObject({
      code: 200,
    });
});
afterAll(() => t.close());

describe('a report made from a form', () => {
  test('groups by the chosen fields with option names, subtotals, a total and a chart, ready to run', async () => {
    const made = await fromForm();
    expect(made, made.msg).toMatchObject({ code: 200 });
    const id = made.data!.id;
    const info = await admin.get<{ datasets: { interfaceId: string }[]; fullName: string }>(`${base}/${id}`);
    expect(info.data).toMatchObject({ fullName: '订单汇总', datasets: [{ interfaceId: expect.any(String) }] });

    const page = await admin.post<Preview>(`${base}/${id}/Actions/Preview`, {});
    expect(page, page.msg).toMatchObject({ code: 200 });
    expect(texts(page.data!)).toEqual([
      ['订单汇总'],
      ['地区', '城市', '金额（求和）', '备注（计数）'],
      ['华东', '上海', '100.00', '首单'],
      ['华东', '上海', '200.50', '补货'],
      ['华东', '杭州', '50.00', '加急'],
      ['地区小计', '', '350.50', '3'],
      ['华北', '北京', '300.00', ''],
      ['地区小计', '', '300.00', '0'],
      ['合计', '', '650.50', '3'],
    ]);
    // Grouped values repeat under their merges: 华东 spans its three rows, 上海 its two; the title spans the four columns.
    expect(page.data!.merges).toEqual(
      expect.arrayContaining([
        { row: 0, col: 0, rowSpan: 1, colSpan: 4 },
        { row: 2, col: 0, rowSpan: 3, colSpan: 1 },
        { row: 2, col: 1, rowSpan: 2, colSpan: 1 },
      ]),
    );
    expect(page.data!.charts[0]).toMatchObject({ categories: ['华东', '华北'], series: [{ data: [350.5, 300] }] });
  });

  test('fields the form lacks or that are no numbers are refused by name, and nothing is made', async () => {
    const before = await interfaceCount();
    expect(await fromForm({ enCode: 'bad.1', groupBy: ['nowhere'] })).toMatchObject({
      code: 400,
      msg: '表单没有可用于报表的字段：nowhere',
    });
    expect(await fromForm({ enCode: 'bad.2', measures: [{ field: 'note', aggregate: 'sum' }] })).toMatchObject({
      code: 400,
      msg: '备注不是数字字段，只能计数',
    });
    expect(await fromForm()).toMatchObject({ code: 400, msg: '编码已存在' });
    expect(await fromForm({ enCode: 'bad.3', categoryId: 'no-such-category' })).toMatchObject({
      code: 400,
      msg: '报表分类不存在：no-such-category',
    });
    expect(await fromForm({ enCode: 'bad.4', groupBy: [] })).toMatchObject({ code: 400, msg: /groupBy/ });
    expect(await interfaceCount()).toBe(before);
    const stored = await t.app.db.selectFrom('report').select('id').where('enCode', 'like', 'bad.%').execute();
    expect(stored).toEqual([]);
  });

  test('a viewer reads the form through the report only within its own rights to the form', async () => {
    const made = await fromForm({ enCode: 'orders.viewer' });
    const id = made.data!.id;
    const menu = await admin.post('/api/system/Menu', {
      systemId: await mainSystemId(t),
      parentId: '-1',
      fullName: '订单汇总',
      enCode: 'report.orders.viewer',
      type: 5,
      urlAddress: 'dataReport/orders.viewer',
      propertyJson: JSON.stringify({ moduleId: id }),
    });
    expect(menu, menu.msg).toMatchObject({ code: 200 });
    const userId = await t.createUser({ account: 'orders.viewer' });
    await grantMenu(t, admin, userId, 'report.orders.viewer');
    const viewer = await t.signIn('orders.viewer', 'Passw0rd');
    expect(await viewer.post(`${base}/${id}/Actions/Preview`, {})).toMatchObject({
      code: 400,
      msg: '无权读取表单“订单”的数据',
    });
    expect(await viewer.post(`${base}/Actions/FromForm`, { formId: ordersForm })).toMatchObject({
      code: 403,
      msg: '暂无权限',
    });
  });
});
