import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { coordinatesText, wgs84ToGcj02 } from '@platform/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seriousViolationsOn } from './axe.ts';
import {
  adminPassword,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  signInThroughPage,
  startServer,
} from './harness.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';

/**
 * Issue 17 (browser): the people and organisation pickers as form-engine fields on /previewModel,
 * against the real server. Each picker: choose, search, clear, cancel restores, confirm writes;
 * the user picker's tabs (current organisation, subordinates, the current user), the role
 * picker's 组织 / 全局 tabs, the mixed picker's type tabs and its selected pane grouped by type,
 * custom mode limited to the ableIds; the stored ids shown as names after a reload.
 */

let server: RunningServer;
let page: Page;
let closeBrowser: () => Promise<void>;
const seeded = {} as Record<
  | 'root'
  | 'dept'
  | 'position'
  | 'orgRole'
  | 'globalRole'
  | 'group'
  | 'zhang'
  | 'li'
  | 'wang'
  | 'admin'
  | 'fruits'
  | 'customers'
  | 'customer2',
  string
>;

const api = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiData<T>(server.url, token, method, path, body);

/** 集团总部 / 研发部 with 工程师, roles 研发角色 (of 研发部) and 审核员 (global), group 项目组, three people. */
async function seed(token: string) {
  const top = await api<{ list: { id: string; fullName: string }[] }>(
    token,
    'GET',
    '/api/permission/Organize/Department/SelectorByAuth/0',
  );
  const root = top.list.find((o) => o.fullName === '集团总部');
  if (!root) throw new Error('the seeded 集团总部 is missing');
  seeded.root = root.id;
  const created = (path: string, body: unknown) => api<{ id: string }>(token, 'POST', path, body).then((r) => r.id);
  seeded.dept = await created('/api/permission/Organize/Department', {
    parentId: root.id,
    fullName: '研发部',
    enCode: 'e2e.rd',
    sortCode: 0,
    enabledMark: 1,
  });
  seeded.position = await created('/api/permission/Position', {
    organizeId: seeded.dept,
    fullName: '工程师',
    enCode: 'e2e.engineer',
    enabledMark: 1,
  });
  seeded.orgRole = await created('/api/permission/Role', {
    fullName: '研发角色',
    enCode: 'e2e.rdRole',
    globalMark: 0,
    organizeIds: [seeded.dept],
    enabledMark: 1,
  });
  seeded.globalRole = await created('/api/permission/Role', {
    fullName: '审核员',
    enCode: 'e2e.auditor',
    globalMark: 1,
    enabledMark: 1,
  });
  seeded.group = await created('/api/permission/Group', { fullName: '项目组', enCode: 'e2e.team', enabledMark: 1 });
  seeded.admin = (await api<{ userInfo: { userId: string } }>(token, 'GET', '/api/oauth/CurrentUser')).userInfo.userId;
  const user = (account: string, realName: string, extra: Record<string, unknown> = {}) =>
    created('/api/permission/Users', {
      account,
      realName,
      organizeId: seeded.dept,
      enabledMark: 1,
      sortCode: 0,
      ...extra,
    });
  seeded.zhang = await user('zhanggong', '张工', { managerId: seeded.admin });
  seeded.li = await user('ligong', '李工');
  seeded.wang = await user('wanggong', '王工', { enabledMark: 0 });

  const dictionaries = await api<{ list: { enCode: string; dictionaryList: { id: string }[] }[] }>(
    token,
    'GET',
    '/api/system/DictionaryData/All',
  );
  const category = dictionaries.list.find((d) => d.enCode === 'DataInterfaceType')?.dictionaryList[0]?.id;
  const fruits = Array.from({ length: 25 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return { id: `f${n}`, fullName: `水果${n}`, color: i % 2 ? '红' : '黄' };
  });
  seeded.fruits = await created('/api/system/DataInterface', {
    fullName: '水果清单',
    enCode: 'e2e.fruits',
    category,
    type: 2,
    action: 3,
    hasPage: 0,
    enabledMark: 1,
    sortCode: 0,
    dataConfigJson: JSON.stringify({ staticData: JSON.stringify(fruits) }),
    parameterJson: '[]',
    fieldJson: '[]',
  });

  // A generated form 客户 with three records, for the relation form.
  const input = (name: string, label: string) => ({
    __vModel__: name,
    __config__: { jnpfKey: 'input', label, span: 24 },
  });
  seeded.customers = await created('/api/visualdev/Base', {
    fullName: '客户',
    enCode: 'e2e.customers',
    webType: 2,
    formData: JSON.stringify({ fields: [input('name', '客户名称'), input('city', '所在城市')] }),
    columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '客户名称' }], hasPage: true, pageSize: 20 }),
  });
  await api(token, 'POST', `/api/visualdev/Base/${seeded.customers}/Actions/Release`, {});
  for (const [name, city] of [
    ['客户1', '福州'],
    ['客户2', '厦门'],
    ['客户3', '泉州'],
  ])
    await api(token, 'POST', `/api/visualdev/OnlineDev/${seeded.customers}`, { data: JSON.stringify({ name, city }) });
  const records = await api<{ list: { id: string; name: string }[] }>(
    token,
    'POST',
    `/api/visualdev/OnlineDev/${seeded.customers}/List`,
    { currentPage: 1, pageSize: 20 },
  );
  seeded.customer2 = records.list.find((r) => r.name === '客户2')?.id ?? '';
}

