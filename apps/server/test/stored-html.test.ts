import { PRINT_DEV_FILE_FORMAT } from '@platform/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelSender, OutgoingMessage } from '../src/modules/sendConfig/channels.ts';
import { multipart } from './helpers/multipart.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Stored HTML answers clean whoever asks (issue 35): print templates and their Data/BatchData as
 * the 3.6 client calls them, portal text cards, generated-form rich-text values and e-mail bodies.
 * Each place: a payload saved through the API, and rows written straight into the table as they
 * were stored before the server sanitised (so only the answer can clean them).
 */

const attack =
  '<script>alert("s")</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(2)">链接</a><iframe src="https://evil.test/"></iframe>';
/** What must survive: a styled table, an image, placeholders in text and in a sub-table row. */
const layoutMarkup =
  '<table class="print-table" border="1" style="width:100%;border-collapse:collapse"><tbody><tr><td style="width:30mm;padding:2px 4px;border:1px solid #000">{name}</td><td>{@barcode:name}</td></tr></tbody></table><p style="text-align:center">{@approval}</p><img src="https://cdn.test/logo.png" width="80" alt="logo">';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|onerror|javascript:|<iframe/i);
}
function expectLayoutKept(html: string) {
  expect(html).toContain('<table class="print-table" border="1" style="width:100%;border-collapse:collapse">');
  expect(html).toContain('<td style="width:30mm;padding:2px 4px;border:1px solid #000">{name}</td>');
  expect(html).toContain('<td>{@barcode:name}</td>');
  expect(html).toContain('<p style="text-align:center">{@approval}</p>');
  expect(html).toContain('<img src="https://cdn.test/logo.png" width="80" alt="logo" />');
  // The link's text stays; only its address goes.
  expect(html).toContain('链接');
}

let t: TestApp;
let admin: Client;
let formId: string;
let recordId: string;

const field = (jnpfKey: string, name: string, label: string) => ({
  __vModel__: name,
  __config__: { jnpfKey, label },
});

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
    fullName: '富文本表单',
    enCode: 'html.form',
    webType: 2,
    formData: JSON.stringify({ fields: [field('input', 'name', '名称'), field('editor', 'body', '正文')] }),
    columnData: JSON.stringify({
      columnList: [
        { prop: 'name', label: '名称' },
        { prop: 'body', label: '正文' },
      ],
    }),
  });
  expect(created).toMatchObject({ code: 200 });
  formId = created.data!.id;
  expect(await admin.post(`/api/visualdev/Base/${formId}/Actions/Release`)).toMatchObject({ code: 200 });
  const record = await admin.post<{ id: string }>(`/api/visualdev/OnlineDev/${formId}`, {
    data: JSON.stringify({ name: '订单一', body: `<p style="color:#f00">正文</p>${attack}` }),
  });
  expect(record).toMatchObject({ code: 200 });
  recordId = record.data!.id;
});
afterAll(() => t.close());

/** The record table and the editor field's column, as the form's release planned them. */
async function editorColumn() {
  const row = await t.app.db
    .selectFrom('visualDev')
    .select('storage')
    .where('id', '=', formId)
    .executeTakeFirstOrThrow();
  const plan = (typeof row.storage === 'string' ? JSON.parse(row.storage) : row.storage) as {
    table: string;
    columns: { field: string; column: string }[];
  };
  const column = plan.columns.find((c) => c.field === 'body')!.column;
  return { table: plan.table, column };
}

