import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interfaceCategory, staticInterface } from './helpers/data-interfaces.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { multipart } from './helpers/multipart.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Report definitions under /api/ReportServer/Data (issue 39): the designer's calls behind the
 * 报表设计 menu, and the definition a report menu opens with the search form its parameters make.
 */

const base = '/api/ReportServer/Data';
let t: TestApp;
let admin: Client;
/** The ReportSort entries' ids: business and system reports. */
let business: string;
let system: string;
/** A data interface with the parameters `region` and `year`. */
let interfaceId: string;

interface Row {
  id: string;
  fullName: string;
  enCode: string;
  categoryId: string;
  creatorUser: string;
  enabledMark: number;
}
type Page = { list: Row[]; pagination: { total: number; pageSize: number; currentPage: number } };

const report = (fields: Record<string, unknown> = {}) => ({
  fullName: '销售汇总',
  enCode: 'sales.summary',
  categoryId: business,
  sortCode: 1,
  description: '按地区汇总',
  parameters: [
    { name: 'region', label: '地区', jnpfKey: 'select', required: true, defaultValue: 'east' },
    { name: 'year', label: '年份', jnpfKey: 'inputNumber', defaultValue: 2024 },
  ],
  datasets: [
    {
      name: 'sales',
      interfaceId,
      parameterMap: [
        { field: 'region', parameter: 'region' },
        { field: 'year', parameter: 'year' },
      ],
    },
  ],
  layout: {
    columns: [{ width: 120 }],
    rows: [
      { kind: 'static', cells: [{ text: '地区', style: { bold: true } }] },
      { kind: 'detail', dataset: 'sales', cells: [{ field: 'region', group: true }] },
      { kind: 'subtotal', groupColumn: 0, cells: [{ text: '小计' }] },
    ],
    merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 1 }],
  },
  ...fields,
});
const create = async (fields: Record<string, unknown>) => {
  const reply = await admin.post<{ id: string }>(base, report(fields));
  expect(reply, reply.msg).toMatchObject({ code: 200, msg: '新建成功' });
  return reply.data!.id;
};
const list = async (client: Client, query: Record<string, string>) => (await client.get<Page>(base, query)).data!;

/** A new user granted the report menu with these of its buttons, signed in. */
async function designer(account: string, buttons: string[]): Promise<Client> {
  const menu = await t.app.db
    .selectFrom('menu')
    .select('id')
    .where('enCode', '=', 'onlineDev.dataReport')
    .executeTakeFirstOrThrow();
  const granted = await t.app.db
    .selectFrom('modulePermission')
    .select('id')
    .where('menuId', '=', menu.id)
    .where('enCode', 'in', buttons.length ? buttons : ['-'])
    .execute();
  const userId = await t.createUser({ account });
  expect(
    await admin.put(`/api/permission/Authority/Data/${userId}`, {
      objectType: 'User',
      module: [menu.id],
      button: granted.map((b) => b.id),
    }),
  ).toMatchObject({ code: 200 });
  return t.signIn(account, 'Passw0rd');
}

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const entries = await t.app.db
    .selectFrom('dictionaryData as d')
    .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
    .select(['d.id', 'd.enCode'])
    .where('k.enCode', '=', 'ReportSort')
    .orderBy('d.sortCode')
    .execute();
  [business, system] = entries.map((e) => e.id) as [string, string];
  const source = await admin.post<{ id: string }>('/api/system/DataInterface', {
    ...staticInterface('report.sales', await interfaceCategory(t), [{ region: 'east', amount: 1 }]),
    parameterJson: JSON.stringify([{ field: 'region' }, { field: 'year', dataType: 'int' }]),
  });
  expect(source, source.msg).toMatchObject({ code: 200 });
  interfaceId = source.data!.id;
});
afterAll(() => t.close());

