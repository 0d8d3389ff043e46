import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mainSystemId } from './helpers/form-menu.ts';
import { type Client, type TestApp, testApp } from './helpers/test-app.ts';
import { TestSocket } from './helpers/ws-client.ts';

let t: TestApp;
let base: string;
let admin: Client;
let alice: Client;
let bobId: string;
let bob: Client;
let mainId: string;

beforeAll(async () => {
  t = await testApp({ socketHeartbeatMs: 60_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await t.createUser({ account: 'alice' });
  bobId = await t.createUser({ account: 'bob' });
  admin = await t.signIn();
  alice = await t.signIn('alice', 'Passw0rd');
  bob = await t.signIn('bob', 'Passw0rd');
  mainId = await mainSystemId(t);
});
afterAll(() => t.close());

async function opened(client: Client) {
  const socket = await TestSocket.open(base, client.token!);
  await socket.next('initMessage');
  return socket;
}

describe('menu changes reach open tabs', () => {
  test('a new menu tells every open tab to read its menu again, once for the change', async () => {
    const [adminTab, adminOtherTab, aliceTab] = await Promise.all([opened(admin), opened(admin), opened(alice)]);
    const created = await admin.post<string>('/api/system/Menu', {
      systemId: mainId,
      parentId: '-1',
      fullName: '新菜单',
      enCode: 'pushed',
      type: 0,
    });
    expect(created.code).toBe(200);
    expect(await adminTab.next('menuChanged')).toEqual({ method: 'menuChanged' });
    expect(await adminOtherTab.next('menuChanged')).toEqual({ method: 'menuChanged' });
    expect(await aliceTab.next('menuChanged')).toEqual({ method: 'menuChanged' });
    // What CurrentUser then answers has the menu: the push is worth acting on.
    const current = await admin.get<{ menuList: { enCode: string }[] }>('/api/oauth/CurrentUser');
    expect(current.data?.menuList.map((m) => m.enCode)).toContain('pushed');

    // A burst of changes is one frame, not one per change.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(adminTab.frames.filter((f) => f.method === 'menuChanged')).toEqual([]);
    await Promise.all([adminTab.close(), adminOtherTab.close(), aliceTab.close()]);
  });

  test('a change that names its users reaches those only', async () => {
    const [aliceTab, bobTab] = await Promise.all([opened(alice), opened(bob)]);
    await t.app.bus.publish({ type: 'authorize.changed', userIds: [bobId] });
    expect(await bobTab.next('menuChanged')).toEqual({ method: 'menuChanged' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(aliceTab.frames.filter((f) => f.method === 'menuChanged')).toEqual([]);
    await Promise.all([aliceTab.close(), bobTab.close()]);
  });
});

describe('whom a user without a menu asks', () => {
  test('the super administrators, until its organisation has a tiered administrator', async () => {
    const before = await alice.get<{ account: string; realName: string; organizeName: string }[]>(
      '/api/permission/Users/Current/Administrators',
    );
    expect(before).toMatchObject({ code: 200 });
    expect(before.data).toEqual([{ account: 'admin', realName: expect.any(String), organizeName: '' }]);

    const carolId = await t.createUser({ account: 'carol', realName: '卡罗尔' });
    const root = await t.app.db
      .selectFrom('organize')
      .select(['id', 'fullName'])
      .where('parentId', '=', '-1')
      .executeTakeFirstOrThrow();
    const made = await admin.post('/api/permission/organizeAdminIsTrator', {
      userId: carolId,
      orgAdminModel: [{ organizeId: root.id, thisLayerAdd: 1, thisLayerEdit: 1, thisLayerSelect: 1 }],
    });
    expect(made.code, made.msg).toBe(200);
    const after = await alice.get('/api/permission/Users/Current/Administrators');
    expect(after.data).toEqual([{ account: 'carol', realName: '卡罗尔', organizeName: root.fullName }]);
    // Carol herself is not told to ask herself: she gets the super administrators.
    const carol = await t.signIn('carol', 'Passw0rd');
    expect((await carol.get<{ account: string }[]>('/api/permission/Users/Current/Administrators')).data).toEqual([
      expect.objectContaining({ account: 'admin' }),
    ]);
  });
});
