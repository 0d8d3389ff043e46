import { type Kysely, sql } from 'kysely';

/**
 * Sub-flows (protocol-workflow.md, subFlow node): a child task knows the parent task and the
 * parent's sub-flow node instance that launched it, and whether the parent waits for it (sync).
 * When the last synchronous child of a node instance ends, the parent goes on from that node.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table flow_task add column parent_id text`.execute(db);
  await sql`alter table flow_task add column parent_node_id text`.execute(db);
  await sql`alter table flow_task add column is_async boolean not null default false`.execute(db);
  await sql`create index flow_task_parent_node on flow_task (parent_node_id) where parent_node_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists flow_task_parent_node`.execute(db);
  await sql`alter table flow_task drop column is_async`.execute(db);
  await sql`alter table flow_task drop column parent_node_id`.execute(db);
  await sql`alter table flow_task drop column parent_id`.execute(db);
}
