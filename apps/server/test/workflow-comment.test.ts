import type { FlowCommentRow, FlowNode, PageData } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { multipart } from './helpers/multipart.ts';
import { adminAppWith, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * FlowComment (protocol-workflow.md §2 Extras): whoever may read a task comments on it, with
 * pictures and files uploaded through the file service; the list is newest first and marks the
 * caller's own; only the writer deletes a comment; outsiders neither read nor write. Also the
 * signature a flow asks for on approval (`hasSign`) and the files an approval carries.
 */

const P = '/api/workflow/Engine/flowTemplate';
const C = '/api/workflow/Engine/FlowComment';

let t: TestApp;
let admin: Client;
let alice: Client, bob: Client, eve: Client;
let taskId: string;
let ids: Record<string, string>;

const comments = async (client: Client) =>
  client.get<PageData<FlowCommentRow>>(C, { taskId, currentPage: '1', pageSize: '20' });

beforeAll(async () => {
  ({ t, admin, ids, alice, bob, eve } = await adminAppWith(['alice', 'bob', 'eve']));
  const graph: FlowNode = {
    type: 'start',
    nodeId: 'start',
    properties: { title: '发起' },
    childNode: {
      type: 'approver',
      nodeId: 'a1',
      properties: { title: '审批', assigneeType: 6, approvers: [`${ids.bob}--user`] },
    },
  };
  const created = await admin.post<{ id: string }>(P, {
    fullName: '评论流程',
    enCode: 'comment.flow',
    flowTemplateJson: JSON.stringify([{ id: '', fullName: '评论流程', flowTemplateJson: graph }]),
  });
  const templateId = created.data?.id as string;
  expect(await admin.post(`${P}/Release/${templateId}`)).toMatchObject({ code: 200 });
  const flowId = (await admin.get<{ id: string }[]>(`${P}/FlowJsonList/${templateId}`)).data?.[0]?.id as string;
  const launched = await alice.post<{ id: string }>('/api/workflow/Engine/FlowTask', {
    flowId,
    formData: { note: 'x' },
    status: 0,
  });
  expect(launched).toMatchObject({ code: 200 });
  taskId = launched.data?.id as string;
});
afterAll(() => t.close());

describe('flow comments', () => {
  test('the initiator and the approver comment, with an uploaded file; the list is newest first and marks my own', async () => {
    const uploaded = await alice.call<{ name: string; url: string }>({
      method: 'POST',
      url: '/api/file/Uploader/annex',
      ...multipart({}, { name: '报价.txt', content: 'price list' }),
    });
    expect(uploaded).toMatchObject({ code: 200 });
    const file = JSON.stringify([{ name: '报价.txt', fileId: uploaded.data?.name, url: uploaded.data?.url }]);
    expect(await alice.post(C, { taskId, text: '请尽快审批', file })).toMatchObject({ code: 200, msg: '评论成功' });
    expect(await bob.post(C, { taskId, text: '收到', image: '', file: '' })).toMatchObject({ code: 200 });

    const seen = await comments(alice);
    expect(seen.data?.pagination.total).toBe(2);
    expect(seen.data?.list.map((c) => [c.text, c.creatorUser, c.isDel])).toEqual([
      ['收到', 'bob', 0],
      ['请尽快审批', 'alice', 1],
    ]);
    const own = seen.data?.list[1] as FlowCommentRow;
    expect(JSON.parse(own.file)).toEqual([{ name: '报价.txt', fileId: uploaded.data?.name, url: uploaded.data?.url }]);
    expect(JSON.parse(own.image)).toEqual([]);
    // The file the comment names downloads for a reader: its url answers a one-time link.
    const link = await bob.get<{ url: string }>(uploaded.data?.url as string);
    const download = await t.app.inject({ method: 'GET', url: link.data?.url as string });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('price list');
    expect((await comments(bob)).data?.list.map((c) => c.isDel)).toEqual([1, 0]);
  });

  test('bad input is refused with its reason and changes nothing', async () => {
    const before = (await comments(alice)).data?.pagination.total;
    expect(await alice.post(C, { taskId, text: '  ' })).toMatchObject({ code: 400, msg: '请输入评论内容' });
    expect(await alice.post(C, { taskId, text: 'x', file: 'not json' })).toMatchObject({
      code: 400,
      msg: '评论附件格式错误',
    });
    // A file that does not come from the file service (a script address) is not taken.
    const foreign = JSON.stringify([{ name: 'a', fileId: 'a', url: 'javascript:alert(1)' }]);
    expect(await alice.post(C, { taskId, text: 'x', image: foreign })).toMatchObject({
      code: 400,
      msg: '评论附件格式错误',
    });
    expect(await alice.post(C, { text: 'x' })).toMatchObject({ code: 400 });
    expect((await comments(alice)).data?.pagination.total).toBe(before);
  });

  test('someone who may not read the task neither reads nor writes its comments', async () => {
    expect(await comments(eve)).toMatchObject({ code: 403 });
    expect(await eve.post(C, { taskId, text: '我来看看' })).toMatchObject({ code: 403 });
  });

  test('only the writer deletes a comment', async () => {
    const list = (await comments(alice)).data?.list ?? [];
    const bobs = list.find((c) => c.creatorUserId === ids.bob) as FlowCommentRow;
    expect(await alice.delete(`${C}/${bobs.id}`)).toMatchObject({ code: 400, msg: '只能删除自己的评论' });
    expect(await bob.delete(`${C}/${bobs.id}`)).toMatchObject({ code: 200 });
    expect(await bob.delete(`${C}/${bobs.id}`)).toMatchObject({ code: 400, msg: '评论不存在' });
    expect((await comments(alice)).data?.list.map((c) => c.text)).toEqual(['请尽快审批']);
  });
});

describe('signature and files on approval', () => {
  test('a flow that asks for a signature refuses an agreement without one; the record keeps the signature and the files', async () => {
    const graph: FlowNode = {
      type: 'start',
      nodeId: 'start',
      properties: { title: '发起', hasSign: true },
      childNode: {
        type: 'approver',
        nodeId: 'a1',
        properties: { title: '签名审批', assigneeType: 6, approvers: [`${ids.bob}--user`] },
      },
    };
    const created = await admin.post<{ id: string }>(P, {
      fullName: '签名流程',
      enCode: 'sign.flow',
      flowTemplateJson: JSON.stringify([{ id: '', fullName: '签名流程', flowTemplateJson: graph }]),
    });
    expect(await admin.post(`${P}/Release/${created.data?.id}`)).toMatchObject({ code: 200 });
    const flowId = (await admin.get<{ id: string }[]>(`${P}/FlowJsonList/${created.data?.id}`)).data?.[0]?.id;
    const launched = await alice.post<{ id: string }>('/api/workflow/Engine/FlowTask', {
      flowId,
      formData: {},
      status: 0,
    });
    const signedTask = launched.data?.id as string;
    const rows = await bob.get<PageData<{ id: string; processId: string }>>('/api/workflow/Engine/FlowBefore/List/1');
    const row = rows.data?.list.find((r) => r.processId === signedTask);
    const B = '/api/workflow/Engine/FlowBefore';
    expect(await bob.post(`${B}/Audit/${row?.id}`, { handleOpinion: '同意' })).toMatchObject({
      code: 400,
      msg: '请签名',
    });
    expect(await bob.post(`${B}/Reject/${row?.id}`, { handleOpinion: '不行', signImg: ' ' })).toMatchObject({
      code: 400,
      msg: '请签名',
    });
    const signImg = 'data:image/png;base64,iVBORw0KGgo=';
    const fileList = [{ name: '意见.txt', fileId: 'f1', url: '/api/file/Download/x' }];
    expect(await bob.post(`${B}/Audit/${row?.id}`, { handleOpinion: '同意', signImg, fileList })).toMatchObject({
      code: 200,
    });
    const records = await alice.get<{ handleStatus: number; signImg: string; fileList: string }[]>(
      `${B}/RecordList/${signedTask}`,
    );
    const agreed = records.data?.find((r) => r.handleStatus === 1);
    expect(agreed?.signImg).toBe(signImg);
    expect(JSON.parse(agreed?.fileList ?? '[]')).toEqual(fileList);
  });
});
