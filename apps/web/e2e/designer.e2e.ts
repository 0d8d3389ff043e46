import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  adminPassword,
  answered,
  closeContext,
  newContext,
  nextFrames,
  screenshot,
  serverAndBrowser,
  signInThroughPage,
} from './harness.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';

/**
 * Issue 19 (browser): the form designer. A new definition is designed by dragging three widgets
 * from the palette onto the canvas, reordering one by dragging and editing their properties; saved
 * and released, its preview shows the three fields, and the designer opened again shows what was
 * saved.
 */

const run = serverAndBrowser();

/** A pointer drag as a person makes it: press, a small move to start the drag, the way there, release. */
async function drag(page: Page, source: Locator, to: { x: number; y: number }) {
  const box = await source.boundingBox();
  if (!box) throw new Error('drag source not visible');
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 8, start.y + 8, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await nextFrames(page);
  await page.mouse.up();
  await nextFrames(page);
}

/** A point in the canvas below every field: the drop appends. */
async function canvasEnd(page: Page) {
  const box = await page.getByTestId('designer-canvas').boundingBox();
  if (!box) throw new Error('canvas not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height - 24 };
}

const canvasLabels = (page: Page) =>
  page.getByTestId('designer-canvas').locator('.vd-handle .fe-label').allInnerTexts();

describe('the form designer', () => {
  test('drag three widgets in, reorder, edit their properties, save and release, preview them', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL(/\/home/);
    await page.goto(`${run.server.url}/onlineDev/webDesign`);

    // A new definition from the list.
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('报销单');
    await dialog.getByLabel('编码').fill('expense');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const row = page.getByRole('row', { name: /报销单/ });
    await row.waitFor();
    await screenshot(page, 'designer-list');
    await row.getByRole('button', { name: /设\s*计/ }).click();
    await page.getByRole('navigation', { name: '控件' }).waitFor();
    await expect(page.getByText('从左侧拖入或点击控件添加到表单').isVisible()).resolves.toBe(true);

    // Three widgets dragged from the palette onto the canvas, each appended at the end.
    for (const kind of ['单行输入', '下拉选择', '数字输入']) {
      await drag(page, page.getByRole('button', { name: `添加${kind}` }), await canvasEnd(page));
    }
    await expect(canvasLabels(page)).resolves.toEqual(['单行输入', '下拉选择', '数字输入']);

    // The number field dragged above the text field.
    const handles = page.getByTestId('designer-canvas').locator('.vd-handle');
    const first = await handles.first().boundingBox();
    if (!first) throw new Error('no first field');
    await drag(page, handles.nth(2), { x: first.x + first.width / 2, y: first.y + 4 });
    await expect(canvasLabels(page)).resolves.toEqual(['数字输入', '单行输入', '下拉选择']);

    // Properties: the selected field's label, name, required; the select's options.
    await handles.nth(1).click();
    await page.getByLabel('控件标题').fill('报销事由');
    await page.getByLabel('控件字段').fill('reason');
    await page.getByRole('switch', { name: '是否必填' }).click();
    await handles.nth(2).click();
    await page.getByLabel('控件标题').fill('费用类型');
    await page.getByLabel('选项1名称').fill('差旅');
    await page.getByLabel('选项2名称').fill('餐饮');
    await handles.nth(0).click();
    await page.getByLabel('控件标题').fill('金额');
    await expect(canvasLabels(page)).resolves.toEqual(['金额', '*报销事由', '费用类型']);
    await screenshot(page, 'designer-three-fields');

    // Keyboard: Delete removes the selected field, Ctrl+Z brings it back.
    await page.getByRole('button', { name: /^金额 \(/ }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Delete');
    await expect(canvasLabels(page)).resolves.toEqual(['金额', '费用类型']);
    await page.keyboard.press('Control+z');
    await expect(canvasLabels(page)).resolves.toEqual(['金额', '*报销事由', '费用类型']);

    // The JSON view shows the definition and refuses text that is not one.
    await page.getByRole('button', { name: 'JSON' }).click();
    const json = page.getByRole('dialog');
    const editor = json.getByRole('textbox', { name: 'JSON' });
    await expect(editor.innerText()).resolves.toMatch(/"__vModel__": "inputNumberField\d+"/);
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('{"fields": 1}');
    await json.getByRole('button', { name: /应\s*用/ }).click();
    await json.getByText('表单定义缺少 fields 数组').waitFor();
    await screenshot(page, 'designer-json');
    await json.getByRole('button', { name: /取\s*消/ }).click();
    await json.waitFor({ state: 'detached' });
    await expect(canvasLabels(page)).resolves.toEqual(['金额', '*报销事由', '费用类型']);

    // Save and release: the server keeps the draft and publishes it.
    const saved = await answered(page, '/api/visualdev/Base/', () =>
      page.getByRole('button', { name: '保存并发布' }).click(),
    );
    expect(saved.code).toBe(200);
    await page.getByText('发布成功').or(page.getByText(/发布/)).first().waitFor();

    // The preview renders the designed form with the form engine.
    await page.getByRole('button', { name: /预\s*览/ }).click();
    const preview = page.getByTestId('designer-preview');
    await preview.locator('[data-field="reason"] input').waitFor();
    await expect(preview.locator('.fe-label').allInnerTexts()).resolves.toEqual(['金额', '*报销事由', '费用类型']);
    await preview.locator('[data-field="reason"] input').fill('出差');
    await screenshot(page, 'designer-preview');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /关闭|Close/ })
      .click();

    await preview.waitFor({ state: 'detached' });

    // Closed and opened again: what was saved comes back; the list says it is released.
    await page.getByRole('button', { name: /^关\s*闭$/ }).click();
    await expect(row.getByText('已发布').isVisible()).resolves.toBe(true);
    await row.getByRole('button', { name: /设\s*计/ }).click();
    await page.getByTestId('designer-canvas').locator('.vd-handle').first().waitFor();
    await expect(canvasLabels(page)).resolves.toEqual(['金额', '*报销事由', '费用类型']);

    // A row dragged in, a field dragged into the row's body; two undos leave the saved form.
    await drag(page, page.getByRole('button', { name: '添加栅格容器' }), await canvasEnd(page));
    const rowBody = page.getByTestId('designer-canvas').locator('.vd-container .vd-list');
    const body = await rowBody.boundingBox();
    if (!body) throw new Error('no row body');
    await drag(page, page.getByRole('button', { name: '添加多行输入' }), {
      x: body.x + body.width / 2,
      y: body.y + body.height / 2,
    });
    await expect(rowBody.locator('.fe-label').allInnerTexts()).resolves.toEqual(['多行输入']);
    await screenshot(page, 'designer-nested');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect(page.getByTestId('designer-canvas').locator('.vd-container').count()).resolves.toBe(0);
    await expect(canvasLabels(page)).resolves.toEqual(['金额', '*报销事由', '费用类型']);

    // Keyboard dragging: Space picks the field up by its grip, arrows move it, Space drops it.
    const grip = page.getByRole('button', { name: /^费用类型 \(/ });
    await grip.focus();
    await page.keyboard.press('Space');
    await nextFrames(page);
    await page.keyboard.press('ArrowUp');
    await nextFrames(page);
    await page.keyboard.press('Space');
    await expect.poll(() => canvasLabels(page)).toEqual(['金额', '费用类型', '*报销事由']);
    await grip.focus();
    await page.keyboard.press('Space');
    await nextFrames(page);
    await page.keyboard.press('ArrowDown');
    await nextFrames(page);
    await page.keyboard.press('Space');
    await expect.poll(() => canvasLabels(page)).toEqual(['金额', '*报销事由', '费用类型']);
    await closeContext(context);
  });

  test('options from a dictionary through the dictionary select, a code rule through its dialog; both saved', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL(/\/home/);
    const token = await tokenOf(page);
    const call = <T>(method: string, url: string, body?: unknown) =>
      apiData<T>(run.server.url, token, method, url, body);
    const all = await call<{ list: { enCode: string; dictionaryList: { id: string }[] }[] }>(
      'GET',
      '/api/system/DictionaryData/All',
    );
    const category = all.list.find((d) => d.enCode === 'businessType')?.dictionaryList[0]?.id;
    await call('POST', '/api/system/BillRule', {
      fullName: '报销单号',
      enCode: 'ExpenseNo',
      category,
      type: 1,
      prefix: 'BX',
      dateFormat: 'no',
      digit: 4,
      startNumber: '0001',
      enabledMark: 1,
    });
    await page.goto(`${run.server.url}/onlineDev/webDesign`);
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('员工档案');
    await dialog.getByLabel('编码').fill('staffFile');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const row = page.getByRole('row', { name: /员工档案/ });
    await row.getByRole('button', { name: /设\s*计/ }).click();
    await page.getByRole('navigation', { name: '控件' }).waitFor();

    // A select whose options are the 学历 dictionary.
    await page.getByRole('button', { name: '添加下拉选择' }).click();
    await page.locator('.ant-radio-button-wrapper', { hasText: '数据字典' }).click();
    await page.getByRole('combobox', { name: '数据字典' }).click();
    await page.locator('.ant-select-tree-title', { hasText: /^学历$/ }).click();
    await screenshot(page, 'designer-dictionary');

    // A code-rule field numbered by 报销单号, chosen in the rule dialog.
    await page.getByRole('button', { name: '添加单据组件' }).click();
    await page.getByLabel('单据规则').click();
    const rules = page.getByRole('dialog', { name: '单据规则' });
    await rules.getByText('报销单号').click();
    await screenshot(page, 'designer-bill-rule');
    await rules.getByRole('button', { name: /确\s*定/ }).click();
    await rules.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByLabel('单据规则').inputValue()).toBe('报销单号');

    const saved = await answered(page, '/api/visualdev/Base/', () =>
      page.getByRole('button', { name: '保存并发布' }).click(),
    );
    expect(saved.code).toBe(200);
    const definitions = await call<{ list: { id: string; fullName: string }[] }>('GET', '/api/visualdev/Base');
    const id = definitions.list.find((d) => d.fullName === '员工档案')?.id;
    const info = await call<{ formData: string }>('GET', `/api/visualdev/Base/${id}`);
    const fields = (JSON.parse(info.formData) as { fields: { __config__: Record<string, unknown> }[] }).fields;
    const education = all.list.find((d) => d.enCode === 'Education');
    const dictionaryTypes = await call<{ list: { id: string; enCode: string; children: unknown[] }[] }>(
      'GET',
      '/api/system/DictionaryType',
    );
    const flat = (nodes: { id: string; enCode: string; children: unknown[] }[]): { id: string; enCode: string }[] =>
      nodes.flatMap((n) => [n, ...flat(n.children as typeof nodes)]);
    expect(education).toBeTruthy();
    expect(fields.map((f) => f.__config__)).toEqual([
      expect.objectContaining({
        jnpfKey: 'select',
        dataType: 'dictionary',
        dictionaryType: flat(dictionaryTypes.list).find((n) => n.enCode === 'Education')?.id,
      }),
      expect.objectContaining({ jnpfKey: 'billRule', rule: 'ExpenseNo' }),
    ]);

    // The preview's select offers the dictionary's entries.
    await page.getByRole('button', { name: /预\s*览/ }).click();
    const preview = page.getByTestId('designer-preview');
    await preview.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: /^本科$/ }).waitFor();
    await closeContext(context);
  });

  test('in English and dark: the designer names its panes and widgets, and passes axe', async () => {
    const context = await newContext(run.browser, { locale: 'en-US' });
    await context.addInitScript(
      `localStorage.setItem('platform__settings', JSON.stringify({ state: { mode: 'dark' }, version: 0 }));`,
    );
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL(/\/home/);
    await page.goto(`${run.server.url}/onlineDev/webDesign`);
    await page.getByRole('button', { name: /^New$|^Add$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Leave request');
    await dialog.getByLabel('Code').fill('leaveRequest');
    await dialog.getByRole('button', { name: 'OK' }).click();
    const row = page.getByRole('row', { name: /Leave request/ });
    await row.getByRole('button', { name: 'Design' }).click();
    const palette = page.getByRole('navigation', { name: 'Widgets' });
    await palette.waitFor();
    await expect(palette.getByRole('heading').allInnerTexts()).resolves.toEqual([
      'Basic widgets',
      'Advanced widgets',
      'System widgets',
      'Layout widgets',
    ]);
    await page.getByRole('button', { name: 'Add Card' }).click();
    await page.getByRole('button', { name: 'Add Text input' }).click();
    await expect(canvasLabels(page)).resolves.toEqual(['Text input']);
    await expect(
      page.getByTestId('designer-canvas').locator('.vd-container .vd-list .fe-label').allInnerTexts(),
    ).resolves.toEqual(['Text input']);
    await screenshot(page, 'designer-en-dark');
    await closeContext(context);
  });
});