describe('print templates', () => {
  const base = '/api/system/printDev';
  const template = (enCode: string, printTemplate: string) => ({
    fullName: `模板${enCode}`,
    enCode,
    category: '2',
    type: 2,
    formId,
    printTemplate,
    pageParam: JSON.stringify({ type: 'A4', width: 210, height: 297, mt: 10, mb: 10, ml: 10, mr: 10, direction: 1 }),
  });

  test('saved through the designer: stored, Info, Data and BatchData (the 3.6 client calls) all clean, layout kept', async () => {
    const created = await admin.post<{ id: string }>(base, template('html.saved', `${layoutMarkup}${attack}`));
    expect(created).toMatchObject({ code: 200 });
    const id = created.data!.id;
    const stored = await t.app.db
      .selectFrom('printDev')
      .select('printTemplate')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expectClean(stored.printTemplate ?? '');
    expectLayoutKept(stored.printTemplate ?? '');

    const info = await admin.get<{ printTemplate: string }>(`${base}/${id}`);
    expectClean(info.data!.printTemplate);
    expectLayoutKept(info.data!.printTemplate);
    // As the 3.6 client asks: Data?id={template}&formId={record}; BatchData with the record ids comma-joined.
    const one = await admin.get<{ printTemplate: string; printData: { name: string } }>(`${base}/Data`, {
      id,
      formId: recordId,
    });
    expect(one).toMatchObject({ code: 200, data: { printData: { name: '订单一' } } });
    expectClean(one.data!.printTemplate);
    expectLayoutKept(one.data!.printTemplate);

    // An update with the attack again: cleaned on save too.
    expect(await admin.put(`${base}/${id}`, template('html.saved', `${attack}${layoutMarkup}`))).toMatchObject({
      code: 200,
    });
    const updated = await t.app.db
      .selectFrom('printDev')
      .select('printTemplate')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expectClean(updated.printTemplate ?? '');
    expectLayoutKept(updated.printTemplate ?? '');
  });

  test('a template stored before the server sanitised answers clean from Info, Data, BatchData and a copy', async () => {
    const created = await admin.post<{ id: string }>(base, template('html.legacy', '<p>{name}</p>'));
    const id = created.data!.id;
    await sql`update print_dev set print_template = ${`${layoutMarkup}${attack}`} where id = ${id}`.execute(t.app.db);

    const info = await admin.get<{ printTemplate: string }>(`${base}/${id}`);
    expectClean(info.data!.printTemplate);
    expectLayoutKept(info.data!.printTemplate);
    const one = await admin.get<{ printTemplate: string }>(`${base}/Data`, { id, formId: recordId });
    expect(one.code).toBe(200);
    expectClean(one.data!.printTemplate);
    expectLayoutKept(one.data!.printTemplate);
    const batch = await admin.get<{ printTemplate: string }[]>(`${base}/BatchData`, {
      id,
      formId: `${recordId},${recordId}`,
    });
    expect(batch.data).toHaveLength(2);
    for (const page of batch.data!) {
      expectClean(page.printTemplate);
      expectLayoutKept(page.printTemplate);
    }
    // The row itself is as it was: the answer cleaned it, nothing else wrote it.
    const raw = await t.app.db
      .selectFrom('printDev')
      .select('printTemplate')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(raw.printTemplate).toContain('<script>');

    expect(await admin.post(`${base}/${id}/Actions/Copy`)).toMatchObject({ code: 200 });
    const copy = await t.app.db
      .selectFrom('printDev')
      .select('printTemplate')
      .where('enCode', 'like', 'html.legacy%')
      .where('id', '!=', id)
      .executeTakeFirstOrThrow();
    expectClean(copy.printTemplate ?? '');
    expectLayoutKept(copy.printTemplate ?? '');
  });

  test('an imported .bp file is stored clean', async () => {
    const file = {
      format: PRINT_DEV_FILE_FORMAT,
      version: 1,
      exportedAt: Date.now(),
      template: { ...template('html.imported', `${layoutMarkup}${attack}`), formId: null, enabledMark: 1, sortCode: 0 },
    };
    const imported = await admin.call<{ id: string }>({
      method: 'POST',
      url: `${base}/Actions/Import`,
      ...multipart({ type: '0' }, { name: 'x.bp', content: JSON.stringify(file) }),
    });
    expect(imported, imported.msg).toMatchObject({ code: 200 });
    const stored = await t.app.db
      .selectFrom('printDev')
      .select('printTemplate')
      .where('enCode', '=', 'html.imported')
      .executeTakeFirstOrThrow();
    expectClean(stored.printTemplate ?? '');
    expectLayoutKept(stored.printTemplate ?? '');
  });
});

