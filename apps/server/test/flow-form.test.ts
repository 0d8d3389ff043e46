import type { FlowFormDetail, FlowFormRow, PageData } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { field } from './helpers/form-fields.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, releasedTemplate, startWith } from './helpers/workflow-flows.ts';

/**
 * Flow forms (`/api/flowForm/Form`, protocol-workflow.md 1) as the 3.6 client's 表单设计 page and
 * flow designer call them: a custom form is a generated form (the same definition the form
 * designer edits), a system form is a hand-written page's field list.
 */
const base = '/api/flowForm/Form';
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

/** The 3.6 client's Form.vue state after 基础设置 and 表单设计, as handleRequest sends it. */
const customForm = (enCode: string, fields = [field('input', 'reason', '事由')]) => ({
  id: '',
  fullName: `请假${enCode}`,
  enCode,
  flowType: 0,
  formType: 2,
  urlAddress: '',
  appUrlAddress: '',
  interfaceUrl: '',
  sortCode: 0,
  description: '',
  dbLinkId: '0',
  tableJson: '[]',
  draftJson: JSON.stringify({ fields, formRef: 'formRef', labelWidth: 100 }),
});
const systemFields = [
  { filedId: 'days', filedName: '天数', jnpfKey: 'inputNumber', required: true, multiple: false },
  { filedId: 'approverIds', filedName: '审批人', jnpfKey: 'userSelect', required: false, multiple: true },
];
const systemForm = (enCode: string) => ({
  ...customForm(enCode),
  formType: 1,
  flowType: 1,
  urlAddress: 'extend/leaveApply',
  appUrlAddress: '/pages/leave',
  interfaceUrl: '/api/example/LeaveApply',
  tableJson: '[]',
  draftJson: JSON.stringify(systemFields),
});

async function created(body: object): Promise<string> {
  const reply = await admin.post<{ id: string }>(base, body);
  expect(reply).toMatchObject({ code: 200 });
  return reply.data?.id as string;
}
/** The list as the 表单设计 page asks for it: every filter present, empty when unset. */
const list = (filters: Record<string, string> = {}) => {
  const query = new URLSearchParams({
    currentPage: '1',
    pageSize: '20',
    keyword: '',
    formType: '',
    isRelease: '',
    sidx: '',
    sort: 'desc',
    ...filters,
    _t: '1',
  });
  return admin.call<PageData<FlowFormRow>>({ method: 'GET', url: `${base}?${query}` });
};

describe('custom forms are the generated forms', () => {
  test('a saved form is the definition the form designer edits; release publishes its propertyJson', async () => {
    const id = await created(customForm('leaveA'));
    const info = (await admin.get<FlowFormDetail>(`${base}/${id}`)).data as FlowFormDetail;
    expect(info).toMatchObject({ id, formType: 2, isRelease: 0, enabledMark: 0, propertyJson: '', tableJson: '[]' });
    expect(JSON.parse(info.draftJson).fields[0].__vModel__).toBe('reason');
    // The same definition, under the form designer's own call.
    const definition = await admin.get<{ formData: string }>(`/api/visualdev/Base/${id}`);
    expect(JSON.parse(definition.data?.formData ?? '{}').fields[0].__vModel__).toBe('reason');

    expect(await admin.post(`${base}/Release/${id}?isRelease=1`)).toMatchObject({ code: 200, msg: '发布成功' });
    const released = (await admin.get<FlowFormDetail>(`${base}/${id}`)).data as FlowFormDetail;
    expect(released).toMatchObject({ isRelease: 1, enabledMark: 1 });
    expect(JSON.parse(released.propertyJson).fields[0].__vModel__).toBe('reason');
    // Its records can be kept: the release made the record tables.
    expect(
      await admin.post(`/api/visualdev/OnlineDev/${id}`, { data: JSON.stringify({ reason: '探亲' }) }),
    ).toMatchObject({ code: 200 });
  });

  test('PUT carries the id in the body; an edit marks a released form as edited, rollback takes it back', async () => {
    const id = await created(customForm('leaveB'));
    await admin.post(`${base}/Release/${id}?isRelease=1`);
    const info = (await admin.get<FlowFormDetail>(`${base}/${id}`)).data as FlowFormDetail;
    const edited = {
      ...info,
      fullName: '请假（新）',
      draftJson: JSON.stringify({ fields: [field('input', 'note', '备注')] }),
    };
    expect(await admin.put(base, edited)).toMatchObject({ code: 200 });
    const after = (await admin.get<FlowFormDetail>(`${base}/${id}`)).data as FlowFormDetail;
    expect(after).toMatchObject({ fullName: '请假（新）', isRelease: 2 });
    expect(JSON.parse(after.propertyJson).fields[0].__vModel__).toBe('reason');

    expect(await admin.post(`${base}/Release/${id}?isRelease=0`)).toMatchObject({ code: 200, msg: '回滚成功' });
    const back = (await admin.get<FlowFormDetail>(`${base}/${id}`)).data as FlowFormDetail;
    expect(back.isRelease).toBe(1);
    expect(JSON.parse(back.draftJson).fields[0].__vModel__).toBe('reason');
  });

  test('bad draft JSON is refused and changes nothing', async () => {
    const reply = await admin.post(base, { ...customForm('leaveBad'), draftJson: '{fields:' });
    expect(reply).toMatchObject({ code: 400, msg: 'draftJson不是有效的 JSON' });
    expect((await list({ keyword: 'leaveBad' })).data?.pagination.total).toBe(0);
  });
});

