import { type Kysely, sql } from 'kysely';

/**
 * People administration: the user card fields clients send (protocol.md), indexes for subtree
 * filters, subordinates and the system log search.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table app_user
      add column ranks text,
      add column nation text,
      add column native_place text,
      add column certificates_type text,
      add column certificates_number text,
      add column education text,
      add column entry_date timestamptz,
      add column birthday timestamptz,
      add column tele_phone text,
      add column landline text,
      add column urgent_contacts text,
      add column urgent_tele_phone text,
      add column postal_address text`.execute(db);
  await sql`create index app_user_manager on app_user (manager_id) where manager_id is not null`.execute(db);
  // Subtree filters: organize_id_tree = T or like T || ',%' (text_pattern_ops serves LIKE prefixes under any collation).
  await sql`create index organize_tree on organize (organize_id_tree text_pattern_ops)`.execute(db);
  // Log search by person, address or text, with a leading wildcard.
  await sql`
    create index sys_log_search on sys_log using gin (
      (coalesce(account, '') || ' ' || coalesce(real_name, '') || ' ' || coalesce(ip, '') || ' ' || coalesce(description, ''))
      public.gin_trgm_ops
    )`.execute(db);
  // Without the pending list a bulk insert (an import) cannot leave searches scanning unsorted entries.
  await sql`alter index app_user_search set (fastupdate = off)`.execute(db);
  await sql`alter index sys_log_search set (fastupdate = off)`.execute(db);
  await sql`create index user_session_live on user_session (last_seen_at desc) where revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const index of ['user_session_live', 'sys_log_search', 'organize_tree', 'app_user_manager']) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
  }
  await sql`
    alter table app_user
      drop column ranks, drop column nation, drop column native_place, drop column certificates_type,
      drop column certificates_number, drop column education, drop column entry_date, drop column birthday,
      drop column tele_phone, drop column landline, drop column urgent_contacts, drop column urgent_tele_phone,
      drop column postal_address`.execute(db);
}
