import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createInterface } from './data-interface.helpers.ts';
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
type Point = { x: number; y: number };

/** `to` as a function is measured after the source is scrolled into view (which may scroll the page too). */
async function drag(page: Page, source: Locator, target: Point | (() => Promise<Point>)) {
  await source.scrollIntoViewIfNeeded();
  const to = typeof target === 'function' ? await target() : target;
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
      await drag(page, page.getByRole('button', { name: `添加${kind}` }), () => canvasEnd(page));
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
    // The release is a second call after the save: its toast, not the button's own 发布, says it is done.
    await page.getByText('发布成功').first().waitFor({ timeout: 30_000 });

    // The preview renders the designed form with the form engine.
    await page.getByRole('button', { name: /预\s*览/ }).click();
    await page.getByRole('dialog', { name: '预览' }).waitFor({ timeout: 30_000 });
    const preview = page.getByTestId('designer-preview');
    await preview.locator('[data-field="reason"] input').waitFor({ timeout: 30_000 });
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
    // The list refreshes after the designer closes: wait for the state it shows.
    await row.getByText('已发布').waitFor();
    await row.getByRole('button', { name: /设\s*计/ }).click();
    await page.getByTestId('designer-canvas').locator('.vd-handle').first().waitFor();
    await expect(canvasLabels(page)).resolves.toEqual(['金额', '*报销事由', '费用类型']);

    // A row dragged in, a field dragged into the row's body; two undos leave the saved form.
    await drag(page, page.getByRole('button', { name: '添加栅格容器' }), () => canvasEnd(page));
    const rowBody = page.getByTestId('designer-canvas').locator('.vd-container .vd-list');
    await drag(page, page.getByRole('button', { name: '添加多行输入' }), async () => {
      const body = await rowBody.boundingBox();
      if (!body) throw new Error('no row body');
      return { x: body.x + body.width / 2, y: body.y + body.height / 2 };
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

  test('ten kinds dragged into a tab pane and a card, two validated, the list designed, published to a menu and opened', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signInThroughPage(page, run.server.url, 'admin', adminPassword);
    await page.waitForURL(/\/home/);
    await page.goto(`${run.server.url}/onlineDev/webDesign`);
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('采购单');
    await dialog.getByLabel('编码').fill('purchase');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const row = page.getByRole('row', { name: /采购单/ });
    await row.getByRole('button', { name: /设\s*计/ }).click();
    await page.getByRole('navigation', { name: '控件' }).waitFor();

    // Two containers dragged in: a tab (its panes) and a card.
    await drag(page, page.getByRole('button', { name: '添加标签面板' }), () => canvasEnd(page));
    await drag(page, page.getByRole('button', { name: '添加卡片容器' }), () => canvasEnd(page));
    const canvas = page.getByTestId('designer-canvas');
    const pane = canvas.locator('.vd-panes-tab .vd-pane').first().locator(':scope > .vd-list');
    const card = canvas.locator('.vd-container', { hasText: '卡片容器' }).locator(':scope > .vd-list');
    /** A widget dropped at the end of a container's list: below its last field, else in the middle of its empty body. */
    const dropInto = async (kind: string, list: Locator) => {
      // Away from the canvas's edges, where the drag would scroll it under the pointer.
      await list.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await drag(page, page.getByRole('button', { name: `添加${kind}` }), async () => {
        const box = await list.boundingBox();
        if (!box) throw new Error('no list');
        return { x: box.x + box.width / 2, y: box.y + box.height - 6 };
      });
    };
    const inPane = ['单行输入', '多行输入', '数字输入', '下拉选择', '单选框组'];
    const inCard = ['多选框组', '开关', '日期选择', '评分', '滑块'];
    for (const kind of inPane) await dropInto(kind, pane);
    for (const kind of inCard) await dropInto(kind, card);
    await expect(pane.locator('.vd-handle .fe-label').allInnerTexts()).resolves.toEqual(inPane);
    await expect(card.locator('.vd-handle .fe-label').allInnerTexts()).resolves.toEqual(inCard);

    // Validation on two: the text is required, the number is required and must be below 1000.
    await pane.locator('.vd-handle').nth(0).click();
    await page.getByLabel('控件字段').fill('title');
    await page.getByRole('switch', { name: '是否必填' }).click();
    await pane.locator('.vd-handle').nth(2).click();
    await page.getByLabel('控件字段').fill('amount');
    await page.getByRole('switch', { name: '是否必填' }).click();
    await page.getByRole('button', { name: '添加规则' }).click();
    await page.getByLabel('规则1表达式').fill('/^\\d{1,3}(\\.\\d+)?$/');
    await page.getByLabel('规则1错误提示').fill('金额须小于1000');
    await screenshot(page, 'designer-ten-fields');

    // The list: two columns (the amount right-aligned, sortable, 120 wide), a search on the text, 50 a page.
    await page.getByRole('tab', { name: '列表设计' }).click();
    const listDesigner = page.getByTestId('list-designer');
    await listDesigner.getByRole('checkbox', { name: '单行输入 列表显示' }).check();
    await listDesigner.getByRole('checkbox', { name: '数字输入 列表显示' }).check();
    await listDesigner.getByRole('spinbutton', { name: '数字输入 列宽' }).fill('120');
    await listDesigner.getByRole('switch', { name: '数字输入 排序' }).click();
    await listDesigner.getByRole('checkbox', { name: '单行输入 查询' }).check();
    await listDesigner.getByRole('combobox', { name: '分页条数' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^50$/ }).click();
    await expect(listDesigner.getByTestId('permissions-columns').locator('.ant-tag').allInnerTexts()).resolves.toEqual([
      '单行输入 title',
      '数字输入 amount',
    ]);
    await screenshot(page, 'designer-list-design');

    // Published to a new top-level menu.
    await page.getByRole('button', { name: '发布到菜单' }).click();
    const publish = page.getByRole('dialog', { name: '发布到菜单' });
    await publish.getByLabel('菜单名称').fill('采购');
    await publish.getByLabel('菜单编码').fill('purchasePage');
    const published = await answered(page, '/Actions/ReleaseMenu', () =>
      publish.getByRole('button', { name: /发\s*布/ }).click(),
    );
    expect(published.code).toBe(200);
    await publish.waitFor({ state: 'detached' });

    // The menu's page: the designed list, and a record added through the designed form.
    await page.goto(`${run.server.url}/model/purchasePage`);
    const headers = page.locator('.ant-table-thead th');
    await page.getByRole('button', { name: /新\s*增/ }).waitFor();
    await expect.poll(() => headers.allInnerTexts()).toEqual(expect.arrayContaining(['单行输入', '数字输入']));
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByRole('dialog');
    await form.locator('[data-field="title"] input').waitFor();
    await form.locator('[data-field="amount"] input').fill('5000');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('金额须小于1000').waitFor();
    await form.locator('[data-field="title"] input').fill('办公椅');
    await form.locator('[data-field="amount"] input').fill('300');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByRole('row', { name: /办公椅/ }).waitFor();
    await screenshot(page, 'designer-published-page');
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

    // A radio group whose options are the rows of a data interface (static data).
    await createInterface(call, {
      fullName: '颜色清单',
      enCode: 'e2e.colours',
      rows: [
        { id: 'r', fullName: '红色' },
        { id: 'g', fullName: '绿色' },
      ],
    });
    // Made before the interface list is first read (the designer keeps it a minute).
    await createInterface(call, {
      fullName: '按类取号',
      enCode: 'e2e.byKind',
      sql: `select cast({kind} as text) || '1' as id, '类' || cast({kind} as text) || '一号' as "fullName"`,
      parameters: [{ field: 'kind', fieldName: '类别', dataType: 'varchar' }],
    });
    await page.getByRole('button', { name: '添加单选框组' }).click();
    await page.locator('.ant-radio-button-wrapper', { hasText: '远端数据' }).click();
    await page.getByRole('combobox', { name: '数据接口' }).click();
    await page.locator('.ant-select-tree-title', { hasText: /^颜色清单$/ }).click();

    // A select fed by an SQL interface whose parameter 类别 takes what is typed in another field.
    await page.getByRole('button', { name: '添加单行输入' }).click();
    await page.getByLabel('控件标题').fill('类别');
    await page.getByLabel('控件字段').fill('kind');
    await page.getByRole('button', { name: '添加下拉选择' }).click();
    await page.getByLabel('控件标题').fill('编号');
    await page.getByLabel('权限标识').fill('serial');
    await page.locator('.ant-radio-button-wrapper', { hasText: '远端数据' }).last().click();
    await page.getByRole('combobox', { name: '数据接口' }).click();
    await page.locator('.ant-select-tree-title', { hasText: /^按类取号$/ }).click();
    const params = page.getByTestId('interface-params');
    await params.getByText('类别(kind)').waitFor();
    await params.getByRole('combobox', { name: '参数kind的来源' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^表单字段$/ }).click();
    await params.getByRole('combobox', { name: '参数kind取值的字段' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^类别$/ }).click();
    // The designer takes the window: its toolbar in view, the page itself not scrolled nor scrollable.
    await params.scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: '保存并发布' }).isVisible()).resolves.toBe(true);
    await expect(
      page.evaluate(() => ({
        scrolled: window.scrollY,
        overflow: document.documentElement.scrollHeight - window.innerHeight,
        toolbarTop: document.querySelector('.vd-toolbar')?.getBoundingClientRect().top,
      })),
    ).resolves.toEqual({ scrolled: 0, overflow: 0, toolbarTop: 0 });
    await screenshot(page, 'designer-interface-params');

    // The preview's select offers the dictionary's entries, the radio group the interface's rows,
    // the last select the rows of what is typed in 类别.
    await page.getByRole('button', { name: /预\s*览/ }).click();
    const preview = page.getByTestId('designer-preview');
    await preview.getByText('绿色').waitFor();
    await preview.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: /^本科$/ }).waitFor();
    await preview.locator('[data-field="kind"] input').fill('甲');
    await preview.locator('.ant-select').last().click();
    await page.locator('.ant-select-item-option', { hasText: /^类甲一号$/ }).waitFor();
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
