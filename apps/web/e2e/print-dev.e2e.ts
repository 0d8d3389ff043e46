import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolationsOn } from './axe.ts';
import { screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 20 (browser): the print-template page. A template is written in the editor dialog: its
 * form's fields go in as placeholders at the cursor (a sub-table as a table of its columns), the
 * page settings are kept, and the saved template reads back as it was written.
 */

const run = serverAndBrowser();

const choose = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label, { exact: true }).click();

const field = (jnpfKey: string, name: string, label: string) => ({ __vModel__: name, __config__: { jnpfKey, label } });

describe('print templates', () => {
  test('a template written with field placeholders, blocks and page settings is saved and reads back; the function preview refuses to print', async () => {
    const { context, page, call } = await signedInWithApi(run);
    const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: '采购订单',
      enCode: 'purchase.order',
      webType: 2,
      formData: JSON.stringify({
        fields: [
          field('input', 'name', '名称'),
          {
            __vModel__: 'items',
            __config__: {
              jnpfKey: 'table',
              label: '明细',
              children: [field('input', 'item', '物品'), field('inputNumber', 'count', '数量')],
            },
          },
        ],
      }),
      columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);

    await page.goto(`${run.server.url}/system/printDev`);
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const box = page.getByRole('dialog', { name: '新建' });
    await box.waitFor();
    await box.getByLabel('模板名称').fill('采购单打印');
    await box.getByLabel('模板编码').fill('purchase.print');
    await box.getByLabel('分类').click();
    await choose(page, '业务单据');
    await box.getByLabel('表单', { exact: true }).click();
    await choose(page, '采购订单');
    const fields = box.getByRole('navigation', { name: '字段' });
    await fields.getByRole('button', { name: '名称' }).waitFor();

    const editor = box.locator('#print-template-editor');
    await editor.click();
    await page.keyboard.type('订单：');
    await fields.getByRole('button', { name: '名称' }).click();
    await page.keyboard.press('Enter');
    await fields.getByRole('button', { name: '明细' }).click();
    // The same field as a barcode, then the approval records block.
    await fields.getByText('条形码', { exact: true }).click();
    await fields.getByRole('button', { name: '名称' }).click();
    await fields.getByRole('button', { name: '审批记录' }).click();
    await expect.poll(() => editor.textContent()).toContain('{@barcode:name}');
    expect(await editor.textContent()).toContain('{@approval}');
    await expect.poll(() => editor.textContent()).toContain('订单：{name}');
    await expect.poll(() => editor.locator('table td').allTextContents()).toEqual(['{items.item}', '{items.count}']);
    expect(await editor.locator('table th').allTextContents()).toEqual(['物品', '数量']);

    await box.getByLabel('纸张').click();
    await choose(page, '自定义');
    await box.getByLabel('宽度').fill('100');
    await box.getByLabel('高度').fill('150');
    await box.getByText('横向').click();
    await box.getByLabel('上', { exact: true }).fill('5');
    await screenshot(page, 'print-dev-dialog');
    expect(await seriousViolationsOn(page, 'print template dialog')).toEqual([]);
    await box.getByRole('button', { name: /确\s*定/ }).click();
    await box.waitFor({ state: 'hidden', timeout: 15_000 });
    await page.getByRole('row', { name: /采购单打印/ }).waitFor();
    expect(await page.getByRole('row', { name: /采购单打印/ }).textContent()).toContain('业务单据');
    await screenshot(page, 'print-dev-list');
    expect(await seriousViolationsOn(page, 'print template list')).toEqual([]);

    const listed = await call<{ list: { id: string }[] }>('GET', '/api/system/printDev?keyword=purchase.print');
    const saved = await call<{ printTemplate: string; pageParam: string; formId: string; category: string }>(
      'GET',
      `/api/system/printDev/${listed.list[0]!.id}`,
    );
    expect(saved).toMatchObject({ formId: form.id, category: '2' });
    expect(saved.printTemplate).toContain('{name}');
    expect(saved.printTemplate).toMatch(/\{@barcode:name\}[\s\S]*\{@approval\}/);
    // The editor keeps a cell's text in a paragraph.
    expect(saved.printTemplate).toMatch(
      /<td>(<p>)?\{items\.item\}(<\/p>)?<\/td><td>(<p>)?\{items\.count\}(<\/p>)?<\/td>/,
    );
    expect(JSON.parse(saved.pageParam)).toMatchObject({ type: 'custom', width: 100, height: 150, direction: 2, mt: 5 });

    // Opened again, the dialog shows what was saved.
    await page
      .getByRole('row', { name: /采购单打印/ })
      .getByText('编辑')
      .click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    await expect.poll(() => edit.locator('#print-template-editor table td').count()).toBe(2);
    expect(await edit.getByLabel('宽度').inputValue()).toBe('100');
    await edit.getByRole('button', { name: /取\s*消/ }).click();

    // admin.md 5: a print asked for in the function preview is refused, no print preview opens.
    await page.goto(`${run.server.url}/previewModel`);
    await page.getByRole('textbox', { name: /表单定义/ }).fill(
      JSON.stringify({
        hasPrintBtn: true,
        printButtonText: '打印单据',
        printId: ['t1'],
        fields: [field('input', 'name', '名称')],
      }),
    );
    await page.getByRole('button', { name: /^预\s*览$/ }).click();
    await page.getByRole('button', { name: '打印单据' }).click();
    await page.getByText('功能预览不支持打印').waitFor();
    expect(await page.getByRole('dialog', { name: '打印预览' }).count()).toBe(0);
    await context.close();
  });

  test('a two-record batch from a form page: previewed on two pages, exported to Word, printed and logged', async () => {
    const { context, page, call } = await signedInWithApi(run);
    const formData = JSON.stringify({
      fields: [
        field('input', 'name', '名称'),
        field('input', 'code', '编号'),
        {
          __vModel__: 'items',
          __config__: {
            jnpfKey: 'table',
            label: '明细',
            children: [field('input', 'item', '物品'), field('inputNumber', 'count', '数量')],
          },
        },
      ],
    });
    const draft = { fullName: '送货单', enCode: 'delivery.order', webType: 2, formData };
    const form = await call<{ id: string }>('POST', '/api/visualdev/Base', {
      ...draft,
      columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
    const template = await call<{ id: string }>('POST', '/api/system/printDev', {
      fullName: '送货单打印',
      enCode: 'delivery.print',
      category: '2',
      formId: form.id,
      printTemplate:
        '<p>送货单：{name}</p><table><tbody><tr><td>{items.item}</td><td>{items.count}</td></tr></tbody></table>' +
        '<p>{@barcode:code}</p><p>{@qrcode:code}</p><p>{@approval}</p>',
      pageParam: JSON.stringify({ type: 'A5', direction: 1, mt: 10, mb: 10, ml: 10, mr: 10 }),
    });
    await call('PUT', `/api/visualdev/Base/${form.id}`, {
      ...draft,
      columnData: JSON.stringify({
        columnList: [{ prop: 'name', label: '名称' }],
        btnsList: [
          { value: 'add', label: '新增' },
          { value: 'batchPrint', label: '批量打印' },
        ],
        printIds: [template.id],
      }),
    });
    await call('POST', `/api/visualdev/Base/${form.id}/Actions/Release`);
    for (const [name, code, items] of [
      ['送货一', 'SH001', [{ item: '笔', count: 3 }]],
      [
        '送货二',
        'SH002',
        [
          { item: '纸', count: 1 },
          { item: '墨', count: 2 },
        ],
      ],
    ] as const)
      await call('POST', `/api/visualdev/OnlineDev/${form.id}`, { data: JSON.stringify({ name, code, items }) });
    const systems = await call<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/System');
    await call<string>('POST', '/api/system/Menu', {
      systemId: systems.list.find((s) => s.enCode === 'main')?.id,
      parentId: '-1',
      fullName: '送货管理',
      enCode: 'e2e.delivery',
      type: 3,
      urlAddress: 'e2e/delivery',
      propertyJson: JSON.stringify({ moduleId: form.id }),
    });

    await page.goto(`${run.server.url}/e2e/delivery`);
    for (const name of ['送货一', '送货二']) await page.getByRole('row', { name }).getByRole('checkbox').check();
    await page.getByRole('button', { name: '批量打印' }).click();
    // The list offers one template: it is chosen without asking.
    const preview = page.getByRole('dialog', { name: '打印预览' });
    await preview.waitFor();
    const sheets = preview.locator('.print-sheet');
    await expect.poll(() => sheets.count()).toBe(2);
    expect(await sheets.nth(0).locator('td').allTextContents()).toEqual(['笔', '3']);
    expect(await sheets.nth(1).locator('td').allTextContents()).toEqual(['纸', '1', '墨', '2']);
    // Each record's code drawn as a barcode (80 px high) and a 265 px QR code; no flow, no approval records.
    for (const [i, code] of ['SH001', 'SH002'].entries()) {
      const sheet = sheets.nth(i);
      const drawn = (kind: string) =>
        sheet.locator(`img.print-${kind}[data-print-code="${code}"]`).evaluate((img: HTMLImageElement) => ({
          natural: img.naturalWidth > 0,
          // Laid-out size: the dialog's opening animation may still scale what the screen shows.
          width: img.offsetWidth,
          height: img.offsetHeight,
        }));
      expect(await drawn('barcode')).toMatchObject({ natural: true, height: 80 });
      expect(await drawn('qrcode')).toEqual({ natural: true, width: 265, height: 265 });
      expect(await sheet.getByText('暂无审批记录').count()).toBe(1);
    }
    await screenshot(page, 'print-preview');
    expect(await seriousViolationsOn(page, 'print preview')).toEqual([]);

    const downloading = page.waitForEvent('download');
    await preview.getByRole('button', { name: /^下\s*载$/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('送货单打印.docx');
    const { value: html } = await mammoth.convertToHtml({ buffer: await readFile(await download.path()) });
    expect(html).toContain('送货单：送货一');
    expect(html).toContain('送货单：送货二');
    const cells = [...html.matchAll(/<td>(?:<p>)?(.*?)(?:<\/p>)?<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual(['笔', '3', '纸', '1', '墨', '2']);
    expect(html.match(/<img src="data:image\/png;base64,/g)).toHaveLength(4);
    expect(html.match(/暂无审批记录/g)).toHaveLength(2);

    // The PDF: one page per record, on the template's paper (A5 portrait, in points).
    const pdfDownloading = page.waitForEvent('download');
    await preview.getByRole('button', { name: '下载PDF' }).click();
    const pdfFile = await pdfDownloading;
    expect(pdfFile.suggestedFilename()).toBe('送货单打印.pdf');
    const pdf = await PDFDocument.load(await readFile(await pdfFile.path()));
    expect(pdf.getPageCount()).toBe(2);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([420, 595]);

    // The browser's print dialog cannot run headless: print ends at once, as when the user closes it.
    await page.evaluate(() => {
      window.print = () => window.dispatchEvent(new Event('afterprint'));
    });
    const before = Date.now() - 60_000;
    await preview.getByRole('button', { name: /打\s*印/ }).click();
    await expect
      .poll(
        async () =>
          (
            await call<{ list: { printTitle: string; printNum: number }[] }>(
              'GET',
              `/api/system/printLog/${template.id}?startTime=${before}`,
            )
          ).list,
      )
      .toEqual([expect.objectContaining({ printTitle: '送货单打印', printNum: 2 })]);

    // The template's print log shows it.
    await page.goto(`${run.server.url}/system/printDev`);
    await page
      .getByRole('row', { name: /送货单打印/ })
      .getByText('打印日志')
      .click();
    const log = page.getByRole('dialog', { name: /打印日志/ });
    await log.getByRole('cell', { name: '送货单打印' }).waitFor();
    expect(await log.getByRole('row').nth(1).textContent()).toMatch(/送货单打印.*admin.*2$/);
    expect(await seriousViolationsOn(page, 'print log')).toEqual([]);
    await context.close();
  });
});
