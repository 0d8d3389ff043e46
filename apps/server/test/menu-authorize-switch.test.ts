import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Session } from '../src/core/session.ts';
import { seed } from '../src/seed/seed.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * A menu's authorisation switches (isButtonAuthorize, isColumnAuthorize, isFormAuthorize,
 * isDataAuthorize). On: a user holds only what was granted of that kind. Off: the kind is not
 * subject to authorisation, and whoever is granted the menu holds all of it.
 */

type Entry = { enCode: string };
interface Me {
  permissionList: { modelId: string; button: Entry[]; column: Entry[]; form: Entry[]; resource: Entry[] }[];
}
type Switches = Partial<
  Record<'isButtonAuthorize' | 'isColumnAuthorize' | 'isFormAuthorize' | 'isDataAuthorize', boolean>
>;

let t: TestApp;
let admin: Client;
let mainId: string;
let pageId: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const db = t.app.db;
  mainId = (await db.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow()).id;
  pageId = (await db.selectFrom('menu').select('id').where('enCode', '=', 'system.menu').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

/** Sets switches of a menu through the menu screen's edit call, keeping the rest of the menu. */
async function setSwitches(id: string, switches: Switches) {
  const info = await admin.get<Record<string, unknown>>(`/api/system/Menu/${id}`);
  expect(await admin.put(`/api/system/Menu/${id}`, { ...info.data, ...switches })).toMatchObject({ code: 200 });
}

async function switchesOf(id: string) {
  return (await admin.get<Required<Switches>>(`/api/system/Menu/${id}`)).data;
}

/** A plain user granted the menu page alone, none of its buttons, columns, forms or data scopes. */
async function userWithPageOnly(account: string) {
  const userId = await t.createUser({ account });
  expect(
    await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module: [pageId] }),
  ).toMatchObject({ code: 200 });
  return { userId, user: await t.signIn(account, 'Passw0rd') };
}

async function entriesOf(user: Client) {
  const me = await user.get<Me>('/api/oauth/CurrentUser');
  const entry = me.data?.permissionList.find((p) => p.modelId === pageId);
  const codes = (list: Entry[] | undefined) => (list ?? []).map((e) => e.enCode).sort();
  return {
    button: codes(entry?.button),
    column: codes(entry?.column),
    form: codes(entry?.form),
    resource: codes(entry?.resource),
  };
}

describe('the seeded pages', () => {
  test('have button authorisation on, and seeding again keeps an administrator’s choice', async () => {
    const pages = await t.app.db
      .selectFrom('menu')
      .select(['id', 'enCode', 'isButtonAuthorize'])
      .where('systemId', '=', mainId)
      .where('type', '=', 2)
      .execute();
    expect(pages.length).toBeGreaterThan(15);
    expect(pages.filter((p) => !p.isButtonAuthorize).map((p) => p.enCode)).toEqual([]);

    const log = pages.find((p) => p.enCode === 'system.log')!;
    await setSwitches(log.id, { isButtonAuthorize: false });
    await seed(t.app.db, { adminPassword: null, production: false });
    expect((await switchesOf(log.id))?.isButtonAuthorize).toBe(false);
    await setSwitches(log.id, { isButtonAuthorize: true });
    await seed(t.app.db, { adminPassword: null, production: false });
    expect((await switchesOf(log.id))?.isButtonAuthorize).toBe(true);
  });

  test('a menu created or edited without saying keeps button authorisation on', async () => {
    const created = await admin.post<string>('/api/system/Menu', {
      systemId: mainId,
      parentId: '-1',
      fullName: '无开关',
      enCode: 'noSwitch',
      type: 2,
      urlAddress: 'x/y',
    });
    expect(await switchesOf(created.data!)).toMatchObject({ isButtonAuthorize: true, isColumnAuthorize: false });
    await setSwitches(created.data!, { isButtonAuthorize: false, isColumnAuthorize: true });
    const info = await admin.get<Record<string, unknown>>(`/api/system/Menu/${created.data}`);
    const { isButtonAuthorize: _b, isColumnAuthorize: _c, ...rest } = info.data ?? {};
    expect(await admin.put(`/api/system/Menu/${created.data}`, rest)).toMatchObject({ code: 200 });
    expect(await switchesOf(created.data!)).toMatchObject({ isButtonAuthorize: false, isColumnAuthorize: true });
  });

  test('a menu row written by SQL without the switch has button authorisation on, as through the API', async () => {
    await t.app.db
      .insertInto('menu')
      .values({ id: 'sqlMenu1', systemId: mainId, parentId: '-1', enCode: 'sqlMenu', fullName: 'SQL 页面', type: 2 })
      .execute();
    expect(await switchesOf('sqlMenu1')).toMatchObject({ isButtonAuthorize: true, isColumnAuthorize: false });
  });
});

