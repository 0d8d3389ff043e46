import type {
  DictionaryAllItem,
  DictionaryDataRow,
  DictionarySelectorNode,
  DictionaryTypeNode,
} from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { multipart } from './helpers/multipart.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

const types = '/api/system/DictionaryType';
const data = '/api/system/DictionaryData';
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

const category = (fields: Record<string, unknown> = {}) => ({
  parentId: '0',
  fullName: '测试分类',
  enCode: 'testType',
  isTree: 0,
  sortCode: 1,
  description: '',
  ...fields,
});
const entry = (dictionaryTypeId: string, fields: Record<string, unknown> = {}) => ({
  dictionaryTypeId,
  parentId: '0',
  fullName: '条目',
  enCode: 'e1',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  ...fields,
});
const created = async (url: string, body: object) => {
  const reply = await admin.post<{ id: string }>(url, body);
  expect(reply).toMatchObject({ code: 200, msg: '新建成功' });
  return reply.data!.id;
};
const all = async () => (await admin.get<{ list: DictionaryAllItem[] }>(`${data}/All`)).data!.list;
const listOf = async (typeId: string, query: Record<string, string> = {}) =>
  (await admin.get<{ list: DictionaryDataRow[] }>(`${data}/${typeId}`, query)).data!.list;

const importFile = (client: Client, fields: Record<string, string>, file?: { name: string; content: string }) =>
  client.call<{ categoryId: string; added: number }>({
    method: 'POST',
    url: `${data}/Actions/Import`,
    ...multipart(fields, file),
  });

describe('dictionary categories', () => {
  test('create, read, list as a tree, update (isTree stays), delete', async () => {
    const parent = await created(
      types,
      category({ enCode: 'cat.parent', fullName: '上级分类', isTree: '1', sortCode: '3' }),
    );
    const child = await created(types, category({ enCode: 'cat.child', fullName: '下级分类', parentId: parent }));
    expect((await admin.get(`${types}/${parent}`)).data).toEqual({
      id: parent,
      parentId: '0',
      fullName: '上级分类',
      enCode: 'cat.parent',
      isTree: 1,
      sortCode: 3,
      description: '',
    });
    const tree = (await admin.get<{ list: DictionaryTypeNode[] }>(types)).data!.list;
    const node = tree.find((n) => n.id === parent)!;
    expect(node.hasChildren).toBe(true);
    expect(node.children.map((c) => c.id)).toEqual([child]);
    expect(tree.find((n) => n.enCode === 'sex')).toBeTruthy();

    expect(
      await admin.put(
        `${types}/${parent}`,
        category({ enCode: 'cat.parent', fullName: '改名', isTree: 0, description: '说明' }),
      ),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await admin.get(`${types}/${parent}`)).data).toMatchObject({
      fullName: '改名',
      isTree: 1,
      description: '说明',
    });

    expect(await admin.delete(`${types}/${parent}`)).toMatchObject({
      code: 400,
      msg: '该分类下有子分类，请先删除子分类',
    });
    await created(data, entry(child));
    expect(await admin.delete(`${types}/${child}`)).toMatchObject({
      code: 400,
      msg: '该分类下有字典数据，请先删除字典数据',
    });
    const entryId = (await listOf(child))[0]!.id;
    expect(await admin.delete(`${data}/${entryId}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await admin.delete(`${types}/${child}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await admin.delete(`${types}/${parent}`)).toMatchObject({ code: 200 });
    expect(await admin.get(`${types}/${parent}`)).toMatchObject({ code: 400, msg: `字典分类不存在：${parent}` });
  });

  test("the parent picker starts at the top node '0' and leaves the edited category's subtree out", async () => {
    const a = await created(types, category({ enCode: 'sel.a' }));
    const b = await created(types, category({ enCode: 'sel.b', parentId: a }));
    const list = (await admin.get<{ list: DictionarySelectorNode[] }>(`${types}/Selector/0`)).data!.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: '0', fullName: '顶级节点' });
    expect(list[0]!.children.find((n) => n.id === a)?.children.map((n) => n.id)).toEqual([b]);
    const editing = (await admin.get<{ list: DictionarySelectorNode[] }>(`${types}/Selector/${a}`)).data!.list;
    expect(JSON.stringify(editing)).not.toContain(a);
    expect(await admin.put(`${types}/${a}`, category({ enCode: 'sel.a', parentId: b }))).toMatchObject({
      code: 400,
      msg: '上级不能是自己或自己的下级',
    });
  });

  test('bad input is refused with the form messages and changes nothing', async () => {
    const before = (await admin.get<{ list: DictionaryTypeNode[] }>(types)).data!.list.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: undefined }, '请输入名称'],
      [{ fullName: '' }, '请输入名称'],
      [{ fullName: 'x'.repeat(51) }, '名称最多为50个字符！'],
      [{ enCode: '' }, '请输入编码'],
      [{ enCode: 'c'.repeat(51) }, '编码最多为50个字符！'],
      [{ enCode: '.bad' }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ parentId: '' }, '上级菜单不能为空'],
      [{ parentId: 'nope' }, '上级不存在：nope'],
      [{ sortCode: 1_000_000 }, '字段 sortCode 不能大于 999999'],
      [{ isTree: 'yes' }, '字段 isTree 的类型应为 数字'],
      [{ enCode: 'SEX' }, '编码已存在'],
    ];
    for (const [fields, msg] of cases) {
      expect(await admin.post(types, category({ enCode: 'bad.one', ...fields }))).toMatchObject({ code: 400, msg });
    }
    const english = await admin.call({
      method: 'POST',
      url: types,
      payload: category({ fullName: '' }),
      headers: { 'accept-language': 'en' },
    });
    expect(english).toMatchObject({ code: 400, msg: 'please enter name' });
    expect((await admin.get<{ list: DictionaryTypeNode[] }>(types)).data!.list).toHaveLength(before);
    expect(await admin.put(`${types}/nope`, category())).toMatchObject({ code: 400, msg: '字典分类不存在：nope' });
    expect(await admin.delete(`${types}/nope`)).toMatchObject({ code: 400, msg: '字典分类不存在：nope' });
    expect(await admin.put(`${types}/1`, category())).toMatchObject({ code: 400, msg: '系统分类不能修改或删除' });
    expect(await admin.delete(`${types}/0`)).toMatchObject({ code: 400, msg: '系统分类不能修改或删除' });
  });
});

