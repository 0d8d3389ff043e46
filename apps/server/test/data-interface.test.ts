import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interfaceCategory } from './helpers/data-interfaces.ts';
import { multipart } from './helpers/multipart.ts';
import { adminApp, type Client, type TestApp, testApp } from './helpers/test-app.ts';

const base = '/api/system/DataInterface';
let t: TestApp;
let admin: Client;
let category: string;
/** The schema the application's tables are in (a test schema on PostgreSQL). */
let schema: string;
let fake: Server;
let fakePort = 0;
const fakeHits: string[] = [];

beforeAll(async () => {
  // A local fake API on 127.0.0.2 (loopback too, but not 127.0.0.1, so that a redirect from it to
  // 127.0.0.1 or localhost leaves the one range the test opens): the only traffic these tests send.
  fake = createServer((req, res) => {
    fakeHits.push(req.url ?? '');
    if (req.url?.startsWith('/big')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`[${'"x",'.repeat(1000)}"x"]`);
      return;
    }
    if (req.url?.startsWith('/redirect')) {
      res.writeHead(302, { location: new URL(req.url, 'http://fake').searchParams.get('to') ?? '/' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        data: {
          list: [
            { code: 'A', name: 'Apple' },
            { code: 'B', name: 'Banana' },
          ],
        },
      }),
    );
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.2', resolve));
  fakePort = (fake.address() as AddressInfo).port;
  ({ t, admin } = await adminApp({ dataInterface: { timeoutMs: 300 } }));
  category = await interfaceCategory(t);
  const config = t.app.config.database;
  schema = config.kind === 'postgres' ? (config.schema ?? 'public') : 'public';
  await sql`create table di_fruit (id text primary key, name text not null, price integer not null)`.execute(t.app.db);
  await sql`insert into di_fruit values ('1', 'apple', 3), ('2', 'banana', 2), ('3', 'cherry', 9), ('4', 'apricot', 5)`.execute(
    t.app.db,
  );
  await sql`create schema if not exists ${sql.raw(`${schema}_secret`)}`.execute(t.app.db);
  await sql`create table if not exists ${sql.raw(`${schema}_secret`)}.vault (v text)`.execute(t.app.db);
});
afterAll(async () => {
  await sql`drop schema if exists ${sql.raw(`${schema}_secret`)} cascade`.execute(t.app.db);
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

const sqlInterface = (sqlText: string, fields: Record<string, unknown> = {}) => ({
  fullName: '水果',
  enCode: `fruit${Math.random().toString(36).slice(2, 8)}`,
  category,
  type: 1,
  action: 3,
  hasPage: 1,
  enabledMark: 1,
  sortCode: 0,
  dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql: sqlText } }),
  parameterJson: JSON.stringify([{ field: 'name', dataType: 'varchar', required: 0, fieldName: '名称' }]),
  fieldJson: '[]',
  ...fields,
});

async function create(body: object) {
  const reply = await admin.post<{ id: string }>(base, body);
  expect(reply, JSON.stringify(reply)).toMatchObject({ code: 200 });
  return reply.data?.id ?? '';
}

const countInterfaces = async () =>
  Number((await admin.get<{ pagination: { total: number } }>(base)).data?.pagination.total);

