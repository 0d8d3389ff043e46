import type { DataScopeType } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { field } from './helpers/form-fields.ts';
import { menuOfForm, offerRights } from './helpers/form-menu.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * The menu's rights on generated-form records beyond the main path (issue 42): a tree table read by
 * a user with a data scope (its child levels too), and column grants that differ from form-field
 * grants (the list follows the one, the form the other).
 */

const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

const fieldNames = ['name', 'secret', 'note', 'parent'] as const;
type FieldName = (typeof fieldNames)[number];

/**
 * A released form of the four fields listed as `list` says, under a menu that offers each field as
 * a column and as a form field, every button and a data scope of each kind.
 */
async function formUnderMenu(enCode: string, list: object) {
  const created = await admin.post<{ id: string }>(base, {
    fullName: enCode,
    enCode,
    webType: 2,
    formData: JSON.stringify({ fields: fieldNames.map((name) => field('input', name, name)) }),
    columnData: JSON.stringify({ columnList: [{ prop: 'name', label: 'name' }], sort: 'asc', ...list }),
  });
  expect(created).toMatchObject({ code: 200 });
  const modelId = created.data!.id;
  expect(await admin.post(`${base}/${modelId}/Actions/Release`)).toMatchObject({ code: 200 });
  const menuId = await menuOfForm(t, admin, modelId, enCode);
  const ids = await offerRights(t, admin, menuId, {
    buttons: ['btn_add', 'btn_edit', 'btn_remove'],
    fields: fieldNames,
  });

  /** A new user granted the menu, its buttons, these columns and form fields, and the data scope of this kind. */
  async function grantee(account: string, grant: { columns: FieldName[]; forms: FieldName[]; scope: DataScopeType }) {
    const userId = await t.createUser({ account });
    expect(
      await admin.put(`/api/permission/Authority/Data/${userId}`, {
        objectType: 'User',
        module: [menuId],
        button: ids('button', ['btn_add', 'btn_edit', 'btn_remove']),
        column: ids('column', grant.columns),
        form: ids('form', grant.forms),
        resource: ids('resource', [`scope_${grant.scope}`]),
      }),
    ).toMatchObject({ code: 200 });
    return t.signIn(account, 'Passw0rd');
  }
  return { modelId, menuId, grantee };
}

const save = async (client: Client, modelId: string, data: Record<string, string>) => {
  const reply = await client.post<{ id: string }>(`${records}/${modelId}`, { data: JSON.stringify(data) });
  expect(reply).toMatchObject({ code: 200 });
  return reply.data!.id;
};
type Row = { id: string; name?: string; children?: Row[] } & Record<string, unknown>;
const list = (client: Client, modelId: string, menuId: string) =>
  client.post<{ list: Row[]; pagination: { total: number } }>(`${records}/${modelId}/List`, { menuId });
/** Names of the rows and, nested, of their children. */
const shape = (rows: Row[]): unknown[] =>
  rows.map((r) => (r.children?.length ? { [r.name ?? '']: shape(r.children) } : r.name));

describe('a tree table read with a data scope of the caller’s own records', () => {
  test('every level is scoped: someone else’s child under the caller’s record stays out', async () => {
    const form = await formUnderMenu('tree.scoped', { type: 5, parentField: 'parent', defaultSidx: 'name' });
    const clerk = await form.grantee('clerk.tree', { columns: [...fieldNames], forms: [...fieldNames], scope: 'self' });
    const theirs = await save(admin, form.modelId, { name: 'a-管理员的根' });
    const root = await save(clerk, form.modelId, { name: 'b-我的根' });
    const child = await save(clerk, form.modelId, { name: 'c-我的子', parent: root });
    await save(clerk, form.modelId, { name: 'd-我的孙', parent: child });
    // Records of others hanging under the clerk's own, on the second and third level.
    await save(admin, form.modelId, { name: 'e-管理员的子', parent: root });
    await save(admin, form.modelId, { name: 'f-管理员的孙', parent: child });
    await save(clerk, form.modelId, { name: 'g-挂在别人下的', parent: theirs });

    const seen = await list(clerk, form.modelId, form.menuId);
    expect(seen.data!.pagination.total).toBe(1);
    expect(shape(seen.data!.list)).toEqual([{ 'b-我的根': [{ 'c-我的子': ['d-我的孙'] }] }]);
    // The administrator sees the whole tree.
    const all = await list(admin, form.modelId, form.menuId);
    expect(shape(all.data!.list)).toEqual([
      { 'a-管理员的根': ['g-挂在别人下的'] },
      { 'b-我的根': [{ 'c-我的子': ['d-我的孙', 'f-管理员的孙'] }, 'e-管理员的子'] },
    ]);
  });
});

describe('column grants and form-field grants differ', () => {
  test('the list shows the granted columns, the form the granted fields, each without the other’s', async () => {
    const form = await formUnderMenu('split.grants', { type: 1 });
    const clerk = await form.grantee('clerk.split', {
      columns: ['name', 'note'],
      forms: ['name', 'secret'],
      scope: 'all',
    });
    const id = await save(admin, form.modelId, { name: '订单', secret: 'S', note: 'N', parent: 'P' });

    const listed = await list(clerk, form.modelId, form.menuId);
    expect(listed.data!.list).toEqual([{ id, flowState: 0, name: '订单', note: 'N' }]);
    const opened = await clerk.get<{ id: string; data: string }>(`${records}/${form.modelId}/${id}`);
    expect(opened).toMatchObject({ code: 200 });
    expect(JSON.parse(opened.data!.data)).toEqual({ id, name: '订单', secret: 'S' });

    // Saving writes the form's fields only: a column the caller sees but may not edit keeps its value.
    expect(
      await clerk.put(`${records}/${form.modelId}/${id}`, {
        data: JSON.stringify({ name: '订单2', secret: 'S2', note: 'hack', parent: 'hack' }),
      }),
    ).toMatchObject({ code: 200 });
    const stored = await admin.get<{ data: string }>(`${records}/${form.modelId}/${id}`);
    expect(JSON.parse(stored.data!.data)).toEqual({ id, name: '订单2', secret: 'S2', note: 'N', parent: 'P' });
  });
});
