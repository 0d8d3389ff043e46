import { describe, expect, test } from 'vitest';
import { checkSelect, checkSelectReading, deniedTables } from '../src/modules/dataInterface/sql-guard.ts';

/**
 * The SQL guard of data interfaces as a pure function (issue 42): what an interface's SQL may be,
 * refused before it runs with the reason a designer reads (the translated messages are asserted
 * through the API in data-interface.test.ts). Runs without a database, so mutation testing can
 * afford it on every mutant of sql-guard.ts.
 */

const allowed = ['public', 'reports'];
const refusal = (text: string, schemas: readonly string[] = allowed) =>
  checkSelect(text, schemas).then(
    () => null,
    (error: { key: string; params: Record<string, unknown> }) => ({ key: error.key, ...error.params }),
  );

describe('what passes', () => {
  test.each([
    [
      'a plain select',
      'select id, name from orders where amount > $1',
      'select id, name from orders where amount > $1',
    ],
    ['a trailing semicolon and comment are cut', 'select 1 as one; -- done', 'select 1 as one'],
    ['a leading comment is cut', '/* report */ select 1', 'select 1'],
    ['a WITH query', 'with t as (select 1 as n) select n from t', 'with t as (select 1 as n) select n from t'],
    ['a union', 'select 1 union all select 2', 'select 1 union all select 2'],
    ['an allowed schema, any case', 'select * from REPORTS.sales', 'select * from REPORTS.sales'],
    [
      'pg_typeof and pg_catalog functions',
      'select pg_typeof(1), pg_catalog.now()',
      'select pg_typeof(1), pg_catalog.now()',
    ],
    ['a function of an allowed schema', 'select reports.total(1)', 'select reports.total(1)'],
    ['a column named like a denied table', 'select user_session from orders', 'select user_session from orders'],
  ])('%s', async (_name, text, statement) => {
    expect(await checkSelect(text, allowed)).toBe(statement);
  });

  test('the statement is cut in bytes: text after multibyte characters stays whole', async () => {
    expect(await checkSelect("select '订单' as 名称; -- 注释", allowed)).toBe("select '订单' as 名称");
  });
});