describe('data interfaces: definitions', () => {
  test('create, read, update, copy, toggle and delete; the list filters by category and type', async () => {
    const id = await create(sqlInterface('select id, name from di_fruit'));
    const info = await admin.get<{ fullName: string; type: number }>(`${base}/${id}`);
    expect(info.data).toMatchObject({ fullName: '水果', type: 1, enabledMark: 1, tenantId: '' });
    const listed = await admin.get<{ list: { id: string }[] }>(base, { category, type: '1' });
    expect(listed.data?.list.map((r) => r.id)).toContain(id);
    expect((await admin.get<{ list: unknown[] }>(base, { type: '2', keyword: '水果' })).data?.list).toEqual([]);

    const update = await admin.put(`${base}/${id}`, {
      ...sqlInterface('select id, name, price from di_fruit'),
      fullName: '水果2',
    });
    expect(update).toMatchObject({ code: 200 });
    const copy = await admin.post<{ id: string }>(`${base}/${id}/Actions/Copy`);
    expect(copy.code).toBe(200);
    const copied = await admin.get<{ fullName: string; enabledMark: number; dataConfigJson: string }>(
      `${base}/${copy.data?.id}`,
    );
    expect(copied.data?.fullName).toMatch(/^水果2\.副本\d{4}$/);
    expect(copied.data?.enabledMark).toBe(0);
    expect(copied.data?.dataConfigJson).toContain('price');

    expect(await admin.put(`${base}/${id}/Actions/State`)).toMatchObject({ code: 200 });
    const preview = await admin.post(`${base}/${id}/Actions/Preview`, {});
    expect(preview).toMatchObject({ code: 400, msg: '接口已禁用，无法预览' });
    expect(await admin.delete(`${base}/${copy.data?.id}`)).toMatchObject({ code: 200 });
    expect((await admin.get(`${base}/${copy.data?.id}`)).code).not.toBe(200);
  });

  test('a code is unique, the category must be an interface category, writes are refused', async () => {
    const body = sqlInterface('select 1 as one');
    await create(body);
    const before = await countInterfaces();
    expect(await admin.post(base, body)).toMatchObject({ code: 400, msg: '编码已存在' });
    expect(await admin.post(base, { ...body, enCode: 'x1', category: 'nope' })).toMatchObject({
      code: 400,
      msg: '接口分类不存在：nope',
    });
    expect(await admin.post(base, { ...body, enCode: 'x2', action: 1 })).toMatchObject({ code: 400 });
    expect(await countInterfaces()).toBe(before);
  });

  test('static JSON is checked on save and answered as rows', async () => {
    const staticBody = (data: string) => ({
      ...sqlInterface(''),
      type: 2,
      dataConfigJson: JSON.stringify({ staticData: data }),
      parameterJson: '[]',
    });
    const before = await countInterfaces();
    expect(await admin.post(base, staticBody('[{"id": 1,'))).toMatchObject({
      code: 400,
      msg: '静态数据须是 JSON 数组或对象',
    });
    expect(await admin.post(base, staticBody('42'))).toMatchObject({ code: 400 });
    expect(await countInterfaces()).toBe(before);
    const id = await create(
      staticBody(
        JSON.stringify([
          { id: 'a', fullName: 'Alpha' },
          { id: 'b', fullName: 'Beta' },
          { id: 'c', fullName: 'Gamma' },
        ]),
      ),
    );
    const page = await admin.post<{ list: unknown[]; pagination: { total: number } }>(`${base}/${id}/Actions/List`, {
      keyword: 'ta',
      columnOptions: 'fullName',
      currentPage: 1,
      pageSize: 20,
    });
    expect(page.data).toMatchObject({ list: [{ id: 'b', fullName: 'Beta' }], pagination: { total: 1 } });
  });

  test('the 3.6 client: empty list filters mean none; Actions/List with every field it sends and a comma list', async () => {
    const rows = [
      { id: 'a', fullName: 'Alpha' },
      { id: 'b', fullName: 'Beta' },
    ];
    const id = await create({
      ...sqlInterface(''),
      type: 2,
      dataConfigJson: JSON.stringify({ staticData: JSON.stringify(rows) }),
      parameterJson: '[]',
    });
    // The list page's first request, as the client sends it.
    const all = await admin.get<{ list: { id: string }[] }>(base, {
      keyword: '',
      category: '',
      type: '',
      enabledMark: '',
      currentPage: '1',
      pageSize: '20',
    });
    expect(all.code).toBe(200);
    expect(all.data?.list.map((row) => row.id)).toContain(id);
    // A popup select's page with every field the client sends: columnOptions "a,b", an empty paramList.
    const page = await admin.post<{ list: { id: string }[]; pagination: { total: number } }>(
      `${base}/${id}/Actions/List`,
      {
        interfaceId: id,
        propsValue: 'id',
        relationField: 'fullName',
        columnOptions: 'id,fullName',
        paramList: [],
        keyword: 'Al',
        currentPage: 1,
        pageSize: 20,
      },
    );
    expect(page, JSON.stringify(page)).toMatchObject({ code: 200 });
    expect(page.data).toMatchObject({ list: [{ id: 'a' }], pagination: { total: 1 } });
  });

  test('categories feed the selector; GetParam answers the parameter rows', async () => {
    const id = await create(sqlInterface('select id, name from di_fruit'));
    const tree = await admin.get<{ id: string; type: number; children: { id: string }[] }[]>(`${base}/Selector`);
    const node = tree.data?.find((n) => n.id === category);
    expect(node?.type).toBe(0);
    expect(node?.children.map((c) => c.id)).toContain(id);
    const params = await admin.get(`${base}/GetParam/${id}`);
    expect(params.data).toEqual([{ field: 'name', dataType: 'varchar', required: 0, fieldName: '名称' }]);
  });
});

