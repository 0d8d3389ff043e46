import { dataScopeTypes } from '@platform/shared';
import { expect } from 'vitest';
import type { Client, TestApp } from './test-app.ts';

/** The seeded main system, which the tests' menus hang under. */
export async function mainSystemId(t: TestApp): Promise<string> {
  const main = await t.app.db.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow();
  return main.id;
}

/**
 * A page menu `menu.<enCode>` of the main system opening generated form `modelId`, with every kind
 * of right switched on (buttons, columns, form fields, data scopes); answers its id.
 */
export async function menuOfForm(t: TestApp, admin: Client, modelId: string, enCode: string): Promise<string> {
  const menu = await admin.post<string>('/api/system/Menu', {
    systemId: await mainSystemId(t),
    parentId: '-1',
    fullName: enCode,
    enCode: `menu.${enCode}`,
    type: 3,
    propertyJson: JSON.stringify({ moduleId: modelId }),
    isButtonAuthorize: true,
    isColumnAuthorize: true,
    isFormAuthorize: true,
    isDataAuthorize: true,
  });
  expect(menu.code, menu.msg).toBe(200);
  return menu.data as string;
}

/**
 * Offers on menu `menuId` these buttons, each field as a column and as a form field, and a
 * data-scope scheme `scope_<type>` of every kind; answers the ids of what it offers, by kind and code.
 */
export async function offerRights(
  t: TestApp,
  admin: Client,
  menuId: string,
  offered: { buttons: readonly string[]; fields: readonly string[] },
): Promise<(kind: string, codes: readonly string[]) => string[]> {
  const offer = async (path: string, code: string, extra: object = {}) =>
    expect(
      await admin.post(`/api/system/${path}`, { moduleId: menuId, enCode: code, fullName: code, ...extra }),
    ).toMatchObject({ code: 200 });
  for (const b of offered.buttons) await offer('ModuleButton', b);
  for (const name of offered.fields) {
    await offer('ModuleColumn', name);
    await offer('ModuleForm', name);
  }
  for (const scopeType of dataScopeTypes) await offer('ModuleDataAuthorizeScheme', `scope_${scopeType}`, { scopeType });
  const rows = await t.app.db
    .selectFrom('modulePermission')
    .select(['id', 'kind', 'enCode'])
    .where('menuId', '=', menuId)
    .execute();
  return (kind, codes) => rows.filter((d) => d.kind === kind && codes.includes(d.enCode)).map((d) => d.id);
}

/**
 * A menu opening generated form `formId` (buttons and data scopes authorised), with btn_add and a
 * data-scope scheme `self` (the records one made), granted to a new user `account`; answers that
 * user signed in.
 */
export async function clerkOfForm(t: TestApp, admin: Client, formId: string, account: string): Promise<Client> {
  const menu = await admin.post<string>('/api/system/Menu', {
    systemId: await mainSystemId(t),
    parentId: '-1',
    fullName: `${account}的表单`,
    enCode: `${account}.form`,
    type: 3,
    propertyJson: JSON.stringify({ moduleId: formId }),
    isButtonAuthorize: true,
    isDataAuthorize: true,
  });
  expect(menu).toMatchObject({ code: 200 });
  const menuId = menu.data as string;
  expect(
    await admin.post('/api/system/ModuleButton', { moduleId: menuId, enCode: 'btn_add', fullName: 'btn_add' }),
  ).toMatchObject({ code: 200 });
  expect(
    await admin.post('/api/system/ModuleDataAuthorizeScheme', {
      moduleId: menuId,
      enCode: 'own',
      fullName: 'own',
      scopeType: 'self',
    }),
  ).toMatchObject({ code: 200 });
  const granted = await t.app.db
    .selectFrom('modulePermission')
    .select(['id', 'kind'])
    .where('menuId', '=', menuId)
    .execute();
  const idsOf = (kind: string) => granted.filter((p) => p.kind === kind).map((p) => p.id);
  const userId = await t.createUser({ account });
  expect(
    await admin.put(`/api/permission/Authority/Data/${userId}`, {
      objectType: 'User',
      module: [menuId],
      button: idsOf('button'),
      resource: idsOf('resource'),
    }),
  ).toMatchObject({ code: 200 });
  return t.signIn(account, 'Passw0rd');
}
