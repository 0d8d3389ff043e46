import type { AreaModel, FieldModel } from './area-model.ts';

/** The generated area's browser test (`apps/web/e2e/<module>.e2e.ts`): its page from the menu, a record added and opened again. */

const quoted = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/**
 * A name as a regular expression fixed only at its end: a menu's icon label comes first ("appstore
 * 请假管理"), a required field's mark before its label.
 */
const endsWith = (text: string) => `/${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$/`;

/** What the test types into a required field the form shows as a text box: its label for text, 1 for numbers. */
function typed(field: FieldModel): string | null {
  if (field.columnType === 'text' && (field.kind === 'input' || field.kind === 'textarea'))
    return `${field.label}样例`.slice(0, field.maxLength ?? 2000);
  if (field.columnType === 'numeric' && field.kind === 'inputNumber') return String(Math.max(field.min ?? 1, 1));
  return null;
}

export function renderBrowserTest(model: AreaModel): string {
  const filled = model.fields.filter((f) => f.auto === null && f.required).map((f) => [f, typed(f)] as const);
  const fills = filled.map(([field, value]) =>
    value === null
      ? `    // ${field.label}: required, and not a text box the test can type into: choose a value here.`
      : `    await form.getByLabel(${endsWith(field.label)}).fill(${quoted(value)});`,
  );
  const shown = filled.find(([field, value]) => value !== null && field.columnType === 'text' && field.listed);
  const rules = [...new Set(model.fields.flatMap((f) => (f.billRule ? [f.billRule] : [])))];
  // The bill numbers' rules exist where the form was designed; a fresh database has none.
  const billRules = rules.length
    ? `
    const types = await call<{ list: { enCode: string; dictionaryList: { id: string }[] }[] }>(
      'GET',
      '/api/system/DictionaryData/All',
    );
    const category = types.list.find((type) => type.enCode === 'businessType')?.dictionaryList[0]?.id;
${rules
  .map(
    (rule) =>
      `    await call('POST', '/api/system/BillRule', { fullName: ${quoted(rule)}, enCode: ${quoted(rule)}, category, type: 1, prefix: 'NO', dateFormat: 'no', digit: 4, startNumber: '0001' });`,
  )
  .join('\n')}
`
    : '';
  const found = shown
    ? `    const row = page.getByRole('row', { name: new RegExp(${quoted(shown[1] ?? '')}) });
    await row.waitFor({ timeout: 15_000 });
    await screenshot(page, '${model.module}-list');
    await row.getByRole('button', { name: /编\\s*辑/ }).click();
    const again = page.getByRole('dialog', { name: '编辑' });
    await expect(again.getByLabel(${endsWith(shown[0].label)}).inputValue()).resolves.toBe(${quoted(shown[1] ?? '')});`
    : `    await page.getByText('共 1 条').waitFor({ timeout: 15_000 });
    await screenshot(page, '${model.module}-list');`;
  return `import { describe, expect, test } from 'vitest';
import { screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/** ${model.description} (generated): the page from its menu, a record added in the released form and opened again. */
const run = serverAndBrowser();

describe(${quoted(model.description)}, () => {
  test('from the menu: a record added, listed and opened again', async () => {
    const { context, page${rules.length ? ', call' : ''} } = await signedInWithApi(run);
${billRules}    await page.getByRole('menuitem', { name: ${endsWith(model.description)} }).click();
    await page.getByRole('button', { name: /新\\s*建/ }).click();
    const form = page.getByRole('dialog', { name: '新建' });
${fills.join('\n')}
    await screenshot(page, '${model.module}-form');
    await form.getByRole('button', { name: /确\\s*定/ }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
${found}
    await context.close();
  });
});
`;
}
