import { EN_CODE_PATTERN } from '@platform/shared';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { LocalEventBus } from '../src/core/event-bus.ts';
import type { GrantRow } from '../src/core/permissions.repository.ts';
import { type GrantSet, grantSetOf, PermissionService } from '../src/core/permissions.ts';
import { type Db, openDatabase } from '../src/db/database.ts';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * What a user was granted before permission groups: the grants held by the user itself and by its
 * enabled roles (an organisation role only while the user's organisation is one of the role's),
 * positions and user groups. The statement the server ran until migration 0030.
 */
async function grantsBefore(db: Db, userId: string): Promise<GrantRow[]> {
  const result = await sql<GrantRow>`
    with holders as (
      select 'User'::text as object_type, ${userId}::text as object_id
      union all
      select ur.object_type, ur.object_id
      from user_relation ur
      left join role r on ur.object_type = 'Role' and r.id = ur.object_id
      left join position p on ur.object_type = 'Position' and p.id = ur.object_id
      left join user_group g on ur.object_type = 'Group' and g.id = ur.object_id
      where ur.user_id = ${userId} and coalesce(r.enabled_mark, p.enabled_mark, g.enabled_mark) = 1
        and (r.id is null or r.global_mark = 1 or exists (
          select 1 from role_organize ro join app_user cu on cu.organize_id = ro.organize_id
          where ro.role_id = r.id and cu.id = ${userId}))
    )
    select distinct a.item_type, a.item_id, m.system_id as menu_system_id, m.en_code as menu_code, m.enabled_mark as menu_enabled,
      m.is_button_authorize as button_authorize, m.is_data_authorize as data_authorize, mp.en_code as code, mp.enabled_mark as item_enabled, mp.scope_type
    from authorize a
    join holders h on h.object_type = a.object_type and h.object_id = a.object_id
    left join module_permission mp on a.item_type not in ('system', 'module') and mp.id = a.item_id
    left join menu m on m.id = case when a.item_type = 'module' then a.item_id else mp.menu_id end`.execute(db);
  return result.rows;
}

/** A grant set as plain sorted values, comparable with `toEqual`. */
function comparable(set: GrantSet) {
  const sorted = (values: Iterable<string>) => [...values].sort();
  return {
    items: Object.fromEntries(Object.entries(set.items).map(([type, ids]) => [type, sorted(ids)])),
    menus: sorted(set.menus),
    buttons: sorted(set.buttons),
    buttonsUnchecked: sorted(set.buttonsUnchecked),
    scopes: Object.fromEntries([...set.scopes].map(([menu, kinds]) => [menu, [...kinds].sort()]).sort()),
    unscopedMenus: sorted(set.unscopedMenus),
    menuSystemIds: sorted(set.menuSystemIds),
  };
}

