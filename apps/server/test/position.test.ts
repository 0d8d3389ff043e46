import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { crudContract } from './helpers/crud-contract.ts';
import { appWithDepartment } from './helpers/organize-fixture.ts';
import type { Client, TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
let rootId: string;
let deptId: string;

beforeAll(async () => {
  ({ t, admin, rootId, deptId } = await appWithDepartment({ fullName: '销售部', enCode: 'sales' }));
});
afterAll(() => t.close());

const create = (fields: Record<string, unknown>) =>
  admin.post<{ id: string }>('/api/permission/Position', { organizeId: deptId, ...fields });

describe('positions', () => {
  test('a position names its department and is listed under every organisation above it', async () => {
    const id = (await create({ fullName: '销售经理', enCode: 'sales.mgr', type: '管理', description: '带队' })).data!
      .id;
    expect((await admin.get(`/api/permission/Position/${id}`)).data).toMatchObject({
      id,
      organizeId: deptId,
      department: '销售部',
      type: '管理',
      enabledMark: 1,
    });
    for (const organizeId of [rootId, deptId]) {
      const list = await admin.get<{ list: { id: string }[] }>('/api/permission/Position', {
        organizeId,
        keyword: '经理',
      });
      expect(list.data!.list.map((p) => p.id)).toEqual([id]);
    }
    const elsewhere = (
      await admin.post<{ id: string }>('/api/permission/Organize/Department', {
        parentId: rootId,
        fullName: '别部',
        enCode: 'elsewhere',
      })
    ).data!.id;
    expect(
      (await admin.get<{ list: unknown[] }>('/api/permission/Position', { organizeId: elsewhere })).data!.list,
    ).toEqual([]);
    await admin.delete(`/api/permission/Position/${id}`);
  });

  test('lookups: All, Selector, getListByOrgIds, PositionCondition', async () => {
    const id = (await create({ fullName: '销售代表', enCode: 'sales.rep' })).data!.id;
    const all = await admin.get<{ list: { id: string }[] }>('/api/permission/Position/All');
    expect(all.data!.list.map((p) => p.id)).toContain(id);
    const tree = await admin.get<{
      list: { id: string; children: { id: string; children: { id: string; type: string }[] }[] }[];
    }>('/api/permission/Position/Selector');
    const dept = tree.data!.list[0]!.children.find((c) => c.id === deptId)!;
    expect(dept.children).toEqual([expect.objectContaining({ id, type: 'position' })]);
    const byOrg = await admin.post<{ list: { id: string; children: { id: string }[] }[] }>(
      '/api/permission/Position/getListByOrgIds',
      {
        organizeIds: [deptId, 'ghost'],
      },
    );
    expect(byOrg.data!.list.map((o) => [o.id, o.children.map((c) => c.id)])).toEqual([[deptId, [id]]]);
    const cond = await admin.post<{ list: { id: string }[] }>('/api/permission/Position/PositionCondition', {
      departIds: [rootId],
      keyword: '代表',
    });
    expect(cond.data!.list.map((p) => p.id)).toEqual([id]);
    expect(await admin.post('/api/permission/Position/getListByOrgIds', {})).toMatchObject({
      code: 400,
      msg: '缺少必填字段 organizeIds',
    });
  });

  test('bad input, unknown organisation, delete while held', async () => {
    expect(await create({ fullName: 'x', enCode: 'x1', sortCode: -1 })).toMatchObject({
      code: 400,
      msg: '字段 sortCode 不能小于 0',
    });
    expect(await create({ fullName: 'x', enCode: 'x1', enabledMark: 5 })).toMatchObject({ code: 400 });
    expect(
      await admin.post('/api/permission/Position', { organizeId: 'ghost', fullName: 'x', enCode: 'x1' }),
    ).toMatchObject({
      code: 400,
      msg: '所属组织不存在',
    });
    const id = (await create({ fullName: '唯一', enCode: 'only.one' })).data!.id;
    await admin.post('/api/permission/Users', {
      account: 'holder',
      realName: '持有人',
      organizeId: deptId,
      positionId: id,
    });
    expect(await admin.delete(`/api/permission/Position/${id}`)).toMatchObject({
      code: 400,
      msg: '该岗位下存在用户，不能删除',
    });
  });
});

describe('positions: the administration list and form', () => {
  crudContract(
    { base: '/api/permission/Position', fields: () => ({ organizeId: deptId }), codeTaken: '岗位编码已存在' },
    () => ({ t, admin }),
  );
});
