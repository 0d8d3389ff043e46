import { type Kysely, sql } from 'kysely';

/**
 * The files of a form's last code download (issue 40): the next preview shows what changed since,
 * so a team that already owns the generated area sees what regenerating would touch. One row per
 * form, replaced by each download and gone with the form.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table code_generation (
      visual_dev_id text primary key references visual_dev (id) on delete cascade,
      files jsonb not null,
      creator_time timestamptz not null default now(),
      creator_user_name text not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table code_generation`.execute(db);
}
