import { type Kysely, sql } from 'kysely';

/**
 * The passwords a user has had (disableOldPassword of the system configuration: a new password may
 * not equal one of the last N). Each row is the argon2id hash the user row held, written whenever a
 * password is set; nothing reversible is kept. Older rows than the largest N (24) are pruned.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table password_history (
      id text primary key,
      user_id text not null references app_user (id) on delete cascade,
      password_hash text not null,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index password_history_user on password_history (user_id, creator_time desc)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table password_history`.execute(db);
}
