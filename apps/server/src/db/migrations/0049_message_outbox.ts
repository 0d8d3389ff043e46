import { type Kysely, sql } from 'kysely';

/**
 * The outbox of external messages (issue 41): a message's send-log row is written with its job in
 * the transaction that causes it, as `pending`, and the job runner sends it. `attempts` counts the
 * tries, so the send log shows how often a failing message was tried. Rows from before were sent
 * at once, in one try (the default). One job per message id: a second could send it twice.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table message_send_log add column attempts integer not null default 1`.execute(db);
  await sql`create unique index job_message_once on job (ref_id) where type = 'message.send'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index job_message_once`.execute(db);
  await sql`alter table message_send_log drop column attempts`.execute(db);
}
