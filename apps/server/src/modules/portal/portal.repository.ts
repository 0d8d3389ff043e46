import type { Insertable, Selectable } from 'kysely';
import { CategorisedRepository, listedRecordColumns } from '../../core/categorised-repository.ts';
import type { CategorisedFilter } from '../../core/list.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { PortalTable } from '../../db/schema.ts';

export type PortalValues = Omit<Insertable<PortalTable>, 'id'>;

export interface PortalFilter extends CategorisedFilter {
  type?: number | undefined;
}

const listColumns = [
  'id',
  'fullName',
  'enCode',
  'category',
  'type',
  'linkType',
  'customUrl',
  'enabledLock',
  ...listedRecordColumns,
] as const;

/** A record as the lists answer it. */
export type PortalListRow = Pick<Selectable<PortalTable>, (typeof listColumns)[number]>;

export class PortalRepository extends CategorisedRepository<'portal', PortalValues, PortalFilter, PortalListRow> {
  constructor(db: Db | Trx) {
    super(db, 'portal');
  }

  protected listQuery(filter: PortalFilter) {
    const query = this.db.selectFrom('portal').select(listColumns);
    return filter.type === undefined ? query : query.where('type', '=', filter.type);
  }

  findById(id: string) {
    return this.db
      .selectFrom('portal')
      .select([...listColumns, 'formData'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async setFormData(id: string, formData: string, userId: string) {
    await this.db
      .updateTable('portal')
      .set({ formData, lastModifyTime: new Date(), lastModifyUserId: userId })
      .where('id', '=', id)
      .execute();
  }

  override async delete(id: string) {
    await this.db.updateTable('role').set({ portalId: null }).where('portalId', '=', id).execute();
    await this.db.updateTable('appUser').set({ portalId: null }).where('portalId', '=', id).execute();
    await this.db.deleteFrom('authorize').where('itemType', '=', 'portal').where('itemId', '=', id).execute();
    await super.delete(id);
  }

  customLayout(portalId: string, userId: string) {
    return this.db
      .selectFrom('portalCustom')
      .select('formData')
      .where('portalId', '=', portalId)
      .where('userId', '=', userId)
      .executeTakeFirst()
      .then((row) => row?.formData ?? null);
  }

  async saveCustomLayout(portalId: string, userId: string, formData: string) {
    await this.db
      .insertInto('portalCustom')
      .values({ portalId, userId, formData })
      .onConflict((oc) => oc.columns(['userId', 'portalId']).doUpdateSet({ formData, lastModifyTime: new Date() }))
      .execute();
  }

  async setUserDefault(userId: string, portalId: string) {
    await this.db.updateTable('appUser').set({ portalId }).where('id', '=', userId).execute();
  }

  roleIdsWithDefault(portalId: string) {
    return this.db
      .selectFrom('role')
      .select('id')
      .where('portalId', '=', portalId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }

  existingRoleIds(ids: string[]) {
    if (!ids.length) return Promise.resolve([] as string[]);
    return this.db
      .selectFrom('role')
      .select('id')
      .where('id', 'in', ids)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }

  /** Makes this portal the default of exactly `roleIds`. */
  async setRoleDefaults(portalId: string, roleIds: string[]) {
    let clear = this.db.updateTable('role').set({ portalId: null }).where('portalId', '=', portalId);
    if (roleIds.length) clear = clear.where('id', 'not in', roleIds);
    await clear.execute();
    if (roleIds.length) await this.db.updateTable('role').set({ portalId }).where('id', 'in', roleIds).execute();
  }

  /** The enabled default portal of the first of these roles (by the roles' order) that has one. */
  roleDefault(roleIds: string[]) {
    if (!roleIds.length) return Promise.resolve(null);
    return this.db
      .selectFrom('role')
      .innerJoin('portal', 'portal.id', 'role.portalId')
      .select('portal.id')
      .where('role.id', 'in', roleIds)
      .where('role.enabledMark', '=', 1)
      .where('portal.enabledMark', '=', 1)
      .orderBy('role.sortCode')
      .orderBy('role.id')
      .executeTakeFirst()
      .then((row) => row?.id ?? null);
  }

  /** The portals that these roles (enabled ones) open by default. */
  roleDefaultIds(roleIds: string[]) {
    if (!roleIds.length) return Promise.resolve([] as string[]);
    return this.db
      .selectFrom('role')
      .select('portalId')
      .where('id', 'in', roleIds)
      .where('enabledMark', '=', 1)
      .where('portalId', 'is not', null)
      .execute()
      .then((rows) => rows.flatMap((r) => (r.portalId ? [r.portalId] : [])));
  }

  /** Enabled menus of type 8 (a portal page) and 6 (a data screen), with the propertyJson that names their portal. */
  portalMenus() {
    return this.db
      .selectFrom('menu')
      .select(['id', 'propertyJson'])
      .where('type', 'in', [6, 8])
      .where('enabledMark', '=', 1)
      .execute();
  }

  isEnabled(id: string) {
    return this.db
      .selectFrom('portal')
      .select('id')
      .where('id', '=', id)
      .where('enabledMark', '=', 1)
      .executeTakeFirst()
      .then(Boolean);
  }
}
