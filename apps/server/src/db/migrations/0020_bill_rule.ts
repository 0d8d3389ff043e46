import { type Kysely, sql } from 'kysely';

/**
 * Code rules (单据规则). `serial` is the last serial handed out within `period` (the date part
 * of the number when it was made, '' for rules without one); the next number is allocated by one
 * UPDATE of this row, so two callers never get the same serial, on any instance.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table bill_rule (
      id text primary key,
      full_name text not null,
      en_code text not null,
      category text not null,
      prefix text,
      suffix text,
      type smallint not null,
      date_format text,
      digit smallint,
      start_number text,
      random_digit smallint,
      random_type smallint,
      serial bigint,
      period text not null default '',
      output_number text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
  await sql`create unique index bill_rule_code on bill_rule (lower(en_code))`.execute(db);
  await sql`create index bill_rule_category on bill_rule (category, sort_code)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table bill_rule`.execute(db);
}
