import { type Kysely, sql } from 'kysely';

/** Personal signatures drawn on the signature pad (PNG data URLs, one default per user). */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table user_signature (
      id text primary key,
      user_id text not null references app_user (id) on delete cascade,
      sign_img text not null,
      is_default smallint not null default 0,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index user_signature_user on user_signature (user_id, creator_time desc)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists user_signature`.execute(db);
}
