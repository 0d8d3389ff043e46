import type { FlowNode, PageData } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import { businessType } from './helpers/dictionaries.ts';
import { field } from './helpers/form-fields.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';
import { approver, releasedTemplate, todoRows } from './helpers/workflow-flows.ts';

/**
 * A flow launched from a generated form is a record of it (protocol-workflow.md 1: task id =
 * record id): the launch saves the row with its auto-filled fields in the launch's transaction,
 * drafts too, and the row's flowState follows the task. Empty sub-table rows are not saved.
 */

const task = '/api/workflow/Engine/FlowTask';
const records = '/api/visualdev/OnlineDev';
let t: TestApp;
let admin: Client;
let alice: Client;
let bob: Client;
let aliceId: string;
let rootName: string;
let formId: string;
let flowId: string;
let bobId: string;

type Row = Record<string, unknown> & { id: string; flowState: number };

const form = () => ({
  fields: [
    field('input', 'title', '事由', { required: true }),
    field('billRule', 'billNo', '单据编号', { rule: 'expense.no' }),
    field('createUser', 'creator', '创建人'),
    field('createTime', 'createdAt', '创建时间'),
    field('currOrganize', 'company', '所属组织'),
    field('modifyUser', 'modifier', '修改人'),
    {
      __vModel__: 'items',
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [
          field('input', 'item', '物品', { required: true }),
          field('inputNumber', 'count', '数量'),
          field('switch', 'paid', '已付'),
        ],
      },
    },
  ],
});

const rows = async (): Promise<Row[]> =>
  (await admin.post<PageData<Row>>(`${records}/${formId}/List`, { pageSize: 500 })).data?.list ?? [];
const rowOf = async (id: string) => (await rows()).find((r) => r.id === id);
const recordOf = async (id: string) => {
  const info = await admin.get<{ data: string }>(`${records}/${formId}/${id}`);
  expect(info).toMatchObject({ code: 200 });
  return JSON.parse(info.data?.data ?? '{}') as Record<string, unknown> & { items: Record<string, unknown>[] };
};

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  aliceId = await t.createUser({ account: 'alice', realName: '爱丽丝' });
  bobId = await t.createUser({ account: 'bob', realName: '鲍勃' });
  const root = await t.app.db
    .selectFrom('organize')
    .select(['id', 'fullName'])
    .where('parentId', '=', '-1')
    .executeTakeFirstOrThrow();
  rootName = root.fullName;
  await t.app.db
    .insertInto('userRelation')
    .values({ id: newId(), userId: aliceId, objectType: 'Organize', objectId: root.id })
    .execute();
  alice = await t.signIn('alice', 'Passw0rd');
  bob = await t.signIn('bob', 'Passw0rd');

  const rule = await admin.post(`/api/system/BillRule`, {
    fullName: '报销单号',
    enCode: 'expense.no',
    category: await businessType(t),
    type: 1,
    prefix: 'BX',
    dateFormat: 'no',
    digit: 4,
    startNumber: '0001',
  });
  expect(rule).toMatchObject({ code: 200 });
  const created = await admin.post<{ id: string }>('/api/visualdev/Base', {
    fullName: '报销单',
    enCode: 'expense',
    webType: 2,
    enableFlow: 1,
    formData: JSON.stringify(form()),
    columnData: JSON.stringify({ columnList: [{ prop: 'title', label: '事由' }] }),
  });
  formId = created.data?.id as string;
  expect(await admin.post(`/api/visualdev/Base/${formId}/Actions/Release`)).toMatchObject({ code: 200 });
  const graph: FlowNode = {
    type: 'start',
    nodeId: 'start',
    properties: { title: '发起', formId },
    childNode: approver('check', [bobId]),
  };
  ({ flowId } = await releasedTemplate(admin, 'expense.flow', graph));
});
afterAll(() => t.close());

