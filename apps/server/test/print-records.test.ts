import type { FlowNode } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interfaceCategory, staticInterface } from './helpers/data-interfaces.ts';
import { field, itemsTable } from './helpers/form-fields.ts';
import { clerkOfForm } from './helpers/form-menu.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, launch, releasedFlow, startWith, todoRows } from './helpers/workflow-flows.ts';

/**
 * Printing where the records are (issue 36) and templates on their own SQL or a data interface
 * (issue 37): who may print which record, from a form's list, from a flow's detail, and what a
 * template's SQL or interface prints.
 */

const base = '/api/system/printDev';
const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;
let formId: string;

const page = JSON.stringify({ type: 'A4', width: 210, height: 297, mt: 10, mb: 10, ml: 10, mr: 10, direction: 1 });
const orderForm = {
  fields: [
    field('input', 'name', '名称'),
    field(
      'select',
      'level',
      '级别',
      {},
      {
        options: [
          { id: '1', fullName: '普通' },
          { id: '2', fullName: '加急' },
        ],
      },
    ),
    itemsTable,
  ],
};

async function template(fields: Record<string, unknown>) {
  const reply = await admin.post<{ id: string }>(base, {
    fullName: '订单打印',
    category: '2',
    type: 2,
    printTemplate: '<p>{name} {level}</p>',
    pageParam: page,
    ...fields,
  });
  expect(reply, reply.msg).toMatchObject({ code: 200 });
  return reply.data?.id as string;
}
const saveRecord = async (client: Client, data: object) => {
  const reply = await client.post<{ id: string }>(`${records}/${formId}`, { data: JSON.stringify(data) });
  expect(reply).toMatchObject({ code: 200 });
  return reply.data?.id as string;
};
type Printed = { printData: Record<string, unknown> };

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
    fullName: '订单',
    enCode: 'print.records',
    webType: 2,
    formData: JSON.stringify(orderForm),
    columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
  });
  formId = created.data?.id as string;
  expect(await admin.post(`/api/visualdev/Base/${formId}/Actions/Release`)).toMatchObject({ code: 200 });
});
afterAll(() => t.close());

describe('printing from a flow detail', () => {
  test("a task's readers print its record without a menu on the form; anyone else is refused", async () => {
    const bobId = await t.createUser({ account: 'print.bob' });
    await t.createUser({ account: 'print.alice' });
    await t.createUser({ account: 'print.eve' });
    const printId = await template({ enCode: 'flow.print', type: 1, formId });
    // The print button and its templates (protocol-workflow.md: start and approver `hasPrintBtn`, `printId[]`).
    const printing = { hasPrintBtn: true, printId: [printId] } as FlowNode['properties'];
    const graph: FlowNode = startWith(approver('check', [bobId], printing), { formId, ...printing });
    const flowId = await releasedFlow(admin, 'print.flow', graph);
    const alice = await t.signIn('print.alice', 'Passw0rd');
    const bob = await t.signIn('print.bob', 'Passw0rd');
    const eve = await t.signIn('print.eve', 'Passw0rd');
    const taskId = await launch(alice, flowId, { name: '出差申请', level: '2', items: [{ item: '机票', count: 1 }] });

    // The approver's detail names the node's print button and templates, as the 3.6 client reads them.
    const row = (await todoRows(bob)).find((r) => r.processId === taskId);
    const detail = await bob.get<{ approversProperties: Record<string, unknown> }>(
      `/api/workflow/Engine/FlowBefore/${taskId}`,
      { taskOperatorId: row?.id ?? '' },
    );
    expect(detail.data?.approversProperties).toMatchObject({ hasPrintBtn: true, printId: [printId] });

    for (const reader of [alice, bob, admin]) {
      const printed = await reader.get<Printed>(`${base}/Data`, { id: printId, formId: taskId });
      expect(printed, printed.msg).toMatchObject({
        code: 200,
        data: { printData: { id: taskId, name: '出差申请', level: '加急', items: [{ item: '机票', count: 1 }] } },
      });
    }
    expect(await eve.get(`${base}/Data`, { id: printId, formId: taskId })).toMatchObject({
      code: 403,
      msg: '暂无权限',
    });
    expect(await eve.get(`${base}/BatchData`, { id: printId, formId: taskId })).toMatchObject({ code: 403 });
    // A task of another form is not a record of this template's form.
    const otherFlow = await releasedFlow(admin, 'print.other', startWith(approver('check2', [bobId])));
    const otherTask = await launch(alice, otherFlow, { name: '别的' });
    expect(await alice.get(`${base}/BatchData`, { id: printId, formId: `${taskId},${otherTask}` })).toMatchObject({
      code: 403,
    });
  });
});

