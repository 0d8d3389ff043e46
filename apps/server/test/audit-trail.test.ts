import type { AuditChange, LogRow } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appWithDepartment } from './helpers/organize-fixture.ts';
import type { Client, Reply, TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Client;
let rootId: string;
let deptId: string;

/** Where the administrator works from in these tests: the entries must name it. */
const address = '10.20.30.40';

beforeAll(async () => {
  ({ t, admin, rootId, deptId } = await appWithDepartment({ fullName: '审计部', enCode: 'audit' }));
});
afterAll(() => t.close());

/** A call of the administrator from `address`. */
function call<T = unknown>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<Reply<T>> {
  return admin.call<T>({ method, url, remoteAddress: address, ...(payload ? { payload } : {}) });
}

/** The newest operation entry, read back as the 3.6 client's log page asks for it. */
async function latestEntry(): Promise<LogRow> {
  await t.app.operationLog.flush();
  const page = await admin.get<{ list: LogRow[] }>('/api/system/Log', { category: '2', pageSize: '1' });
  expect(page.code).toBe(200);
  return page.data!.list[0]!;
}

/** The change of one field of an entry. */
function changeOf(entry: LogRow, field: string): AuditChange | undefined {
  return entry.changes.find((change) => change.field === field);
}

const idsOf = (items: { id: string }[] | undefined) => (items ?? []).map((item) => item.id).sort();

async function createRole(fullName: string, enCode: string): Promise<string> {
  const created = await admin.post<{ id: string }>('/api/permission/Role', { fullName, enCode, globalMark: 1 });
  expect(created.code).toBe(200);
  return created.data!.id;
}

const userForm = (fields: Record<string, unknown>) => ({
  account: 'zhangsan',
  realName: '张三',
  organizeId: deptId,
  roleId: '',
  ...fields,
});

describe('audit trail of administrative changes', () => {
  let userId: string;
  let clerkRole: string;
  let managerRole: string;

  beforeAll(async () => {
    clerkRole = await createRole('办事员', 'clerk');
    managerRole = await createRole('经理', 'manager');
    const created = await admin.post<{ id: string }>('/api/permission/Users', userForm({ roleId: clerkRole }));
    expect(created.code).toBe(200);
    userId = created.data!.id;
  });

  test('a user’s name and roles: actor, address, object, old and new name, roles added and removed', async () => {
    const saved = await call(
      'PUT',
      `/api/permission/Users/${userId}`,
      userForm({ id: userId, realName: '张三丰', roleId: managerRole }),
    );
    expect(saved.code).toBe(200);
    const entry = await latestEntry();
    expect(entry).toMatchObject({
      userName: '管理员/admin',
      ipAddress: address,
      requestMethod: 'PUT',
      requestURL: `/api/permission/Users/${userId}`,
      objectType: 'user',
      objectId: userId,
      objectName: '张三丰/zhangsan',
    });
    expect(entry.creatorTime).toBeGreaterThan(Date.now() - 60_000);
    expect(changeOf(entry, 'realName')).toEqual({ field: 'realName', before: '张三', after: '张三丰' });
    expect(changeOf(entry, 'roles')).toEqual({
      field: 'roles',
      added: [{ id: managerRole, name: '经理' }],
      removed: [{ id: clerkRole, name: '办事员' }],
    });
    // Fields nobody changed are not listed.
    expect(changeOf(entry, 'account')).toBeUndefined();
    expect(changeOf(entry, 'organizes')).toBeUndefined();
  });

  test('a user created: every field it was given, no "before"', async () => {
    const created = await call<{ id: string }>(
      'POST',
      '/api/permission/Users',
      userForm({ account: 'lisi', realName: '李四', roleId: clerkRole }),
    );
    expect(created.code).toBe(200);
    const entry = await latestEntry();
    expect(entry).toMatchObject({ objectType: 'user', objectId: created.data!.id, objectName: '李四/lisi' });
    expect(changeOf(entry, 'realName')).toEqual({ field: 'realName', before: null, after: '李四' });
    expect(changeOf(entry, 'roles')).toEqual({
      field: 'roles',
      added: [{ id: clerkRole, name: '办事员' }],
      removed: [],
    });
  });

  test('a role’s members as the user form changes them, and a role edit', async () => {
    const role = await admin.call<{ id: string; fullName: string; enCode: string }>({
      method: 'GET',
      url: `/api/permission/Role/${managerRole}`,
    });
    expect(role.code).toBe(200);
    const saved = await call('PUT', `/api/permission/Role/${managerRole}`, {
      id: managerRole,
      fullName: '部门经理',
      enCode: 'manager',
      globalMark: 1,
    });
    expect(saved.code).toBe(200);
    const entry = await latestEntry();
    expect(entry).toMatchObject({ objectType: 'role', objectId: managerRole, objectName: '部门经理' });
    expect(entry.changes).toEqual([{ field: 'fullName', before: '经理', after: '部门经理' }]);

    // The role's members change through the user form (roleId): the role's list says who came.
    await call(
      'PUT',
      `/api/permission/Users/${userId}`,
      userForm({ id: userId, realName: '张三丰', roleId: `${managerRole},${clerkRole}` }),
    );
    const added = await latestEntry();
    expect(changeOf(added, 'roles')).toEqual({
      field: 'roles',
      added: [{ id: clerkRole, name: '办事员' }],
      removed: [],
    });
  });

  test('a password reset: recorded as changed, never its value', async () => {
    const digest = 'e10adc3949ba59abbe56e057f20f883e';
    const reset = await call('POST', `/api/permission/Users/${userId}/Actions/ResetPassword`, {
      userPassword: digest,
      validatePassword: digest,
    });
    expect(reset.code).toBe(200);
    const entry = await latestEntry();
    expect(entry).toMatchObject({ objectType: 'user', objectId: userId });
    expect(changeOf(entry, 'passwordHash')).toEqual({ field: 'passwordHash', before: '***', after: '***' });
    expect(JSON.stringify(entry)).not.toContain('argon2');
    expect(JSON.stringify(entry)).not.toContain(digest);
  });

  test('a permission group’s members: who was added and removed', async () => {
    const group = await admin.post<{ id: string }>('/api/permission/PermissionGroup', {
      fullName: '审计组',
      enCode: 'auditGroup',
      enabledMark: 1,
    });
    const groupId = group.data!.id;
    const url = `/api/permission/PermissionGroup/PermissionMember/${groupId}`;
    expect((await call('POST', url, { ids: [`${userId}--user`] })).code).toBe(200);
    const first = await latestEntry();
    expect(first).toMatchObject({
      objectType: 'permissionGroup',
      objectId: groupId,
      objectName: '审计组',
      ipAddress: address,
    });
    expect(changeOf(first, 'members')).toEqual({
      field: 'members',
      added: [{ id: `${userId}--user`, name: '张三丰/zhangsan' }],
      removed: [],
    });

    expect((await call('PUT', url, { ids: [`${clerkRole}--role`] })).code).toBe(200);
    const second = await latestEntry();
    expect(changeOf(second, 'members')).toEqual({
      field: 'members',
      added: [{ id: `${clerkRole}--role`, name: '办事员' }],
      removed: [{ id: `${userId}--user`, name: '张三丰/zhangsan' }],
    });
  });

  test('a grant: the menus a holder gained and lost, by name', async () => {
    const menus = await t.app.db
      .selectFrom('menu')
      .select(['id', 'fullName'])
      .where('enCode', 'in', ['permission.user', 'permission.role'])
      .orderBy('enCode', 'desc')
      .execute();
    const [userMenu, roleMenu] = menus;
    const url = `/api/permission/Authority/Data/${userId}`;
    expect((await call('PUT', url, { objectType: 'User', module: [userMenu!.id] })).code).toBe(200);
    const first = await latestEntry();
    expect(first).toMatchObject({ objectType: 'grants', objectId: userId, objectName: '张三丰/zhangsan' });
    expect(changeOf(first, 'module')).toEqual({
      field: 'module',
      added: [{ id: userMenu!.id, name: userMenu!.fullName }],
      removed: [],
    });

    expect((await call('PUT', url, { objectType: 'User', module: [roleMenu!.id] })).code).toBe(200);
    const second = await latestEntry();
    expect(changeOf(second, 'module')).toEqual({
      field: 'module',
      added: [{ id: roleMenu!.id, name: roleMenu!.fullName }],
      removed: [{ id: userMenu!.id, name: userMenu!.fullName }],
    });
  });

  test('a menu’s holders, and one grant given to several holders at once', async () => {
    const menu = await t.app.db
      .selectFrom('menu')
      .select(['id', 'fullName'])
      .where('enCode', '=', 'permission.position')
      .executeTakeFirstOrThrow();
    expect(
      (await call('PUT', `/api/permission/Authority/Model/${menu.id}/Role`, { objectIds: [clerkRole] })).code,
    ).toBe(200);
    const holders = await latestEntry();
    expect(holders).toMatchObject({ objectType: 'menuHolders', objectId: menu.id, objectName: menu.fullName });
    expect(changeOf(holders, 'Role')).toEqual({
      field: 'Role',
      added: [{ id: clerkRole, name: '办事员' }],
      removed: [],
    });

    const batch = await call('POST', '/api/permission/Authority/Data/Batch', {
      roleIds: [managerRole],
      userIds: [userId],
      module: [menu.id],
    });
    expect(batch.code).toBe(200);
    const entry = await latestEntry();
    expect(entry).toMatchObject({ objectType: 'grants', objectId: `${managerRole},${userId}` });
    // Each change names its holder when one call changed several.
    expect(entry.changes.filter((change) => change.field === 'module').map((change) => change.objectId)).toEqual([
      managerRole,
      userId,
    ]);
  });

  test('a tiered administrator’s rights: per organisation, old and new; ending them', async () => {
    const url = '/api/permission/organizeAdminIsTrator';
    const save = (rights: Record<string, number>) =>
      call('POST', url, { userId, orgAdminModel: [{ organizeId: deptId, ...rights }] });
    expect((await save({ thisLayerSelect: 1 })).code).toBe(200);
    const granted = await latestEntry();
    expect(granted).toMatchObject({
      objectType: 'organizeAdministrator',
      objectId: userId,
      objectName: '张三丰/zhangsan',
    });
    expect(granted.changes).toEqual([{ field: '审计部', before: null, after: 'this: select; sub: -' }]);

    expect((await save({ thisLayerSelect: 1, thisLayerEdit: 1, subLayerSelect: 1 })).code).toBe(200);
    const widened = await latestEntry();
    expect(widened.changes).toEqual([
      { field: '审计部', before: 'this: select; sub: -', after: 'this: edit,select; sub: select' },
    ]);

    const row = await t.app.db
      .selectFrom('organizeAdministrator')
      .select('id')
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `${url}/${row.id}`)).code).toBe(200);
    const ended = await latestEntry();
    // The row named in the path stands for its user's rights.
    expect(ended).toMatchObject({
      objectType: 'organizeAdministrator',
      objectId: row.id,
      objectName: '张三丰/zhangsan',
    });
    expect(ended.changes).toEqual([{ field: '审计部', before: 'this: edit,select; sub: select', after: null }]);
  });

  test('system configuration: a plain value old and new; a secret masked on both sides', async () => {
    const before = await admin.get<{ sysName: string }>('/api/system/SysConfig');
    expect((await call('PUT', '/api/system/SysConfig', { sysName: '审计平台' })).code).toBe(200);
    const named = await latestEntry();
    expect(named).toMatchObject({ objectType: 'sysConfig', objectId: '', ipAddress: address });
    expect(named.changes).toEqual([{ field: 'sysName', before: before.data!.sysName || null, after: '审计平台' }]);

    const secret = 'Smtp-Secret-4711';
    expect((await call('PUT', '/api/system/SysConfig', { emailPassword: secret })).code).toBe(200);
    const first = await latestEntry();
    expect(changeOf(first, 'emailPassword')).toMatchObject({ field: 'emailPassword', after: '***' });
    expect((await call('PUT', '/api/system/SysConfig', { emailPassword: `${secret}-2` })).code).toBe(200);
    const second = await latestEntry();
    expect(second.changes).toEqual([{ field: 'emailPassword', before: '***', after: '***' }]);
    for (const entry of [first, second]) expect(JSON.stringify(entry)).not.toContain(secret);
    const stored = await t.app.db
      .selectFrom('sysLog')
      .select(['changes', 'requestBody'])
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  test('a menu: the field changed, old and new', async () => {
    const menu = await t.app.db
      .selectFrom('menu')
      .selectAll()
      .where('enCode', '=', 'permission.group')
      .executeTakeFirstOrThrow();
    const info = await admin.get<Record<string, unknown>>(`/api/system/Menu/${menu.id}`);
    expect(info.code).toBe(200);
    const saved = await call('PUT', `/api/system/Menu/${menu.id}`, { ...info.data, fullName: '用户分组' });
    expect(saved).toMatchObject({ code: 200 });
    const entry = await latestEntry();
    expect(entry).toMatchObject({ objectType: 'menu', objectId: menu.id, objectName: '用户分组' });
    expect(changeOf(entry, 'fullName')).toEqual({ field: 'fullName', before: menu.fullName, after: '用户分组' });
  });

  test('a refused change writes no change record, and changes nothing', async () => {
    // Refused by the service (the code is taken): the entry says so, with no object and no changes.
    const taken = await call('PUT', `/api/permission/Role/${clerkRole}`, {
      id: clerkRole,
      fullName: '办事员二',
      enCode: 'manager',
      globalMark: 1,
    });
    expect(taken.code).toBe(400);
    const refused = await latestEntry();
    expect(refused).toMatchObject({
      requestURL: `/api/permission/Role/${clerkRole}`,
      loginMark: 0,
      objectType: '',
      objectId: '',
      changes: [],
    });
    // Refused by the schema: the same.
    const invalid = await call('PUT', `/api/permission/Users/${userId}`, userForm({ id: userId, realName: '' }));
    expect(invalid.code).toBe(400);
    expect(await latestEntry()).toMatchObject({ loginMark: 0, objectType: '', changes: [] });
    // Nothing changed: the role and the user read back as before.
    const role = await admin.get<{ fullName: string }>(`/api/permission/Role/${clerkRole}`);
    expect(role.data!.fullName).toBe('办事员');
    const user = await admin.get<{ realName: string }>(`/api/permission/Users/${userId}`);
    expect(user.data!.realName).toBe('张三丰');

    // The positive control: the same role edit with a free code is recorded with its change.
    expect(
      (
        await call('PUT', `/api/permission/Role/${clerkRole}`, {
          id: clerkRole,
          fullName: '办事员二',
          enCode: 'clerk',
          globalMark: 1,
        })
      ).code,
    ).toBe(200);
    expect((await latestEntry()).changes).toEqual([{ field: 'fullName', before: '办事员', after: '办事员二' }]);
  });

  test('a deleted object: its fields before, nothing after', async () => {
    const created = await admin.post<{ id: string }>('/api/permission/Position', {
      organizeId: rootId,
      fullName: '临时岗位',
      enCode: 'temp',
    });
    const id = created.data!.id;
    expect((await call('DELETE', `/api/permission/Position/${id}`)).code).toBe(200);
    const entry = await latestEntry();
    expect(entry).toMatchObject({ objectType: 'position', objectId: id, objectName: '临时岗位' });
    expect(changeOf(entry, 'fullName')).toEqual({ field: 'fullName', before: '临时岗位', after: null });
    expect(idsOf(changeOf(entry, 'members')?.removed)).toEqual([]);
  });
});
