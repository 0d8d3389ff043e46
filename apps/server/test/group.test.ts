import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { crudContract } from './helpers/crud-contract.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

describe('groups', () => {
  test('selector and condition list enabled groups; deleting a group drops its memberships', async () => {
    const id = (
      await admin.post<{ id: string }>('/api/permission/Group', { fullName: '读书会', enCode: 'books', type: '兴趣' })
    ).data!.id;
    expect((await admin.get(`/api/permission/Group/${id}`)).data).toMatchObject({ type: '兴趣' });
    const selector = await admin.get<{ list: { id: string }[] }>('/api/permission/Group/Selector');
    expect(selector.data!.list.map((g) => g.id)).toContain(id);
    expect(
      (
        await admin.post<{ list: { id: string }[] }>('/api/permission/Group/GroupCondition', { ids: [id, 'x'] })
      ).data!.list.map((g) => g.id),
    ).toEqual([id]);
    const root = (
      await t.app.db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow()
    ).id;
    const user = (
      await admin.post<{ id: string }>('/api/permission/Users', {
        account: 'reader',
        realName: 'x',
        organizeId: root,
        groupId: id,
      })
    ).data!.id;
    expect((await admin.get<{ groupId: string }>(`/api/permission/Users/${user}`)).data!.groupId).toBe(id);
    expect(await admin.delete(`/api/permission/Group/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await admin.get<{ groupId: string }>(`/api/permission/Users/${user}`)).data!.groupId).toBe('');
  });
});

describe('groups: the administration list and form', () => {
  crudContract(
    { base: '/api/permission/Group', fields: () => ({ type: '兴趣' }), codeTaken: '分组编码已存在' },
    () => ({
      t,
      admin,
    }),
  );
});
