import { type Kysely, sql } from 'kysely';

/**
 * Report definitions (报表设计, issue 39): the parameters that become the search form, the datasets
 * (data interfaces) they feed, and the sheet's layout, each kept as JSON the designer owns.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table report (
      id text primary key,
      full_name text not null,
      en_code text not null,
      category_id text not null,
      parameters jsonb not null default '[]',
      datasets jsonb not null default '[]',
      layout jsonb not null default '{}',
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
  await sql`create unique index report_code on report (lower(en_code))`.execute(db);
  await sql`create index report_category on report (category_id, sort_code)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table report`.execute(db);
}
