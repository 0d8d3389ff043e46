import { sql } from 'kysely';
import { newId } from '../../core/ids.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { ThirdSyncTable } from '../../db/schema.ts';

export type ThirdType = 1 | 2;
export type SyncDataType = ThirdSyncTable['dataType'];

/** The SQL table of our objects of a kind. */
const tableOf = (dataType: SyncDataType) => (dataType === 'organize' ? 'organize' : 'app_user');

export interface SyncLink {
  sysObjId: string | null;
  thirdObjId: string;
  status: number;
}

/** The links of the third-party synchronisation, and the organisations and users it writes. */
export class ThirdSyncRepository {
  constructor(private readonly db: Db | Trx) {}

  /** The successful links of one connector and kind whose object still exists here. */
  async links(thirdType: ThirdType, dataType: SyncDataType): Promise<SyncLink[]> {
    return this.db
      .selectFrom('thirdSync')
      .select(['sysObjId', 'thirdObjId', 'status'])
      .where('thirdType', '=', thirdType)
      .where('dataType', '=', dataType)
      .where('status', '=', 1)
      .where(
        sql<boolean>`exists (select 1 from ${sql.table(tableOf(dataType))} target where target.id = third_sync.sys_obj_id)`,
      )
      .execute();
  }

  /** Records one item's result, keyed by the third party's id (or, failed before it had one, ours). */
  async record(
    thirdType: ThirdType,
    dataType: SyncDataType,
    item: { sysObjId: string | null; thirdObjId: string; ok: boolean; description?: string },
  ) {
    const values = {
      sysObjId: item.sysObjId,
      status: item.ok ? 1 : 0,
      description: item.description?.slice(0, 500) ?? null,
      lastModifyTime: new Date(),
    };
    await this.db
      .insertInto('thirdSync')
      .values({ id: newId(), thirdType, dataType, thirdObjId: item.thirdObjId, ...values })
      .onConflict((oc) => oc.columns(['thirdType', 'dataType', 'thirdObjId']).doUpdateSet(values))
      .execute();
  }

  /** Drops a link (a failure recorded under our id, once the item has the third party's). */
  async forget(thirdType: ThirdType, dataType: SyncDataType, thirdObjId: string) {
    await this.db
      .deleteFrom('thirdSync')
      .where('thirdType', '=', thirdType)
      .where('dataType', '=', dataType)
      .where('thirdObjId', '=', thirdObjId)
      .execute();
  }

  /** getSynThirdTotal: how many of ours exist, and the last results of the synchronisation. */
  async totals(thirdType: ThirdType, dataType: SyncDataType) {
    const table = dataType === 'organize' ? 'organize' : 'appUser';
    const [total, results] = await Promise.all([
      this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('thirdSync')
        .select([
          sql<string>`count(*) filter (where status = 1 and exists (select 1 from ${sql.table(
            tableOf(dataType),
          )} target where target.id = third_sync.sys_obj_id))`.as('success'),
          sql<string>`count(*) filter (where status = 0)`.as('failed'),
          (eb) => eb.fn.max('lastModifyTime').as('last'),
        ])
        .where('thirdType', '=', thirdType)
        .where('dataType', '=', dataType)
        .executeTakeFirstOrThrow(),
    ]);
    const last = results.last as Date | string | null;
    return {
      total: Number(total.n),
      success: Number(results.success),
      failed: Number(results.failed),
      last: last === null ? null : new Date(last),
    };
  }

  rootOrganize() {
    return this.db
      .selectFrom('organize')
      .select(['id', 'organizeIdTree'])
      .where('parentId', '=', '-1')
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .executeTakeFirstOrThrow();
  }

  /** Our organisations, parents before children. */
  organizes() {
    return this.db
      .selectFrom('organize')
      .select(['id', 'parentId', 'fullName', 'sortCode', 'organizeIdTree'])
      .orderBy(sql`length(organize_id_tree) - length(replace(organize_id_tree, ',', ''))`)
      .orderBy('sortCode')
      .execute();
  }

  organizeById(id: string) {
    return this.db.selectFrom('organize').select(['id', 'organizeIdTree']).where('id', '=', id).executeTakeFirst();
  }

  organizeByCode(enCode: string) {
    return this.db
      .selectFrom('organize')
      .select(['id', 'organizeIdTree'])
      .where(sql`lower(en_code)`, '=', enCode.toLowerCase())
      .executeTakeFirst();
  }

  async insertOrganize(row: {
    id: string;
    parentId: string;
    enCode: string;
    fullName: string;
    tree: string;
    sortCode: number;
  }) {
    await this.db
      .insertInto('organize')
      .values({
        id: row.id,
        parentId: row.parentId,
        category: 'department',
        enCode: row.enCode,
        fullName: row.fullName,
        organizeIdTree: row.tree,
        sortCode: row.sortCode,
      })
      .execute();
  }

  async renameOrganize(id: string, fullName: string, sortCode: number) {
    await this.db
      .updateTable('organize')
      .set({ fullName, sortCode, lastModifyTime: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Our users with their organisation, for sending out. */
  users() {
    return this.db
      .selectFrom('appUser')
      .select(['id', 'account', 'realName', 'mobilePhone', 'email', 'organizeId'])
      .orderBy('account')
      .execute();
  }

  userById(id: string) {
    return this.db.selectFrom('appUser').select(['id']).where('id', '=', id).executeTakeFirst();
  }

  userByAccount(account: string) {
    return this.db
      .selectFrom('appUser')
      .select(['id'])
      .where(sql`lower(account)`, '=', account.toLowerCase())
      .executeTakeFirst();
  }

  async insertUser(row: {
    id: string;
    account: string;
    realName: string;
    mobilePhone: string | null;
    email: string | null;
    organizeId: string;
    passwordHash: string;
  }) {
    await this.db.insertInto('appUser').values(row).execute();
  }

  async updateUser(
    id: string,
    changes: { realName: string; mobilePhone: string | null; email: string | null; organizeId: string | null },
  ) {
    const { organizeId, ...rest } = changes;
    await this.db
      .updateTable('appUser')
      .set({ ...rest, ...(organizeId ? { organizeId } : {}), lastModifyTime: new Date() })
      .where('id', '=', id)
      .execute();
  }
}
