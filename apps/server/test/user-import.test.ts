import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rootOrganizeId } from './helpers/organize-fixture.ts';
import { downloadSheet, sheet, uploadSheet, userHeader } from './helpers/sheets.ts';
import { adminApp, type Client, orphanMemberships, type TestApp, userCount } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await admin.post('/api/permission/Organize/Department', {
    parentId: await rootOrganizeId(t),
    fullName: '导入部',
    enCode: 'imp',
  });
  await admin.post('/api/permission/Role', { fullName: '导入角色', enCode: 'improle', globalMark: 1 });
});
afterAll(() => t.close());

const upload = (content: Buffer, filename = 'users.xlsx') =>
  uploadSheet(admin, '/api/permission/Users/Uploader', content, filename);
const download = (url: string) => downloadSheet(t, url);

const countUsers = () => userCount(t);

describe('Excel import and export', () => {
  test('1,000 users with 10 bad rows: 990 in, 10 out with reasons, nothing half-written', async () => {
    const rows: (string | number)[][] = [];
    for (let i = 0; i < 1000; i++) {
      rows.push([`bulk${i}`, `批量${i}`, i % 2 ? '男' : '女', 'imp', '', i % 3 ? '' : 'improle', '', '', i, '']);
    }
    // Ten bad rows, each for a different reason.
    const bad: [number, (string | number)[], string][] = [
      [5, ['', '无账户', '男', 'imp', '', '', '', '', 0, ''], '账户不能为空'],
      [50, ['bulk50', '', '男', 'imp', '', '', '', '', 0, ''], '姓名不能为空'],
      [100, ['bulk100', '坏性别', '未知', 'imp', '', '', '', '', 0, ''], '性别格式不正确'],
      [150, ['bulk150', '无组织', '男', '', '', '', '', '', 0, ''], '组织编码不能为空'],
      [200, ['bulk200', '错组织', '男', 'nowhere', '', '', '', '', 0, ''], '组织编码不存在：nowhere'],
      [250, ['bulk250', '错角色', '男', 'imp', '', 'norole', '', '', 0, ''], '角色编码不存在：norole'],
      [300, ['bulk300', '错手机', '男', 'imp', '', '', '12345', '', 0, ''], '手机格式不正确'],
      [350, ['bulk350', '错邮箱', '男', 'imp', '', '', '', 'not-an-email', 0, ''], '邮箱格式不正确'],
      [400, ['bulk1', '重复账户', '男', 'imp', '', '', '', '', 0, ''], '账户在文件中重复'],
      [450, ['admin', '已存在', '男', 'imp', '', '', '', '', 0, ''], '账户已存在'],
    ];
    for (const [index, row] of bad) rows[index] = row;
    const before = await countUsers();

    const uploaded = await upload(await sheet(rows));
    expect(uploaded.code, uploaded.msg).toBe(200);
    expect(uploaded.data!.name).toMatch(/^[0-9a-f]{32}\.xlsx$/);

    const preview = await admin.get<{
      headerRow: { id: string; fullName: string }[];
      dataRow: Record<string, string>[];
    }>('/api/permission/Users/ImportPreview', { fileName: uploaded.data!.name });
    expect(preview.code, preview.msg).toBe(200);
    expect(preview.data!.headerRow.map((h) => h.id)).toEqual([
      'account',
      'realName',
      'gender',
      'organizeCode',
      'positionCode',
      'roleCode',
      'mobilePhone',
      'email',
      'sortCode',
      'description',
    ]);
    expect(preview.data!.dataRow).toHaveLength(1000);
    expect(preview.data!.dataRow[0]).toMatchObject({
      account: 'bulk0',
      realName: '批量0',
      gender: '女',
      organizeCode: 'imp',
    });

    const imported = await admin.post<{
      resultType: number;
      snum: number;
      fnum: number;
      failResult: Record<string, string>[];
    }>('/api/permission/Users/ImportData', { list: preview.data!.dataRow });
    expect(imported.code, imported.msg).toBe(200);
    expect(imported.data).toMatchObject({ resultType: 1, snum: 990, fnum: 10 });
    expect(imported.msg).toBe('导入完成：成功990条，失败10条');
    expect(imported.data!.failResult.map((r) => r.errorsInfo)).toEqual(bad.map(([, , reason]) => reason));
    expect(await countUsers()).toBe(before + 990);

    // Nothing of a failed row was written: no user, no relation.
    const failedAccounts = ['bulk50', 'bulk100', 'bulk150', 'bulk200', 'bulk250', 'bulk300', 'bulk350'];
    expect(await t.app.db.selectFrom('appUser').select('id').where('account', 'in', failedAccounts).execute()).toEqual(
      [],
    );
    expect(await orphanMemberships(t)).toEqual([]);
    // Good rows carry their organisation and role.
    const withRole = await t.app.db
      .selectFrom('userRelation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('objectType', '=', 'Role')
      .executeTakeFirstOrThrow();
    expect(Number(withRole.n)).toBe(334 - 3); // every third row, less the bad rows 150, 300 and 450
    expect((await t.login('bulk7', '123456')).code).toBe(200);

    const failures = await admin.post<{ name: string; url: string }>('/api/permission/Users/ExportExceptionData', {
      list: imported.data!.failResult,
    });
    expect(failures.code).toBe(200);
    const sheetRows = await download(failures.data!.url);
    expect(sheetRows[0]).toEqual([...userHeader, '异常原因']);
    expect(sheetRows).toHaveLength(11);
    expect(sheetRows.slice(1).map((r) => r[10])).toEqual(bad.map(([, , reason]) => reason));
  });

  test('importing the same rows again fails every one as already taken', async () => {
    const res = await admin.post<{ snum: number; fnum: number; failResult: { errorsInfo: string }[] }>(
      '/api/permission/Users/ImportData',
      {
        list: [{ account: 'bulk3', realName: '又来', organizeCode: 'imp' }],
      },
    );
    expect(res.data).toMatchObject({ snum: 0, fnum: 1, failResult: [{ errorsInfo: '账户已存在' }] });
  });

  test('an organisation role of none of the row’s organisations fails the row, and writes nothing of it', async () => {
    const rootId = await rootOrganizeId(t);
    // A role of the root organisation only: it fits a row in root, not a row in 导入部 alone.
    expect(
      await admin.post('/api/permission/Role', {
        fullName: '总部角色',
        enCode: 'rootrole',
        globalMark: 0,
        organizeIds: [rootId],
      }),
    ).toMatchObject({ code: 200 });
    const res = await admin.post<{ snum: number; fnum: number; failResult: Record<string, string>[] }>(
      '/api/permission/Users/ImportData',
      {
        list: [
          { account: 'orgrole1', realName: '组织外', organizeCode: 'imp', roleCode: 'rootrole,improle' },
          { account: 'orgrole2', realName: '组织内', organizeCode: 'imp,root', roleCode: 'rootrole' },
        ],
      },
    );
    expect(res.data).toMatchObject({
      snum: 1,
      fnum: 1,
      failResult: [{ account: 'orgrole1', errorsInfo: '角色 总部角色 不属于该用户所在的任何组织' }],
    });
    const written = await t.app.db
      .selectFrom('appUser')
      .select('account')
      .where('account', 'in', ['orgrole1', 'orgrole2'])
      .execute();
    expect(written.map((u) => u.account)).toEqual(['orgrole2']);
  });

  test('template and export download as sheets', async () => {
    const template = await admin.get<{ url: string }>('/api/permission/Users/TemplateDownload');
    expect(template.code).toBe(200);
    const rows = await download(template.data!.url);
    expect(rows[0]?.[0]).toBe('账户');
    const exported = await admin.get<{ url: string }>('/api/permission/Users/ExportData', {
      keyword: 'bulk1',
      dataType: '1',
    });
    const exportRows = await download(exported.data!.url);
    expect(exportRows.length).toBeGreaterThan(100);
    expect(exportRows[1]).toEqual(expect.arrayContaining(['imp']));
  });

  test('bad files and names are refused; no user string becomes a path', async () => {
    expect(await upload(Buffer.from('hello'), 'notes.txt')).toMatchObject({
      code: 400,
      msg: '请选择xls,xlsx类型的文件',
    });
    expect(await upload(Buffer.from('not a zip'), 'broken.xlsx')).toMatchObject({
      code: 400,
      msg: '无法读取该Excel文件',
    });
    expect(await admin.get('/api/permission/Users/ImportPreview', { fileName: '../../secrets.json' })).toMatchObject({
      code: 400,
    });
    expect(
      await admin.get('/api/permission/Users/ImportPreview', { fileName: `${'0'.repeat(32)}.xlsx` }),
    ).toMatchObject({
      code: 400,
      msg: '文件不存在或已过期，请重新上传',
    });
    expect(await admin.post('/api/permission/Users/ImportData', { list: [] })).toMatchObject({
      code: 400,
      msg: '导入数据为空',
    });
    expect(await admin.post('/api/permission/Users/ImportData', { list: 'x' })).toMatchObject({ code: 400 });
    const res = await t.app.inject({ method: 'GET', url: '/api/permission/Users/ExportFile/..%2F..%2Fsecrets.json' });
    expect(res.statusCode === 404 || res.json().code === 400).toBe(true);
  });
});
