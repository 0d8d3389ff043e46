import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export class ProfileRepository {
  constructor(private readonly db: Db | Trx) {}

  /** The organisations or positions a user belongs to, with names, in the user's order. */
  relationsNamed(userId: string, kind: 'Organize' | 'Position'): Promise<{ id: string; fullName: string }[]> {
    const relations = this.db
      .selectFrom('userRelation as r')
      .where('r.userId', '=', userId)
      .where('r.objectType', '=', kind)
      .orderBy('r.sortCode')
      .orderBy('r.creatorTime');
    return kind === 'Organize'
      ? relations.innerJoin('organize as o', 'o.id', 'r.objectId').select(['o.id', 'o.fullName']).execute()
      : relations.innerJoin('position as o', 'o.id', 'r.objectId').select(['o.id', 'o.fullName']).execute();
  }

  /** The user's own drawn signatures (the personal rows of the signature store), newest first. */
  /**
   * Enabled tiered administrators of `organizeIds` with their organisation's name, and enabled
   * super administrators when `organizeIds` is empty.
   */
  administrators(organizeIds: readonly string[]) {
    if (organizeIds.length === 0) {
      return this.db
        .selectFrom('appUser')
        .select(['account', 'realName', sql<string>`''`.as('organizeId'), sql<string>`''`.as('organizeName')])
        .where('isAdministrator', '=', true)
        .where('enabledMark', '=', 1)
        .orderBy('sortCode')
        .orderBy('account')
        .limit(5)
        .execute();
    }
    return this.db
      .selectFrom('organizeAdministrator as a')
      .innerJoin('appUser as u', 'u.id', 'a.userId')
      .innerJoin('organize as o', 'o.id', 'a.organizeId')
      .select(['u.account', 'u.realName', 'a.organizeId', 'o.fullName as organizeName'])
      .where('a.organizeId', 'in', organizeIds)
      .where('u.enabledMark', '=', 1)
      .orderBy('u.account')
      .execute();
  }

  /** The ids from the root down to the user's own organisation (empty without one). */
  async organizeChain(userId: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('appUser as u')
      .innerJoin('organize as o', 'o.id', 'u.organizeId')
      .select('o.organizeIdTree')
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row?.organizeIdTree ? row.organizeIdTree.split(',').filter(Boolean) : [];
  }

  signatures(userId: string) {
    return this.db
      .selectFrom('signature')
      .select(['id', 'image as signImg', 'isDefault', 'creatorTime'])
      .where('ownerUserId', '=', userId)
      .orderBy('creatorTime', 'desc')
      .execute();
  }

  async addSignature(row: { id: string; userId: string; signImg: string; isDefault: number }) {
    await this.db
      .insertInto('signature')
      .values({
        id: row.id,
        ownerUserId: row.userId,
        image: row.signImg,
        isDefault: row.isDefault,
        creatorUserId: row.userId,
      })
      .execute();
  }

  /** Only the owner's rows are touched: someone else's id, or an administered signature, matches nothing. */
  async deleteSignature(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('signature')
      .where('id', '=', id)
      .where('ownerUserId', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setDefaultSignature(userId: string, id: string | null) {
    await this.db
      .updateTable('signature')
      .set((eb) => ({ isDefault: id ? eb.case().when('id', '=', id).then(1).else(0).end() : 0 }))
      .where('ownerUserId', '=', userId)
      .execute();
  }

  async signatureExists(userId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('signature')
      .select('id')
      .where('id', '=', id)
      .where('ownerUserId', '=', userId)
      .executeTakeFirst();
    return !!row;
  }
}
