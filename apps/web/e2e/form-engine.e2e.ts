import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  adminPassword,
  closeContext,
  newContext,
  screenshot,
  serverAndBrowser,
  settled,
  signInThroughPage,
} from './harness.ts';

/**
 * Issue 16 (browser): the form engine on /previewModel. The every-kind sample definition renders;
 * submitting it empty shows each required message of widgets.md §5 in zh-CN, a wrong phone shows
 * its rule's message; filled in and submitted, the values show in the read-only renderer (mask
 * applied, capitals shown, option labels, the sub-table with its summary).
 */

const run = serverAndBrowser();

const item = (scope: Locator | Page, name: string) => scope.locator(`[data-field="${name}"]`).first();

async function choose(page: Page, field: string, ...labels: string[]) {
  const form = page.getByTestId('preview-form');
  await item(form, field).locator('.ant-select, .ant-cascader').first().click();
  for (const label of labels) {
    await page
      .locator('.ant-select-dropdown:visible, .ant-cascader-dropdown:visible')
      .getByText(label, { exact: true })
      .first()
      .click();
  }
}

describe('the form engine on /previewModel', () => {
  test('fill the every-kind definition, see each validation message, submit, see the saved values read-only', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL(/\/home/);
    await page.goto(`${run.server.url}/previewModel`);
    const form = page.getByTestId('preview-form');
    await item(form, 'name').locator('input').waitFor();
    await screenshot(page, 'form-engine-empty');

    await form.getByRole('button', { name: /提\s*交/ }).click();
    for (const message of [
      '姓名不能为空',
      '手机号不能为空',
      '单价不能为空',
      '性别不能为空',
      '爱好不能为空',
      '级别不能为空',
      '城市不能为空',
      '生日不能为空',
    ]) {
      await form.getByText(message, { exact: true }).first().waitFor();
    }
    await expect(form.getByText('不显示不能为空').count()).resolves.toBe(0);
    await screenshot(page, 'form-engine-messages');

    await item(form, 'name').locator('input').fill('张三');
    await item(form, 'phone').locator('input').fill('123');
    await form.getByText('请正确输入您的手机号', { exact: true }).waitFor();
    await item(form, 'phone').locator('input').fill('13812345678');
    await form.getByText('请正确输入您的手机号', { exact: true }).waitFor({ state: 'detached' });
    await item(form, 'price').locator('input').fill('1234.5');
    await item(form, 'qty').locator('input').fill('2');
    await item(form, 'amount').getByText('贰仟肆佰陆拾玖元整').waitFor();
    expect(await item(form, 'amount').locator('input').inputValue()).toBe('2,469.00');
    await item(form, 'gender').getByText('选项二').click();
    await item(form, 'hobbies').getByText('选项一').click();
    await item(form, 'hobbies').getByText('选项三').click();
    await choose(page, 'level', '选项二');
    await choose(page, 'city', '福建', '厦门');
    await item(form, 'birthday').locator('input').click();
    await item(form, 'birthday').locator('input').fill('2024-01-15');
    await item(form, 'birthday').locator('input').press('Enter');
    // A row of the sub-table: the item is required, the subtotal follows price x count.
    await item(form, 'items')
      .getByRole('button', { name: /添\s*加/ })
      .click();
    await page.locator('#fe-items-0-item').fill('纸');
    await page.locator('#fe-items-0-unitPrice').fill('1000.5');
    await page.locator('#fe-items-0-count').fill('2');
    await expect.poll(() => page.locator('#fe-items-0-subtotal').inputValue()).toBe('2,001.00');
    // A signature drawn on the pad in its dialog.
    await item(form, 'sig')
      .getByRole('button', { name: /手写签名/ })
      .click();
    const dialog = page.getByRole('dialog', { name: '请签名' });
    await dialog.waitFor();
    await settled(page);
    const box = await dialog.getByTestId('signature-canvas').boundingBox();
    if (!box) throw new Error('the signature pad is not visible');
    await page.mouse.move(box.x + 60, box.y + 150);
    await page.mouse.down();
    for (const [x, y] of [
      [160, 80],
      [260, 220],
      [420, 100],
    ] as const)
      await page.mouse.move(box.x + x, box.y + y, { steps: 6 });
    await page.mouse.up();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await item(form, 'sig').getByRole('img').waitFor();
    // An image through the file service (a real upload; the server reads the kind from the bytes).
    const onePixelPng = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await item(form, 'photos')
      .locator('input[type=file]')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: onePixelPng });
    const thumb = item(form, 'photos').getByRole('img', { name: 'dot.png' });
    await thumb.waitFor({ timeout: 15_000 });
    // The image the server kept is the one sent (shown by <img> without a token).
    await expect.poll(() => thumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    await settled(page);
    await form.getByRole('button', { name: /提\s*交/ }).click();

    const detail = page.getByTestId('preview-detail');
    await detail.waitFor();
    const text = (name: string) => item(detail, name).textContent();
    expect(await text('name')).toContain('张三');
    expect(await text('phone')).toContain('138****5678');
    expect(await text('price')).toContain('1,234.50');
    expect(await text('price')).toContain('壹仟贰佰叁拾肆元伍角');
    expect(await text('amount')).toContain('2,469.00');
    expect(await text('gender')).toContain('选项二');
    expect(await text('hobbies')).toContain('选项一,选项三');
    expect(await text('level')).toContain('选项二');
    expect(await text('city')).toContain('福建/厦门');
    expect(await text('birthday')).toContain('2024-01-15');
    expect(await text('items')).toContain('2,001.00');
    expect(await text('items')).toContain('合计');
    expect(await item(detail, 'photos').getByRole('img', { name: 'dot.png' }).count()).toBe(1);
    expect(await item(detail, 'sig').getByRole('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await detail.scrollIntoViewIfNeeded();
    await screenshot(page, 'form-engine-detail');
    await closeContext(context);
  });

  test('the JNPF 3.6 sample renders and pasted JSON that is not a definition is refused with its message', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL(/\/home/);
    await page.goto(`${run.server.url}/previewModel`);
    await page.getByText('JNPF 3.6', { exact: false }).first().click();
    const form = page.getByTestId('preview-form');
    await item(form, 'input101').waitFor();
    for (const label of ['单行输入', '数字输入', '设计子表', '子表数字']) await form.getByText(label).first().waitFor();
    await screenshot(page, 'form-engine-jnpf36');
    await page.getByRole('textbox', { name: /definition|定义/ }).fill('{"a":1}');
    await page.getByRole('button', { name: /^预\s*览$/ }).click();
    await page.getByText(/no fields array|缺少 fields/).waitFor();
    await closeContext(context);
  });
});
