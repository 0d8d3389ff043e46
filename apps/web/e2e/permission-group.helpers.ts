import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './harness.ts';

/**
 * Steps on the permission group page (权限授权, permission/authorize) that browser tests share:
 * creating a group, choosing its members in the mixed picker, and granting it through the wizard.
 */

const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

async function confirm(page: Page, box: Locator, name: string) {
  await box.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await box.waitFor({ state: 'hidden', timeout: 15_000 }).catch(async (error: unknown) => {
    await screenshot(page, `${name}-failed-dialog`);
    throw error;
  });
}

/** Opens the page and waits for its table. */
export async function openGroups(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/permission/authorize`);
  await page.getByRole('columnheader', { name: '权限组名称' }).waitFor({ timeout: 20_000 });
}

export const groupRow = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

/** 新建 a group with this name and code; waits for its row. */
export async function createGroup(page: Page, name: string, code: string) {
  await page.getByRole('button', { name: /^新\s*建$/ }).click();
  const form = dialog(page, '新建权限组');
  await form.getByLabel('权限组名称').fill(name);
  await form.getByLabel('权限组编码').fill(code);
  await confirm(page, form, 'group-create');
  await groupRow(page, name).waitFor({ timeout: 15_000 });
}

/** The group's 权限成员 dialog (the mixed picker), open. */
export async function openMembers(page: Page, group: string): Promise<Locator> {
  await groupRow(page, group).getByRole('button', { name: '权限成员' }).click();
  const picker = dialog(page, `权限成员 - ${group}`);
  await picker.waitFor();
  return picker;
}

/** Adds a user found by keyword to the group's members. */
export async function addUserMember(page: Page, group: string, keyword: string, name: string | RegExp) {
  const picker = await openMembers(page, group);
  const box = picker.getByPlaceholder('请输入关键词查询');
  await box.fill(keyword);
  await box.press('Enter');
  await picker.locator('.user-picker-item').filter({ hasText: name }).first().click();
  await expect.poll(() => picker.locator('.selector-dialog-item').filter({ hasText: name }).count()).toBe(1);
  await confirm(page, picker, 'group-members');
}

/** Adds a role (from the 角色 tab) to the group's members. */
export async function addRoleMember(page: Page, group: string, role: string) {
  const picker = await openMembers(page, group);
  const tab = picker.getByRole('tab', { name: '角色' });
  // The dialog zooms in as it opens; a click measured mid-animation can land beside the tab.
  await expect
    .poll(
      async () => {
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        return tab.getAttribute('aria-selected');
      },
      { timeout: 15_000 },
    )
    .toBe('true');
  await picker.locator('.ant-tree').getByText(role, { exact: true }).first().click();
  await expect.poll(() => picker.locator('.selector-dialog-item').filter({ hasText: role }).count()).toBe(1);
  await confirm(page, picker, 'group-members');
}

/** The group's 权限授权 dialog, open. */
export async function openGrants(page: Page, group: string): Promise<Locator> {
  await groupRow(page, group).getByRole('button', { name: '权限授权' }).click();
  const box = dialog(page, `权限授权 - ${group}`);
  await box.waitFor();
  return box;
}

/** Opens a step of the grant wizard and waits for its tree. */
export async function grantStep(box: Locator, step: string): Promise<Locator> {
  await box.getByRole('tab', { name: step }).click();
  const panel = box.getByRole('tabpanel', { name: step });
  await panel.locator('.ant-tree').first().waitFor({ timeout: 15_000 });
  return panel;
}

/** Ticks or unticks one node of a step's tree. */
export async function tick(panel: Locator, name: string, checked: boolean) {
  const node = panel.locator('.ant-tree-treenode').filter({ hasText: name }).last();
  await node.waitFor();
  const box = node.locator('.ant-tree-checkbox');
  const isChecked = async () => (await box.getAttribute('class'))?.includes('ant-tree-checkbox-checked') ?? false;
  if ((await isChecked()) !== checked) await box.click();
  await expect.poll(isChecked).toBe(checked);
}

/** 保存 of the grant dialog; waits for it to close. */
export async function saveGrants(page: Page, box: Locator) {
  await confirm(page, box, 'group-grants');
}
