import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminPassword, launchBrowser, newContext, screenshot, signInThroughPage } from './harness.ts';
import { apiData, apiLogin, type PreparedServer, startServerWithUsers } from './users.auth-helpers.ts';

/**
 * Issues 36 and 38 (browser): a generated form's rich-text field is the real editor on its page
 * opened directly at model/{code} (no preview page loaded first): formatted text typed with the
 * toolbar and the keyboard is saved and comes back formatted, in the edit form and the detail. Its
 * upload field takes a file, and the detail previews nothing it cannot show and downloads all.
 */

let server: PreparedServer;
let browser: Browser;

const field = (jnpfKey: string, name: string, label: string, config: object = {}) => ({
  __vModel__: name,
  __config__: { jnpfKey, label, span: 24, ...config },
});

beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithUsers([]), launchBrowser()]);
  const token = (await apiLogin(server.url, 'admin', adminPassword)).data?.token ?? '';
  const call = <T>(method: string, url: string, body?: unknown) => apiData<T>(server.url, token, method, url, body);
  const { id } = await call<{ id: string }>('POST', '/api/visualdev/Base', {
    fullName: '通知单',
    enCode: 'e2e.richNotes',
    webType: 2,
    formData: JSON.stringify({
      popupType: 'general',
      fields: [
        field('input', 'title', '标题', { required: true }),
        field('editor', 'body', '正文'),
        field('uploadFile', 'files', '附件'),
      ],
    }),
    columnData: JSON.stringify({ columnList: [{ prop: 'title', label: '标题' }], hasPage: true, pageSize: 20 }),
  });
  await call('POST', `/api/visualdev/Base/${id}/Actions/ReleaseMenu`, {
    parentId: '-1',
    fullName: '通知单管理',
    enCode: 'richNotesPage',
  });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('every field kind whole on a generated page', () => {
  test('rich text typed with the toolbar and shortcuts is saved and reopens formatted; the upload field downloads all', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    // Straight to the released page: the preview page never loads in this tab.
    await page.goto(`${server.url}/model/richNotesPage`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const box = page.getByRole('dialog', { name: '新增' });
    await box.getByLabel('标题').fill('放假通知');

    const editor = box.getByRole('textbox', { name: '正文' });
    await editor.waitFor({ timeout: 20_000 });
    expect(await box.locator('textarea').count()).toBe(0);
    await editor.click();
    await box.getByRole('button', { name: '二级标题' }).click();
    await page.keyboard.type('国庆安排');
    await page.keyboard.press('Enter');
    await page.keyboard.type('全体 ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('十月一日');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' 起放假');
    await box.getByRole('button', { name: '居中' }).click();
    await page.keyboard.press('Enter');
    await box.getByRole('button', { name: '无序列表' }).click();
    await page.keyboard.type('值班表另发');
    await expect.poll(() => editor.locator('h2').textContent()).toBe('国庆安排');

    await box.locator('input[type=file][aria-label="上传文件"]').setInputFiles({
      name: '值班表.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('十月一日 张三\n十月二日 李四\n'),
    });
    await box.getByText('值班表.txt').waitFor({ timeout: 20_000 });
    await screenshot(page, 'rich-text-generated-form');
    await box.getByRole('button', { name: /确\s*定/ }).click();
    await box.waitFor({ state: 'hidden', timeout: 15_000 });
    await page.getByRole('cell', { name: '放假通知', exact: true }).waitFor();

    // Reopened for editing: the editor holds the formatting that was saved.
    await page
      .getByRole('row', { name: /放假通知/ })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    const again = edit.getByRole('textbox', { name: '正文' });
    await again.locator('h2', { hasText: '国庆安排' }).waitFor({ timeout: 20_000 });
    expect(await again.locator('strong').textContent()).toBe('十月一日');
    expect(await again.locator('p[style*="text-align: center"]', { hasText: '起放假' }).count()).toBe(1);
    expect(await again.locator('ul li').textContent()).toBe('值班表另发');
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    await edit.waitFor({ state: 'hidden' });

    // The detail shows it sanitised and formatted, and the files with 下载全部.
    await page
      .getByRole('row', { name: /放假通知/ })
      .getByRole('button', { name: /详\s*情/ })
      .click();
    const detail = page.getByRole('dialog', { name: '详情' });
    await detail.locator('.rich-text-view h2', { hasText: '国庆安排' }).waitFor({ timeout: 20_000 });
    expect(await detail.locator('.rich-text-view strong').textContent()).toBe('十月一日');
    await screenshot(page, 'rich-text-generated-detail');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: /下载全部/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = readFileSync(await download.path());
    // A zip starts with PK and names its entries in the clear.
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('值班表.txt'))).toBe(true);
    await context.close();
  });
});
