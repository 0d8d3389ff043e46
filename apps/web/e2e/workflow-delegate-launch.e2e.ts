import { createHash } from 'node:crypto';
import type { CurrentUser, FlowLaunchRow, FlowRecord, PageData } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { adminPassword, closeContext, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';
import { apiData, apiLogin, tokenOf } from './users.auth-helpers.ts';

/**
 * Issue 22, delegated launch: 陈委托 delegates launching to 丁代发; on a new launch form 丁代发
 * finds "发起人", chooses 陈委托 and submits; the task is 陈委托's (in her launched list) and its
 * launch record shows both names.
 */

const run = serverAndBrowser();
const password = 'Flow@e2e2026';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('delegated launch', () => {
  test('a delegate launches on behalf of the principal from the launch form', async () => {
    const adminContext = await newContext(run.browser);
    const adminPage = await adminContext.newPage();
    await signInThroughPage(adminPage, run.server.url, 'admin', adminPassword);
    await adminPage.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    const adminToken = await tokenOf(adminPage);
    const asAdmin = <T>(method: string, url: string, body?: unknown) =>
      apiData<T>(run.server.url, adminToken, method, url, body);

    const me = await asAdmin<CurrentUser>('GET', '/api/oauth/CurrentUser');
    const flowMenus = me.menuList.find((m) => m.enCode === 'workFlow');
    if (!flowMenus) throw new Error('the workflow menus are not seeded');
    const role = await asAdmin<{ id: string }>('POST', '/api/permission/Role', {
      fullName: '委托职员',
      enCode: 'e2e.delegate',
      globalMark: 1,
    });
    await asAdmin('PUT', `/api/permission/Authority/Data/${role.id}`, {
      objectType: 'Role',
      module: [flowMenus.id, ...(flowMenus.children ?? []).map((m) => m.id)],
    });
    const userIds: Record<string, string> = {};
    for (const [account, realName] of [
      ['chen', '陈委托'],
      ['ding', '丁代发'],
      ['liu', '刘审批'],
    ] as const) {
      const user = await asAdmin<{ id: string }>('POST', '/api/permission/Users', {
        account,
        realName,
        organizeId: me.userInfo.organizeId,
        roleId: role.id,
      });
      userIds[account] = user.id;
      await asAdmin('POST', `/api/permission/Users/${user.id}/Actions/ResetPassword`, {
        userPassword: md5(password),
        validatePassword: md5(password),
      });
    }
    const form = await asAdmin<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: '出差单',
      enCode: 'trip.form',
      webType: 2,
      enableFlow: 1,
      formData: JSON.stringify({ fields: [{ __vModel__: 'reason', __config__: { jnpfKey: 'input', label: '事由' } }] }),
      columnData: JSON.stringify({ columnList: [{ prop: 'reason', label: '事由' }] }),
    });
    await asAdmin('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
    const template = await asAdmin<{ id: string }>('POST', '/api/workflow/Engine/flowTemplate', {
      fullName: '出差申请',
      enCode: 'trip',
      flowTemplateJson: JSON.stringify([
        {
          id: '',
          fullName: '出差申请',
          flowTemplateJson: {
            type: 'start',
            nodeId: 'start',
            properties: { title: '流程发起', formId: form.id },
            childNode: {
              type: 'approver',
              nodeId: 'check',
              prevId: 'start',
              properties: { title: '主管审批', assigneeType: 6, approvers: [`${userIds.liu}--user`] },
            },
          },
        },
      ]),
    });
    await asAdmin('POST', `/api/workflow/Engine/flowTemplate/Release/${template.id}`);
    const [flow] = await asAdmin<{ id: string }[]>(
      'GET',
      `/api/workflow/Engine/flowTemplate/FlowJsonList/${template.id}?type=1`,
    );
    await closeContext(adminContext);

    // 陈委托 hands launching (type '0') of every flow to 丁代发 for the next hour.
    const chenToken = (await apiLogin(run.server.url, 'chen', password)).data?.token ?? '';
    const asChen = <T>(method: string, url: string, body?: unknown) =>
      apiData<T>(run.server.url, chenToken, method, url, body);
    await asChen('POST', '/api/workflow/Engine/FlowDelegate', {
      toUserId: userIds.ding,
      type: '0',
      flowId: '',
      startTime: Date.now() - 60_000,
      endTime: Date.now() + 3_600_000,
    });

    // 丁代发 opens a new launch form of the flow: "发起人" offers 陈委托; empty means himself.
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'ding', password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    const config = Buffer.from(JSON.stringify({ type: 1, processId: '', flowId: flow?.id })).toString('base64');
    await page.goto(`${run.server.url}/workFlowDetail?config=${encodeURIComponent(config)}`);
    const onBehalf = page.getByRole('combobox', { name: '发起人' });
    await onBehalf.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText('陈委托', { exact: true })
      .click();
    await page.keyboard.press('Escape');
    await page.getByLabel('事由').fill('上海出差');
    await screenshot(page, 'workflow-delegate-launch');
    // A launch that went through leaves the form (the page goes back); the lists below say what it made.
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/workFlowDetail'), { timeout: 20_000 });
    await closeContext(context);

    // The task is 陈委托's; its launch record names 丁代发 as the one who launched it for her.
    const mine = await asChen<PageData<FlowLaunchRow>>('GET', '/api/workflow/Engine/FlowLaunch');
    const task = mine.list.find((r) => r.flowId === flow?.id);
    expect(task).toMatchObject({ status: 1 });
    const records = await asChen<FlowRecord[]>('GET', `/api/workflow/Engine/FlowBefore/RecordList/${task?.id}`);
    expect(records[0]).toMatchObject({ handleStatus: 2, userName: '丁代发', operatorId: '陈委托' });
  });
});