/** Organisations, roles (global and organisation, some disabled), positions, groups, menus, their definitions, and grants to every kind of holder. */
async function fillBeforeGroups(db: Db) {
  const next = random(20_250_125);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
  const run = (statement: ReturnType<typeof sql>) => statement.execute(db);

  await run(sql`insert into organize (id, parent_id, category, en_code, full_name, organize_id_tree, enabled_mark) values
    ('o1', '-1', 'company', 'c1', 'Company', 'o1', 1),
    ('o2', 'o1', 'department', 'd2', 'Sales', 'o1,o2', 1),
    ('o3', 'o1', 'department', 'd3', 'Works', 'o1,o3', 0)`);
  await run(
    sql`insert into system (id, full_name, en_code, is_main) values ('s1', 'Main', 'main', true), ('s2', 'Other', 'other', false)`,
  );
  const menus: string[] = [];
  const definitions: string[] = [];
  for (let i = 0; i < 24; i++) {
    const id = `m${i}`;
    menus.push(id);
    await run(sql`insert into menu (id, system_id, parent_id, en_code, full_name, type, enabled_mark, is_button_authorize, is_data_authorize)
      values (${id}, ${i % 5 === 0 ? 's2' : 's1'}, '-1', ${`menu${i}`}, ${`Menu ${i}`}, 2, ${i % 7 === 3 ? 0 : 1}, ${i % 3 !== 0}, ${i % 4 === 1})`);
    for (const [kind, code, scope] of [
      ['button', 'btn_add', null],
      ['button', 'btn_edit', null],
      ['column', 'name', null],
      ['form', 'name', null],
      ['resource', 'mine', 'self'],
      ['resource', 'dept', 'organizeAndSub'],
    ] as const) {
      const definition = `${id}.${kind}.${code}`;
      definitions.push(definition);
      await run(sql`insert into module_permission (id, menu_id, kind, en_code, full_name, scope_type, enabled_mark)
        values (${definition}, ${id}, ${kind}, ${code}, ${code}, ${scope}, ${next() < 0.1 ? 0 : 1})`);
    }
  }
  const roles = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
  for (const [i, id] of roles.entries()) {
    await run(sql`insert into role (id, full_name, en_code, global_mark, enabled_mark)
      values (${id}, ${`Role ${i}`}, ${`role${i}`}, ${i % 2}, ${i === 4 ? 0 : 1})`);
  }
  await run(sql`insert into role_organize (role_id, organize_id) values ('r2', 'o2'), ('r4', 'o1'), ('r6', 'o3')`);
  const positions = ['p1', 'p2', 'p3'];
  for (const [i, id] of positions.entries()) {
    await run(sql`insert into position (id, organize_id, full_name, en_code, enabled_mark)
      values (${id}, 'o1', ${`Position ${i}`}, ${`position${i}`}, ${i === 2 ? 0 : 1})`);
  }
  const groups = ['g1', 'g2', 'g3'];
  for (const [i, id] of groups.entries()) {
    await run(
      sql`insert into user_group (id, full_name, en_code, enabled_mark) values (${id}, ${`Group ${i}`}, ${`group${i}`}, ${i === 1 ? 0 : 1})`,
    );
  }
  const users: string[] = [];
  for (let i = 0; i < 30; i++) {
    const id = `u${i}`;
    users.push(id);
    await run(sql`insert into app_user (id, account, real_name, password_hash, organize_id)
      values (${id}, ${`user${i}`}, ${`User ${i}`}, 'x', ${pick(['o1', 'o2', 'o3', null])})`);
    const relations: [string, string][] = [];
    for (const [type, ids] of [
      ['Role', roles],
      ['Position', positions],
      ['Group', groups],
      ['Organize', ['o1', 'o2', 'o3']],
    ] as const) {
      for (const objectId of ids) if (next() < 0.3) relations.push([type, objectId]);
    }
    for (const [n, [type, objectId]] of relations.entries()) {
      await run(
        sql`insert into user_relation (id, user_id, object_type, object_id) values (${`${id}.${n}`}, ${id}, ${type}, ${objectId})`,
      );
    }
  }
  // Someone who belongs to nothing and holds nothing.
  await run(
    sql`insert into app_user (id, account, real_name, password_hash) values ('nobody', 'nobody', 'Nobody', 'x')`,
  );
  users.push('nobody');
  // Grants to roles, positions, groups, some users, and to a role that no longer exists.
  const holders: [string, string][] = [
    ...roles.map((id) => ['Role', id] as [string, string]),
    ...positions.map((id) => ['Position', id] as [string, string]),
    ...groups.map((id) => ['Group', id] as [string, string]),
    ...users.filter((id, i) => i % 4 === 0 && id !== 'nobody').map((id) => ['User', id] as [string, string]),
    ['Role', 'deleted-role'],
  ];
  let n = 0;
  for (const [objectType, objectId] of holders) {
    const granted = new Set<string>();
    if (next() < 0.5) granted.add(`system:${pick(['s1', 's2'])}`);
    for (const menu of menus) if (next() < 0.3) granted.add(`module:${menu}`);
    for (const definition of definitions) if (next() < 0.25) granted.add(`${definition.split('.')[1]}:${definition}`);
    for (const grant of granted) {
      const [itemType, itemId] = grant.split(':') as [string, string];
      await run(
        sql`insert into authorize (id, object_type, object_id, item_type, item_id) values (${`a${n++}`}, ${objectType}, ${objectId}, ${itemType}, ${itemId})`,
      );
    }
  }
  return users;
}

