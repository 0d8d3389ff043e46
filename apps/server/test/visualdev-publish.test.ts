import type { FormField, MenuInfo } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mainSystemId } from './helpers/form-menu.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 19: 发布 to a menu. A designed definition is released and published as a form page (menu
 * type 3) with the button, column and form permission entries of its list and form, in one
 * transaction: a refused menu leaves the definition unreleased and no entries behind.
 */

const base = '/api/visualdev/Base';
let t: TestApp;
let admin: Client;
let mainId: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  mainId = await mainSystemId(t);
});
afterAll(() => t.close());

const field = (jnpfKey: string, name: string, label: string): FormField => ({
  __vModel__: name,
  __config__: { jnpfKey, label },
});
const form = {
  fields: [
    {
      __config__: {
        jnpfKey: 'tab',
        children: [
          { title: '1', name: '1', __config__: { jnpfKey: 'tabItem', children: [field('input', 'title', '标题')] } },
        ],
      },
    },
    field('inputNumber', 'amount', '金额'),
    {
      __vModel__: 'lines',
      __config__: { jnpfKey: 'table', label: '明细', children: [field('input', 'goods', '物品')] },
    },
  ],
};
const list = {
  columnList: [
    { prop: 'title', label: '标题', width: 200, align: 'left', fixed: 'left', sortable: true },
    { prop: 'amount', label: '金额', align: 'right' },
  ],
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'download', label: '导出' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
  ],
  useBtnPermission: true,
  useColumnPermission: true,
  useFormPermission: true,
};

async function define(enCode: string, formData: object = form) {
  const created = await admin.post<{ id: string }>(base, {
    fullName: `发布${enCode}`,
    enCode,
    webType: 2,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify(list),
  });
  expect(created).toMatchObject({ code: 200 });
  return created.data!.id;
}

const entries = async (kind: string, menuId: string) =>
  (
    await admin.get<{ list: { enCode: string; fullName: string }[] }>(`/api/system/${kind}/${menuId}/List`)
  ).data!.list.map((e) => [e.enCode, e.fullName]);

