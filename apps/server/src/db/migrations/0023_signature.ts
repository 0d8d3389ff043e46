import { type Kysely, sql } from 'kysely';

/**
 * One store for signatures (admin.md 3.9). A row is either
 * - personal: drawn by `owner_user_id` on the profile's pad, one of them the owner's default;
 *   `image` is the PNG data URL the profile protocol sends and reads back; or
 * - administered (签名管理): `owner_user_id` is null, it has a name and a unique code, `image` is
 *   the URL of the image file the server stored under a generated name, and `signature_user`
 *   lists the users granted it.
 * The personal rows of `user_signature` move here unchanged (same ids, images, defaults, times).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table signature (
      id text primary key,
      owner_user_id text references app_user (id) on delete cascade,
      full_name text,
      en_code text,
      image text not null,
      is_default smallint not null default 0,
      sort_code integer not null default 0,
      description text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text,
      constraint signature_kind check (
        (owner_user_id is not null and en_code is null)
        or (owner_user_id is null and en_code is not null and full_name is not null)
      )
    )`.execute(db);
  await sql`create unique index signature_code on signature (lower(en_code)) where en_code is not null`.execute(db);
  await sql`create index signature_owner on signature (owner_user_id, creator_time desc) where owner_user_id is not null`.execute(
    db,
  );
  await sql`
    create table signature_user (
      signature_id text not null references signature (id) on delete cascade,
      user_id text not null references app_user (id) on delete cascade,
      sort_code integer not null default 0,
      primary key (signature_id, user_id)
    )`.execute(db);
  await sql`create index signature_user_user on signature_user (user_id)`.execute(db);
  await sql`
    insert into signature (id, owner_user_id, image, is_default, creator_time, creator_user_id)
    select id, user_id, sign_img, is_default, creator_time, user_id from user_signature`.execute(db);
  await sql`drop table user_signature`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    create table user_signature (
      id text primary key,
      user_id text not null references app_user (id) on delete cascade,
      sign_img text not null,
      is_default smallint not null default 0,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index user_signature_user on user_signature (user_id, creator_time desc)`.execute(db);
  await sql`
    insert into user_signature (id, user_id, sign_img, is_default, creator_time)
    select id, owner_user_id, image, is_default, creator_time from signature where owner_user_id is not null`.execute(
    db,
  );
  await sql`drop table signature_user`.execute(db);
  await sql`drop table signature`.execute(db);
}
