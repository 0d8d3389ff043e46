import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminPassword, closeContext, launchBrowser, newContext, screenshot, signInThroughPage } from './harness.ts';
import {
  addUserMember,
  createGroup,
  grantStep,
  groupRow,
  openGrants,
  openGroups,
  saveGrants,
  tick,
} from './permission-group.helpers.ts';
import { type PreparedServer, startServerWithUsers } from './users.auth-helpers.ts';

/**
 * Issue 25 (browser): the administrator creates a permission group on 权限授权, makes a user its
 * member and grants it the 岗位管理 menu; that user, signed in in another context, sees the menu
 * (and did not before). The "permissions" view of the user page names the group.
 */

let server: PreparedServer;
let browser: Browser;
const member = { account: 'pgmember', password: 'Abc12345', realName: '组员小李' };
beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithUsers([member]), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, account: string, password: string) {
  await signInThroughPage(page, server.url, account, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

const menuItems = (page: Page, name: string) => page.getByRole('menuitem', { name: new RegExp(name) }).count();

describe('permission groups', () => {
  test('a user made a member of a group that holds a menu sees that menu; then administers the head office', async () => {
    // Before: the user's role grants only the schedule page.
    const memberContext = await newContext(browser);
    const user = await memberContext.newPage();
    await signIn(user, member.account, member.password);
    await user.getByRole('menuitem', { name: /个人办公/ }).waitFor({ timeout: 20_000 });
    expect(await menuItems(user, '组织管理')).toBe(0);

    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', adminPassword);
    await openGroups(admin, server.url);
    await createGroup(admin, '岗位查看组', 'e2e.positionViewers');
    await screenshot(admin, 'permission-group-list');

    await addUserMember(admin, '岗位查看组', '组员小李', /组员小李/);
    await expect
      .poll(() => groupRow(admin, '岗位查看组').getByRole('cell', { name: '1', exact: true }).count())
      .toBe(1);

    const grants = await openGrants(admin, '岗位查看组');
    await tick(await grantStep(grants, '应用权限'), '企业管理平台', true);
    await tick(await grantStep(grants, '菜单权限'), '岗位管理', true);
    await screenshot(admin, 'permission-group-grants');
    await saveGrants(admin, grants);

    // The user's next CurrentUser (a reload) carries the menu the group holds.
    await user.reload();
    await expect.poll(() => menuItems(user, '组织管理'), { timeout: 20_000 }).toBeGreaterThan(0);
    // The shell opens the first menu group by itself; open it only when it is closed (a click would close it).
    const positions = user.getByRole('menuitem', { name: /岗位管理/ });
    if (!(await positions.isVisible())) await user.getByRole('menuitem', { name: /组织管理/ }).click();
    await positions.waitFor({ timeout: 15_000 });
    expect(await menuItems(user, '用户管理')).toBe(0);
    await screenshot(user, 'permission-group-member-menu');
    await closeContext(memberContext);

    // The user page's 权限 view names the group and shows what it grants.
    await admin.goto(`${server.url}/permission/user`);
    const row = admin.getByRole('row', { name: /pgmember/ });
    await row.getByRole('button', { name: '权限', exact: true }).click();
    const view = admin.getByRole('dialog', { name: /权限 - 组员小李/ });
    await view.getByRole('button', { name: '岗位查看组' }).first().waitFor({ timeout: 15_000 });
    await view.getByText('岗位管理').first().waitFor({ timeout: 15_000 });
    await screenshot(admin, 'permission-group-user-view');
    await admin.keyboard.press('Escape');

    // The menu page's view: the groups that grant 岗位管理 include this one.
    await admin.goto(`${server.url}/system/menu`);
    await admin
      .getByRole('row', { name: /组织管理/ })
      .first()
      .locator('.ant-table-row-expand-icon')
      .click();
    await admin
      .getByRole('row', { name: /岗位管理/ })
      .getByRole('button', { name: '权限组' })
      .click();
    const menuView = admin.getByRole('dialog', { name: /权限 - 岗位管理/ });
    await menuView.getByRole('button', { name: '岗位查看组' }).first().waitFor({ timeout: 15_000 });
    await menuView.getByRole('tree').getByText('岗位管理').first().waitFor({ timeout: 15_000 });
    await admin.keyboard.press('Escape');

    // 分级管理: the same user administers the head office, viewing it and below.
    await openGroups(admin, server.url);
    await admin.getByRole('tab', { name: '分级管理' }).click();
    await admin.getByRole('columnheader', { name: '管理组织' }).waitFor();
    await admin.getByRole('button', { name: '新建分级管理员' }).click();
    const form = admin.getByRole('dialog', { name: '新建分级管理员' });
    await form.getByLabel('管理员').click();
    const users = admin.getByRole('dialog', { name: '选择用户' });
    const keyword = users.getByPlaceholder('请输入关键词查询');
    await keyword.fill('组员小李');
    await keyword.press('Enter');
    await users.locator('.user-picker-item').filter({ hasText: '组员小李' }).first().click();
    await users.getByRole('button', { name: /确\s*定/ }).click();
    await users.waitFor({ state: 'hidden' });
    await form.getByLabel('管理组织').click();
    const organizations = admin.getByRole('dialog', { name: '选择组织' });
    await organizations.locator('.ant-tree').getByText('集团总部', { exact: true }).first().click();
    await organizations.getByRole('button', { name: /确\s*定/ }).click();
    await organizations.waitFor({ state: 'hidden' });
    await form.getByRole('group', { name: '集团总部 本层级' }).waitFor();
    await screenshot(admin, 'permission-group-administrator-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    const assigned = admin.getByRole('row', { name: /组员小李/ });
    await assigned.waitFor({ timeout: 15_000 });
    expect(await assigned.getByText('查看').count()).toBe(2);
    await screenshot(admin, 'permission-group-administrators');
    await closeContext(adminContext);
  });
});
