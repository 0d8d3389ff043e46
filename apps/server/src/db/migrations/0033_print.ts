import { type Kysely, sql } from 'kysely';

/**
 * Print templates (打印模板) and the print log. A template prints the records of one generated
 * form (`form_id`); the 3.6 client's SQL-source fields are kept as it sends them.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table print_dev (
      id text primary key,
      full_name text not null,
      en_code text not null,
      category text not null,
      type smallint not null default 2,
      form_id text,
      source_type smallint not null default 0,
      db_link_id text,
      sql_template text,
      parameter_json text,
      interface_id text,
      interface_name text,
      print_template text,
      page_param text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
  await sql`create unique index print_dev_code on print_dev (lower(en_code))`.execute(db);
  await sql`create index print_dev_category on print_dev (category, sort_code)`.execute(db);

  await sql`
    create table print_log (
      id text primary key,
      print_id text not null,
      print_title text not null,
      print_num integer not null,
      print_man text not null,
      print_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index print_log_template on print_log (print_id, print_time desc)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table print_log`.execute(db);
  await sql`drop table print_dev`.execute(db);
}
