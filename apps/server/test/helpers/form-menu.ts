import { expect } from 'vitest';
import type { Client, TestApp } from './test-app.ts';

/**
 * A menu opening generated form `formId` (buttons and data scopes authorised), with btn_add and a
 * data-scope scheme `self` (the records one made), granted to a new user `account`; answers that
 * user signed in.
 */
export async function clerkOfForm(t: TestApp, admin: Client, formId: string, account: string): Promise<Client> {
  const systemId = (
    await t.app.db.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow()
  ).id;
  const menu = await admin.post<string>('/api/system/Menu', {
    systemId,
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
