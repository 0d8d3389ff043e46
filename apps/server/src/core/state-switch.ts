import { sql } from 'kysely';
import type { Db, Trx } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { NotFoundError } from './errors.ts';

/** The tables whose rows carry the state switch (enabledMark) and the last-change stamp. */
export type SwitchableTable = {
  [T in keyof Database]: Database[T] extends {
    enabledMark: unknown;
    lastModifyTime: unknown;
    lastModifyUserId: unknown;
  }
    ? T
    : never;
}[keyof Database];

/**
 * Flips one row's state switch (1 enabled, anything else disabled) and answers the new state. One
 * statement, so two clicks at the same moment flip twice instead of both writing the same value.
 * An unknown id is NotFound and changes nothing.
 */
export async function flipEnabledMark(
  db: Db | Trx,
  table: SwitchableTable,
  id: string,
  userId: string,
): Promise<number> {
  const { rows } = await sql<{ enabledMark: number }>`
    update ${sql.table(table)}
       set enabled_mark = case when enabled_mark = 1 then 0 else 1 end,
           last_modify_time = now(),
           last_modify_user_id = ${userId}
     where id = ${id}
 returning enabled_mark`.execute(db);
  const row = rows[0];
  if (!row) throw new NotFoundError();
  return row.enabledMark;
}
