import { type Client, type TestApp, testApp } from './test-app.ts';

/** The seeded top organisation. */
export async function rootOrganizeId(t: TestApp): Promise<string> {
  const root = await t.app.db
    .selectFrom('organize')
    .select('id')
    .where('parentId', '=', '-1')
    .executeTakeFirstOrThrow();
  return root.id;
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
