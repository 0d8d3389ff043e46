import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { adminPassword, closeContext, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 22 (browser): an approver node's 超时处理 and 节点通知 in the designer's property drawer: the
 * settings a person chooses are kept on the node (the engine's keys are checked by the API tests),
 * including a send configuration's template parameters mapped to system values.
 */

const run = serverAndBrowser();

const option = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label, { exact: true }).click();

describe('workflow designer: time limits and node messages', () => {
  test('an approver gets a 2-hour limit, a reminder, auto-approval at the second notice and a default message', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });

    await page.goto(`${run.server.url}/workFlow/flowEngine`);
    await page.getByRole('button', { name: /^新\s*建$/ }).click();
    await page.getByLabel('流程名称').first().fill('限时流程');
    await page.getByLabel('流程编码').fill('timed');
    await page.getByRole('tab', { name: '流程设计', exact: true }).click();
    const canvas = page.getByTestId('flow-canvas');
    const drawer = page.locator('.wf-node-drawer');

    await canvas.getByRole('button', { name: '在此添加节点' }).first().click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '审批节点' }).click();
    await canvas.getByRole('button', { name: '审批节点 请设置审批人' }).click();

    // An approver, so the graph may be saved: the administrator, found by name in the user picker.
    await drawer.getByLabel('审批人', { exact: true }).click();
    const picker = page.getByRole('dialog', { name: '选择用户' });
    await picker.getByPlaceholder('请输入关键词查询').fill('管理员');
    await picker.getByPlaceholder('请输入关键词查询').press('Enter');
    await picker.getByRole('button', { name: /管理员\// }).click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden' });

    await drawer.getByLabel('限时设置').click();
    await option(page, '自定义');
    await drawer.getByLabel('处理时限').fill('2');
    await drawer.getByLabel('限时提醒规则').click();
    await option(page, '自定义');
    await drawer.getByLabel('首次提醒').fill('1');
    await drawer.getByRole('checkbox', { name: '提醒通知' }).check();
    await drawer.getByLabel('超时设置').click();
    await option(page, '自定义');
    await drawer.getByLabel('每间隔').nth(1).fill('1');
    await drawer.getByRole('switch', { name: '超时自动审批' }).click();
    await drawer.getByLabel('第几次超时').fill('2');
    await drawer.getByLabel('节点同意').click();
    await option(page, '默认');
    await screenshot(page, 'workflow-timing-drawer');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();

    // Opened again, the drawer shows what the node now holds.
    await drawer.waitFor({ state: 'hidden' });
    await canvas.getByRole('button', { name: /^审批节点/ }).click();
    await expect.poll(() => drawer.getByLabel('处理时限').inputValue()).toBe('2');
    await expect.poll(() => drawer.getByLabel('第几次超时').inputValue()).toBe('2');
    await expect.poll(() => drawer.getByRole('checkbox', { name: '提醒通知' }).isChecked()).toBe(true);
    expect(
      await drawer.getByLabel('节点同意').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText(),
    ).toContain('默认');
    await closeContext(context);
  });
  test('a node message through a send configuration: its template parameter takes a system value', async () => {
    const { context, page, call } = await signedInWithApi(run);
    await call('POST', '/api/message/MessageTemplateConfig', {
      fullName: '退回提醒',
      enCode: 'e2eBack',
      messageType: '1',
      messageSource: '2',
      enabledMark: 1,
      title: '{who}退回了流程',
      content: '',
      templateParamList: [{ field: 'who', fieldName: '退回人' }],
    });
    const templates = await call<{ list: { id: string; enCode: string }[] }>(
      'GET',
      '/api/message/MessageTemplateConfig',
    );
    const templateId = templates.list.find((r) => r.enCode === 'e2eBack')?.id;
    await call('POST', '/api/message/SendMessageConfig', {
      fullName: '退回通知',
      enCode: 'e2eBackSend',
      enabledMark: 1,
      sendConfigTemplateList: [{ messageType: '1', templateId }],
    });

    await page.goto(`${run.server.url}/workFlow/flowEngine`);
    await page.getByRole('button', { name: /^新\s*建$/ }).click();
    await page.getByLabel('流程名称').first().fill('通知流程');
    await page.getByLabel('流程编码').fill('noticed');
    await page.getByRole('tab', { name: '流程设计', exact: true }).click();
    const canvas = page.getByTestId('flow-canvas');
    const drawer = page.locator('.wf-node-drawer');
    await canvas.getByRole('button', { name: '在此添加节点' }).first().click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '审批节点' }).click();
    await canvas.getByRole('button', { name: '审批节点 请设置审批人' }).click();

    await drawer.getByLabel('节点退回', { exact: true }).click();
    await option(page, '自定义');
    await drawer.getByLabel('节点退回 发送配置').click();
    await option(page, '退回通知');
    const param = drawer.getByLabel('节点退回 退回提醒 参数 who');
    await param.click();
    // Typed as a user narrows a long list (the dropdown shows a window of it).
    await param.fill('当前操作人');
    await option(page, '当前操作人');
    await screenshot(page, 'workflow-message-mapping');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();

    // Opened again, the drawer shows the mapping the node now holds.
    await drawer.waitFor({ state: 'hidden' });
    await canvas.getByRole('button', { name: /^审批节点/ }).click();
    await expect
      .poll(() => param.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText())
      .toContain('当前操作人');
    await closeContext(context);
  });
});
