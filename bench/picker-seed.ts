import { sql } from 'kysely';
import type { DatabaseConfig } from '../apps/server/src/config.ts';
import { hashPasswordDigest, md5Hex } from '../apps/server/src/core/password.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed/seed.ts';

/** Issue 17's picker data: 10,000 users spread over 500 departments under the root. */
export const users = 10_000;
export const organizations = 500;

/** Migrates, seeds and fills the picker data; answers the open database (the caller closes it). */
export async function seedUsers(config: DatabaseConfig, adminPassword: string) {
  const db = await openDatabase(config);
  await migrateToLatest(db);
  await seed(db, { adminPassword, production: false });
  const root = await db
    .selectFrom('organize')
    .select(['id', 'organizeIdTree'])
    .where('parentId', '=', '-1')
    .executeTakeFirstOrThrow();
  const hash = await hashPasswordDigest(md5Hex('Passw0rd'));
  await sql`insert into organize (id, parent_id, category, en_code, full_name, organize_id_tree, sort_code)
    select 'bo' || g, ${root.id}, 'department', 'bench.o' || g, '部门' || g, ${root.organizeIdTree} || ',bo' || g, g
    from generate_series(1, ${organizations}::int) g`.execute(db);
  await sql`insert into app_user (id, account, real_name, password_hash, organize_id, gender, mobile_phone, sort_code)
    select 'bu' || g, 'user' || g, '员工' || g, ${hash}, 'bo' || (g % ${organizations}::int + 1), (g % 2 + 1)::text,
      '138' || lpad(g::text, 8, '0'), g % 100
    from generate_series(1, ${users}::int) g`.execute(db);
  await sql`insert into user_relation (id, user_id, object_type, object_id)
    select 'br' || g, 'bu' || g, 'Organize', 'bo' || (g % ${organizations}::int + 1)
    from generate_series(1, ${users}::int) g`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return db;
}
