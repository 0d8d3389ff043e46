import { type Kysely, sql } from 'kysely';

/**
 * Comments on a flow instance (protocol-workflow.md §2 Extras, FlowComment): anyone who may read
 * the task writes a text with pictures and files from the file service; only the writer deletes it.
 * `image` and `file` keep the client's JSON text of `[{name, fileId, url}]` as sent.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table flow_comment (
      id text primary key,
      task_id text not null references flow_task (id) on delete cascade,
      text text not null default '',
      image text not null default '[]',
      file text not null default '[]',
      creator_user_id text not null,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index flow_comment_task on flow_comment (task_id, creator_time desc)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists flow_comment`.execute(db);
}
