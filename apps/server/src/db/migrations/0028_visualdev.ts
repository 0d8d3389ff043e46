import { type Kysely, sql } from 'kysely';

/**
 * Generated-form definitions (protocol-admin.md 7). The draft (`form_data`, `column_data`, ...) is
 * what the designer edits; Release copies it into the `released_*` columns, which pages use, and
 * makes the definition's record tables match it. `storage` is the server's plan of those tables:
 * which generated table and column holds each field (names never come from the definition).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table visual_dev (
      id text primary key,
      full_name text not null,
      en_code text not null,
      category text,
      type smallint not null default 1,
      web_type smallint not null default 2,
      enable_flow smallint not null default 0,
      db_link_id text,
      sort_code integer not null default 0,
      description text,
      tables text,
      form_data text,
      column_data text,
      app_column_data text,
      interface_id text,
      interface_name text,
      interface_param text,
      is_release smallint not null default 0,
      released_form_data text,
      released_column_data text,
      released_app_column_data text,
      release_time timestamptz,
      storage jsonb,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
  await sql`create unique index visual_dev_code on visual_dev (lower(en_code))`.execute(db);
  await sql`create index visual_dev_order on visual_dev (sort_code, creator_time desc)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table visual_dev`.execute(db);
}
