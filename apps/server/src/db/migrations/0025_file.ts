import { type Kysely, sql } from 'kysely';

/**
 * Files of the file service (admin.md 2.7, 3.11; protocol-admin.md 5). `stored_file` is one upload
 * as its uploader named it: the generated `name` the client keeps as fileId, the storage key of the
 * bytes (several records may share the bytes of one content hash: instant upload), the original
 * name and extension, size and MD5. `file_link` holds the expiring download addresses: a random
 * token, what it opens (one file, a zip of several, a preview) and when it stops working.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table stored_file (
      id text primary key,
      name text not null unique,
      type text not null,
      storage_key text not null,
      original_name text not null,
      extension text not null,
      size bigint not null,
      md5 text,
      creator_time timestamptz not null default now(),
      creator_user_id text
    )`.execute(db);
  await sql`create index stored_file_md5 on stored_file (md5, creator_user_id) where md5 is not null`.execute(db);
  await sql`
    create table file_link (
      token text primary key,
      payload text not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index file_link_expires on file_link (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table file_link`.execute(db);
  await sql`drop table stored_file`.execute(db);
}
