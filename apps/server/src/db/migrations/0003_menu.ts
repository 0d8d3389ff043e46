import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await sql`
    create table menu (
      id text primary key,
      system_id text not null references system (id) on delete cascade,
      parent_id text not null,
      en_code text not null,
      full_name text not null,
      icon text,
      type smallint not null check (type between 0 and 8),
      url_address text,
      link_target text,
      property_json text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      is_hidden boolean not null default false,
      is_button_authorize boolean not null default false,
      is_column_authorize boolean not null default false,
      is_form_authorize boolean not null default false,
      is_data_authorize boolean not null default false,
      description text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text,
      unique (system_id, en_code)
    )`.execute(db);
  await sql`create index menu_parent on menu (system_id, parent_id, sort_code)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists menu`.execute(db);
}
