import { createHash } from 'node:crypto';
import type { CurrentUser } from '@platform/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolationsOn } from './axe.ts';
import { createInterface } from './data-interface.helpers.ts';
import { adminPassword, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';

/**
 * Issue 23 "Done when" (browser): the administrator designs a portal with a chart over a SQL data
 * interface, a to-do card and a notice card, and makes it the default of a role; a member of that
 * role sees it on the home page with their own data (the interface reads {@currentUser}), moves a
 * card, reloads and finds it where they put it.
 */

const run = serverAndBrowser();
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const memberPassword = 'Abc12345';

const choose = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible').getByText(label, { exact: true }).first().click();

async function signIn(page: Page, account: string, password: string) {
  await signInThroughPage(page, run.server.url, account, password);
  await page
    .waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 })
    .catch(async (error) => {
      await screenshot(page, `portal-sign-in-${account}`);
      throw error;
    });
}

/** Presses on a card's head and moves it to the point given, in steps as a hand would. */
async function dragHead(page: Page, card: Locator, to: { x: number; y: number }) {
  const head = card.locator('.ant-card-head').first();
  const box = await head.boundingBox();
  if (!box) throw new Error('the card has no head on screen');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

describe('portals', () => {
  test("a role's portal is its member's home page, with their data and their own arrangement", async () => {
    const admin = await newContext(run.browser);
    const page = await admin.newPage();
    await signIn(page, 'admin', adminPassword);
    const token = await tokenOf(page);
    const call = <T>(method: string, url: string, body?: unknown) =>
      apiData<T>(run.server.url, token, method, url, body);

    // What the administrator set up elsewhere: a SQL interface, a role and a member of it.
    const me = await call<CurrentUser>('GET', '/api/oauth/CurrentUser');
    await createInterface(call, {
      fullName: '我的业绩',
      enCode: 'my.figures',
      sql: "select real_name as name, '本人' as type, 7 as value from app_user where id = {@currentUser}",
    });
    const role = await call<{ id: string }>('POST', '/api/permission/Role', {
      fullName: '门户读者',
      enCode: 'portal.readers',
      globalMark: 1,
    });
    // A member holds one page (the schedule), as any working user holds some.
    const directory = me.menuList.find((m) => m.enCode === 'extend');
    const schedule = directory?.children?.find((m) => m.enCode === 'extend.schedule');
    await call('PUT', `/api/permission/Authority/Data/${role.id}`, {
      objectType: 'Role',
      module: [directory?.id, schedule?.id],
    });
    const member = await call<{ id: string }>('POST', '/api/permission/Users', {
      account: 'reader',
      realName: '读者小王',
      organizeId: me.userInfo.organizeId,
      roleId: role.id,
    });
    await call('POST', `/api/permission/Users/${member.id}/Actions/ResetPassword`, {
      userPassword: md5(memberPassword),
      validatePassword: md5(memberPassword),
    });

    // The portal, through the screens.
    await page.goto(`${run.server.url}/onlineDev/visualPortal`);
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const form = page.getByRole('dialog', { name: '新建门户' });
    await form.getByLabel('门户名称').fill('经营门户');
    await form.getByLabel('门户编码').fill('biz.portal');
    await form.getByLabel('分类').click();
    await choose(page, '业务门户');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const row = page.getByRole('row', { name: /经营门户/ });
    await row.getByRole('button', { name: '设计' }).click();

    const designer = page.getByRole('dialog', { name: /门户设计 - 经营门户/ });
    const palette = designer.getByRole('navigation', { name: '组件' });
    await palette.getByRole('button', { name: '柱状图' }).click();
    const properties = designer.getByRole('complementary', { name: '属性' });
    await properties.getByText('远端数据').click();
    await properties.getByLabel('数据接口').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: '我的业绩' }).click();
    await palette.getByRole('button', { name: /^公\s*告$/ }).click();
    await palette.getByRole('button', { name: '流程统计' }).click();
    await expect.poll(() => designer.getByRole('region').count()).toBe(3);
    expect(await seriousViolationsOn(page, 'portal designer')).toEqual([]);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/visualdev/Portal/'),
    );
    await designer.getByRole('button', { name: /保\s*存/ }).click();
    expect(await (await saved).json()).toMatchObject({ code: 200 });
    await designer.getByRole('button', { name: '关 闭' }).click();

    await row.getByRole('button', { name: '角色默认' }).click();
    const roles = page.getByRole('dialog', { name: /角色默认门户/ });
    await roles.getByLabel('角色').click();
    await choose(page, '门户读者');
    // A multiple select stays open after a choice: a click on the dialog's text closes it.
    await roles.getByText(/这些角色的成员/).click();
    const roleSaved = page.waitForResponse(
      (r) => r.url().includes('/Actions/RoleDefault') && r.request().method() === 'PUT',
    );
    await roles.getByRole('button', { name: /确\s*定|OK/ }).click();
    expect(await (await roleSaved).json()).toMatchObject({ code: 200 });

    // The member's home page.
    const readerContext = await newContext(run.browser);
    const reader = await readerContext.newPage();
    const rows = reader.waitForResponse((r) => r.url().includes('/Actions/Options'));
    await signIn(reader, 'reader', memberPassword);
    const chart = reader.getByRole('region', { name: '柱状图' });
    await chart.locator('canvas').first().waitFor();
    // The interface ran as the member: their own name, not the administrator's.
    expect(await (await rows).json()).toMatchObject({
      code: 200,
      data: [{ name: '读者小王', type: '本人', value: 7 }],
    });
    const notice = reader.getByRole('region', { name: '公告' });
    await notice.getByText('暂无公告').waitFor();
    // The workflow's dashboard may not answer yet: the counts show 0 and the page stands.
    const todo = reader.getByRole('region', { name: '流程统计' });
    await todo.getByText('待我审批').waitFor();

    // Move the notice card beside the chart; the arrangement is saved as the member's own.
    const chartBox = await chart.boundingBox();
    if (!chartBox) throw new Error('the chart is not on screen');
    const customSaved = reader.waitForRequest((r) => r.url().includes('/api/visualdev/Portal/Custom/Save/'));
    await dragHead(reader, notice, { x: chartBox.x + chartBox.width + 40, y: chartBox.y + 10 });
    const body = JSON.parse((await customSaved).postData() ?? '{}') as { formData: string };
    const placed = JSON.parse(body.formData) as { layout: { jnpfKey: string; x: number; y: number }[] };
    expect(placed.layout.find((c) => c.jnpfKey === 'notice')).toMatchObject({ x: 6, y: 0 });

    await reader.reload();
    await chart.locator('canvas').first().waitFor();
    const after = { chart: await chart.boundingBox(), notice: await notice.boundingBox() };
    expect(after.notice?.x ?? 0).toBeGreaterThan((after.chart?.x ?? 0) + (after.chart?.width ?? 0) - 1);
    expect(Math.abs((after.notice?.y ?? 0) - (after.chart?.y ?? 0))).toBeLessThan(5);
    await screenshot(reader, 'portal-home');
    expect(await seriousViolationsOn(reader, 'portal home')).toEqual([]);

    // The administrator, who has no portal of their own or by role, keeps the usual home page.
    await page.goto(`${run.server.url}/home`);
    await expect.poll(() => page.getByRole('region', { name: '柱状图' }).count()).toBe(0);
    await readerContext.close();
    await admin.close();
  });

  test('a palette card dragged onto the designer lands where dropped; a type-6 screen draws the portal with its map', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await signIn(page, 'admin', adminPassword);
    const token = await tokenOf(page);
    const call = <T>(method: string, url: string, body?: unknown) =>
      apiData<T>(run.server.url, token, method, url, body);
    const id = await call<string>('POST', '/api/visualdev/Portal', {
      fullName: '运营大屏',
      enCode: 'ops.screen',
      category: '1',
      type: 0,
      enabledLock: 0,
    });

    await page.goto(`${run.server.url}/onlineDev/visualPortal`);
    await page
      .getByRole('row', { name: /运营大屏/ })
      .getByRole('button', { name: '设计' })
      .click();
    const designer = page.getByRole('dialog', { name: /门户设计 - 运营大屏/ });
    const palette = designer.getByRole('navigation', { name: '组件' });
    // A click adds below the others; a drag drops where the pointer is (the right half of the grid).
    await palette.getByRole('button', { name: '柱状图' }).click();
    const grid = designer.locator('.portal-canvas > .portal-grid > .react-grid-layout');
    const box = await grid.boundingBox();
    if (!box) throw new Error('the grid is not on screen');
    await palette.getByRole('button', { name: /^地\s*图$/ }).dragTo(grid, {
      targetPosition: { x: box.width * 0.75, y: 30 },
    });
    const map = designer.getByRole('region', { name: '地图' });
    await map.locator('canvas').first().waitFor();
    const bars = designer.getByRole('region', { name: '柱状图' });
    const [mapBox, barBox] = [await map.boundingBox(), await bars.boundingBox()];
    expect(mapBox?.x ?? 0).toBeGreaterThan((barBox?.x ?? 0) + (barBox?.width ?? 0) - 1);
    expect(Math.abs((mapBox?.y ?? 0) - (barBox?.y ?? 0))).toBeLessThan(5);
    await screenshot(page, 'portal-designer-drag');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/visualdev/Portal/${id}`,
    );
    await designer.getByRole('button', { name: /保\s*存/ }).click();
    const design = JSON.parse((await saved).request().postData() ?? '{}') as { formData: string };
    expect(JSON.parse(design.formData).layout).toEqual([
      expect.objectContaining({ jnpfKey: 'barChart', x: 0, y: 0 }),
      expect.objectContaining({ jnpfKey: 'mapChart', x: 6, y: 0 }),
    ]);

    // The screen a type-6 menu opens ({DataV}/view/{moduleId}?token=), in a window of its own.
    const screenWindow = await context.newPage();
    await screenWindow.goto(`${run.server.url}/DataV/view/${id}?token=${encodeURIComponent(token)}`);
    await screenWindow.getByRole('heading', { name: '运营大屏' }).waitFor();
    const screenMap = screenWindow.getByRole('region', { name: '地图' });
    await screenMap.locator('canvas').first().waitFor();
    await screenWindow.getByRole('region', { name: '柱状图' }).locator('canvas').first().waitFor();
    // Every card fits in the window.
    const mapOnScreen = await screenMap.boundingBox();
    expect((mapOnScreen?.y ?? 0) + (mapOnScreen?.height ?? 0)).toBeLessThanOrEqual(
      screenWindow.viewportSize()?.height ?? 0,
    );
    await screenshot(screenWindow, 'portal-screen-map');
    expect(await seriousViolationsOn(screenWindow, 'data screen')).toEqual([]);
    await context.close();
  });
});
