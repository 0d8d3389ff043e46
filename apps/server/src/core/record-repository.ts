import { type Generated, type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Db, Trx } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { newId } from './ids.ts';

/** The columns the statements below touch; every administration record table has them. */
interface RecordRow {
  id: string;
  enCode: string | null;
  creatorUserId: string | null;
  creatorTime: Generated<Date>;
  lastModifyTime: Date | null;
  lastModifyUserId: string | null;
}

/** The tables with an id, a code and the creation and last-change stamps. */
export type RecordTable = {
  [T in keyof Database]: Database[T] extends {
    id: string;
    enCode: string | null;
    creatorUserId: string | null;
    lastModifyTime: unknown;
    lastModifyUserId: string | null;
  }
    ? T
    : never;
}[keyof Database];

/**
 * The writes every administration record has, written once: whether a code is taken (case
 * ignored), insert with the creator, update with the last-change stamp, delete by id. An area's
 * repository extends it with the table and the columns it writes (`Values`), and adds its own
 * reads and rules; it overrides `delete` when a record takes others with it (grants, memberships)
 * and calls `super.delete` last.
 */
export class RecordRepository<T extends RecordTable, Values extends Omit<Insertable<Database[T]>, 'id'>> {
  /** The table's name, as the statements below use it. */
  private readonly table: string;

  constructor(
    protected readonly db: Db | Trx,
    table: T,
  ) {
    this.table = table;
  }

  /**
   * Kysely cannot type statements on a table chosen by a type parameter: these are built on the
   * columns `RecordTable` guarantees the table has, the values typed by the subclass's parameters.
   */
  private get records() {
    return this.db as unknown as Kysely<Record<string, RecordRow>>;
  }

  /** Whether a record other than `exceptId` has this code, whatever its case. */
  codeTaken(enCode: string, exceptId: string | null): Promise<boolean> {
    let query = this.records.selectFrom(this.table).select('id').where(sql`lower(en_code)`, '=', enCode.toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst().then(Boolean);
  }

  async insert(id: string, values: Values, userId: string) {
    const row = { ...values, id, creatorUserId: userId } as Insertable<RecordRow>;
    await this.records.insertInto(this.table).values(row).execute();
  }

  async update(id: string, values: Updateable<Database[T]>, userId: string) {
    const changes = { ...values, lastModifyTime: new Date(), lastModifyUserId: userId } as Updateable<RecordRow>;
    await this.records.updateTable(this.table).set(changes).where('id', '=', id).execute();
  }

  async delete(id: string) {
    await this.records.deleteFrom(this.table).where('id', '=', id).execute();
  }

  /**
   * Inserts a copy of `row` (as read by the area's `findById`) under a new id, name and code, as the
   * designers copy: "<name>.副本xxxxx" and "<code>xxxxx", both kept within 50 characters; answers
   * the new id.
   */
  async insertCopy(row: CopiedRow, userId: string): Promise<string> {
    const suffix = Date.now().toString(36).slice(-5);
    const { id: _id, creatorTime: _created, lastModifyTime: _modified, ...values } = row;
    const copyId = newId();
    await this.insert(
      copyId,
      {
        ...values,
        fullName: `${row.fullName}.副本${suffix}`.slice(0, 50),
        enCode: `${row.enCode}${suffix}`.slice(0, 50),
      } as unknown as Values,
      userId,
    );
    return copyId;
  }
}

/** A record as an area reads it, with the columns a copy replaces or leaves to the database. */
export interface CopiedRow {
  id: string;
  fullName: string;
  enCode: string;
  creatorTime: Date;
  lastModifyTime: Date | null;
}