const definition = (values: Record<string, unknown> = {}) => {
  const field = (jnpfKey: string, name: string, label: string, rest: Record<string, unknown> = {}) => ({
    __vModel__: name,
    __config__: {
      jnpfKey,
      label,
      span: 12,
      layout: 'colFormItem',
      ...(name in values ? { defaultValue: values[name] } : {}),
    },
    ...rest,
  });
  return {
    formRef: 'formRef',
    formModel: 'dataForm',
    size: 'small',
    labelPosition: 'right',
    labelWidth: 110,
    gutter: 15,
    fields: [
      field('organizeSelect', 'company', '所属组织'),
      field('depSelect', 'depts', '部门', { multiple: true }),
      field('posSelect', 'post', '岗位'),
      field('roleSelect', 'roles', '角色', { multiple: true }),
      field('groupSelect', 'team', '分组'),
      field('userSelect', 'owner', '负责人', { hasSys: true }),
      field('usersSelect', 'members', '参与人', { multiple: true }),
      field('userSelect', 'chosen', '指定人员', {
        selectType: 'custom',
        ableIds: [`${seeded.dept}--department`],
        multiple: true,
      }),
      field('roleSelect', 'chosenRole', '指定角色', { selectType: 'custom', ableIds: [seeded.globalRole] }),
      field('areaSelect', 'place', '地区', { level: 2 }),
      field('areaSelect', 'cities', '城市', { level: 1, multiple: true }),
      field('popupSelect', 'fruit', '水果', {
        ...fruitSource(),
        hasPage: true,
        pageSize: 10,
        popupTitle: '选择水果',
      }),
      field('popupAttr', 'fruitColor', '水果颜色', { relationField: 'fruit', showField: 'color' }),
      field('popupTableSelect', 'basket', '果篮', { ...fruitSource(), multiple: true }),
      field('location', 'spot', '打卡地点', { enableLocationScope: true, adjustmentScope: 500 }),
      field('relationForm', 'customer', '客户', {
        modelId: seeded.customers,
        relationField: 'name',
        columnOptions: [
          { value: 'name', label: '客户名称' },
          { value: 'city', label: '所在城市' },
        ],
        hasPage: true,
        pageSize: 10,
        popupTitle: '选择客户',
      }),
      field('relationFormAttr', 'customerCity', '客户城市', { relationField: 'customer', showField: 'city' }),
      field('autoComplete', 'fruitName', '水果名', { interfaceId: seeded.fruits, relationField: 'fullName', total: 5 }),
    ],
  };
};

const fruitSource = () => ({
  interfaceId: seeded.fruits,
  propsValue: 'id',
  relationField: 'fullName',
  columnOptions: [
    { value: 'fullName', label: '名称' },
    { value: 'color', label: '颜色' },
  ],
});

