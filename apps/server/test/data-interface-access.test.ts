import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkSelectReading } from '../src/modules/dataInterface/sql-guard.ts';
import { interfaceCalls, interfaceCategory, staticInterface } from './helpers/data-interfaces.ts';
import { field, itemsTable } from './helpers/form-fields.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';
import { launch, releasedFlow, startWith, todoRows } from './helpers/workflow-flows.ts';

/**
 * Issue 35: the calls that run an interface for a widget (Actions/List, InfoByIds, Options) serve
 * only a caller who can open a definition using the interface (a released form through its menu, a
 * portal, a flow, a report, a print template) or who holds the data-interface page or a design
 * page; an interface whose SQL reads a generated form's table reads it within the caller's data
 * scope on that form.
 */

const interfaces = '/api/system/DataInterface';
const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;
let mainSystem: string;
let category: string;
/** A static interface a released form's select uses. */
let fruits: string;
/** A static interface only a portal card uses. */
let cities: string;
/** SQL over the orders form's record table. */
let ordersSql: string;
/** SQL over the orders form's sub-table (its lines), without an alias. */
let linesSql: string;
let ordersForm: string;
let ordersMenu: string;
let pickerMenu: string;
let portalId: string;
const scheme: Record<string, string> = {};

async function createInterface(body: object) {
  const reply = await admin.post<{ id: string }>(interfaces, body);
  expect(reply, JSON.stringify(reply)).toMatchObject({ code: 200 });
  return reply.data!.id;
}

async function releasedForm(enCode: string, fields: object[]) {
  const created = await admin.post<{ id: string }>(base, {
    fullName: `表单${enCode}`,
    enCode,
    webType: 2,
    formData: JSON.stringify({ fields }),
    columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
  });
  expect(created).toMatchObject({ code: 200 });
  expect(await admin.post(`${base}/${created.data!.id}/Actions/Release`)).toMatchObject({ code: 200 });
  return created.data!.id;
}

async function menuOf(moduleId: string, enCode: string, dataAuthorize: boolean) {
  const menu = await admin.post<string>('/api/system/Menu', {
    systemId: mainSystem,
    parentId: '-1',
    fullName: enCode,
    enCode,
    type: 3,
    propertyJson: JSON.stringify({ moduleId }),
    isButtonAuthorize: false,
    isDataAuthorize: dataAuthorize,
  });
  expect(menu).toMatchObject({ code: 200 });
  return menu.data!;
}

