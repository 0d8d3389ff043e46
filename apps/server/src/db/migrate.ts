import {
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
  type TableMetadata,
} from 'kysely';
import * as foundation from './migrations/0001_foundation.ts';
import * as auth from './migrations/0002_auth.ts';
import * as menu from './migrations/0003_menu.ts';
import * as orgStructure from './migrations/0004_org_structure.ts';
import * as people from './migrations/0005_people.ts';
import * as authorize from './migrations/0006_authorize.ts';
import * as messaging from './migrations/0007_messaging.ts';
import * as profile from './migrations/0008_profile.ts';
import * as relationCover from './migrations/0009_relation_cover.ts';
import * as operationLog from './migrations/0010_operation_log.ts';
import * as userListIndexes from './migrations/0012_user_list_indexes.ts';
import * as buttonAuthorizeDefault from './migrations/0013_button_authorize_default.ts';
import * as billRule from './migrations/0020_bill_rule.ts';
import * as area from './migrations/0021_area.ts';
import * as signature from './migrations/0023_signature.ts';
import * as dataInterface from './migrations/0024_data_interface.ts';
import * as file from './migrations/0025_file.ts';
import * as passwordHistory from './migrations/0026_password_history.ts';
import * as visualdev from './migrations/0028_visualdev.ts';
import * as permissionGroup from './migrations/0030_permission_group.ts';
import * as organizeAdministrator from './migrations/0031_organize_administrator.ts';
import * as print from './migrations/0033_print.ts';
import * as workflow from './migrations/0034_workflow.ts';
import * as portal from './migrations/0035_portal.ts';
import * as shortLink from './migrations/0036_short_link.ts';
import * as ownGroupNames from './migrations/0038_own_group_names.ts';
import * as workflowSubflow from './migrations/0040_workflow_subflow.ts';
import * as portalGrant from './migrations/0041_portal_grant.ts';
import * as flowComment from './migrations/0044_flow_comment.ts';
import * as auditTrail from './migrations/0046_audit_trail.ts';
import * as flowForm from './migrations/0047_flow_form.ts';
import * as menuAddresses from './migrations/0048_menu_addresses.ts';
import * as messageOutbox from './migrations/0049_message_outbox.ts';
import * as codeGeneration from './migrations/0050_code_generation.ts';
import * as report from './migrations/0051_report.ts';

/** Migrations in order; names are never changed once released. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_auth': auth,
  '0003_menu': menu,
  '0004_org_structure': orgStructure,
  '0006_authorize': authorize,
  '0005_people': people,
  '0007_messaging': messaging,
  '0008_profile': profile,
  '0009_relation_cover': relationCover,
  '0010_operation_log': operationLog,
  '0012_user_list_indexes': userListIndexes,
  '0013_button_authorize_default': buttonAuthorizeDefault,
  '0020_bill_rule': billRule,
  '0021_area': area,
  '0023_signature': signature,
  '0024_data_interface': dataInterface,
  '0025_file': file,
  '0026_password_history': passwordHistory,
  '0028_visualdev': visualdev,
  '0030_permission_group': permissionGroup,
  '0031_organize_administrator': organizeAdministrator,
  '0033_print': print,
  '0034_workflow': workflow,
  '0035_portal': portal,
  '0036_short_link': shortLink,
  '0038_own_group_names': ownGroupNames,
  '0040_workflow_subflow': workflowSubflow,
  '0041_portal_grant': portalGrant,
  '0044_flow_comment': flowComment,
  '0046_audit_trail': auditTrail,
  '0047_flow_form': flowForm,
  '0048_menu_addresses': menuAddresses,
  '0049_message_outbox': messageOutbox,
  '0050_code_generation': codeGeneration,
  '0051_report': report,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The names of the migrations this code knows, in order: a backup from a newer schema names others. */
export const migrationNames: readonly string[] = Object.keys(migrations);

/**
 * Runs the migrations not yet applied. `schema` keeps the migration bookkeeping inside one schema
 * (isolated test schemas on a shared server would otherwise see each other's tables).
 */
export async function migrateToLatest<T>(db: Kysely<T>, schema?: string) {
  await ensureExtensions(db);
  const migrator = new Migrator(
    schema ? { db: lookingOnlyAt(db, schema), provider, migrationTableSchema: schema } : { db, provider },
  );
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
}

/**
 * The database as the migrator of one test schema sees it: its check for its bookkeeping tables
 * lists only that schema's tables. Kysely's own listing reads every schema's columns and resolves
 * each table by name (`pg_get_serial_sequence`), so a test file dropping its schema meanwhile made
 * another file's migration fail with "relation ... does not exist" (API tests on PostgreSQL, two
 * files at a time); it also grew slower with every schema on the server.
 */
function lookingOnlyAt<T>(db: Kysely<T>, schema: string): Kysely<T> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    async getTables(): Promise<TableMetadata[]> {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p')`.execute(db);
      return rows.map(({ name }) => ({ name, schema, isView: false, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Runs the migrations up to and including `target` only: tests of a migration fill the tables it finds. */
export async function migrateTo<T>(db: Kysely<T>, target: string) {
  await ensureExtensions(db);
  const { error } = await new Migrator({ db, provider }).migrateTo(target);
  if (error) throw error;
}

/**
 * pg_trgm backs keyword search with leading wildcards (users, records, logs). It is created
 * outside the migrations' transactions because several test schemas on one server may race to
 * create it; whoever loses finds it there.
 */
async function ensureExtensions<T>(db: Kysely<T>) {
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  } catch (error) {
    const found = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (found.rows.length === 0) throw error;
  }
}
