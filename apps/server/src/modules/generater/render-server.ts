import type { AreaModel, ChildModel, FieldModel, TableModel } from './area-model.ts';

/** The server files of a generated area: repository (SQL), service (rules, transaction), routes (the CRUD kit). */

const textColumns = (table: TableModel) => table.fields.filter((f) => f.listed && f.columnType === 'text');

export function renderRepository(model: AreaModel): string {
  const c = model.className;
  const keywordColumns = textColumns(model).map((f) => `'${f.property}'`);
  const search = keywordColumns.length
    ? `\n      .where((eb) => keywordIn(eb, [${keywordColumns.join(', ')}], keyword))`
    : '';
  const children = model.children.map(
    (child) => `
export type ${child.className}Values = Omit<Insertable<${child.className}Table>, 'id' | 'parentId' | 'sortCode'>;

/** The rows of ${child.label}: rewritten whole with their record, in the order sent. */
export class ${child.className}Repository {
  constructor(private readonly db: Db | Trx) {}

  ofRecord(parentId: string) {
    return this.db.selectFrom('${child.tableKey}').selectAll().where('parentId', '=', parentId).orderBy('sortCode').execute();
  }

  async replace(parentId: string, rows: readonly ${child.className}Values[]) {
    await this.db.deleteFrom('${child.tableKey}').where('parentId', '=', parentId).execute();
    if (rows.length === 0) return;
    await this.db
      .insertInto('${child.tableKey}')
      .values(rows.map((row, sortCode) => ({ ...row, id: newId(), parentId, sortCode })))
      .execute();
  }
}
`,
  );
  const tableTypes = [model, ...model.children].map((t) => `${t.className}Table`).sort();
  return `import type { Insertable } from 'kysely';
${model.children.length ? "import { newId } from '../../core/ids.ts';\n" : ''}import { fetchPage${keywordColumns.length ? ', keywordIn' : ''} } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { ${tableTypes.join(', ')} } from '../../db/${model.module}-tables.ts';

export type ${c}Values = Omit<
  Insertable<${c}Table>,
  'id' | 'creatorTime' | 'creatorUserId' | 'lastModifyTime' | 'lastModifyUserId'
>;

/** ${model.label}: the only place with its SQL. */
export class ${c}Repository {
  constructor(private readonly db: Db | Trx) {}

  private filtered(keyword: string) {
    return this.db
      .selectFrom('${model.tableKey}')
      .selectAll()${search}
      .orderBy('creatorTime', 'desc')
      .orderBy('id');
  }

  page(params: PageParams) {
    return fetchPage(this.filtered(params.keyword), params);
  }

  findById(id: string) {
    return this.db.selectFrom('${model.tableKey}').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(id: string, values: ${c}Values, userId: string) {
    await this.db.insertInto('${model.tableKey}').values({ ...values, id, creatorUserId: userId }).execute();
  }

  async update(id: string, values: Partial<${c}Values>, userId: string) {
    await this.db
      .updateTable('${model.tableKey}')
      .set({ ...values, lastModifyTime: new Date(), lastModifyUserId: userId })
      .where('id', '=', id)
      .execute();
  }

  /** Its sub-table rows go with it (on delete cascade). */
  async delete(id: string) {
    await this.db.deleteFrom('${model.tableKey}').where('id', '=', id).execute();
  }
}
${children.join('')}`;
}

/** How a stored column becomes its wire value. */
function fromColumn(field: FieldModel, row: string, type: string): string {
  const value = `${row}.${field.property}`;
  if (field.columnType === 'numeric') return `numberOf(${value})`;
  if (field.columnType === 'timestamptz') return `toMillis(${value})`;
  if (field.columnType === 'jsonb') return `${value} as ${type}['${field.property}']`;
  return value;
}

/** How a wire value becomes what its column takes. */
function toColumn(field: FieldModel, input: string): string {
  const value = `${input}.${field.property}`;
  if (field.columnType === 'timestamptz') return `dateOf(${value})`;
  if (field.columnType === 'jsonb') return `jsonOf(${value})`;
  return `${value} ?? null`;
}

const wireMapper = (name: string, table: TableModel, type: string, fields: readonly FieldModel[], extra: string) =>
  `const ${name} = (row: Stored${table.className}): ${type} => ({
  id: row.id,
${fields.map((f) => `  ${f.property}: ${fromColumn(f, 'row', type)},`).join('\n')}${extra}
});`;

const valuesMapper = (table: TableModel, type: string) => `function ${table.variable}Values(input: ${type}) {
  return {
${table.fields
  .filter((f) => f.auto === null)
  .map((f) => `    ${f.property}: ${toColumn(f, 'input')},`)
  .join('\n')}
  };
}`;

/** What the server fills in: the session's user, now, the caller's organisation and position, a bill number. */
function autoValue(field: FieldModel): string {
  const fill = field.auto?.fill;
  if (fill === 'user') return 'session.userId';
  if (fill === 'time') return 'new Date()';
  if (fill === 'organize') return "relationOf('Organize')";
  if (fill === 'position') return "relationOf('Position')";
  return `await this.billRules.nextNumberWithin(trx, '${field.billRule ?? ''}')`;
}

function filledOn(model: AreaModel, on: 'create' | 'update'): string {
  const fields = model.fields.filter((f) => f.auto?.on === on && (f.auto.fill !== 'billRule' || f.billRule));
  return fields.map((f) => `${f.property}: ${autoValue(f)}`).join(', ');
}

