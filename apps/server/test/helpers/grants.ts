import { expect } from 'vitest';
import { newId } from '../../src/core/ids.ts';
import type { Client, TestApp } from './test-app.ts';

export type Holder = 'Role' | 'Position' | 'Group' | 'Organize';

/** A seeded page and the ids of the buttons it offers, by code, as the authority screens grant them. */
export async function seededPage(
  t: TestApp,
  enCode: string,
): Promise<{ page: { id: string; enCode: string }; buttons: Record<string, string> }> {
  const page = await t.app.db
    .selectFrom('menu')
    .select(['id', 'enCode'])
    .where('enCode', '=', enCode)
    .executeTakeFirstOrThrow();
  const rows = await t.app.db
    .selectFrom('modulePermission')
    .select(['id', 'enCode'])
    .where('menuId', '=', page.id)
    .execute();
  return { page, buttons: Object.fromEntries(rows.map((r) => [r.enCode, r.id])) };
}

/**
 * Makes the user a member of a role, position, group or organisation straight in the table, and
 * says so on the bus as the membership screens do, so the cached rights drop at once.
 */
export async function relate(t: TestApp, userId: string, objectType: Holder, objectId: string): Promise<void> {
  await t.app.db.insertInto('userRelation').values({ id: newId(), userId, objectType, objectId }).execute();
  await t.app.bus.publish({ type: 'authorize.changed', userIds: [userId] });
}

/** Grants a user the seeded menu `enCode` and nothing else, through the authority screen's save. */
export async function grantMenu(t: TestApp, admin: Client, userId: string, enCode: string): Promise<void> {
  const menu = await t.app.db.selectFrom('menu').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow();
  expect(
    await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module: [menu.id] }),
  ).toMatchObject({ code: 200 });
}