describe('templates on their own SQL or a data interface (sourceType 0 and 1)', () => {
  const statements = () =>
    JSON.stringify([
      { sql: `select o.f1 as name, o.f2 as level from vd_${formId} o where o.id = @formId` },
      { sql: `select c.f1 as item, c.f2 as count from vd_${formId}_c1 c where c.parent_id = @formId order by c.f2` },
    ]);

  test('Fields answers each statement with its columns, headTable first, even with no record', async () => {
    const fields = await admin.post<unknown[]>(`${base}/Fields`, { dbLinkId: '0', sqlTemplate: statements() });
    expect(fields, fields.msg).toMatchObject({
      code: 200,
      data: [
        {
          id: 'headTable',
          parentId: '0',
          children: [
            { id: 'name', parentId: 'headTable', fullName: 'name' },
            { id: 'level', parentId: 'headTable', fullName: 'level' },
          ],
        },
        {
          id: 'childrenDataTable0',
          parentId: '0',
          children: [
            { id: 'item', parentId: 'childrenDataTable0' },
            { id: 'count', parentId: 'childrenDataTable0' },
          ],
        },
      ],
    });
  });

  test('Fields runs only one read-only SELECT, through the data-interface guard, and says what is wrong', async () => {
    const ask = (sqlTemplate: string) => admin.post(`${base}/Fields`, { dbLinkId: '0', sqlTemplate });
    expect(await ask(JSON.stringify([{ sql: `delete from vd_${formId}` }]))).toMatchObject({
      code: 400,
      msg: '只能使用 SELECT 查询语句',
    });
    expect(await ask(JSON.stringify([{ sql: 'select * from user_session' }]))).toMatchObject({
      code: 400,
      msg: '不允许访问表 user_session',
    });
    expect(await ask(JSON.stringify([{ sql: 'select 1; select 2' }]))).toMatchObject({
      code: 400,
      msg: '只能包含一条 SQL 语句',
    });
    expect(await ask(JSON.stringify([{ sql: '' }]))).toMatchObject({ code: 400, msg: '请输入SQL语句' });
    expect(await ask('[{"sql":')).toMatchObject({ code: 400, msg: 'SQL 语句格式错误' });
    expect(await admin.post(`${base}/Fields`, { dbLinkId: '0' })).toMatchObject({ code: 400, msg: '请选择表单' });
  });

  test('a SQL template prints the record it is given; a clerk prints only the records their scope reaches', async () => {
    const clerk = await clerkOfForm(t, admin, formId, 'print.sql.clerk');
    const mine = await saveRecord(clerk, {
      name: '职员单',
      level: '1',
      items: [
        { item: '纸', count: 2 },
        { item: '笔', count: 1 },
      ],
    });
    const others = await saveRecord(admin, { name: '别人的', level: '2', items: [] });
    const printId = await template({ enCode: 'sql.print', sourceType: 0, dbLinkId: '0', sqlTemplate: statements() });

    const printed = await clerk.get<Printed>(`${base}/Data`, { id: printId, formId: mine });
    expect(printed, printed.msg).toMatchObject({
      code: 200,
      data: {
        printData: {
          name: '职员单',
          level: '1',
          childrenDataTable0: [
            // Numbers as PostgreSQL answers a numeric column: the client prints them as given.
            { item: '笔', count: '1' },
            { item: '纸', count: '2' },
          ],
        },
      },
    });
    expect(await clerk.get(`${base}/Data`, { id: printId, formId: others })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await clerk.get(`${base}/BatchData`, { id: printId, formId: `${mine},${others}` })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    const batch = await admin.get<Printed[]>(`${base}/BatchData`, { id: printId, formId: `${others},${mine}` });
    expect(batch.data?.map((d) => d.printData.name)).toEqual(['别人的', '职员单']);
    // Someone with no menu on the form its SQL reads prints nothing of it.
    await t.createUser({ account: 'print.sql.stranger' });
    const stranger = await t.signIn('print.sql.stranger', 'Passw0rd');
    expect(await stranger.get(`${base}/Data`, { id: printId, formId: mine })).toMatchObject({ code: 400 });
  });

  test('an interface template prints the row its parameters (@formId) select, within the caller scope', async () => {
    const category = await interfaceCategory(t);
    const created = await admin.post<{ id: string }>('/api/system/DataInterface', {
      ...staticInterface('print.orders.sql', category, []),
      type: 1,
      dataConfigJson: JSON.stringify({
        sqlData: { sql: `select o.f1 as name from vd_${formId} o where o.id = {recordId}` },
      }),
      parameterJson: JSON.stringify([{ field: 'recordId', dataType: 'varchar', required: 1 }]),
      fieldJson: JSON.stringify([{ field: 'name', defaultValue: 'name' }]),
    });
    expect(created, created.msg).toMatchObject({ code: 200 });
    const recordId = await saveRecord(admin, { name: '接口单', level: '1', items: [] });
    const printId = await template({
      enCode: 'interface.print',
      sourceType: 1,
      interfaceId: created.data?.id,
      interfaceName: 'print.orders.sql',
      parameterJson: JSON.stringify([{ field: 'recordId', sourceType: 4, relationField: '@formId' }]),
      printTemplate: '<p>{name}</p>',
    });
    // Opened again in the 3.6 designer, the template offers the interface's fields.
    const info = await admin.get<{ fieldJson: string }>(`${base}/${printId}`);
    expect(JSON.parse(info.data?.fieldJson ?? '')).toEqual([{ field: 'name', defaultValue: 'name' }]);
    const printed = await admin.get<Printed>(`${base}/Data`, { id: printId, formId: recordId });
    expect(printed, printed.msg).toMatchObject({ code: 200, data: { printData: { name: '接口单' } } });
    expect(await admin.get(`${base}/Data`, { id: printId, formId: 'ghost' })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
  });
});
