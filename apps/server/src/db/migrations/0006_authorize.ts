import { type Kysely, sql } from 'kysely';

/**
 * What a menu offers to grant (buttons, list columns, form fields, data scopes), the grants
 * themselves, and each user's column display settings.
 */
export async function up(db: Kysely<unknown>) {
  const audit = `
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text`;

  // kind: button | column | form | resource (a data scope); scope_type only for resources.
  await sql
    .raw(`
    create table module_permission (
      id text primary key,
      menu_id text not null references menu (id) on delete cascade,
      kind text not null check (kind in ('button', 'column', 'form', 'resource')),
      en_code text not null,
      full_name text not null,
      scope_type text check (scope_type in ('all', 'organize', 'organizeAndSub', 'self')),
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,${audit},
      unique (menu_id, kind, en_code)
    )`)
    .execute(db);

  // object_type: Role | Position | User | Group; item_type: system | module | button | column | form | resource.
  await sql`
    create table authorize (
      id text primary key,
      object_type text not null check (object_type in ('Role', 'Position', 'User', 'Group')),
      object_id text not null,
      item_type text not null check (item_type in ('system', 'module', 'button', 'column', 'form', 'resource')),
      item_id text not null,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      unique (object_type, object_id, item_type, item_id)
    )`.execute(db);
  await sql`create index authorize_item on authorize (item_type, item_id)`.execute(db);

  await sql`
    create table column_setting (
      user_id text not null references app_user (id) on delete cascade,
      module_id text not null references menu (id) on delete cascade,
      field_list text not null,
      last_modify_time timestamptz not null default now(),
      primary key (user_id, module_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['column_setting', 'authorize', 'module_permission']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