describe('data interfaces: export and import', () => {
  const importFile = (fields: Record<string, string>, file?: { name: string; content: string }) =>
    admin.call<{ id: string; skipped: boolean }>({
      method: 'POST',
      url: `${base}/Actions/Import`,
      ...multipart(fields, file),
    });

  test('an interface exports with its variables to a .bd file; importing skips or suffixes the duplicate', async () => {
    const id = await create(sqlInterface('select id, {@tag} as tag from di_fruit', { enCode: 'export.fruit' }));
    await admin.post('/api/system/DataInterfaceVariate', { interfaceId: id, fullName: 'tag', expression: 'T1' });
    const exported = await admin.get<{ url: string }>(`${base}/${id}/Actions/Export`);
    const download = await t.app.inject({ method: 'GET', url: exported.data?.url ?? '' });
    expect(download.headers['content-disposition']).toMatch(/\.bd/);
    const content = download.body;
    expect(JSON.parse(content)).toMatchObject({
      format: 'platform.dataInterface',
      variates: [{ fullName: 'tag', expression: 'T1' }],
    });
    expect(await importFile({ type: '0' }, { name: 'fruit.bd', content })).toMatchObject({
      code: 200,
      data: { skipped: true },
    });
    const added = await importFile({ type: '1' }, { name: 'fruit.bd', content });
    expect(added).toMatchObject({ code: 200, msg: '导入成功', data: { skipped: false } });
    const rows = await admin.post<{ tag: string }[]>(`${base}/${added.data?.id}/Actions/Preview`, {});
    expect(rows.data?.[0]?.tag).toBe('T1');
  });

  test('an imported interface is checked as on save: a file cannot bring in refused SQL', async () => {
    const before = await countInterfaces();
    const file = JSON.stringify({
      format: 'platform.dataInterface',
      version: 1,
      interface: {
        ...sqlInterface("select pg_read_file('/etc/passwd') as f"),
        categoryCode: 'DataInterfaceType-unknown',
      },
      variates: [],
    });
    expect(await importFile({ type: '1' }, { name: 'evil.bd', content: file })).toMatchObject({
      code: 400,
      msg: '不允许使用函数 pg_read_file',
    });
    expect(await importFile({ type: '1' }, { name: 'x.bb', content: file })).toMatchObject({
      code: 400,
      msg: '请选择.bd类型的文件',
    });
    expect(await countInterfaces()).toBe(before);
  });
});

