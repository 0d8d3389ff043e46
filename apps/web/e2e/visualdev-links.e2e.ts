import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminPassword, launchBrowser, newContext, screenshot } from './harness.ts';
import { signedIn } from './session.helpers.ts';
import { apiData, apiLogin, type PreparedServer, startServerWithUsers } from './users.auth-helpers.ts';

/**
 * Issue 18 (browser): a generated form's dictionary-backed select shows the entry's name in the
 * list page, and the public list of 外链设置 (/formShortLink) behind its password serves a visitor
 * without a session. Issue 40: the released form's code previewed file by file, downloaded as a zip,
 * and previewed again against that download.
 */

let server: PreparedServer;
let browser: Browser;
let modelId: string;

const field = (jnpfKey: string, name: string, label: string, config: object = {}) => ({
  __vModel__: name,
  __config__: { jnpfKey, label, span: 12, ...config },
});

beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithUsers([]), launchBrowser()]);
  const token = (await apiLogin(server.url, 'admin', adminPassword)).data?.token ?? '';
  const call = <T>(method: string, url: string, body?: unknown) => apiData<T>(server.url, token, method, url, body);
  await call('POST', '/api/system/DictionaryType', {
    parentId: '0',
    fullName: '客户等级',
    enCode: 'e2e.grade',
    isTree: 0,
    sortCode: 1,
    description: '',
  });
  const categories = await call<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/DictionaryData/All');
  const typeId = categories.list.find((c) => c.enCode === 'e2e.grade')?.id ?? '';
  for (const [enCode, fullName] of [
    ['A', '甲等'],
    ['B', '乙等'],
  ])
    await call('POST', '/api/system/DictionaryData', {
      dictionaryTypeId: typeId,
      parentId: '0',
      fullName,
      enCode,
      sortCode: 0,
      enabledMark: 1,
      description: '',
    });
  const entries = await call<{
    list: { id: string; enCode: string; dictionaryList: { id: string; enCode: string }[] }[];
  }>('GET', '/api/system/DictionaryData/All');
  const gradeB = entries.list.find((c) => c.id === typeId)?.dictionaryList.find((e) => e.enCode === 'B')?.id ?? '';
  ({ id: modelId } = await call<{ id: string }>('POST', '/api/visualdev/Base', {
    fullName: '客户',
    enCode: 'e2e.customers',
    webType: 2,
    formData: JSON.stringify({
      popupType: 'general',
      fields: [
        field('input', 'name', '名称', { required: true }),
        field('select', 'grade', '等级', { dataType: 'dictionary', dictionaryType: 'e2e.grade' }),
      ],
    }),
    columnData: JSON.stringify({
      columnList: [
        { prop: 'name', label: '名称' },
        { prop: 'grade', label: '等级' },
      ],
      hasPage: true,
      pageSize: 20,
    }),
  }));
  await call('POST', `/api/visualdev/Base/${modelId}/Actions/ReleaseMenu`, {
    parentId: '-1',
    fullName: '客户管理',
    enCode: 'customersPage',
  });
  await call('POST', `/api/visualdev/OnlineDev/${modelId}`, {
    data: JSON.stringify({ name: '星河公司', grade: gradeB }),
  });
  // A fresh embedded database migrates from nothing: slow on a busy machine.
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('generated form links and labels', () => {
  test('the list shows a dictionary entry by name; the public list opens to a visitor with the password', async () => {
    const { context: admin, page } = await signedIn(server.url, browser, 'admin', adminPassword);

    // The stored value is the entry's id; the cell shows its name.
    await page.goto(`${server.url}/model/customersPage`);
    const row = page.getByRole('row', { name: /星河公司/ });
    await row.getByRole('cell', { name: '乙等', exact: true }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'visualdev-dictionary-cell');

    // 外链设置: the public list on, behind a password, showing both fields.
    await page.goto(`${server.url}/onlineDev/webDesign`);
    await page
      .getByRole('row', { name: /客户/ })
      .getByRole('button', { name: /外\s*链/ })
      .click();
    const dialog = page.getByRole('dialog', { name: '外链设置' });
    await dialog.waitFor();
    await dialog.getByRole('switch', { name: '开启查询' }).click();
    await dialog.getByRole('switch', { name: '访问密码' }).click();
    await dialog.getByLabel('密码', { exact: true }).fill('Open123');
    await dialog.getByLabel('显示字段').click();
    for (const label of ['名称', '等级']) await page.locator(`.ant-select-item-option[title="${label}"]`).click();
    await dialog.getByText('查询链接').click();
    await screenshot(page, 'visualdev-link-settings');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await admin.close();

    // A visitor: no session, the password first, then the records.
    const visitor = await newContext(browser);
    const outside = await visitor.newPage();
    await outside.goto(`${server.url}/formShortLink?modelId=${encodeURIComponent(modelId)}&type=list`);
    const password = outside.getByLabel('请输入密码');
    await password.waitFor({ timeout: 20_000 });
    await expect(outside.getByRole('cell', { name: '星河公司' }).count()).resolves.toBe(0);
    await password.fill('wrong');
    await outside.getByRole('button', { name: /确\s*定/ }).click();
    await outside.getByText('密码错误').waitFor();
    await password.fill('Open123');
    await outside.getByRole('button', { name: /确\s*定/ }).click();
    const record = outside.getByRole('row', { name: /星河公司/ });
    await record.getByRole('cell', { name: '乙等', exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(outside, 'visualdev-public-list');
    await visitor.close();
  });

  test('生成代码: the files previewed, the zip downloaded, then what a new description changes', async () => {
    const { context, page } = await signedIn(server.url, browser, 'admin', adminPassword);
    await page.goto(`${server.url}/onlineDev/webDesign`);
    await page
      .getByRole('row', { name: /客户/ })
      .getByRole('button', { name: /更\s*多/ })
      .click();
    await page.getByRole('menuitem', { name: '生成代码' }).click();
    const dialog = page.getByRole('dialog', { name: '生成代码 - 客户' });
    await expect(dialog.getByLabel('模块名称').inputValue()).resolves.toBe('e2eCustomers');
    await dialog.getByLabel('功能描述').fill('客户管理');
    await dialog.getByRole('button', { name: '预览代码' }).click();

    await dialog.getByText(/这个表单还没有下载过代码/).waitFor({ timeout: 20_000 });
    const editor = dialog.getByRole('textbox', { name: /e2eCustomers/ });
    await dialog.getByRole('treeitem', { name: /e2eCustomers\.routes\.ts/ }).click();
    await expect(editor.textContent()).resolves.toContain('export default async function');
    await screenshot(page, 'generater-preview');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载代码' }).click();
    const zip = await downloading;
    expect(zip.suggestedFilename()).toBe('e2eCustomers.zip');
    expect((await readFile(await zip.path())).readUInt32LE(0)).toBe(0x04034b50);
    // The preview now compares with that download: nothing differs.
    await dialog.getByText(/下载的代码相比: 新增 0, 修改 0, 不再生成 0/).waitFor({ timeout: 20_000 });

    await dialog.getByRole('button', { name: '返回设置' }).click();
    await dialog.getByLabel('功能描述').fill('客户档案');
    await dialog.getByRole('button', { name: '预览代码' }).click();
    await dialog.getByText(/修改 [1-9]/).waitFor({ timeout: 20_000 });
    await dialog.getByRole('treeitem', { name: /修改/ }).first().click();
    const differences = dialog.getByRole('region', { name: /e2eCustomers|README/ });
    await expect(differences.locator('ins').allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining('客户档案')]),
    );
    await expect(differences.locator('del').allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining('客户管理')]),
    );
    await screenshot(page, 'generater-differences');

    // The form written out: a component of its own, which the page shows instead of the engine's renderer.
    await dialog.getByRole('button', { name: '返回设置' }).click();
    await dialog.getByRole('radio', { name: '写成代码' }).check();
    await dialog.getByRole('button', { name: '预览代码' }).click();
    await dialog.getByRole('treeitem', { name: /E2eCustomersForm\.tsx/ }).click({ timeout: 20_000 });
    await expect(editor.textContent()).resolves.toContain('<FormLayout store={store} mode={mode}>');
    await screenshot(page, 'generater-written-form');
    await context.close();
  });
});