const menuId = async (enCode: string) =>
  (await t.app.db.selectFrom('menu').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;

/** A user holding `grants` (menus, data schemes, portals) of its own. */
async function userWith(account: string, grants: { module?: string[]; resource?: string[]; portal?: string[] }) {
  const userId = await t.createUser({ account });
  if (Object.keys(grants).length)
    expect(
      await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', ...grants }),
    ).toMatchObject({ code: 200 });
  return t.signIn(account, 'Passw0rd');
}

const list = (client: Client, id: string) =>
  client.post<{ list: Record<string, unknown>[]; pagination: { total: number } }>(`${interfaces}/${id}/Actions/List`, {
    currentPage: 1,
    pageSize: 50,
  });
const infoByIds = (client: Client, id: string, ids: string[], propsValue = 'id') =>
  client.post<Record<string, unknown>[]>(`${interfaces}/${id}/Actions/InfoByIds`, {
    ids,
    interfaceId: id,
    propsValue,
  });
const options = (client: Client, id: string) =>
  client.get<Record<string, unknown>[]>(`${interfaces}/${id}/Actions/Options`);

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  mainSystem = await mainSystemId(t);
  category = await interfaceCategory(t);
  fruits = await createInterface(
    staticInterface('acc.fruits', category, [
      { id: 'f1', fullName: '苹果' },
      { id: 'f2', fullName: '香蕉' },
    ]),
  );
  cities = await createInterface(
    staticInterface('acc.cities', category, [
      { id: 'c1', fullName: '上海' },
      { id: 'c2', fullName: '杭州' },
    ]),
  );

  // The orders form: its records are read by an SQL interface, within each reader's data scope.
  ordersForm = await releasedForm('acc.orders', [field('input', 'name', '名称'), itemsTable]);
  ordersMenu = await menuOf(ordersForm, 'acc.orders.menu', true);
  for (const [code, scopeType] of [
    ['own', 'self'],
    ['every', 'all'],
  ] as const) {
    expect(
      await admin.post('/api/system/ModuleDataAuthorizeScheme', {
        moduleId: ordersMenu,
        enCode: code,
        fullName: code,
        scopeType,
      }),
    ).toMatchObject({ code: 200 });
    scheme[scopeType] = (
      await t.app.db
        .selectFrom('modulePermission')
        .select('id')
        .where('menuId', '=', ordersMenu)
        .where('enCode', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  }
  ordersSql = await createInterface({
    ...staticInterface('acc.orders.sql', category, []),
    type: 1,
    dataConfigJson: JSON.stringify({
      sqlData: { sql: `select o.id, o.creator_user_id as owner from vd_${ordersForm} o order by o.id` },
    }),
  });

  linesSql = await createInterface({
    ...staticInterface('acc.lines.sql', category, []),
    type: 1,
    dataConfigJson: JSON.stringify({
      sqlData: {
        sql: `select vd_${ordersForm}_c1.parent_id as id from vd_${ordersForm}_c1 order by 1`,
      },
    }),
  });

  // The picker form: its select and popup selects use the fruits, orders and lines interfaces.
  const pickerForm = await releasedForm('acc.picker', [
    field('input', 'name', '名称'),
    field(
      'select',
      'fruit',
      '水果',
      { dataType: 'dynamic', propsUrl: fruits },
      { props: { value: 'id', label: 'fullName' } },
    ),
    field('popupSelect', 'order', '订单', {}, { interfaceId: ordersSql, propsValue: 'id', relationField: 'id' }),
    field('popupSelect', 'line', '明细', {}, { interfaceId: linesSql, propsValue: 'id', relationField: 'id' }),
  ]);
  pickerMenu = await menuOf(pickerForm, 'acc.picker.menu', false);

  // A portal whose card reads the cities interface.
  const portal = await admin.post<string>('/api/visualdev/Portal', {
    fullName: '接口门户',
    enCode: 'acc.portal',
    category: '1',
    type: 0,
    enabledLock: 0,
    formData: JSON.stringify({
      layoutId: 1,
      layout: [
        {
          i: 'a',
          x: 0,
          y: 0,
          w: 6,
          h: 4,
          title: '城市',
          jnpfKey: 'tableList',
          option: {},
          dataType: 'dynamic',
          propsApi: cities,
        },
      ],
      refresh: { autoRefresh: false, autoRefreshTime: 0 },
    }),
  });
  expect(portal).toMatchObject({ code: 200 });
  portalId = portal.data!;
});
afterAll(() => t.close());

describe('who may call an interface through the widget calls', () => {
  test('a user who can open nothing using the interface is refused each call, and nothing is logged or changed', async () => {
    const stranger = await userWith('acc.stranger', {});
    const before = await interfaceCalls(t, fruits);
    for (const reply of [
      await list(stranger, fruits),
      await infoByIds(stranger, fruits, ['f1']),
      await options(stranger, fruits),
    ])
      expect(reply).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
    expect(await interfaceCalls(t, fruits)).toBe(before);
    // The other languages name the same refusal.
    const en = await stranger.call({
      method: 'GET',
      url: `${interfaces}/${fruits}/Actions/Options`,
      headers: { 'accept-language': 'en' },
    });
    expect(en).toMatchObject({ code: 400, msg: 'You may not call this data interface' });
    // The interface is as it was: the administrator reads it.
    expect((await options(admin, fruits)).data).toHaveLength(2);
  });

  test('a user holding the menu of a released form that uses the interface reads its rows', async () => {
    const opener = await userWith('acc.opener', { module: [pickerMenu] });
    expect((await list(opener, fruits)).data?.pagination.total).toBe(2);
    expect((await infoByIds(opener, fruits, ['f2'])).data).toEqual([{ id: 'f2', fullName: '香蕉' }]);
    expect((await options(opener, fruits)).data).toHaveLength(2);
    // Its form names fruits, not cities.
    expect(await options(opener, cities)).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
  });

  test('a user granted a portal whose card uses the interface reads its rows', async () => {
    const viewer = await userWith('acc.portalViewer', { portal: [portalId] });
    expect((await options(viewer, cities)).data).toHaveLength(2);
    expect(await options(viewer, fruits)).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
  });

  test('a holder of the data-interface page, and a form designer previewing, call any interface', async () => {
    const keeper = await userWith('acc.keeper', { module: [await menuId('systemData.dataInterface')] });
    expect((await options(keeper, cities)).data).toHaveLength(2);
    expect((await list(keeper, fruits)).data?.pagination.total).toBe(2);
    const designer = await userWith('acc.designer', { module: [await menuId('onlineDev.webDesign')] });
    expect((await options(designer, cities)).data).toHaveLength(2);
    expect((await infoByIds(designer, fruits, ['f1'])).data).toEqual([{ id: 'f1', fullName: '苹果' }]);
  });

  test('a form released without the widget takes the right back at once', async () => {
    const colors = await createInterface(staticInterface('acc.colors', category, [{ id: 'red', fullName: '红' }]));
    const widget = field('select', 'color', '颜色', { dataType: 'dynamic', propsUrl: colors }, {});
    const formId = await releasedForm('acc.palette', [field('input', 'name', '名称'), widget]);
    const painter = await userWith('acc.painter', { module: [await menuOf(formId, 'acc.palette.menu', false)] });
    expect((await options(painter, colors)).data).toHaveLength(1);
    const without = {
      fullName: '表单acc.palette',
      enCode: 'acc.palette',
      webType: 2,
      formData: JSON.stringify({ fields: [field('input', 'name', '名称')] }),
      columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
    };
    expect(await admin.put(`${base}/${formId}`, without)).toMatchObject({ code: 200 });
    // The draft alone changes nothing: the released form still uses the interface.
    expect((await options(painter, colors)).data).toHaveLength(1);
    expect(await admin.post(`${base}/${formId}/Actions/Release`)).toMatchObject({ code: 200 });
    expect(await options(painter, colors)).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
  });

  test('a print template’s interface: the print menu, or the menu of a form that prints with it', async () => {
    const stamps = await createInterface(staticInterface('acc.stamps', category, [{ id: 's1', fullName: '印章' }]));
    const printed = await admin.post<{ id: string }>('/api/system/printDev', {
      fullName: '印章打印',
      enCode: 'acc.stamps.print',
      category: '2',
      type: 2,
      interfaceId: stamps,
      printTemplate: '<p>{fullName}</p>',
    });
    expect(printed).toMatchObject({ code: 200 });
    const formId = await releasedForm('acc.stamped', [field('input', 'name', '名称')]);
    const menu = await menuOf(formId, 'acc.stamped.menu', false);
    const clerk = await userWith('acc.stampClerk', { module: [menu] });
    const printer = await userWith('acc.printer', { module: [await menuId('system.printDev')] });
    expect(await options(clerk, stamps)).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
    expect((await options(printer, stamps)).data).toHaveLength(1);
    // The form now prints with the template: its menu's holders may call the template's interface.
    expect(
      await admin.put(`${base}/${formId}`, {
        fullName: '表单acc.stamped',
        enCode: 'acc.stamped',
        webType: 2,
        formData: JSON.stringify({
          fields: [field('input', 'name', '名称')],
          hasPrintBtn: true,
          printId: printed.data!.id,
        }),
        columnData: JSON.stringify({ columnList: [{ prop: 'name', label: '名称' }] }),
      }),
    ).toMatchObject({ code: 200 });
    expect(await admin.post(`${base}/${formId}/Actions/Release`)).toMatchObject({ code: 200 });
    expect((await options(clerk, stamps)).data).toHaveLength(1);
  });

  test('a grant given takes effect at once, and one taken back too', async () => {
    const userId = await t.createUser({ account: 'acc.later' });
    const later = await t.signIn('acc.later', 'Passw0rd');
    expect(await options(later, fruits)).toMatchObject({ code: 400 });
    const grant = (module: string[]) =>
      admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module });
    expect(await grant([pickerMenu])).toMatchObject({ code: 200 });
    expect((await options(later, fruits)).data).toHaveLength(2);
    expect(await grant([])).toMatchObject({ code: 200 });
    expect(await options(later, fruits)).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
  });
});

