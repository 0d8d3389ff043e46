import { inflateRawSync } from 'node:zlib';
import type { CodePreviewAnswer, generatedMenus } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedMenus } from '../src/seed/menus.ts';
import { seedPermissions } from '../src/seed/permissions.ts';
import { leaveForm, leaveList } from './helpers/generater-fixture.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

/**
 * Code generation (admin.md 7): CodePreview answers the files a released form generates as the
 * 3.6 preview dialog reads them; DownloadCode answers a zip behind a download address.
 */

const base = '/api/visualdev/Base';
const generater = '/api/visualdev/Generater';
let t: TestApp;
let admin: Client;
let released: string;
let draft: string;

async function define(enCode: string) {
  const created = await admin.post<{ id: string }>(base, {
    fullName: '请假单',
    enCode,
    webType: 2,
    formData: JSON.stringify(leaveForm),
    columnData: JSON.stringify(leaveList),
  });
  expect(created).toMatchObject({ code: 200 });
  return created.data!.id;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn();
  released = await define('leave');
  expect(await admin.post(`${base}/${released}/Actions/Release`)).toMatchObject({ code: 200 });
  draft = await define('leaveDraft');
});
afterAll(() => t.close());

/** The first entry of a zip, read from its local header (yazl writes the sizes there for a buffer). */
function firstEntry(zip: Buffer) {
  expect(zip.readUInt32LE(0)).toBe(0x04034b50);
  const compressedSize = zip.readUInt32LE(18);
  const nameLength = zip.readUInt16LE(26);
  const start = 30 + nameLength + zip.readUInt16LE(28);
  const data = zip.subarray(start, start + compressedSize);
  const text = (zip.readUInt16LE(8) === 8 ? inflateRawSync(data) : data).toString('utf8');
  return { name: zip.subarray(30, 30 + nameLength).toString('utf8'), text };
}

/** What the 3.6 preview dialog sends. */
const settings = { module: 'hr', className: 'ext_leave', subClassName: 'LeaveHandover', description: '请假管理' };

