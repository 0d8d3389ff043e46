import type { Insertable, Updateable } from 'kysely';
import { likePattern } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { SystemRow, SystemTable } from '../../db/schema.ts';

export class SystemRepository {
  constructor(private readonly db: Db | Trx) {}

  list(filter: { keyword?: string; enabledMark?: number }): Promise<SystemRow[]> {
    let query = this.db.selectFrom('system').selectAll();
    if (filter.keyword) {
      const pattern = likePattern(filter.keyword);
      query = query.where((eb) => eb.or([eb('fullName', 'ilike', pattern), eb('enCode', 'ilike', pattern)]));
    }
    if (filter.enabledMark !== undefined) query = query.where('enabledMark', '=', filter.enabledMark);
    return query.orderBy('sortCode').orderBy('creatorTime').execute();
  }

  findById(id: string): Promise<SystemRow | undefined> {
    return this.db.selectFrom('system').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async codeTaken(enCode: string, exceptId?: string): Promise<boolean> {
    let query = this.db.selectFrom('system').select('id').where('enCode', '=', enCode);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return Boolean(await query.executeTakeFirst());
  }

  async nameTaken(fullName: string, exceptId?: string): Promise<boolean> {
    let query = this.db.selectFrom('system').select('id').where('fullName', '=', fullName);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return Boolean(await query.executeTakeFirst());
  }

  async insert(row: Insertable<SystemTable>) {
    await this.db.insertInto('system').values(row).execute();
  }

  async update(id: string, changes: Updateable<SystemTable>) {
    await this.db.updateTable('system').set(changes).where('id', '=', id).execute();
  }

  async countMenus(systemId: string): Promise<number> {
    const row = await this.db
      .selectFrom('menu')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('systemId', '=', systemId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async delete(id: string) {
    await this.db.deleteFrom('authorize').where('itemType', '=', 'system').where('itemId', '=', id).execute();
    await this.db.deleteFrom('system').where('id', '=', id).execute();
  }

  /** Enabled systems as CurrentUser lists them, in display order. */
  enabled(): Promise<Pick<SystemRow, 'id' | 'fullName' | 'enCode' | 'icon' | 'isMain'>[]> {
    return this.db
      .selectFrom('system')
      .select(['id', 'fullName', 'enCode', 'icon', 'isMain'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .execute();
  }

  /** The systems that own these menus. */
  async ownersOfMenus(menuIds: string[]): Promise<string[]> {
    const rows = await this.db.selectFrom('menu').select('systemId').distinct().where('id', 'in', menuIds).execute();
    return rows.map((r) => r.systemId);
  }

  async setUserSystem(userId: string, systemId: string) {
    await this.db.updateTable('appUser').set({ systemId }).where('id', '=', userId).execute();
  }
}
