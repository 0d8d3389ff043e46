import { type Kysely, sql } from 'kysely';

/**
 * The audit trail of the operation log: the object an administrative call changed (its kind, id
 * and name) and the changed fields with their old and new values (core/audit.ts). An index on the
 * object answers "what happened to this user" without a scan.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table sys_log
      add column object_type text,
      add column object_id text,
      add column object_name text,
      add column changes jsonb`.execute(db);
  await sql`create index sys_log_object on sys_log (object_type, object_id, creator_time) where object_type is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists sys_log_object`.execute(db);
  await sql`
    alter table sys_log drop column object_type, drop column object_id, drop column object_name, drop column changes`.execute(
    db,
  );
}
