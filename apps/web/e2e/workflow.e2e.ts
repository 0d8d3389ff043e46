import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { answered, closeContext, screenshot, serverAndBrowser } from './harness.ts';
import { signedIn } from './session.helpers.ts';
import { adminWithFlowStaff, option, pickUsers, staffPassword } from './workflow.helpers.ts';

/**
 * Issue 22 (browser): a flow designed in the designer on a generated form (a condition on the
 * amount, a countersign of two on the large branch, a carbon copy), released, launched with a large
 * amount; both approvers agree from their to-do lists; the launcher sees it approved with both
 * opinions and the copied user finds it; a second launch is rejected back to the start and sent again.
 */

const run = serverAndBrowser();

/** Chooses in the open "+" menu, then waits for it to close (the next "+" opens a menu of its own). */
async function menu(page: Page, label: string) {
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: label }).click();
  await expect.poll(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
}

/** Opens the first row of a task list whose title holds `text` (审批 on the to-do list, 详情 elsewhere). */
async function openRow(page: Page, path: string, text: RegExp, button: string) {
  await page.goto(`${run.server.url}${path}`);
  const row = page.getByRole('row', { name: text }).first();
  await row.waitFor({ timeout: 20_000 });
  await row.getByRole('button', { name: button }).click();
  await page.waitForURL(/workFlowDetail/);
}

