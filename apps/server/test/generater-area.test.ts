import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type FormDefinition, takenAreaNames, valueFields } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { type GenerateOptions, generateArea } from '../src/modules/generater/generate-area.ts';
import { leaveForm, leaveList } from './helpers/generater-fixture.ts';

/** The generator alone: what a form with twenty kinds and a sub-table becomes, file by file. */

const options: GenerateOptions = {
  module: 'hr',
  className: 'ext_leave',
  subClassNames: ['LeaveHandover'],
  description: '请假管理',
  tablePrefix: '',
  migrationNumber: 49,
  formStyle: 'engine',
};
const source = { fullName: '请假单', form: leaveForm as FormDefinition, list: leaveList };
const files = generateArea(source, options);
const file = (path: string) => {
  const found = files.find((f) => f.filePath === path);
  if (!found) throw new Error(`not generated: ${path}`);
  return found.fileContent;
};

describe('generating an area from a form', () => {
  test('the files sit at their paths in the repository, named after the module and the migration number', () => {
    expect(files.map((f) => f.filePath)).toEqual([
      'packages/shared/src/schemas/hr.ts',
      'apps/server/src/db/hr-tables.ts',
      'apps/server/src/db/migrations/0049_ext_leave.ts',
      'apps/server/src/modules/hr/hr.repository.ts',
      'apps/server/src/modules/hr/hr.service.ts',
      'apps/server/src/modules/hr/hr.routes.ts',
      'apps/server/test/hr.test.ts',
      'apps/web/src/features/hr/api.ts',
      'apps/web/src/features/hr/definition.ts',
      'apps/web/src/features/hr/pages/ExtLeavePage.tsx',
      'apps/web/src/features/hr/pages.ts',
      'apps/web/src/features/hr/locales/zh-CN.ts',
      'apps/web/src/features/hr/locales/zh-TW.ts',
      'apps/web/src/features/hr/locales/en.ts',
      'apps/web/e2e/hr.e2e.ts',
      'hr-README.md',
    ]);
  });

  test('the browser feature: its page at the menu address, the form as released, values renamed both ways', () => {
    expect(file('apps/web/src/features/hr/pages.ts')).toContain(
      "'hr/extLeave': () => import('./pages/ExtLeavePage.tsx')",
    );
    const definition = file('apps/web/src/features/hr/definition.ts');
    // The form keeps the designer's names (its formulas and events refer to them); the wire has its own.
    for (const field of valueFields((leaveForm as FormDefinition).fields))
      expect(definition).toContain(`"__vModel__": ${JSON.stringify(field.__vModel__)}`);
    expect(definition).toMatch(/days: \(values\.days \?\? null\) as ExtLeaveInput\['days'\]/);
    expect(definition).toMatch(/handovers?\w*: rows\(values\.\w+\)\.map/);
    // What the server fills in (the bill number) is answered, never sent.
    expect(definition).not.toMatch(/billNo: \(values/);
    expect(definition).toMatch(/billNo: info\.billNo/);
    expect(file('apps/web/src/features/hr/locales/zh-CN.ts')).toContain("title: '请假管理'");
  });

  test('the browser test fills the required fields it can type into, makes the bill rule, and finds the record again', () => {
    const test = file('apps/web/e2e/hr.e2e.ts');
    expect(test).toContain("await form.getByLabel(/申请人$/).fill('申请人样例');");
    expect(test).toContain("await form.getByLabel(/请假天数$/).fill('1');");
    expect(test).toContain("enCode: 'leaveNo'");
    expect(test).toContain("page.getByRole('menuitem', { name: /请假管理$/ })");
    expect(test).toContain("again.getByLabel(/申请人$/).inputValue()).resolves.toBe('申请人样例')");
  });

  test('each field gets the column its kind stores in, layout kinds none; the sub-table is a child table', () => {
    const migration = file('apps/server/src/db/migrations/0049_ext_leave.ts');
    for (const column of [
      'bill_no text',
      'applicant text',
      'days numeric',
      'urgency numeric',
      'start_date timestamptz',
      'start_time text',
      'period jsonb',
      'leave_type jsonb',
      'notify jsonb',
      'urgent jsonb',
      'deputy jsonb',
      'department jsonb',
      'attachments jsonb',
      'label_color text',
      'creator text',
      'created_at timestamptz',
      'region jsonb',
    ]) {
      expect(migration).toContain(`      ${column},`);
    }
    expect(migration).not.toMatch(/divider|card/);
    expect(migration).toContain('create table ext_leave (');
    expect(migration).toContain('create table leave_handover (');
    expect(migration).toContain('parent_id text not null references ext_leave (id) on delete cascade');
    expect(migration).toMatch(/task text,\n\s+receiver jsonb,\n\s+hours numeric,\n\s+due timestamptz,/);
  });

  test('a field named like a column every table has is renamed, so the stamps stay the server’s', () => {
    const migration = file('apps/server/src/db/migrations/0049_ext_leave.ts');
    expect(migration).toContain('last_modify_time2 timestamptz,');
    expect(migration.match(/last_modify_time timestamptz/g)).toHaveLength(1);
  });

  test('the wire schema takes what a person enters; what the server fills in is only answered', () => {
    const schema = file('packages/shared/src/schemas/hr.ts');
    const input = schema.slice(
      schema.indexOf('export const ExtLeaveInput'),
      schema.indexOf('export type ExtLeaveInput'),
    );
    expect(input).toContain('applicant: Type.String({ minLength: 1, maxLength: 50 }),');
    expect(input).toContain('days: Type.Number({ minimum: 0, maximum: 365 }),');
    expect(input).toContain('reason: Nullable(Type.String({ maxLength: 500 })),');
    expect(input).toContain('department: Nullable(FieldList),');
    expect(input).toContain('deputy: Nullable(FieldScalar),');
    expect(input).toContain('handovers: Type.Array(LeaveHandoverInput, { maxItems: 1000 }),');
    for (const filled of ['billNo', 'creator', 'createdAt', 'organize', 'lastModifyTime2']) {
      expect(input).not.toContain(`${filled}:`);
    }
    const info = schema.slice(schema.indexOf('export const ExtLeaveInfo'));
    expect(info).toContain('billNo: OrNull(Type.String()),');
    expect(info).toContain('handovers: Type.Array(LeaveHandoverRow),');
    const row = schema.slice(schema.indexOf('export const ExtLeaveRow'), schema.indexOf('export type ExtLeaveRow'));
    expect(row.match(/^ {2}\w+:/gm)).toEqual(['  id:', '  applicant:', '  days:', '  deputy:', '  creatorTime:']);
  });

  test('the service fills the server’s fields: the creator, the times, the organisation, the bill number', () => {
    const service = file('apps/server/src/modules/hr/hr.service.ts');
    expect(service).toContain(
      "billNo: await this.billRules.nextNumberWithin(trx, 'leaveNo'), creator: session.userId, createdAt: new Date(), organize: relationOf('Organize')",
    );
    expect(service).toContain('lastModifyTime2: new Date()');
    expect(service).toContain(
      'await new LeaveHandoverRepository(trx).replace(id, input.handovers.map(leaveHandoverValues));',
    );
    expect(service).toContain(
      'implements CrudService<ExtLeaveQuery, ExtLeaveRow, ExtLeaveInput, ExtLeaveUpdate, ExtLeaveInfo>',
    );
  });

  test('the routes are the CRUD kit on the area’s own menu; the README says how to wire it in', () => {
    const routes = file('apps/server/src/modules/hr/hr.routes.ts');
    expect(routes).toContain("base: '/api/hr/ExtLeave',");
    expect(routes).toContain("menu: 'hr.extLeave',");
    // The API description is English throughout: the class name, not the designer's Chinese label.
    expect(routes).toContain("noun: { one: 'ExtLeave record', many: 'ExtLeave records' },");
    const readme = file('hr-README.md');
    expect(readme).toContain("'0049_ext_leave': extLeave,");
    expect(readme).toContain('new ExtLeaveService(db, app.permissions, billRules)');
  });

  test('the generated API test makes the bill rule the form numbers its records with', () => {
    const apiTest = file('apps/server/test/hr.test.ts');
    expect(apiTest).toContain("enCode: 'leaveNo',");
    expect(apiTest).toContain("toMatchObject({ code: 200, msg: '新建成功' })");
  });

  test('the list shows each value as the form does (a picked user by name), through the engine', () => {
    const page = file('apps/web/src/features/hr/pages/ExtLeavePage.tsx');
    expect(page).toContain('<FieldValue field={field} value={value} store={listStore} />');
    expect(page).toContain(
      "{ title: t('fields.deputy'), dataIndex: 'deputy', key: 'deputy', render: cell(\"deputy\") },",
    );
  });

  test('by default the page shows the released form through the engine, written out nowhere', () => {
    expect(file('apps/web/src/features/hr/pages/ExtLeavePage.tsx')).toContain(
      '<FormRenderer store={editing.store} mode="edit" />',
    );
    expect(files.some((f) => f.filePath.includes('/components/'))).toBe(false);
  });

  test('written out, the form is the layout as JSX with each field placed by name or formId, titles in the locales', () => {
    const written = generateArea(source, { ...options, formStyle: 'written' });
    const writtenFile = (path: string) => written.find((f) => f.filePath === path)?.fileContent ?? '';
    const form = writtenFile('apps/web/src/features/hr/components/ExtLeaveForm.tsx');
    expect(form).toContain("export function ExtLeaveForm({ store, mode = 'edit' }");
    expect(form).toContain('<FormPart name="applicant" label={t(\'fields.applicant\')} span={24} />');
    // The row keeps the designer's widths; the odd name keeps its source name and gets a property's label.
    expect(form).toMatch(
      /<FormCol span=\{24\}><FormRow><FormPart name="startDate" label=\{t\('fields.startDate'\)\} span=\{12\} \/>/,
    );
    expect(form).toContain('<FormPart name="label-color" label={t(\'fields.labelColor\')} span={24} />');
    expect(form).toContain('<Card className="fe-card" size="small" title={t(\'sections.s2\')}>');
    expect(form).toContain('<FormPart formId={41} />');
    expect(form).toContain('{ key: "urgent", label: t(\'sections.s1\'), forceRender: true, children: <FormRow>');
    expect(form).toContain('<FormPart name="handovers" label={t(\'fields.handovers\')} span={24} />');
    // A form of plain fields imports only what it uses (lint refuses unused imports).
    const plain = generateArea(
      { ...source, form: { fields: [leaveForm.fields[1]!] } as FormDefinition },
      { ...options, formStyle: 'written' },
    ).find((f) => f.filePath.endsWith('ExtLeaveForm.tsx'))?.fileContent;
    expect(plain).toContain(
      "import { FormLayout, FormPart, type FormStore, type RenderMode } from '../../../shared/form-engine/index.ts';",
    );
    const locale = writtenFile('apps/web/src/features/hr/locales/zh-CN.ts');
    expect(locale).toContain("sections: {\n    s1: '加急处理',\n    s2: '补充',\n  },");
    expect(locale).toContain("handovers: '工作交接',");
    const page = writtenFile('apps/web/src/features/hr/pages/ExtLeavePage.tsx');
    expect(page).toContain("import { ExtLeaveForm } from '../components/ExtLeaveForm.tsx';");
    expect(page).toContain('<ExtLeaveForm store={editing.store} />');
    expect(page).not.toContain('FormRenderer');
  });

  test('the same definition and options give the same files', () => {
    expect(generateArea(source, options)).toEqual(files);
  });
});

test('every area of this repository, server or web, is a name generation refuses', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const folders = (dir: string) =>
    readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  const areas = new Set([...folders('server/src/modules'), ...folders('web/src/features')]);
  expect([...areas].filter((name) => !takenAreaNames.includes(name))).toEqual([]);
});
