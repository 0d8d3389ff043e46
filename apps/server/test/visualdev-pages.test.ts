import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { field } from './helpers/form-fields.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

/**
 * What a generated form's list page asks of the server beyond a plain list: grouped lists
 * (columnData.type 3 by groupField) and tree tables (type 5 by parentField).
 */

const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn();
});
afterAll(() => t.close());

const options = [
  { id: '1', fullName: '华东' },
  { id: '2', fullName: '华北' },
];
const form = {
  fields: [
    field('input', 'name', '名称', { required: true }),
    field('select', 'region', '区域', {}, { options }),
    field('input', 'parent', '上级'),
  ],
};

async function released(enCode: string, list: object) {
  const created = await admin.post<{ id: string }>(base, {
    fullName: enCode,
    enCode,
    webType: 2,
    formData: JSON.stringify(form),
    columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }], sort: 'asc', ...list }),
  });
  const id = created.data!.id;
  expect(await admin.post(`${base}/${id}/Actions/Release`)).toMatchObject({ code: 200 });
  return id;
}
const add = async (modelId: string, data: object) =>
  (await admin.post<{ id: string }>(`${records}/${modelId}`, { data: JSON.stringify(data) })).data!.id;
type Row = { id: string; name?: string; region?: string; top?: boolean; children?: Row[] };
const list = (modelId: string, body: object = {}) =>
  admin.post<{ list: Row[]; pagination: { total: number } }>(`${records}/${modelId}/List`, body);
const shape = (rows: Row[]): unknown[] =>
  rows.map((r) => (r.children ? { [r.name ?? r.region ?? '']: shape(r.children) } : r.name));

describe('list types', () => {
  test('a grouped list answers one head row per value of the group field, labelled, with the page’s records under it', async () => {
    const id = await released('grouped.list', { type: 3, groupField: 'region', defaultSidx: 'name' });
    await add(id, { name: 'A', region: '1' });
    await add(id, { name: 'B', region: '2' });
    await add(id, { name: 'C', region: '1' });
    await add(id, { name: 'D' });
    const answer = await list(id);
    expect(answer.data!.pagination.total).toBe(4);
    expect(
      answer.data!.list.map((g) => ({ top: g.top, region: g.region, names: g.children?.map((r) => r.name) })),
    ).toEqual([
      { top: true, region: '华东', names: ['A', 'C'] },
      { top: true, region: '华北', names: ['B'] },
      { top: true, region: '', names: ['D'] },
    ]);
    // Paging counts records, and a group split by a page boundary appears on both pages.
    const second = await list(id, { currentPage: 2, pageSize: 2 });
    expect(second.data!.list.map((g) => g.children?.map((r) => r.name))).toEqual([['B'], ['D']]);
  });

  test('a tree table pages its top records and nests the descendants; a search lists the matches themselves', async () => {
    const id = await released('tree.list', { type: 5, parentField: 'parent', defaultSidx: 'name' });
    const root = await add(id, { name: '总部' });
    const branch = await add(id, { name: '分部', parent: root });
    await add(id, { name: '小组', parent: branch });
    await add(id, { name: '办公室', parent: root });
    await add(id, { name: '独立' });
    const answer = await list(id);
    expect(answer.data!.pagination.total).toBe(2);
    expect(answer.data!.list.map((r) => r.name).sort()).toEqual(['总部', '独立'].sort());
    const top = answer.data!.list.find((r) => r.name === '总部')!;
    expect(
      top
        .children!.map((c) => ({ name: c.name, children: c.children?.map((g) => g.name) }))
        .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    ).toEqual(
      [
        { name: '分部', children: ['小组'] },
        { name: '办公室', children: undefined },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    const found = await list(id, { queryJson: JSON.stringify({ name: '小组' }) });
    expect(shape(found.data!.list)).toEqual(['小组']);
  });
});