test("the migration onto permission groups keeps every user's effective rights exactly", async () => {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrateTo(db, '0026_password_history');
    const users = await fillBeforeGroups(db);
    const before = new Map<string, ReturnType<typeof comparable>>();
    for (const userId of users) before.set(userId, comparable(grantSetOf(await grantsBefore(db, userId))));
    // The generated data must exercise the rules: users with rights, users without, and differing sets.
    const distinct = new Set([...before.values()].map((v) => JSON.stringify(v)));
    expect(distinct.size).toBeGreaterThan(10);
    expect([...before.values()].some((v) => v.menus.length === 0)).toBe(true);

    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from authorize`.execute(db)).rows[0]?.n;
    const grantsBeforeMigration = await count();

    await migrateToLatest(db);
    const permissions = new PermissionService(db, new LocalEventBus());
    for (const userId of users) {
      expect({ userId, ...comparable(await permissions.access({ userId })) }).toEqual({
        userId,
        ...before.get(userId),
      });
    }
    // Every grant moved onto a group; none was left on a role, position, user or user group.
    const leftBehind = await sql<{
      n: number;
    }>`select count(*)::int as n from authorize where object_type <> 'PermissionGroup'`.execute(db);
    expect(leftBehind.rows[0]?.n).toBe(0);
    expect(await count()).toBe(grantsBeforeMigration);
    expect(grantsBeforeMigration).toBeGreaterThan(100);
  } finally {
    await db.destroy();
  }
});

test('the groups of single holders take the holder’s name and code with its kind, codes staying unique', async () => {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  const run = (statement: ReturnType<typeof sql>) => statement.execute(db);
  try {
    await migrateTo(db, '0026_password_history');
    await run(sql`insert into system (id, full_name, en_code, is_main) values ('s1', 'Main', 'main', true)`);
    await run(sql`insert into role (id, full_name, en_code, global_mark) values
      ('r1', '销售经理', 'sales.manager', 1), ('r2', 'Admins', 'ADMIN', 1), ('r3', 'Reader', 'reader', 1)`);
    await run(sql`insert into organize (id, parent_id, category, en_code, full_name, organize_id_tree)
      values ('o1', '-1', 'company', 'c1', 'Company', 'o1')`);
    await run(sql`insert into position (id, organize_id, full_name, en_code) values ('p1', 'o1', 'Clerk', 'clerk')`);
    await run(sql`insert into user_group (id, full_name, en_code) values ('g1', 'Night shift', 'night')`);
    await run(
      sql`insert into app_user (id, account, real_name, password_hash) values ('u1', 'li_wei@corp', '李伟', 'x')`,
    );
    let n = 0;
    for (const [type, id] of [
      ['Role', 'r1'],
      ['Role', 'r2'],
      ['Role', 'r3'],
      ['Position', 'p1'],
      ['Group', 'g1'],
      ['User', 'u1'],
    ]) {
      await run(sql`insert into authorize (id, object_type, object_id, item_type, item_id)
        values (${`a${n++}`}, ${type}, ${id}, 'system', 's1')`);
    }
    await migrateTo(db, '0033_print');
    // A group someone made by hand already has the code the Admins role's group would take; the
    // Reader role's group was given its own code, which stays.
    await run(sql`insert into permission_group (id, full_name, en_code) values ('hand', 'By hand', 'admin.role')`);
    await run(sql`update permission_group set en_code = 'readers', full_name = 'Readers' where owner_object_id = 'r3'`);

    await migrateToLatest(db);
    const groups = await sql<{ owner: string | null; fullName: string; enCode: string }>`
      select owner_object_id as owner, full_name as "fullName", en_code as "enCode" from permission_group order by lower(en_code)`.execute(
      db,
    );
    expect(groups.rows).toEqual([
      { owner: null, fullName: 'By hand', enCode: 'admin.role' },
      { owner: 'r2', fullName: 'Admins（角色）', enCode: 'ADMIN.role.2' },
      { owner: 'p1', fullName: 'Clerk（岗位）', enCode: 'clerk.position' },
      { owner: 'u1', fullName: '李伟/li_wei@corp（用户）', enCode: 'liweicorp.user' },
      { owner: 'g1', fullName: 'Night shift（分组）', enCode: 'night.group' },
      { owner: 'r3', fullName: 'Readers', enCode: 'readers' },
      { owner: 'r1', fullName: '销售经理（角色）', enCode: 'sales.manager.role' },
    ]);
    // Every code is one the group form accepts, and none is taken twice in any case.
    for (const { enCode } of groups.rows) expect(enCode).toMatch(EN_CODE_PATTERN);
    expect(new Set(groups.rows.map((g) => g.enCode.toLowerCase())).size).toBe(groups.rows.length);
  } finally {
    await db.destroy();
  }
});
