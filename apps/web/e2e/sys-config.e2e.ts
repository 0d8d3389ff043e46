import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeThirdParty, fakeThirdParty } from '../../server/test/helpers/fake-third-party.ts';
import { adminPassword, answered, newContext, screenshot, serverAndBrowser, signInThroughPage } from './harness.ts';

/**
 * Issue 13 (browser): the system configuration page. An administrator opens it from the menu,
 * renames the system (the name stays after a reload), meets the server's refusal of a bad
 * whitelist, and sends a test mail that fails with the server's reason while no SMTP server is set.
 */

const run = serverAndBrowser();
// The WeCom address book the connector talks to: on 127.0.0.1, never the public host.
let fake: FakeThirdParty;
beforeAll(async () => {
  fake = await fakeThirdParty();
  fake.weCom.departments = [
    { id: 1, name: 'Corp', parentId: 0 },
    { id: 2, name: '企微销售部', parentId: 1 },
    { id: 3, name: '企微华东组', parentId: 2 },
  ];
});
afterAll(() => fake.close());

const see = (where: Page | Locator, text: string | RegExp) => where.getByText(text).first().waitFor();
const saveButton = (form: Locator) => form.getByRole('button', { name: /保\s*存/ });

async function openFromMenu(page: Page) {
  await signInThroughPage(page, run.server.url, 'admin', adminPassword);
  await page.waitForURL((url) => url.pathname === '/home', { timeout: 20_000 });
  await page.getByRole('menuitem', { name: '系统管理' }).click();
  await page.getByRole('menuitem', { name: '系统配置' }).click();
  await page.waitForURL(/\/system\/sysConfig$/);
}

