import { generatedMenus, standardMenus } from '@platform/shared';
import { newId } from '../core/ids.ts';
import type { Trx } from '../db/database.ts';

/** A page the seed has just created, so the only kind that gets the standard buttons. */
export interface CreatedPage {
  id: string;
  enCode: string;
}

/**
 * The standard pages of the main system, as directories (type 1) of pages (type 2). Pages are
 * created with button authorisation on: a user granted one holds only the buttons granted to it
 * (seedPermissions defines them for the pages returned here). Existing rows are left as they are,
 * switches included: every database seeded so far got its pages with the switch on (the seed always
 * set it, even while the switch changed nothing), so nothing needs repairing, and a row that is off
 * now was turned off by an administrator, whose choice the seed must not undo at the next start.
 * A standard menu that does not exist (first start, a page added to this list, one an administrator
 * deleted) is created, and so is the page of each generated area (`generated`, from
 * packages/shared/src/generated-menus.ts). Returns the pages this run created.
 */
export async function seedMenus(trx: Trx, generated = generatedMenus): Promise<CreatedPage[]> {
  const system = await trx.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow();
  const created: CreatedPage[] = [];
  for (const [index, directory] of standardMenus.entries()) {
    const { id: parentId } = await ensureMenu(trx, {
      systemId: system.id,
      parentId: '-1',
      enCode: directory.enCode,
      fullName: directory.fullName,
      icon: directory.icon,
      type: 1,
      urlAddress: null,
      sortCode: index,
    });
    for (const [sortCode, [enCode, fullName, urlAddress, icon]] of directory.children.entries()) {
      const page = await ensureMenu(trx, {
        systemId: system.id,
        parentId,
        enCode,
        fullName,
        icon,
        type: 2,
        urlAddress,
        sortCode,
      });
      if (page.created) created.push({ id: page.id, enCode });
    }
  }
  // Generated areas' pages sit at the top level, after the standard directories.
  for (const [index, [enCode, fullName, urlAddress, icon]] of generated.entries()) {
    const page = await ensureMenu(trx, {
      systemId: system.id,
      parentId: '-1',
      enCode,
      fullName,
      icon,
      type: 2,
      urlAddress,
      sortCode: standardMenus.length + index,
    });
    if (page.created) created.push({ id: page.id, enCode });
  }
  return created;
}

/** Creates the menu unless the system has one with its enCode; says which of the two happened. */
export async function ensureMenu(
  trx: Trx,
  menu: {
    systemId: string;
    parentId: string;
    enCode: string;
    fullName: string;
    icon: string;
    type: number;
    urlAddress: string | null;
    sortCode: number;
  },
): Promise<{ id: string; created: boolean }> {
  const inserted = await trx
    .insertInto('menu')
    .values({ id: newId(), ...menu, isButtonAuthorize: menu.type === 2 })
    .onConflict((oc) => oc.columns(['systemId', 'enCode']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const row = await trx
    .selectFrom('menu')
    .select('id')
    .where('systemId', '=', menu.systemId)
    .where('enCode', '=', menu.enCode)
    .executeTakeFirstOrThrow();
  return { id: row.id, created: false };
}
