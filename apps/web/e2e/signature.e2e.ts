import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, serverAndBrowser, settled } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';
import { apiData } from './users.auth-helpers.ts';

/**
 * Issue 13 (browser): 签名管理. The administrator draws a signature on the pad, grants it to a
 * user through the user picker, and sees it in the list by its image and the user's name; the
 * user's picker (Selector) then offers it.
 */

const run = serverAndBrowser();

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Draws a stroke across the pad as a mouse would. */
async function drawOn(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad is not visible');
  await page.mouse.move(box.x + 60, box.y + 180);
  await page.mouse.down();
  for (const [x, y] of [
    [120, 100],
    [180, 200],
    [240, 90],
    [320, 210],
    [420, 120],
  ] as const)
    await page.mouse.move(box.x + x, box.y + y, { steps: 6 });
  await page.mouse.up();
}

/** Whether the pad's canvas holds any ink (a pixel that is not transparent). */
const inked = (page: Page) =>
  page.getByTestId('signature-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]) return true;
    return false;
  });

/**
 * Draws once the dialog has come to rest. On a loaded machine a stroke drawn while the dialog still
 * moved has been seen to leave the canvas blank: then it is drawn again, and the ink is asserted.
 */
async function sign(page: Page) {
  await settled(page);
  await drawOn(page);
  if (!(await inked(page))) await drawOn(page);
  expect(await inked(page)).toBe(true);
}

