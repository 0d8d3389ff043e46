import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { closeContext, screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 39 (browser): "a report over a generated form's table is made in a few clicks". A released
 * form with records; in 报表设计, 从表单生成: the form, a group field, a total; the designer opens on
 * the report made, and its live view shows the groups by their option names with subtotals.
 */

const run = serverAndBrowser();

const choose = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label, { exact: true }).click();

describe('a report from a form', () => {
  test('a form, a group field and a total make a grouped report that opens in the designer', {
    timeout: 240_000,
  }, async () => {
    const { context, page, call } = await signedInWithApi(run);
    const suffix = Date.now().toString(36);
    const field = (jnpfKey: string, name: string, label: string, rest: object = {}) => ({
      __vModel__: name,
      __config__: { jnpfKey, label },
      ...rest,
    });
    const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: `出差报销${suffix}`,
      enCode: `trips.${suffix}`,
      webType: 2,
      formData: JSON.stringify({
        fields: [
          field('radio', 'region', '地区', {
            options: [
              { id: 'e', fullName: '华东' },
              { id: 's', fullName: '华南' },
            ],
          }),
          field('input', 'person', '出差人'),
          field('inputNumber', 'cost', '费用'),
        ],
      }),
      columnData: JSON.stringify({ columnList: [{ prop: 'person', label: '出差人' }] }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
    for (const trip of [
      { region: 's', person: '李四', cost: 300 },
      { region: 'e', person: '张三', cost: 120.5 },
      { region: 'e', person: '王五', cost: 80 },
    ])
      await call('POST', `/api/visualdev/OnlineDev/${form.id}`, { data: JSON.stringify(trip) });

    await page.getByRole('menuitem', { name: /数据应用/ }).click();
    await page.getByRole('menuitem', { name: /报表设计/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/onlineDev/dataReport'));
    await page.getByRole('button', { name: '从表单生成' }).click();
    const dialog = page.getByRole('dialog', { name: '从表单生成报表' });
    await dialog.getByLabel('表单').click();
    await choose(page, `出差报销${suffix} (trips.${suffix})`);
    await dialog.getByLabel('分组字段').click();
    await choose(page, '地区');
    await page.keyboard.press('Escape');
    await dialog.getByLabel('第1个统计字段').click();
    await choose(page, '费用');
    await dialog.getByLabel('名称').fill('出差费用');
    await dialog.getByLabel('编码').fill(`trips.report.${suffix}`);
    await dialog.getByLabel('分类').click();
    await choose(page, '业务报表');
    await screenshot(page, 'report-from-form');
    await dialog.getByRole('button', { name: /生\s*成/ }).click();

    // The designer opens on it; its live view reads the form's records.
    const designer = page.getByRole('application', { name: '报表设计 - 出差费用' });
    await designer.waitFor();
    await designer.getByRole('tab', { name: '预览' }).click();
    const live = designer.locator('table.report-sheet');
    await live.getByRole('cell', { name: '地区小计' }).first().waitFor();
    const rows = await live
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
    expect(rows).toEqual([
      ['出差费用'],
      ['地区', '费用（求和）'],
      ['华东', '120.50'],
      ['80.00'],
      ['地区小计', '200.50'],
      ['华南', '300.00'],
      ['地区小计', '300.00'],
      ['合计', '500.50'],
    ]);
    await designer.getByText('出差费用', { exact: true }).last().waitFor();
    await screenshot(page, 'report-from-form-designer');
    await closeContext(context);
  });
});
