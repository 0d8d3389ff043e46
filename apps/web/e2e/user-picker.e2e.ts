import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminPassword, newContext, nextFrames, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';

/**
 * The user picker against the real server (widgets.md §2, §4): the tree is read a level at a time,
 * a keyword lists users 20 a page with more on scrolling, and the picked user shows by name in the
 * field. It is opened where people meet it: the 直属主管 field of the user form, which also shows
 * its two cards here.
 */

const run = serverAndBrowser();
let page: Page;
/** 25 users whose account starts with this: a first page of 20 and a second of 5. */
const bulk = 'e2ebulk';

const api = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiData<T>(run.server.url, token, method, path, body);

/** A company under 集团总部 with a department, two people in the department and 25 in the company. */
async function seed(token: string) {
  const top = await api<{ list: { id: string; fullName: string }[] }>(
    token,
    'GET',
    '/api/permission/Organize/Department/SelectorByAuth/0',
  );
  const root = top.list.find((o) => o.fullName === '集团总部');
  if (!root) throw new Error('the seeded 集团总部 is missing');
  const company = await api<{ id: string }>(token, 'POST', '/api/permission/Organize', {
    parentId: root.id,
    fullName: '华东分公司',
    enCode: 'e2e.east',
    sortCode: 0,
    enabledMark: 1,
  });
  const department = await api<{ id: string }>(token, 'POST', '/api/permission/Organize/Department', {
    parentId: company.id,
    fullName: '拣货部',
    enCode: 'e2e.pick',
    sortCode: 0,
    enabledMark: 1,
  });
  const user = (account: string, realName: string, organizeId: string) =>
    api(token, 'POST', '/api/permission/Users', { account, realName, organizeId, enabledMark: 1, sortCode: 0 });
  await user('pickera', '拣货员甲', department.id);
  await user('pickerb', '拣货员乙', department.id);
  for (let i = 1; i <= 25; i++) await user(`${bulk}${String(i).padStart(2, '0')}`, `批量用户${i}`, company.id);
}

beforeAll(async () => {
  page = await (await newContext(run.browser)).newPage();
  await signInThroughPage(page, run.server.url, 'admin', adminPassword);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  await seed(await tokenOf(page));
}, 180_000);

const dialog = (title: string) => page.getByRole('dialog', { name: title });
const treeNode = (picker: Locator, name: string) =>
  picker.locator('.ant-tree-treenode').filter({ has: page.getByText(name, { exact: true }) });
/** How many users the search list holds: it renders only the rows in view. */
const searchResults = (picker: Locator) =>
  picker
    .locator('.user-picker-list[data-count]')
    .getAttribute('data-count')
    .then((count) => Number(count ?? 0));
/** Scrolls the search list to its end, as a person dragging it down would. */
const scrollToEnd = (picker: Locator) =>
  picker.locator('.selector-dialog-pane-body:has(.user-picker-list)').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });

async function failing<T>(name: string, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    await screenshot(page, `user-picker-failed-${name}`);
    throw error;
  }
}

