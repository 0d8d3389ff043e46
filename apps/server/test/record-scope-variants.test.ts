import type { DataScopeType } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { field } from './helpers/form-fields.ts';
import { menuOfForm, offerRights } from './helpers/form-menu.ts';
import { insertDepartment, rootOrganize, userInOrganize } from './helpers/organize-fixture.ts';
import { downloadSheet } from './helpers/sheets.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Every data-scope kind on every list kind of a generated form (issue 42: variants), and the export
 * beside each list (a second path to the same records) held to the same scope; then column grants
 * and form-field grants given apart.
 *
 * The organisations: A, A1 below A, and B. Four records, each written by someone else: `a` from A,
 * `a1` from A1 (under `a` in the tree table), `b` from B (under `a1`), and `v` by the viewer itself
 * while it still worked in B. The viewer is then moved to A, so "its organisation" and "its own
 * records" name different rows.
 */

const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
// The password of an account created by an administrator (the system's default).
const PASSWORD = '123456';
let t: TestApp;
let admin: Client;
let viewer: Client;
let viewerId: string;
const org: Record<'A' | 'A1' | 'B', string> = { A: '', A1: '', B: '' };

/** The list kinds of a generated form (visualdev.md: columnData.type), as their definitions need. */
const listKinds = {
  plain: { type: 1 },
  leftTree: { type: 2, treeDataSource: 'dictionary', treeDictionary: 'tags', treeRelation: 'tag' },
  grouped: { type: 3, groupField: 'tag' },
  inline: { type: 4 },
  treeTable: { type: 5, parentField: 'parent' },
} as const;
type ListKind = keyof typeof listKinds;
const fieldNames = ['name', 'tag', 'secret', 'parent'] as const;
type FieldName = (typeof fieldNames)[number];

interface Form {
  kind: ListKind;
  modelId: string;
  menuId: string;
  /** Ids of what the menu offers, by kind and code. */
  offered: (kind: string, codes: readonly string[]) => string[];
}
const forms: Form[] = [];

/** A released form of `kind` under a menu of its own offering every button, column, form field and scope. */
async function formUnderMenu(kind: ListKind): Promise<Form> {
  const enCode = `scope.${kind}`;
  const created = await admin.post<{ id: string }>(base, {
    fullName: enCode,
    enCode,
    webType: 2,
    formData: JSON.stringify({ fields: fieldNames.map((name) => field('input', name, name)) }),
    columnData: JSON.stringify({
      columnList: [{ prop: 'name', label: 'name' }],
      sort: 'asc',
      defaultSidx: 'name',
      ...listKinds[kind],
    }),
  });
  expect(created.code, created.msg).toBe(200);
  const modelId = created.data!.id;
  expect(await admin.post(`${base}/${modelId}/Actions/Release`)).toMatchObject({ code: 200 });
  const menuId = await menuOfForm(t, admin, modelId, enCode);
  const offered = await offerRights(t, admin, menuId, {
    buttons: ['btn_add', 'btn_edit', 'btn_export'],
    fields: fieldNames,
  });
  return { kind, modelId, menuId, offered };
}

/** Grants `userId` every form's menu with its buttons, these columns and form fields, and these scopes. */
async function grant(
  userId: string,
  what: { scopes: DataScopeType[]; columns?: readonly FieldName[]; forms?: readonly FieldName[] },
) {
  const reply = await admin.put(`/api/permission/Authority/Data/${userId}`, {
    objectType: 'User',
    module: forms.map((f) => f.menuId),
    button: forms.flatMap((f) => f.offered('button', ['btn_add', 'btn_edit', 'btn_export'])),
    column: forms.flatMap((f) => f.offered('column', what.columns ?? fieldNames)),
    form: forms.flatMap((f) => f.offered('form', what.forms ?? fieldNames)),
    resource: forms.flatMap((f) =>
      f.offered(
        'resource',
        what.scopes.map((s) => `scope_${s}`),
      ),
    ),
  });
  expect(reply.code, reply.msg).toBe(200);
}

