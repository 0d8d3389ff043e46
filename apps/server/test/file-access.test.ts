import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import { mainSystemId } from './helpers/form-menu.ts';
import { multipart } from './helpers/multipart.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * File links by access (issue 35): a download, pack or preview address is issued to the uploader,
 * an administrator, or a caller who reads something that references the file (a record under the
 * form's menu and scope, a message or notice received, a task, a chat message from the uploader).
 * Everyone else, and a name that does not exist, get the same refusal, naming no file.
 */

const refused = { code: 400, msg: '文件不存在或无权查看' };
let t: TestApp;
let admin: Client;
let owner: Client;
let reader: Client;
let ownerId: string;
let readerId: string;
let mainSystem: string;

const upload = async (client: Client, name: string, text: string) => {
  const reply = await client.call<{ name: string }>({
    method: 'POST',
    url: '/api/file/Uploader/annex',
    ...multipart({}, { name, content: text }),
  });
  expect(reply).toMatchObject({ code: 200 });
  return reply.data!.name;
};
const link = (client: Client, name: string) => client.get<{ url: string }>(`/api/file/Download/annex/${name}`);
const pack = (client: Client, names: string[]) =>
  client.post<{ downloadVo: { url: string } }>(
    '/api/file/PackDownload/annex',
    names.map((fileId) => ({ fileId, fileName: `${fileId}.txt` })) as unknown as object,
  );

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  ownerId = await t.createUser({ account: 'file.owner' });
  readerId = await t.createUser({ account: 'file.reader' });
  owner = await t.signIn('file.owner', 'Passw0rd');
  reader = await t.signIn('file.reader', 'Passw0rd');
  mainSystem = await mainSystemId(t);
});
afterAll(() => t.close());

describe('who gets a link', () => {
  test('the uploader and an administrator do; another user and an unknown name get the same refusal', async () => {
    const name = await upload(owner, '合同.txt', 'contract');
    const own = await link(owner, name);
    expect(own).toMatchObject({ code: 200 });
    expect((await t.app.inject({ method: 'GET', url: own.data!.url })).body).toBe('contract');
    expect(await link(admin, name)).toMatchObject({ code: 200 });

    const other = await link(reader, name);
    const unknown = await link(reader, `${'ab'.repeat(16)}.txt`);
    expect(other).toEqual({ ...refused, status: 200 });
    expect(unknown).toEqual(other);
    // In the other locales too, and still the same for both.
    for (const [lang, msg] of [
      ['en', 'The file does not exist or is not yours to read'],
      ['zh-TW', '檔案不存在或無權查看'],
    ] as const) {
      const ask = (fileName: string) =>
        reader.call({
          method: 'GET',
          url: `/api/file/Download/annex/${fileName}`,
          headers: { 'accept-language': lang },
        });
      expect(await ask(name)).toMatchObject({ code: 400, msg });
      expect(await ask(`${'ab'.repeat(16)}.txt`)).toMatchObject({ code: 400, msg });
    }
    // The preview answers as for a file it cannot show: no address.
    const pdf = await upload(owner, '扫描件.pdf', '%PDF-1.4\n%%EOF\n');
    const preview = await reader.get<string>('/api/file/Uploader/Preview', { fileName: pdf });
    expect(preview.data ?? null).toBeNull();
    expect((await owner.get<string>('/api/file/Uploader/Preview', { fileName: pdf })).data).toMatch(
      /^\/api\/file\/Preview\//,
    );
  });

  test('a pack with one file the caller may not read is refused whole, naming none of its files', async () => {
    const theirs = await upload(owner, 'theirs.txt', 'theirs');
    const mine = await upload(reader, 'mine.txt', 'mine');
    expect(await pack(reader, [mine])).toMatchObject({ code: 200 });
    const mixed = await pack(reader, [mine, theirs]);
    expect(mixed).toMatchObject(refused);
    expect(JSON.stringify(mixed)).not.toContain(theirs);
    expect(JSON.stringify(mixed)).not.toContain(mine);
    expect(await pack(owner, [theirs])).toMatchObject({ code: 200 });
  });
});