describe('flows: an approver interface', () => {
  test('is callable by who may launch the flow and by its handlers; the engine runs it for anyone', async () => {
    const handlerId = await t.createUser({ account: 'acc.handler' });
    const launcherId = await t.createUser({ account: 'acc.launcher' });
    await t.createUser({ account: 'acc.outsider' });
    const approvers = await createInterface(
      staticInterface('acc.approvers', category, [{ id: handlerId, fullName: '经办人' }]),
    );
    const flowId = await releasedFlow(
      admin,
      'acc.flow',
      startWith(
        {
          type: 'approver',
          nodeId: 'check',
          properties: { title: '接口审批', assigneeType: 9, interfaceId: approvers, templateJson: [] },
        },
        { initiator: [`${launcherId}--user`] },
      ),
    );
    const launcher = await t.signIn('acc.launcher', 'Passw0rd');
    const handler = await t.signIn('acc.handler', 'Passw0rd');
    const outsider = await t.signIn('acc.outsider', 'Passw0rd');
    // Before any task: the handler takes part in nothing yet, the outsider may not launch.
    expect(await options(handler, approvers)).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
    expect(await options(outsider, approvers)).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
    expect((await options(launcher, approvers)).data).toHaveLength(1);
    // The engine names the node's handler through the interface (a system call).
    const taskId = await launch(launcher, flowId);
    expect((await todoRows(handler)).some((row) => row.processId === taskId)).toBe(true);
    expect((await options(handler, approvers)).data).toEqual([{ id: handlerId, fullName: '经办人' }]);
    expect(await options(outsider, approvers)).toMatchObject({ code: 400, msg: '无权调用该数据接口' });
  });
});