describe('publishing a definition to a menu', () => {
  test('a form page under a directory, released, with its permission entries', async () => {
    const dir = (
      await admin.post<string>('/api/system/Menu', {
        systemId: mainId,
        parentId: '-1',
        fullName: '业务',
        enCode: 'bizDir',
        type: 1,
      })
    ).data!;
    const id = await define('pubOrder');
    const answer = await admin.post<{ menuId: string }>(`${base}/${id}/Actions/ReleaseMenu`, {
      parentId: dir,
      fullName: '订单',
      enCode: 'pubOrderPage',
      icon: 'icon-ym icon-ym-generator-form',
    });
    expect(answer).toMatchObject({ code: 200, msg: '发布成功' });
    const menuId = answer.data!.menuId;
    const menu = (await admin.get<MenuInfo>(`/api/system/Menu/${menuId}`)).data!;
    expect(menu).toMatchObject({
      parentId: dir,
      systemId: mainId,
      type: 3,
      fullName: '订单',
      enCode: 'pubOrderPage',
      icon: 'icon-ym icon-ym-generator-form',
      isButtonAuthorize: true,
      isColumnAuthorize: true,
      isFormAuthorize: true,
      isDataAuthorize: false,
    });
    expect(JSON.parse(menu.propertyJson ?? '{}')).toMatchObject({ moduleId: id });
    expect(await entries('ModuleButton', menuId)).toEqual([
      ['btn_add', '新增'],
      ['btn_export', '导出'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ]);
    expect(await entries('ModuleColumn', menuId)).toEqual([
      ['title', '标题'],
      ['amount', '金额'],
    ]);
    expect(await entries('ModuleForm', menuId)).toEqual([
      ['title', '标题'],
      ['amount', '金额'],
      ['lines', '明细'],
      ['lines-goods', '明细-物品'],
    ]);
    // Released: the page's configuration is served.
    const config = await admin.get<{ formData: string }>(`/api/visualdev/OnlineDev/${id}/Config`);
    expect(config.code).toBe(200);
    expect(JSON.parse(config.data!.formData)).toEqual(form);
  });

  test('at the top of the main system', async () => {
    const id = await define('pubTop');
    const answer = await admin.post<{ menuId: string }>(`${base}/${id}/Actions/ReleaseMenu`, {
      parentId: '-1',
      fullName: '顶层',
      enCode: 'pubTopPage',
    });
    expect(answer.code).toBe(200);
    const menu = (await admin.get<MenuInfo>(`/api/system/Menu/${answer.data!.menuId}`)).data!;
    expect(menu).toMatchObject({ parentId: '-1', systemId: mainId, type: 3 });
  });

  test('a taken menu code, a page as parent or a form without fields change nothing', async () => {
    const id = await define('pubRefused');
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('modulePermission')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const taken = await admin.post(`${base}/${id}/Actions/ReleaseMenu`, {
      parentId: '-1',
      fullName: '重复',
      enCode: 'pubOrderPage',
    });
    expect(taken).toMatchObject({ code: 400 });
    const page = (
      await admin.get<{ list: MenuInfo[] }>(`/api/system/Menu/ModuleBySystem/${mainId}`, { keyword: 'pubTopPage' })
    ).data!.list[0]!;
    const underPage = await admin.post(`${base}/${id}/Actions/ReleaseMenu`, {
      parentId: page.id,
      fullName: '页下',
      enCode: 'pubUnderPage',
    });
    expect(underPage).toMatchObject({ code: 400 });
    expect(await count()).toBe(before);
    const info = await admin.get<{ isRelease: number }>(`${base}/${id}`);
    expect(info.data!.isRelease).toBe(0);
    const empty = await define('pubEmpty', { fields: [] });
    expect(
      await admin.post(`${base}/${empty}/Actions/ReleaseMenu`, {
        parentId: '-1',
        fullName: '空',
        enCode: 'pubEmptyPage',
      }),
    ).toMatchObject({ code: 400 });
    expect(
      await admin.post(`${base}/${id}/Actions/ReleaseMenu`, { parentId: '-1', fullName: '', enCode: 'x y' }),
    ).toMatchObject({
      code: 400,
    });
  });
});

describe('a field’s permission key', () => {
  const keyed = (jnpfKey: string, name: string, label: string, permissionKey: string): FormField => ({
    __vModel__: name,
    __config__: { jnpfKey, label, permissionKey },
  });
  const keyedForm = {
    fields: [
      field('input', 'title', '标题'),
      // Two fields under one key: one grant shows or hides both.
      keyed('inputNumber', 'price', '单价', 'money'),
      keyed('inputNumber', 'total', '总价', 'money'),
      {
        __vModel__: 'lines',
        __config__: {
          jnpfKey: 'table',
          label: '明细',
          permissionKey: 'detail',
          children: [field('input', 'goods', '物品'), keyed('input', 'cost', '成本', 'lineCost')],
        },
      },
    ],
  };
  const keyedList = {
    ...list,
    columnList: [
      { prop: 'title', label: '标题' },
      { prop: 'price', label: '单价' },
      { prop: 'total', label: '总价' },
    ],
  };

  test('publishing names the column and form entries by it; records are checked by it', async () => {
    const created = await admin.post<{ id: string }>(base, {
      fullName: '权限标识',
      enCode: 'pubKeyed',
      webType: 2,
      formData: JSON.stringify(keyedForm),
      columnData: JSON.stringify(keyedList),
    });
    const id = created.data!.id;
    const answer = await admin.post<{ menuId: string }>(`${base}/${id}/Actions/ReleaseMenu`, {
      parentId: '-1',
      fullName: '权限标识',
      enCode: 'pubKeyedPage',
    });
    expect(answer).toMatchObject({ code: 200 });
    const menuId = answer.data!.menuId;
    expect(await entries('ModuleColumn', menuId)).toEqual([
      ['title', '标题'],
      ['money', '单价、总价'],
    ]);
    expect(await entries('ModuleForm', menuId)).toEqual([
      ['title', '标题'],
      ['money', '单价、总价'],
      ['detail', '明细'],
      ['detail-goods', '明细-物品'],
      ['lineCost', '明细-成本'],
    ]);

    // A clerk granted the title but not "money": neither price nor total, in the list or the form.
    const granted = await t.app.db
      .selectFrom('modulePermission')
      .select(['id', 'kind', 'enCode'])
      .where('menuId', '=', menuId)
      .execute();
    const ids = (kind: string, codes: string[]) =>
      granted.filter((g) => g.kind === kind && codes.includes(g.enCode)).map((g) => g.id);
    const grant = (userId: string, codes: string[]) =>
      admin.put(`/api/permission/Authority/Data/${userId}`, {
        objectType: 'User',
        module: [menuId],
        button: ids('button', ['btn_add', 'btn_edit']),
        column: ids('column', codes),
        form: ids('form', codes),
      });
    const clerkId = await t.createUser({ account: 'clerk.keyed' });
    // The sub-table and its cost column (by its own key), not its goods column.
    expect(await grant(clerkId, ['title', 'detail', 'lineCost'])).toMatchObject({ code: 200 });
    const clerk = await t.signIn('clerk.keyed', 'Passw0rd');
    const records = `/api/visualdev/OnlineDev/${id}`;
    const saved = await clerk.post<string>(records, {
      data: JSON.stringify({ title: '甲', price: 5, total: 50, lines: [{ goods: '螺丝', cost: 1 }] }),
    });
    expect(saved).toMatchObject({ code: 200 });
    const rows = await clerk.post<{ list: Record<string, unknown>[] }>(`${records}/List`, { menuId });
    expect(rows.data!.list).toEqual([expect.objectContaining({ title: '甲' })]);
    expect(rows.data!.list[0]).not.toHaveProperty('price');
    expect(rows.data!.list[0]).not.toHaveProperty('total');
    const recordId = rows.data!.list[0]!.id as string;
    const read = async (client: Client) =>
      JSON.parse((await client.get<{ data: string }>(`${records}/${recordId}`)).data!.data) as Record<string, unknown>;
    const seen = await read(clerk);
    expect(seen).toMatchObject({ title: '甲', lines: [{ cost: '1' }] });
    expect((seen.lines as Record<string, unknown>[])[0]).not.toHaveProperty('goods');
    expect(seen).not.toHaveProperty('price');
    expect(seen).not.toHaveProperty('total');
    // What the clerk sent for them was ignored.
    const stored = await read(admin);
    expect(stored).toMatchObject({ price: null, total: null, lines: [{ cost: '1' }] });
    expect((stored.lines as Record<string, unknown>[])[0]?.goods ?? null).toBeNull();

    // Granted "money": both fields at once (and no longer the sub-table).
    expect(await grant(clerkId, ['title', 'money'])).toMatchObject({ code: 200 });
    const again = await t.signIn('clerk.keyed', 'Passw0rd');
    const now = await read(again);
    expect(now).toMatchObject({ title: '甲', price: null, total: null });
    expect(now).not.toHaveProperty('lines');
  });

  test('a key too long or with spaces is refused on release, and nothing is published', async () => {
    for (const [permissionKey, msg] of [
      ['k'.repeat(51), `权限标识最多为50个字符：${'k'.repeat(51)}`],
      ['a b', '权限标识不能包含空格：a b'],
    ] as const) {
      const created = await admin.post<{ id: string }>(base, {
        fullName: '坏标识',
        enCode: `pubBadKey${permissionKey.length}`,
        webType: 2,
        formData: JSON.stringify({ fields: [keyed('input', 'title', '标题', permissionKey)] }),
        columnData: JSON.stringify(list),
      });
      const id = created.data!.id;
      expect(
        await admin.post(`${base}/${id}/Actions/ReleaseMenu`, {
          parentId: '-1',
          fullName: '坏标识',
          enCode: `pubBadKeyPage${permissionKey.length}`,
        }),
      ).toMatchObject({ code: 400, msg });
      expect((await admin.get<{ isRelease: number }>(`${base}/${id}`)).data!.isRelease).toBe(0);
    }
  });
});
