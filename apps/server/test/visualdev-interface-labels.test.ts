import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interfaceCalls, interfaceCategory, staticInterface } from './helpers/data-interfaces.ts';
import { field } from './helpers/form-fields.ts';
import { downloadSheetCells } from './helpers/sheets.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 18: fields whose values a data interface names (a choice field of dataType 'dynamic', a
 * popup select, a table select) are shown by the interface's labels in the list, the detail view,
 * the printout's source and the export, read on the server once per page, not once per row.
 */

const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
const interfaces = '/api/system/DataInterface';
let t: TestApp;
let admin: Client;
let customers: string;
let grades: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const category = await interfaceCategory(t);
  const create = async (body: object) => {
    const reply = await admin.post<{ id: string }>(interfaces, body);
    expect(reply, JSON.stringify(reply)).toMatchObject({ code: 200 });
    return reply.data!.id;
  };
  customers = await create(
    staticInterface('vd.customers', category, [
      { code: 'c1', title: '星河公司' },
      { code: 'c2', title: '远山贸易' },
      { code: 'c3', title: '东海物流' },
    ]),
  );
  grades = await create(
    staticInterface('vd.grades', category, [
      { id: 'g1', fullName: '甲等' },
      { id: 'g2', fullName: '乙等' },
    ]),
  );
});
afterAll(() => t.close());

const form = () => ({
  fields: [
    field('input', 'name', '名称'),
    field(
      'popupSelect',
      'customer',
      '客户',
      {},
      { interfaceId: customers, propsValue: 'code', relationField: 'title' },
    ),
    field(
      'popupTableSelect',
      'partners',
      '伙伴',
      {},
      { interfaceId: customers, propsValue: 'code', relationField: 'title', multiple: true },
    ),
    field(
      'select',
      'grade',
      '等级',
      { dataType: 'dynamic', propsUrl: grades },
      { props: { value: 'id', label: 'fullName' } },
    ),
    {
      __vModel__: 'lines',
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [
          field(
            'popupSelect',
            'lineCustomer',
            '行客户',
            {},
            { interfaceId: customers, propsValue: 'code', relationField: 'title' },
          ),
        ],
      },
    },
  ],
});
const columns = ['name', 'customer', 'partners', 'grade'].map((prop) => ({ prop, label: prop }));

async function released(enCode: string, list: object = {}) {
  const created = await admin.post<{ id: string }>(base, {
    fullName: enCode,
    enCode,
    webType: 2,
    formData: JSON.stringify(form()),
    columnData: JSON.stringify({ columnList: columns, defaultSidx: 'name', ...list }),
  });
  expect(created).toMatchObject({ code: 200 });
  const id = created.data!.id;
  expect(await admin.post(`${base}/${id}/Actions/Release`)).toMatchObject({ code: 200 });
  return id;
}
const add = async (modelId: string, data: object) => {
  const reply = await admin.post<{ id: string }>(`${records}/${modelId}`, { data: JSON.stringify(data) });
  expect(reply).toMatchObject({ code: 200 });
  return reply.data!.id;
};
const list = async (modelId: string) =>
  (await admin.post<{ list: Record<string, unknown>[] }>(`${records}/${modelId}/List`, {})).data!.list;

const sheetRows = (url: string) => downloadSheetCells(t, url);

describe('labels from data interfaces', () => {
  test('list, detail, printout source and export name the values by the interface; one call per field for the page', async () => {
    const modelId = await released('interface.labels');
    const one = await add(modelId, {
      name: 'A',
      customer: 'c1',
      partners: ['c2', 'c3'],
      grade: 'g2',
      lines: [{ lineCustomer: 'c3' }],
    });
    await add(modelId, { name: 'B', customer: 'c2', partners: [], grade: 'g1', lines: [] });
    await add(modelId, { name: 'C', customer: 'c1', grade: 'g9', lines: [] });

    // The list: popup selects by label, their ids beside them (admin.md 3.12); a choice field by its
    // label too (the 3.6 client prints the list as given), an unknown value as stored. One call for
    // the page per field.
    await t.app.dataInterfaces.log.flush();
    const before = await interfaceCalls(t, customers);
    const rows = await list(modelId);
    await t.app.dataInterfaces.log.flush();
    expect(rows.map((r) => [r.name, r.customer, r.customer_id, r.partners, r.partners_id, r.grade])).toEqual([
      ['A', '星河公司', 'c1', '远山贸易,东海物流', ['c2', 'c3'], '乙等'],
      ['B', '远山贸易', 'c2', '', [], '甲等'],
      ['C', '星河公司', 'c1', null, null, 'g9'],
    ]);
    // Two popup fields on one interface: two calls, whatever the number of rows.
    expect((await interfaceCalls(t, customers)) - before).toBe(2);

    // The form's values stay the stored ones.
    const info = await admin.get<{ data: string }>(`${records}/${modelId}/${one}`);
    expect(JSON.parse(info.data!.data)).toMatchObject({ customer: 'c1', partners: ['c2', 'c3'], grade: 'g2' });

    // The detail view and what printing reads: labels, sub-table cells too.
    const detail = await admin.get<{ data: string }>(`${records}/${modelId}/${one}/DataChange`);
    expect(JSON.parse(detail.data!.data)).toMatchObject({
      customer: '星河公司',
      partners: '远山贸易,东海物流',
      grade: '乙等',
      lines: [{ lineCustomer: '东海物流' }],
    });

    // The export: labels; a value the interface does not hold stays as stored.
    const exported = await admin.post<{ url: string }>(`${records}/${modelId}/Actions/ExportData`, { dataType: 1 });
    expect(exported).toMatchObject({ code: 200 });
    expect(await sheetRows(exported.data!.url)).toEqual([
      ['名称', '客户', '伙伴', '等级'],
      ['A', '星河公司', '远山贸易,东海物流', '乙等'],
      ['B', '远山贸易', '', '甲等'],
      ['C', '星河公司', '', 'g9'],
    ]);
  });

  test('a list edited in place keeps the stored ids and answers the labels beside them; a disabled interface leaves ids', async () => {
    const modelId = await released('interface.inline', { type: 4 });
    await add(modelId, { name: 'A', customer: 'c2', partners: ['c1'] });
    expect((await list(modelId)).map((r) => [r.customer, r.customer_name, r.partners, r.partners_name])).toEqual([
      ['c2', '远山贸易', ['c1'], '星河公司'],
    ]);

    // Switched off, the interface names nothing: the list still answers, with the stored values.
    expect(await admin.put(`${interfaces}/${customers}/Actions/State`)).toMatchObject({ code: 200 });
    try {
      expect((await list(modelId)).map((r) => [r.customer, r.customer_name])).toEqual([['c2', 'c2']]);
    } finally {
      expect(await admin.put(`${interfaces}/${customers}/Actions/State`)).toMatchObject({ code: 200 });
    }
  });
});
