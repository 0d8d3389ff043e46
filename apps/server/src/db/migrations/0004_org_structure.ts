import { type Kysely, sql } from 'kysely';

/**
 * The structure every grant hangs on: positions, roles, groups, and which of them (and which
 * organisations) each user belongs to. The authorisation area reads `user_relation` to compute a
 * user's menus and permissions.
 */
export async function up(db: Kysely<unknown>) {
  const audit = `
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text`;

  await sql
    .raw(`
    create table position (
      id text primary key,
      organize_id text not null references organize (id),
      full_name text not null,
      en_code text not null unique,
      type text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,${audit}
    )`)
    .execute(db);
  await sql`create index position_organize on position (organize_id, sort_code)`.execute(db);

  // Global roles have global_mark 1; organisation roles list their organisations in role_organize.
  await sql
    .raw(`
    create table role (
      id text primary key,
      full_name text not null,
      en_code text not null unique,
      global_mark smallint not null default 1,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,${audit}
    )`)
    .execute(db);
  await sql`
    create table role_organize (
      role_id text not null references role (id) on delete cascade,
      organize_id text not null references organize (id) on delete cascade,
      primary key (role_id, organize_id)
    )`.execute(db);

  await sql
    .raw(`
    create table user_group (
      id text primary key,
      full_name text not null,
      en_code text not null unique,
      type text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,${audit}
    )`)
    .execute(db);

  // A user's organisations, positions, roles and groups (object_type Organize | Position | Role | Group).
  await sql`
    create table user_relation (
      id text primary key,
      user_id text not null references app_user (id) on delete cascade,
      object_type text not null check (object_type in ('Organize', 'Position', 'Role', 'Group')),
      object_id text not null,
      sort_code integer not null default 0,
      creator_time timestamptz not null default now(),
      unique (user_id, object_type, object_id)
    )`.execute(db);
  await sql`create index user_relation_object on user_relation (object_type, object_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['user_relation', 'user_group', 'role_organize', 'role', 'position']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
