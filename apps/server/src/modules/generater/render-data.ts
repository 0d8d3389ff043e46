import type { AreaModel, FieldModel, TableModel } from './area-model.ts';

/**
 * The files of a generated area that describe its data: the wire schema (packages/shared), the
 * table types (db) and the migration. Pure text from the model.
 */

const header = (model: AreaModel) => `${model.description}: generated from the form 「${model.label}」.`;

/** The wire schema of a field a client sends: its column's type, its length and bounds, required or not. */
function inputSchema(field: FieldModel): string {
  let schema: string;
  if (field.columnType === 'text') {
    schema = `Type.String({ ${field.required ? 'minLength: 1, ' : ''}maxLength: ${field.maxLength ?? 2000} })`;
  } else if (field.columnType === 'numeric') {
    const bounds = [
      field.min === null ? '' : `minimum: ${field.min}`,
      field.max === null ? '' : `maximum: ${field.max}`,
    ].filter(Boolean);
    schema = bounds.length ? `Type.Number({ ${bounds.join(', ')} })` : 'Type.Number()';
  } else if (field.columnType === 'timestamptz') {
    schema = 'Millis';
  } else {
    schema = jsonSchema(field);
  }
  return field.required ? schema : `Nullable(${schema})`;
}

function jsonSchema(field: FieldModel): string {
  if (field.facets.value === 'range') return 'FieldRange';
  return field.multiple || field.facets.value === 'list' || field.facets.value === 'files'
    ? 'FieldList'
    : 'FieldScalar';
}

/** The wire schema of a stored value in an answer: the column's type, null when unset. */
function answerSchema(field: FieldModel): string {
  const byColumn = { text: 'Type.String()', numeric: 'Type.Number()', timestamptz: 'Type.Integer()' } as const;
  return `OrNull(${field.columnType === 'jsonb' ? jsonSchema(field) : byColumn[field.columnType]})`;
}

const properties = (fields: readonly FieldModel[], schema: (f: FieldModel) => string, indent = '  ') =>
  fields.map((f) => `${indent}${f.property}: ${schema(f)},`).join('\n');

const entered = (fields: readonly FieldModel[]) => fields.filter((f) => f.auto === null);

export function renderSharedSchema(model: AreaModel): string {
  const children = model.children.map(
    (child) => `/** A row of ${child.label}. */
export const ${child.className}Input = Type.Object({
${properties(entered(child.fields), inputSchema)}
});
export type ${child.className}Input = Static<typeof ${child.className}Input>;

export const ${child.className}Row = Type.Object({
  id: Type.String(),
${properties(child.fields, answerSchema)}
});
export type ${child.className}Row = Static<typeof ${child.className}Row>;
`,
  );
  const childInputs = model.children.map(
    (c) => `  ${c.property}: Type.Array(${c.className}Input, { maxItems: 1000 }),`,
  );
  const childRows = model.children.map((c) => `  ${c.property}: Type.Array(${c.className}Row),`);
  const c = model.className;
  const body = `/** ${header(model)} */

${children.join('\n')}
export const ${c}Input = Type.Object({
${[properties(entered(model.fields), inputSchema), ...childInputs].filter(Boolean).join('\n')}
});
export type ${c}Input = Static<typeof ${c}Input>;
export const ${c}Update = Type.Object({ ...${c}Input.properties, id: Type.Optional(Id) });
export type ${c}Update = Static<typeof ${c}Update>;

export const ${c}Query = Type.Object({ ...PageQuery.properties });
export type ${c}Query = Static<typeof ${c}Query>;

/** A list row: the fields the list shows. */
export const ${c}Row = Type.Object({
  id: Type.String(),
${properties(
  model.fields.filter((f) => f.listed),
  answerSchema,
)}
  creatorTime: Type.Integer(),
});
export type ${c}Row = Static<typeof ${c}Row>;

/** One record: every field and the rows of its sub-tables. */
export const ${c}Info = Type.Object({
  id: Type.String(),
${[properties(model.fields, answerSchema), ...childRows].filter(Boolean).join('\n')}
  creatorTime: Type.Integer(),
});
export type ${c}Info = Static<typeof ${c}Info>;
`;
  const uses = (name: string) => new RegExp(`\\b${name}\\b`).test(body);
  const pieces = ['FieldList', 'FieldRange', 'FieldScalar', 'OrNull'].filter(uses);
  return `import { type Static, Type } from 'typebox';
import { ${['Id', ...(uses('Millis') ? ['Millis'] : [])].join(', ')} } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { ${pieces.join(', ')} } from './generater.ts';
${uses('Nullable') ? "import { Nullable } from './organize.ts';\n" : ''}
${body}`;
}

const columnTsType = {
  text: 'string | null',
  numeric: 'NumericColumn',
  timestamptz: 'Date | null',
  jsonb: 'JsonColumn',
};

const tableType = (table: TableModel, stamps: string) => `export interface ${table.className}Table {
  id: string;
${stamps}${table.fields.map((f) => `  ${f.property}: ${columnTsType[f.columnType]};`).join('\n')}
}`;

export function renderTableTypes(model: AreaModel): string {
  const recordStamps = `  creatorTime: Generated<Date>;
  creatorUserId: string | null;
  lastModifyTime: Date | null;
  lastModifyUserId: string | null;
`;
  const childStamps = '  parentId: string;\n  sortCode: number;\n';
  const tables = [model, ...model.children];
  return `import type { ColumnType, Generated } from 'kysely';

/** ${header(model)} Add \`${model.className}Tables\` to \`Database\` (schema.ts). */

/** numeric comes back as text (no precision lost); numbers go in. */
type NumericColumn = ColumnType<string | null, number | null, number | null>;
/** jsonb: parsed on the way out, written as JSON text. */
type JsonColumn = ColumnType<unknown, string | null, string | null>;

${[tableType(model, recordStamps), ...model.children.map((child) => tableType(child, childStamps))].join('\n\n')}

export interface ${model.className}Tables {
${tables.map((t) => `  ${t.tableKey}: ${t.className}Table;`).join('\n')}
}
`;
}

const columnsSql = (fields: readonly FieldModel[]) =>
  fields.map((f) => `      ${f.column} ${f.columnType},`).join('\n');

export function renderMigration(model: AreaModel): string {
  const children = model.children.map(
    (child) => `  await sql\`
    create table ${child.table} (
      id text primary key,
      parent_id text not null references ${model.table} (id) on delete cascade,
${columnsSql(child.fields)}
      sort_code integer not null default 0
    )\`.execute(db);
  await sql\`create index ${child.table}_parent on ${child.table} (parent_id, sort_code)\`.execute(db);`,
  );
  const drops = [...model.children].reverse().map((child) => child.table);
  return `import { type Kysely, sql } from 'kysely';

/** ${header(model)} Sub-table rows live in child tables and go with their record. */
export async function up(db: Kysely<unknown>) {
  await sql\`
    create table ${model.table} (
      id text primary key,
${columnsSql(model.fields)}
      creator_time timestamptz not null default now(),
      creator_user_id text,
      last_modify_time timestamptz,
      last_modify_user_id text
    )\`.execute(db);
  await sql\`create index ${model.table}_newest on ${model.table} (creator_time desc, id)\`.execute(db);
${children.join('\n')}
}

export async function down(db: Kysely<unknown>) {
${[...drops, model.table].map((t) => `  await sql\`drop table ${t}\`.execute(db);`).join('\n')}
}
`;
}
