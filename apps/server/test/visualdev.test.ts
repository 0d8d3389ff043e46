import type { FormField } from '@platform/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { field, itemsTable, orderFields } from './helpers/form-fields.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { downloadSheetCells } from './helpers/sheets.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Generated forms: definitions (draft, release, record tables made from them), records (search,
 * sort, paging, checks on the server, auto-filled fields, export) and the menu's rights on them.
 */

const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;
let mainSystem: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  mainSystem = await mainSystemId(t);
});
afterAll(() => t.close());

const options = [
  { id: '1', fullName: '选项一' },
  { id: '2', fullName: '选项二' },
];

const orderForm = (extra: FormField[] = []) => ({
  popupType: 'general',
  fields: [
    ...orderFields(options),
    field('createUser', 'creator', '创建人'),
    field('createTime', 'createdAt', '创建时间'),
    field('modifyTime', 'modifiedAt', '修改时间'),
    itemsTable,
    ...extra,
  ],
});
const orderList = {
  searchList: [
    { prop: 'name', label: '名称', jnpfKey: 'input', searchType: 2 },
    { prop: 'level', label: '级别', jnpfKey: 'select', searchType: 1, searchMultiple: true },
    { prop: 'price', label: '单价', jnpfKey: 'inputNumber', searchType: 3 },
    { prop: 'day', label: '日期', jnpfKey: 'datePicker', searchType: 3 },
  ],
  columnList: [{ prop: 'name', label: '名称' }],
  defaultSidx: 'price',
  sort: 'asc',
  hasPage: true,
  pageSize: 20,
};

async function define(enCode: string, form: object = orderForm(), list: object = orderList) {
  const created = await admin.post<{ id: string }>(base, {
    fullName: `表单${enCode}`,
    enCode,
    webType: 2,
    formData: JSON.stringify(form),
    columnData: JSON.stringify(list),
  });
  expect(created).toMatchObject({ code: 200 });
  return created.data!.id;
}

async function release(id: string) {
  expect(await admin.post(`${base}/${id}/Actions/Release`)).toMatchObject({ code: 200, msg: '发布成功' });
}

const save = (client: Client, modelId: string, data: object) =>
  client.post<{ id: string }>(`${records}/${modelId}`, { data: JSON.stringify(data) });
const list = (client: Client, modelId: string, body: object = {}) =>
  client.post<{
    list: Record<string, unknown>[];
    pagination: { total: number; currentPage: number; pageSize: number };
  }>(`${records}/${modelId}/List`, body);
const info = async (client: Client, modelId: string, id: string) => {
  const reply = await client.get<{ id: string; data: string }>(`${records}/${modelId}/${id}`);
  return { ...reply, values: reply.data ? (JSON.parse(reply.data.data) as Record<string, unknown>) : null };
};

const order = (fields: object = {}) => ({
  name: '订单一',
  phone: '13800000000',
  price: 12.5,
  level: '1',
  tags: ['1', '2'],
  day: Date.UTC(2024, 0, 15),
  items: [{ item: '螺丝', count: 3 }],
  ...fields,
});

