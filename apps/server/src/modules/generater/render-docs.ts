import { type AreaModel, camelCase, type FieldModel, type TableModel } from './area-model.ts';

/** The generated area's API test and README. */

/** A string literal as this project writes them: single quotes. */
const quoted = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** A value a field accepts, for the test's record: within its bounds and length. */
function sample(field: FieldModel, n: number): string {
  if (field.columnType === 'text') return quoted(`${field.label}${n}`.slice(0, field.maxLength ?? 2000));
  if (field.columnType === 'numeric') return String(Math.max(field.min ?? 0, Math.min(field.max ?? n, n)));
  if (field.columnType === 'timestamptz') return String(1_700_000_000_000 + n);
  if (field.facets.value === 'range') return '[1, 2]';
  if (field.multiple || field.facets.value === 'list' || field.facets.value === 'files') return "['1']";
  return "'1'";
}

const sampleObject = (table: TableModel, n: number, indent: string) =>
  table.fields
    .filter((f) => f.auto === null)
    .map((f) => `${indent}${f.property}: ${sample(f, n)},`)
    .join('\n');

export function renderApiTest(model: AreaModel): string {
  const required = model.fields.find((f) => f.required && f.columnType === 'text');
  const children = model.children.map(
    (child) => `    ${child.property}: [\n      {\n${sampleObject(child, 1, '        ')}\n      },\n    ],`,
  );
  const missing = required
    ? `
  test('a record without ${required.label} is refused and nothing is stored', async () => {
    const { ${required.property}: _left, ...rest } = record();
    expect(await admin.post(base, rest)).toMatchObject({ code: 400 });
    expect((await admin.get<{ pagination: { total: number } }>(base)).data?.pagination.total).toBe(0);
  });
`
    : '';
  const rules = [...new Set(model.fields.flatMap((f) => (f.billRule ? [f.billRule] : [])))];
  // The bill numbers' rules exist where the form was designed; a fresh test database has none.
  const billRules = rules
    .map(
      (rule) => `
  const ${camelCase(rule)}Rule = await admin.post('/api/system/BillRule', {
    fullName: ${quoted(rule)},
    enCode: ${quoted(rule)},
    category: await businessType(t),
    type: 1,
    prefix: 'NO',
    dateFormat: 'no',
    digit: 4,
    startNumber: '0001',
  });
  expect(${camelCase(rule)}Rule).toMatchObject({ code: 200 });`,
    )
    .join('');
  return `import { afterAll, beforeAll, describe, expect, test } from 'vitest';
${rules.length ? "import { businessType } from './helpers/dictionaries.ts';\n" : ''}import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

/** ${model.description} (generated): the record's life through its routes, on a real database. */

const base = '${model.base}';
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn();${billRules}
});
afterAll(() => t.close());

const record = () => ({
${sampleObject(model, 1, '  ')}
${children.join('\n')}
});

describe('${model.label}', () => {${missing}
  test('a record is created, read, listed, changed and deleted', async () => {
    const created = await admin.post<{ id: string }>(base, record());
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data!.id;
    const info = await admin.get<Record<string, unknown>>(\`\${base}/\${id}\`);
    expect(info).toMatchObject({ code: 200, data: { id } });
${model.children.map((child) => `    expect(info.data?.${child.property}).toHaveLength(1);`).join('\n')}
    const page = await admin.get<{ list: { id: string }[]; pagination: { total: number } }>(base);
    expect(page.data?.list.map((row) => row.id)).toEqual([id]);
    expect(await admin.put(\`\${base}/\${id}\`, record())).toMatchObject({ code: 200, msg: '更新成功' });
    expect(await admin.delete(\`\${base}/\${id}\`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await admin.get(\`\${base}/\${id}\`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });
});
`;
}

export function renderReadme(model: AreaModel, paths: readonly string[]): string {
  const c = model.className;
  return `# ${model.description}

Generated from the released form 「${model.label}」 as an area of this project: wire schema,
migration, repository, service and routes (the CRUD kit), an API test, and the browser feature
(its calls, the released form the engine renders, the list page, zh-CN / zh-TW / en words; the
console finds its page and locales itself). Copy the files to the same paths in the repository,
then wire the server side in (each is one line or two):

1. \`packages/shared/src/index.ts\`: \`export * from './schemas/${model.module}.ts';\`
2. \`apps/server/src/db/schema.ts\`: \`import type { ${c}Tables } from './${model.module}-tables.ts';\` and
   \`export interface Database extends ${c}Tables {\`
3. \`apps/server/src/db/migrate.ts\`: \`import * as ${model.variable} from './migrations/${model.migration}.ts';\`
   and \`'${model.migration}': ${model.variable},\` last in \`migrations\` (renumber it if the
   repository has a later migration).
4. \`apps/server/src/services.ts\`: \`${model.module}: { ${model.variable}: new ${c}Service(db${serviceArguments(model)}) },\`
5. \`apps/server/src/app.ts\`: \`await app.register(${model.module}Routes, services.${model.module});\`
6. \`packages/shared/src/generated-menus.ts\`: \`['${model.menu}', '${model.description.replace(/'/g, '')}', '${model.module}/${model.variable}', 'icon-ym icon-ym-generator-table'],\`
   in \`generatedMenus\`: the next start makes the page with its buttons (btn_add, btn_edit,
   btn_remove, btn_detail); grant it to the roles that use it (系统管理 → 权限授权).
7. The field labels in \`apps/web/src/features/${model.module}/locales/zh-TW.ts\` and \`en.ts\` are the
   designer's words: translate them there.

Then \`npx biome check --write\` on the files you edited to wire it in, \`npm run lint\`, \`npx tsc -p packages/shared\`, \`npx tsc -p apps/server\`, \`npx tsc -p apps/web\` and
\`npx vitest run --project api apps/server/test/${model.module}.test.ts\`.

Files:
${paths.map((p) => `- \`${p}\``).join('\n')}
`;
}

function serviceArguments(model: AreaModel): string {
  const relations = model.fields.some((f) => f.auto?.fill === 'organize' || f.auto?.fill === 'position');
  const billRule = model.fields.some((f) => f.auto?.fill === 'billRule' && f.billRule);
  return `${relations ? ', app.permissions' : ''}${billRule ? ', billRules' : ''}`;
}
