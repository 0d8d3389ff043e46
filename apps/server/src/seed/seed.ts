import { randomText } from '../config.ts';
import { newId } from '../core/ids.ts';
import { hashPasswordDigest, md5Hex } from '../core/password.ts';
import type { Db } from '../db/database.ts';
import { seedDictionaries } from './dictionaries.ts';
import { seedMenus } from './menus.ts';
import { seedPermissions } from './permissions.ts';
import { defaultSysConfig } from './sys-config.ts';

export interface SeedResult {
  /** Set only when this run created the administrator with a generated password. */
  generatedAdminPassword: string | null;
}

/** Brings a fresh database to a usable state; running it again changes nothing. */
export async function seed(
  db: Db,
  options: { adminPassword: string | null; production: boolean },
): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(defaultSysConfig)) {
      await trx
        .insertInto('sysConfig')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }

    await trx
      .insertInto('system')
      .values({
        id: newId(),
        fullName: '企业管理平台',
        enCode: 'main',
        icon: 'icon-ym icon-ym-systemToggle',
        isMain: true,
      })
      .onConflict((oc) => oc.column('enCode').doNothing())
      .execute();

    let root = await trx.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirst();
    if (!root) {
      const id = newId();
      await trx
        .insertInto('organize')
        .values({ id, parentId: '-1', category: 'company', enCode: 'root', fullName: '集团总部', organizeIdTree: id })
        .execute();
      root = { id };
    }

    await seedDictionaries(trx);
    await seedPermissions(trx, await seedMenus(trx));

    const admin = await trx.selectFrom('appUser').select('id').where('account', '=', 'admin').executeTakeFirst();
    let generatedAdminPassword: string | null = null;
    if (!admin) {
      if (!options.adminPassword && options.production) {
        throw new Error(
          'ADMIN_PASSWORD is not set: production refuses to create the administrator with a generated password',
        );
      }
      const clear = options.adminPassword ?? randomText(12);
      if (!options.adminPassword) generatedAdminPassword = clear;
      const adminId = newId();
      await trx
        .insertInto('appUser')
        .values({
          id: adminId,
          account: 'admin',
          realName: '管理员',
          passwordHash: await hashPasswordDigest(md5Hex(clear)),
          organizeId: root.id,
          isAdministrator: true,
          gender: '1',
        })
        .execute();
      // The administrator belongs to the root organisation like any user, so lists and profile name it.
      await trx
        .insertInto('userRelation')
        .values({ id: newId(), userId: adminId, objectType: 'Organize', objectId: root.id })
        .execute();
    }
    return { generatedAdminPassword };
  });
}
