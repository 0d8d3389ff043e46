import type { OrganizeAdministratorModel } from '@platform/shared';
import { sql } from 'kysely';
import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';

export class OrganizeAdministratorRepository {
  constructor(private readonly db: Db | Trx) {}

  private rows(filter: { keyword?: string; userId?: string }) {
    let query = this.db
      .selectFrom('organizeAdministrator as a')
      .innerJoin('appUser as u', 'u.id', 'a.userId')
      .innerJoin('organize as o', 'o.id', 'a.organizeId')
      .selectAll('a')
      .select([sql<string>`u.real_name || '/' || u.account`.as('userName'), 'o.fullName as organizeName']);
    if (filter.userId) query = query.where('a.userId', '=', filter.userId);
    if (filter.keyword) {
      query = query.where((eb) => keywordIn(eb, ['u.realName', 'u.account', 'o.fullName'], filter.keyword ?? ''));
    }
    return query.orderBy('a.creatorTime', 'desc').orderBy('a.id');
  }

  page(params: PageParams, userId?: string) {
    return fetchPage(this.rows({ keyword: params.keyword, ...(userId ? { userId } : {}) }), params);
  }

  ofUser(userId: string) {
    return this.rows({ userId }).execute();
  }

  findById(id: string) {
    return this.db.selectFrom('organizeAdministrator').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async userExists(userId: string) {
    return Boolean(await this.db.selectFrom('appUser').select('id').where('id', '=', userId).executeTakeFirst());
  }

  async existingOrganizes(ids: string[]) {
    if (!ids.length) return new Set<string>();
    const rows = await this.db.selectFrom('organize').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  async replace(userId: string, models: (OrganizeAdministratorModel & { id: string })[], creatorUserId: string) {
    await this.db.deleteFrom('organizeAdministrator').where('userId', '=', userId).execute();
    if (!models.length) return;
    await this.db
      .insertInto('organizeAdministrator')
      .values(models.map((m) => ({ ...m, userId, creatorUserId })))
      .execute();
  }

  async delete(id: string) {
    await this.db.deleteFrom('organizeAdministrator').where('id', '=', id).execute();
  }
}