describe('dictionary entries', () => {
  test('a tree category lists its entries nested or flat, with keyword search keeping ancestors', async () => {
    const typeId = await created(types, category({ enCode: 'tree.cat', isTree: 1 }));
    const root = await created(data, entry(typeId, { enCode: 'root', fullName: '华东' }));
    // The picker's top node is the category itself: sent as a parent it means the top.
    const other = await created(
      data,
      entry(typeId, { enCode: 'other', fullName: '华南', parentId: typeId, sortCode: '2' }),
    );
    const leaf = await created(data, entry(typeId, { enCode: 'leaf', fullName: '上海', parentId: root }));
    const tree = await listOf(typeId, { isTree: '1' });
    expect(tree.map((r) => r.id)).toEqual([root, other]);
    expect(tree[0]).toMatchObject({ hasChildren: true, parentId: '0', dictionaryTypeId: typeId });
    expect(tree[0]!.children.map((r) => r.id)).toEqual([leaf]);
    expect((await listOf(typeId, { isTree: '0' })).map((r) => r.id)).toEqual(
      [root, leaf, other].sort((a, b) => (a === other ? 1 : b === other ? -1 : 0)),
    );
    const found = await listOf(typeId, { isTree: '1', keyword: '上海' });
    expect(found.map((r) => r.id)).toEqual([root]);
    expect(found[0]!.children.map((r) => r.id)).toEqual([leaf]);
    expect((await listOf(typeId, { isTree: '', keyword: 'LEAF' })).map((r) => r.id)).toEqual([leaf]);

    const selector = (
      await admin.get<{ list: DictionarySelectorNode[] }>(`${data}/${typeId}/Selector/0`, { isTree: '1' })
    ).data!.list;
    expect(selector).toHaveLength(1);
    expect(selector[0]).toMatchObject({ id: typeId, fullName: '测试分类' });
    expect(selector[0]!.children.map((n) => n.id)).toEqual([root, other]);
    const editingRoot = (await admin.get<{ list: DictionarySelectorNode[] }>(`${data}/${typeId}/Selector/${root}`))
      .data!.list;
    expect(editingRoot[0]!.children.map((n) => n.id)).toEqual([other]);

    expect(await admin.delete(`${data}/${root}`)).toMatchObject({ code: 400, msg: '该数据下有子数据，请先删除子数据' });
    expect(await admin.put(`${data}/${root}`, entry(typeId, { enCode: 'root', parentId: leaf }))).toMatchObject({
      code: 400,
      msg: '上级不能是自己或自己的下级',
    });
    expect((await admin.get(`${data}/${leaf}/Info`)).data).toEqual({
      id: leaf,
      dictionaryTypeId: typeId,
      parentId: root,
      fullName: '上海',
      enCode: 'leaf',
      sortCode: 0,
      enabledMark: 1,
      description: '',
    });
  });

  test('a flat category keeps every entry at the top; codes are unique per category without case', async () => {
    const typeId = await created(types, category({ enCode: 'flat.cat' }));
    const a = await created(data, entry(typeId, { enCode: 'A1' }));
    const b = await created(data, entry(typeId, { enCode: 'B1', parentId: a }));
    expect((await admin.get(`${data}/${b}/Info`)).data).toMatchObject({ parentId: '0' });
    expect(await admin.post(data, entry(typeId, { enCode: 'a1' }))).toMatchObject({ code: 400, msg: '编码已存在' });
    expect(await admin.put(`${data}/${b}`, entry(typeId, { enCode: 'a1' }))).toMatchObject({
      code: 400,
      msg: '编码已存在',
    });
    const other = await created(types, category({ enCode: 'flat.other' }));
    await created(data, entry(other, { enCode: 'A1' }));
    expect((await listOf(typeId, { isTree: '1' })).map((r) => r.hasChildren)).toEqual([false, false]);
  });

  test('bad entries are refused and change nothing', async () => {
    const typeId = await created(types, category({ enCode: 'bad.entries', isTree: 1 }));
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, '请输入名称'],
      [{ fullName: 'x'.repeat(51) }, '名称最多为50个字符！'],
      [{ enCode: undefined }, '请输入编码'],
      [{ enCode: 'c'.repeat(51) }, '编码最多为50个字符！'],
      [{ dictionaryTypeId: 'nope' }, '字典分类不存在：nope'],
      [{ parentId: 'nope' }, '上级不存在：nope'],
      [{ sortCode: -1 }, '字段 sortCode 不能小于 0'],
      [{ enabledMark: 2 }, '字段 enabledMark 的取值不在允许范围内'],
      [{ description: 'd'.repeat(501) }, '字段 description 不能超过 500 个字符'],
    ];
    for (const [fields, msg] of cases) {
      expect(await admin.post(data, entry(typeId, fields))).toMatchObject({ code: 400, msg });
    }
    expect(await listOf(typeId)).toEqual([]);
    expect(await admin.get(`${data}/nope`)).toMatchObject({ code: 400, msg: '字典分类不存在：nope' });
    expect(await admin.get(`${data}/nope/Info`)).toMatchObject({ code: 400, msg: '字典数据不存在：nope' });
    expect(await admin.put(`${data}/nope`, entry(typeId))).toMatchObject({ code: 400, msg: '字典数据不存在：nope' });
    expect(await admin.delete(`${data}/nope`)).toMatchObject({ code: 400, msg: '字典数据不存在：nope' });
    expect(await admin.put(`${data}/nope/Actions/State`)).toMatchObject({ code: 400, msg: '字典数据不存在：nope' });
  });

  test('state toggles, and every change shows in DictionaryData/All at once', async () => {
    const typeId = await created(types, category({ enCode: 'cached.cat', fullName: '缓存' }));
    const inAll = async () => (await all()).find((c) => c.id === typeId)?.dictionaryList.map((e) => e.fullName);
    expect(await inAll()).toEqual([]);
    const id = await created(data, entry(typeId, { fullName: '甲' }));
    expect(await inAll()).toEqual(['甲']);
    expect(await admin.put(`${data}/${id}`, entry(typeId, { fullName: '乙' }))).toMatchObject({ code: 200 });
    expect(await inAll()).toEqual(['乙']);
    expect(await admin.put(`${data}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '禁用成功' });
    expect(await inAll()).toEqual([]);
    expect((await admin.get(`${data}/${id}/Info`)).data).toMatchObject({ enabledMark: 0 });
    expect(await admin.put(`${data}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '启用成功' });
    expect(
      (await admin.get<{ list: { fullName: string }[] }>(`${data}/${typeId}/Data/Selector`)).data!.list.map(
        (e) => e.fullName,
      ),
    ).toEqual(['乙']);
    expect((await admin.get<{ list: unknown[] }>(`${data}/cached.cat/Data/Selector`)).data!.list).toHaveLength(1);
    await admin.delete(`${data}/${id}`);
    expect(await inAll()).toEqual([]);
    await admin.put(`${types}/${typeId}`, category({ enCode: 'cached.cat', fullName: '缓存改名' }));
    expect((await all()).find((c) => c.id === typeId)?.fullName).toBe('缓存改名');
  });

  test('other areas print names from the cache: a renamed sex entry shows in the user list', async () => {
    const sex = (await all()).find((c) => c.enCode === 'sex')!;
    const male = sex.dictionaryList.find((e) => e.enCode === '1')!;
    await t.createUser({ account: 'dictnames' });
    await t.app.db.updateTable('appUser').set({ gender: '1' }).where('account', '=', 'dictnames').execute();
    const genderOf = async () =>
      (
        await admin.get<{ list: { account: string; gender: string }[] }>('/api/permission/Users', {
          keyword: 'dictnames',
        })
      ).data!.list[0]?.gender;
    expect(await genderOf()).toBe('男');
    await admin.put(`${data}/${male.id}`, entry(sex.id, { enCode: '1', fullName: '男性' }));
    expect(await genderOf()).toBe('男性');
  });
});

