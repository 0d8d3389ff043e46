import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { adminPassword, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';

/**
 * Issue 13 (browser): the message centre. The administrator opens 消息模板 and 发送配置 from the
 * menu, writes an in-app template whose parameters come from its text, sends it through a new
 * configuration to themselves from 测试发送, reads each channel's outcome and finds the message in
 * the bell.
 */

const run = serverAndBrowser();

const see = (where: Page | Locator, text: string | RegExp, timeout = 20_000) =>
  where.getByText(text).first().waitFor({ timeout });

/** Opens a page of the 消息中心 menu as a person does: the group, then the item, until its tab shows. */
async function openFromMenu(page: Page, name: string, path: RegExp) {
  // The item's accessible name starts with its icon's.
  const item = page.getByRole('menuitem', { name });
  if (!(await item.isVisible())) await page.getByRole('menuitem', { name: '消息中心' }).click();
  await item.click();
  await page.getByRole('tab', { name }).waitFor();
  await page.waitForURL(path);
  await page
    .getByRole('button', { name: /新\s*建/ })
    .first()
    .waitFor();
}

async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  // The visible item: antd's role=option list is only for screen readers.
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(option, { exact: true }).click();
}

describe('message centre', () => {
  test('an in-app template, a configuration using it, a test send to oneself arriving in the bell', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    const bell = page.locator('[data-testid=message-bell]');
    await bell.waitFor();
    const unread = async () => Number((await bell.getAttribute('aria-label'))?.replace(/\D/g, '') || 0);
    const before = await unread();

    // 消息模板: the parameters join the list as the title and content name them.
    await openFromMenu(page, '消息模板', /\/msgCenter\/msgTemplate$/);
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const templateBox = page.getByRole('dialog', { name: '新建' });
    await templateBox.waitFor();
    await templateBox.getByLabel('模板名称').fill('审批通知');
    await templateBox.getByLabel('模板编码').fill('e2e.approve');
    await choose(page, templateBox.getByLabel('消息来源'), '流程消息');

    // SMS keeps its text at the provider: the template names the provider's code instead.
    await choose(page, templateBox.getByLabel('消息类型'), '短信');
    await templateBox.getByLabel('模板编号').waitFor();
    expect(await templateBox.getByLabel('消息标题').count()).toBe(0);
    await screenshot(page, 'msg-template-dialog-sms');
    await choose(page, templateBox.getByLabel('消息类型'), '站内消息');

    await templateBox.getByLabel('消息标题').fill('{name} 的申请已通过');
    await templateBox.getByLabel('消息内容').fill('单号 {code}，请查收');
    await expect.poll(() => templateBox.getByLabel('参数字段 2').inputValue()).toBe('code');
    expect(await templateBox.getByLabel('参数字段 1').inputValue()).toBe('name');
    await templateBox.getByLabel('参数名称 1').fill('姓名');
    await templateBox.getByLabel('参数名称 2').fill('单号');
    await screenshot(page, 'msg-template-dialog');
    await templateBox.getByRole('button', { name: /确\s*定/ }).click();
    await templateBox.waitFor({ state: 'hidden', timeout: 15_000 });
    const templateRow = page.getByRole('row', { name: /审批通知/ });
    await templateRow.waitFor();
    expect(await templateRow.textContent()).toContain('站内消息');
    expect(await templateRow.textContent()).toContain('流程消息');
    await screenshot(page, 'msg-template-list');

    // 发送配置: one in-app channel sending that template.
    await openFromMenu(page, '发送配置', /\/msgCenter\/sendConfig$/);
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const configBox = page.getByRole('dialog', { name: '新建' });
    await configBox.waitFor();
    await configBox.getByLabel('配置名称').fill('审批结果');
    await configBox.getByLabel('配置编码').fill('e2e.approveResult');
    await choose(page, configBox.getByLabel('消息模板 1'), '审批通知');
    await screenshot(page, 'send-config-dialog');
    await configBox.getByRole('button', { name: /确\s*定/ }).click();
    await configBox.waitFor({ state: 'hidden', timeout: 15_000 });
    const configRow = page.getByRole('row', { name: /审批结果/ });
    await configRow.waitFor();
    expect(await configRow.textContent()).toContain('站内消息');
    await screenshot(page, 'send-config-list');

    // 测试发送: to the administrator (chosen already), with the template's parameters.
    await configRow.getByRole('button', { name: '测试发送' }).click();
    const sendBox = page.getByRole('dialog', { name: '测试发送 - 审批结果' });
    await sendBox.waitFor();
    await see(sendBox, /管理员/);
    await sendBox.getByLabel('姓名').fill('张三');
    await sendBox.getByLabel('单号').fill('A-1');
    await sendBox.getByRole('button', { name: /发\s*送/ }).click();
    const result = sendBox.getByRole('region', { name: '发送结果' });
    await see(result, '站内消息 · 审批通知');
    await see(result, '成功');
    await see(result, '已发送 1，已记录 0，失败 0');
    await screenshot(page, 'send-config-test-send');
    await sendBox.getByRole('button', { name: /^关\s+闭$/ }).click();

    // The message arrives in the bell, with the parameters filled.
    await expect.poll(unread, { timeout: 15_000 }).toBe(before + 1);
    await bell.click();
    await see(page, '张三 的申请已通过');
    await screenshot(page, 'send-config-bell');
    await page.keyboard.press('Escape');

    // In English the pages and dialogs speak English (and the screenshots can be read without CJK fonts).
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await see(page, 'Test send');
    await page
      .getByRole('row', { name: /审批结果/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const editBox = page.getByRole('dialog', { name: 'Edit' });
    await expect.poll(() => editBox.getByLabel('Code').inputValue()).toBe('e2e.approveResult');
    await see(editBox, '审批通知');
    await screenshot(page, 'send-config-dialog-en');
    await editBox.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('row', { name: /审批结果/ })
      .getByRole('button', { name: 'Test send' })
      .click();
    await see(page.getByRole('dialog'), 'Recipients');
    await screenshot(page, 'send-config-test-send-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('tab', { name: 'Message templates' }).click();
    await page
      .getByRole('row', { name: /审批通知/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const templateEdit = page.getByRole('dialog', { name: 'Edit' });
    await expect.poll(() => templateEdit.getByLabel('Display name 2').inputValue()).toBe('单号');
    await screenshot(page, 'msg-template-dialog-en');
    await context.close();
  });
});
