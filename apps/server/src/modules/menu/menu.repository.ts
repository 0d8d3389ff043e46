import type { Db, Trx } from '../../db/database.ts';
import type { MenuRow } from '../../db/schema.ts';

export class MenuRepository {
  constructor(private readonly db: Db | Trx) {}

  /** Enabled menus of one system, in display order. */
  enabledMenus(systemId: string): Promise<MenuRow[]> {
    return this.db
      .selectFrom('menu')
      .selectAll()
      .where('systemId', '=', systemId)
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .execute();
  }
}