describe('code preview', () => {
  test('answers the generated files by folder, each with its name, type and text', async () => {
    const answer = await admin.post<CodePreviewAnswer>(`${generater}/${released}/Actions/CodePreview`, settings);
    expect(answer).toMatchObject({ code: 200 });
    const folders = answer.data!.list;
    expect(folders.map((f) => f.fileName)).toContain('apps/server/src/modules/hr');
    const first = folders[0]!.children[0]!;
    expect(first).toMatchObject({
      fileName: 'hr.ts',
      fileType: 'shared',
      filePath: 'packages/shared/src/schemas/hr.ts',
    });
    expect(first.fileContent).toContain('export const ExtLeaveInput = Type.Object({');
    const service = folders.flatMap((f) => f.children).find((f) => f.fileName === 'hr.service.ts');
    expect(service?.fileContent).toContain('export class ExtLeaveService');
  });

  test("the files come in this repository's style: no line past Biome's 120 columns", async () => {
    const answer = await admin.post<CodePreviewAnswer>(`${generater}/${released}/Actions/CodePreview`, settings);
    const code = answer.data!.list.flatMap((folder) => folder.children).filter((f) => f.filePath.endsWith('.ts'));
    expect(code.length).toBeGreaterThan(5);
    for (const file of code) {
      const long = file.fileContent.split('\n').filter((line) => line.length > 120 && !line.includes("'"));
      expect(long, file.filePath).toEqual([]);
    }
    const routes = code.find((f) => f.filePath.endsWith('hr.routes.ts'))!.fileContent;
    // The generator writes the route's schemas on one line past 120 columns; the formatter wraps them.
    expect(routes).toMatch(/schemas: \{\n\s+query: ExtLeaveQuery,\n/);
  });

  test('an unreleased form is refused with the 3.6 message; an unknown one is not found', async () => {
    expect(await admin.post(`${generater}/${draft}/Actions/CodePreview`, settings)).toMatchObject({
      code: 400,
      msg: '该模板内表单内容为空，无法预览!',
    });
    expect(await admin.post(`${generater}/${draft}/Actions/DownloadCode`, settings)).toMatchObject({
      code: 400,
      msg: '该模板内表单内容为空，无法下载!',
    });
    expect(await admin.post(`${generater}/404404/Actions/CodePreview`, settings)).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
  });

  test.each(['../etc', 'hr/x', 'Hr', '1hr', '', 'h r', 'hr.'])(
    'the module name %j is refused: it becomes paths',
    async (module) => {
      expect(await admin.post(`${generater}/${released}/Actions/CodePreview`, { ...settings, module })).toMatchObject({
        code: 400,
        msg: '模块命名只能是小写字母开头的字母和数字（例如 hr、crm2）',
      });
    },
  );

  test.each(['dictionary', 'workflow', 'permission', 'billrule'])(
    'the module name %j is refused: it is one of ours (its files or routes)',
    async (module) => {
      for (const action of ['CodePreview', 'DownloadCode'])
        expect(await admin.post(`${generater}/${released}/Actions/${action}`, { ...settings, module })).toMatchObject({
          code: 400,
          msg: `模块名称「${module}」已被本系统的功能使用，请换一个名称`,
        });
    },
  );

  test('the form written out: a component of the layout, used by the page; an unknown style is refused', async () => {
    const written = await admin.post<CodePreviewAnswer>(`${generater}/${released}/Actions/CodePreview`, {
      ...settings,
      formStyle: 'written',
    });
    const files = written.data!.list.flatMap((folder) => folder.children);
    const form = files.find((f) => f.filePath === 'apps/web/src/features/hr/components/ExtLeaveForm.tsx');
    expect(form?.fileContent).toContain('<FormLayout store={store} mode={mode}>');
    expect(files.find((f) => f.fileName === 'ExtLeavePage.tsx')?.fileContent).toContain(
      '<ExtLeaveForm store={editing.store} />',
    );
    const odd = await admin.post(`${generater}/${released}/Actions/CodePreview`, { ...settings, formStyle: 'jsx' });
    expect(odd).toMatchObject({ code: 400 });
    expect(odd.msg).toContain('formStyle');
  });

  test('class names are identifiers too', async () => {
    const bad = await admin.post(`${generater}/${released}/Actions/CodePreview`, {
      ...settings,
      subClassName: 'a,../b',
    });
    expect(bad).toMatchObject({ code: 400, msg: '类名「../b」只能包含字母、数字和下划线，且以字母开头' });
    const main = await admin.post(`${generater}/${released}/Actions/CodePreview`, { ...settings, className: 'a/b' });
    expect(main).toMatchObject({ code: 400 });
  });

  test('a user who may not design forms is refused', async () => {
    await t.createUser({ account: 'clerk', password: 'Passw0rd' });
    const clerk = await t.signIn('clerk', 'Passw0rd');
    expect(await clerk.post(`${generater}/${released}/Actions/CodePreview`, settings)).toMatchObject({ code: 403 });
    expect(await clerk.post(`${generater}/${released}/Actions/DownloadCode`, settings)).toMatchObject({ code: 403 });
  });
});

describe('code download', () => {
  test('answers a zip named after the module, served without a token, holding every file at its path', async () => {
    const answer = await admin.post<{ name: string; url: string }>(
      `${generater}/${released}/Actions/DownloadCode`,
      settings,
    );
    expect(answer).toMatchObject({ code: 200, data: { name: 'hr.zip' } });
    const zip = await t.app.inject({ method: 'GET', url: answer.data!.url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('hr.zip');
    const bytes = zip.rawPayload;
    const preview = await admin.post<CodePreviewAnswer>(`${generater}/${released}/Actions/CodePreview`, settings);
    const files = preview.data!.list.flatMap((f) => f.children);
    for (const file of files) expect(bytes.includes(Buffer.from(file.filePath))).toBe(true);
    expect(firstEntry(bytes)).toEqual({ name: files[0]!.filePath, text: files[0]!.fileContent });
  });
});

describe('the differences from the last download', () => {
  test('after a download each file says whether it is new, changed (with the old text) or the same; gone paths are listed', async () => {
    const id = await define('leaveAgain');
    expect(await admin.post(`${base}/${id}/Actions/Release`)).toMatchObject({ code: 200 });
    const preview = (body: object) => admin.post<CodePreviewAnswer>(`${generater}/${id}/Actions/CodePreview`, body);
    const filesOf = (answer: CodePreviewAnswer) => answer.list.flatMap((folder) => folder.children);

    const first = (await preview(settings)).data!;
    expect(first.lastGeneration).toBeUndefined();
    expect(filesOf(first).every((file) => file.change === undefined)).toBe(true);

    expect(await admin.post(`${generater}/${id}/Actions/DownloadCode`, settings)).toMatchObject({ code: 200 });
    const same = (await preview(settings)).data!;
    expect(same.lastGeneration).toMatchObject({ generatedBy: expect.stringContaining('admin'), removed: [] });
    expect(Date.now() - same.lastGeneration!.generatedAt).toBeLessThan(60_000);
    expect(new Set(filesOf(same).map((file) => file.change))).toEqual(new Set(['unchanged']));

    const described = filesOf((await preview({ ...settings, description: '休假管理' })).data!);
    const changed = described.filter((file) => file.change === 'changed');
    expect(changed.length).toBeGreaterThan(0);
    for (const file of changed) {
      expect(file.previousContent).toContain('请假管理');
      expect(file.fileContent).toContain('休假管理');
    }
    expect(described.filter((file) => file.change !== 'changed').every((file) => !('previousContent' in file))).toBe(
      true,
    );

    // Another module name moves the area's files: new paths are added, the old ones listed as gone.
    const before = filesOf(same).map((file) => file.filePath);
    const renamed = filesOf((await preview({ ...settings, module: 'vacation' })).data!);
    const moved = renamed.filter((file) => !before.includes(file.filePath));
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((file) => file.change === 'added' && file.filePath.includes('vacation'))).toBe(true);
    const after = renamed.map((file) => file.filePath);
    const gone = (await preview({ ...settings, module: 'vacation' })).data!.lastGeneration!.removed;
    expect([...gone].sort()).toEqual(before.filter((path) => !after.includes(path)).sort());
    expect(gone.length).toBeGreaterThan(0);
  });
});

test("a generated area's line in generated-menus.ts becomes its page with the standard buttons, once", async () => {
  const line: (typeof generatedMenus)[number] = [
    'hr.extLeave',
    '请假管理',
    'hr/extLeave',
    'icon-ym icon-ym-generator-table',
  ];
  const seed = () => t.app.db.transaction().execute(async (trx) => seedPermissions(trx, await seedMenus(trx, [line])));
  await seed();
  await seed();
  const pages = await t.app.db
    .selectFrom('menu')
    .select(['id', 'parentId', 'fullName', 'type', 'urlAddress', 'isButtonAuthorize'])
    .where('enCode', '=', 'hr.extLeave')
    .execute();
  expect(pages).toEqual([
    {
      id: expect.any(String),
      parentId: '-1',
      fullName: '请假管理',
      type: 2,
      urlAddress: 'hr/extLeave',
      isButtonAuthorize: true,
    },
  ]);
  const buttons = await t.app.db
    .selectFrom('modulePermission')
    .select('enCode')
    .where('menuId', '=', pages[0]!.id)
    .orderBy('sortCode')
    .execute();
  expect(buttons.map((button) => button.enCode)).toEqual(['btn_add', 'btn_edit', 'btn_remove', 'btn_detail']);
});
