import { type Kysely, sql } from 'kysely';

/**
 * Data interfaces (数据接口), their variables and their call log. The JSON documents of an
 * interface (source, parameters, field mapping) are kept as the text the client sends; the server
 * checks them on save. The database role that SQL interfaces run as is made at start
 * (modules/dataInterface/sql-reader-role.ts), not here: which schemas it may read is configuration.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table data_interface (
      id text primary key,
      full_name text not null,
      en_code text not null,
      category text not null,
      type smallint not null,
      action smallint not null default 3,
      has_page smallint not null default 0,
      is_post_position smallint not null default 0,
      data_config_json text not null,
      data_count_json text,
      data_echo_json text,
      data_js_json text,
      data_exception_json text,
      field_json text,
      parameter_json text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
  await sql`create unique index data_interface_code on data_interface (lower(en_code))`.execute(db);
  await sql`create index data_interface_category on data_interface (category, sort_code)`.execute(db);

  await sql`
    create table data_interface_variate (
      id text primary key,
      interface_id text not null references data_interface (id) on delete cascade,
      full_name text not null,
      expression text not null,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
  await sql`create unique index data_interface_variate_name on data_interface_variate (interface_id, lower(full_name))`.execute(
    db,
  );

  await sql`
    create table data_interface_log (
      id text primary key,
      interface_id text not null,
      user_id text,
      invok_time timestamptz not null default now(),
      invok_waste_time integer not null,
      invok_state smallint not null,
      invok_size integer not null default 0,
      invok_ip text,
      origin text,
      message text
    )`.execute(db);
  await sql`create index data_interface_log_interface on data_interface_log (interface_id, invok_time desc)`.execute(
    db,
  );
  await sql`create index data_interface_log_time on data_interface_log (invok_time)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table data_interface_log`.execute(db);
  await sql`drop table data_interface_variate`.execute(db);
  await sql`drop table data_interface`.execute(db);
}
