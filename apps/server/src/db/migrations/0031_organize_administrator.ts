import { type Kysely, sql } from 'kysely';

/**
 * Tiered administrators (分级管理): a user who administers an organisation (this layer) and/or
 * the organisations below it (sub layers), each for adding, editing, deleting and seeing.
 */
export async function up(db: Kysely<unknown>) {
  const flags = ['this_layer', 'sub_layer']
    .flatMap((layer) =>
      ['add', 'edit', 'delete', 'select'].map((action) => `${layer}_${action} smallint not null default 0`),
    )
    .join(',\n      ');
  await sql
    .raw(`
    create table organize_administrator (
      id text primary key,
      user_id text not null references app_user (id) on delete cascade,
      organize_id text not null references organize (id) on delete cascade,
      ${flags},
      creator_time timestamptz not null default now(),
      creator_user_id text,
      unique (user_id, organize_id)
    )`)
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists organize_administrator`.execute(db);
}
