import type { Db, Trx } from '../../db/database.ts';

export class SysConfigRepository {
  constructor(private readonly db: Db | Trx) {}

  async all(): Promise<Record<string, unknown>> {
    const rows = await this.db.selectFrom('sysConfig').select(['key', 'value']).execute();
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  async set(values: Record<string, unknown>) {
    for (const [key, value] of Object.entries(values)) {
      await this.db
        .insertInto('sysConfig')
        .values({ key, value: JSON.stringify(value), lastModifyTime: new Date() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), lastModifyTime: new Date() }))
        .execute();
    }
  }

  /** `SysConfig/getAdminList`: the accounts holding the administrator flag. */
  administrators() {
    return this.db
      .selectFrom('appUser')
      .select(['id', 'account', 'realName'])
      .where('isAdministrator', '=', true)
      .orderBy('account')
      .execute();
  }

  /** Which of these ids name a user. */
  async existingUserIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('appUser').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Makes exactly these users administrators; answers who stopped being one and who became one. */
  async setAdministrators(ids: string[]): Promise<{ demoted: string[]; promoted: string[] }> {
    const demoted = await this.db
      .updateTable('appUser')
      .set({ isAdministrator: false })
      .where('isAdministrator', '=', true)
      .where('id', 'not in', ids)
      .returning('id')
      .execute();
    const promoted = await this.db
      .updateTable('appUser')
      .set({ isAdministrator: true })
      .where('id', 'in', ids)
      .where('isAdministrator', '=', false)
      .returning('id')
      .execute();
    return { demoted: demoted.map((row) => row.id), promoted: promoted.map((row) => row.id) };
  }
}
