import { type Kysely, sql } from 'kysely';

/**
 * The passwords a user has had (disableOldPassword of the system configuration: a new password may
 * not equal one of the last N). Each row is the argon2id hash the user row held, written whenever a
 * password is set; nothing reversible is kept. Older rows than the largest N (24) are pruned.
 * Also the links of the third-party synchronisation (third_sync), built in the same issue.
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

  // The same issue's third-party synchronisation (SynThirdInfo): one row per organisation or user
  // and connector, linking our id to the WeCom (1) / DingTalk (2) id, with the last attempt's result.
  await sql`
    create table third_sync (
      id text primary key,
      third_type smallint not null check (third_type in (1, 2)),
      data_type text not null check (data_type in ('organize', 'user')),
      sys_obj_id text,
      third_obj_id text not null,
      status smallint not null check (status in (0, 1)),
      description text,
      last_modify_time timestamptz not null default now(),
      unique (third_type, data_type, third_obj_id)
    )`.execute(db);
  await sql`create index third_sync_sys on third_sync (third_type, data_type, sys_obj_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table third_sync`.execute(db);
  await sql`drop table password_history`.execute(db);
}
