import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OauthRepository } from '../src/modules/oauth/oauth.repository.ts';
import { field } from './helpers/form-fields.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * What a generated form's pages ask of the server beyond a plain list: grouped lists
 * (columnData.type 3 by groupField), tree tables (type 5 by parentField), and the short link's
 * public form and list (/formShortLink).
 */

const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
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

  test('a list with a tree beside it (type 2) lists the records whose related field equals the chosen node or one below it', async () => {
    // The search form would take two values of this field as a range: the tree's choice is matched exactly.
    const searchList = [{ prop: 'parent', label: '上级', searchType: 3 }];
    const id = await released('tree.panel', {
      type: 2,
      treeDataSource: 'dictionary',
      treeDictionary: 'regions',
      treeRelation: 'parent',
      searchList,
      defaultSidx: 'name',
    });
    const plain = await released('tree.panel.off', { treeRelation: 'parent', searchList, defaultSidx: 'name' });
    for (const model of [id, plain]) {
      await add(model, { name: 'A', parent: 'east' });
      await add(model, { name: 'B', parent: 'sh' });
      await add(model, { name: 'C', parent: 'east-x' });
      await add(model, { name: 'D', parent: 'north' });
    }
    const names = async (model: string, query: object) =>
      (await list(model, { queryJson: JSON.stringify(query) })).data!.list.map((r) => r.name);
    expect(await names(id, { parent: ['east', 'sh'] })).toEqual(['A', 'B']);
    expect(await names(id, { parent: ['east'], name: 'A' })).toEqual(['A']);
    // Another list type searches the field as its search form says.
    expect(await names(plain, { parent: ['east', 'sh'] })).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('short link', () => {
  const link = '/api/visualdev/ShortLink';
  const settings = {
    formUse: 1,
    formPassUse: 0,
    columnUse: 1,
    columnPassUse: 1,
    columnPassword: 'open sesame',
    columnText: ['name'],
  };

  /** Shows the image captcha under `key` (as the page does), then fixes its text so the test can answer it. */
  const captcha = async (key: string) => {
    expect((await t.app.inject({ method: 'GET', url: `/api/file/ImageCode/${key}` })).statusCode).toBe(200);
    await new OauthRepository(t.app.db).putCode('captcha', key, 'K7pQ', 60_000);
    return { timestamp: key, code: 'k7pq' };
  };

  test('nothing is public until enabled; the form then takes records checked as any create, owned by nobody', async () => {
    const id = await released('link.form', { searchList: [{ prop: 'region', label: '区域', searchType: 1 }] });
    const anonymous = t.anonymous;
    const closed = { code: 400, msg: '外链未开启' };
    expect(await anonymous.get(`${link}/${id}/Config`, { type: 'form' })).toMatchObject(closed);
    expect(
      await anonymous.post(`${link}/${id}`, { data: JSON.stringify({ name: 'x' }), ...(await captcha('c0')) }),
    ).toMatchObject(closed);
    expect(await anonymous.post(`${link}/${id}/ListLink`, {})).toMatchObject(closed);
    // Setting it is the designer's; nobody else reads or changes it.
    expect(await anonymous.put(`${link}/${id}`, settings)).toMatchObject({ code: 602 });
    expect(await admin.put(`${link}/${id}`, { ...settings, columnPassword: '' })).toMatchObject({
      code: 400,
      msg: '请设置外链密码',
    });
    expect(await admin.put(`${link}/${id}`, settings)).toMatchObject({ code: 200 });
    const info = await admin.get<Record<string, unknown>>(`${link}/${id}`);
    expect(info.data).toMatchObject({ formUse: 1, columnPassUse: 1, hasColumnPassword: true, columnText: ['name'] });
    expect(info.data).not.toHaveProperty('columnPassword');

    const config = await anonymous.get<{ formData: string; passUse: number }>(`${link}/${id}/Config`, { type: 'form' });
    expect(config.data).toMatchObject({ fullName: 'link.form', passUse: 0 });
    expect(JSON.parse(config.data!.formData).fields).toHaveLength(3);
    expect(
      await anonymous.post(`${link}/${id}`, { data: JSON.stringify({ region: '1' }), ...(await captcha('c1')) }),
    ).toMatchObject({ code: 400, msg: '名称不能为空' });
    // Every public submit answers the image captcha, once: none, a wrong one and a used one are refused.
    const visitor = { data: JSON.stringify({ name: '访客', region: '2' }) };
    expect(await anonymous.post(`${link}/${id}`, visitor)).toMatchObject({ code: 400, msg: '请输入验证码' });
    expect(
      await anonymous.post(`${link}/${id}`, { ...visitor, ...(await captcha('c2')), code: 'WRONG' }),
    ).toMatchObject({ code: 400, msg: '验证码错误或已过期，请重新输入' });
    const answered = await captcha('c3');
    const saved = await anonymous.post<{ id: string }>(`${link}/${id}`, { ...visitor, ...answered });
    expect(saved).toMatchObject({ code: 200, msg: '提交成功' });
    expect(await anonymous.post(`${link}/${id}`, { ...visitor, ...answered })).toMatchObject({
      code: 400,
      msg: '验证码错误或已过期，请重新输入',
    });
    const stored = await admin.get<{ data: string }>(`${records}/${id}/${saved.data!.id}`);
    expect(JSON.parse(stored.data!.data)).toMatchObject({ name: '访客', region: '2' });

    // The list: only behind its password, only the shown fields.
    const locked = await anonymous.get<{ formData: string; passUse: number }>(`${link}/${id}/Config`, { type: 'list' });
    expect(locked.data).toMatchObject({ passUse: 1, formData: '', columnData: '' });
    expect(await anonymous.post(`${link}/${id}/checkPwd`, { type: 'list', password: 'guess' })).toMatchObject({
      code: 400,
      msg: '密码错误',
    });
    expect(await anonymous.post(`${link}/${id}/ListLink`, { password: 'guess' })).toMatchObject({ code: 400 });
    expect(await anonymous.post(`${link}/${id}/checkPwd`, { type: 'list', password: 'open sesame' })).toMatchObject({
      code: 200,
    });
    const opened = await anonymous.get<{ columnData: string }>(`${link}/${id}/Config`, {
      type: 'list',
      password: 'open sesame',
    });
    expect(JSON.parse(opened.data!.columnData)).toMatchObject({ columnList: [{ prop: 'name' }], searchList: [] });
    const rows = await anonymous.post<{ list: Record<string, unknown>[] }>(`${link}/${id}/ListLink`, {
      password: 'open sesame',
    });
    expect(rows.data!.list).toEqual([{ id: saved.data!.id, flowState: 0, name: '访客' }]);

    // Switched off again: refused at once.
    expect(await admin.put(`${link}/${id}`, { ...settings, formUse: 0 })).toMatchObject({ code: 200 });
    expect(
      await anonymous.post(`${link}/${id}`, { data: JSON.stringify({ name: 'y' }), ...(await captcha('c4')) }),
    ).toMatchObject(closed);
  });
});