describe('user picker', () => {
  test('expand the tree level by level, search page by page, pick a manager and see the name', async () => {
    const levels: string[] = [];
    page.on('request', (request) => {
      const match = /\/api\/permission\/Users\/ImUser\/Selector\/([^?]+)/.exec(request.url());
      if (match?.[1]) levels.push(`${match[1]} ${request.postData() ?? ''}`);
    });
    const wholeTree: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/permission\/Users\/Selector(\?|$)/.test(request.url())) wholeTree.push(request.url());
    });

    await page.goto(`${run.server.url}/permission/user`);
    await failing('list', page.getByRole('row', { name: /e2ebulk25/ }).waitFor({ timeout: 20_000 }));
    // A department chosen on the left becomes the new user's organisation.
    await page.locator('.list-page-side .ant-tree').getByText('拣货部', { exact: true }).click();
    await failing('department', page.getByRole('row', { name: /pickera/ }).waitFor({ timeout: 15_000 }));
    await page.getByRole('button', { name: /^新\s*建$/ }).click();
    const form = dialog('新建用户');
    await form.waitFor();
    await form.getByLabel('账户').fill('e2eboss');
    await form.getByLabel('姓名').fill('新来的主管');

    // The tree: only the top level at first; each expansion reads one more level.
    await form.getByLabel('直属主管').click();
    const picker = dialog('选择用户');
    await failing('open', treeNode(picker, '集团总部').waitFor({ timeout: 15_000 }));
    expect(await picker.getByText('华东分公司', { exact: true }).count()).toBe(0);
    await treeNode(picker, '集团总部').locator('.ant-tree-switcher').click();
    await failing('level-1', treeNode(picker, '华东分公司').waitFor());
    await treeNode(picker, '华东分公司').locator('.ant-tree-switcher').click();
    await failing('level-2', treeNode(picker, '拣货部').waitFor());
    await treeNode(picker, '批量用户1/e2ebulk01').waitFor();
    await treeNode(picker, '拣货部').locator('.ant-tree-switcher').click();
    await failing('level-3', treeNode(picker, '拣货员甲/pickera').waitFor());
    expect(levels.map((l) => l.split(' ')[0]).length).toBe(4);
    expect(wholeTree).toEqual([]);
    // A department is not a user: clicking it chooses nothing.
    await treeNode(picker, '拣货部').getByText('拣货部', { exact: true }).click();
    expect(await picker.locator('.selector-dialog-item').count()).toBe(0);
    await screenshot(page, 'user-picker-tree');

    // A keyword: a flat list of 20, then 5 more when scrolled to the bottom, then nothing more.
    const box = picker.getByPlaceholder('请输入关键词查询');
    await box.fill(bulk);
    await box.press('Enter');
    await failing('search', expect.poll(() => searchResults(picker), { timeout: 15_000 }).toBe(20));
    expect(await picker.getByText('拣货部', { exact: true }).count()).toBe(0);
    await screenshot(page, 'user-picker-search');
    await scrollToEnd(picker);
    await failing('page-2', expect.poll(() => searchResults(picker), { timeout: 15_000 }).toBe(25));
    const searches = () => levels.filter((l) => l.includes(`"keyword":"${bulk}"`));
    expect(searches().map((l) => JSON.parse(l.slice(l.indexOf(' ') + 1)).currentPage)).toEqual([1, 2]);
    await scrollToEnd(picker);
    // The scroll's handlers run before the next frames' callbacks; a page 3 they asked for would be
    // on the wire before a marker call the page sends after them.
    const marker = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/health');
    await nextFrames(page);
    await page.evaluate(() => fetch('/api/health').then((r) => r.text()));
    await marker;
    expect(searches()).toHaveLength(2);
    await screenshot(page, 'user-picker-search-page-2');

    // Clearing the keyword brings the tree back.
    await box.fill('');
    await failing('cleared', treeNode(picker, '集团总部').waitFor());

    // Search by name, pick, confirm: the field shows the name.
    await box.fill('拣货员乙');
    await box.press('Enter');
    await picker.getByRole('button', { name: /拣货员乙\/pickerb/ }).click();
    await picker.locator('.selector-dialog-item').getByText('拣货员乙/pickerb').waitFor();
    await screenshot(page, 'user-picker-picked');
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden' });
    await form.locator('.ant-select-selection-item').getByText('拣货员乙/pickerb').waitFor();

    // The second card, then save; editing again shows the manager by name.
    await form.getByLabel('民族').fill('汉族');
    await form.getByLabel('紧急联系人').fill('拣货员甲');
    // Dictionary entries (certificateType, education) and a date, as the server seeds and keeps them.
    await form.getByLabel('证件类型').click();
    await page.locator('.ant-select-item-option').getByText('身份证', { exact: true }).click();
    await form.getByLabel('证件号码').fill('11010519491231002X');
    await form.getByLabel('学历').click();
    await page.locator('.ant-select-item-option').getByText('本科', { exact: true }).click();
    await form.getByLabel('出生年月').fill('1990-05-01');
    await form.getByLabel('出生年月').press('Tab');
    await page.setViewportSize({ width: 1440, height: 1500 });
    await screenshot(page, 'user-form-cards');
    await page.setViewportSize({ width: 1440, height: 900 });
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await failing('saved', form.waitFor({ state: 'hidden', timeout: 15_000 }));
    await page
      .getByRole('row', { name: /e2eboss/ })
      .getByRole('button', { name: '编辑' })
      .click();
    const edit = dialog('编辑用户');
    await failing(
      'edit',
      edit.locator('.ant-select-selection-item').getByText('拣货员乙/pickerb').waitFor({ timeout: 15_000 }),
    );
    expect(await edit.getByLabel('民族').inputValue()).toBe('汉族');
    expect(await edit.getByLabel('紧急联系人').inputValue()).toBe('拣货员甲');
    expect(await edit.getByLabel('证件号码').inputValue()).toBe('11010519491231002X');
    expect(await edit.getByLabel('出生年月').inputValue()).toBe('1990-05-01');
    await edit.locator('.ant-select').getByText('身份证', { exact: true }).waitFor();
    await edit.locator('.ant-select').getByText('本科', { exact: true }).waitFor();
    await page.setViewportSize({ width: 1440, height: 1500 });
    await screenshot(page, 'user-form-edit');
  });
});
