import { createHash } from 'node:crypto';
import type { CurrentUser } from '@platform/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { signedInWithApi } from './session.helpers.ts';

/**
 * What the workflow browser tests share: the select and user-picker steps of
 * the designer, and the staff a flow needs (users holding a role that opens the workflow menus).
 */

export const staffPassword = 'Flow@e2e2026';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Chooses `label` in the open select dropdown. */
export const option = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label, { exact: true }).click();

/** Picks users in the mixed picker opened from `field`: a keyword search per user, then 确定. */
export async function pickUsers(page: Page, field: Locator, names: string[]) {
  await field.click();
  const picker = page.getByRole('dialog', { name: '选择用户' });
  await picker.waitFor();
  const box = picker.getByPlaceholder('请输入关键词查询');
  for (const name of names) {
    await box.fill(name);
    await box.press('Enter');
    await picker.getByRole('button', { name: new RegExp(`${name}/`) }).click();
    await picker.locator('.selector-dialog-item').getByText(new RegExp(name)).waitFor();
  }
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await picker.waitFor({ state: 'hidden' });
}

/**
 * The administrator signed in, an API caller with their token, and `people` created in the
 * administrator's organisation with `staffPassword` and a role granting every workflow menu.
 */
export async function adminWithFlowStaff(
  serverUrl: string,
  browser: Browser,
  people: readonly (readonly [string, string])[],
) {
  const admin = await signedInWithApi({ server: { url: serverUrl }, browser });
  const { call } = admin;
  const me = await call<CurrentUser>('GET', '/api/oauth/CurrentUser');
  const flowMenus = me.menuList.find((m) => m.enCode === 'workFlow');
  if (!flowMenus) throw new Error('the workflow menus are not seeded');
  const role = await call<{ id: string }>('POST', '/api/permission/Role', {
    fullName: '流程职员',
    enCode: 'e2e.flow',
    globalMark: 1,
  });
  await call('PUT', `/api/permission/Authority/Data/${role.id}`, {
    objectType: 'Role',
    module: [flowMenus.id, ...(flowMenus.children ?? []).map((m) => m.id)],
  });
  const userIds: Record<string, string> = {};
  for (const [account, realName] of people) {
    const user = await call<{ id: string }>('POST', '/api/permission/Users', {
      account,
      realName,
      organizeId: me.userInfo.organizeId,
      roleId: role.id,
    });
    userIds[account] = user.id;
    await call('POST', `/api/permission/Users/${user.id}/Actions/ResetPassword`, {
      userPassword: md5(staffPassword),
      validatePassword: md5(staffPassword),
    });
  }
  return { ...admin, call, userIds };
}
