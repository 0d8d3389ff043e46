import { type Kysely, sql } from 'kysely';

/**
 * The short link of a generated form (外链): whether its form may be filled and its list read
 * without signing in, each behind an optional password (stored hashed), and the fields the public
 * list shows. One row per definition, gone with it.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table visual_dev_short_link (
      id text primary key references visual_dev (id) on delete cascade,
      form_use smallint not null default 0,
      form_pass_use smallint not null default 0,
      form_password text,
      column_use smallint not null default 0,
      column_pass_use smallint not null default 0,
      column_password text,
      column_text text not null default '[]',
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table visual_dev_short_link`.execute(db);
}
