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
}
