import { type Kysely, sql } from 'kysely';

/**
 * Flow forms (protocol-workflow.md 1, `/api/flowForm/Form`) are the generated forms a flow uses,
 * plus system forms: a page written by hand (its Web and App address and its back-end interface)
 * whose fields are a list `[{filedId, filedName, jnpfKey, required, multiple}]`. A system form is
 * a row of the same table, told apart by `form_type` (1 system, 2 custom); it keeps no records.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table visual_dev
      add column form_type smallint not null default 2,
      add column flow_type smallint not null default 0,
      add column url_address text,
      add column app_url_address text,
      add column interface_url text`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    alter table visual_dev
      drop column if exists form_type,
      drop column if exists flow_type,
      drop column if exists url_address,
      drop column if exists app_url_address,
      drop column if exists interface_url`.execute(db);
}