describe('portal text cards', () => {
  const base = '/api/visualdev/Portal';
  const formData = (text: string) =>
    JSON.stringify({
      layoutId: 2,
      layout: [
        {
          i: 't',
          x: 0,
          y: 0,
          w: 6,
          h: 4,
          jnpfKey: 'text',
          title: '文本',
          option: { defaultValue: text },
          dataType: 'static',
          propsApi: '',
        },
        {
          i: 'c',
          x: 6,
          y: 0,
          w: 6,
          h: 4,
          jnpfKey: 'card',
          title: '卡片',
          option: {},
          dataType: 'static',
          propsApi: '',
          children: [
            {
              i: 'n',
              x: 0,
              y: 0,
              w: 6,
              h: 4,
              jnpfKey: 'text',
              title: '内',
              option: { defaultValue: 'a < b & c' },
              dataType: 'static',
              propsApi: '',
            },
          ],
        },
      ],
      refresh: { autoRefresh: false, autoRefreshTime: 0 },
    });
  const textsOf = (data: string) => {
    const layout = JSON.parse(data).layout as {
      option: { defaultValue: string };
      children?: { option: { defaultValue: string } }[];
    }[];
    return [layout[0]!.option.defaultValue, layout[1]!.children![0]!.option.defaultValue];
  };

  test('saved and stored-before text cards answer clean from Info and auth; plain text stays as typed', async () => {
    const created = await admin.post<string>(base, {
      fullName: '富文本门户',
      enCode: 'html.portal',
      category: '1',
      type: 0,
      enabledLock: 0,
      formData: formData(`<p style="color:#333">公告</p><table><tr><td>{name}</td></tr></table>${attack}`),
    });
    expect(created).toMatchObject({ code: 200 });
    const id = String(created.data);
    const stored = await t.app.db
      .selectFrom('portal')
      .select('formData')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const [saved, plain] = textsOf(stored.formData ?? '');
    expectClean(saved!);
    expect(saved).toContain('<p style="color:#333">公告</p><table><tr><td>{name}</td></tr></table>');
    expect(plain).toBe('a < b & c');

    await sql`update portal set form_data = ${formData(`<b>旧</b>${attack}`)} where id = ${id}`.execute(t.app.db);
    for (const url of [`${base}/${id}`, `${base}/${id}/auth`]) {
      const answer = await admin.get<{ formData: string }>(url);
      expect(answer.code).toBe(200);
      const [text, untouched] = textsOf(answer.data!.formData);
      expectClean(text!);
      expect(text).toContain('<b>旧</b>');
      expect(untouched).toBe('a < b & c');
    }
  });
});

