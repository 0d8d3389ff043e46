import type { Insertable, Selectable } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { VisualDevShortLinkTable } from '../../db/schema.ts';

export type ShortLinkRow = Selectable<VisualDevShortLinkTable>;

export class ShortLinkRepository {
  constructor(private readonly db: Db | Trx) {}

  find(id: string): Promise<ShortLinkRow | undefined> {
    return this.db.selectFrom('visualDevShortLink').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async save(row: Insertable<VisualDevShortLinkTable>) {
    const { id, creatorUserId, ...changes } = row;
    await this.db
      .insertInto('visualDevShortLink')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ ...changes, lastModifyTime: new Date(), lastModifyUserId: creatorUserId ?? null }),
      )
      .execute();
  }
}