describe('data interfaces: SQL calls', () => {
  test('preview binds a parameter; List pages, searches and maps fields; InfoByIds finds by key', async () => {
    const id = await create(
      sqlInterface("select id, name, price from di_fruit where {name} is null or name like {name} || '%' order by id", {
        fieldJson: JSON.stringify([{ field: 'name', defaultValue: 'fullName' }]),
      }),
    );
    const preview = await admin.post<Record<string, unknown>[]>(`${base}/${id}/Actions/Preview`, {
      paramList: [{ field: 'name', defaultValue: 'ap' }],
    });
    expect(preview.data).toEqual([
      { id: '1', fullName: 'apple', price: 3 },
      { id: '4', fullName: 'apricot', price: 5 },
    ]);
    const page = await admin.post<{ list: { id: string }[]; pagination: { total: number } }>(
      `${base}/${id}/Actions/List`,
      {
        keyword: 'an',
        columnOptions: 'name',
        currentPage: 1,
        pageSize: 1,
        paramList: [],
      },
    );
    expect(page.data).toMatchObject({ list: [{ id: '2', fullName: 'banana' }], pagination: { total: 1, pageSize: 1 } });
    const second = await admin.post<{ list: { id: string }[] }>(`${base}/${id}/Actions/List`, {
      currentPage: 2,
      pageSize: 3,
    });
    expect(second.data?.list.map((r) => r.id)).toEqual(['4']);
    const byIds = await admin.post<{ id: string }[]>(`${base}/${id}/Actions/InfoByIds`, {
      ids: ['3', '1'],
      propsValue: 'id',
    });
    expect(byIds.data?.map((r) => r.id).sort()).toEqual(['1', '3']);
  });

  test("a parameter carrying ' or 1=1 -- is data: it matches nothing and changes nothing", async () => {
    const id = await create(sqlInterface('select id, name from di_fruit where name = {name}'));
    const reply = await admin.post<unknown[]>(`${base}/${id}/Actions/Preview`, {
      paramList: [{ field: 'name', defaultValue: "' or 1=1 --" }],
    });
    expect(reply).toMatchObject({ code: 200, data: [] });
    const apple = await admin.post<unknown[]>(`${base}/${id}/Actions/Preview`, {
      paramList: [{ field: 'name', defaultValue: 'apple' }],
    });
    expect(apple.data).toEqual([{ id: '1', name: 'apple' }]);
  });

  test('variables and system variables are bound as values', async () => {
    const id = await create(
      sqlInterface('select {@who} as who, {@currentUser} as me, {@greeting} as greeting, {@currentTime} as now'),
    );
    const variate = await admin.post<{ id: string }>('/api/system/DataInterfaceVariate', {
      interfaceId: id,
      fullName: 'greeting',
      expression: "hi {@currentAccount}'; drop table di_fruit; --",
    });
    expect(variate.code).toBe(200);
    await admin.post('/api/system/DataInterfaceVariate', { interfaceId: id, fullName: 'who', expression: 'admin' });
    const listed = await admin.get<{ list: { fullName: string; value: string }[] }>(
      `/api/system/DataInterfaceVariate/${id}`,
    );
    expect(listed.data?.list.find((v) => v.fullName === 'greeting')?.value).toBe("hi admin'; drop table di_fruit; --");
    const dup = await admin.post('/api/system/DataInterfaceVariate', {
      interfaceId: id,
      fullName: 'WHO',
      expression: 'x',
    });
    expect(dup).toMatchObject({ code: 400, msg: '变量名已存在：WHO' });
    const preview = await admin.post<{ who: string; me: string; greeting: string; now: string }[]>(
      `${base}/${id}/Actions/Preview`,
      {},
    );
    expect(preview.data?.[0]).toMatchObject({ who: 'admin', greeting: "hi admin'; drop table di_fruit; --" });
    expect(preview.data?.[0]?.me).toMatch(/\S/);
    expect(preview.data?.[0]?.now).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const copy = await admin.post<{ id: string }>(`/api/system/DataInterfaceVariate/${variate.data?.id}/Actions/Copy`);
    expect(copy.code).toBe(200);
    expect(
      (await admin.get<{ fullName: string }>(`/api/system/DataInterfaceVariate/${copy.data?.id}/Info`)).data?.fullName,
    ).toBe('greeting_copy');
    const count = await sql<{ n: number }>`select count(*)::int as n from di_fruit`.execute(t.app.db);
    expect(count.rows[0]?.n).toBe(4);
  });

  test('columns are answered as the SQL names them', async () => {
    const id = await create(sqlInterface('select 1 as full_name, 2 as "enCode", 3 as Mixed_Case'));
    expect((await admin.post(`${base}/${id}/Actions/Preview`, {})).data).toEqual([
      { full_name: 1, enCode: 2, mixed_case: 3 },
    ]);
  });

  test('the statement runs as the reader role, not as the application', async () => {
    const id = await create(sqlInterface('select current_user as who'));
    expect((await admin.post(`${base}/${id}/Actions/Preview`, {})).data).toEqual([{ who: 'platform_data_reader' }]);
  });

  test('an unknown placeholder and a missing required parameter are refused', async () => {
    const id = await create(
      sqlInterface('select id from di_fruit where name = {name}', {
        parameterJson: JSON.stringify([{ field: 'name', required: 1, fieldName: '名称' }]),
      }),
    );
    expect(await admin.post(`${base}/${id}/Actions/Preview`, {})).toMatchObject({ code: 400, msg: '请输入参数 名称' });
    const other = await create(sqlInterface('select {@nobody} as x'));
    expect(await admin.post(`${base}/${other}/Actions/Preview`, {})).toMatchObject({
      code: 400,
      msg: '未定义的参数或变量 {@nobody}',
    });
  });

  test('every call is logged (who, duration, success, size), paged', async () => {
    const id = await create(sqlInterface('select id from di_fruit'));
    await admin.post(`${base}/${id}/Actions/Preview`, {});
    await admin.post(`${base}/${id}/Actions/List`, { currentPage: 1, pageSize: 20 });
    const log = await admin.get<{
      list: { invokState: number; invokSize: number; userName: string; origin: string }[];
      pagination: { total: number };
    }>(`/api/system/DataInterfaceLog/${id}`, { currentPage: '1', pageSize: '20' });
    expect(log.data?.pagination.total).toBe(2);
    expect(log.data?.list.map((e) => e.origin).sort()).toEqual(['list', 'preview']);
    expect(log.data?.list[0]).toMatchObject({ invokState: 1, userName: expect.stringContaining('admin') });
    expect(log.data?.list[0]?.invokSize).toBeGreaterThan(0);
  });

  test("entries older than the retention are deleted (with an instance's first write)", async () => {
    const fresh = await testApp({ dataInterface: { logRetentionDays: 30 } });
    try {
      const client = await fresh.signIn();
      const freshCategory = await interfaceCategory(fresh);
      const made = await client.post<{ id: string }>(base, {
        ...sqlInterface('select 1 as one'),
        category: freshCategory,
      });
      const id = made.data?.id ?? '';
      await sql`insert into data_interface_log (id, interface_id, user_id, invok_time, invok_waste_time, invok_state, invok_size)
        values ('old1', ${id}, null, now() - interval '31 days', 1, 1, 1),
          ('recent1', ${id}, null, now() - interval '29 days', 1, 1, 1)`.execute(fresh.app.db);
      await client.post(`${base}/${id}/Actions/Preview`, {});
      const log = await client.get<{ list: { id: string }[] }>(`/api/system/DataInterfaceLog/${id}`);
      const ids = log.data?.list.map((e) => e.id) ?? [];
      expect(ids).toContain('recent1');
      expect(ids).not.toContain('old1');
      expect(ids).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });
});

describe('data interfaces: permissions', () => {
  // Issue 35: rows need a definition using the interface that the user can open (data-interface-access.test.ts).
  test('a user without the menu and without a form using the interface may not read rows, preview, create or read the log', async () => {
    const id = await create(sqlInterface('select id, name from di_fruit order by id'));
    await t.createUser({ account: 'diclerk', password: 'Passw0rd' });
    const clerk = await t.signIn('diclerk', 'Passw0rd');
    const rows = await clerk.post(`${base}/${id}/Actions/List`, { currentPage: 1, pageSize: 2 });
    expect(rows).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
    const all = await admin.post<{ pagination: { total: number } }>(`${base}/${id}/Actions/List`, {});
    expect(all.data?.pagination.total).toBe(4);
    expect((await clerk.post(`${base}/${id}/Actions/Preview`, {})).code).toBe(403);
    expect((await clerk.post(base, sqlInterface('select 1 as a'))).code).toBe(403);
    expect((await clerk.get(`/api/system/DataInterfaceLog/${id}`)).code).toBe(403);
  });
});

describe('data interfaces: SQL safety (each refused with 400 and no effect)', () => {
  const refused: [string, string, RegExp][] = [
    ['pg_read_file', "select pg_read_file('/etc/passwd') as f", /不允许使用函数 pg_read_file/],
    ['lo_import', "select lo_import('/etc/passwd') as oid", /不允许使用函数 lo_import/],
    ['COPY ... TO', "copy di_fruit to '/tmp/di_out.csv'", /只能使用 SELECT 查询语句/],
    ['COPY ... FROM', "copy di_fruit from '/etc/passwd'", /只能使用 SELECT 查询语句/],
    ['dblink', "select * from dblink('host=127.0.0.1', 'select 1') as t(a int)", /不允许使用函数 dblink/],
    ['UPDATE', "update di_fruit set name = 'x'", /只能使用 SELECT 查询语句/],
    ['DELETE', 'delete from di_fruit', /只能使用 SELECT 查询语句/],
    ['INSERT', "insert into di_fruit values ('9', 'x', 1)", /只能使用 SELECT 查询语句/],
    ['a data-changing CTE', 'with d as (delete from di_fruit returning *) select * from d', /只能使用 SELECT 查询语句/],
    ['a second statement', 'select 1 as a; delete from di_fruit', /只能包含一条 SQL 语句/],
    ['pg_sleep', 'select pg_sleep(10)', /不允许使用函数 pg_sleep/],
    ['set_config (leaving the role)', "select set_config('role', 'postgres', true)", /不允许使用函数 set_config/],
    ['a system catalogue', 'select rolname, rolpassword from pg_authid', /不允许访问表 pg_authid/],
    ['sessions', 'select token_hash from user_session', /不允许访问表 user_session/],
    ['SELECT INTO', 'select * into di_copy from di_fruit', /只能使用 SELECT 查询语句/],
    ['FOR UPDATE', 'select * from di_fruit for update', /只能使用 SELECT 查询语句/],
  ];

  test.each(refused)('%s is refused on save', async (_name, statement, message) => {
    const before = await countInterfaces();
    const reply = await admin.post(base, sqlInterface(statement));
    expect(reply.code).toBe(400);
    expect(reply.msg).toMatch(message);
    expect(await countInterfaces()).toBe(before);
  });

  test.each(
    refused.filter(([name]) =>
      ['pg_read_file', 'DELETE', 'a second statement', 'pg_sleep', 'COPY ... TO'].includes(name),
    ),
  )(
    '%s written into the table by hand is refused at the call too, and changes nothing',
    async (_name, statement, message) => {
      const id = await create(sqlInterface('select id from di_fruit'));
      // Past the save's check: the definition as an older version or a hand edit could have left it.
      await t.app.db
        .updateTable('dataInterface')
        .set({ dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql: statement } }) })
        .where('id', '=', id)
        .execute();
      for (const [call, body] of [
        ['Preview', {}],
        ['List', { currentPage: 1, pageSize: 20 }],
      ] as const) {
        const reply = await admin.post(`${base}/${id}/Actions/${call}`, body);
        expect(reply.code).toBe(400);
        expect(reply.msg).toMatch(message);
      }
      const count = await sql<{ n: number }>`select count(*)::int as n from di_fruit`.execute(t.app.db);
      expect(count.rows[0]?.n).toBe(4);
    },
  );

  test('a schema not allowed is refused, on save and by the role', async () => {
    const reply = await admin.post(base, sqlInterface(`select * from ${schema}_secret.vault`));
    expect(reply).toMatchObject({ code: 400, msg: `不允许访问模式 ${schema}_secret` });
    const usage = await sql<{
      ok: boolean;
    }>`select has_schema_privilege('platform_data_reader', ${`${schema}_secret`}, 'usage') as ok`.execute(t.app.db);
    expect(usage.rows[0]?.ok).toBe(false);
  });

  test('the role itself cannot read files, large objects or secrets even if the parser let it through', async () => {
    const asReader = async (statement: string) =>
      t.app.db.connection().execute(async (conn) => {
        await sql`begin read only`.execute(conn);
        try {
          await sql.raw('set local role platform_data_reader').execute(conn);
          await sql.raw(statement).execute(conn);
          return 'ran';
        } catch (error) {
          return (error as Error).message;
        } finally {
          await sql`rollback`.execute(conn);
        }
      });
    expect(await asReader("select pg_read_file('/etc/hostname')")).toMatch(/permission denied/);
    expect(await asReader("select lo_import('/etc/hostname')")).toMatch(/permission denied|read-only/);
    expect(await asReader('select token_hash from user_session')).toMatch(/permission denied/);
    expect(await asReader('select password_hash from app_user')).toMatch(/permission denied/);
    expect(await asReader('select account from app_user limit 1')).toBe('ran');
    expect(await asReader("update di_fruit set name = 'x'")).toMatch(/permission denied|read-only/);
  });

  test('a slow statement stops at the time-out (PostgreSQL) or is refused by its planned cost (PGlite)', async () => {
    const id = await create(sqlInterface('select count(*) as n from generate_series(1, 200000000) as g'));
    const started = Date.now();
    const reply = await admin.post(`${base}/${id}/Actions/Preview`, {});
    expect(reply.code).toBe(400);
    expect(reply.msg).toMatch(/查询超时|查询过于复杂/);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  test('an interface cannot change data even through a function that writes', async () => {
    const id = await create(sqlInterface('select id from di_fruit where {name} is null'));
    expect((await admin.post(`${base}/${id}/Actions/Preview`, {})).code).toBe(200);
    const count = await sql<{ n: number }>`select count(*)::int as n from di_fruit`.execute(t.app.db);
    expect(count.rows[0]?.n).toBe(4);
  });
});

