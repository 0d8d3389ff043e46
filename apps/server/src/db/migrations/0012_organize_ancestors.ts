import { type Kysely, sql } from 'kysely';

/**
 * Subtree filters by organisation id: an organisation's path (organize_id_tree) lists its
 * ancestors and itself, so "in the subtree of X" is "the path holds X", which this index answers
 * without first reading X's path (and so inside one prepared statement with a generic plan).
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index organize_ancestors on organize using gin (string_to_array(organize_id_tree, ','))`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists organize_ancestors`.execute(db);
}