describe('reports: the designer', () => {
  test('a report is created and read back with the search form its parameters make', async () => {
    const id = await create({ enCode: 'info.report' });
    const info = await admin.get<Record<string, unknown>>(`${base}/${id}`);
    expect(info).toMatchObject({ code: 200 });
    expect(info.data).toMatchObject({
      id,
      fullName: '销售汇总',
      enCode: 'info.report',
      categoryId: business,
      sortCode: 1,
      enabledMark: 1,
      description: '按地区汇总',
      parameters: [
        { name: 'region', label: '地区', jnpfKey: 'select', required: true, defaultValue: 'east' },
        { name: 'year', label: '年份', jnpfKey: 'inputNumber', required: false, defaultValue: 2024 },
      ],
      datasets: report().datasets,
      // The layout comes back as written (its JSON keys are not re-cased on the way through the database).
      layout: report().layout,
      searchForm: {
        components: [
          { bindParameter: 'region', defaultValue: 'east', label: '地区', jnpfKey: 'select', required: true },
          { bindParameter: 'year', defaultValue: 2024, label: '年份', jnpfKey: 'inputNumber', required: false },
        ],
      },
    });
    // Parameters, datasets and layout may be left out: an empty report to design later.
    const empty = await create({
      enCode: 'empty.report',
      parameters: undefined,
      datasets: undefined,
      layout: undefined,
    });
    expect((await admin.get(`${base}/${empty}`)).data).toMatchObject({
      parameters: [],
      datasets: [],
      layout: {},
      searchForm: { components: [] },
    });
    expect(await admin.get(`${base}/ghost`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('the list filters by keyword, category and state; empty filters and numbers as text are taken', async () => {
    const east = await create({ enCode: 'list.east', fullName: '列表东区' });
    const west = await create({ enCode: 'list.west', fullName: '列表西区', categoryId: system, enabledMark: 0 });
    const all = await list(admin, {
      keyword: 'list.',
      category: '',
      enabledMark: '',
      currentPage: '1',
      pageSize: '20',
    });
    expect(all.list.map((r) => r.id).sort()).toEqual([east, west].sort());
    expect(all.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 2 });
    expect(all.list.find((r) => r.id === east)).toEqual({
      id: east,
      fullName: '列表东区',
      enCode: 'list.east',
      categoryId: business,
      creatorUser: expect.stringMatching(/\/admin$/),
      creatorTime: expect.any(Number),
      lastModifyTime: null,
      sortCode: 1,
      enabledMark: 1,
    });
    expect((await list(admin, { keyword: 'list.', category: system })).list.map((r) => r.id)).toEqual([west]);
    expect((await list(admin, { keyword: 'list.', enabledMark: '1' })).list.map((r) => r.id)).toEqual([east]);
    expect((await list(admin, { keyword: '西区' })).list.map((r) => r.id)).toEqual([west]);
    const paged = await list(admin, { keyword: 'list.', pageSize: '1', currentPage: '2' });
    expect(paged.list).toHaveLength(1);
    expect(paged.pagination).toEqual({ currentPage: 2, pageSize: 1, total: 2 });
  });

  test('a definition that does not hold is refused, naming the problem, and nothing is stored', async () => {
    const one = report().parameters[0]!;
    const dataset = report().datasets[0]!;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ fullName: undefined }, '缺少必填字段 fullName'],
      [{ fullName: 'x'.repeat(51) }, '字段 fullName 不能超过 50 个字符'],
      [{ categoryId: 'nope' }, '报表分类不存在：nope'],
      [{ parameters: [one, one] }, '参数名称重复：region'],
      [{ parameters: [{ ...one, jnpfKey: 'uploadFile' }] }, '参数region的控件类型不支持：uploadFile'],
      [{ parameters: [{ ...one, name: '1 bad' }] }, /name/],
      [{ datasets: [dataset, dataset] }, '数据集名称重复：sales'],
      [{ datasets: [{ ...dataset, interfaceId: 'ghost' }] }, '数据集sales的数据接口不存在：ghost'],
      [
        { datasets: [{ ...dataset, parameterMap: [{ field: 'month', parameter: 'year' }] }] },
        '数据集sales的接口参数不存在：month',
      ],
      [
        { datasets: [{ ...dataset, parameterMap: [{ field: 'region', parameter: 'city' }] }] },
        '数据集sales引用的报表参数不存在：city',
      ],
      [
        {
          datasets: [
            {
              ...dataset,
              parameterMap: [
                { field: 'region', parameter: 'region' },
                { field: 'region', parameter: 'year' },
              ],
            },
          ],
        },
        '数据集sales的接口参数重复：region',
      ],
      [{ layout: { cells: 'x'.repeat(1_000_001) } }, '报表布局过大，最多1000000个字符'],
      [{ layout: [1, 2] }, /layout/],
    ];
    for (const [fields, msg] of cases) {
      const reply = await admin.post(base, report({ enCode: 'refused.report', ...fields }));
      expect(reply.code, JSON.stringify(fields).slice(0, 200)).toBe(400);
      if (typeof msg === 'string') expect(reply.msg).toBe(msg);
      else expect(reply.msg).toMatch(msg);
    }
    expect((await list(admin, { keyword: 'refused.report' })).list).toEqual([]);
  });

  test('update changes the definition; a code taken by another report is refused', async () => {
    const id = await create({ enCode: 'update.report' });
    await create({ enCode: 'update.other' });
    const changed = report({
      id,
      enCode: 'update.report',
      fullName: '改名报表',
      categoryId: system,
      parameters: [{ name: 'region', label: '区域', jnpfKey: 'input' }],
      datasets: [{ name: 'sales', interfaceId, parameterMap: [{ field: 'region', parameter: 'region' }] }],
      layout: { rows: [] },
    });
    expect(await admin.put(`${base}/${id}`, changed)).toMatchObject({ code: 200, msg: '更新成功' });
    const info = (await admin.get<Record<string, unknown>>(`${base}/${id}`)).data!;
    expect(info).toMatchObject({
      fullName: '改名报表',
      categoryId: system,
      layout: { rows: [] },
      searchForm: {
        components: [{ bindParameter: 'region', defaultValue: null, label: '区域', jnpfKey: 'input', required: false }],
      },
      lastModifyTime: expect.any(Number),
    });
    expect(await admin.put(`${base}/${id}`, { ...changed, enCode: 'UPDATE.OTHER' })).toMatchObject({
      code: 400,
      msg: '编码已存在',
    });
    expect(await admin.put(`${base}/ghost`, changed)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.post(base, report({ enCode: 'Update.Report' }))).toMatchObject({
      code: 400,
      msg: '编码已存在',
    });
  });

  test('copy makes a new report with a new name and code and the same definition', async () => {
    const id = await create({ enCode: 'copied.report', fullName: '复制源报表' });
    expect(await admin.post(`${base}/${id}/Actions/Copy`)).toMatchObject({ code: 200, msg: '复制成功' });
    const copies = (await list(admin, { keyword: '复制源报表' })).list;
    expect(copies).toHaveLength(2);
    const copy = copies.find((c) => c.id !== id)!;
    expect(copy.fullName).toMatch(/^复制源报表\.副本/);
    expect(copy.enCode).toMatch(/^copied\.report[a-z0-9]{5}$/);
    const info = (await admin.get<Record<string, unknown>>(`${base}/${copy.id}`)).data!;
    expect(info).toMatchObject({ parameters: expect.any(Array), datasets: report().datasets, layout: report().layout });
    expect(await admin.post(`${base}/ghost/Actions/Copy`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('the state switch disables and enables again; delete removes the report', async () => {
    const id = await create({ enCode: 'state.report' });
    expect(await admin.put(`${base}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '禁用成功' });
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({ enabledMark: 0 });
    expect(await admin.put(`${base}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '启用成功' });
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({ enabledMark: 1 });
    expect(await admin.put(`${base}/ghost/Actions/State`)).toMatchObject({ code: 400, msg: '数据不存在' });

    expect(await admin.delete(`${base}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await admin.get(`${base}/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.delete(`${base}/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('a report exports to a .json file; importing it skips or appends the duplicate; a bad file adds nothing', async () => {
    const id = await create({ enCode: 'export.report', fullName: '导出报表' });
    const exported = await admin.get<{ url: string }>(`${base}/${id}/Actions/Export`, { token: 'ignored' });
    expect(exported).toMatchObject({ code: 200 });
    const download = await t.app.inject({ method: 'GET', url: exported.data!.url });
    expect(download.headers['content-disposition']).toMatch(/\.json/);
    const content = download.body;
    const file = JSON.parse(content);
    expect(file).toMatchObject({
      format: 'platform.report',
      version: 1,
      report: {
        enCode: 'export.report',
        categoryId: business,
        parameters: [expect.objectContaining({ name: 'region' }), expect.objectContaining({ name: 'year' })],
        datasets: report().datasets,
        layout: report().layout,
      },
    });
    expect(file.report).not.toHaveProperty('searchForm');
    const importFile = (type: string, upload: { name: string; content: string }) =>
      admin.call<{ id: string; skipped: boolean }>({
        method: 'POST',
        url: `${base}/Actions/Import`,
        ...multipart({ type }, upload),
      });

    expect(await importFile('0', { name: 'r.json', content })).toMatchObject({
      code: 200,
      msg: '编码已存在，已跳过',
      data: { id: '', skipped: true },
    });
    const appended = await importFile('1', { name: 'r.json', content });
    expect(appended).toMatchObject({ code: 200, msg: '导入成功', data: { skipped: false } });
    expect((await admin.get(`${base}/${appended.data!.id}`)).data).toMatchObject({
      enCode: expect.stringMatching(/^export\.report\.[a-z0-9]{5}$/),
      fullName: expect.stringMatching(/^导出报表\.[a-z0-9]{5}$/),
      layout: report().layout,
      searchForm: {
        components: [expect.objectContaining({ bindParameter: 'region', defaultValue: 'east' }), expect.anything()],
      },
    });
    // A code that is free imports under its own name with either choice.
    const fresh = JSON.stringify({ ...file, report: { ...file.report, enCode: 'imported.report' } });
    const imported = await importFile('0', { name: 'r.json', content: fresh });
    expect(imported).toMatchObject({ code: 200, msg: '导入成功', data: { skipped: false } });
    expect((await admin.get(`${base}/${imported.data!.id}`)).data).toMatchObject({ enCode: 'imported.report' });

    const before = (await list(admin, {})).pagination.total;
    expect(await importFile('0', { name: 'r.txt', content })).toMatchObject({
      code: 400,
      msg: '请选择.json类型的文件',
    });
    expect(await importFile('', { name: 'r.json', content })).toMatchObject({ code: 400, msg: '请选择识别重复' });
    expect(await importFile('0', { name: 'r.json', content: '{x' })).toMatchObject({
      code: 400,
      msg: '导入文件格式错误：JSON',
    });
    expect(
      await importFile('0', { name: 'r.json', content: JSON.stringify({ ...file, format: 'platform.printDev' }) }),
    ).toMatchObject({ code: 400, msg: '导入文件格式错误：format' });
    const wrongCategory = JSON.stringify({
      ...file,
      report: { ...file.report, enCode: 'other.report', categoryId: 'nope' },
    });
    expect(await importFile('0', { name: 'r.json', content: wrongCategory })).toMatchObject({
      code: 400,
      msg: '报表分类不存在：nope',
    });
    expect((await list(admin, {})).pagination.total).toBe(before);
  });
});

describe('reports: opening one', () => {
  test('Selector groups the enabled reports by category', async () => {
    const shown = await create({ enCode: 'selector.shown', fullName: '选择器显示' });
    const other = await create({ enCode: 'selector.system', fullName: '选择器系统', categoryId: system });
    const off = await create({ enCode: 'selector.off', fullName: '选择器停用', enabledMark: 0 });
    const selector = await admin.get<{
      list: { id: string; fullName: string; parentId: string; children: { id: string; parentId: string }[] }[];
    }>(`${base}/Selector`);
    expect(selector).toMatchObject({ code: 200 });
    const groups = selector.data!.list;
    expect(groups.map((g) => [g.id, g.fullName, g.parentId])).toEqual([
      [business, '业务报表', '0'],
      [system, '系统报表', '0'],
    ]);
    const ids = groups.flatMap((g) => g.children.map((c) => c.id));
    expect(ids).toContain(shown);
    expect(ids).toContain(other);
    expect(ids).not.toContain(off);
    expect(groups[1]!.children.find((c) => c.id === other)).toEqual({
      id: other,
      fullName: '选择器系统',
      enCode: 'selector.system',
      parentId: system,
      hasChildren: false,
    });
  });

  test('a report menu opens its report, not a disabled one; without the designer menu every design call is refused', async () => {
    const id = await create({ enCode: 'guarded.report', fullName: '受保护报表' });
    const off = await create({ enCode: 'guarded.off', enabledMark: 0 });
    const viewerId = await t.createUser({ account: 'report.viewer' });
    const viewer = await t.signIn('report.viewer', 'Passw0rd');
    expect(await viewer.get(`${base}/${id}`)).toMatchObject({ code: 400, msg: '无权查看该报表' });
    const menus = await Promise.all(
      [id, off].map(async (moduleId, i) => {
        const menu = await admin.post<string>('/api/system/Menu', {
          systemId: await mainSystemId(t),
          parentId: '-1',
          fullName: `报表菜单${i}`,
          enCode: `report.open.${i}`,
          type: 5,
          urlAddress: `dataReport/report.open.${i}`,
          propertyJson: JSON.stringify({ moduleId }),
        });
        expect(menu, menu.msg).toMatchObject({ code: 200 });
        return menu.data!;
      }),
    );
    expect(
      await admin.put(`/api/permission/Authority/Data/${viewerId}`, { objectType: 'User', module: menus }),
    ).toMatchObject({ code: 200 });

    expect((await viewer.get(`${base}/${id}`)).data).toMatchObject({
      searchForm: { components: [expect.objectContaining({ bindParameter: 'region' }), expect.anything()] },
    });
    expect(await viewer.get(`${base}/Selector`)).toMatchObject({ code: 200 });
    expect(await viewer.get(`${base}/${off}`)).toMatchObject({ code: 400, msg: '报表已停用' });

    expect(await viewer.get(base)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await viewer.post(base, report({ enCode: 'intruder.report' }))).toMatchObject({ code: 403 });
    expect(await viewer.put(`${base}/${id}`, report({ enCode: 'guarded.report', fullName: '改了' }))).toMatchObject({
      code: 403,
    });
    expect(await viewer.put(`${base}/${id}/Actions/State`)).toMatchObject({ code: 403 });
    expect(await viewer.post(`${base}/${id}/Actions/Copy`)).toMatchObject({ code: 403 });
    expect(await viewer.delete(`${base}/${id}`)).toMatchObject({ code: 403 });
    expect(await viewer.get(`${base}/${id}/Actions/Export`)).toMatchObject({ code: 403 });
    expect(
      await viewer.call({
        method: 'POST',
        url: `${base}/Actions/Import`,
        ...multipart({ type: '0' }, { name: 'r.json', content: '{}' }),
      }),
    ).toMatchObject({ code: 403 });
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({ fullName: '受保护报表', enabledMark: 1 });
    expect((await list(admin, { keyword: 'intruder' })).list).toEqual([]);
  });

  test("a designer opens a disabled report; the menu's buttons guard each write", async () => {
    const off = await create({ enCode: 'designer.off', enabledMark: 0 });
    const editor = await designer('report.editor', ['btn_edit']);
    expect((await editor.get(`${base}/${off}`)).data).toMatchObject({ id: off, enabledMark: 0 });
    expect((await editor.get<Page>(base, { keyword: 'designer.off' })).data!.list.map((r) => r.id)).toEqual([off]);
    expect(
      await editor.put(`${base}/${off}`, report({ enCode: 'designer.off', fullName: '编辑过', enabledMark: 0 })),
    ).toMatchObject({
      code: 200,
    });
    expect(await editor.put(`${base}/${off}/Actions/State`)).toMatchObject({ code: 200, msg: '启用成功' });
    expect(await editor.post(base, report({ enCode: 'designer.new' }))).toMatchObject({ code: 403 });
    expect(await editor.post(`${base}/${off}/Actions/Copy`)).toMatchObject({ code: 403 });
    expect(await editor.delete(`${base}/${off}`)).toMatchObject({ code: 403 });

    const maker = await designer('report.maker', ['btn_add', 'btn_remove']);
    const made = await maker.post<{ id: string }>(base, report({ enCode: 'designer.made' }));
    expect(made).toMatchObject({ code: 200 });
    expect(await maker.post(`${base}/${made.data!.id}/Actions/Copy`)).toMatchObject({ code: 200 });
    expect(await maker.delete(`${base}/${made.data!.id}`)).toMatchObject({ code: 200 });
    expect(await maker.put(`${base}/${off}/Actions/State`)).toMatchObject({ code: 403 });
  });
});
