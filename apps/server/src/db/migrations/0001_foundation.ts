import { type Kysely, sql } from 'kysely';

/** Audit columns every business table carries. */
function audit(table: string) {
  return sql.raw(`
    alter table ${table}
      add column creator_time timestamptz not null default now(),
      add column creator_user_id text,
      add column last_modify_time timestamptz,
      add column last_modify_user_id text`);
}

export async function up(db: Kysely<unknown>) {
  await sql`
    create table organize (
      id text primary key,
      parent_id text not null,
      category text not null check (category in ('company', 'department')),
      en_code text not null,
      full_name text not null,
      organize_id_tree text not null,
      manager_id text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text
    )`.execute(db);
  await audit('organize').execute(db);
  await sql`create index organize_parent on organize (parent_id, sort_code)`.execute(db);

  await sql`
    create table app_user (
      id text primary key,
      account text not null,
      real_name text not null,
      password_hash text not null,
      gender text,
      mobile_phone text,
      email text,
      head_icon text,
      organize_id text references organize (id),
      manager_id text,
      is_administrator boolean not null default false,
      enabled_mark smallint not null default 1,
      sort_code integer not null default 0,
      description text,
      theme text,
      language text,
      portal_id text,
      system_id text,
      prev_login_time timestamptz,
      prev_login_ip text,
      last_login_time timestamptz,
      last_login_ip text,
      log_error_count integer not null default 0,
      unlock_time timestamptz,
      change_password_date timestamptz
    )`.execute(db);
  await audit('app_user').execute(db);
  await sql`create unique index app_user_account on app_user (lower(account))`.execute(db);
  await sql`create index app_user_organize on app_user (organize_id, sort_code)`.execute(db);
  await sql`create index app_user_search on app_user using gin ((account || ' ' || real_name) public.gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    create table system (
      id text primary key,
      full_name text not null,
      en_code text not null unique,
      icon text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      is_main boolean not null default false,
      description text
    )`.execute(db);
  await audit('system').execute(db);

  await sql`
    create table sys_config (
      key text primary key,
      value jsonb not null,
      last_modify_time timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table dictionary_type (
      id text primary key,
      parent_id text not null,
      full_name text not null,
      en_code text not null unique,
      is_tree smallint not null default 0,
      sort_code integer not null default 0,
      description text
    )`.execute(db);
  await audit('dictionary_type').execute(db);

  await sql`
    create table dictionary_data (
      id text primary key,
      dictionary_type_id text not null references dictionary_type (id) on delete cascade,
      parent_id text not null,
      full_name text not null,
      en_code text not null,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,
      unique (dictionary_type_id, en_code)
    )`.execute(db);
  await audit('dictionary_data').execute(db);
  await sql`create index dictionary_data_type on dictionary_data (dictionary_type_id, sort_code)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['dictionary_data', 'dictionary_type', 'sys_config', 'system', 'app_user', 'organize']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