describe('workflow', () => {
  test('designed, released, launched, approved by a countersign of two, copied; a rejection goes back to the launcher', async () => {
    const people = [
      ['liu', '刘审批'],
      ['wang', '王审批'],
      ['zhao', '赵抄送'],
    ] as const;
    const admin = await adminWithFlowStaff(run.server.url, run.browser, people);
    const { page, call } = admin;
    // The generated form the flow runs on: an amount and a reason.
    const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: '报销单',
      enCode: 'expense.form',
      webType: 2,
      enableFlow: 1,
      formData: JSON.stringify({
        fields: [
          { __vModel__: 'amount', __config__: { jnpfKey: 'inputNumber', label: '金额', required: true } },
          { __vModel__: 'reason', __config__: { jnpfKey: 'input', label: '事由' } },
        ],
      }),
      columnData: JSON.stringify({ columnList: [{ prop: 'reason', label: '事由' }] }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);

    // The designer: basic settings, then the tree.
    await page.goto(`${run.server.url}/workFlow/flowEngine`);
    await page.getByRole('button', { name: /^新\s*建$/ }).click();
    await page.getByLabel('流程名称').first().fill('费用报销');
    await page.getByLabel('流程编码').fill('expense');
    await page.getByRole('tab', { name: '流程设计', exact: true }).click();
    const canvas = page.getByTestId('flow-canvas');
    const drawer = page.locator('.wf-node-drawer');
    const saveDrawer = () => drawer.getByRole('button', { name: /确\s*定/ }).click();

    // Start: the form and the carbon copy.
    await canvas.getByRole('button', { name: /^流程发起/ }).click();
    await drawer.getByLabel('流程表单').click();
    await option(page, '报销单');
    await pickUsers(page, drawer.getByLabel('抄送人'), ['赵抄送']);
    await saveDrawer();

    // A condition split after the start; the first branch: amount >= 10000.
    const adds = canvas.getByRole('button', { name: '在此添加节点' });
    await adds.first().click();
    await menu(page, '条件分支');
    await canvas.getByRole('button', { name: '条件 优先级1 请设置条件' }).click();
    await drawer.getByRole('button', { name: /添加条件组/ }).click();
    await drawer.getByLabel('条件1字段').click();
    await option(page, '金额');
    await drawer.getByLabel('条件1比较').click();
    await option(page, '大于等于');
    await drawer.getByLabel('条件1值').fill('10000');
    await saveDrawer();
    await canvas.getByRole('button', { name: '条件 优先级1 金额 大于等于 10000' }).waitFor();

    // The large branch: a countersign of two; the default branch: one approver.
    await adds.nth(1).click();
    await menu(page, '审批节点');
    await adds.nth(3).click();
    await menu(page, '审批节点');
    const unset = canvas.getByRole('button', { name: '审批节点 请设置审批人' });
    await expect.poll(() => unset.count()).toBe(2);
    await unset.first().click();
    await pickUsers(page, drawer.getByLabel('审批人', { exact: true }), ['刘审批', '王审批']);
    await drawer.getByLabel('会签').check();
    await saveDrawer();
    await unset.first().click();
    await pickUsers(page, drawer.getByLabel('审批人', { exact: true }), ['刘审批']);
    await saveDrawer();
    await screenshot(page, 'workflow-designer');

    const saved = await answered(page, '/api/workflow/Engine/flowTemplate', () =>
      page.getByRole('button', { name: /^保\s*存$/ }).click(),
    );
    expect(saved.code).toBe(200);
    const row = page.getByRole('row', { name: /费用报销/ });
    await row.getByRole('button', { name: '发布' }).click();
    const released = await answered(page, '/Release/', () =>
      page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定/ })
        .click(),
    );
    expect(released).toMatchObject({ code: 200 });

    // Launch with a large amount.
    const launch = async (amount: string, reason: string) => {
      await page.goto(`${run.server.url}/workFlow/flowQuickLaunch`);
      await page.getByRole('button', { name: /费用报销/ }).click();
      await page.waitForURL(/workFlowDetail/);
      await page.getByLabel('金额').fill(amount);
      await page.getByLabel('事由').fill(reason);
      const sent = await answered(page, '/api/workflow/Engine/FlowTask', () =>
        page.getByRole('button', { name: /^提\s*交$/ }).click(),
      );
      expect(sent.code).toBe(200);
    };
    await launch('20000', '设备采购');

    // Both approvers agree from their to-do lists.
    for (const [account, opinion] of [
      ['liu', '刘同意'],
      ['wang', '王同意'],
    ] as const) {
      const approver = await signedIn(run.server.url, run.browser, account, staffPassword);
      await openRow(approver.page, '/workFlow/flowTodo', /费用报销/, '审批');
      await approver.page.getByLabel('审批意见').fill(opinion);
      if (account === 'liu') await screenshot(approver.page, 'workflow-detail-todo');
      const agreed = await answered(approver.page, '/FlowBefore/Audit/', () =>
        approver.page.getByRole('button', { name: /^同\s*意$/ }).click(),
      );
      expect(agreed.code).toBe(200);
      await closeContext(approver.context);
    }

    // The launcher sees it approved, with both opinions in the records.
    await page.goto(`${run.server.url}/workFlow/flowLaunch`);
    await page.getByRole('row', { name: /费用报销.*审核通过/ }).waitFor({ timeout: 20_000 });
    await openRow(page, '/workFlow/flowLaunch', /费用报销/, '详情');
    await page.getByRole('tab', { name: '流转记录', exact: true }).click();
    await page.getByRole('cell', { name: '刘同意' }).waitFor();
    await page.getByRole('cell', { name: '王同意' }).waitFor();
    await page.getByRole('tab', { name: '流程信息', exact: true }).click();
    await screenshot(page, 'workflow-detail-graph');

    // The copied user finds it in 抄送事宜.
    const copied = await signedIn(run.server.url, run.browser, 'zhao', staffPassword);
    await copied.page.goto(`${run.server.url}/workFlow/flowCirculate`);
    await copied.page.getByRole('row', { name: /费用报销/ }).waitFor({ timeout: 20_000 });
    await closeContext(copied.context);

    // A small amount goes to the default branch; its approver rejects it back to the start.
    await launch('500', '打印纸');
    const approver = await signedIn(run.server.url, run.browser, 'liu', staffPassword);
    await openRow(approver.page, '/workFlow/flowTodo', /费用报销/, '审批');
    await approver.page.getByLabel('审批意见').fill('金额有误');
    await approver.page.getByRole('button', { name: /^拒\s*绝$/ }).click();
    const rejected = await answered(approver.page, '/FlowBefore/Reject/', () =>
      approver.page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定/ })
        .click(),
    );
    expect(rejected).toMatchObject({ code: 200 });

    // The launcher opens the returned task, corrects it and sends it again; it is back in the to-do list.
    await page.goto(`${run.server.url}/workFlow/flowLaunch`);
    await page.getByRole('row', { name: /费用报销.*审核退回/ }).waitFor({ timeout: 20_000 });
    await page
      .getByRole('row', { name: /审核退回/ })
      .getByRole('button', { name: '详情' })
      .click();
    await page.waitForURL(/workFlowDetail/);
    await page.getByLabel('事由').fill('打印纸两箱');
    const again = await answered(page, '/api/workflow/Engine/FlowTask', () =>
      page.getByRole('button', { name: /^提\s*交$/ }).click(),
    );
    expect(again.code).toBe(200);
    await approver.page.goto(`${run.server.url}/workFlow/flowTodo`);
    await approver.page.getByRole('row', { name: /费用报销/ }).waitFor({ timeout: 20_000 });
    await closeContext(approver.context);
    await closeContext(admin.context);
  }, 240_000);
});