describe('signatures', () => {
  test('the administrator draws a signature, grants it to a user and sees it in the list', async () => {
    const { context, page, token } = await signedInWithApi(run);
    const organizes = await apiData<{ list: { id: string; fullName: string }[] }>(
      run.server.url,
      token,
      'GET',
      '/api/permission/Organize/Department/SelectorByAuth/0',
    );
    const root = organizes.list.find((o) => o.fullName === '集团总部');
    if (!root) throw new Error('the seeded 集团总部 is missing');
    await apiData(run.server.url, token, 'POST', '/api/permission/Users', {
      account: 'cashier',
      realName: '出纳小王',
      organizeId: root.id,
      enabledMark: 1,
      sortCode: 0,
    });

    await page.goto(`${run.server.url}/system/signature`);
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const form = page.getByRole('dialog', { name: '新建' });
    await form.waitFor();
    await form.getByLabel('签名名称').fill('财务专用签名');
    await form.getByLabel('签名编码').fill('finance.sign');

    // Confirming an empty pad is refused with 请签名.
    await form.getByRole('button', { name: /手写签名/ }).click();
    const pad = page.getByRole('dialog', { name: '请签名' });
    await pad.waitFor();
    await pad.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('请签名', { exact: true }).last().waitFor();
    await sign(page);
    await screenshot(page, 'signature-pad');
    await pad.getByRole('button', { name: /确\s*定/ }).click();
    await pad.waitFor({ state: 'hidden' });
    const preview = form.locator('img.signature-image-preview');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    await form.getByLabel('授权用户').click();
    const picker = page.getByRole('dialog', { name: '选择用户' });
    await picker.waitFor();
    const search = picker.getByPlaceholder('请输入关键词查询');
    await search.fill('出纳小王');
    await search.press('Enter');
    await picker.getByRole('button', { name: /出纳小王\/cashier/ }).click();
    await picker.locator('.selector-dialog-item').getByText('出纳小王/cashier').waitFor();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden' });
    await form.locator('.ant-select-selection-item').getByText('出纳小王/cashier').waitFor();
    await screenshot(page, 'signature-dialog');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });

    const row = page.getByRole('row', { name: /财务专用签名/ });
    await row.waitFor();
    await row.getByText('出纳小王/cashier').waitFor();
    const thumbnail = row.locator('img.signature-thumbnail');
    const imageUrl = await thumbnail.getAttribute('src');
    expect(imageUrl).toMatch(/^\/api\/file\/Image\/signature\/[0-9a-f]{32}\.png$/);
    // The stored image loads in the page (served without a token, allowed by the page's policy).
    await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(560);
    await screenshot(page, 'signature-list');

    // The grant is what the server keeps: the list filtered by the user finds it.
    const users = await apiData<{ list: { id: string; fullName: string }[] }>(
      run.server.url,
      token,
      'POST',
      '/api/permission/Users/ImUser/Selector/0',
      { keyword: 'cashier', currentPage: 1, pageSize: 20 },
    );
    const cashier = users.list.find((u) => u.fullName.includes('cashier'));
    if (!cashier) throw new Error('the user cashier is missing');
    const granted = await apiData<{ list: { enCode: string }[] }>(
      run.server.url,
      token,
      'GET',
      `/api/system/Signature?userId=${cashier.id}`,
    );
    expect(granted.list.map((s) => s.enCode)).toEqual(['finance.sign']);

    // A second one from an uploaded PNG, granted to nobody.
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    await form.waitFor();
    await form.getByLabel('签名名称').fill('上传的签名');
    await form.getByLabel('签名编码').fill('uploaded.sign');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: onePixelPng });
    await form.locator('img.signature-image-preview').waitFor();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    await page.getByRole('row', { name: /上传的签名/ }).waitFor();

    // The search bar's user filter keeps the signatures granted to that user.
    await page.locator('.signature-user-filter').click();
    const filterPicker = page.getByRole('dialog', { name: '选择用户' });
    await filterPicker.getByPlaceholder('请输入关键词查询').fill('出纳小王');
    await filterPicker.getByPlaceholder('请输入关键词查询').press('Enter');
    await filterPicker.getByRole('button', { name: /出纳小王\/cashier/ }).click();
    await filterPicker.getByRole('button', { name: /确\s*定/ }).click();
    await filterPicker.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByRole('row', { name: /上传的签名/ }).waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /财务专用签名/ }).waitFor();
    await screenshot(page, 'signature-filtered');
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.getByRole('row', { name: /上传的签名/ }).waitFor();

    // Edit keeps the image; delete asks first.
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    await edit.locator('img.signature-image-preview').waitFor();
    await edit.getByLabel('签名名称').fill('财务签名');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await edit.waitFor({ state: 'hidden' });
    const renamed = page.getByRole('row', { name: /财务签名/ });
    await renamed.waitFor();
    expect(await renamed.locator('img.signature-thumbnail').getAttribute('src')).toBe(imageUrl);
    await renamed.getByRole('button', { name: '删除' }).click();
    await page
      .getByRole('button', { name: /确\s*定/ })
      .last()
      .click();
    await renamed.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('the sign field (电子签章)', () => {
  test('a form field offers the signatures granted to the person filling it in and keeps the picked image', async () => {
    const { context, page, token } = await signedInWithApi(run);
    const me = await apiData<{ userInfo: { userId: string } }>(run.server.url, token, 'GET', '/api/oauth/CurrentUser');
    await apiData(run.server.url, token, 'POST', '/api/system/Signature', {
      fullName: '总经理签章',
      enCode: 'gm.seal',
      icon: `data:image/png;base64,${onePixelPng.toString('base64')}`,
      userIds: [me.userInfo.userId],
      sortCode: 0,
      description: '',
    });

    await page.goto(`${run.server.url}/previewModel`);
    const definition = { fields: [{ __vModel__: 'seal', __config__: { jnpfKey: 'sign', label: '审批签章' } }] };
    await page.getByRole('textbox', { name: /definition|定义/ }).fill(JSON.stringify(definition));
    await page.getByRole('button', { name: /^预\s*览$/ }).click();
    const form = page.getByTestId('preview-form');
    await form.getByRole('button', { name: '使用签章' }).click();
    const picker = page.getByRole('dialog', { name: '选择签章' });
    await picker.getByRole('button', { name: '总经理签章' }).waitFor();
    await screenshot(page, 'sign-field-picker');
    await picker.getByRole('button', { name: '总经理签章' }).click();
    await picker.waitFor({ state: 'hidden' });
    const kept = form.locator('img.fe-signature-img');
    expect(await kept.getAttribute('src')).toMatch(/^\/api\/file\/Image\/signature\/[0-9a-f]{32}\.png$/);
    await expect.poll(() => kept.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await screenshot(page, 'sign-field-picked');
    await form.getByRole('button', { name: '清除' }).click();
    await kept.waitFor({ state: 'hidden' });
    await context.close();
  });
});
