import { type Kysely, sql } from 'kysely';

/**
 * The operation log (sys_log category 2): what the call belonged to (the menu of its permission,
 * or its first path segments), the route pattern, the answer's code and the redacted body. The
 * keyword search also finds the module and the request address.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table sys_log
      add column module_code text,
      add column module_name text,
      add column request_route text,
      add column result_code integer,
      add column request_body text`.execute(db);
  await sql`drop index if exists sys_log_search`.execute(db);
  await sql`
    create index sys_log_search on sys_log using gin (
      (coalesce(account, '') || ' ' || coalesce(real_name, '') || ' ' || coalesce(ip, '') || ' ' || coalesce(description, '')
        || ' ' || coalesce(module_name, '') || ' ' || coalesce(request_url, ''))
      public.gin_trgm_ops
    ) with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists sys_log_search`.execute(db);
  await sql`
    create index sys_log_search on sys_log using gin (
      (coalesce(account, '') || ' ' || coalesce(real_name, '') || ' ' || coalesce(ip, '') || ' ' || coalesce(description, ''))
      public.gin_trgm_ops
    ) with (fastupdate = off)`.execute(db);
  await sql`
    alter table sys_log
      drop column module_code, drop column module_name, drop column request_route, drop column result_code,
      drop column request_body`.execute(db);
}
