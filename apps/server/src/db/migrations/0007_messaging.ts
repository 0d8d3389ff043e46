import { type Kysely, sql } from 'kysely';

/**
 * Messaging: in-app messages and their receipts, notices, message templates and send
 * configurations with a log of what each channel sent, schedules with their participants, chat
 * (messages and each user's conversation list) and the job table of the reminder runner.
 */
export async function up(db: Kysely<unknown>) {
  const audit = `
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text`;

  // One message, many receipts: a notice to everyone is one row here and one receipt per user.
  await sql
    .raw(`
    create table message (
      id text primary key,
      type smallint not null,
      flow_type smallint,
      title text not null,
      body_text text,
      excerpt text,
      files text,
      source_id text,
      release_user_id text,
      release_time timestamptz not null default now(),${audit}
    )`)
    .execute(db);
  await sql
    .raw(`
    create table message_receive (
      id text primary key,
      message_id text not null references message (id) on delete cascade,
      user_id text not null references app_user (id) on delete cascade,
      is_read smallint not null default 0,
      read_time timestamptz,
      creator_time timestamptz not null default now(),
      unique (message_id, user_id)
    )`)
    .execute(db);
  await sql`create index message_receive_user on message_receive (user_id, is_read, creator_time desc)`.execute(db);
  await sql`create index message_title_trgm on message using gin (title gin_trgm_ops)`.execute(db);

  // enabled_mark: 0 draft, 1 released, -1 expired.
  await sql
    .raw(`
    create table notice (
      id text primary key,
      title text not null,
      body_text text,
      excerpt text,
      category text,
      files text,
      cover_image text,
      to_user_ids text,
      enabled_mark smallint not null default 0,
      expiration_time timestamptz,
      release_time timestamptz,
      release_user_id text,${audit}
    )`)
    .execute(db);

  await sql
    .raw(`
    create table message_template (
      id text primary key,
      full_name text not null,
      en_code text not null unique,
      template_type smallint not null default 0,
      message_source text,
      message_type text not null,
      enabled_mark smallint not null default 1,
      sort_code integer not null default 0,
      description text,
      title text,
      content text,
      template_code text,
      wx_skip text,
      xcx_app_id text,
      template_param_list text not null default '[]',
      sms_field_list text not null default '[]',${audit}
    )`)
    .execute(db);

  await sql
    .raw(`
    create table send_message_config (
      id text primary key,
      full_name text not null,
      en_code text not null unique,
      template_type smallint not null default 0,
      message_source text,
      enabled_mark smallint not null default 1,
      sort_code integer not null default 0,
      description text,
      send_config_template_list text not null default '[]',${audit}
    )`)
    .execute(db);

  await sql`
    create table message_send_log (
      id text primary key,
      send_config_id text,
      template_id text,
      message_type text not null,
      to_user_id text,
      recipient text,
      title text,
      content text,
      status text not null,
      error text,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index message_send_log_config on message_send_log (send_config_id, creator_time desc)`.execute(db);

  // A repeating schedule is one row per occurrence sharing a group_id.
  await sql
    .raw(`
    create table schedule (
      id text primary key,
      group_id text not null,
      category text,
      urgent smallint not null default 1,
      title text not null,
      content text,
      files text,
      color text,
      all_day boolean not null default false,
      start_day timestamptz not null,
      end_day timestamptz not null,
      reminder_time integer not null default -2,
      repetition text not null default '1',
      repeat_time timestamptz,${audit}
    )`)
    .execute(db);
  await sql`create index schedule_group on schedule (group_id, start_day)`.execute(db);
  await sql`create index schedule_start on schedule (start_day)`.execute(db);
  await sql`
    create table schedule_user (
      schedule_id text not null references schedule (id) on delete cascade,
      user_id text not null,
      primary key (schedule_id, user_id)
    )`.execute(db);
  await sql`create index schedule_user_user on schedule_user (user_id)`.execute(db);

  // Chat: a message belongs to both sides until each side deletes its history.
  await sql`
    create table im_message (
      id text primary key,
      send_user_id text not null,
      receive_user_id text not null,
      content_type text not null,
      content text not null,
      send_time timestamptz not null default now(),
      read_time timestamptz,
      send_deleted boolean not null default false,
      receive_deleted boolean not null default false
    )`.execute(db);
  await sql`create index im_message_pair on im_message (send_user_id, receive_user_id, send_time desc)`.execute(db);
  await sql`create index im_message_unread on im_message (receive_user_id, send_user_id) where read_time is null`.execute(
    db,
  );
  await sql`
    create table im_conversation (
      id text primary key,
      user_id text not null,
      other_user_id text not null,
      latest_message text,
      message_type text,
      latest_date timestamptz not null default now(),
      unique (user_id, other_user_id)
    )`.execute(db);

  // status: pending, running, done, failed. A running job whose lock is old goes back to pending.
  await sql`
    create table job (
      id text primary key,
      type text not null,
      payload text not null default '{}',
      run_at timestamptz not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      locked_by text,
      locked_at timestamptz,
      last_error text,
      ref_id text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index job_due on job (run_at) where status = 'pending'`.execute(db);
  await sql`create index job_ref on job (ref_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'job',
    'im_conversation',
    'im_message',
    'schedule_user',
    'schedule',
    'message_send_log',
    'send_message_config',
    'message_template',
    'notice',
    'message_receive',
    'message',
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