describe('what is refused, and why', () => {
  test.each([
    ['text that does not parse', 'selec 1', 'dataInterface.sqlSyntax'],
    ['an empty text', '', 'dataInterface.sqlSyntax'],
    ['only a comment', '-- nothing', 'dataInterface.sqlOneStatement'],
    ['only a semicolon', ';', 'dataInterface.sqlOneStatement'],
    ['two statements', 'select 1; select 2', 'dataInterface.sqlOneStatement'],
    ['an insert', "insert into orders values ('1')", 'dataInterface.sqlSelectOnly'],
    ['an update', 'update orders set amount = 0', 'dataInterface.sqlSelectOnly'],
    ['a delete', 'delete from orders', 'dataInterface.sqlSelectOnly'],
    ['a table made', 'create table x (id int)', 'dataInterface.sqlSelectOnly'],
    ['a copy out', "copy orders to '/tmp/x'", 'dataInterface.sqlSelectOnly'],
    ['a setting changed', 'set role postgres', 'dataInterface.sqlSelectOnly'],
    [
      'a delete inside WITH',
      'with d as (delete from orders returning id) select * from d',
      'dataInterface.sqlSelectOnly',
    ],
    [
      'an insert inside WITH',
      'with d as (insert into orders values (1) returning id) select 1',
      'dataInterface.sqlSelectOnly',
    ],
    ['SELECT INTO', 'select * into copy from orders', 'dataInterface.sqlSelectOnly'],
    ['FOR UPDATE', 'select * from orders for update', 'dataInterface.sqlSelectOnly'],
    ['FOR SHARE in a sub-query', 'select * from (select * from orders for share) o', 'dataInterface.sqlSelectOnly'],
    ['an explain', 'explain select 1', 'dataInterface.sqlSelectOnly'],
  ])('%s', async (_name, text, key) => {
    expect(await refusal(text)).toMatchObject({ key });
  });

  test('a syntax error names where it failed', async () => {
    expect(await refusal('select from where')).toEqual({
      key: 'dataInterface.sqlSyntax',
      reason: expect.stringMatching(/syntax error/),
    });
  });

  test.each([
    // Written out, not read from the guard: a name dropped from the guard's list must fail here.
    'lo_import',
    'lo_export',
    'loread',
    'lowrite',
    'set_config',
    'current_setting',
    'nextval',
    'setval',
    'currval',
    'lastval',
    'txid_current',
    'ts_stat',
    'ts_rewrite',
    'query_to_xml',
    'query_to_xmlschema',
    'query_to_xml_and_xmlschema',
    'cursor_to_xml',
    'cursor_to_xmlschema',
    'table_to_xml',
    'table_to_xmlschema',
    'table_to_xml_and_xmlschema',
    'schema_to_xml',
    'schema_to_xmlschema',
    'schema_to_xml_and_xmlschema',
    'database_to_xml',
    'database_to_xmlschema',
    'database_to_xml_and_xmlschema',
    'version',
    'inet_server_addr',
    'inet_server_port',
    // The families: server administration, large objects, dblink, upgrade, index maintenance, files.
    'pg_sleep',
    'pg_read_file',
    'lo_get',
    'dblink',
    'dblink_exec',
    'binary_upgrade_set_next_pg_type_oid',
    'brin_summarize_new_values',
    'gin_clean_pending_list',
    'file_fdw_handler',
  ])('the function %s is refused, however written', async (name) => {
    for (const text of [`select ${name}(1)`, `select ${name.toUpperCase()}(1)`, `select "${name.toUpperCase()}"(1)`]) {
      expect(await refusal(text), text).toEqual({ key: 'dataInterface.sqlFunctionDenied', name });
    }
    expect(await refusal(`select pg_catalog.${name}(1)`)).toEqual({ key: 'dataInterface.sqlFunctionDenied', name });
    // Deep inside: a sub-query's condition.
    expect(await refusal(`select * from orders where id in (select ${name}('x'))`)).toMatchObject({ name });
  });

  test('functions only named like a denied one pass', async () => {
    for (const text of [
      'select upper(name), length(name) from orders',
      'select my_pg_sleep(1)',
      'select versions(1)',
      'select lo(1)',
    ])
      expect(await refusal(text), text).toBeNull();
  });

  test('a function of a schema outside the allowed ones is refused by its schema', async () => {
    expect(await refusal('select secret.reveal(1)')).toEqual({ key: 'dataInterface.sqlSchemaDenied', name: 'secret' });
    expect(await refusal('select reports.total(1)', ['public'])).toEqual({
      key: 'dataInterface.sqlSchemaDenied',
      name: 'reports',
    });
  });

  test.each([...deniedTables])('the table %s is refused, qualified or not', async (table) => {
    expect(await refusal(`select * from ${table}`)).toEqual({ key: 'dataInterface.sqlTableDenied', name: table });
    expect(await refusal(`select * from public.${table.toUpperCase()}`)).toEqual({
      key: 'dataInterface.sqlTableDenied',
      name: table,
    });
    expect(await refusal(`select 1 from orders join ${table} on true`)).toMatchObject({ name: table });
  });

  test('system catalogues and schemas outside the allowed ones are refused', async () => {
    const cases: [string, readonly string[], { key: string; name: string } | null][] = [
      ['select * from pg_authid', allowed, { key: 'dataInterface.sqlTableDenied', name: 'pg_authid' }],
      ['select * from PG_SHADOW', allowed, { key: 'dataInterface.sqlTableDenied', name: 'pg_shadow' }],
      ['select * from pg_catalog.pg_class', allowed, { key: 'dataInterface.sqlSchemaDenied', name: 'pg_catalog' }],
      [
        'select * from information_schema.tables',
        allowed,
        { key: 'dataInterface.sqlSchemaDenied', name: 'information_schema' },
      ],
      ['select * from mydb.public.orders', allowed, { key: 'dataInterface.sqlSchemaDenied', name: 'mydb' }],
      ['select * from reports.sales', ['public'], { key: 'dataInterface.sqlSchemaDenied', name: 'reports' }],
      ['select * from orders', [], null],
      ['select * from public.orders', [], { key: 'dataInterface.sqlSchemaDenied', name: 'public' }],
    ];
    for (const [text, schemas, expected] of cases) expect(await refusal(text, schemas), text).toEqual(expected);
  });
});

describe('generated forms’ tables', () => {
  test('each reference is found with its form, alias and place', async () => {
    const text = 'select * from vd_7 join public.vd_7_c12 c on true join (select 1 from vd_9) s on true';
    const { statement, formTables } = await checkSelectReading(text, allowed);
    expect(formTables.map((r) => [r.table, r.formId, r.aliased, statement.slice(r.start, r.end)])).toEqual([
      ['vd_7', '7', false, 'vd_7'],
      ['vd_7_c12', '7', true, 'public.vd_7_c12'],
      ['vd_9', '9', false, 'vd_9'],
    ]);
  });

  test('places count from the statement’s start, after a leading comment', async () => {
    const { statement, formTables } = await checkSelectReading('/* x */ select * from vd_1 v', allowed);
    expect(statement).toBe('select * from vd_1 v');
    expect(formTables).toEqual([{ table: 'vd_1', formId: '1', start: 14, end: 18, aliased: true }]);
  });

  test('names only like a form table are not one', async () => {
    for (const text of ['select * from vd_', 'select * from vd_1_x', 'select * from vd_1_c', 'select vd_1 from orders'])
      expect((await checkSelectReading(text, allowed)).formTables, text).toEqual([]);
  });
});
