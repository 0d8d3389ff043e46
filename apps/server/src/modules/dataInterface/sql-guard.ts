import { parse, scan } from 'libpg-query';
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

/** A generated form's record table (`vd_<formId>`, a sub-table `vd_<formId>_c<n>`) the statement reads. */
export interface FormTableRef {
  table: string;
  formId: string;
  /** Where its name (schema included) stands in the statement, in UTF-8 bytes: [start, end). */
  start: number;
  end: number;
  /** Whether the statement gives it an alias (else the replacement must keep its name as one). */
  aliased: boolean;
}

/** A checked statement and the generated forms' tables it names. */
export interface CheckedSelect {
  statement: string;
  formTables: FormTableRef[];
}

const formTable = /^vd_([0-9]{1,30})(_c[0-9]{1,6})?$/;

/**
 * Checks `text` (placeholders already turned into $n) and answers the statement alone, without a
 * trailing semicolon or comment, ready to be wrapped. Throws a BusinessError (400) naming the problem.
 */
export async function checkSelect(text: string, allowedSchemas: readonly string[]): Promise<string> {
  return (await checkSelectReading(text, allowedSchemas)).statement;
}

/**
 * `checkSelect`, answering also every reference to a generated form's record table, located in
 * the statement, so the caller's data scope can be put in its place (data-interface-access.ts).
 */
export async function checkSelectReading(text: string, allowedSchemas: readonly string[]): Promise<CheckedSelect> {
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
  const relations: Node[] = [];
  walk(only.stmt, schemas, relations);
  // Offsets count UTF-8 bytes; a length of 0 means "to the end".
  const bytes = Buffer.from(text, 'utf8');
  const start = only.stmt_location ?? 0;
  const end = only.stmt_len ? start + only.stmt_len : bytes.length;
  const statement = bytes.subarray(start, end).toString('utf8');
  const named = relations.filter((r) => formTable.test(String(r.relname ?? '')));
  if (!named.length) return { statement, formTables: [] };
  const { tokens } = await scan(text);
  const formTables = named.map((relation): FormTableRef => {
    const table = String(relation.relname);
    // The name is `relname` or `schema . relname`: one or three tokens from where it starts.
    const first = tokens.findIndex((token) => token.start === relation.location);
    const last = tokens[first + (relation.schemaname ? 2 : 0)];
    if (first < 0 || !last) throw new BusinessError('dataInterface.sqlSyntax', { reason: table });
    return {
      table,
      formId: formTable.exec(table)?.[1] ?? '',
      start: Number(relation.location) - start,
      end: last.end - start,
      aliased: Boolean(relation.alias),
    };
  });
  return { statement, formTables };
}

function walk(node: unknown, schemas: ReadonlySet<string>, relations: Node[]): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, schemas, relations);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key.endsWith('Stmt') && key !== 'SelectStmt') throw new BusinessError('dataInterface.sqlSelectOnly');
    if (key === 'SelectStmt') checkSelectNode(value as Node);
    if (key === 'FuncCall') checkFunction(value as Node, schemas);
    if (key === 'RangeVar') {
      checkRelation(value as Node, schemas);
      relations.push(value as Node);
    }
    walk(value, schemas, relations);
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
