import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { field } from './helpers/form-fields.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Issues 36 and 37: wherever a person reads a generated form's values (the list the 3.6 client
 * prints as given, the detail viewer, the export), people, organisations, positions, roles, groups,
 * areas and dictionary entries show by name, dates in the field's format, switches by their text;
 * the form's own Info keeps the stored values.
 */
const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;

interface Ids {
  clerk: string;
  org: string;
  dept: string;
  position: string;
  role: string;
  group: string;
  grade: string;
}
let ids: Ids;
let adminUser: { id: string; realName: string };

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const created = async (url: string, body: object) => {
    const reply = await admin.post<{ id: string }>(url, body);
    expect(reply.code, reply.msg).toBe(200);
    return reply.data?.id ?? '';
  };
  const rootId = (
    await t.app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow()
  ).id;
  const org = await created('/api/permission/Organize', { parentId: rootId, fullName: '华东公司', enCode: 'east' });
  const dept = await created('/api/permission/Organize', {
    parentId: org,
    fullName: '财务部',
    enCode: 'finance',
    category: 'department',
  });
  await created('/api/permission/Position', { organizeId: dept, fullName: '出纳员', enCode: 'teller' });
  await created('/api/permission/Role', { fullName: '审计员', enCode: 'auditor', globalMark: 1 });
  await created('/api/permission/Group', { fullName: '读书会', enCode: 'books', type: '兴趣' });
  const idOf = async (table: 'position' | 'role' | 'userGroup', enCode: string) =>
    (await t.app.db.selectFrom(table).select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;
  await created('/api/system/DictionaryType', {
    parentId: '0',
    fullName: '客户等级',
    enCode: 'vd.level',
    isTree: 0,
    sortCode: 1,
    description: '',
  });
  const typeId = (
    await t.app.db.selectFrom('dictionaryType').select('id').where('enCode', '=', 'vd.level').executeTakeFirstOrThrow()
  ).id;
  for (const [enCode, fullName] of [
    ['gold', '金牌'],
    ['silver', '银牌'],
  ])
    await created('/api/system/DictionaryData', {
      dictionaryTypeId: typeId,
      parentId: '0',
      fullName,
      enCode,
      sortCode: 0,
      enabledMark: 1,
      description: '',
    });
  adminUser = await t.app.db
    .selectFrom('appUser')
    .select(['id', 'realName'])
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  ids = {
    clerk: await t.createUser({ account: 'clerk', realName: '职员' }),
    org,
    dept,
    position: await idOf('position', 'teller'),
    role: await idOf('role', 'auditor'),
    group: await idOf('userGroup', 'books'),
    grade: (
      await t.app.db
        .selectFrom('dictionaryData')
        .select('id')
        .where('dictionaryTypeId', '=', typeId)
        .where('enCode', '=', 'gold')
        .executeTakeFirstOrThrow()
    ).id,
  };
});
afterAll(() => t.close());

/** 北京市 / 市辖区 / 朝阳区 of the seeded divisions. */
const chaoyang = ['110000', '110100', '110105'];
const noon = Date.UTC(2024, 0, 15, 12);

const fields = [
  field('input', 'name', '名称'),
  field('userSelect', 'owner', '负责人'),
  field('usersSelect', 'members', '成员', {}, { multiple: true }),
  field('organizeSelect', 'company', '公司'),
  field('depSelect', 'dept', '部门'),
  field('posSelect', 'post', '岗位'),
  field('roleSelect', 'roles', '角色', {}, { multiple: true }),
  field('groupSelect', 'team', '分组'),
  field('areaSelect', 'region', '地区', {}, { level: 2 }),
  field('select', 'level', '等级', { dataType: 'dictionary', dictionaryType: 'vd.level' }),
  field('datePicker', 'day', '日期', {}, { format: 'yyyy-MM-dd', type: 'date' }),
  field('switch', 'active', '启用', {}, { activeTxt: '在用', inactiveTxt: '停用' }),
  field('slider', 'score', '评分'),
  field('createUser', 'creator', '创建人'),
  field('createTime', 'createdAt', '创建时间'),
];
const columnList = fields.map((f) => ({ prop: f.__vModel__, label: f.__config__.label }));

async function define(enCode: string, list: object) {
  const created = await admin.post<{ id: string }>(base, {
    fullName: `展示${enCode}`,
    enCode,
    webType: 2,
    formData: JSON.stringify({ fields }),
    columnData: JSON.stringify({ columnList, ...list }),
  });
  expect(created).toMatchObject({ code: 200 });
  const modelId = created.data!.id;
  expect(await admin.post(`${base}/${modelId}/Actions/Release`)).toMatchObject({ code: 200 });
  return modelId;
}

const stored = () => ({
  name: '合同甲',
  owner: ids.clerk,
  members: [`${ids.clerk}--user`, `${ids.dept}--department`, `${ids.role}--role`],
  company: ids.org,
  dept: ids.dept,
  post: ids.position,
  roles: [ids.role],
  team: ids.group,
  region: chaoyang,
  level: ids.grade,
  day: noon,
  active: 1,
  score: 40,
});

