import { describe, expect, test } from 'vitest';
import { firstEntryOf } from './data-interface.helpers.ts';
import { closeContext, screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 39 (browser): "drill-through from a cell to a generated form's records". A report of sales
 * by city whose city cell drills to the 销售订单 form: a click on 杭州 opens the form's own list
 * held to 杭州's records, and a record opens from there.
 */

const run = serverAndBrowser();

describe('a drill-through to a form’s records', () => {
  test('a click on a city lists that city’s orders, and one opens', { timeout: 240_000 }, async () => {
    const { context, page, call } = await signedInWithApi(run);
    const suffix = Date.now().toString(36);
    const field = (jnpfKey: string, name: string, label: string) => ({
      __vModel__: name,
      __config__: { jnpfKey, label },
    });
    const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: `销售订单${suffix}`,
      enCode: `drill.orders.${suffix}`,
      webType: 2,
      formData: JSON.stringify({
        fields: [
          field('input', 'city', '城市'),
          field('inputNumber', 'amount', '金额'),
          field('input', 'note', '备注'),
        ],
      }),
      columnData: JSON.stringify({
        columnList: [
          { prop: 'city', label: '城市' },
          { prop: 'amount', label: '金额' },
          { prop: 'note', label: '备注' },
        ],
      }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
    for (const order of [
      { city: '上海', amount: 100, note: '首单' },
      { city: '杭州', amount: 50, note: '加急' },
      { city: '杭州', amount: 70, note: '补货' },
    ])
      await call('POST', `/api/visualdev/OnlineDev/${form.id}`, { data: JSON.stringify(order) });
    const made = await call<{ id: string }>('POST', '/api/ReportServer/Data/Actions/FromForm', {
      formId: form.id,
      fullName: `城市销售${suffix}`,
      enCode: `drill.sales.${suffix}`,
      categoryId: await firstEntryOf(call, 'ReportSort'),
      groupBy: ['city'],
      measures: [{ field: 'amount', aggregate: 'sum' }],
    });
    // The designer's 钻取 on the city cell, as DrillEditor saves it: 目标 表单, 城市 = the row's city.
    const info = await call<{
      fullName: string;
      enCode: string;
      categoryId: string;
      parameters: unknown[];
      datasets: unknown[];
      layout: { rows: { kind: string; cells: (object | null)[] }[] };
    }>('GET', `/api/ReportServer/Data/${made.id}`);
    const drill = { target: 'form', formId: form.id, fields: [{ name: 'city', field: 'city' }] };
    const rows = info.layout.rows.map((row) =>
      row.kind === 'detail' ? { ...row, cells: row.cells.map((c, col) => (col === 0 ? { ...c, drill } : c)) } : row,
    );
    const { fullName, enCode, categoryId, parameters, datasets } = info;
    await call('PUT', `/api/ReportServer/Data/${made.id}`, {
      fullName,
      enCode,
      categoryId,
      parameters,
      datasets,
      layout: { ...info.layout, rows },
    });
    const systems = await call<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/System');
    await call<string>('POST', '/api/system/Menu', {
      systemId: systems.list.find((s) => s.enCode === 'main')?.id,
      parentId: '-1',
      fullName: '城市销售',
      enCode: `e2e.drillSales.${suffix}`,
      type: 5,
      urlAddress: `e2e/drillSales${suffix}`,
      propertyJson: JSON.stringify({ moduleId: made.id }),
    });

    await page.goto(`${run.server.url}/e2e/drillSales${suffix}`);
    const sheet = page.locator('table.report-sheet');
    await sheet.getByRole('button', { name: '杭州' }).first().click();
    const dialog = page.getByRole('dialog', { name: /杭州/ });
    await dialog.getByRole('cell', { name: '补货' }).waitFor();
    const notes = await dialog
      .locator('.ant-table-tbody tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(notes).toHaveLength(2);
    expect(notes.every((text) => text.includes('杭州'))).toBe(true);
    await screenshot(page, 'report-drill-form');

    // A record opens from the list.
    await dialog.getByRole('row', { name: /加急/ }).getByRole('button', { name: '详情' }).click();
    await page.locator('.ant-modal:visible, .ant-drawer:visible').getByText('加急').last().waitFor();
    await screenshot(page, 'report-drill-form-record');
    await closeContext(context);
  });
});
