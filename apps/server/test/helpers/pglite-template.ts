import { writeFileSync } from 'node:fs';
import { createPglite, overPglite } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seed } from '../../src/seed/seed.ts';
import { testAdminPassword } from './test-credentials.ts';

/**
 * Writes to `file` a dump of an embedded database migrated and seeded as every test app's is.
 * Starting an in-memory PGlite empty runs initdb, about 6 s of CPU here, and migrating it another
 * second; started from this dump it takes about 2.5 s, and the migrations and seed find nothing to
 * do. The API tests on PGlite open about a hundred databases, so the run makes it once
 * (global-setup.ts) and each test app starts from a copy (test-app.ts).
 */
export async function writePgliteTemplate(file: string) {
  const pglite = await createPglite(null);
  const db = overPglite(pglite);
  try {
    await migrateToLatest(db);
    await seed(db, { adminPassword: testAdminPassword, production: false });
    // Uncompressed: gunzipping it again in every test file costs more than reading 45 MB.
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
}