const save = async (client: Client, form: Form, data: Record<string, string>) => {
  const reply = await client.post<{ id: string }>(`${records}/${form.modelId}`, {
    data: JSON.stringify(data),
    menuId: form.menuId,
  });
  expect(reply.code, reply.msg).toBe(200);
  return reply.data!.id;
};

type Row = { id: string; name?: string; children?: Row[] } & Record<string, unknown>;
/** The record names of a list page: tree levels and group members included, group heads left out. */
const namesOf = (rows: Row[]): string[] =>
  rows.flatMap((r) => [...(String(r.id).startsWith('group:') ? [] : [String(r.name)]), ...namesOf(r.children ?? [])]);

async function listed(client: Client, form: Form, query?: object) {
  const reply = await client.post<{ list: Row[]; pagination: { total: number } }>(`${records}/${form.modelId}/List`, {
    menuId: form.menuId,
    ...(query ? { queryJson: JSON.stringify(query) } : {}),
  });
  expect(reply.code, `${form.kind}: ${reply.msg}`).toBe(200);
  return reply.data!;
}

/** The exported workbook's rows (under its heading row), every match. */
async function exported(client: Client, form: Form, body: object = {}) {
  const reply = await client.post<{ url: string }>(`${records}/${form.modelId}/Actions/ExportData`, {
    menuId: form.menuId,
    dataType: 1,
    ...body,
  });
  expect(reply.code, `${form.kind}: ${reply.msg}`).toBe(200);
  const rows = await downloadSheet(t, reply.data!.url);
  return { head: rows[0] ?? [], lines: rows.slice(1) };
}

const sorted = (names: string[]) => [...names].sort();

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const root = await rootOrganize(t);
  org.A = await insertDepartment(t, '部门A', root.id, root.organizeIdTree);
  org.A1 = await insertDepartment(t, '小组A1', org.A, `${root.organizeIdTree},${org.A}`);
  org.B = await insertDepartment(t, '部门B', root.id, root.organizeIdTree);
  for (const kind of Object.keys(listKinds) as ListKind[]) forms.push(await formUnderMenu(kind));

  const writers = {
    a: await userInOrganize(t, admin, 'writerA', org.A),
    a1: await userInOrganize(t, admin, 'writerA1', org.A1),
    b: await userInOrganize(t, admin, 'writerB', org.B),
  };
  viewerId = await userInOrganize(t, admin, 'viewer', org.B);
  for (const id of [...Object.values(writers), viewerId]) await grant(id, { scopes: ['all'] });
  const as = {
    a: await t.signIn('writerA', PASSWORD),
    a1: await t.signIn('writerA1', PASSWORD),
    b: await t.signIn('writerB', PASSWORD),
  };
  const own = await t.signIn('viewer', PASSWORD);
  for (const form of forms) {
    const a = await save(as.a, form, { name: 'a', tag: 't1' });
    const a1 = await save(as.a1, form, { name: 'a1', tag: 't2', parent: a });
    await save(as.b, form, { name: 'b', tag: 't1', parent: a1 });
    await save(own, form, { name: 'v', tag: 't1' });
  }
  // The viewer moves from B to A: its own record stays one of B's.
  const info = await admin.get<Record<string, unknown>>(`/api/permission/Users/${viewerId}`);
  const moved = await admin.put(`/api/permission/Users/${viewerId}`, {
    ...info.data,
    organizeId: org.A,
    entryDate: null,
    birthday: null,
  });
  expect(moved.code, moved.msg).toBe(200);
  viewer = await t.signIn('viewer', PASSWORD);
  // Five forms, their menus and twenty records: minutes on a busy machine.
}, 600_000);
afterAll(() => t.close());