describe('data interfaces: HTTP', () => {
  const httpInterface = (url: string) => ({
    ...sqlInterface(''),
    type: 3,
    parameterJson: '[]',
    dataConfigJson: JSON.stringify({
      apiData: { method: 1, url, header: [], query: [], bodyType: 0, responsePath: 'data.list' },
    }),
  });

  test.each([
    ['127.0.0.1', 'http://127.0.0.1:1/x', '127.0.0.1'],
    ['localhost', 'http://localhost:1/x', 'localhost'],
    ['[::1]', 'http://[::1]:1/x', '[::1]'],
  ])('a call to %s is refused', async (_name, url, host) => {
    const id = await create(httpInterface(url));
    const reply = await admin.post(`${base}/${id}/Actions/Preview`, {});
    expect(reply).toMatchObject({ code: 400, msg: `不允许访问内网、本机或保留地址：${host}` });
  });

  test('an allowed range opens 127.0.0.2 to a local fake API; redirects to loopback are refused; answers are capped', async () => {
    const allowedApp = await testApp({ dataInterface: { allowedRanges: ['127.0.0.2/32'], httpMaxBytes: 2000 } });
    try {
      const client = await allowedApp.signIn();
      const allowedCategory = await interfaceCategory(allowedApp);
      const make = async (url: string) => {
        const reply = await client.post<{ id: string }>(base, { ...httpInterface(url), category: allowedCategory });
        expect(reply.code).toBe(200);
        return reply.data?.id ?? '';
      };
      const fakeApi = `http://127.0.0.2:${fakePort}`;
      const ok = await make(`${fakeApi}/fruits?q={@currentAccount}`);
      const rows = await client.post(`${base}/${ok}/Actions/Preview`, {});
      expect(rows).toMatchObject({
        code: 200,
        data: [
          { code: 'A', name: 'Apple' },
          { code: 'B', name: 'Banana' },
        ],
      });
      expect(fakeHits.at(-1)).toBe('/fruits?q=admin');
      // The fake answers 302 to each loopback target, outside the allowed 127.0.0.2/32: the second
      // hop is checked again and refused before any connection is made (the message says refused,
      // not that a connection failed).
      for (const [target, host] of [
        [`http://127.0.0.1:${fakePort}/secret`, '127.0.0.1'],
        [`http://localhost:${fakePort}/secret`, 'localhost'],
        [`http://[::1]:${fakePort}/secret`, '[::1]'],
        [`http://127.0.0.3:${fakePort}/secret`, '127.0.0.3'],
      ] as const) {
        const redirect = await make(`${fakeApi}/redirect?to=${encodeURIComponent(target)}`);
        const hits = fakeHits.length;
        const refused = await client.post(`${base}/${redirect}/Actions/Preview`, {});
        expect(refused).toMatchObject({ code: 400, msg: `不允许访问内网、本机或保留地址：${host}` });
        expect(fakeHits.slice(hits)).toEqual([`/redirect?to=${encodeURIComponent(target)}`]);
      }
      // An answer past the size cap is refused.
      const big = await make(`${fakeApi}/big`);
      expect(await client.post(`${base}/${big}/Actions/Preview`, {})).toMatchObject({
        code: 400,
        msg: '接口返回的数据超过 2000 字节',
      });
    } finally {
      await allowedApp.close();
    }
  });
});
