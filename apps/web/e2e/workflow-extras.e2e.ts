import { readFileSync } from 'node:fs';
import type { CurrentUser } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { createInterface } from './data-interface.helpers.ts';
import { adminPassword, answered, closeContext, screenshot, serverAndBrowser } from './harness.ts';
import { signedIn } from './session.helpers.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';
import { adminWithFlowStaff, option, pickUsers, staffPassword } from './workflow.helpers.ts';

/**
 * Issue 22, the web side of sub-flows, transfer, comments and signatures: a sub-flow node set in
 * the designer (child flow, initiator, a field passed to the child, autoSubmit); the template
 * exported and imported (a broken file's error shown); a launch whose child opens from the
 * 子流程 dialog; a comment with a file; the child approved with a signature and an attachment,
 * and the records showing the handle-status names, the signature and the file.
 */

const run = serverAndBrowser();

describe('workflow extras', () => {
  test('sub-flow designed and opened from its parent, template export and import, a comment with a file, a signed approval with an attachment', async () => {
    const people = [
      ['liu', '刘审批'],
      ['wang', '王发起'],
    ] as const;
    const admin = await adminWithFlowStaff(run.server.url, run.browser, people);
    const { page, call, userIds } = admin;
    const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: '采购单',
      enCode: 'purchase.form',
      webType: 2,
      enableFlow: 1,
      formData: JSON.stringify({
        fields: [
          { __vModel__: 'amount', __config__: { jnpfKey: 'inputNumber', label: '金额' } },
          { __vModel__: 'reason', __config__: { jnpfKey: 'input', label: '事由' } },
        ],
      }),
      columnData: JSON.stringify({ columnList: [{ prop: 'reason', label: '事由' }] }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
    // The child flow: on the same form, approved by 刘审批 with a signature (hasSign).
    const child = await call<{ id: string }>('POST', '/api/workflow/Engine/flowTemplate', {
      fullName: '子采购',
      enCode: 'purchase.child',
      flowTemplateJson: JSON.stringify([
        {
          id: '',
          fullName: '子采购',
          flowTemplateJson: {
            type: 'start',
            nodeId: 'cstart',
            properties: { title: '流程发起', formId: form.id, hasSign: true },
            childNode: {
              type: 'approver',
              nodeId: 'ccheck',
              prevId: 'cstart',
              properties: { title: '采购审批', assigneeType: 6, approvers: [`${userIds.liu}--user`] },
            },
          },
        },
      ]),
    });
    await call('POST', `/api/workflow/Engine/flowTemplate/Release/${child.id}`);

    // 1. The designer: start on the form, then a sub-flow node launching 子采购 as 王发起, passing 金额.
    await page.goto(`${run.server.url}/workFlow/flowEngine`);
    await page.getByRole('button', { name: /^新\s*建$/ }).click();
    await page.getByLabel('流程名称').first().fill('采购申请');
    await page.getByLabel('流程编码').fill('purchase');
    await page.getByRole('tab', { name: '流程设计', exact: true }).click();
    const canvas = page.getByTestId('flow-canvas');
    const drawer = page.locator('.wf-node-drawer');
    const saveDrawer = () => drawer.getByRole('button', { name: /确\s*定/ }).click();
    await canvas.getByRole('button', { name: /^流程发起/ }).click();
    await drawer.getByLabel('流程表单').click();
    await option(page, '采购单');
    await saveDrawer();
    await canvas.getByRole('button', { name: '在此添加节点' }).first().click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '子流程' }).click();
    await canvas
      .getByRole('button', { name: /^子流程/ })
      .first()
      .click();
    await drawer.getByRole('combobox', { name: '子流程 :' }).click();
    await option(page, '子采购');
    await pickUsers(page, drawer.getByLabel('审批人', { exact: true }), ['王发起']);
    await drawer.getByRole('button', { name: /添加数据传递/ }).click();
    await drawer.getByLabel('第1条父流程字段').click();
    await option(page, '金额');
    await drawer.getByLabel('第1条子流程字段').click();
    await option(page, '金额');
    await drawer.getByLabel('同步').check();
    await drawer.getByLabel('自动提交').click();
    await screenshot(page, 'workflow-subflow-node');
    await saveDrawer();
    // A flow needs an approver: 刘审批 after the sub-flow.
    await canvas.getByRole('button', { name: '在此添加节点' }).nth(1).click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '审批节点' }).click();
    await canvas.getByRole('button', { name: '审批节点 请设置审批人' }).click();
    await pickUsers(page, drawer.getByLabel('审批人', { exact: true }), ['刘审批']);
    await saveDrawer();
    const saved = await answered(page, '/api/workflow/Engine/flowTemplate', () =>
      page.getByRole('button', { name: /^保\s*存$/ }).click(),
    );
    expect(saved.code).toBe(200);
    const row = page.getByRole('row', { name: /采购申请/ });
    await row.getByRole('button', { name: '发布' }).click();
    const released = await answered(page, '/Release/', () =>
      page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定/ })
        .click(),
    );
    expect(released).toMatchObject({ code: 200 });

    // 2. Export (the .ffe file's address answers) and import: a broken file says why; the real one is added.
    const exported = await answered(page, '/Actions/Export', async () => {
      await row.getByRole('button', { name: '导出' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定/ })
        .click();
    });
    expect(exported.code).toBe(200);
    const url = (exported.data as { url: string }).url;
    const content = await (await fetch(`${run.server.url}${url}`)).text();
    const importFile = async (name: string, body: string) => {
      await page.getByRole('button', { name: /^导\s*入$/ }).click();
      const dialog = page.getByRole('dialog', { name: '导入' });
      await dialog.getByLabel('追加').check();
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
      return {
        dialog,
        answer: await answered(page, '/Actions/Import', () => dialog.getByRole('button', { name: /确\s*定/ }).click()),
      };
    };
    const broken = await importFile('broken.ffe', '{"format":"x"}');
    expect(broken.answer.code).toBe(400);
    await page
      .getByText(/导入文件格式错误/)
      .first()
      .waitFor();
    await broken.dialog.getByRole('button', { name: /取\s*消/ }).click();
    const good = await importFile('purchase.ffe', content);
    expect(good.answer).toMatchObject({ code: 200, msg: '导入成功' });
    await page.reload();
    await expect.poll(() => page.getByRole('row', { name: /采购申请/ }).count(), { timeout: 20_000 }).toBe(2);

    // 3. A launch: the child is launched as 王发起 with the amount; the parent's 子流程 dialog opens it.
    const flows = await call<{ id: string }[]>(
      'GET',
      `/api/workflow/Engine/flowTemplate/FlowJsonList/${(saved.data as { id: string }).id}`,
    );
    const launched = await call<{ id: string }>('POST', '/api/workflow/Engine/FlowTask', {
      flowId: flows[0]?.id,
      formData: { amount: 20000, reason: '服务器' },
      status: 0,
    });
    expect(launched.id).toBeTruthy();
    await page.goto(`${run.server.url}/workFlow/flowLaunch`);
    await page
      .getByRole('row', { name: /采购申请/ })
      .first()
      .getByRole('button', { name: '详情' })
      .click();
    await page.waitForURL(/workFlowDetail/);
    await page.getByRole('button', { name: /^子流程$/ }).click();
    const subFlows = page.getByRole('dialog', { name: '子流程' });
    await subFlows.getByRole('row', { name: /子采购/ }).waitFor();
    await screenshot(page, 'workflow-subflow-dialog');

    // 4. A comment with a file on the parent.
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: '流程评论', exact: true }).click();
    await page.getByLabel('评论内容').fill('请优先处理');
    await page
      .locator('#wf-comment-files input[type=file]')
      .setInputFiles({ name: '报价.txt', mimeType: 'text/plain', buffer: Buffer.from('price list') });
    await page.locator('#wf-comment-files').getByText('报价.txt').waitFor();
    const posted = await answered(page, '/api/workflow/Engine/FlowComment', () =>
      page.getByRole('button', { name: '发表评论' }).click(),
    );
    expect(posted).toMatchObject({ code: 200, msg: '评论成功' });
    const comment = page.getByRole('list', { name: '流程评论' }).getByRole('listitem').first();
    await comment.getByText('请优先处理').waitFor();
    await comment.getByText('报价.txt').waitFor();
    // The file's link downloads the file itself (not the JSON its upload address answers).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      comment.getByRole('link', { name: '报价.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('报价.txt');
    expect(readFileSync(await download.path(), 'utf8')).toBe('price list');
    await screenshot(page, 'workflow-comments');

    // The child opens from the dialog with the passed amount.
    await page.getByRole('button', { name: /^子流程$/ }).click();
    await subFlows
      .getByRole('row', { name: /子采购/ })
      .getByRole('button', { name: '查看' })
      .click();
    await page.waitForURL(/workFlowDetail/);
    await page.getByRole('heading', { name: /子采购/ }).waitFor();
    await page
      .getByText(/20,?000/)
      .first()
      .waitFor();

    // 5. 刘审批 agrees on the child: the flow asks for a signature; an attachment goes with it.
    const approver = await signedIn(run.server.url, run.browser, 'liu', staffPassword);
    const ap = approver.page;
    await ap.goto(`${run.server.url}/workFlow/flowTodo`);
    await ap
      .getByRole('row', { name: /子采购/ })
      .first()
      .getByRole('button', { name: '审批' })
      .click();
    await ap.waitForURL(/workFlowDetail/);
    await ap.getByLabel('审批意见').fill('同意采购');
    await ap
      .locator('#wf-action-files input[type=file]')
      .setInputFiles({ name: '验收单.txt', mimeType: 'text/plain', buffer: Buffer.from('checked') });
    await ap.locator('#wf-action-files').getByText('验收单.txt').waitFor();
    await ap.getByRole('button', { name: /^同\s*意$/ }).click();
    const signDialog = ap.getByRole('dialog', { name: '审批签名' });
    await signDialog.getByRole('button', { name: '手写签名' }).click();
    const pad = ap.getByRole('dialog', { name: '请签名' }).locator('canvas');
    const box = await pad.boundingBox();
    if (!box) throw new Error('the signature pad is not shown');
    await ap.mouse.move(box.x + 40, box.y + 60);
    await ap.mouse.down();
    await ap.mouse.move(box.x + 160, box.y + 120, { steps: 8 });
    await ap.mouse.move(box.x + 260, box.y + 70, { steps: 8 });
    await ap.mouse.up();
    await ap
      .getByRole('dialog', { name: '请签名' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await signDialog.getByRole('img', { name: '签名图片' }).waitFor();
    const agreed = await answered(ap, '/FlowBefore/Audit/', () =>
      signDialog.getByRole('button', { name: /确\s*定/ }).click(),
    );
    expect(agreed.code).toBe(200);

    // 6. The records: the handle-status names of the shared locale, the signature and the file.
    await ap.getByRole('tab', { name: '流转记录', exact: true }).click();
    const records = ap.getByRole('tabpanel');
    await records.getByText('发起', { exact: true }).waitFor();
    await records.getByText('同意', { exact: true }).waitFor();
    await records.getByRole('img', { name: '签名' }).waitFor();
    await records.getByText('验收单.txt').waitFor();
    await screenshot(ap, 'workflow-records');
    await closeContext(approver.context);
    await closeContext(admin.context);
  }, 300_000);

  test('the monitor changes a running task to another node and revives an ended one', async () => {
    // The administrator is the monitor, and handles both nodes (no one else is needed here).
    const admin = await signedIn(run.server.url, run.browser, 'admin', adminPassword);
    const { page } = admin;
    const token = await tokenOf(page);
    const call = <T>(method: string, url: string, body?: unknown) =>
      apiData<T>(run.server.url, token, method, url, body);
    const me = await call<CurrentUser>('GET', '/api/oauth/CurrentUser');
    const adminId = me.userInfo.userId;
    const approverNode = (nodeId: string, title: string, user: string) => ({
      type: 'approver',
      nodeId,
      properties: { title, assigneeType: 6, approvers: [`${user}--user`] },
    });
    const template = await call<{ id: string }>('POST', '/api/workflow/Engine/flowTemplate', {
      fullName: '监控流程',
      enCode: 'monitored.flow',
      flowTemplateJson: JSON.stringify([
        {
          id: '',
          fullName: '监控流程',
          flowTemplateJson: {
            type: 'start',
            nodeId: 'mstart',
            properties: { title: '流程发起' },
            childNode: {
              ...approverNode('first', '初审', adminId),
              childNode: approverNode('second', '复审', adminId),
            },
          },
        },
      ]),
    });
    await call('POST', `/api/workflow/Engine/flowTemplate/Release/${template.id}`);
    const flows = await call<{ id: string }[]>('GET', `/api/workflow/Engine/flowTemplate/FlowJsonList/${template.id}`);
    const launched = await call<{ id: string }>('POST', '/api/workflow/Engine/FlowTask', {
      flowId: flows[0]?.id,
      formData: {},
      status: 0,
    });

    // 变更: the running task (at 初审) moves to 复审.
    await page.goto(`${run.server.url}/workFlow/flowMonitor`);
    const row = page.locator('tr', { hasText: '监控流程' }).first();
    await row.getByText('初审').waitFor();
    await row.getByRole('button', { name: '变更' }).click();
    const dialog = page.getByRole('dialog', { name: '变更' });
    await dialog.getByLabel('变更节点').click();
    await option(page, '复审');
    await dialog.getByLabel('变更意见').fill('初审人休假');
    const changed = await answered(page, '/FlowBefore/Change', () =>
      dialog.getByRole('button', { name: /确\s*定/ }).click(),
    );
    expect(changed).toMatchObject({ code: 200, msg: '变更成功' });
    await row.getByText('复审').waitFor();
    await screenshot(page, 'workflow-monitor-changed');

    // 复活: once terminated, the task is revived at 初审.
    await call('POST', `/api/workflow/Engine/FlowBefore/Cancel/${launched.id}`, {});
    await page.reload();
    await row.getByRole('button', { name: '复活' }).click();
    const revive = page.getByRole('dialog', { name: '复活' });
    await revive.getByLabel('复活节点').click();
    await option(page, '初审');
    const revived = await answered(page, '/FlowBefore/Change', () =>
      revive.getByRole('button', { name: /确\s*定/ }).click(),
    );
    expect(revived).toMatchObject({ code: 200, msg: '复活成功' });
    await row.getByText('初审').waitFor();
    await row.getByRole('button', { name: '变更' }).waitFor();

    // 更多: 挂起 a running task, 恢复 it, then 指派 its node to one person.
    const fromMore = async (item: string, path: string, question?: string) => {
      await row.getByRole('button', { name: /更\s*多/ }).click();
      const act = () => page.getByRole('menuitem', { name: item }).click();
      if (!question) return act();
      await act();
      const confirm = page.getByRole('dialog').filter({ hasText: question });
      return answered(page, path, () => confirm.getByRole('button', { name: /确\s*定/ }).click());
    };
    expect(await fromMore('挂起', '/FlowBefore/Suspend', '此操作将挂起该流程')).toMatchObject({ msg: '挂起成功' });
    await row.getByText('已挂起').waitFor();
    expect(await fromMore('恢复', '/FlowBefore/Restore', '此操作将恢复该流程')).toMatchObject({ msg: '恢复成功' });
    await row.getByText('等待审核').waitFor();
    await fromMore('指派', '');
    const assign = page.getByRole('dialog', { name: '指派' });
    await assign.getByLabel('指派节点').click();
    await option(page, '初审');
    await pickUsers(page, assign.getByLabel('指派给'), ['管理员']);
    await screenshot(page, 'workflow-monitor-assign');
    const assigned = await answered(page, '/FlowBefore/Assign', () =>
      assign.getByRole('button', { name: /确\s*定/ }).click(),
    );
    expect(assigned).toMatchObject({ code: 200, msg: '指派成功' });
    await screenshot(page, 'workflow-monitor-more');
    await closeContext(admin.context);
  }, 120_000);

  test('an approver taken from a data interface set in the designer, and the monitor’s event log of its node', async () => {
    const admin = await signedIn(run.server.url, run.browser, 'admin', adminPassword);
    const { page } = admin;
    const token = await tokenOf(page);
    const call = <T>(method: string, url: string, body?: unknown) =>
      apiData<T>(run.server.url, token, method, url, body);
    await createInterface(call, {
      fullName: '审批人账号',
      enCode: 'e2e.approverByAccount',
      sql: 'select id as "userId" from app_user where account = {acct}',
      parameters: [{ field: 'acct', fieldName: '账号', dataType: 'varchar' }],
    });
    const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: '用印申请',
      enCode: 'seal.form',
      webType: 2,
      enableFlow: 1,
      formData: JSON.stringify({
        fields: [{ __vModel__: 'who', __config__: { jnpfKey: 'input', label: '审批账号' } }],
      }),
      columnData: JSON.stringify({ columnList: [{ prop: 'who', label: '审批账号' }] }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);

    // The designer: an approver of the kind 服务接口, its interface chosen, its parameter read from 审批账号.
    await page.goto(`${run.server.url}/workFlow/flowEngine`);
    await page.getByRole('button', { name: /^新\s*建$/ }).click();
    await page.getByLabel('流程名称').first().fill('用印审批');
    await page.getByLabel('流程编码').fill('seal');
    await page.getByRole('tab', { name: '流程设计', exact: true }).click();
    const canvas = page.getByTestId('flow-canvas');
    const drawer = page.locator('.wf-node-drawer');
    await canvas.getByRole('button', { name: /^流程发起/ }).click();
    await drawer.getByLabel('流程表单').click();
    await option(page, '用印申请');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await canvas.getByRole('button', { name: '在此添加节点' }).first().click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '审批节点' }).click();
    await canvas.getByRole('button', { name: '审批节点 请设置审批人' }).click();
    await drawer.getByLabel('审批人类型').click();
    await option(page, '服务接口');
    await drawer.getByLabel('数据接口', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('审批人账号', { exact: true }).click();
    await drawer.getByTestId('wf-interface-params').getByText('账号(acct)').waitFor();
    await drawer.getByLabel('acct 的值').click();
    await option(page, '审批账号');
    await screenshot(page, 'workflow-interface-approver');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    const saved = await answered(page, '/api/workflow/Engine/flowTemplate', () =>
      page.getByRole('button', { name: /^保\s*存$/ }).click(),
    );
    expect(saved.code).toBe(200);
    const templateId = (saved.data as { id: string }).id;
    // apiData fails the test unless the release answers 200.
    await call('POST', `/api/workflow/Engine/flowTemplate/Release/${templateId}`);
    const flows = await call<{ id: string; flowTemplateJson: string }[]>(
      'GET',
      `/api/workflow/Engine/flowTemplate/FlowJsonList/${templateId}`,
    );
    const tree = JSON.parse(flows[0]?.flowTemplateJson ?? '{}') as { childNode?: { properties: object } };
    expect(tree.childNode?.properties).toMatchObject({
      assigneeType: 9,
      templateJson: [{ field: 'acct', sourceType: 1, relationField: 'who' }],
    });

    // A launch naming admin: the interface gives admin the to-do; the monitor's event log shows the node.
    await call('POST', '/api/workflow/Engine/FlowTask', {
      flowId: flows[0]?.id,
      formData: { who: 'admin' },
      status: 0,
    });
    await page.goto(`${run.server.url}/workFlow/flowMonitor`);
    // The monitor lists every task (its row is the task), not the administrator's own to-dos.
    await page
      .getByRole('row', { name: /用印审批/ })
      .first()
      .getByRole('button', { name: '详情' })
      .click();
    await page.waitForURL(/workFlowDetail/);
    await page.getByRole('tab', { name: '事件日志', exact: true }).click();
    const log = page.getByRole('tabpanel');
    await log.getByRole('cell', { name: '到达节点' }).waitFor();
    await log.getByRole('cell', { name: '生成待办' }).waitFor();
    await screenshot(page, 'workflow-event-log');
    await closeContext(admin.context);
  }, 180_000);
});