describe('an interface over a generated form’s table reads it within the caller’s data scope', () => {
  test('scope "self" reads its own records, "all" every one; without the form’s menu the call is refused', async () => {
    const selfUser = await userWith('acc.self', { module: [pickerMenu, ordersMenu], resource: [scheme.self!] });
    const allUser = await userWith('acc.all', { module: [pickerMenu, ordersMenu], resource: [scheme.all!] });
    const add = async (client: Client, name: string) => {
      const reply = await client.post<{ id: string }>(`${records}/${ordersForm}`, {
        data: JSON.stringify({ name, items: [{ item: `${name}的物品`, count: 1 }] }),
      });
      expect(reply).toMatchObject({ code: 200 });
      return reply.data!.id;
    };
    const own = await add(selfUser, '自己的');
    const others = [await add(allUser, '别人的'), await add(admin, '管理员的')];
    const every = [own, ...others].sort();

    const mine = await list(selfUser, ordersSql);
    expect(mine).toMatchObject({ code: 200 });
    expect(mine.data?.list.map((r) => r.id)).toEqual([own]);
    expect(mine.data?.pagination.total).toBe(1);
    // Asking for others' records by id finds nothing either.
    expect((await infoByIds(selfUser, ordersSql, others)).data).toEqual([]);
    expect((await options(selfUser, ordersSql)).data?.map((r) => r.id)).toEqual([own]);

    expect((await list(allUser, ordersSql)).data?.list.map((r) => r.id)).toEqual(every);
    expect((await infoByIds(allUser, ordersSql, others)).data).toHaveLength(2);
    expect((await list(admin, ordersSql)).data?.list.map((r) => r.id)).toEqual(every);
    // A sub-table's rows follow their record's scope.
    expect((await list(selfUser, linesSql)).data?.list.map((r) => r.id)).toEqual([own]);
    expect((await list(allUser, linesSql)).data?.list.map((r) => r.id)).toEqual(every);

    // May call the interface (its form uses it) but holds no menu of the orders form.
    const opener = await t.signIn('acc.opener', 'Passw0rd');
    expect(await list(opener, ordersSql)).toMatchObject({ code: 400, msg: '无权读取表单“表单acc.orders”的数据' });
    // The records are untouched.
    expect((await list(admin, ordersSql)).data?.pagination.total).toBe(3);
  });
});

describe('the parser locates generated forms’ tables', () => {
  test('qualified, quoted, aliased and nested references, in bytes after multibyte text', async () => {
    const text = `select '甲' as a, r.* from public . "vd_12" r join vd_3_c1 on true where exists (select 1 from VD_5);`;
    const { statement, formTables } = await checkSelectReading(text, ['public']);
    const bytes = Buffer.from(statement, 'utf8');
    expect(
      formTables.map((ref) => [ref.table, ref.formId, ref.aliased, bytes.subarray(ref.start, ref.end).toString()]),
    ).toEqual([
      ['vd_12', '12', true, 'public . "vd_12"'],
      ['vd_3_c1', '3', false, 'vd_3_c1'],
      ['vd_5', '5', false, 'VD_5'],
    ]);
    expect((await checkSelectReading('select * from vd_x, vdx_1, my_vd_1', ['public'])).formTables).toEqual([]);
  });
});
