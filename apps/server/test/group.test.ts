import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn();
});
afterAll(() => t.close());

describe('groups', () => {
  test('create, list, update, selector, condition, delete with memberships', async () => {
    const id = (
      await admin.post<{ id: string }>('/api/permission/Group', { fullName: '读书会', enCode: 'books', type: '兴趣' })
    ).data!.id;
    const list = await admin.get<{ list: { id: string; type: string }[]; pagination: { total: number } }>(
      '/api/permission/Group',
      {
        keyword: '读书',
      },
    );
    expect(list.data).toMatchObject({ list: [{ id, type: '兴趣' }], pagination: { total: 1 } });
    expect(await admin.put(`/api/permission/Group/${id}`, { id, fullName: '读书社', enCode: 'books' })).toMatchObject({
      code: 200,
    });
    expect((await admin.get(`/api/permission/Group/${id}`)).data).toMatchObject({ fullName: '读书社' });
    expect(
      (await admin.get<{ list: { id: string }[] }>('/api/permission/Group/Selector')).data!.list.map((g) => g.id),
    ).toEqual([id]);
    expect(
      (await admin.post<{ list: { id: string }[] }>('/api/permission/Group/GroupCondition', { ids: [id, 'x'] })).data!
        .list,
    ).toHaveLength(1);
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

  test('bad input, duplicates, unknown ids, no grants', async () => {
    expect(await admin.post('/api/permission/Group', { enCode: 'g' })).toMatchObject({
      code: 400,
      msg: '缺少必填字段 fullName',
    });
    expect(
      await admin.post('/api/permission/Group', { fullName: 'g', enCode: 'g', description: 'x'.repeat(501) }),
    ).toMatchObject({
      code: 400,
      msg: '字段 description 不能超过 500 个字符',
    });
    await admin.post('/api/permission/Group', { fullName: 'g', enCode: 'gg' });
    expect(await admin.post('/api/permission/Group', { fullName: 'g2', enCode: 'GG' })).toMatchObject({
      code: 400,
      msg: '分组编码已存在',
    });
    expect(await admin.put('/api/permission/Group/ghost', { fullName: 'g', enCode: 'g3' })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await admin.delete('/api/permission/Group/ghost')).toMatchObject({ code: 400, msg: '数据不存在' });
    await t.createUser({ account: 'nogroup', password: 'Passw0rd' });
    const plain = await t.signIn('nogroup', 'Passw0rd');
    expect(await plain.get('/api/permission/Group')).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await plain.post('/api/permission/Group', { fullName: 'g', enCode: 'g9' })).toMatchObject({ code: 403 });
  });
});
