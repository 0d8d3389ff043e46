import { type Kysely, sql } from 'kysely';

/**
 * Portals (门户): designed home pages made of cards, a viewer's own arrangement of an unlocked one,
 * and the portal a role's members open by default (`role.portal_id`; a user's own choice,
 * `app_user.portal_id`, comes first).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table portal (
      id text primary key,
      full_name text not null,
      en_code text not null,
      category text not null,
      type smallint not null default 0,
      link_type smallint not null default 0,
      custom_url text,
      enabled_lock smallint not null default 0,
      form_data text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 1,
      description text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
  await sql`create unique index portal_code on portal (lower(en_code))`.execute(db);
  await sql`create index portal_category on portal (category, sort_code)`.execute(db);

  await sql`
    create table portal_custom (
      portal_id text not null references portal (id) on delete cascade,
      user_id text not null,
      form_data text not null,
      last_modify_time timestamptz not null default now(),
      primary key (user_id, portal_id)
    )`.execute(db);
  await sql`create index portal_custom_portal on portal_custom (portal_id)`.execute(db);

  await sql`alter table role add column portal_id text`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table role drop column portal_id`.execute(db);
  await sql`drop table portal_custom`.execute(db);
  await sql`drop table portal`.execute(db);
}
