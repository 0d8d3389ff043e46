import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export interface DictionaryTypeValues {
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  description: string | null;
}

export interface DictionaryEntryValues {
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

const typeColumns = ['id', 'parentId', 'fullName', 'enCode', 'isTree', 'sortCode', 'description'] as const;
const entryColumns = [
  'id',
  'dictionaryTypeId',
  'parentId',
  'fullName',
  'enCode',
  'sortCode',
  'enabledMark',
  'description',
] as const;

/** Dictionary categories (dictionary_type) and their entries (dictionary_data): the area's only SQL. */
export class DictionaryRepository {
  constructor(private readonly db: Db | Trx) {}

  /** Every category in display order. */
  types() {
    return this.db
      .selectFrom('dictionaryType')
      .select(typeColumns)
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .execute();
  }

  findType(id: string) {
    return this.db.selectFrom('dictionaryType').select(typeColumns).where('id', '=', id).executeTakeFirst();
  }

  /** Codes compare without case: `Sex` and `sex` would be one category to a person reading them. */
  typeCodeTaken(enCode: string, exceptId: string | null): Promise<boolean> {
    let query = this.db.selectFrom('dictionaryType').select('id').where(sql`lower(en_code)`, '=', enCode.toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst().then(Boolean);
  }

  findTypeByCode(enCode: string) {
    return this.db
      .selectFrom('dictionaryType')
      .select(typeColumns)
      .where(sql`lower(en_code)`, '=', enCode.toLowerCase())
      .executeTakeFirst();
  }

  async insertType(id: string, values: DictionaryTypeValues, userId: string) {
    await this.db
      .insertInto('dictionaryType')
      .values({ ...values, id, creatorUserId: userId })
      .execute();
  }

  async updateType(id: string, values: Omit<DictionaryTypeValues, 'isTree'>, userId: string) {
    await this.db
      .updateTable('dictionaryType')
      .set({ ...values, lastModifyTime: new Date(), lastModifyUserId: userId })
      .where('id', '=', id)
      .execute();
  }

  async deleteType(id: string) {
    await this.db.deleteFrom('dictionaryType').where('id', '=', id).execute();
  }

  hasChildTypes(id: string): Promise<boolean> {
    return this.db
      .selectFrom('dictionaryType')
      .select('id')
      .where('parentId', '=', id)
      .where('id', '<>', id)
      .executeTakeFirst()
      .then(Boolean);
  }

  hasEntries(typeId: string): Promise<boolean> {
    return this.db
      .selectFrom('dictionaryData')
      .select('id')
      .where('dictionaryTypeId', '=', typeId)
      .executeTakeFirst()
      .then(Boolean);
  }

  /** Every entry of every category, enabled or not, in display order (what the cache holds). */
  allEntries() {
    return this.db
      .selectFrom('dictionaryData')
      .select(entryColumns)
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .execute();
  }

  /** One category's entries in display order. */
  entriesOf(typeId: string) {
    return this.db
      .selectFrom('dictionaryData')
      .select(entryColumns)
      .where('dictionaryTypeId', '=', typeId)
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .execute();
  }

  findEntry(id: string) {
    return this.db.selectFrom('dictionaryData').select(entryColumns).where('id', '=', id).executeTakeFirst();
  }

  /** Entry codes are unique within their category, without case. */
  entryCodeTaken(typeId: string, enCode: string, exceptId: string | null): Promise<boolean> {
    let query = this.db
      .selectFrom('dictionaryData')
      .select('id')
      .where('dictionaryTypeId', '=', typeId)
      .where(sql`lower(en_code)`, '=', enCode.toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst().then(Boolean);
  }

  hasChildEntries(id: string): Promise<boolean> {
    return this.db
      .selectFrom('dictionaryData')
      .select('id')
      .where('parentId', '=', id)
      .where('id', '<>', id)
      .executeTakeFirst()
      .then(Boolean);
  }

  async insertEntries(rows: (DictionaryEntryValues & { id: string })[], userId: string) {
    if (rows.length === 0) return;
    // 8 columns a row: 500 rows stay well under the 65535 parameters of one statement.
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insertInto('dictionaryData')
        .values(rows.slice(i, i + 500).map((row) => ({ ...row, creatorUserId: userId })))
        .execute();
    }
  }

  async updateEntry(id: string, values: Omit<DictionaryEntryValues, 'dictionaryTypeId'>, userId: string) {
    await this.db
      .updateTable('dictionaryData')
      .set({ ...values, lastModifyTime: new Date(), lastModifyUserId: userId })
      .where('id', '=', id)
      .execute();
  }

  async setEntryState(id: string, enabledMark: number, userId: string) {
    await this.db
      .updateTable('dictionaryData')
      .set({ enabledMark, lastModifyTime: new Date(), lastModifyUserId: userId })
      .where('id', '=', id)
      .execute();
  }

  async deleteEntry(id: string) {
    await this.db.deleteFrom('dictionaryData').where('id', '=', id).execute();
  }
}