describe('dictionary export and import', () => {
  test('export answers a url that downloads without authorization; import skips (0) or appends (1) duplicates', async () => {
    const typeId = await created(types, category({ enCode: 'move.cat', fullName: '迁移', isTree: 1 }));
    const parent = await created(data, entry(typeId, { enCode: 'p', fullName: '父' }));
    await created(data, entry(typeId, { enCode: 'c', fullName: '子', parentId: parent, enabledMark: 0 }));
    const exported = await admin.get<{ url: string }>(`${data}/${typeId}/Actions/Export`);
    expect(exported).toMatchObject({ code: 200 });
    const url = exported.data!.url;
    expect(url).toMatch(/^\/api\/file\/Generated\/[0-9a-f]{32}$/);
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('迁移.bdd'));
    const content = download.body;
    expect(JSON.parse(content)).toMatchObject({
      format: 'platform.dictionary',
      version: 1,
      category: { enCode: 'move.cat' },
    });
    // Another name (its last hex digit changed) is no file.
    const other = `${url.slice(0, -1)}${url.endsWith('0') ? '1' : '0'}`;
    expect((await t.app.inject({ method: 'GET', url: other })).json()).toMatchObject({ code: 400 });

    // Skip: the category exists with every entry, so nothing is added.
    const skipped = await importFile(admin, { type: '0' }, { name: 'x.bdd', content });
    expect(skipped).toMatchObject({ code: 200, msg: '导入成功', data: { categoryId: typeId, added: 0 } });
    // Skip adds what the category lacks, under the existing parent of the same code.
    await admin.delete(`${data}/${(await listOf(typeId, { isTree: '0' })).find((r) => r.enCode === 'c')!.id}`);
    expect((await importFile(admin, { type: '0' }, { name: 'x.bdd', content })).data).toMatchObject({ added: 1 });
    const again = await listOf(typeId, { isTree: '1' });
    expect(again.map((r) => r.id)).toEqual([parent]);
    expect(again[0]!.children.map((r) => [r.enCode, r.enabledMark])).toEqual([['c', 0]]);

    // Append: a copy of the category, its name and code with a random suffix, holding the entries.
    const appended = await importFile(admin, { type: '1' }, { name: 'x.BDD', content });
    expect(appended).toMatchObject({ code: 200, data: { added: 2 } });
    const copyId = appended.data!.categoryId;
    expect(copyId).not.toBe(typeId);
    const copy = (await admin.get<{ fullName: string; enCode: string; isTree: number }>(`${types}/${copyId}`)).data!;
    expect(copy.fullName).toMatch(/^迁移\.[a-z0-9]{5}$/);
    expect(copy.enCode).toMatch(/^move\.cat\.[a-z0-9]{5}$/);
    const copied = await listOf(copyId, { isTree: '1' });
    expect(copied.map((r) => r.fullName)).toEqual(['父']);
    expect(copied[0]!.children.map((r) => r.fullName)).toEqual(['子']);
    expect((await all()).find((c) => c.id === copyId)?.dictionaryList.map((e) => e.fullName)).toEqual(['父']);
  });

  test('a file that is not a .bdd, not valid, or without the duplicate choice is refused and changes nothing', async () => {
    const before = (await admin.get<{ list: DictionaryTypeNode[] }>(types)).data!.list.length;
    const good = JSON.stringify({
      format: 'platform.dictionary',
      version: 1,
      category: { id: '9', parentId: '0', fullName: '新的', enCode: 'fresh', isTree: 0, sortCode: 0, description: '' },
      entries: [
        { id: '1', parentId: '0', fullName: '一', enCode: 'one', sortCode: 0, enabledMark: 1, description: '' },
      ],
    });
    expect(await importFile(admin, { type: '0' }, { name: 'x.json', content: good })).toMatchObject({
      code: 400,
      msg: '请选择.bdd类型的文件',
    });
    expect(await importFile(admin, { type: '0' })).toMatchObject({ code: 400, msg: '请选择.bdd类型的文件' });
    expect(await importFile(admin, {}, { name: 'x.bdd', content: good })).toMatchObject({
      code: 400,
      msg: '请选择识别重复',
    });
    expect(await importFile(admin, { type: '2' }, { name: 'x.bdd', content: good })).toMatchObject({
      code: 400,
      msg: '请选择识别重复',
    });
    expect(await importFile(admin, { type: '1' }, { name: 'x.bdd', content: '{not json' })).toMatchObject({
      code: 400,
      msg: '导入文件格式错误：JSON',
    });
    const longName = good.replace('"一"', `"${'x'.repeat(51)}"`);
    expect(await importFile(admin, { type: '1' }, { name: 'x.bdd', content: longName })).toMatchObject({
      code: 400,
      msg: '导入文件格式错误：entries.0.fullName',
    });
    expect((await admin.get<{ list: DictionaryTypeNode[] }>(types)).data!.list).toHaveLength(before);
    expect(await importFile(admin, { type: '0' }, { name: 'x.bdd', content: good })).toMatchObject({
      code: 200,
      data: { added: 1 },
    });
  });

  test('someone without the menu grant is refused and changes nothing; pickers stay open to them', async () => {
    const typeId = await created(types, category({ enCode: 'guarded.cat' }));
    const id = await created(data, entry(typeId, { fullName: '原样' }));
    await t.createUser({ account: 'nodictionary', password: 'Passw0rd' });
    const plain = await t.signIn('nodictionary', 'Passw0rd');
    const refused = [
      await plain.get(types),
      await plain.get(`${types}/${typeId}`),
      await plain.post(types, category({ enCode: 'intruder' })),
      await plain.put(`${types}/${typeId}`, category({ enCode: 'guarded.cat', fullName: '改了' })),
      await plain.delete(`${types}/${typeId}`),
      await plain.get(`${data}/${typeId}`),
      await plain.get(`${data}/${id}/Info`),
      await plain.post(data, entry(typeId, { enCode: 'intruder' })),
      await plain.put(`${data}/${id}`, entry(typeId, { fullName: '改了' })),
      await plain.put(`${data}/${id}/Actions/State`),
      await plain.delete(`${data}/${id}`),
      await plain.get(`${data}/${typeId}/Actions/Export`),
      await importFile(plain, { type: '1' }, { name: 'x.bdd', content: '{}' }),
    ];
    for (const reply of refused) expect(reply).toMatchObject({ code: 403, msg: '暂无权限' });
    expect((await admin.get(`${data}/${id}/Info`)).data).toMatchObject({ fullName: '原样', enabledMark: 1 });
    expect((await admin.get(`${types}/${typeId}`)).data).toMatchObject({ fullName: '测试分类' });
    expect(await plain.get(`${data}/All`)).toMatchObject({ code: 200 });
    expect(await plain.get(`${types}/Selector/0`)).toMatchObject({ code: 200 });
    expect(await plain.get(`${data}/${typeId}/Selector/0`)).toMatchObject({ code: 200 });
    expect(await plain.get(`${data}/${typeId}/Data/Selector`)).toMatchObject({ code: 200 });
    expect(await t.anonymous.get(`${data}/All`)).toMatchObject({ code: 602 });
  });
});