describe('system configuration', () => {
  test('rename the system, a bad whitelist refused, a test mail without SMTP server fails with the reason', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await openFromMenu(page);

    // 基本设置: the new name is saved and still there after a reload.
    const basic = page.getByRole('form', { name: '基本设置' });
    const sysName = basic.getByLabel('系统名称');
    await expect.poll(() => sysName.inputValue()).not.toBe('');
    await sysName.fill('星河协同平台');
    expect(await answered(page, '/api/system/SysConfig', () => saveButton(basic).click())).toMatchObject({
      code: 200,
      msg: '保存成功',
    });
    await screenshot(page, 'sys-config-basic');
    await page.reload();
    await expect
      .poll(() => page.getByRole('form', { name: '基本设置' }).getByLabel('系统名称').inputValue())
      .toBe('星河协同平台');

    // 安全设置: the whitelist switched on with an address that is none; the server says which.
    await page.getByRole('tab', { name: '安全设置' }).click();
    const security = page.getByRole('form', { name: '安全设置' });
    await security.getByRole('switch', { name: 'IP 白名单' }).click();
    await security.getByLabel('允许的 IP 地址').fill('not-an-ip');
    await saveButton(security).click();
    await see(page, '白名单中的“not-an-ip”不是有效的 IP 地址');
    await screenshot(page, 'sys-config-security-refused');
    // Nothing was stored: after a reload the whitelist is still off.
    await page.reload();
    await page.getByRole('tab', { name: '安全设置' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('form', { name: '安全设置' })
          .getByRole('switch', { name: 'IP 白名单' })
          .getAttribute('aria-checked'),
      )
      .toBe('false');

    // 邮件设置: no SMTP server is configured, so the test mail fails and the dialog says why.
    await page.getByRole('tab', { name: '邮件设置' }).click();
    const mail = page.getByRole('form', { name: '邮件设置' });
    await mail.getByRole('button', { name: '发送测试邮件' }).click();
    const dialog = page.getByRole('dialog', { name: '发送测试邮件' });
    await see(dialog, /已保存的邮件设置/);
    await dialog.getByLabel('收件地址').fill('someone@example.com');
    await dialog.getByRole('button', { name: /发\s*送/ }).click();
    await see(dialog, '测试邮件发送失败：邮件服务未配置');
    await screenshot(page, 'sys-config-test-mail');
    await dialog.getByRole('button', { name: /^关\s+闭$/ }).click();

    // The administrators tab lists the current administrators.
    await page.getByRole('tab', { name: '管理员' }).click();
    await see(page.getByRole('list', { name: '当前管理员' }), /admin/);
    await screenshot(page, 'sys-config-admins');
    // Saving asks first; the list is saved as chosen.
    await page
      .getByRole('form', { name: '管理员' })
      .getByRole('button', { name: /保\s*存/ })
      .click();
    const question = page.getByRole('dialog').filter({ hasText: '未选中的用户将失去管理员身份' });
    await question.waitFor();
    expect(
      await answered(page, '/setAdminList', () => question.getByRole('button', { name: /确\s*定/ }).click()),
    ).toMatchObject({ code: 200, msg: '保存成功' });

    // In English (the machine has no CJK font, so these screenshots are the readable ones).
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('tab', { name: 'Basics' }).click();
    await see(page, 'System name');
    await screenshot(page, 'sys-config-basic-en');
    await page.getByRole('tab', { name: 'Security' }).click();
    await see(page, 'Password policy');
    await screenshot(page, 'sys-config-security-en');
    await page.getByRole('tab', { name: 'Mail' }).click();
    await page.getByRole('form', { name: 'Mail' }).getByRole('button', { name: 'Send test mail' }).click();
    await see(page.getByRole('dialog', { name: 'Send test mail' }), /saved mail settings/);
    await screenshot(page, 'sys-config-test-mail-en');
    await page
      .getByRole('dialog', { name: 'Send test mail' })
      .getByRole('button', { name: 'Close', exact: true })
      .last()
      .click();
    await page.getByRole('tab', { name: 'Administrators' }).click();
    await see(page, 'Current administrators');
    await screenshot(page, 'sys-config-admins-en');
    await context.close();
  });

  test('WeCom: settings saved, the connection tested, organisations taken from the (fake) address book', async () => {
    const context = await newContext(run.browser);
    const page = await context.newPage();
    await openFromMenu(page);
    await page.getByRole('tab', { name: '企业微信' }).click();
    const form = page.getByRole('form', { name: '企业微信' });
    await form.getByLabel('企业 ID').fill('corp1');
    await form.getByLabel('通讯录 Secret').fill('corp-secret');
    await form.getByLabel('接口地址').fill(`${fake.url}/qy`);
    // A wrong secret as typed: the test says why, before anything is saved.
    await form.getByLabel('应用 Secret').fill('wrong');
    expect(
      await answered(page, '/testQyWebChatConnect', () => form.getByRole('button', { name: '测试应用连接' }).click()),
    ).toMatchObject({ code: 400, msg: '测试连接失败：40001 invalid credential' });
    expect(
      await answered(page, '/testQyWebChatConnect', () => form.getByRole('button', { name: '测试通讯录连接' }).click()),
    ).toMatchObject({ code: 200, msg: '测试连接成功' });
    expect(await answered(page, '/api/system/SysConfig', () => saveButton(form).click())).toMatchObject({
      code: 200,
    });

    const totals = page.getByRole('region', { name: '同步情况' });
    const organizes = totals.getByRole('row').filter({ hasText: '组织' });
    await see(organizes, '从未同步');
    await organizes.getByRole('button', { name: '从企业微信同步' }).click();
    const question = page.getByRole('dialog').filter({ hasText: '确定从企业微信同步到本系统' });
    await question.waitFor();
    expect(
      await answered(page, '/synAllOrganizeSysToQy', () => question.getByRole('button', { name: /确\s*定/ }).click()),
    ).toMatchObject({ code: 200, msg: '同步完成', data: { synSuccessCount: 2, synFailCount: 0 } });
    await expect.poll(() => organizes.textContent()).not.toContain('从未同步');
    await screenshot(page, 'sys-config-wecom');
    expect(fake.requests.every((path) => path.startsWith('/qy/'))).toBe(true);

    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('tab', { name: 'WeCom' }).click();
    await see(page, 'Address-book secret');
    await screenshot(page, 'sys-config-wecom-en');
    await context.close();
  });
});