describe('a launch without a record', () => {
  test('creates the row under the task id with its bill number, creator, time and organisation; the list shows it pending', async () => {
    const before = Date.now();
    const launched = await alice.post<{ id: string }>(task, {
      id: '',
      flowId,
      status: 0,
      formData: {
        title: '差旅',
        // What a person sends for the system fields is ignored.
        billNo: 'MINE',
        creator: 'someone',
        items: [{ item: '机票', count: 1 }, { item: '', count: null, paid: 0 }, {}],
      },
    });
    expect(launched).toMatchObject({ code: 200, msg: '提交成功' });
    const id = launched.data?.id as string;

    expect(await rowOf(id)).toMatchObject({
      flowState: 1,
      title: '差旅',
      billNo: 'BX0001',
      creator: '爱丽丝/alice',
      company: rootName,
    });
    const record = await recordOf(id);
    expect(record.createdAt as number).toBeGreaterThanOrEqual(before - 1000);
    // Empty sub-table rows are not saved.
    expect(record.items).toEqual([expect.objectContaining({ item: '机票', count: 1 })]);

    // The flow's detail carries the values as saved: the number and the creator by name.
    const detail = await alice.get<{ formData: Record<string, unknown> }>(`/api/workflow/Engine/FlowBefore/${id}`);
    expect(detail.data?.formData).toMatchObject({ title: '差旅', billNo: 'BX0001', creator: '爱丽丝/alice' });

    // Approved: the row says so.
    const todo = (await todoRows(bob)).find((r) => r.processId === id);
    expect(await bob.post(`/api/workflow/Engine/FlowBefore/Audit/${todo?.id}`, {})).toMatchObject({ code: 200 });
    expect((await rowOf(id))?.flowState).toBe(2);
  });

  test('a draft is a row in draft state; submitting it again saves the same row', async () => {
    const draft = await alice.post<{ id: string }>(task, {
      flowId,
      status: 1,
      formData: { title: '草稿', items: [{ item: '酒店', count: 2 }] },
    });
    expect(draft).toMatchObject({ code: 200 });
    const id = draft.data?.id as string;
    const saved = await rowOf(id);
    expect(saved).toMatchObject({ flowState: 0, title: '草稿', creator: '爱丽丝/alice' });
    const count = (await rows()).length;

    const submitted = await alice.put(`${task}/${id}`, {
      id,
      flowId,
      status: 0,
      formData: { ...(await recordOf(id)), title: '草稿改', items: [{ item: '酒店', count: 3 }, { count: '' }] },
    });
    expect(submitted).toMatchObject({ code: 200, data: { id } });
    expect(await rows()).toHaveLength(count);
    // Same number and creator; the modifier is now filled.
    expect(await rowOf(id)).toMatchObject({
      flowState: 1,
      title: '草稿改',
      billNo: saved?.billNo,
      creator: '爱丽丝/alice',
      modifier: '爱丽丝/alice',
    });
    expect((await recordOf(id)).items).toEqual([expect.objectContaining({ item: '酒店', count: 3 })]);
  });

  test('a refused launch leaves no row and takes no number', async () => {
    const count = (await rows()).length;
    const numbers = (await rows()).map((r) => String(r.billNo)).sort();
    expect(await alice.post(task, { flowId, status: 0, formData: { title: '', items: [] } })).toMatchObject({
      code: 400,
      msg: '事由不能为空',
    });
    expect(
      await alice.post(task, { flowId, status: 0, formData: { title: 'x', items: [{ count: 1 }] } }),
    ).toMatchObject({ code: 400, msg: '明细(1).物品不能为空' });
    expect(await rows()).toHaveLength(count);
    const next = await alice.post<{ id: string }>(task, { flowId, status: 1, formData: { title: '下一张' } });
    const last = numbers[numbers.length - 1] as string;
    expect((await rowOf(next.data?.id as string))?.billNo).toBe(
      `BX${String(Number(last.slice(2)) + 1).padStart(4, '0')}`,
    );
  });

  test('a row someone else created is refused and stays as it was', async () => {
    const mine = await admin.post<{ id: string }>(`${records}/${formId}`, {
      data: JSON.stringify({ title: '管理员的', items: [] }),
    });
    const id = mine.data?.id as string;
    expect(await bob.post(task, { id, flowId, status: 0, formData: { title: '改掉' } })).toMatchObject({
      code: 400,
      msg: '该任务不属于您，无法操作',
    });
    expect(await rowOf(id)).toMatchObject({ title: '管理员的', flowState: 0 });
    expect((await bob.get(`/api/workflow/Engine/FlowBefore/${id}`)).code).not.toBe(200);
  });
});