async function render(values: Record<string, unknown> = {}) {
  await page.goto(`${server.url}/previewModel`);
  await page.getByRole('textbox', { name: /definition|定义/ }).fill(JSON.stringify(definition(values)));
  await page.getByRole('button', { name: /^预\s*览$/ }).click();
  await form().locator('[data-field="owner"]').waitFor();
}

const form = () => page.getByTestId('preview-form');
const fieldOf = (name: string) => form().locator(`[data-field="${name}"]`).first();
const dialog = (title: string) => page.getByRole('dialog', { name: title });
const tags = (name: string) => fieldOf(name).locator('.ant-select-selection-item');
const tagTexts = async (name: string) => (await tags(name).allInnerTexts()).map((text) => text.trim());
const treeNode = (scope: Locator, name: string) =>
  scope.locator('.ant-tree-treenode').filter({ has: page.getByText(name, { exact: true }) });
const selectedPane = (scope: Locator) => scope.locator('.selector-dialog-pane-body').nth(1);
/** Confirm or cancel, and wait until the dialog has gone (its closing animation still covers the page). */
async function confirm(picker: Locator) {
  await picker.getByRole('button', { name: /^确\s*定$/ }).click();
  await picker.waitFor({ state: 'hidden' });
}
async function cancel(picker: Locator) {
  await picker.getByRole('button', { name: /^取\s*消$/ }).click();
  await picker.waitFor({ state: 'hidden' });
}

async function open(name: string, title: string): Promise<Locator> {
  await fieldOf(name).locator('.ant-select').click();
  const picker = dialog(title);
  await picker.waitFor();
  return picker;
}

async function search(picker: Locator, word: string) {
  const box = picker.getByPlaceholder('请输入关键词查询');
  await box.fill(word);
  await box.press('Enter');
}

async function clearField(name: string) {
  await fieldOf(name).locator('.ant-select').hover();
  await fieldOf(name).locator('.ant-select-clear').click();
}

beforeAll(async () => {
  const [started, browser] = await Promise.all([startServer(), launchBrowser()]);
  server = started;
  closeBrowser = () => browser.close();
  page = await (await newContext(browser)).newPage();
  await signInThroughPage(page, server.url, 'admin', adminPassword);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  await seed(await tokenOf(page));
}, 180_000);
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
});