const childWrites = (model: AreaModel) =>
  model.children
    .map(
      (child) =>
        `      await new ${child.className}Repository(trx).replace(id, input.${child.property}.map(${child.variable}Values));`,
    )
    .join('\n');

export function renderService(model: AreaModel): string {
  const c = model.className;
  const needsRelations = model.fields.some((f) => f.auto?.fill === 'organize' || f.auto?.fill === 'position');
  const needsBillRule = model.fields.some((f) => f.auto?.fill === 'billRule' && f.billRule);
  const all: TableModel[] = [model, ...model.children];
  const columnTypes = new Set(all.flatMap((t) => t.fields.map((f) => f.columnType)));
  const childReads = model.children.map(
    (child: ChildModel) =>
      `      ${child.property}: (await new ${child.className}Repository(this.db).ofRecord(id)).map(${child.variable}Row),`,
  );
  const ctor = [
    'private readonly db: Db',
    ...(needsRelations ? ['private readonly permissions: PermissionService'] : []),
    ...(needsBillRule ? ['private readonly billRules: BillRuleService'] : []),
  ];
  const relations = needsRelations
    ? `    const { relations } = await this.permissions.access(session);
    const relationOf = (type: string) => relations.find((r) => r.objectType === type)?.objectId ?? null;
`
    : '';
  const sharedTypes = [
    `${c}Info`,
    `${c}Input`,
    `${c}Query`,
    `${c}Row`,
    `${c}Update`,
    ...model.children.flatMap((ch) => [`${ch.className}Input`, `${ch.className}Row`]),
  ].sort();
  const helpers = [
    columnTypes.has('numeric')
      ? 'const numberOf = (value: string | null) => (value === null ? null : Number(value));'
      : '',
    columnTypes.has('timestamptz')
      ? 'const dateOf = (millis: number | null | undefined) => (millis === null || millis === undefined ? null : new Date(millis));'
      : '',
    columnTypes.has('jsonb')
      ? 'const jsonOf = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));'
      : '',
  ].filter(Boolean);
  return `import type { ${sharedTypes.join(', ')} } from '@platform/shared';
import type { CrudService } from '../../core/crud-routes.ts';
import { NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
${needsRelations ? "import type { PermissionService } from '../../core/permissions.ts';\n" : ''}import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
${needsBillRule ? "import type { BillRuleService } from '../billRule/bill-rule.service.ts';\n" : ''}import { ${all.map((t) => `${t.className}Repository`).join(', ')} } from './${model.module}.repository.ts';

${all.map((t) => `type Stored${t.className} = NonNullable<Awaited<ReturnType<${t.className}Repository['${t === model ? 'findById' : 'ofRecord'}']>>>${t === model ? '' : '[number]'};`).join('\n')}

${helpers.join('\n')}

${wireMapper(
  'toRow',
  model,
  `${c}Row`,
  model.fields.filter((f) => f.listed),
  '\n  creatorTime: toMillis(row.creatorTime) ?? 0,',
)}

${model.children.map((child) => `${wireMapper(`${child.variable}Row`, child, `${child.className}Row`, child.fields, '')}\n\n${valuesMapper(child, `${child.className}Input`)}`).join('\n\n')}

${valuesMapper(model, `${c}Input`)}

/** ${model.label}: its rules and transactions. */
export class ${c}Service implements CrudService<${c}Query, ${c}Row, ${c}Input, ${c}Update, ${c}Info> {
  constructor(${ctor.join(', ')}) {}

  async page(query: ${c}Query) {
    const params = pageParams(query);
    const { list, total } = await new ${c}Repository(this.db).page(params);
    return page(list.map(toRow), total, params);
  }

  async info(id: string): Promise<${c}Info> {
    const row = await new ${c}Repository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return {
      id: row.id,
${model.fields.map((f) => `      ${f.property}: ${fromColumn(f, 'row', `${c}Info`)},`).join('\n')}
${childReads.join('\n')}
      creatorTime: toMillis(row.creatorTime) ?? 0,
    };
  }

  async create(input: ${c}Input, session: Session): Promise<string> {
${relations}    return this.db.transaction().execute(async (trx) => {
      const id = newId();
      await new ${c}Repository(trx).insert(id, { ...${model.variable}Values(input), ${filledOn(model, 'create')} }, session.userId);
${childWrites(model)}
      return id;
    });
  }

  async update(id: string, input: ${c}Update, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new ${c}Repository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.update(id, { ...${model.variable}Values(input), ${filledOn(model, 'update')} }, session.userId);
${childWrites(model)}
    });
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new ${c}Repository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.delete(id);
    });
  }
}
`;
}

export function renderRoutes(model: AreaModel): string {
  const c = model.className;
  return `import { ${c}Info, ${c}Input, ${c}Query, ${c}Row, ${c}Update } from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { crudRoutes } from '../../core/crud-routes.ts';
import type { ${c}Service } from './${model.module}.service.ts';

/** ${model.description}: the list and one record on the menu's grant, the writes on its buttons. */
export default async function ${model.module}Routes(app: App, { ${model.variable} }: { ${model.variable}: ${c}Service }) {
  crudRoutes(
    app,
    {
      base: '${model.base}',
      menu: '${model.menu}',
      tag: '${model.module}',
      noun: { one: '${model.className} record', many: '${model.className} records' },
      schemas: { query: ${c}Query, row: ${c}Row, input: ${c}Input, update: ${c}Update, info: ${c}Info },
    },
    ${model.variable},
  );
}
`;
}
