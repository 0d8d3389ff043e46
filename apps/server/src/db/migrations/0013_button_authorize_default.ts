import { type Kysely, sql } from 'kysely';

/**
 * Pages are created with button authorisation on (the menu form and the API default to it since
 * the switch is honoured); the column default follows, so rows written by SQL (imports,
 * benchmarks) mean the same as rows written through the API. Existing rows keep their value.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table menu alter column is_button_authorize set default true`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table menu alter column is_button_authorize set default false`.execute(db);
}