describe('a link through what references the file', () => {
  test('a notice released to the caller that attaches the file', async () => {
    const name = await upload(owner, '通知附件.txt', 'notice');
    expect(await link(reader, name)).toMatchObject(refused);
    const files = JSON.stringify([{ name: '通知附件.txt', fileId: name, url: `/api/file/Download/annex/${name}` }]);
    const created = await admin.post<string>('/api/message/Notice', {
      title: '附件通知',
      toUserIds: readerId,
      category: '1',
      files,
      bodyText: '<p>见附件</p>',
      excerpt: '',
      remindCategory: 1,
      id: '',
    });
    expect(created).toMatchObject({ code: 200 });
    const notice = await t.app.db
      .selectFrom('notice')
      .select('id')
      .where('title', '=', '附件通知')
      .executeTakeFirstOrThrow();
    // A draft is not received yet.
    expect(await link(reader, name)).toMatchObject(refused);
    expect(await admin.put(`/api/message/Notice/${notice.id}/Actions/Release`)).toMatchObject({ code: 200 });
    expect(await link(reader, name)).toMatchObject({ code: 200 });
    // Someone it was not released to still cannot.
    await t.createUser({ account: 'file.outsider' });
    const outsider = await t.signIn('file.outsider', 'Passw0rd');
    expect(await link(outsider, name)).toMatchObject(refused);
  });

  test('a chat message from the uploader naming the file; one typed by someone else does not count', async () => {
    const name = await upload(owner, '聊天.txt', 'chat');
    const chat = (from: string, to: string) =>
      t.app.db
        .insertInto('imMessage')
        .values({
          id: newId(),
          sendUserId: from,
          receiveUserId: to,
          contentType: 'text',
          content: `看这个 /api/file/Download/annex/${name}`,
        })
        .execute();
    const thirdId = await t.createUser({ account: 'file.third' });
    const third = await t.signIn('file.third', 'Passw0rd');
    await chat(readerId, thirdId);
    expect(await link(third, name)).toMatchObject(refused);
    await chat(ownerId, thirdId);
    expect(await link(third, name)).toMatchObject({ code: 200 });
  });

  test("a form record the caller reads under the form's menu and data scope", async () => {
    const name = await upload(owner, '报价.txt', 'quote');
    const form = await admin.post<{ id: string }>('/api/visualdev/Base', {
      fullName: '附件表单',
      enCode: 'file.form',
      webType: 2,
      formData: JSON.stringify({
        fields: [
          { __vModel__: 'title', __config__: { jnpfKey: 'input', label: '标题' } },
          { __vModel__: 'files', __config__: { jnpfKey: 'uploadFz', label: '附件' } },
        ],
      }),
      columnData: JSON.stringify({ columnList: [{ prop: 'title', label: '标题' }] }),
    });
    const formId = form.data!.id;
    expect(await admin.post(`/api/visualdev/Base/${formId}/Actions/Release`)).toMatchObject({ code: 200 });
    const files = [{ name: '报价.txt', fileId: name, url: `/api/file/Download/annex/${name}` }];
    // The administrator files the owner's upload in a record (the owner holds no menu of the form).
    expect(
      await admin.post(`/api/visualdev/OnlineDev/${formId}`, { data: JSON.stringify({ title: '报价单', files }) }),
    ).toMatchObject({ code: 200 });
    // Without a menu of the form the record is not the reader's to read.
    expect(await link(reader, name)).toMatchObject(refused);

    const menu = await admin.post<string>('/api/system/Menu', {
      systemId: mainSystem,
      parentId: '-1',
      fullName: '附件表单',
      enCode: 'file.form.menu',
      type: 3,
      propertyJson: JSON.stringify({ moduleId: formId }),
      isButtonAuthorize: false,
      isDataAuthorize: true,
    });
    expect(menu).toMatchObject({ code: 200 });
    expect(
      await admin.post('/api/system/ModuleDataAuthorizeScheme', {
        moduleId: menu.data,
        enCode: 'own',
        fullName: 'own',
        scopeType: 'self',
      }),
    ).toMatchObject({ code: 200 });
    const granted = await t.app.db
      .selectFrom('modulePermission')
      .select(['id', 'kind'])
      .where('menuId', '=', menu.data!)
      .execute();
    const grant = (kinds: string[]) =>
      admin.put(`/api/permission/Authority/Data/${readerId}`, {
        objectType: 'User',
        module: [menu.data],
        button: [],
        resource: granted.filter((p) => kinds.includes(p.kind)).map((p) => p.id),
      });
    // The menu with an own-records scheme: someone else's record stays out of reach.
    expect(await grant(['resource'])).toMatchObject({ code: 200 });
    expect(await link(reader, name)).toMatchObject(refused);
    // A menu of the form without data authorisation reads every record: now the link is issued.
    const open = await admin.post<string>('/api/system/Menu', {
      systemId: mainSystem,
      parentId: '-1',
      fullName: '附件表单全部',
      enCode: 'file.form.all',
      type: 3,
      propertyJson: JSON.stringify({ moduleId: formId }),
      isButtonAuthorize: false,
      isDataAuthorize: false,
    });
    expect(open).toMatchObject({ code: 200 });
    expect(
      await admin.put(`/api/permission/Authority/Data/${readerId}`, {
        objectType: 'User',
        module: [open.data],
        button: [],
        resource: [],
      }),
    ).toMatchObject({ code: 200 });
    expect(await link(reader, name)).toMatchObject({ code: 200 });
  });
});
