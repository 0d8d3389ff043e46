import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { field } from './helpers/form-fields.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * A search's page and total, on both sides of the record repository's one-statement path: up to
 * a thousand matches the page and the total come from one statement, beyond that from two. A
 * user must not be able to tell which one answered.
 */

const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;
let modelId: string;

type ListReply = {
  list: Record<string, unknown>[];
  pagination: { total: number; currentPage: number; pageSize: number };
};
const search = (body: object) => admin.post<ListReply>(`${records}/${modelId}/List`, body);
const names = (reply: Awaited<ReturnType<typeof search>>) => reply.data!.list.map((r) => r.name);

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
    fullName: '批次',
    enCode: 'batch.paging',
    webType: 2,
    formData: JSON.stringify({ fields: [field('input', 'name', '名称'), field('inputNumber', 'price', '单价')] }),
    columnData: JSON.stringify({
      searchList: [{ prop: 'name', label: '名称', jnpfKey: 'input', searchType: 2 }],
      columnList: [
        { prop: 'name', label: '名称' },
        { prop: 'price', label: '单价' },
      ],
      hasPage: true,
      pageSize: 20,
    }),
  });
  modelId = created.data!.id;
  expect(await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).toMatchObject({ code: 200 });
  const plan = (
    await t.app.db.selectFrom('visualDev').select('storage').where('id', '=', modelId).executeTakeFirstOrThrow()
  ).storage as { table: string; columns: { field: string; column: string }[] };
  const column = (name: string) => sql.raw(plan.columns.find((c) => c.field === name)!.column);
  const owner = await t.app.db
    .selectFrom('appUser')
    .select(['id', 'organizeId'])
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  // 1,500 records: 批次0001 … 批次1500, the price their number, the newest the highest.
  await sql`insert into ${sql.raw(plan.table)} (id, organize_id, creator_user_id, creator_time, ${column('name')}, ${column('price')})
    select lpad(g::text, 12, '0'), ${owner.organizeId}, ${owner.id}, now() - (2000 - g) * interval '1 second',
      '批次' || lpad(g::text, 4, '0'), g
    from generate_series(1, 1500) g`.execute(t.app.db);
});
afterAll(() => t.close());

describe('a search answers the same page and total whatever its number of matches', () => {
  test('a search with a few matches: pages in order, the total on every page, a page past the end', async () => {
    // 批次01xx: 100 records (0100-0199).
    const first = await search({ queryJson: JSON.stringify({ name: '批次01' }), pageSize: 30 });
    expect(first.data!.pagination).toEqual({ currentPage: 1, pageSize: 30, total: 100 });
    expect(names(first).slice(0, 2)).toEqual(['批次0199', '批次0198']);
    const last = await search({ queryJson: JSON.stringify({ name: '批次01' }), pageSize: 30, currentPage: 4 });
    expect(last.data!.pagination.total).toBe(100);
    expect(names(last)).toEqual(Array.from({ length: 10 }, (_, i) => `批次01${String(9 - i).padStart(2, '0')}`));
    const byPrice = await search({ queryJson: JSON.stringify({ name: '批次01' }), sidx: 'price', pageSize: 3 });
    expect(names(byPrice)).toEqual(['批次0100', '批次0101', '批次0102']);
    // The body as the 3.6 client sends it: numbers as text, an empty sort and advanced query.
    const asClient = await search({
      currentPage: '2',
      pageSize: '20',
      queryJson: JSON.stringify({ name: '批次01' }),
      sidx: '',
      superQueryJson: '',
      menuId: '',
    });
    expect(asClient.data!.pagination).toEqual({ currentPage: 2, pageSize: 20, total: 100 });
    expect(names(asClient)[0]).toBe('批次0179');
    const past = await search({ queryJson: JSON.stringify({ name: '批次01' }), pageSize: 30, currentPage: 9 });
    expect(past.data).toMatchObject({ list: [], pagination: { total: 100 } });
    const none = await search({ queryJson: JSON.stringify({ name: '没有' }) });
    expect(none.data).toMatchObject({ list: [], pagination: { total: 0 } });
  });

  test('a search with more than a thousand matches counts them all and sorts them all', async () => {
    const all = await search({ queryJson: JSON.stringify({ name: '批次' }), sidx: 'price', pageSize: 5 });
    expect(all.data!.pagination.total).toBe(1500);
    expect(names(all)).toEqual(['批次0001', '批次0002', '批次0003', '批次0004', '批次0005']);
    const newest = await search({ queryJson: JSON.stringify({ name: '批次' }), pageSize: 2 });
    expect(names(newest)).toEqual(['批次1500', '批次1499']);
    // Exactly one more than the one-statement path holds: 1,001 matches (批次0500 … 批次1500).
    const justOver = await search({
      queryJson: JSON.stringify({ name: '批次' }),
      superQueryJson: JSON.stringify({
        matchLogic: 'and',
        conditionList: [{ logic: 'and', groups: [{ field: 'price', symbol: '>=', fieldValue: 500 }] }],
      }),
      pageSize: 1,
    });
    expect(justOver.data!.pagination.total).toBe(1001);
    const atCap = await search({
      queryJson: JSON.stringify({ name: '批次' }),
      superQueryJson: JSON.stringify({
        matchLogic: 'and',
        conditionList: [{ logic: 'and', groups: [{ field: 'price', symbol: '>=', fieldValue: 501 }] }],
      }),
      sidx: 'price',
      pageSize: 1,
      currentPage: 1000,
    });
    expect(atCap.data!.pagination.total).toBe(1000);
    expect(names(atCap)).toEqual(['批次1500']);
  });
});
