import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Opaque tokens: only their SHA-256 is kept, so a copy of the table signs nobody in.
  await sql`
    create table user_session (
      id text primary key,
      token_hash text not null unique,
      user_id text not null references app_user (id) on delete cascade,
      device text not null default 'pc',
      ip text,
      user_agent text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text check (revoked_reason in ('logout', 'password', 'offline', 'elsewhere'))
    )`.execute(db);
  await sql`create index user_session_user on user_session (user_id) where revoked_at is null`.execute(db);

  // One-use codes: captcha images, SMS codes. The code itself is kept hashed.
  await sql`
    create table auth_code (
      key text primary key,
      kind text not null check (kind in ('captcha', 'sms')),
      code_hash text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table scan_ticket (
      id text primary key,
      status smallint not null default 0,
      user_id text references app_user (id) on delete cascade,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  // Logins and operations (system log, profile log).
  await sql`
    create table sys_log (
      id text primary key,
      category smallint not null,
      user_id text,
      account text,
      real_name text,
      ip text,
      ip_name text,
      user_agent text,
      success boolean not null default true,
      description text,
      request_method text,
      request_url text,
      duration_ms integer,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index sys_log_user on sys_log (user_id, creator_time desc)`.execute(db);
  await sql`create index sys_log_category on sys_log (category, creator_time desc)`.execute(db);

  await sql`alter table app_user add column prev_login_ip_name text, add column last_login_ip_name text`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table app_user drop column prev_login_ip_name, drop column last_login_ip_name`.execute(db);
  for (const table of ['sys_log', 'scan_ticket', 'auth_code', 'user_session']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
