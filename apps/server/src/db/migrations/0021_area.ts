import { type Kysely, sql } from 'kysely';
import { administrativeDivisions } from '../administrative-divisions.ts';

/**
 * Areas (行政区划): provinces, cities and districts of GB/T 2260, a tree by parent_id ('-1' is the
 * top). The divisions of the data package are inserted here, once, in a single statement (one
 * array per column through unnest), so a fresh database (every API test file makes one) pays a
 * few milliseconds for some 3,700 rows; later edits by administrators are theirs to keep.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table area (
      id text primary key,
      parent_id text not null,
      full_name text not null,
      en_code text not null,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
  await sql`create unique index area_code on area (en_code)`.execute(db);
  await sql`create index area_children on area (parent_id, sort_code, en_code)`.execute(db);

  const rows = administrativeDivisions();
  await sql`
    insert into area (id, parent_id, full_name, en_code)
    select * from unnest(
      ${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.parentId)}::text[],
      ${rows.map((r) => r.fullName)}::text[], ${rows.map((r) => r.enCode)}::text[])`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table area`.execute(db);
}
