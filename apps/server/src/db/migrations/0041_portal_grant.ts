import { type Kysely, sql } from 'kysely';

/**
 * Portals become something a permission group grants (item type `portal`), as menus are: who may
 * open a portal on the home page, in the switcher and through a type-8 menu.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table authorize drop constraint authorize_item_type_check`.execute(db);
  await sql`alter table authorize add constraint authorize_item_type_check
    check (item_type in ('system', 'module', 'button', 'column', 'form', 'resource', 'portal'))`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from authorize where item_type = 'portal'`.execute(db);
  await sql`alter table authorize drop constraint authorize_item_type_check`.execute(db);
  await sql`alter table authorize add constraint authorize_item_type_check
    check (item_type in ('system', 'module', 'button', 'column', 'form', 'resource'))`.execute(db);
}
