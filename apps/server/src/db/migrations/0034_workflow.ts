import { type Kysely, sql } from 'kysely';

/**
 * Workflow (protocol-workflow.md): templates hold flows, a flow keeps every version of its graph
 * (one main); a task runs one version and has node instances, operator rows (the to-do items),
 * records (what each person did), carbon copies and delegations.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table flow_template (
      id text primary key,
      full_name text not null,
      en_code text not null,
      category text,
      type smallint not null default 0,
      icon text,
      icon_background text,
      sort_code integer not null default 0,
      enabled_mark smallint not null default 0,
      description text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )`.execute(db);
  await sql`create unique index flow_template_code on flow_template (lower(en_code))`.execute(db);

  await sql`
    create table flow_def (
      id text primary key,
      template_id text not null references flow_template (id) on delete cascade,
      flow_key text not null default '',
      full_name text not null,
      sort_code integer not null default 0,
      main_version_id text,
      delete_mark smallint not null default 0,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index flow_def_template on flow_def (template_id, sort_code)`.execute(db);

  await sql`
    create table flow_version (
      id text primary key,
      flow_id text not null references flow_def (id) on delete cascade,
      template_id text not null,
      version integer not null,
      graph text not null,
      form_id text,
      creator_time timestamptz not null default now(),
      creator_user_id text,
      unique (flow_id, version)
    )`.execute(db);
  await sql`create index flow_version_form on flow_version (form_id)`.execute(db);

  await sql`
    create table flow_task (
      id text primary key,
      template_id text not null,
      flow_id text not null,
      version_id text not null,
      full_name text not null,
      form_id text,
      form_data text not null default '{}',
      creator_user_id text not null,
      status smallint not null default 0,
      flow_urgent smallint not null default 1,
      this_step text not null default '',
      this_step_id text not null default '',
      completion integer not null default 0,
      suspend boolean not null default false,
      joins text not null default '{}',
      start_time timestamptz,
      end_time timestamptz,
      creator_time timestamptz not null default now(),
      last_modify_time timestamptz
    )`.execute(db);
  await sql`create index flow_task_creator on flow_task (creator_user_id, creator_time desc)`.execute(db);
  await sql`create index flow_task_status on flow_task (status, creator_time desc)`.execute(db);

  await sql`
    create table flow_task_node (
      id text primary key,
      task_id text not null references flow_task (id) on delete cascade,
      node_code text not null,
      node_type text not null,
      node_name text not null,
      /** 1 current, 2 done, 3 cancelled. */
      state smallint not null default 1,
      prev_node_id text,
      creator_time timestamptz not null default now(),
      completion_time timestamptz
    )`.execute(db);
  await sql`create index flow_task_node_task on flow_task_node (task_id, creator_time)`.execute(db);

  await sql`
    create table flow_task_operator (
      id text primary key,
      task_id text not null references flow_task (id) on delete cascade,
      task_node_id text not null references flow_task_node (id) on delete cascade,
      node_code text not null,
      node_name text not null,
      handle_id text not null,
      /** 0 waiting its turn, 1 to do, 2 done, 3 cancelled. */
      state smallint not null default 1,
      /** 0 normal, 1 added before, 2 added after. */
      kind smallint not null default 0,
      parent_id text,
      sort_code integer not null default 0,
      handle_status smallint,
      handle_time timestamptz,
      draft_data text,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index flow_task_operator_todo on flow_task_operator (handle_id, state, creator_time desc)`.execute(
    db,
  );
  await sql`create index flow_task_operator_node on flow_task_operator (task_node_id)`.execute(db);

  await sql`
    create table flow_task_record (
      id text primary key,
      task_id text not null references flow_task (id) on delete cascade,
      task_node_id text,
      task_operator_id text,
      node_code text not null default '',
      node_name text not null default '',
      handle_id text not null,
      handle_status smallint not null,
      handle_opinion text not null default '',
      sign_img text not null default '',
      file_list text not null default '[]',
      operator_id text not null default '',
      handle_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index flow_task_record_task on flow_task_record (task_id, handle_time)`.execute(db);
  await sql`create index flow_task_record_handler on flow_task_record (handle_id, handle_time desc)`.execute(db);

  await sql`
    create table flow_task_circulate (
      id text primary key,
      task_id text not null references flow_task (id) on delete cascade,
      task_node_id text,
      node_code text not null default '',
      node_name text not null default '',
      object_id text not null,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index flow_task_circulate_user on flow_task_circulate (object_id, creator_time desc)`.execute(db);

  await sql`
    create table flow_delegate (
      id text primary key,
      user_id text not null,
      to_user_id text not null,
      type smallint not null default 1,
      flow_id text not null default '',
      flow_name text not null default '',
      start_time timestamptz not null,
      end_time timestamptz not null,
      description text,
      creator_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index flow_delegate_to on flow_delegate (to_user_id, end_time)`.execute(db);
  await sql`create index flow_delegate_from on flow_delegate (user_id, end_time)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'flow_delegate',
    'flow_task_circulate',
    'flow_task_record',
    'flow_task_operator',
    'flow_task_node',
    'flow_task',
    'flow_version',
    'flow_def',
    'flow_template',
  ])
    await sql`drop table ${sql.table(table)}`.execute(db);
}
