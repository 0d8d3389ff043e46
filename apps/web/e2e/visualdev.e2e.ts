import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seriousViolationsOn } from './axe.ts';
import { adminPassword, launchBrowser, newContext, screenshot, signInThroughPage } from './harness.ts';
import {
  answerWithPlantedCaptchas,
  apiData,
  apiLogin,
  type PreparedServer,
  startServerWithUsers,
} from './users.auth-helpers.ts';

/**
 * Issue 18 (browser): a generated form released to a menu of type 3. The administrator adds
 * records through the form dialog, searches, edits one and exports them; a clerk whose grant hides
 * a column and limits the data to their own records sees neither the column nor other records, in
 * the page and in the export. The administrator's export goes back in through the import wizard.
 */

let server: PreparedServer;
let browser: Browser;
let token: string;
let modelId: string;
let menuId: string;
const clerkPassword = 'Clerk@12345';

const field = (jnpfKey: string, name: string, label: string, config: object = {}, rest: object = {}) => ({
  __vModel__: name,
  __config__: { jnpfKey, label, span: 12, ...config },
  ...rest,
});
const options = [
  { id: '1', fullName: '普通' },
  { id: '2', fullName: '加急' },
];
/** Fifteen kinds and a sub-table; only the name is required. */
const formData = {
  popupType: 'general',
  generalWidth: '800px',
  fields: [
    field('input', 'name', '名称', { required: true }),
    field('input', 'secret', '机密'),
    field('textarea', 'remark', '备注'),
    field('inputNumber', 'price', '单价'),
    field('select', 'level', '级别', {}, { options }),
    field('radio', 'kind', '类型', {}, { options }),
    field('checkbox', 'tags', '标签', {}, { options }),
    field('switch', 'enabled', '启用', { defaultValue: 1 }, { activeValue: 1, inactiveValue: 0 }),
    field('rate', 'score', '评分'),
    field('slider', 'progress', '进度'),
    field('datePicker', 'day', '日期', {}, { format: 'yyyy-MM-dd' }),
    field('timePicker', 'alarm', '时间', {}, { format: 'HH:mm:ss' }),
    field('colorPicker', 'color', '颜色'),
    field('createUser', 'creator', '创建人'),
    field('createTime', 'createdAt', '创建时间'),
    {
      __vModel__: 'items',
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [field('input', 'item', '物品'), field('inputNumber', 'count', '数量')],
      },
    },
  ],
};
const columnData = {
  searchList: [{ prop: 'name', label: '名称', jnpfKey: 'input', searchType: 2 }],
  columnList: [
    { prop: 'name', label: '名称' },
    { prop: 'secret', label: '机密' },
    { prop: 'level', label: '级别' },
  ],
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'download', label: '导出' },
    { value: 'upload', label: '导入' },
    { value: 'batchRemove', label: '批量删除' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
    { value: 'detail', label: '详情' },
  ],
  useBtnPermission: true,
  useColumnPermission: true,
  useDataPermission: true,
  hasPage: true,
  pageSize: 20,
};

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerWithUsers([{ account: 'clerk18', password: clerkPassword }]),
    launchBrowser(),
  ]);
  token = (await apiLogin(server.url, 'admin', adminPassword)).data?.token ?? '';
  const call = <T>(method: string, url: string, body?: unknown) => apiData<T>(server.url, token, method, url, body);
  ({ id: modelId } = await call<{ id: string }>('POST', '/api/visualdev/Base', {
    fullName: '订单',
    enCode: 'e2e.orders',
    webType: 2,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify(columnData),
  }));
  // Released to a new menu as 发布到菜单 does: the page, its switches and its button and column entries.
  ({ menuId } = await call<{ menuId: string }>('POST', `/api/visualdev/Base/${modelId}/Actions/ReleaseMenu`, {
    parentId: '-1',
    fullName: '订单管理',
    enCode: 'ordersPage',
  }));
  await call('POST', '/api/system/ModuleDataAuthorizeScheme', {
    moduleId: menuId,
    enCode: 'own',
    fullName: '本人',
    scopeType: 'self',
  });
  const granted = (list: { id: string; enCode: string }[], codes: string[]) =>
    list.filter((entry) => codes.includes(entry.enCode)).map((entry) => entry.id);
  const definitions = async (path: string) =>
    (await call<{ list: { id: string; enCode: string }[] }>('GET', `/api/system/${path}/${menuId}/List`)).list;
  await call('PUT', `/api/permission/Authority/Data/${server.userIds.clerk18}`, {
    objectType: 'User',
    module: [menuId],
    button: granted(await definitions('ModuleButton'), ['btn_add', 'btn_edit', 'btn_export', 'btn_detail']),
    column: granted(await definitions('ModuleColumn'), ['name', 'level']),
    resource: granted(await definitions('ModuleDataAuthorizeScheme'), ['own']),
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openOrders(page: Page, account: string, password: string) {
  await signInThroughPage(page, server.url, account, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  await page.goto(`${server.url}/model/ordersPage`);
  await page.getByRole('button', { name: /查\s*询/ }).waitFor({ timeout: 20_000 });
}

async function addRecord(page: Page, name: string, secret: string) {
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const box = page.getByRole('dialog', { name: '新增' });
  await box.waitFor();
  await box.getByLabel('名称').fill(name);
  await box.getByLabel('机密').fill(secret);
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await box.waitFor({ state: 'hidden', timeout: 15_000 });
  await page.getByRole('cell', { name, exact: true }).waitFor();
}

async function exportedRows(page: Page): Promise<{ rows: unknown[][]; file: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /导\s*出/ }).click(),
  ]);
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, file };
}

