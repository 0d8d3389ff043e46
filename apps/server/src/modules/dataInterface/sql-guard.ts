import { parse } from 'libpg-query';
import { BusinessError } from '../../core/errors.ts';

/**
 * The first guard of SQL interfaces: PostgreSQL's own parser (libpg-query, the server's grammar
 * compiled to WebAssembly) reads the statement, and only one SELECT (WITH ... SELECT included) is
 * let through, naming no denied function, no system catalogue and no schema outside the allowed
 * ones. It is not the only guard: the statement then runs in a read-only transaction as a role
 * that holds no more than SELECT on the allowed schemas (data-interface-query.repository.ts).
 */

/** Functions that read files, large objects, the network, settings or run SQL text of their own. */
const deniedFunctions = new Set([
  'lo_import',
  'lo_export',
  'loread',
  'lowrite',
  'set_config',
  'current_setting',
  'nextval',
  'setval',
  'currval',
  'lastval',
  'txid_current',
  'ts_stat',
  'ts_rewrite',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'table_to_xml',
  'table_to_xmlschema',
  'table_to_xml_and_xmlschema',
  'schema_to_xml',
  'schema_to_xmlschema',
  'schema_to_xml_and_xmlschema',
  'database_to_xml',
  'database_to_xmlschema',
  'database_to_xml_and_xmlschema',
  'version',
  'inet_server_addr',
  'inet_server_port',
]);
/** Whole families: server administration (pg_*: files, sleep, signals, WAL...), large objects, dblink. */
const deniedPrefixes = ['pg_', 'lo_', 'dblink', 'binary_upgrade_', 'brin_', 'gin_', 'file_'];
const allowedPgFunctions = new Set(['pg_typeof']);
/** Tables of the application that hold secrets: never readable through an interface. */
export const deniedTables = new Set([
  'user_session',
  'auth_code',
  'scan_ticket',
  'sys_config',
  'kysely_migration',
  'kysely_migration_lock',
]);

interface ParsedStatement {
  stmt: Record<string, unknown>;
  stmt_location?: number;
  stmt_len?: number;
}

type Node = Record<string, unknown>;

const names = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((item) => String(((item as Node).String as Node | undefined)?.sval ?? '').toLowerCase())
    : [];

/**
 * Checks `text` (placeholders already turned into $n) and answers the statement alone, without a
 * trailing semicolon or comment, ready to be wrapped. Throws a BusinessError (400) naming the problem.
 */
export async function checkSelect(text: string, allowedSchemas: readonly string[]): Promise<string> {
  let parsed: { stmts: ParsedStatement[] };
  try {
    parsed = (await parse(text)) as unknown as { stmts: ParsedStatement[] };
  } catch (error) {
    throw new BusinessError('dataInterface.sqlSyntax', { reason: error instanceof Error ? error.message : '' });
  }
  if (parsed.stmts.length !== 1) throw new BusinessError('dataInterface.sqlOneStatement');
  const [only] = parsed.stmts;
  if (!only || !('SelectStmt' in only.stmt)) throw new BusinessError('dataInterface.sqlSelectOnly');
  const schemas = new Set(allowedSchemas.map((schema) => schema.toLowerCase()));
  walk(only.stmt, schemas);
  // Offsets count UTF-8 bytes; a length of 0 means "to the end".
  const bytes = Buffer.from(text, 'utf8');
  const start = only.stmt_location ?? 0;
  const end = only.stmt_len ? start + only.stmt_len : bytes.length;
  return bytes.subarray(start, end).toString('utf8');
}

function walk(node: unknown, schemas: ReadonlySet<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, schemas);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key.endsWith('Stmt') && key !== 'SelectStmt') throw new BusinessError('dataInterface.sqlSelectOnly');
    if (key === 'SelectStmt') checkSelectNode(value as Node);
    if (key === 'FuncCall') checkFunction(value as Node, schemas);
    if (key === 'RangeVar') checkRelation(value as Node, schemas);
    walk(value, schemas);
  }
}

function checkSelectNode(select: Node) {
  // SELECT ... INTO makes a table; FOR UPDATE/SHARE takes locks.
  if (select.intoClause || select.lockingClause) throw new BusinessError('dataInterface.sqlSelectOnly');
}

function checkFunction(call: Node, schemas: ReadonlySet<string>) {
  const parts = names(call.funcname);
  const name = parts.at(-1) ?? '';
  const schema = parts.length > 1 ? parts.at(-2) : undefined;
  if (schema && schema !== 'pg_catalog' && !schemas.has(schema)) {
    throw new BusinessError('dataInterface.sqlSchemaDenied', { name: schema });
  }
  const denied =
    deniedFunctions.has(name) ||
    (!allowedPgFunctions.has(name) && deniedPrefixes.some((prefix) => name.startsWith(prefix)));
  if (denied) throw new BusinessError('dataInterface.sqlFunctionDenied', { name });
}

function checkRelation(relation: Node, schemas: ReadonlySet<string>) {
  const schema = typeof relation.schemaname === 'string' ? relation.schemaname.toLowerCase() : undefined;
  const table = String(relation.relname ?? '').toLowerCase();
  if (relation.catalogname)
    throw new BusinessError('dataInterface.sqlSchemaDenied', { name: String(relation.catalogname) });
  if (schema !== undefined && !schemas.has(schema))
    throw new BusinessError('dataInterface.sqlSchemaDenied', { name: schema });
  // Unqualified pg_* names resolve to the system catalogues (pg_catalog is searched first).
  if (table.startsWith('pg_') || deniedTables.has(table))
    throw new BusinessError('dataInterface.sqlTableDenied', { name: table });
}
