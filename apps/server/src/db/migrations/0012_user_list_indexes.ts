import { type Kysely, sql } from 'kysely';

/**
 * The user list's two walks (bench/users-list.ts, 100,000 users):
 * - subtree filters by organisation id: an organisation's path (organize_id_tree) lists its
 *   ancestors and itself, so "in the subtree of X" is "the path holds X", answered here without
 *   first reading X's path (and so inside one prepared statement with a generic plan);
 * - each user found in that subtree is checked against the keyword and sorted by columns this
 *   index carries, so the check never reads the wide user row (1,037 -> 820 buffers a page for a
 *   200-user department).
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index organize_ancestors on organize using gin (string_to_array(organize_id_tree, ','))`.execute(db);
  await sql`create index app_user_list on app_user (id) include (account, real_name, sort_code, creator_time)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists app_user_list`.execute(db);
  await sql`drop index if exists organize_ancestors`.execute(db);
}