describe('generated form page', () => {
  test('add, search, edit and export through the page; a restricted clerk sees neither the hidden column nor others’ records', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openOrders(page, 'admin', adminPassword);
    await addRecord(page, '甲订单', 'S-1');
    await addRecord(page, '乙订单', 'S-2');
    await screenshot(page, 'visualdev-list');

    // Search by the fuzzy name field.
    await page.getByRole('textbox', { name: '名称' }).fill('甲');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.getByRole('cell', { name: '乙订单' }).count()).toBe(0);
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.getByRole('cell', { name: '乙订单', exact: true }).waitFor();

    // Edit one.
    await page
      .getByRole('row', { name: /乙订单/ })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    await edit.getByLabel('名称').fill('乙订单改');
    await screenshot(page, 'visualdev-edit');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByRole('cell', { name: '乙订单改', exact: true }).waitFor();

    // Detail viewer.
    await page
      .getByRole('row', { name: /甲订单/ })
      .getByRole('button', { name: /详\s*情/ })
      .click();
    const detail = page.getByRole('dialog', { name: '详情' });
    await detail.getByText('S-1').waitFor();
    await detail.getByRole('button', { name: /取\s*消/ }).click();

    const { rows: adminRows, file: exported } = await exportedRows(page);
    expect(adminRows[0]).toEqual(['名称', '机密', '级别']);
    expect(
      adminRows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['乙订单改', '甲订单']);
    // The export goes back in through the wizard: its columns are the form's, read by their labels.
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const wizard = page.getByRole('dialog', { name: '批量导入' });
    await wizard.locator('input[type=file]').setInputFiles({
      name: 'orders.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await readFile(exported),
    });
    await wizard.getByRole('button', { name: /下一步/ }).click();
    await wizard.getByText('共 2 条数据').waitFor();
    await wizard.getByRole('button', { name: /开始导入/ }).click();
    await wizard.getByText('成功导入 2 条，失败 0 条').waitFor();
    await wizard.getByRole('button', { name: /关\s*闭/ }).click();
    await expect.poll(() => page.getByRole('cell', { name: '甲订单', exact: true }).count()).toBe(2);

    // Checked as the page rests: the pointer off the button it last pressed.
    await page.mouse.move(900, 700);
    await page.getByRole('textbox', { name: '名称' }).focus();
    expect(await seriousViolationsOn(page, 'generated form page')).toEqual([]);

    // The clerk: own records only, no 机密 column, in the page and the export.
    const clerkContext = await newContext(browser);
    const clerk = await clerkContext.newPage();
    await openOrders(clerk, 'clerk18', clerkPassword);
    await addRecord(clerk, '职员订单', 'hidden');
    await screenshot(clerk, 'visualdev-clerk');
    // The answer the page reads holds neither the hidden field nor the others' records.
    const [answer] = await Promise.all([
      clerk.waitForResponse((r) => r.url().includes(`/OnlineDev/${modelId}/List`)),
      clerk.getByRole('button', { name: '刷新' }).click(),
    ]);
    const rows = ((await answer.json()) as { data: { list: Record<string, unknown>[] } }).data.list;
    expect(rows.map((r) => r.name)).toEqual(['职员订单']);
    expect(rows.every((r) => !('secret' in r))).toBe(true);
    expect(await clerk.getByRole('columnheader', { name: '机密' }).count()).toBe(0);
    expect(await clerk.getByRole('cell', { name: '甲订单' }).count()).toBe(0);
    expect(await clerk.getByRole('button', { name: /批量删除/ }).count()).toBe(0);
    const { rows: clerkRows } = await exportedRows(clerk);
    expect(clerkRows).toEqual([
      ['名称', '级别'],
      ['职员订单', ''],
    ]);
    await clerkContext.close();
    await context.close();
  });

  test('外链设置 opens the public form; a visitor fills it, answering the captcha, without signing in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    await page.goto(`${server.url}/onlineDev/webDesign`);
    await page
      .getByRole('row', { name: /订单/ })
      .getByRole('button', { name: /外\s*链/ })
      .click();
    const settings = page.getByRole('dialog', { name: '外链设置' });
    await settings.getByRole('switch', { name: '开启填单' }).click();
    const address = await settings.getByRole('textbox', { name: '填单链接' }).inputValue();
    expect(address).toBe(`${server.url}/formShortLink?modelId=${modelId}&type=form`);
    await settings.locator('[data-label="填单链接二维码"] canvas').waitFor();
    // The field list closed, the pointer off the buttons.
    await settings.getByText('外链设置').click();
    await page.mouse.move(5, 5);
    await screenshot(page, 'visualdev-short-link-settings');
    await settings.getByRole('button', { name: /确\s*定/ }).click();
    await settings.waitFor({ state: 'hidden' });
    const stored = await apiData<{ formUse: number; columnUse: number; columnText: string[] }>(
      server.url,
      token,
      'GET',
      `/api/visualdev/ShortLink/${modelId}`,
    );
    expect(stored).toMatchObject({ formUse: 1, columnUse: 0 });

    const visitor = await (await newContext(browser)).newPage();
    await answerWithPlantedCaptchas(visitor);
    await visitor.goto(address);
    await visitor.getByLabel('名称').fill('访客订单');
    await visitor.getByRole('img', { name: '验证码，点击更换' }).waitFor();
    // Without the captcha the page asks for it and sends nothing.
    await visitor.getByRole('button', { name: /提\s*交/ }).click();
    await visitor.getByText('验证码', { exact: true }).first().waitFor();
    await visitor.getByRole('textbox', { name: '验证码' }).fill('abcd');
    await screenshot(visitor, 'visualdev-short-link');
    await visitor.getByRole('button', { name: /提\s*交/ }).click();
    await visitor.getByText('提交成功').waitFor();
    const found = await apiData<{ list: { name: string }[] }>(
      server.url,
      token,
      'POST',
      `/api/visualdev/OnlineDev/${modelId}/List`,
      {
        queryJson: JSON.stringify({ name: '访客订单' }),
      },
    );
    expect(found.list.map((r) => r.name)).toEqual(['访客订单']);
    await visitor.context().close();
    await context.close();
  });

  test('a list with a tree beside it: choosing a node lists the records of that node and those below it', async () => {
    const call = <T>(method: string, url: string, body?: unknown) => apiData<T>(server.url, token, method, url, body);
    const { id: typeId } = await call<{ id: string }>('POST', '/api/system/DictionaryType', {
      parentId: '0',
      fullName: '区域',
      enCode: 'e2e.region',
      isTree: 1,
      sortCode: 1,
    });
    const entry = async (fullName: string, enCode: string, parentId = '0') =>
      (
        await call<{ id: string }>('POST', '/api/system/DictionaryData', {
          dictionaryTypeId: typeId,
          parentId,
          fullName,
          enCode,
          sortCode: 0,
          enabledMark: 1,
        })
      ).id;
    const east = await entry('华东', 'east');
    const shanghai = await entry('上海', 'sh', east);
    const north = await entry('华北', 'north');
    const { id: customers } = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: '客户',
      enCode: 'e2e.customers',
      webType: 2,
      formData: JSON.stringify({
        fields: [
          field('input', 'name', '客户名称', { required: true }),
          field('select', 'region', '所在区域', { dataType: 'dictionary', dictionaryType: typeId }),
        ],
      }),
      columnData: JSON.stringify({
        type: 2,
        treeTitle: '区域',
        treeDataSource: 'dictionary',
        treeDictionary: typeId,
        treeRelation: 'region',
        defaultSidx: 'name',
        sort: 'asc',
        // Widths as an older definition wrote them: text.
        columnList: [
          { prop: 'name', label: '客户名称', width: '220px' },
          { prop: 'region', label: '所在区域', width: '160' },
        ],
      }),
    });
    await call('POST', `/api/visualdev/Base/${customers}/Actions/ReleaseMenu`, {
      parentId: '-1',
      fullName: '客户管理',
      enCode: 'customersPage',
    });
    for (const [name, region] of [
      ['东方公司', east],
      ['浦江公司', shanghai],
      ['北方公司', north],
    ])
      await call('POST', `/api/visualdev/OnlineDev/${customers}`, { data: JSON.stringify({ name, region }) });

    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    await page.goto(`${server.url}/model/customersPage`);
    const names = async () => (await page.getByRole('cell', { name: /公司$/ }).allInnerTexts()).sort();
    await expect.poll(names, { timeout: 20_000 }).toEqual(['北方公司', '浦江公司', '东方公司'].sort());
    await page.getByText('区域', { exact: true }).waitFor();
    const widths = await Promise.all(
      ['客户名称', '所在区域'].map(async (name) =>
        Math.round((await page.getByRole('columnheader', { name }).boundingBox())?.width ?? 0),
      ),
    );
    // The table stretches its columns to the pane, keeping their designed proportion (150 each without widths).
    expect((widths[0] ?? 0) / (widths[1] ?? 1)).toBeGreaterThan(1.25);

    await page.getByRole('treeitem', { name: '华东' }).click();
    await expect.poll(names).toEqual(['浦江公司', '东方公司'].sort());
    await page.mouse.move(900, 700);
    await screenshot(page, 'visualdev-tree-panel');
    await page.getByRole('treeitem', { name: '上海' }).click();
    await expect.poll(names).toEqual(['浦江公司']);
    // The chosen node clicked again: every record.
    await page.getByRole('treeitem', { name: '上海' }).click();
    await expect.poll(names).toHaveLength(3);
    await context.close();
  });
});