describe('system forms', () => {
  test('a field list saved and released becomes propertyJson; no form-designer list shows it', async () => {
    const id = await created(systemForm('leaveSys'));
    expect(await admin.post(`${base}/Release/${id}?isRelease=1`)).toMatchObject({ code: 200 });
    const info = (await admin.get<FlowFormDetail>(`${base}/${id}`)).data as FlowFormDetail;
    expect(info).toMatchObject({
      formType: 1,
      flowType: 1,
      urlAddress: 'extend/leaveApply',
      appUrlAddress: '/pages/leave',
      interfaceUrl: '/api/example/LeaveApply',
      enabledMark: 1,
    });
    expect(JSON.parse(info.propertyJson)).toEqual(systemFields);
    const designs = await admin.get<PageData<{ id: string }>>('/api/visualdev/Base', { keyword: 'leaveSys' });
    expect(designs.data?.list).toEqual([]);
  });

  test('a field without its name is refused', async () => {
    const reply = await admin.post(base, {
      ...systemForm('leaveSysBad'),
      draftJson: JSON.stringify([{ filedId: 'x', jnpfKey: 'input', required: false, multiple: false }]),
    });
    expect(reply.code).toBe(400);
    expect(reply.msg).toContain('系统表单字段无效');
  });
});

describe('the 表单设计 list', () => {
  test('filters by formType and isRelease as the client sends them, with the columns it shows', async () => {
    await created(customForm('listCustom'));
    await created(systemForm('listSystem'));
    const systems = await list({ formType: '1' });
    expect(systems.code).toBe(200);
    expect(systems.data?.list.every((r) => r.formType === 1)).toBe(true);
    expect(systems.data?.list.map((r) => r.enCode)).toContain('listSystem');
    const all = await list();
    const row = all.data?.list.find((r) => r.enCode === 'listCustom');
    expect(row).toMatchObject({ formType: 2, flowType: 0, isRelease: 0, enabledMark: 0, sortCode: 0 });
    expect(row?.creatorUser).toMatch(/admin/);
    expect(typeof row?.creatorTime).toBe('number');
    const unreleased = await list({ isRelease: '0' });
    expect(unreleased.data?.list.every((r) => r.isRelease === 0)).toBe(true);
  });
});

describe('copy, delete and the template of a form', () => {
  test('Copy is a GET; getFormById names the template a flow starts it with; a form in use stays', async () => {
    const id = await created(customForm('leaveC'));
    expect(await admin.get(`${base}/${id}/Actions/Copy`)).toMatchObject({ code: 200, msg: '复制成功' });
    expect((await list({ keyword: 'leaveC' })).data?.pagination.total).toBe(2);

    expect((await admin.get<{ id: string }>(`${base}/getFormById/${id}`)).data).toEqual({ id: '' });
    await admin.post(`${base}/Release/${id}?isRelease=1`);
    const adminId = (
      await t.app.db.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const { templateId } = await releasedTemplate(
      admin,
      'leaveFlowC',
      startWith(approver('check', adminId), { formId: id }),
    );
    expect((await admin.get<{ id: string }>(`${base}/getFormById/${id}`)).data).toEqual({ id: templateId });

    expect(await admin.delete(`${base}/${id}`)).toMatchObject({ code: 400, msg: '该表单已被流程引用，无法删除' });
    const copy = (await list({ keyword: 'leaveC' })).data?.list.find((r) => r.id !== id) as FlowFormRow;
    expect(await admin.delete(`${base}/${copy.id}`)).toMatchObject({ code: 200 });
    expect(await admin.get(`${base}/${copy.id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  test('a user without the form-design page is refused the list and the writes', async () => {
    await t.createUser({ account: 'formless' });
    const clerk = await t.signIn('formless', 'Passw0rd');
    expect((await clerk.get(base)).code).toBe(403);
    expect((await clerk.post(base, customForm('clerkForm'))).code).toBe(403);
  });
});
