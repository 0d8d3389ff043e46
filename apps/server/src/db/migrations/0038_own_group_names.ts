import { type Kysely, sql } from 'kysely';
import { type OwnGroupHolder, ownGroupCode, ownGroupName } from '../own-group-name.ts';

interface OwnGroup {
  id: string;
  ownerType: OwnGroupHolder;
  ownerId: string;
  holderName: string | null;
  holderCode: string | null;
}

/**
 * The own groups migration 0030 made for each role, position, user and user group showed in the
 * group list as `Role.<id>`: they take the holder's name and code with its kind after them (see
 * own-group-name.ts). Groups whose code someone has changed since keep their name and code.
 */
export async function up(db: Kysely<unknown>) {
  const groups = await sql<OwnGroup>`
    select g.id, g.owner_object_type as "ownerType", g.owner_object_id as "ownerId",
      coalesce(r.full_name, p.full_name, ug.full_name, u.real_name || '/' || u.account) as "holderName",
      coalesce(r.en_code, p.en_code, ug.en_code, u.account) as "holderCode"
    from permission_group g
    left join role r on g.owner_object_type = 'Role' and r.id = g.owner_object_id
    left join position p on g.owner_object_type = 'Position' and p.id = g.owner_object_id
    left join user_group ug on g.owner_object_type = 'Group' and ug.id = g.owner_object_id
    left join app_user u on g.owner_object_type = 'User' and u.id = g.owner_object_id
    where g.owner_object_type is not null and g.en_code = g.owner_object_type || '.' || g.owner_object_id
    order by g.creator_time, g.id`.execute(db);
  const renamed = new Set(groups.rows.map((g) => g.id));
  const others = await sql<{
    id: string;
    code: string;
  }>`select id, lower(en_code) as code from permission_group`.execute(db);
  const taken = new Set(others.rows.filter((g) => !renamed.has(g.id)).map((g) => g.code));
  for (const group of groups.rows) {
    const code = ownGroupCode(group.ownerType, group.holderCode ?? '', taken);
    taken.add(code.toLowerCase());
    const name = ownGroupName(group.ownerType, group.holderName ?? group.ownerId);
    await sql`update permission_group set full_name = ${name}, en_code = ${code} where id = ${group.id}`.execute(db);
  }
}

/** Back to `<Type>.<id>` codes and the holder's name without its kind. */
export async function down(db: Kysely<unknown>) {
  await sql`
    update permission_group set en_code = owner_object_type || '.' || owner_object_id,
      full_name = regexp_replace(full_name, '（(角色|岗位|用户|分组)）$', '')
    where owner_object_type is not null`.execute(db);
}