describe("an approver's changes", () => {
  test('reach the record for the fields its node lets it write, with the approver as modifier; the others stay', async () => {
    const graph: FlowNode = {
      type: 'start',
      nodeId: 'start',
      properties: { title: '发起', formId },
      childNode: approver('check', [bobId], {
        formOperates: [
          { id: 'title', read: true, write: true },
          { id: 'items', read: true, write: false },
        ],
      }),
    };
    const edited = await releasedTemplate(admin, 'expense.edit', graph);
    const launched = await alice.post<{ id: string }>(task, {
      id: '',
      flowId: edited.flowId,
      status: 0,
      formData: { title: '原事由', items: [{ item: '纸', count: 1 }] },
    });
    expect(launched).toMatchObject({ code: 200 });
    const id = launched.data?.id as string;

    const todo = (await todoRows(bob)).find((r) => r.processId === id);
    const audit = await bob.post(`/api/workflow/Engine/FlowBefore/Audit/${todo?.id}`, {
      formData: { title: '审批人改的事由', items: [{ item: '不许改', count: 9 }] },
    });
    expect(audit).toMatchObject({ code: 200 });
    expect(await rowOf(id)).toMatchObject({ title: '审批人改的事由', modifier: '鲍勃/bob', flowState: 2 });
    expect((await recordOf(id)).items).toEqual([expect.objectContaining({ item: '纸', count: 1 })]);
    // The task carries the same values as the record.
    const detail = await alice.get<{ formData: Record<string, unknown> }>(`/api/workflow/Engine/FlowBefore/${id}`);
    expect(detail.data?.formData).toMatchObject({ title: '审批人改的事由', modifier: '鲍勃/bob' });
  });

  test('a change the form refuses is refused with its message and changes neither the record nor the task', async () => {
    const launched = await alice.post<{ id: string }>(task, {
      id: '',
      flowId,
      status: 0,
      formData: { title: '不可清空', items: [] },
    });
    const id = launched.data?.id as string;
    const todo = (await todoRows(bob)).find((r) => r.processId === id);
    expect(
      await bob.post(`/api/workflow/Engine/FlowBefore/Audit/${todo?.id}`, { formData: { title: '' } }),
    ).toMatchObject({ code: 400, msg: '事由不能为空' });
    expect(await rowOf(id)).toMatchObject({ title: '不可清空', flowState: 1 });
    expect((await todoRows(bob)).some((r) => r.processId === id)).toBe(true);
  });
});

describe('empty sub-table rows', () => {
  test('are not saved when a record is created or edited on its page', async () => {
    const created = await admin.post<{ id: string }>(`${records}/${formId}`, {
      data: JSON.stringify({ title: '页面', items: [{}, { item: '笔', count: 1, paid: 1 }, { item: '', paid: 0 }] }),
    });
    expect(created).toMatchObject({ code: 200 });
    const id = created.data?.id as string;
    expect((await recordOf(id)).items).toEqual([expect.objectContaining({ item: '笔', count: 1, paid: 1 })]);
    const record = await recordOf(id);
    expect(
      await admin.put(`${records}/${formId}/${id}`, {
        data: JSON.stringify({ ...record, items: [...record.items, { item: null, count: null }] }),
      }),
    ).toMatchObject({ code: 200 });
    expect((await recordOf(id)).items).toHaveLength(1);
    // A row with only a switch turned on is a row a person filled: its empty required cell is named.
    expect(
      await admin.put(`${records}/${formId}/${id}`, { data: JSON.stringify({ ...record, items: [{ paid: 1 }] }) }),
    ).toMatchObject({ code: 400, msg: '明细(1).物品不能为空' });
  });
});
