import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 36 (browser): a record is printed where it is shown, from its list row (更多 → 打印) and
 * from its flow's detail (打印 on the start node): the preview shows the record's values and the
 * Word file downloads with them.
 */

const run = serverAndBrowser();

const field = (jnpfKey: string, name: string, label: string, rest: object = {}) => ({
  __vModel__: name,
  __config__: { jnpfKey, label },
  ...rest,
});

/** The preview's Word download, as text. */
async function wordText(page: Page, preview: Locator): Promise<{ name: string; html: string }> {
  const downloading = page.waitForEvent('download');
  await preview.getByRole('button', { name: /^下\s*载$/ }).click();
  const download: Download = await downloading;
  const { value: html } = await mammoth.convertToHtml({ buffer: await readFile(await download.path()) });
  return { name: download.suggestedFilename(), html };
}

describe('printing records', () => {
  test('a record prints from its list row and from its flow detail: preview and Word', async () => {
    const { context, page, call } = await signedInWithApi(run);

    const fields = [
      field('input', 'name', '名称'),
      field('select', 'level', '级别', {
        options: [
          { id: '1', fullName: '普通' },
          { id: '2', fullName: '加急' },
        ],
      }),
    ];
    const draft = {
      fullName: '出差申请',
      enCode: 'e2e.trip',
      webType: 2,
      columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
    };
    const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      ...draft,
      formData: JSON.stringify({ fields }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
    const template = await call<{ id: string }>('POST', '/api/system/printDev', {
      fullName: '出差单打印',
      enCode: 'e2e.trip.print',
      category: '2',
      formId: form.id,
      printTemplate: '<p>出差单：{name}，级别：{level}</p><p>{@approval}</p>',
      pageParam: JSON.stringify({ type: 'A4', direction: 1, mt: 10, mb: 10, ml: 10, mr: 10 }),
    });
    // 表单属性: the print button on, with its template.
    await call('PUT', `/api/visualdev/Base/${form.id}`, {
      ...draft,
      formData: JSON.stringify({ fields, hasPrintBtn: true, printButtonText: '打印单据', printId: [template.id] }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
    await call('POST', `/api/visualdev/OnlineDev/${form.id}`, {
      data: JSON.stringify({ name: '上海出差', level: '2' }),
    });
    const systems = await call<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/System');
    await call<string>('POST', '/api/system/Menu', {
      systemId: systems.list.find((s) => s.enCode === 'main')?.id,
      parentId: '-1',
      fullName: '出差管理',
      enCode: 'e2e.trips',
      type: 3,
      urlAddress: 'e2e/trips',
      propertyJson: JSON.stringify({ moduleId: form.id }),
    });

    // From the list row: 更多 → 打印单据.
    await page.goto(`${run.server.url}/e2e/trips`);
    const row = page.getByRole('row', { name: /上海出差/ });
    await row.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '打印单据' }).click();
    const preview = page.getByRole('dialog', { name: '打印预览' });
    await preview.waitFor();
    await expect.poll(() => preview.locator('.print-sheet').first().textContent()).toContain('出差单：上海出差');
    expect(await preview.locator('.print-sheet').first().textContent()).toContain('级别：加急');
    await screenshot(page, 'print-records-row');
    const fromRow = await wordText(page, preview);
    expect(fromRow.name).toBe('出差单打印.docx');
    expect(fromRow.html).toContain('出差单：上海出差，级别：加急');
    await preview.getByRole('button', { name: /取\s*消/ }).click();

    // From the flow detail: the start node switches 打印 on with the same template.
    const me = await call<{ userInfo: { userId: string } }>('GET', '/api/oauth/CurrentUser');
    const graph = {
      type: 'start',
      nodeId: 'start',
      properties: { title: '发起', formId: form.id, hasPrintBtn: true, printId: [template.id] },
      childNode: {
        type: 'approver',
        nodeId: 'check',
        properties: { title: '审批', assigneeType: 6, approvers: [`${me.userInfo.userId}--user`] },
      },
    };
    const created = await call<{ id: string }>('POST', '/api/workflow/Engine/flowTemplate', {
      fullName: '出差流程',
      enCode: 'e2e.trip.flow',
      flowTemplateJson: JSON.stringify([{ id: '', fullName: '出差流程', flowTemplateJson: graph }]),
    });
    await call('POST', `/api/workflow/Engine/flowTemplate/Release/${created.id}`);
    const flows = await call<{ id: string }[]>('GET', `/api/workflow/Engine/flowTemplate/FlowJsonList/${created.id}`);
    await call('POST', '/api/workflow/Engine/FlowTask', {
      flowId: flows[0]?.id,
      formData: { name: '北京出差', level: '1' },
      status: 0,
    });
    await page.goto(`${run.server.url}/workFlow/flowLaunch`);
    const launched = page.getByRole('row', { name: /出差流程/ }).first();
    await launched.waitFor({ timeout: 20_000 });
    await launched.getByRole('button', { name: '详情' }).click();
    await page.waitForURL(/workFlowDetail/);
    await page.getByRole('button', { name: /^打\s*印$/ }).click();
    const flowPreview = page.getByRole('dialog', { name: '打印预览' });
    await flowPreview.waitFor();
    const sheet = flowPreview.locator('.print-sheet').first();
    await expect.poll(() => sheet.textContent()).toContain('出差单：北京出差');
    expect(await sheet.textContent()).toContain('级别：普通');
    // The launch prints as the flow's first approval record.
    expect(await sheet.locator('table.print-approval tbody tr').count()).toBe(1);
    await screenshot(page, 'print-records-flow');
    const fromFlow = await wordText(page, flowPreview);
    expect(fromFlow.html).toContain('出差单：北京出差，级别：普通');
    await context.close();
  });
});
