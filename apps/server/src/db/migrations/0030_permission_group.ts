import { type Kysely, sql } from 'kysely';

/**
 * Authorisation is granted to permission groups (权限组, as the 3.6 protocol models it): a group
 * has members (users, roles, positions, organisations, user groups) and receives the grants; a
 * user's rights are the union over the enabled groups it reaches.
 *
 * Today's grants, made to one role, position, user or group each, move onto one group per holder
 * (its "own" group: owner_object_type/owner_object_id, which the per-holder Authority calls keep
 * using), with the holder as its only member. Nothing is granted or lost: the holder reached its
 * grants before exactly when it reaches its own group now.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table permission_group (
      id text primary key,
      full_name text not null,
      en_code text not null,
      enabled_mark smallint not null default 1,
      sort_code integer not null default 0,
      description text,
      owner_object_type text check (owner_object_type in ('Role', 'Position', 'User', 'Group')),
      owner_object_id text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text,
      unique (owner_object_type, owner_object_id),
      check ((owner_object_type is null) = (owner_object_id is null))
    )`.execute(db);
  await sql`create unique index permission_group_code on permission_group (lower(en_code))`.execute(db);

  await sql`
    create table permission_member (
      group_id text not null references permission_group (id) on delete cascade,
      object_type text not null check (object_type in ('User', 'Role', 'Position', 'Organize', 'Group')),
      object_id text not null,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      primary key (group_id, object_type, object_id)
    )`.execute(db);
  // Effective rights start from the user's holders and look up the groups they belong to.
  await sql`create index permission_member_object on permission_member (object_type, object_id, group_id)`.execute(db);

  const holders = await sql<{ objectType: string; objectId: string; name: string | null }>`
    select distinct a.object_type as "objectType", a.object_id as "objectId",
      coalesce(r.full_name, p.full_name, g.full_name, u.real_name || '/' || u.account) as name
    from authorize a
    left join role r on a.object_type = 'Role' and r.id = a.object_id
    left join position p on a.object_type = 'Position' and p.id = a.object_id
    left join user_group g on a.object_type = 'Group' and g.id = a.object_id
    left join app_user u on a.object_type = 'User' and u.id = a.object_id`.execute(db);
  // Ids in the layout of core/ids.ts (milliseconds since 2020 above 22 bits), numbered within this millisecond.
  const base = (BigInt(Date.now()) - 1_577_836_800_000n) << 22n;
  const groups = holders.rows.map((h, i) => ({ id: (base + BigInt(i)).toString(), ...h }));
  for (let i = 0; i < groups.length; i += 500) {
    const chunk = groups.slice(i, i + 500);
    const rows = sql.join(
      chunk.map(
        (g) =>
          sql`(${g.id}, ${(g.name ?? g.objectId).slice(0, 50)}, ${`${g.objectType}.${g.objectId}`.slice(0, 100)}, ${g.objectType}, ${g.objectId})`,
      ),
    );
    await sql`insert into permission_group (id, full_name, en_code, owner_object_type, owner_object_id) values ${rows}`.execute(
      db,
    );
    const members = sql.join(chunk.map((g) => sql`(${g.id}, ${g.objectType}, ${g.objectId})`));
    await sql`insert into permission_member (group_id, object_type, object_id) values ${members}`.execute(db);
  }

  await sql`alter table authorize drop constraint authorize_object_type_check`.execute(db);
  await sql`
    update authorize a set object_type = 'PermissionGroup', object_id = g.id
    from permission_group g
    where g.owner_object_type = a.object_type and g.owner_object_id = a.object_id`.execute(db);
  await sql`alter table authorize add constraint authorize_object_type_check check (object_type = 'PermissionGroup')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table authorize drop constraint authorize_object_type_check`.execute(db);
  await sql`
    update authorize a set object_type = g.owner_object_type, object_id = g.owner_object_id
    from permission_group g
    where a.object_id = g.id and g.owner_object_type is not null`.execute(db);
  await sql`delete from authorize where object_type = 'PermissionGroup'`.execute(db);
  await sql`alter table authorize add constraint authorize_object_type_check
    check (object_type in ('Role', 'Position', 'User', 'Group'))`.execute(db);
  await sql`drop table if exists permission_member`.execute(db);
  await sql`drop table if exists permission_group`.execute(db);
}
