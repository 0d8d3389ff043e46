import type { Db, Trx } from '../../db/database.ts';

export class DictionaryAllRepository {
  constructor(private readonly db: Db | Trx) {}

  types() {
    return this.db
      .selectFrom('dictionaryType')
      .select(['id', 'parentId', 'fullName', 'enCode', 'isTree'])
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .execute();
  }

  enabledEntries() {
    return this.db
      .selectFrom('dictionaryData')
      .select(['id', 'dictionaryTypeId', 'parentId', 'fullName', 'enCode'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .execute();
  }
}
