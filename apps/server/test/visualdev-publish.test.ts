import type { FormField, MenuInfo } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

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
  t = await testApp();
  admin = await t.signIn();
  mainId = (await t.app.db.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow()).id;
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
