import { type CompiledQuery, type KyselyPlugin, PostgresQueryCompiler, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { UserListRepository } from '../src/modules/user/user.repository.ts';
import { FormRecordRepository, searchCondition } from '../src/modules/visualdev/record.repository.ts';
import type { StoredTable } from '../src/modules/visualdev/storage-plan.ts';
import { field } from './helpers/form-fields.ts';
import { type TestApp, testApp } from './helpers/test-app.ts';

/**
 * Keyword search with a leading wildcard stays on a trigram index (issue 41): the statements the
 * repositories send for a fuzzy keyword, asked of the planner with sequential scans priced out,
 * must name the index. A statement whose shape differs from the index's expression (another
 * column order, a cast, lower(...) instead of ILIKE) cannot use it and plans a scan of the table.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** `db`, but every statement it compiles is kept in `statements` (it still runs). */
function recording(db: Db) {
  const statements: CompiledQuery[] = [];
  const compiler = new PostgresQueryCompiler();
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(compiler.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), statements };
}

/** The indexes the planner would use for `statement` if a sequential scan cost next to nothing else. */
async function indexesPlanned(statement: CompiledQuery): Promise<string[]> {
  return t.app.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>({
      ...statement,
      sql: `explain (format json) ${statement.sql}`,
    });
    const plan = JSON.stringify(rows[0]?.['QUERY PLAN'] ?? '');
    return [...plan.matchAll(/"Index Name":\s*"([^"]+)"/g)].map((m) => m[1] as string);
  });
}

describe('trigram indexes behind fuzzy keywords', () => {
  test('a released form indexes its fuzzy text fields, and the list keyword query uses the index', async () => {
    const admin = await t.signIn();
    const form = {
      fields: [field('input', 'name', '名称'), field('input', 'code', '编号'), field('input', 'note', '备注')],
    };
    // name is declared fuzzy; code is declared without a type, which the list searches fuzzy too.
    const list = {
      searchList: [
        { prop: 'name', label: '名称', jnpfKey: 'input', searchType: 2 },
        { prop: 'code', label: '编号', jnpfKey: 'input' },
        { prop: 'note', label: '备注', jnpfKey: 'input', searchType: 1 },
      ],
      columnList: [{ prop: 'name', label: '名称' }],
    };
    const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
      fullName: '检索',
      enCode: 'search.index',
      webType: 2,
      formData: JSON.stringify(form),
      columnData: JSON.stringify(list),
    });
    expect(created.code).toBe(200);
    const id = created.data?.id as string;
    expect((await admin.post(`/api/visualdev/Base/${id}/Actions/Release`)).code).toBe(200);
    const plan = (
      await t.app.db.selectFrom('visualDev').select('storage').where('id', '=', id).executeTakeFirstOrThrow()
    ).storage as StoredTable;

    const fuzzyIndexes: string[] = [];
    for (const name of ['name', 'code']) {
      const column = plan.columns.find((c) => c.field === name);
      if (!column) throw new Error(`no column for ${name}`);
      const { db, statements } = recording(t.app.db);
      const filter = {
        where: [searchCondition({ column, match: 'fuzzy', text: '记录12' })],
        scope: { all: true as const },
      };
      await new FormRecordRepository(db).page(plan, plan.columns, filter, [], { pageSize: 20, offset: 0 });
      expect(statements.length).toBeGreaterThan(0);
      const index = `${plan.table}_${column.column}_trgm`;
      fuzzyIndexes.push(index);
      for (const statement of statements) expect(await indexesPlanned(statement)).toContain(index);
    }
    const made = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = ${plan.table}`.execute(t.app.db);
    const trigram = made.rows.filter((row) => row.indexdef.includes('gin_trgm_ops')).map((row) => row.indexname);
    // An equals-only text field gets a b-tree, not a trigram index.
    expect(trigram.sort()).toEqual(fuzzyIndexes.sort());
  });

  test('the user list keyword query uses app_user_search', async () => {
    const { db, statements } = recording(t.app.db);
    const params = { currentPage: 1, pageSize: 20, offset: 0, keyword: 'dmi', sort: 'asc' as const, sidx: null };
    await new UserListRepository(db).page(params, {});
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(await indexesPlanned(statement)).toContain('app_user_search');
  });
});
