import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminPassword, launchBrowser, newContext, screenshot, signInThroughPage } from './harness.ts';
import { apiData, apiLogin, type PreparedServer, startServerWithUsers } from './users.auth-helpers.ts';

/**
 * Issue 18 (browser): a generated list of type 4 edits its rows in place. A row's cells become the
 * form's widgets, the form's rules show their messages in the cells, Enter saves and Escape
 * cancels, a disabled field stays read-only, and 新增 puts an editable row on top.
 */

let server: PreparedServer;
let browser: Browser;

const field = (jnpfKey: string, name: string, label: string, config: object = {}, rest: object = {}) => ({
  __vModel__: name,
  __config__: { jnpfKey, label, span: 12, ...config },
  ...rest,
});

beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithUsers([]), launchBrowser()]);
  const token = (await apiLogin(server.url, 'admin', adminPassword)).data?.token ?? '';
  const call = <T>(method: string, url: string, body?: unknown) => apiData<T>(server.url, token, method, url, body);
  const { id: modelId } = await call<{ id: string }>('POST', '/api/visualdev/Base', {
    fullName: '物料',
    enCode: 'e2e.materials',
    webType: 2,
    formData: JSON.stringify({
      popupType: 'general',
      fields: [
        field('input', 'name', '名称', { required: true }),
        field('input', 'code', '编码', { regList: [{ pattern: '/^[A-Z]+$/', message: '编码须为大写字母' }] }),
        field('inputNumber', 'stock', '库存'),
        field('input', 'origin', '产地', { defaultValue: '厦门' }, { disabled: true }),
      ],
    }),
    columnData: JSON.stringify({
      type: 4,
      columnList: [
        { prop: 'name', label: '名称' },
        { prop: 'code', label: '编码' },
        { prop: 'stock', label: '库存' },
        { prop: 'origin', label: '产地' },
      ],
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [
        { value: 'edit', label: '编辑' },
        { value: 'remove', label: '删除' },
      ],
      hasPage: true,
      pageSize: 20,
    }),
  });
  await call('POST', `/api/visualdev/Base/${modelId}/Actions/ReleaseMenu`, {
    parentId: '-1',
    fullName: '物料管理',
    enCode: 'materialsPage',
  });
  await call('POST', `/api/visualdev/OnlineDev/${modelId}`, {
    data: JSON.stringify({ name: '螺丝', code: 'LS', stock: 10 }),
  });
  // A fresh embedded database migrates from nothing: slow on a busy machine.
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a list edited in place', () => {
  test('edit a row in its cells, see the rule’s message, save with Enter, add a row on top', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    await page.goto(`${server.url}/model/materialsPage`);
    const record = page.getByRole('row', { name: /螺丝/ });
    await record.waitFor({ timeout: 20_000 });

    // 编辑: the row's cells become the form's widgets; the disabled field (its default, as the
    // server never takes it from a client) stays as text.
    await record.getByRole('button', { name: /编\s*辑/ }).click();
    const editing = page.locator('tr.inline-editing');
    const code = editing.getByLabel('编码');
    await code.waitFor();
    await expect(editing.getByLabel('名称').inputValue()).resolves.toBe('螺丝');
    await expect(editing.getByLabel('产地').count()).resolves.toBe(0);
    await editing.getByRole('cell', { name: '厦门', exact: true }).waitFor();

    // The form's rule, its message in the cell; Enter tries to save and the row stays open.
    await code.fill('ls2');
    await code.press('Enter');
    await editing.getByRole('alert').filter({ hasText: '编码须为大写字母' }).waitFor();
    await screenshot(page, 'visualdev-inline-message');

    // Escape cancels: the stored values come back.
    await code.press('Escape');
    await expect.poll(() => page.locator('tr.inline-editing').count()).toBe(0);
    await page.getByRole('cell', { name: 'LS', exact: true }).waitFor();

    // Again, right this time: Enter saves, through the same update call as the dialog.
    await record.getByRole('button', { name: /编\s*辑/ }).click();
    await editing.getByLabel('编码').fill('LSX');
    await editing.getByLabel('库存').fill('25');
    await editing.getByLabel('编码').press('Enter');
    await expect.poll(() => page.locator('tr.inline-editing').count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('cell', { name: 'LSX', exact: true }).waitFor();

    // 新增: an editable row on top; a required field left empty says so in its cell.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await editing.getByLabel('名称').waitFor();
    await expect(page.locator('tbody tr.ant-table-row').first().getAttribute('class')).resolves.toContain(
      'inline-editing',
    );
    await editing.getByRole('button', { name: /保\s*存/ }).click();
    await editing.getByRole('alert').filter({ hasText: '名称不能为空' }).waitFor();
    await editing.getByLabel('名称').fill('垫片');
    await editing.getByLabel('编码').fill('DP');
    await screenshot(page, 'visualdev-inline-add');
    await editing.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('cell', { name: '垫片', exact: true }).waitFor({ timeout: 15_000 });

    // After a reload the saved values are the stored ones.
    await page.reload();
    const saved = page.getByRole('row', { name: /螺丝/ });
    await saved.getByRole('cell', { name: 'LSX', exact: true }).waitFor({ timeout: 20_000 });
    await saved.getByRole('cell', { name: '25', exact: true }).waitFor();
    await page.getByRole('row', { name: /垫片/ }).getByRole('cell', { name: 'DP', exact: true }).waitFor();
    await screenshot(page, 'visualdev-inline-saved');
    await context.close();
  });
});
