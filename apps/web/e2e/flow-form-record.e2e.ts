import { describe, expect, test } from 'vitest';
import { screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 36 (browser): a flow launched on a generated form. Its launch form shows the system fields
 * as the save will fill them (the signed-in user's name and organisation), not 系统自动生成; the
 * launch saves the form's record, which its list shows with the bill number.
 */

const run = serverAndBrowser();

const field = (jnpfKey: string, name: string, label: string, config: object = {}) => ({
  __vModel__: name,
  __config__: { jnpfKey, label, ...config },
});

describe('a flow launched on a generated form', () => {
  test("the launch form shows the launcher's name and organisation; the launch is a row of the form", async () => {
    const { context, page, call } = await signedInWithApi(run);

    const me = await call<{
      userInfo: { userId: string; userName: string; userAccount: string; organizeName: string };
    }>('GET', '/api/oauth/CurrentUser');
    const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: '报销单',
      enCode: 'e2e.expense',
      webType: 2,
      enableFlow: 1,
      formData: JSON.stringify({
        fields: [
          field('input', 'title', '事由'),
          field('createUser', 'creator', '创建人'),
          field('currOrganize', 'company', '所属组织'),
          field('createTime', 'createdAt', '创建时间'),
          field('modifyUser', 'modifier', '修改人'),
        ],
      }),
      columnData: JSON.stringify({
        columnList: [
          { prop: 'title', label: '事由' },
          { prop: 'creator', label: '创建人' },
        ],
      }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
    const graph = {
      type: 'start',
      nodeId: 'start',
      properties: { title: '发起', formId: form.id },
      childNode: {
        type: 'approver',
        nodeId: 'check',
        properties: { title: '审批', assigneeType: 6, approvers: [`${me.userInfo.userId}--user`] },
      },
    };
    const template = await call<{ id: string }>('POST', '/api/workflow/Engine/flowTemplate', {
      fullName: '报销流程',
      enCode: 'e2e.expense.flow',
      flowTemplateJson: JSON.stringify([{ id: '', fullName: '报销流程', flowTemplateJson: graph }]),
    });
    await call('POST', `/api/workflow/Engine/flowTemplate/Release/${template.id}`);

    await page.goto(`${run.server.url}/workFlow/flowQuickLaunch`);
    await page.getByRole('button', { name: /报销流程/ }).click();
    await page.waitForURL(/workFlowDetail/);
    const creator = page.getByLabel('创建人');
    await expect.poll(() => creator.inputValue()).toBe(`${me.userInfo.userName}/${me.userInfo.userAccount}`);
    expect(await page.getByLabel('所属组织').inputValue()).toBe(me.userInfo.organizeName);
    expect(await page.getByLabel('创建时间').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Filled on an edit only: the hint stays.
    expect(await page.getByLabel('修改人').getAttribute('placeholder')).toBe('系统自动生成');
    await page.getByLabel('事由').fill('差旅报销');
    await screenshot(page, 'flow-form-record-launch');
    await page.getByRole('button', { name: /^提\s*交$/ }).click();

    // The launch is a record of the form, pending, with its creator.
    await expect
      .poll(
        async () =>
          (
            await call<{ list: { title: string; creator: string; flowState: number }[] }>(
              'POST',
              `/api/visualdev/OnlineDev/${form.id}/List`,
              {},
            )
          ).list,
        { timeout: 15_000 },
      )
      .toEqual([
        expect.objectContaining({
          title: '差旅报销',
          creator: `${me.userInfo.userName}/${me.userInfo.userAccount}`,
          flowState: 1,
        }),
      ]);
    await context.close();
  });
});
