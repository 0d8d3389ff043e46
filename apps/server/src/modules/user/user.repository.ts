import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { UserRow, UserUpdate } from '../../db/schema.ts';

export class UserRepository {
  constructor(private readonly db: Db | Trx) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('appUser').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Accounts are matched without regard to case, as the unique index is. */
  findByAccount(account: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('appUser')
      .selectAll()
      .where(sql`lower(account)`, '=', account.toLowerCase())
      .executeTakeFirst();
  }

  findByMobile(mobile: string): Promise<UserRow[]> {
    return this.db.selectFrom('appUser').selectAll().where('mobilePhone', '=', mobile).limit(2).execute();
  }

  async update(id: string, changes: UserUpdate) {
    await this.db.updateTable('appUser').set(changes).where('id', '=', id).execute();
  }

  /** Counts a failed password and returns the new count (atomic across concurrent attempts). */
  async countLoginFailure(id: string): Promise<number> {
    const row = await this.db
      .updateTable('appUser')
      .set((eb) => ({ logErrorCount: eb('logErrorCount', '+', 1) }))
      .where('id', '=', id)
      .returning('logErrorCount')
      .executeTakeFirstOrThrow();
    return row.logErrorCount;
  }

  organizeName(organizeId: string | null): Promise<string> {
    if (!organizeId) return Promise.resolve('');
    return this.db
      .selectFrom('organize')
      .select('fullName')
      .where('id', '=', organizeId)
      .executeTakeFirst()
      .then((row) => row?.fullName ?? '');
  }
}