/** Scopes granted, and the records the viewer (in A, owner of `v`) then sees. */
const scopeVariants: [string, DataScopeType[], string[]][] = [
  ['all', ['all'], ['a', 'a1', 'b', 'v']],
  ['own organisation', ['organize'], ['a']],
  ['own organisation and below', ['organizeAndSub'], ['a', 'a1']],
  ['own records', ['self'], ['v']],
  ['own organisation and own records', ['organize', 'self'], ['a', 'v']],
  ['own organisation and below, and all', ['organizeAndSub', 'all'], ['a', 'a1', 'b', 'v']],
  ['no scope granted', [], []],
];

describe.each(scopeVariants)('a data scope of %s', (_name, scopes, expected) => {
  beforeAll(() => grant(viewerId, { scopes }));

  test.each(Object.keys(listKinds) as ListKind[])(
    'on a %s list: the list and its export hold the same records',
    async (kind) => {
      const form = forms.find((f) => f.kind === kind)!;
      const page = await listed(viewer, form);
      expect(sorted(namesOf(page.list)), 'list').toEqual(expected);
      const file = await exported(viewer, form);
      expect(file.head).toEqual(['name']);
      expect(sorted(file.lines.map((l) => l[0] ?? '')), 'export').toEqual(expected);
      // A tree table counts its roots (the in-scope records whose parent is empty); other lists every record.
      const roots = kind === 'treeTable' ? expected.filter((n) => n === 'a' || n === 'v') : expected;
      expect(page.pagination.total).toBe(roots.length);
    },
  );

  test('the tree beside a list narrows within the scope, never beyond it', async () => {
    const form = forms.find((f) => f.kind === 'leftTree')!;
    const within = expected.filter((n) => n !== 'a1');
    expect(sorted(namesOf((await listed(viewer, form, { tag: ['t1'] })).list))).toEqual(within);
    expect(
      sorted(
        (await exported(viewer, form, { queryJson: JSON.stringify({ tag: ['t1'] }) })).lines.map((l) => l[0] ?? ''),
      ),
    ).toEqual(within);
  });
});

describe('column grants and form-field grants given apart', () => {
  const plain = () => forms.find((f) => f.kind === 'plain')!;

  test('a column granted without its form field: listed and exported, not in the opened form', async () => {
    await grant(viewerId, { scopes: ['all'], columns: ['name', 'secret'], forms: ['name'] });
    const form = plain();
    const id = await save(admin, form, { name: 'c', tag: 't3', secret: '机密' });
    const page = await listed(viewer, form);
    expect(page.list.find((r) => r.id === id)).toEqual({ id, flowState: 0, name: 'c', secret: '机密' });
    const file = await exported(viewer, form, { selectKey: ['name', 'secret', 'tag'] });
    expect(file.head).toEqual(['name', 'secret']);
    expect(file.lines).toContainEqual(['c', '机密']);
    const opened = await viewer.get<{ data: string }>(`${records}/${form.modelId}/${id}`);
    expect(opened.code, opened.msg).toBe(200);
    expect(JSON.parse(opened.data!.data)).toEqual({ id, name: 'c' });
  });

  test('a form field granted without its column: in the opened form, neither listed nor exported', async () => {
    await grant(viewerId, { scopes: ['all'], columns: ['name'], forms: ['name', 'secret'] });
    const form = plain();
    const id = await save(admin, form, { name: 'd', tag: 't3', secret: '机密' });
    const page = await listed(viewer, form);
    expect(page.list.find((r) => r.id === id)).toEqual({ id, flowState: 0, name: 'd' });
    const file = await exported(viewer, form, { selectKey: ['name', 'secret'] });
    expect(file.head).toEqual(['name']);
    expect(file.lines).toContainEqual(['d']);
    // Searching on a column the caller may not see finds nothing by it (the search is dropped).
    const searched = await listed(viewer, form, { secret: '机密' });
    expect(namesOf(searched.list)).toContain('a');
    const opened = await viewer.get<{ data: string }>(`${records}/${form.modelId}/${id}`);
    expect(JSON.parse(opened.data!.data)).toEqual({ id, name: 'd', secret: '机密' });
  });
});
