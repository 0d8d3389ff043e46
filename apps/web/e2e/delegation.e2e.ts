import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { adminPassword, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';
import { apiData, apiLogin } from './users.auth-helpers.ts';

/**
 * Issue 35, in the console: a tiered administrator of one department opens the user form, and its
 * role picker offers only the roles it may give (those carrying nothing it lacks). The server
 * refuses the others anyway (apps/server/test/delegation.test.ts); the screen does not offer them.
 */

const run = serverAndBrowser();

interface MenuNode {
  id: string;
  enCode: string;
  children?: MenuNode[] | null;
}
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const password = 'Abc12345';

/** Sets up, as the super administrator: a department, a strong and an ordinary role, and its tiered administrator. */
async function prepare() {
  const signedIn = await apiLogin(run.server.url, 'admin', adminPassword);
  const token = signedIn.data?.token ?? '';
  const call = <T>(method: string, url: string, body?: unknown) => apiData<T>(run.server.url, token, method, url, body);
  const me = await call<{ menuList: MenuNode[]; userInfo: { organizeId: string } }>('GET', '/api/oauth/CurrentUser');
  const menus = flat(me.menuList);
  const menu = (enCode: string) => {
    const found = menus.find((m) => m.enCode === enCode);
    if (!found) throw new Error(`menu ${enCode} missing`);
    return found.id;
  };
  const department = await call<{ id: string }>('POST', '/api/permission/Organize/Department', {
    parentId: me.userInfo.organizeId,
    fullName: '销售部',
    enCode: 'e2e.sales',
    category: 'department',
  });
  const role = async (fullName: string, enCode: string, module: string[]) => {
    const created = await call<{ id: string }>('POST', '/api/permission/Role', { fullName, enCode, globalMark: 1 });
    await call('PUT', `/api/permission/Authority/Data/${created.id}`, { objectType: 'Role', module });
  };
  await role('系统配置员', 'e2e.config', [menu('system'), menu('system.sysConfig')]);
  await role('用户录入员', 'e2e.users', [menu('permission'), menu('permission.user')]);
  const tiered = await call<{ id: string }>('POST', '/api/permission/Users', {
    account: 'e2etiered',
    realName: '销售部管理员',
    organizeId: department.id,
  });
  await call('POST', `/api/permission/Users/${tiered.id}/Actions/ResetPassword`, {
    userPassword: md5(password),
    validatePassword: md5(password),
  });
  const buttons = await call<{ list: { id: string; enCode: string }[] }>(
    'GET',
    `/api/system/ModuleButton/${menu('permission.user')}/List`,
  );
  await call('PUT', `/api/permission/Authority/Data/${tiered.id}`, {
    objectType: 'User',
    module: [menu('permission'), menu('permission.user')],
    button: buttons.list.filter((b) => ['btn_add', 'btn_edit'].includes(b.enCode)).map((b) => b.id),
  });
  await call('POST', '/api/permission/organizeAdminIsTrator', {
    userId: tiered.id,
    orgAdminModel: [{ organizeId: department.id, thisLayerAdd: 1, thisLayerEdit: 1, thisLayerSelect: 1 }],
  });
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function openRolePicker(page: Page) {
  await page.goto(`${run.server.url}/permission/user`);
  await page.getByText('账户').first().waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /^新\s*建$/ }).click();
  const form = page.getByRole('dialog', { name: '新建用户' });
  await form.waitFor();
  await form.getByLabel('角色').click();
  const picker = page.getByRole('dialog', { name: '选择角色' });
  await picker.waitFor();
  const global = picker.getByRole('tab', { name: '全局' });
  if (await global.count()) await global.click();
  return picker;
}

describe('delegation in the console', () => {
  test("a tiered administrator's role picker lists only the roles it may give", async () => {
    await prepare();

    const page = await (await newContext(run.browser)).newPage();
    await signInThroughPage(page, run.server.url, 'e2etiered', password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    const picker = await openRolePicker(page);
    await picker.getByText('用户录入员').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'delegation-tiered-role-picker');
    expect(await picker.getByText('系统配置员').count()).toBe(0);

    // The super administrator's picker offers both: the difference is what the caller holds.
    const admin = await (await newContext(run.browser)).newPage();
    await signInThroughPage(admin, run.server.url, 'admin', adminPassword);
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    const full = await openRolePicker(admin);
    await full.getByText('系统配置员').first().waitFor({ timeout: 15_000 });
    expect(await full.getByText('用户录入员').count()).toBeGreaterThan(0);
    await screenshot(admin, 'delegation-admin-role-picker');
  });
});