describe('definitions', () => {
  test('create, list, read, edit as a draft, release, copy and delete', async () => {
    const id = await define('order.def');
    expect(await admin.post(base, { fullName: 'x', enCode: 'ORDER.DEF' })).toMatchObject({
      code: 400,
      msg: '编码已存在',
    });
    const page = await admin.get<{ list: { id: string; isRelease: number }[] }>(base, { keyword: 'order.def' });
    expect(page.data?.list).toEqual([expect.objectContaining({ id, isRelease: 0 })]);
    // Not released: pages cannot open it.
    expect(await admin.get(`${records}/${id}/Config`)).toMatchObject({ code: 400, msg: '功能未发布' });

    await release(id);
    expect((await admin.get<{ isRelease: number }>(`${base}/${id}`)).data?.isRelease).toBe(1);
    const config = await admin.get<{ formData: string; columnData: string; webType: string }>(
      `${records}/${id}/Config`,
    );
    expect(JSON.parse(config.data!.formData).fields).toHaveLength(orderForm().fields.length);
    expect(config.data?.webType).toBe('2');

    // Editing changes the draft only; pages keep the released version until the next release.
    const info0 = (await admin.get<Record<string, unknown>>(`${base}/${id}`)).data!;
    const draft = orderForm([field('input', 'note', '备注')]);
    expect(await admin.put(`${base}/${id}`, { ...info0, formData: JSON.stringify(draft) })).toMatchObject({
      code: 200,
    });
    expect((await admin.get<{ isRelease: number }>(`${base}/${id}`)).data?.isRelease).toBe(2);
    const still = await admin.get<{ formData: string }>(`${records}/${id}/Config`);
    expect(JSON.parse(still.data!.formData).fields).toHaveLength(orderForm().fields.length);
    await release(id);
    const now = await admin.get<{ formData: string }>(`${records}/${id}/Config`);
    expect(JSON.parse(now.data!.formData).fields).toHaveLength(draft.fields.length);

    expect(await admin.post(`${base}/${id}/Actions/Copy`)).toMatchObject({ code: 200, msg: '复制成功' });
    const copies = await admin.get<{ list: { fullName: string; isRelease: number }[] }>(base, {
      keyword: '表单order.def.副本',
    });
    expect(copies.data?.list).toEqual([expect.objectContaining({ isRelease: 0 })]);

    const fields = await admin.get<{ list: { vModel: string }[] }>(`${base}/${id}/FormDataFields`);
    expect(fields.data?.list.map((f) => f.vModel)).toEqual(expect.arrayContaining(['name', 'items-item']));
    const mainOnly = await admin.get<{ list: { vModel: string }[] }>(`${base}/${id}/FormDataFields`, {
      filterType: '1',
    });
    expect(mainOnly.data?.list.map((f) => f.vModel)).not.toContain('items-item');

    expect(await admin.delete(`${base}/${id}`)).toMatchObject({ code: 200 });
    expect(await admin.get(`${base}/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('bad JSON and bad field names are refused and change nothing', async () => {
    expect(await admin.post(base, { fullName: 'x', enCode: 'bad.json', formData: '{' })).toMatchObject({
      code: 400,
      msg: 'formData不是有效的 JSON',
    });
    const id = await define('dup.fields', { fields: [field('input', 'a', 'A'), field('input', 'a', 'B')] });
    expect(await admin.post(`${base}/${id}/Actions/Release`)).toMatchObject({ code: 400, msg: '字段名重复：a' });
    const reserved = await define('reserved.fields', { fields: [field('input', 'id', 'A')] });
    expect(await admin.post(`${base}/${reserved}/Actions/Release`)).toMatchObject({ code: 400, msg: '字段名无效：id' });
    expect((await admin.get<{ isRelease: number }>(`${base}/${id}`)).data?.isRelease).toBe(0);
  });
});

describe('records', () => {
  let modelId: string;
  beforeAll(async () => {
    modelId = await define('order.records');
    await release(modelId);
  });

  test('a record is stored in its typed columns and read back as sent; sub-table rows too', async () => {
    const created = await save(admin, modelId, order());
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const { values } = await info(admin, modelId, created.data!.id);
    expect(values).toMatchObject({
      id: created.data!.id,
      name: '订单一',
      price: 12.5,
      level: '1',
      tags: ['1', '2'],
      day: Date.UTC(2024, 0, 15),
      enabled: 1,
      items: [{ item: '螺丝', count: 3 }],
    });
    const stored = await t.app.db
      .selectFrom('visualDev')
      .select('storage')
      .where('id', '=', modelId)
      .executeTakeFirstOrThrow();
    const plan = stored.storage as { table: string; columns: { field: string; column: string }[] };
    expect(plan.table).toBe(`vd_${modelId}`);
    expect(plan.columns.map((c) => c.field)).toEqual([
      'name',
      'phone',
      'price',
      'level',
      'tags',
      'day',
      'enabled',
      'creator',
      'createdAt',
      'modifiedAt',
    ]);
    expect(plan.columns.every((c) => /^f[0-9]+$/.test(c.column))).toBe(true);

    const change = await admin.get<{ data: string }>(`${records}/${modelId}/${created.data!.id}/DataChange`);
    expect(JSON.parse(change.data!.data)).toMatchObject({ level: '选项一', tags: '选项一,选项二' });
  });

  test('the server fills creator and times; values the client sends for them are ignored', async () => {
    const before = Date.now();
    const created = await save(admin, modelId, order({ name: '自动', creator: 'someoneElse', createdAt: 1 }));
    const { values } = await info(admin, modelId, created.data!.id);
    const adminRow = await t.app.db
      .selectFrom('appUser')
      .select(['id', 'realName'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    // The record keeps the id; answers name the person (姓名/账号), as the list and the detail show it.
    const adminName = `${adminRow.realName}/admin`;
    expect(values?.creator).toBe(adminName);
    const storedCreator = async () => {
      const model = await t.app.db
        .selectFrom('visualDev')
        .select('storage')
        .where('id', '=', modelId)
        .executeTakeFirstOrThrow();
      const plan = model.storage as { table: string; columns: { field: string; column: string }[] };
      const column = plan.columns.find((c) => c.field === 'creator')?.column ?? 'missing';
      const { rows } = await sql<{
        creator: unknown;
      }>`select ${sql.ref(column)} as creator from ${sql.table(plan.table)} where id = ${created.data!.id}`.execute(
        t.app.db,
      );
      return rows[0]?.creator;
    };
    expect(await storedCreator()).toBe(adminRow.id);
    expect(values?.createdAt as number).toBeGreaterThanOrEqual(before - 1000);
    expect(values?.modifiedAt).toBeNull();
    expect(
      await admin.put(`${records}/${modelId}/${created.data!.id}`, {
        data: JSON.stringify({ ...values, name: '自动2', createdAt: 5 }),
      }),
    ).toMatchObject({ code: 200 });
    const after = (await info(admin, modelId, created.data!.id)).values;
    expect(after).toMatchObject({ name: '自动2', creator: adminName, createdAt: values?.createdAt });
    // Sending the name back (the form does) changes nothing: the id stays.
    expect(await storedCreator()).toBe(adminRow.id);
    expect(after?.modifiedAt as number).toBeGreaterThanOrEqual(before - 1000);
  });

  test("the organisation, department and position fields hold the saver's own, answered by name", async () => {
    const id = await define(
      'order.units',
      {
        fields: [
          field('input', 'name', '名称'),
          field('currOrganize', 'company', '所属组织'),
          field('currDept', 'dept', '所属部门'),
          field('currPosition', 'post', '所属岗位'),
        ],
      },
      {},
    );
    await release(id);
    const created = await save(admin, id, { name: '单位', company: 'x', dept: 'y', post: 'z' });
    const root = await t.app.db
      .selectFrom('organize')
      .select('fullName')
      .where('parentId', '=', '-1')
      .executeTakeFirstOrThrow();
    // The administrator belongs to the root organisation and holds no position.
    expect((await info(admin, id, created.data!.id)).values).toMatchObject({
      company: root.fullName,
      dept: root.fullName,
      post: null,
    });
  });

  test('required, regList, limits, unique and types are checked on the server and nothing is stored', async () => {
    const count = async () => (await list(admin, modelId, { pageSize: 500 })).data!.pagination.total;
    const start = await count();
    const cases: [object, string][] = [
      [{ name: '' }, '名称不能为空'],
      [{ phone: '123' }, '手机：请正确输入手机号'],
      [{ name: 'x'.repeat(21) }, '名称最多为20个字符'],
      [{ price: -1 }, '单价不能小于0'],
      [{ price: 'abc' }, '单价须为数字'],
      [{ day: 'tomorrow' }, '日期须为时间'],
      [{ items: [{ count: 1 }] }, '明细(1).物品不能为空'],
      [{ name: '唯一订单' }, '名称不能重复'],
    ];
    await save(admin, modelId, order({ name: '唯一订单' }));
    for (const [fields, msg] of cases) {
      expect(
        await save(admin, modelId, order({ ...fields, name: 'name' in fields ? fields.name : `唯一${msg}` })),
        msg,
      ).toMatchObject({ code: 400, msg });
    }
    expect(await admin.post(`${records}/${modelId}`, { data: '[1' })).toMatchObject({
      code: 400,
      msg: '数据格式错误：JSON',
    });
    expect(await count()).toBe(start + 1);
  });

  test('search: fuzzy, equals with several values, number and date ranges; sidx with "-"; paging', async () => {
    const id = await define('order.search');
    await release(id);
    for (let i = 1; i <= 25; i++) {
      expect(
        await save(
          admin,
          id,
          order({
            name: `单${String(i).padStart(2, '0')}`,
            price: i,
            level: String((i % 3) + 1),
            day: Date.UTC(2024, 0, i),
          }),
        ),
      ).toMatchObject({ code: 200 });
    }
    const names = (reply: Awaited<ReturnType<typeof list>>) => reply.data!.list.map((r) => r.name);
    const fuzzy = await list(admin, id, { queryJson: JSON.stringify({ name: '单1' }), pageSize: 50 });
    expect(names(fuzzy)).toEqual(['单10', '单11', '单12', '单13', '单14', '单15', '单16', '单17', '单18', '单19']);
    const several = await list(admin, id, { queryJson: JSON.stringify({ level: ['1', '2'] }), pageSize: 50 });
    expect(several.data!.pagination.total).toBe(17);
    const range = await list(admin, id, { queryJson: JSON.stringify({ price: [3, 5] }), sidx: '-price' });
    expect(names(range)).toEqual(['单05', '单04', '单03']);
    const days = await list(admin, id, { queryJson: JSON.stringify({ day: [Date.UTC(2024, 0, 24), null] }) });
    expect(names(days)).toEqual(['单24', '单25']);
    // Defaults: the list's defaultSidx (price asc); numbers as text are accepted; empty queryJson = no filter.
    const second = await list(admin, id, { currentPage: '2', pageSize: '10', queryJson: '' });
    expect(second.data!.pagination).toEqual({ currentPage: 2, pageSize: 10, total: 25 });
    expect(names(second)[0]).toBe('单11');
    const advanced = await list(admin, id, {
      superQueryJson: JSON.stringify({
        matchLogic: 'and',
        conditionList: [
          {
            logic: 'or',
            groups: [
              { field: 'price', symbol: '>=', fieldValue: 24 },
              { field: 'name', symbol: '==', fieldValue: '单01' },
            ],
          },
        ],
      }),
    });
    expect(names(advanced)).toEqual(['单01', '单24', '单25']);
    expect(await list(admin, id, { queryJson: JSON.stringify({ price: ['x', 2] }) })).toMatchObject({
      code: 400,
      msg: '查询条件无效：单价',
    });
  });

  test('batch delete takes an id list or a comma string; export writes the visible columns to Excel', async () => {
    const id = await define('order.export');
    await release(id);
    const a = (await save(admin, id, order({ name: '甲' }))).data!.id;
    const b = (await save(admin, id, order({ name: '乙', level: '2' }))).data!.id;
    const c = (await save(admin, id, order({ name: '丙' }))).data!.id;
    const exported = await admin.post<{ url: string }>(`${records}/${id}/Actions/ExportData`, {
      dataType: 1,
      selectKey: ['name', 'level'],
    });
    expect(exported).toMatchObject({ code: 200 });
    const rows = await sheetRows(exported.data!.url);
    expect(rows[0]).toEqual(['名称', '级别']);
    expect(rows.slice(1).sort()).toEqual(
      [
        ['丙', '选项一'],
        ['乙', '选项二'],
        ['甲', '选项一'],
      ].sort(),
    );
    const selected = await admin.post<{ url: string }>(`${records}/${id}/Actions/ExportData`, {
      dataType: 2,
      selectIds: [b],
      selectKey: ['name'],
    });
    expect(await sheetRows(selected.data!.url)).toEqual([['名称'], ['乙']]);

    expect(await admin.post(`${records}/batchDelete/${id}`, { ids: `${a},${b}` })).toMatchObject({ code: 200 });
    expect(await admin.post(`${records}/batchDelete/${id}`, { ids: [c] })).toMatchObject({ code: 200 });
    expect((await list(admin, id)).data!.pagination.total).toBe(0);
  });
});

const sheetRows = (url: string) => downloadSheetCells(t, url);

describe('storage follows the released definition', () => {
  test('a field whose kind changes keeps its values converted; a new field gets a column; a removed one keeps its values', async () => {
    const form = (kind: string, extra: FormField[] = []) => ({
      fields: [field('input', 'name', '名称'), field(kind, 'amount', '金额'), ...extra],
    });
    const id = await define('kind.change', form('input'), { searchList: [{ prop: 'amount', searchType: 2 }] });
    await release(id);
    const twelve = (await save(admin, id, { name: 'a', amount: '12.5' })).data!.id;
    const words = (await save(admin, id, { name: 'b', amount: 'abc' })).data!.id;
    const info0 = (await admin.get<Record<string, unknown>>(`${base}/${id}`)).data!;
    await admin.put(`${base}/${id}`, {
      ...info0,
      formData: JSON.stringify(form('inputNumber', [field('input', 'note', '备注')])),
      columnData: JSON.stringify({ searchList: [{ prop: 'amount', searchType: 3 }] }),
    });
    await release(id);
    expect((await info(admin, id, twelve)).values).toMatchObject({ amount: 12.5, note: null });
    expect((await info(admin, id, words)).values).toMatchObject({ amount: null });
    const ranged = await list(admin, id, { queryJson: JSON.stringify({ amount: [10, 20] }) });
    expect(ranged.data!.list.map((r) => r.id)).toEqual([twelve]);
    // Removed and brought back: the values are still there.
    await admin.put(`${base}/${id}`, {
      ...info0,
      formData: JSON.stringify({ fields: [field('input', 'name', '名称')] }),
    });
    await release(id);
    expect((await info(admin, id, twelve)).values).not.toHaveProperty('amount');
    await admin.put(`${base}/${id}`, { ...info0, formData: JSON.stringify(form('inputNumber')) });
    await release(id);
    expect((await info(admin, id, twelve)).values).toMatchObject({ amount: 12.5 });
  });

  test('a table select set to hold several values keeps the one it held, as a list, and stores lists', async () => {
    const picker = (multiple: boolean) => ({
      fields: [field('input', 'name', '名称'), { ...field('popupTableSelect', 'partner', '伙伴'), multiple }],
    });
    const id = await define('multi.select', picker(false));
    await release(id);
    const one = (await save(admin, id, { name: 'a', partner: 'c1' })).data!.id;
    const none = (await save(admin, id, { name: 'b', partner: '' })).data!.id;
    const info0 = (await admin.get<Record<string, unknown>>(`${base}/${id}`)).data!;
    await admin.put(`${base}/${id}`, { ...info0, formData: JSON.stringify(picker(true)) });
    await release(id);
    expect((await info(admin, id, one)).values).toMatchObject({ partner: ['c1'] });
    expect((await info(admin, id, none)).values).toMatchObject({ partner: null });
    const two = (await save(admin, id, { name: 'c', partner: ['c2', 'c3'] })).data!.id;
    expect((await info(admin, id, two)).values).toMatchObject({ partner: ['c2', 'c3'] });
  });

  test('field names never become SQL: quotes, semicolons and comments are only names', async () => {
    const evil = 'x"; drop table app_user; --';
    const evil2 = "y') or 1=1; --";
    const id = await define(
      'evil.names',
      { fields: [field('input', evil, '恶意'), field('select', evil2, '恶意2', {}, { options })] },
      {
        searchList: [
          { prop: evil, searchType: 2 },
          { prop: evil2, searchType: 1 },
        ],
      },
    );
    await release(id);
    const created = await save(admin, id, { [evil]: "'; delete from menu; --", [evil2]: '1' });
    expect(created).toMatchObject({ code: 200 });
    expect((await info(admin, id, created.data!.id)).values).toMatchObject({ [evil]: "'; delete from menu; --" });
    const found = await list(admin, id, {
      queryJson: JSON.stringify({ [evil]: "'; delete", [evil2]: '1' }),
      sidx: `-${evil},${evil2}`,
    });
    expect(found.data!.pagination.total).toBe(1);
    expect(await list(admin, id, { sidx: 'id; drop table menu' })).toMatchObject({ code: 200 });
    expect(
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirst(),
    ).toBeTruthy();
    expect((await t.app.db.selectFrom('menu').select('id').execute()).length).toBeGreaterThan(10);
  });
});

describe('the menu’s rights apply to records', () => {
  test('a user with a hidden column, a hidden form field and a data scope of their own records', async () => {
    const modelId = await define('rights.form', {
      fields: [field('input', 'name', '名称'), field('input', 'secret', '机密'), field('input', 'note', '备注')],
    });
    await release(modelId);
    const menu = await admin.post<string>('/api/system/Menu', {
      systemId: mainSystem,
      parentId: '-1',
      fullName: '订单',
      enCode: 'rights.orders',
      type: 3,
      propertyJson: JSON.stringify({ moduleId: modelId }),
      isButtonAuthorize: true,
      isColumnAuthorize: true,
      isFormAuthorize: true,
      isDataAuthorize: true,
    });
    expect(menu).toMatchObject({ code: 200 });
    const menuId = menu.data!;
    const define1 = async (path: string, enCode: string, extra: object = {}) =>
      expect(
        await admin.post(`/api/system/${path}`, { moduleId: menuId, enCode, fullName: enCode, ...extra }),
      ).toMatchObject({ code: 200 });
    for (const b of ['btn_add', 'btn_edit', 'btn_remove', 'btn_export']) await define1('ModuleButton', b);
    for (const c of ['name', 'secret', 'note']) {
      await define1('ModuleColumn', c);
      await define1('ModuleForm', c);
    }
    await define1('ModuleDataAuthorizeScheme', 'own', { scopeType: 'self' });
    const definitions = await t.app.db
      .selectFrom('modulePermission')
      .select(['id', 'kind', 'enCode'])
      .where('menuId', '=', menuId)
      .execute();
    const ids = (kind: string, codes: string[]) =>
      definitions.filter((d) => d.kind === kind && codes.includes(d.enCode)).map((d) => d.id);

    const userId = await t.createUser({ account: 'clerk.rights' });
    expect(
      await admin.put(`/api/permission/Authority/Data/${userId}`, {
        objectType: 'User',
        module: [menuId],
        button: ids('button', ['btn_add', 'btn_edit', 'btn_remove', 'btn_export']),
        column: ids('column', ['name', 'note']),
        form: ids('form', ['name', 'note']),
        resource: ids('resource', ['own']),
      }),
    ).toMatchObject({ code: 200 });
    const clerk = await t.signIn('clerk.rights', 'Passw0rd');
    await t.createUser({ account: 'stranger.rights' });
    const stranger = await t.signIn('stranger.rights', 'Passw0rd');

    const adminRecord = (await save(admin, modelId, { name: '管理员的', secret: 'S1', note: 'n1' })).data!.id;
    const mine = await save(clerk, modelId, { name: '我的', secret: 'ignored', note: 'n2' });
    expect(mine).toMatchObject({ code: 200 });
    const mineId = mine.data!.id;

    // List: only own records, without the hidden column.
    const seen = await list(clerk, modelId, { menuId });
    expect(seen.data!.list).toEqual([{ id: mineId, flowState: 0, name: '我的', note: 'n2' }]);
    expect(seen.data!.pagination.total).toBe(1);
    // Searching or sorting on the hidden column reveals nothing.
    expect((await list(clerk, modelId, { queryJson: JSON.stringify({ secret: 'S1' }) })).data!.pagination.total).toBe(
      1,
    );
    // Info: the hidden form field is absent; the clerk's value for it was ignored on save.
    expect((await info(clerk, modelId, mineId)).values).toEqual({ id: mineId, name: '我的', note: 'n2' });
    expect((await info(admin, modelId, mineId)).values).toMatchObject({ secret: null });
    // Other people's records: not readable, not editable, not deletable.
    expect(await info(clerk, modelId, adminRecord)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(
      await clerk.put(`${records}/${modelId}/${adminRecord}`, { data: JSON.stringify({ name: 'x' }) }),
    ).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await clerk.post(`${records}/batchDelete/${modelId}`, { ids: [adminRecord] })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect((await info(admin, modelId, adminRecord)).values).toMatchObject({ name: '管理员的' });
    // An edit keeps the hidden field as it is.
    await admin.put(`${records}/${modelId}/${mineId}`, {
      data: JSON.stringify({ name: '我的', secret: 'S2', note: 'n2' }),
    });
    expect(
      await clerk.put(`${records}/${modelId}/${mineId}`, {
        data: JSON.stringify({ name: '我的2', secret: 'hack', note: 'n3' }),
      }),
    ).toMatchObject({ code: 200 });
    expect((await info(admin, modelId, mineId)).values).toMatchObject({ name: '我的2', secret: 'S2', note: 'n3' });
    // Export: own records, visible columns only, even when the hidden one is asked for.
    const exported = await clerk.post<{ url: string }>(`${records}/${modelId}/Actions/ExportData`, {
      dataType: 1,
      selectKey: ['name', 'secret'],
    });
    expect(await sheetRows(exported.data!.url)).toEqual([['名称'], ['我的2']]);
    // Batch delete of a mixed list removes only the caller's own.
    expect(await clerk.post(`${records}/batchDelete/${modelId}`, { ids: [adminRecord, mineId] })).toMatchObject({
      code: 200,
    });
    expect((await list(admin, modelId)).data!.list.map((r) => r.id)).toEqual([adminRecord]);

    // The related-form picker reads through the same rights: own records, visible columns only.
    const again = (await save(clerk, modelId, { name: '又一个', secret: 'S3', note: 'n4' })).data!.id;
    const picked = await clerk.get<{ list: Record<string, unknown>[]; pagination: { total: number } }>(
      `${base}/${modelId}/FieldDataSelect`,
      { relationField: 'name', keyword: '' },
    );
    expect(picked.data!.list).toEqual([{ id: again, flowState: 0, name: '又一个', note: 'n4' }]);
    expect(picked.data!.pagination.total).toBe(1);

    // Someone without the menu gets nothing from any records route, and changes nothing.
    const refused = {
      list: await list(stranger, modelId),
      save: await save(stranger, modelId, { name: 'x' }),
      config: await stranger.get(`${records}/${modelId}/Config`),
      info: await stranger.get(`${records}/${modelId}/${adminRecord}`),
      dataChange: await stranger.get(`${records}/${modelId}/${adminRecord}/DataChange`),
      update: await stranger.put(`${records}/${modelId}/${adminRecord}`, { data: JSON.stringify({ name: 'x' }) }),
      remove: await stranger.delete(`${records}/${modelId}/${adminRecord}`),
      batchDelete: await stranger.post(`${records}/batchDelete/${modelId}`, { ids: [adminRecord] }),
      exportData: await stranger.post(`${records}/${modelId}/Actions/ExportData`, { dataType: 1 }),
      fieldDataSelect: await stranger.get(`${base}/${modelId}/FieldDataSelect`),
    };
    const forbidden = Object.fromEntries(Object.keys(refused).map((k) => [k, '403 暂无权限']));
    expect(Object.fromEntries(Object.entries(refused).map(([k, r]) => [k, `${r.code} ${r.msg}`]))).toEqual(forbidden);

    // Someone with the menu but none of its buttons reads, and may neither add, edit, delete nor export.
    const viewerId = await t.createUser({ account: 'viewer.rights' });
    expect(
      await admin.put(`/api/permission/Authority/Data/${viewerId}`, {
        objectType: 'User',
        module: [menuId],
        column: ids('column', ['name', 'note']),
        form: ids('form', ['name', 'note']),
        resource: ids('resource', ['own']),
      }),
    ).toMatchObject({ code: 200 });
    const viewer = await t.signIn('viewer.rights', 'Passw0rd');
    expect(await list(viewer, modelId)).toMatchObject({ code: 200, data: { list: [], pagination: { total: 0 } } });
    const buttonless = {
      save: await save(viewer, modelId, { name: 'x' }),
      update: await viewer.put(`${records}/${modelId}/${adminRecord}`, { data: JSON.stringify({ name: 'x' }) }),
      remove: await viewer.delete(`${records}/${modelId}/${adminRecord}`),
      batchDelete: await viewer.post(`${records}/batchDelete/${modelId}`, { ids: [adminRecord] }),
      exportData: await viewer.post(`${records}/${modelId}/Actions/ExportData`, { dataType: 1 }),
    };
    expect(Object.fromEntries(Object.entries(buttonless).map(([k, r]) => [k, `${r.code} ${r.msg}`]))).toEqual(
      Object.fromEntries(Object.keys(buttonless).map((k) => [k, '403 暂无权限'])),
    );
    expect((await list(admin, modelId)).data!.list.map((r) => r.name)).toEqual(['又一个', '管理员的']);
  });
});

describe('sub-table columns follow the form rights', () => {
  test('a column the caller may not see is absent from Info and keeps its stored value on save', async () => {
    const modelId = await define('rights.subtable', {
      fields: [field('input', 'name', '名称'), itemsTable],
    });
    await release(modelId);
    const menu = await admin.post<string>('/api/system/Menu', {
      systemId: mainSystem,
      parentId: '-1',
      fullName: '明细订单',
      enCode: 'rights.subtable',
      type: 3,
      propertyJson: JSON.stringify({ moduleId: modelId }),
      isButtonAuthorize: true,
      isFormAuthorize: true,
    });
    const menuId = menu.data!;
    for (const [path, enCode] of [
      ['ModuleButton', 'btn_add'],
      ['ModuleButton', 'btn_edit'],
      ['ModuleForm', 'name'],
      ['ModuleForm', 'items'],
      ['ModuleForm', 'items-item'],
      ['ModuleForm', 'items-count'],
    ])
      expect(await admin.post(`/api/system/${path}`, { moduleId: menuId, enCode, fullName: enCode })).toMatchObject({
        code: 200,
      });
    const granted = await t.app.db
      .selectFrom('modulePermission')
      .select(['id', 'enCode'])
      .where('menuId', '=', menuId)
      .where('enCode', '!=', 'items-count')
      .execute();
    const userId = await t.createUser({ account: 'clerk.subtable' });
    expect(
      await admin.put(`/api/permission/Authority/Data/${userId}`, {
        objectType: 'User',
        module: [menuId],
        button: granted.filter((d) => d.enCode.startsWith('btn_')).map((d) => d.id),
        form: granted.filter((d) => !d.enCode.startsWith('btn_')).map((d) => d.id),
      }),
    ).toMatchObject({ code: 200 });
    const clerk = await t.signIn('clerk.subtable', 'Passw0rd');

    const recordId = (
      await save(admin, modelId, {
        name: '一单',
        items: [
          { item: '螺丝', count: 3 },
          { item: '螺母', count: 5 },
        ],
      })
    ).data!.id;
    // Info: the clerk's rows carry their ids and the visible column only; the detail view too.
    const seen = (await info(clerk, modelId, recordId)).values!;
    const rows = seen.items as { id: string; item: string }[];
    expect(rows.map((r) => Object.keys(r).sort())).toEqual([
      ['id', 'item'],
      ['id', 'item'],
    ]);
    const detail = await clerk.get<{ data: string }>(`${records}/${modelId}/${recordId}/DataChange`);
    expect((JSON.parse(detail.data!.data) as { items: object[] }).items).toEqual([
      { id: rows[0]!.id, item: '螺丝' },
      { id: rows[1]!.id, item: '螺母' },
    ]);

    // Save: the clerk edits a row, reorders, adds one and claims a count; counts stay as stored,
    // the new row starts empty, a forged count is ignored.
    expect(
      await clerk.put(`${records}/${modelId}/${recordId}`, {
        data: JSON.stringify({
          name: '一单',
          items: [
            { id: rows[1]!.id, item: '螺母M6', count: 999 },
            { id: rows[0]!.id, item: '螺丝' },
            { item: '垫片', count: 7 },
          ],
        }),
      }),
    ).toMatchObject({ code: 200 });
    const after = (await info(admin, modelId, recordId)).values!.items as Record<string, unknown>[];
    expect(after.map(({ item, count }) => ({ item, count }))).toEqual([
      { item: '螺母M6', count: 5 },
      { item: '螺丝', count: 3 },
      { item: '垫片', count: null },
    ]);
    // A row removed by the clerk is gone; a copied row (same id twice) keeps the values once.
    expect(
      await clerk.put(`${records}/${modelId}/${recordId}`, {
        data: JSON.stringify({
          name: '一单',
          items: [
            { id: String(after[1]!.id), item: '螺丝' },
            { id: String(after[1]!.id), item: '螺丝' },
          ],
        }),
      }),
    ).toMatchObject({ code: 200 });
    expect(
      ((await info(admin, modelId, recordId)).values!.items as Record<string, unknown>[]).map((r) => r.count),
    ).toEqual([3, null]);
    // A new record by the clerk: the hidden column is not taken from the request.
    const created = await save(clerk, modelId, { name: '二单', items: [{ item: '钉子', count: 9 }] });
    expect(created).toMatchObject({ code: 200 });
    expect((await info(admin, modelId, created.data!.id)).values!.items).toMatchObject([{ item: '钉子', count: null }]);
  });
});

describe('dictionary-backed choice fields', () => {
  test('the detail view, the printout source and the export show the entry names, not the stored ids', async () => {
    const typeReply = await admin.post<{ id: string }>('/api/system/DictionaryType', {
      parentId: '0',
      fullName: '等级',
      enCode: 'vd.grade',
      isTree: 0,
      sortCode: 1,
      description: '',
    });
    expect(typeReply).toMatchObject({ code: 200 });
    const typeId = (
      await t.app.db
        .selectFrom('dictionaryType')
        .select('id')
        .where('enCode', '=', 'vd.grade')
        .executeTakeFirstOrThrow()
    ).id;
    const entryIds: string[] = [];
    for (const [enCode, fullName] of [
      ['A', '甲等'],
      ['B', '乙等'],
    ] as const) {
      expect(
        await admin.post('/api/system/DictionaryData', {
          dictionaryTypeId: typeId,
          parentId: '0',
          fullName,
          enCode,
          sortCode: 0,
          enabledMark: 1,
          description: '',
        }),
      ).toMatchObject({ code: 200 });
      entryIds.push(
        (
          await t.app.db
            .selectFrom('dictionaryData')
            .select('id')
            .where('dictionaryTypeId', '=', typeId)
            .where('enCode', '=', enCode)
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    // The main field names its dictionary by code and stores ids; the sub-table column names it by
    // id and stores codes.
    const modelId = await define(
      'dictionary.labels',
      {
        fields: [
          field('input', 'name', '名称'),
          field('select', 'grade', '等级', { dataType: 'dictionary', dictionaryType: 'vd.grade' }),
          {
            __vModel__: 'lines',
            __config__: {
              jnpfKey: 'table',
              label: '明细',
              children: [
                field(
                  'select',
                  'lineGrade',
                  '行等级',
                  { dataType: 'dictionary', dictionaryType: typeId },
                  { props: { value: 'enCode' } },
                ),
              ],
            },
          },
        ],
      },
      {
        columnList: [
          { prop: 'name', label: '名称' },
          { prop: 'grade', label: '等级' },
        ],
      },
    );
    await release(modelId);
    const id = (await save(admin, modelId, { name: '一', grade: entryIds[1], lines: [{ lineGrade: 'A' }] })).data!.id;

    const detail = await admin.get<{ data: string }>(`${records}/${modelId}/${id}/DataChange`);
    expect(JSON.parse(detail.data!.data)).toMatchObject({ grade: '乙等', lines: [{ lineGrade: '甲等' }] });
    // The list answers the name (the 3.6 client prints it as given); the form's Info keeps the stored value.
    expect((await list(admin, modelId)).data!.list).toMatchObject([{ grade: '乙等' }]);
    const info = await admin.get<{ data: string }>(`${records}/${modelId}/${id}`);
    expect(JSON.parse(info.data!.data)).toMatchObject({ grade: entryIds[1] });
    const exported = await admin.post<{ url: string }>(`${records}/${modelId}/Actions/ExportData`, { dataType: 1 });
    expect(await sheetRows(exported.data!.url)).toEqual([
      ['名称', '等级'],
      ['一', '乙等'],
    ]);
  });
});
