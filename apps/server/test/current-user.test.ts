import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

interface Me {
  menuList: { enCode: string; children: { enCode: string }[] }[];
  permissionList: { modelId: string; button: { enCode: string }[] }[];
  userInfo: { systemId: string; systemIds: { id: string }[]; isAdministrator: boolean };
}

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

test('administrators see every enabled menu with every defined button', async () => {
  const me = (await admin.get<Me>('/api/oauth/CurrentUser')).data!;
  expect(me.userInfo.isAdministrator).toBe(true);
  const pages = me.menuList.flatMap((m) => m.children.map((c) => c.enCode));
  expect(pages).toEqual(expect.arrayContaining(['permission.user', 'system.menu', 'system.system']));
  const menuPage = await t.app.db
    .selectFrom('menu')
    .select('id')
    .where('enCode', '=', 'system.menu')
    .executeTakeFirstOrThrow();
  expect(me.permissionList.find((p) => p.modelId === menuPage.id)?.button.map((b) => b.enCode)).toEqual(
    expect.arrayContaining(['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_import', 'btn_export']),
  );
});

test('a user without grants has no menus, no permissions and no systems', async () => {
  await t.createUser({ account: 'bare' });
  const user = await t.signIn('bare', 'Passw0rd');
  const me = (await user.get<Me>('/api/oauth/CurrentUser')).data!;
  expect(me.menuList).toEqual([]);
  expect(me.permissionList).toEqual([]);
  expect(me.userInfo.systemIds).toEqual([]);
  expect(me.userInfo.systemId).toBe('');
});

test('a disabled menu leaves the list at the next call, for administrators and users alike', async () => {
  const userId = await t.createUser({ account: 'seer' });
  const user = await t.signIn('seer', 'Passw0rd');
  const page = await t.app.db
    .selectFrom('menu')
    .select('id')
    .where('enCode', '=', 'system.log')
    .executeTakeFirstOrThrow();
  await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module: [page.id] });
  expect((await user.get<Me>('/api/oauth/CurrentUser')).data!.permissionList.map((p) => p.modelId)).toEqual([page.id]);
  await admin.put(`/api/system/Menu/${page.id}/Actions/State`);
  expect((await user.get<Me>('/api/oauth/CurrentUser')).data!.permissionList).toEqual([]);
  const adminPages = (await admin.get<Me>('/api/oauth/CurrentUser')).data!.permissionList.map((p) => p.modelId);
  expect(adminPages).not.toContain(page.id);
  await admin.put(`/api/system/Menu/${page.id}/Actions/State`);
  expect((await user.get<Me>('/api/oauth/CurrentUser')).data!.permissionList.map((p) => p.modelId)).toEqual([page.id]);
});

test('systemCode picks among the user’s own systems only', async () => {
  const other = (await admin.post<string>('/api/system/System', { fullName: '外部', enCode: 'ext' })).data!;
  const userId = await t.createUser({ account: 'picker' });
  const user = await t.signIn('picker', 'Passw0rd');
  const page = await t.app.db
    .selectFrom('menu')
    .select('id')
    .where('enCode', '=', 'system.notice')
    .executeTakeFirstOrThrow();
  await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module: [page.id] });
  const me = (await user.get<Me>('/api/oauth/CurrentUser', { systemCode: 'ext' })).data!;
  expect(me.userInfo.systemIds.map((s) => s.id)).not.toContain(other);
  expect(me.permissionList.map((p) => p.modelId)).toEqual([page.id]);
});