describe('people and organisation pickers in a form', () => {
  test('organisation, department, position and group: choose, search, cancel restores, clear, confirm', async () => {
    await render();

    let picker = await open('company', '选择组织');
    await treeNode(picker, '研发部').waitFor();
    await treeNode(picker, '集团总部').getByText('集团总部', { exact: true }).click();
    await confirm(picker);
    expect(await tagTexts('company')).toEqual(['集团总部']);

    // Departments only: the company is not chosen; the search keeps the matching branch.
    picker = await open('depts', '选择部门');
    await search(picker, '研发');
    await treeNode(picker, '研发部').waitFor();
    await treeNode(picker, '集团总部').getByText('集团总部', { exact: true }).click();
    await treeNode(picker, '研发部').getByText('研发部', { exact: true }).click();
    await expect.poll(() => selectedPane(picker).innerText()).toContain('研发部');
    expect(await selectedPane(picker).innerText()).not.toContain('集团总部');
    await confirm(picker);
    expect(await tagTexts('depts')).toEqual(['研发部']);

    picker = await open('post', '选择岗位');
    await treeNode(picker, '工程师').getByText('工程师', { exact: true }).click();
    await confirm(picker);
    expect(await tagTexts('post')).toEqual(['工程师']);
    // Cancel restores what was chosen before the dialog opened.
    picker = await open('post', '选择岗位');
    await picker.getByRole('button', { name: '清空列表' }).click();
    await cancel(picker);
    expect(await tagTexts('post')).toEqual(['工程师']);
    // Clearing the field empties it at once.
    await clearField('post');
    expect(await tagTexts('post')).toEqual([]);

    picker = await open('team', '分组选择');
    await search(picker, '没有这个');
    await picker.locator('.ant-empty-description').getByText('暂无数据').waitFor();
    await search(picker, '项目');
    await treeNode(picker, '项目组').getByText('项目组', { exact: true }).click();
    await confirm(picker);
    expect(await tagTexts('team')).toEqual(['项目组']);
  });

  test('roles: the 组织 and 全局 tabs, clear list, custom mode shows only the allowed roles', async () => {
    await render();
    let picker = await open('roles', '选择角色');
    await treeNode(picker, '研发角色').getByText('研发角色', { exact: true }).click();
    expect(await picker.getByText('审核员', { exact: true }).count()).toBe(0);
    await picker.getByRole('tab', { name: '全局' }).click();
    await treeNode(picker, '审核员').getByText('审核员', { exact: true }).click();
    await expect.poll(() => picker.locator('.selector-dialog-item').count()).toBe(2);
    await screenshot(page, 'pickers-role');
    await picker.getByRole('button', { name: '清空列表' }).click();
    expect(await picker.locator('.selector-dialog-item').count()).toBe(0);
    await treeNode(picker, '审核员').getByText('审核员', { exact: true }).click();
    await picker.getByRole('tab', { name: '组织' }).click();
    await treeNode(picker, '研发角色').getByText('研发角色', { exact: true }).click();
    await confirm(picker);
    expect(await tagTexts('roles')).toEqual(['审核员', '研发角色']);

    picker = await open('chosenRole', '选择角色');
    await picker.getByText('审核员', { exact: true }).waitFor();
    expect(await picker.getByText('研发角色', { exact: true }).count()).toBe(0);
    await picker.getByText('审核员', { exact: true }).click();
    await confirm(picker);
    expect(await tagTexts('chosenRole')).toEqual(['审核员']);
  });

  test('users: the four tabs, the current user, search, custom mode, clear', async () => {
    await render();
    let picker = await open('owner', '选择用户');
    for (const tab of ['全部数据', '当前组织', '我的下属', '系统变量'])
      await picker.getByRole('tab', { name: tab }).waitFor();
    await picker.getByRole('tab', { name: '我的下属' }).click();
    await picker.getByRole('button', { name: /张工\/zhanggong/ }).waitFor();
    expect(await picker.getByRole('button', { name: /李工\/ligong/ }).count()).toBe(0);
    await picker.getByRole('tab', { name: '系统变量' }).click();
    await picker.getByRole('button', { name: /当前用户/ }).click();
    await confirm(picker);
    expect(await tagTexts('owner')).toEqual(['当前用户']);
    await clearField('owner');
    expect(await tagTexts('owner')).toEqual([]);

    // A keyword: a flat list of matching users; a disabled user is not offered.
    picker = await open('owner', '选择用户');
    await search(picker, 'gong');
    await picker.getByRole('button', { name: /李工\/ligong/ }).waitFor();
    expect(await picker.getByRole('button', { name: /王工\/wanggong/ }).count()).toBe(0);
    await screenshot(page, 'pickers-user-search');
    expect(await seriousViolationsOn(page, 'user picker')).toEqual([]);
    await picker.getByRole('button', { name: /李工\/ligong/ }).click();
    await confirm(picker);
    expect(await tagTexts('owner')).toEqual(['李工/ligong']);

    // Custom mode: the users the allowed department covers, nobody else.
    picker = await open('chosen', '选择用户');
    await picker.getByRole('button', { name: /张工\/zhanggong/ }).waitFor();
    await picker.getByRole('button', { name: /李工\/ligong/ }).waitFor();
    expect(await picker.getByRole('button', { name: /admin/ }).count()).toBe(0);
    await picker.getByRole('button', { name: /张工\/zhanggong/ }).click();
    await picker.getByRole('button', { name: /李工\/ligong/ }).click();
    await confirm(picker);
    expect(await tagTexts('chosen')).toEqual(['张工/zhanggong', '李工/ligong']);
  });

  test('the mixed picker: department, role, position and group tabs; chosen items grouped by type', async () => {
    await render();
    const picker = await open('members', '选择用户');
    await treeNode(picker, '集团总部').getByText('集团总部', { exact: true }).click();
    await picker.getByRole('tab', { name: '角色' }).click();
    await treeNode(picker, '审核员').getByText('审核员', { exact: true }).click();
    await picker.getByRole('tab', { name: '岗位' }).click();
    await treeNode(picker, '工程师').getByText('工程师', { exact: true }).click();
    await picker.getByRole('tab', { name: '分组' }).click();
    await treeNode(picker, '项目组').getByText('项目组', { exact: true }).click();
    await picker.getByRole('tab', { name: '部门' }).click();
    await search(picker, 'zhang');
    await picker.getByRole('button', { name: /张工\/zhanggong/ }).click();
    const pane = selectedPane(picker);
    for (const heading of ['部门', '岗位', '用户', '分组', '角色'])
      await pane.getByRole('region', { name: heading }).waitFor();
    await expect(pane.getByRole('region', { name: '角色' }).innerText()).resolves.toContain('审核员');
    await screenshot(page, 'pickers-mixed');
    expect(await seriousViolationsOn(page, 'mixed picker')).toEqual([]);
    await confirm(picker);
    expect(await tagTexts('members')).toEqual(['集团总部', '审核员', '工程师', '项目组', '张工/zhanggong']);
  });

  test('areas: a lazy tree, only paths of level+1 areas are taken, several in multiple mode', async () => {
    await render();
    let picker = await open('place', '选择省市区');
    await treeNode(picker, '福建省').locator('.ant-tree-switcher').click();
    await treeNode(picker, '厦门市').locator('.ant-tree-switcher').click();
    await treeNode(picker, '思明区').waitFor();
    // A province or a city is not a district: level 2 takes only three-id paths.
    await treeNode(picker, '厦门市').getByText('厦门市', { exact: true }).click();
    expect(await picker.locator('.selector-dialog-item').count()).toBe(0);
    await treeNode(picker, '思明区').getByText('思明区', { exact: true }).click();
    await treeNode(picker, '湖里区').getByText('湖里区', { exact: true }).click();
    // Single mode: the second choice replaces the first.
    await expect.poll(() => selectedPane(picker).innerText()).toContain('福建省/厦门市/湖里区');
    expect(await picker.locator('.selector-dialog-item').count()).toBe(1);
    await screenshot(page, 'pickers-area');
    expect(await seriousViolationsOn(page, 'area picker')).toEqual([]);
    await confirm(picker);
    expect(await tagTexts('place')).toEqual(['福建省/厦门市/湖里区']);
    await clearField('place');
    expect(await tagTexts('place')).toEqual([]);

    picker = await open('cities', '选择省市区');
    await treeNode(picker, '福建省').locator('.ant-tree-switcher').click();
    await treeNode(picker, '厦门市').getByText('厦门市', { exact: true }).click();
    await treeNode(picker, '福州市').getByText('福州市', { exact: true }).click();
    await confirm(picker);
    expect(await tagTexts('cities')).toEqual(['福建省/厦门市', '福建省/福州市']);
  });

  test('popup select, table select and autocomplete over a data interface', async () => {
    await render();
    let picker = await open('fruit', '选择水果');
    const rows = picker.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(10);
    expect(await picker.locator('.ant-pagination-item').count()).toBe(3);
    // 确定 with no row chosen does nothing.
    await picker.getByRole('button', { name: /^确\s*定$/ }).click();
    await picker.waitFor();
    await picker.getByRole('textbox', { name: '关键词' }).fill('水果2');
    await picker.getByRole('button', { name: /^查\s*询$/ }).click();
    await expect.poll(() => rows.count()).toBe(6);
    await rows.filter({ hasText: '水果21' }).click();
    await screenshot(page, 'pickers-popup');
    expect(await seriousViolationsOn(page, 'popup select')).toEqual([]);
    await confirm(picker);
    await expect.poll(() => tagTexts('fruit')).toEqual(['水果21']);
    // The relation attribute shows a column of the chosen row (水果21 is the 21st: yellow).
    await expect.poll(() => fieldOf('fruitColor').innerText()).toContain('黄');
    // 重置 brings every row back; 取消 keeps the value.
    picker = await open('fruit', '选择水果');
    await picker.getByRole('textbox', { name: '关键词' }).fill('水果0');
    await picker.getByRole('button', { name: /^查\s*询$/ }).click();
    await expect.poll(() => rows.count()).toBe(9);
    await picker.getByRole('button', { name: /^重\s*置$/ }).click();
    await expect.poll(() => rows.count()).toBe(10);
    await rows.first().click();
    await cancel(picker);
    expect(await tagTexts('fruit')).toEqual(['水果21']);

    await fieldOf('basket').locator('.ant-select').click();
    const popover = page.locator('.popup-table-select');
    await popover.waitFor();
    const tableRows = popover.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => tableRows.count()).toBe(25);
    await tableRows.filter({ hasText: '水果01' }).click();
    await tableRows.filter({ hasText: '水果02' }).click();
    await tableRows.filter({ hasText: '水果03' }).click();
    await tableRows.filter({ hasText: '水果02' }).click();
    await popover.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(() => tagTexts('basket')).toEqual(['水果01', '水果03']);
    await clearField('basket');
    expect(await tagTexts('basket')).toEqual([]);

    const typed = fieldOf('fruitName').locator('input');
    await typed.fill('水果1');
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.count()).toBe(5);
    await options.filter({ hasText: '水果12' }).click();
    await expect.poll(() => typed.inputValue()).toBe('水果12');
  });

  test('location: says what to configure without a key; lists nearby places page by page; refuses beyond the fine-tune range', async () => {
    await render();
    await fieldOf('spot').locator('button', { hasText: '添加定位' }).click();
    let picker = dialog('选择位置');
    await picker.getByText('请先在系统配置的“地图服务”中填写地图服务密钥').waitFor();
    await cancel(picker);

    // A fake of the map service on loopback: 50 places on page 1 (the first 2 km away), 3 on page 2.
    const asked: URL[] = [];
    const maps: URL[] = [];
    // A one-pixel PNG, drawn over the whole map box.
    const mapPicture = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const fake: Server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/v3/staticmap') {
        maps.push(url);
        response.setHeader('content-type', 'image/png');
        response.end(mapPicture);
        return;
      }
      asked.push(url);
      const page = Number(url.searchParams.get('page') ?? '1');
      const count = page === 1 ? 50 : 3;
      const pois = Array.from({ length: count }, (_, i) => {
        const n = (page - 1) * 50 + i + 1;
        const far = n === 1;
        return {
          id: `P${n}`,
          name: far ? '远处的地点' : `附近地点${n}`,
          address: `街道${n}号`,
          location: far ? '118.990923,25.434422' : '118.991923,25.416422',
          pname: '福建省',
          cityname: '泉州市',
          adname: '永春县',
          distance: far ? '2000' : '100',
        };
      });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ status: '1', info: 'OK', count: String(count), pois }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const token = await tokenOf(page);
      await api(token, 'PUT', '/api/system/SysConfig', {
        mapServiceKey: 'e2e-key',
        mapApiBase: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      });
      await fieldOf('spot').locator('button', { hasText: '添加定位' }).click();
      picker = dialog('选择位置');
      const places = picker.locator('.location-list .user-picker-item');
      await expect.poll(() => places.count()).toBe(50);
      expect(asked[0]?.searchParams.get('key')).toBe('e2e-key');
      // The map: a picture at zoom 16 around the starting point, with the centre marker.
      const map = picker.getByRole('application');
      await picker.locator('img.location-map-image').waitFor();
      expect(Object.fromEntries(maps[0]?.searchParams ?? [])).toMatchObject({
        location: '118.990923,25.416422',
        zoom: '16',
        size: '552*220',
      });
      await picker.getByRole('button', { name: /^确\s*定$/ }).click();
      await page.getByText('请选择地址').waitFor();
      await places.last().scrollIntoViewIfNeeded();
      await expect.poll(() => places.count()).toBe(53);
      expect(asked.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);

      // Dragging the map 100 px left moves its centre east (about 216 m at zoom 16, inside the
      // 500 m fine-tune range): the places around the new centre are listed from page 1.
      const box = await map.boundingBox();
      if (!box) throw new Error('the map has no box');
      const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(middle.x, middle.y);
      await page.mouse.down();
      await page.mouse.move(middle.x - 50, middle.y, { steps: 3 });
      await page.mouse.move(middle.x - 100, middle.y, { steps: 3 });
      await page.mouse.up();
      await expect.poll(() => map.getAttribute('data-centre')).toBe('118.993069,25.416422');
      await expect.poll(() => asked.at(-1)?.searchParams.get('location')).toBe('118.993069,25.416422');
      expect(asked.at(-1)?.searchParams.get('page')).toBe('1');
      await expect.poll(() => places.count()).toBe(50);
      // The arrow keys move it too; a move beyond the fine-tune range is refused and says so.
      // (64 px a press, about 138 m: left once, then right three times is about 490 m east.)
      await map.focus();
      await map.press('ArrowLeft');
      await expect.poll(() => map.getAttribute('data-centre')).not.toBe('118.993069,25.416422');
      for (let i = 0; i < 3; i++) await map.press('ArrowRight');
      await expect.poll(() => asked.at(-1)?.searchParams.get('location')).toBe(await map.getAttribute('data-centre'));
      const farthest = await map.getAttribute('data-centre');
      await map.press('ArrowRight');
      await page.getByText('超出微调范围').first().waitFor();
      expect(await map.getAttribute('data-centre')).toBe(farthest);
      await page.getByText('超出微调范围').first().waitFor({ state: 'hidden' });
      await picker.getByRole('button', { name: '放大' }).click();
      await expect.poll(() => maps.at(-1)?.searchParams.get('zoom')).toBe('17');
      await places.filter({ hasText: '远处的地点' }).click();
      await picker.getByRole('button', { name: /^确\s*定$/ }).click();
      await page.getByText('超出微调范围').waitFor();
      await picker.waitFor();
      await screenshot(page, 'pickers-location');
      expect(await seriousViolationsOn(page, 'location dialog')).toEqual([]);
      await places.filter({ hasText: '附近地点2' }).first().click();
      await confirm(picker);
      await fieldOf('spot').getByText('福建省泉州市永春县街道2号附近地点2').waitFor();
      // The field shows the place on a small map (zoom 19, 80*80).
      await fieldOf('spot').getByRole('img', { name: '福建省泉州市永春县街道2号附近地点2' }).waitFor();
      expect(Object.fromEntries(maps.at(-1)?.searchParams ?? [])).toMatchObject({
        location: '118.991923,25.416422',
        zoom: '19',
        size: '80*80',
      });

      // A keyword searches within the fine-tune range around the starting point.
      await fieldOf('spot').locator('button', { hasText: '重新定位' }).click();
      picker = dialog('选择位置');
      await picker.getByPlaceholder('搜索地点').fill('附近');
      await picker.getByPlaceholder('搜索地点').press('Enter');
      await expect.poll(() => asked.at(-1)?.searchParams.get('keywords')).toBe('附近');
      expect(asked.at(-1)?.searchParams.get('radius')).toBe('500');
      await cancel(picker);
      await fieldOf('spot').locator('button', { hasText: '清除' }).click();
      await fieldOf('spot').locator('button', { hasText: '添加定位' }).waitFor();

      // Auto-location: an empty field takes the nearest place to where the device says it is, its
      // position (WGS-84) shifted to the map service's datum (GCJ-02) before asking.
      const device = { longitude: 118.9859, latitude: 25.4189 };
      await page.context().grantPermissions(['geolocation'], { origin: server.url });
      await page.context().setGeolocation(device);
      await page.goto(`${server.url}/previewModel`);
      const located = {
        ...definition(),
        fields: [definition().fields.find((f) => f.__vModel__ === 'spot')].map((f) => ({ ...f, autoLocation: true })),
      };
      await page.getByRole('textbox', { name: /definition|定义/ }).fill(JSON.stringify(located));
      await page.getByRole('button', { name: /^预\s*览$/ }).click();
      await fieldOf('spot').getByText('福建省泉州市永春县街道1号远处的地点').waitFor();
      expect(asked.at(-1)?.searchParams.get('location')).toBe(
        coordinatesText(wgs84ToGcj02({ lng: device.longitude, lat: device.latitude })),
      );
      expect(asked.at(-1)?.searchParams.get('location')).not.toBe('118.985900,25.418900');
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  test('relation form: a record of another form by name, its attribute follows, the detail opens the record', async () => {
    await render();
    const picker = await open('customer', '选择客户');
    const rows = picker.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    await picker.getByRole('textbox', { name: '关键词' }).fill('客户2');
    await picker.getByRole('button', { name: /^查\s*询$/ }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    await screenshot(page, 'pickers-relation-form');
    await confirm(picker);
    expect(await tagTexts('customer')).toEqual(['客户2']);
    await expect.poll(() => fieldOf('customerCity').innerText()).toContain('厦门');

    await form()
      .getByRole('button', { name: /提\s*交/ })
      .click();
    const detail = page.getByTestId('preview-detail');
    await detail.getByRole('button', { name: '客户2' }).click();
    const record = page.getByRole('dialog', { name: '详情' });
    await expect.poll(() => record.innerText()).toContain('所在城市');
    expect(await record.innerText()).toContain('厦门');
    await screenshot(page, 'pickers-relation-detail');

    // A stored id shows as the record's name in a fresh document.
    await render({ customer: seeded.customer2 });
    await expect.poll(() => tagTexts('customer')).toEqual(['客户2']);
  });

  test('stored ids show as names after a reload, in the form and in the detail', async () => {
    const values = {
      company: seeded.root,
      depts: [seeded.dept],
      post: seeded.position,
      roles: [seeded.globalRole, seeded.orgRole],
      team: seeded.group,
      owner: 'currentUser',
      members: [`${seeded.dept}--department`, `${seeded.globalRole}--role`, `${seeded.wang}--user`],
      chosen: [seeded.zhang, seeded.wang],
      chosenRole: seeded.globalRole,
      place: ['350000', '350200', '350203'],
      cities: [
        ['350000', '350200'],
        ['110000', '110100'],
      ],
      fruit: 'f07',
      basket: ['f03', 'f04'],
    };
    // A fresh document: nothing of the earlier choices is known; every name comes from the server.
    await render(values);
    await expect.poll(() => tagTexts('company')).toEqual(['集团总部']);
    await expect.poll(() => tagTexts('depts')).toEqual(['研发部']);
    await expect.poll(() => tagTexts('post')).toEqual(['工程师']);
    await expect.poll(() => tagTexts('roles')).toEqual(['审核员', '研发角色']);
    await expect.poll(() => tagTexts('team')).toEqual(['项目组']);
    await expect.poll(() => tagTexts('owner')).toEqual(['当前用户']);
    // A disabled member keeps their name.
    await expect.poll(() => tagTexts('members')).toEqual(['研发部', '审核员', '王工/wanggong']);
    await expect.poll(() => tagTexts('chosen')).toEqual(['张工/zhanggong', '王工/wanggong']);
    await expect.poll(() => tagTexts('place')).toEqual(['福建省/厦门市/思明区']);
    await expect.poll(() => tagTexts('cities')).toEqual(['福建省/厦门市', '北京市/市辖区']);
    await expect.poll(() => tagTexts('fruit')).toEqual(['水果07']);
    await expect.poll(() => tagTexts('basket')).toEqual(['水果03', '水果04']);
    await form()
      .getByRole('button', { name: /提\s*交/ })
      .click();
    const detail = page.getByTestId('preview-detail');
    await detail.waitFor();
    await expect.poll(() => detail.innerText()).toContain('审核员,研发角色');
    await expect.poll(() => detail.innerText()).toContain('研发部,审核员,王工/wanggong');
    await screenshot(page, 'pickers-stored');
  });
});