describe('button authorisation', () => {
  test('off: the menu alone lets the user use every button and lists them all; on again: refused at the next call', async () => {
    const { user } = await userWithPageOnly('btnOff');
    const scratch = async (enCode: string) =>
      (
        await admin.post<string>('/api/system/Menu', {
          systemId: mainId,
          parentId: '-1',
          fullName: enCode,
          enCode,
          type: 0,
        })
      ).data!;

    // On (as seeded): the page opens, its buttons do not.
    expect((await user.get(`/api/system/Menu/ModuleBySystem/${mainId}`)).code).toBe(200);
    expect(await user.delete(`/api/system/Menu/${await scratch('s1')}`)).toMatchObject({ code: 403 });
    expect((await entriesOf(user)).button).toEqual([]);

    await setSwitches(pageId, { isButtonAuthorize: false });
    expect(await user.delete(`/api/system/Menu/${await scratch('s2')}`)).toMatchObject({ code: 200 });
    expect(
      await user.post('/api/system/Menu', { systemId: mainId, parentId: '-1', fullName: 's3', enCode: 's3', type: 0 }),
    ).toMatchObject({ code: 200 });
    expect((await entriesOf(user)).button).toEqual([
      'btn_add',
      'btn_detail',
      'btn_edit',
      'btn_export',
      'btn_import',
      'btn_remove',
    ]);
    // The switch opens the menu's buttons, not the menu: someone without it is still refused.
    await t.createUser({ account: 'stranger' });
    const stranger = await t.signIn('stranger', 'Passw0rd');
    expect(await stranger.delete(`/api/system/Menu/${await scratch('s4')}`)).toMatchObject({ code: 403 });

    await setSwitches(pageId, { isButtonAuthorize: true });
    expect(await user.delete(`/api/system/Menu/${await scratch('s5')}`)).toMatchObject({ code: 403 });
    expect((await entriesOf(user)).button).toEqual([]);
  });

  test('on: a granted button passes and the others are refused, whatever the switch of another menu', async () => {
    await setSwitches(pageId, { isButtonAuthorize: true });
    const { userId, user } = await userWithPageOnly('btnOn');
    const btnRemove = (
      await t.app.db
        .selectFrom('modulePermission')
        .select('id')
        .where('menuId', '=', pageId)
        .where('enCode', '=', 'btn_remove')
        .executeTakeFirstOrThrow()
    ).id;
    await admin.put(`/api/permission/Authority/Data/${userId}`, {
      objectType: 'User',
      module: [pageId],
      button: [btnRemove],
    });
    const logPage = (
      await t.app.db.selectFrom('menu').select('id').where('enCode', '=', 'system.log').executeTakeFirstOrThrow()
    ).id;
    await setSwitches(logPage, { isButtonAuthorize: false });
    const scratch = (
      await admin.post<string>('/api/system/Menu', {
        systemId: mainId,
        parentId: '-1',
        fullName: 'on1',
        enCode: 'on1',
        type: 0,
      })
    ).data!;
    expect(await user.delete(`/api/system/Menu/${scratch}`)).toMatchObject({ code: 200 });
    expect(
      await user.post('/api/system/Menu', {
        systemId: mainId,
        parentId: '-1',
        fullName: 'on2',
        enCode: 'on2',
        type: 0,
      }),
    ).toMatchObject({ code: 403 });
    expect((await entriesOf(user)).button).toEqual(['btn_remove']);
    await setSwitches(logPage, { isButtonAuthorize: true });
  });
});

describe('column, form and data authorisation', () => {
  test('off: every column, form field and data scope of the menu, and no data restriction; on: only what is granted', async () => {
    for (const [path, extra] of [
      ['ModuleColumn', {}],
      ['ModuleForm', {}],
      ['ModuleDataAuthorizeScheme', { scopeType: 'self' }],
    ] as const) {
      expect(
        await admin.post(`/api/system/${path}`, { moduleId: pageId, enCode: 'f_name', fullName: '名称', ...extra }),
      ).toMatchObject({ code: 200 });
    }
    const { userId, user } = await userWithPageOnly('fieldsUser');
    const session = { userId, isAdministrator: false } as Session;

    await setSwitches(pageId, { isColumnAuthorize: true, isFormAuthorize: true, isDataAuthorize: true });
    expect(await entriesOf(user)).toMatchObject({ column: [], form: [], resource: [] });
    expect(await t.app.permissions.dataScope(session, 'system.menu')).toMatchObject({ all: false, self: false });

    await setSwitches(pageId, { isColumnAuthorize: false, isFormAuthorize: false, isDataAuthorize: false });
    expect(await entriesOf(user)).toMatchObject({ column: ['f_name'], form: ['f_name'], resource: ['f_name'] });
    expect(await t.app.permissions.dataScope(session, 'system.menu')).toEqual({ all: true });

    // One switch at a time: columns back on, forms and data still off.
    await setSwitches(pageId, { isColumnAuthorize: true });
    expect(await entriesOf(user)).toMatchObject({ column: [], form: ['f_name'], resource: ['f_name'] });
  });
});
