import { expect } from 'vitest';
import { newId } from '../../src/core/ids.ts';
import { type Client, type TestApp, testApp } from './test-app.ts';

/** The seeded top organisation. */
export async function rootOrganizeId(t: TestApp): Promise<string> {
  return (await rootOrganize(t)).id;
}

/** The seeded top organisation and its tree path (the ids from the top, what a child's path extends). */
export async function rootOrganize(t: TestApp): Promise<{ id: string; organizeIdTree: string }> {
  return t.app.db
    .selectFrom('organize')
    .select(['id', 'organizeIdTree'])
    .where('parentId', '=', '-1')
    .executeTakeFirstOrThrow();
}

/**
 * A department under `parentId` whose tree path is `parentPath`, written straight to the table: a
 * setting for tests of who reaches what, not the department API under test.
 */
export async function insertDepartment(t: TestApp, name: string, parentId: string, parentPath: string) {
  const id = newId();
  await t.app.db
    .insertInto('organize')
    .values({
      id,
      parentId,
      category: 'department',
      enCode: name,
      fullName: name,
      organizeIdTree: `${parentPath},${id}`,
    })
    .execute();
  return id;
}

/** A user created by the administrator through the users API in `organizeId`; answers its id. */
export async function userInOrganize(t: TestApp, admin: Client, account: string, organizeId: string) {
  const created = await admin.post('/api/permission/Users', { account, realName: account, organizeId });
  expect(created.code, created.msg).toBe(200);
  const row = await t.app.db
    .selectFrom('appUser')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * What the people and structure tests start from: an app with the administrator signed in, and
 * one department (created through the API, as a user would) under the top organisation.
 */
export async function appWithDepartment(department: {
  fullName: string;
  enCode: string;
}): Promise<{ t: TestApp; admin: Client; rootId: string; deptId: string }> {
  const t = await testApp();
  const admin = await t.signIn();
  const rootId = await rootOrganizeId(t);
  const created = await admin.post<{ id: string }>('/api/permission/Organize/Department', {
    parentId: rootId,
    ...department,
  });
  if (!created.data) throw new Error(`department not created: ${created.msg}`);
  return { t, admin, rootId, deptId: created.data.id };
}
