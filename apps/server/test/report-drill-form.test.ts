import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dictionaryEntry } from './helpers/dictionaries.ts';
import { field } from './helpers/form-fields.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * A drill-through to a generated form's records (issue 39): a cell names a released form and which
 * of the row's fields each of the form's fields must equal; saving checks the form and its fields,
 * and each output cell carries the clicked row's values, which the form's list takes as queryJson.
 */

const base = '/api/ReportServer/Data';
let t: TestApp;
let admin: Client;
let ordersForm: string;
let reportId: string;

interface Cell {
  text: string;
  drill?: unknown;
}
interface Preview {
  rows: { kind: string; cells: (Cell | null)[] }[];
}
interface Info {
  fullName: string;
  enCode: string;
  categoryId: string;
  parameters: unknown[];
  datasets: unknown[];
  layout: { rows: { kind: string; cells: (Record<string, unknown> | null)[] }[] };
}

/** The report as stored, its detail row's city cell (column B) given `drill`. */
async function withDrill(drill: object) {
  const info = (await admin.get<Info>(`${base}/${reportId}`)).data!;
  const rows = info.layout.rows.map((row) =>
    row.kind === 'detail' ? { ...row, cells: row.cells.map((c, col) => (col === 0 ? { ...c, drill } : c)) } : row,
  );
  const { fullName, enCode, categoryId, parameters, datasets } = info;
  return { fullName, enCode, categoryId, parameters, datasets, layout: { ...info.layout, rows } };
}

const formDrill = (fields: { name: string; field: string }[], formId = ordersForm) => ({
  target: 'form',
  formId,
  fields,
});

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
    fullName: '销售订单',
    enCode: 'drill.orders',
    webType: 2,
    formData: JSON.stringify({
      fields: [field('input', 'city', '城市'), field('inputNumber', 'amount', '金额'), field('input', 'note', '备注')],
    }),
    columnData: JSON.stringify({
      columnList: [
        { prop: 'city', label: '城市' },
        { prop: 'amount', label: '金额' },
        { prop: 'note', label: '备注' },
      ],
    }),
  });
  expect(created, created.msg).toMatchObject({ code: 200 });
  ordersForm = created.data!.id;
  expect(await admin.post(`/api/visualdev/Base/${ordersForm}/Actions/Release`)).toMatchObject({ code: 200 });
  for (const order of [
    { city: '上海', amount: 100, note: '首单' },
    { city: '杭州', amount: 50, note: '加急' },
    { city: '杭州', amount: 70, note: '补货' },
  ])
    expect(await admin.post(`/api/visualdev/OnlineDev/${ordersForm}`, { data: JSON.stringify(order) })).toMatchObject({
      code: 200,
    });
  const made = await admin.post<{ id: string }>(`${base}/Actions/FromForm`, {
    formId: ordersForm,
    fullName: '城市销售',
    enCode: 'drill.sales',
    categoryId: await dictionaryEntry(t, 'ReportSort'),
    groupBy: ['city'],
    measures: [{ field: 'amount', aggregate: 'sum' }],
  });
  expect(made, made.msg).toMatchObject({ code: 200 });
  reportId = made.data!.id;
});
afterAll(() => t.close());

describe('a drill-through to a form’s records', () => {
  test('is saved and read back, and each city cell carries its row’s values for the form’s list', async () => {
    const saved = await admin.put(`${base}/${reportId}`, await withDrill(formDrill([{ name: 'city', field: 'city' }])));
    expect(saved, saved.msg).toMatchObject({ code: 200 });
    const info = await admin.get<Info>(`${base}/${reportId}`);
    const detail = info.data!.layout.rows.find((r) => r.kind === 'detail');
    expect(detail?.cells[0]?.drill).toEqual(formDrill([{ name: 'city', field: 'city' }]));

    const page = await admin.post<Preview>(`${base}/${reportId}/Actions/Preview`, {});
    expect(page, page.msg).toMatchObject({ code: 200 });
    const drills = page.data!.rows.filter((r) => r.kind === 'detail').map((r) => [r.cells[0]?.text, r.cells[0]?.drill]);
    expect(drills).toEqual([
      ['上海', { target: 'form', formId: ordersForm, values: { city: '上海' } }],
      ['杭州', { target: 'form', formId: ordersForm, values: { city: '杭州' } }],
      ['杭州', { target: 'form', formId: ordersForm, values: { city: '杭州' } }],
    ]);

    // The viewer's dialog sends the values as the list's queryJson; the server filters by them.
    const list = await admin.post<{ list: { city: string; note: string }[] }>(
      `/api/visualdev/OnlineDev/${ordersForm}/List`,
      { currentPage: 1, pageSize: 20, menuId: '', sidx: '', queryJson: JSON.stringify({ city: ['杭州'] }) },
    );
    expect(list, list.msg).toMatchObject({ code: 200 });
    expect(list.data!.list.map((r) => r.note).sort()).toEqual(['加急', '补货']);
  });

  test('a report drill stored before form drills (no target) still saves and runs', async () => {
    const drill = { reportId, parameters: [] };
    expect(await admin.put(`${base}/${reportId}`, await withDrill(drill))).toMatchObject({ code: 200 });
    const page = await admin.post<Preview>(`${base}/${reportId}/Actions/Preview`, {});
    const first = page.data!.rows.find((r) => r.kind === 'detail');
    expect(first?.cells[0]?.drill).toEqual({ reportId, parameters: {} });
  });

  test('an unknown form or a field the form lacks is refused by cell and name, and nothing changes', async () => {
    const before = await admin.get<Info>(`${base}/${reportId}`);
    expect(
      await admin.put(`${base}/${reportId}`, await withDrill(formDrill([{ name: 'city', field: 'city' }], 'ghost'))),
    ).toMatchObject({ code: 400, msg: '单元格A3钻取的表单不存在或未发布：ghost' });
    expect(
      await admin.put(`${base}/${reportId}`, await withDrill(formDrill([{ name: 'nowhere', field: 'city' }]))),
    ).toMatchObject({ code: 400, msg: '单元格A3钻取的表单“销售订单”没有字段：nowhere' });
    const english = await t.app.inject({
      method: 'PUT',
      url: `${base}/${reportId}`,
      headers: { authorization: admin.token!, 'accept-language': 'en' },
      payload: await withDrill(formDrill([{ name: 'nowhere', field: 'city' }])),
    });
    expect(english.json()).toMatchObject({
      code: 400,
      msg: 'The form “销售订单” that cell A3 drills to has no field nowhere',
    });
    expect((await admin.get<Info>(`${base}/${reportId}`)).data).toEqual(before.data);
  });
});