describe('generated-form rich text', () => {
  const records = '/api/visualdev/OnlineDev';

  test('an editor value is stored clean, and a value stored before answers clean from info and the list', async () => {
    const { table, column } = await editorColumn();
    const stored = await sql<{
      v: string;
    }>`select ${sql.ref(column)} as v from ${sql.table(table)} where id = ${recordId}`.execute(t.app.db);
    expectClean(stored.rows[0]!.v);
    expect(stored.rows[0]!.v).toContain('<p style="color:#f00">正文</p>');

    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${`<p>旧正文</p>${attack}`} where id = ${recordId}`.execute(
      t.app.db,
    );
    const info = await admin.get<{ data: string }>(`${records}/${formId}/${recordId}`);
    expect(info.code).toBe(200);
    const body = String(JSON.parse(info.data!.data).body);
    expectClean(body);
    expect(body).toContain('<p>旧正文</p>');
    const list = await admin.post<{ list: { id: string; body: string }[] }>(`${records}/${formId}/List`, {
      currentPage: 1,
      pageSize: 20,
    });
    const row = list.data!.list.find((r) => r.id === recordId)!;
    expectClean(row.body);
    expect(row.body).toContain('<p>旧正文</p>');
    // An input field's text is not rich text: left as typed.
    expect(
      await admin.put(`${records}/${formId}/${recordId}`, { data: JSON.stringify({ name: 'a<b', body: '<p>x</p>' }) }),
    ).toMatchObject({ code: 200 });
    const again = await admin.get<{ data: string }>(`${records}/${formId}/${recordId}`);
    expect(JSON.parse(again.data!.data)).toMatchObject({ name: 'a<b', body: '<p>x</p>' });
  });
});

describe('e-mail bodies', () => {
  const templates = '/api/message/MessageTemplateConfig';

  test('a mail template is stored and answered clean; a sent mail and its log carry a clean body, parameters included', async () => {
    const aliceId = await t.createUser({ account: 'html.alice' });
    await t.app.db.updateTable('appUser').set({ email: 'alice@example.test' }).where('id', '=', aliceId).execute();
    expect(
      await admin.post(templates, {
        fullName: '富文本邮件',
        enCode: 'htmlMail',
        messageType: '2',
        messageSource: '1',
        enabledMark: 1,
        sortCode: 1,
        title: '通知',
        content: `<p style="color:#333">单号 {code}</p><table><tr><td>{name}</td></tr></table>${attack}`,
      }),
    ).toMatchObject({ code: 200 });
    const list = await admin.get<{ list: { id: string; enCode: string }[] }>(templates);
    const templateId = list.data!.list.find((r) => r.enCode === 'htmlMail')!.id;
    const info = await admin.get<{ content: string }>(`${templates}/${templateId}`);
    expectClean(info.data!.content);
    expect(info.data!.content).toContain(
      '<p style="color:#333">单号 {code}</p><table><tr><td>{name}</td></tr></table>',
    );

    // Stored before: cleaned on the way out, and again where the mail is sent.
    await sql`update message_template set content = ${`<p>单号 {code}</p>${attack}`} where id = ${templateId}`.execute(
      t.app.db,
    );
    expectClean((await admin.get<{ content: string }>(`${templates}/${templateId}`)).data!.content);

    expect(
      await admin.post('/api/message/SendMessageConfig', {
        fullName: '富文本邮件',
        enCode: 'htmlMail',
        enabledMark: 1,
        sendConfigTemplateList: [{ messageType: '2', templateId }],
      }),
    ).toMatchObject({ code: 200 });
    const configs = await admin.get<{ list: { id: string; enCode: string }[] }>('/api/message/SendMessageConfig');
    const configId = configs.data!.list.find((c) => c.enCode === 'htmlMail')!.id;
    const sent: OutgoingMessage[] = [];
    const capture: ChannelSender = {
      send: async (message) => {
        sent.push(message);
        return { status: 'sent', recipient: message.to.email };
      },
    };
    t.app.messageChannels.use('2', capture);
    const reply = await admin.post(`/api/message/SendMessageConfig/${configId}/Actions/Send`, {
      toUserIds: [aliceId],
      paramMap: { code: '<img src=x onerror="alert(3)">A-1' },
    });
    expect(reply).toMatchObject({ code: 200, data: { queued: 1 } });
    await t.runJobs();
    expect(sent).toHaveLength(1);
    expectClean(sent[0]!.content);
    expect(sent[0]!.content).toContain('A-1');
    expect(sent[0]!.content).toContain('<p>单号 <img src="x" />A-1</p>');
    const log = await t.app.db
      .selectFrom('messageSendLog')
      .select('content')
      .where('sendConfigId', '=', configId)
      .execute();
    for (const entry of log) expectClean(entry.content ?? '');
  });
});
