import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminPassword, closeContext, launchBrowser, newContext, screenshot } from './harness.ts';
import { type PreparedServer, startServerWithUsers } from './users.auth-helpers.ts';

/**
 * Issue 21 "Done when": an administrator creates a user and grants a role with the keyboard alone.
 * The role exists (made through the API by the helper); every step in the page is a key press.
 */
let server: PreparedServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithUsers([]), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The text and role of the element that has the keyboard focus. */
const focused = (page: Page) =>
  page.evaluate(
    `(() => { const e = document.activeElement; return e ? [e.getAttribute('role') || e.tagName.toLowerCase(), (e.getAttribute('aria-label') || e.textContent || e.getAttribute('placeholder') || '').trim(), e.id].join(' | ') : ''; })()`,
  ) as Promise<string>;

/**
 * Presses Tab (or Shift+Tab) until the focused element's description matches, as a person tabbing through would.
 * A dialog's own frame can take the focus on the way: now and then a Tab in the first half second after the
 * dialog opens lands nowhere, and when antd's opening motion ends it focuses the frame (a focus log showed
 * `focusout ranks → positionId`, no focusin, then the frame); the next Tab goes on from the frame's close
 * button. The frame's description is the whole dialog's text, which contains every field's label, so it must
 * never count as the field being looked for (two CI runs stopped on it and pressed Enter there).
 */
async function tabTo(page: Page, wanted: RegExp, options: { back?: boolean; most?: number } = {}) {
  const seen: string[] = [];
  for (let press = 0; press < (options.most ?? 60); press++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    seen.push(now);
    if (wanted.test(now) && !now.startsWith('dialog | ')) return;
  }
  throw new Error(`Tab never reached ${wanted}; focus went through:\n${seen.join('\n')}`);
}

/**
 * Presses Enter on the focused picker field and waits for its dialog. When the dialog does not come,
 * the error says where the focus was before and after the key (as `focused` describes it) and the
 * start of each open dialog's text: the step has failed twice in CI runs and never here, so its
 * failure has to explain itself.
 */
async function enterOpens(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const before = await focused(page);
  await page.keyboard.press('Enter');
  try {
    await dialog.waitFor({ timeout: 15_000 });
  } catch (error) {
    const after = await focused(page);
    const open = await page
      .getByRole('dialog')
      .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').slice(0, 40)));
    throw new Error(
      `Enter did not open the dialog. Focus before: "${before}"; after: "${after}"; dialogs open: ${JSON.stringify(open)}\n${String(error)}`,
    );
  }
}

test('create a user and grant a role with the keyboard alone', { timeout: 120_000 }, async () => {
  const context = await newContext(browser, { motion: 'no-preference' });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/login`);
    await page
      .getByPlaceholder(/账号|帐号/)
      .first()
      .waitFor();
    await tabTo(page, /^input \| .*(账号|帐号)/);
    await page.keyboard.type('admin');
    await tabTo(page, /^input \| .*密码/);
    await page.keyboard.type(adminPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 20_000 });

    // The address bar is the keyboard's too.
    await page.goto(`${server.url}/permission/user`);
    await page.getByRole('button', { name: /^新\s*建$/ }).waitFor();
    await tabTo(page, /跳到主要内容/, { most: 3 });
    await page.keyboard.press('Enter');
    await tabTo(page, /^button \| 新\s*建/);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: '新建用户' });
    await form.waitFor();
    await tabTo(page, /账户|account/i);
    await page.keyboard.type('kbduser');
    await tabTo(page, /姓名|realName/i);
    await page.keyboard.type('键盘用户');
    await tabTo(page, /所属组织|organizeId/i);
    const orgPicker = page.getByRole('dialog', { name: '选择组织' });
    await enterOpens(page, orgPicker);
    await orgPicker.locator('.ant-tree .ant-tree-title').first().waitFor();
    await tabTo(page, /tree/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => orgPicker.locator('.selector-dialog-item').count()).toBe(1);
    await tabTo(page, /^button \| 确\s*定/);
    await page.keyboard.press('Enter');
    await orgPicker.waitFor({ state: 'hidden' });

    await tabTo(page, /角色|roleId/i);
    const rolePicker = page.getByRole('dialog', { name: '选择角色' });
    await enterOpens(page, rolePicker);
    await tabTo(page, /^tab \| .*组织/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await rolePicker.locator('.ant-tree').getByText('浏览器测试职员').waitFor();
    await tabTo(page, /tree/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => rolePicker.locator('.selector-dialog-item').allInnerTexts()).toEqual(['浏览器测试职员']);
    await tabTo(page, /^button \| 确\s*定/);
    await page.keyboard.press('Enter');
    await rolePicker.waitFor({ state: 'hidden' });
    await screenshot(page, 'keyboard-user-form');

    await tabTo(page, /^button \| 确\s*定/);
    await page.keyboard.press('Enter');
    try {
      await form.waitFor({ state: 'hidden' });
    } catch (error) {
      // What the dialog says (a refused field, the server's message) is the cause to look at.
      await screenshot(page, 'keyboard-failed-save');
      throw error;
    }
    // Focus returns to where it was before the dialog opened.
    expect(await focused(page)).toMatch(/新\s*建/);
    const row = page.getByRole('row', { name: /kbduser/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('键盘用户');
  } finally {
    await closeContext(context);
  }
});