async function addRecord(modelId: string) {
  const reply = await admin.post<{ id: string }>(`${records}/${modelId}`, { data: JSON.stringify(stored()) });
  expect(reply.code, reply.msg).toBe(200);
  return reply.data!.id;
}

const listOf = async (modelId: string, body: object = {}) => {
  const reply = await admin.post<{ list: Record<string, unknown>[] }>(`${records}/${modelId}/List`, {
    currentPage: 1,
    pageSize: 20,
    sidx: '',
    queryJson: '',
    superQueryJson: '',
    ...body,
  });
  expect(reply.code, reply.msg).toBe(200);
  return reply.data!.list;
};

/** Every id a record of the form holds, by the kind a person would otherwise read. */
const heldIds = () => ({
  user: ids.clerk,
  organisation: ids.org,
  department: ids.dept,
  position: ids.position,
  role: ids.role,
  group: ids.group,
  area: chaoyang[2]!,
  dictionary: ids.grade,
  creator: adminUser.id,
});

/** The values a person reads, field by field. */
const shownValues = (createdAt: unknown) => ({
  name: '合同甲',
  owner: '职员/clerk',
  members: '职员/clerk,财务部,审计员',
  company: '华东公司',
  dept: '财务部',
  post: '出纳员',
  roles: '审计员',
  team: '读书会',
  region: '北京市/市辖区/朝阳区',
  level: '金牌',
  day: '2024-01-15',
  active: '在用',
  score: 40,
  creator: `${adminUser.realName}/admin`,
  createdAt,
});

describe('a generated list as the 3.6 client prints it', () => {
  test('every kind by its name, dates formatted, the switch by its text; no id anywhere', async () => {
    const modelId = await define('display.plain', { type: 1 });
    const recordId = await addRecord(modelId);
    const [row] = await listOf(modelId);
    expect(row).toMatchObject({
      id: recordId,
      ...shownValues(expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)),
    });
    const text = JSON.stringify({ ...row, id: undefined });
    for (const [kind, id] of Object.entries(heldIds())) expect(text, `${kind} ${id}`).not.toContain(id);
    expect(text).not.toContain(String(noon));

    // The form's Info keeps what was stored, so an edit sends it back unchanged.
    const info = await admin.get<{ data: string }>(`${records}/${modelId}/${recordId}`);
    expect(JSON.parse(info.data!.data)).toMatchObject(stored());
  });

  test('the detail viewer (DataChange) and the export read the same', async () => {
    const modelId = await define('display.detail', { type: 1 });
    const recordId = await addRecord(modelId);
    const detail = await admin.get<{ data: string }>(`${records}/${modelId}/${recordId}/DataChange`);
    const shown = JSON.parse(detail.data!.data) as Record<string, unknown>;
    expect(shown).toMatchObject(shownValues(expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)));
    const text = JSON.stringify({ ...shown, id: undefined });
    for (const [kind, id] of Object.entries(heldIds())) expect(text, `${kind} ${id}`).not.toContain(id);

    const exported = await admin.post<{ url: string }>(`${records}/${modelId}/Actions/ExportData`, { dataType: 1 });
    expect(exported.code, exported.msg).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: exported.data!.url });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(cells(1)).toEqual(columnList.map((c) => c.label));
    const line = cells(2).map(String);
    expect(line.slice(0, 13)).toEqual([
      '合同甲',
      '职员/clerk',
      '职员/clerk,财务部,审计员',
      '华东公司',
      '财务部',
      '出纳员',
      '审计员',
      '读书会',
      '北京市/市辖区/朝阳区',
      '金牌',
      '2024-01-15',
      '在用',
      '40',
    ]);
    for (const [kind, id] of Object.entries(heldIds())) expect(line.join('|'), kind).not.toContain(id);
  });

  test('a list edited in place keeps the stored values and answers the text under <field>_name', async () => {
    const modelId = await define('display.inline', { type: 4 });
    await addRecord(modelId);
    const [row] = await listOf(modelId);
    expect(row).toMatchObject(stored());
    expect(row).toMatchObject({
      owner_name: '职员/clerk',
      company_name: '华东公司',
      region_name: '北京市/市辖区/朝阳区',
      level_name: '金牌',
      day_name: '2024-01-15',
      active_name: '在用',
      score_name: 40,
    });
  });

  test('a dictionary-bound select is searched by its entry and the record is found', async () => {
    const modelId = await define('display.search', {
      type: 1,
      searchList: [{ prop: 'level', label: '等级', jnpfKey: 'select', searchType: 1 }],
    });
    await addRecord(modelId);
    const found = await listOf(modelId, { queryJson: JSON.stringify({ level: ids.grade }) });
    expect(found.map((r) => r.level)).toEqual(['金牌']);
    const other = await listOf(modelId, { queryJson: JSON.stringify({ level: 'silver-id' }) });
    expect(other).toEqual([]);
  });
});
