import type { NameKind } from '@platform/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { fetchPage, type Page } from '../../core/list.ts';
import { likePattern } from '../../core/paging.ts';
import { dataScopeFilter } from '../../core/permissions.repository.ts';
import type { DataScope } from '../../core/permissions.ts';
import type { Db, Trx } from '../../db/database.ts';
import {
  type ColumnType,
  checkedIdentifier,
  type StorageStep,
  type StoredColumn,
  type StoredTable,
} from './storage-plan.ts';

/**
 * The SQL of generated forms' record tables. Table and column names come only from the storage
 * plan (`checkedIdentifier` refuses anything else); values are always bound parameters.
 */

const id = (name: string) => sql.raw(checkedIdentifier(name));

/** A number text PostgreSQL casts without error. */
const numberPattern = String.raw`^\s*-?[0-9]+(\.[0-9]+)?\s*$`;

/** A JSON array of strings, and nothing else: text that PostgreSQL reads as jsonb without error. */
const jsonString = String.raw`"([^"\\[:cntrl:]]|\\(["\\/bfnrt]|u[0-9a-fA-F]{4}))*"`;
const stringListPattern = String.raw`^\s*\[\s*(${jsonString}\s*(,\s*${jsonString}\s*)*)?\]\s*$`;

/** The `using` expression that converts column values from one type to another; what does not fit becomes null. */
function conversion(column: string, from: ColumnType, to: ColumnType, list = false): string {
  const c = checkedIdentifier(column);
  // A field set to hold several values: its one value becomes a list of one (an empty one, none).
  if (list && from === 'text' && to === 'jsonb') {
    return `case when ${c} ~ '${stringListPattern}' then ${c}::jsonb when ${c} <> '' then jsonb_build_array(${c}) end`;
  }
  const millis = `floor(extract(epoch from ${c}) * 1000)`;
  const jsonText = `(${c} #>> '{}')`;
  const table: Record<ColumnType, Record<ColumnType, string>> = {
    text: {
      text: c,
      numeric: `case when ${c} ~ '${numberPattern}' then trim(${c})::numeric end`,
      timestamptz: `case when ${c} ~ '^\\s*[0-9]{1,15}\\s*$' then to_timestamp(trim(${c})::numeric / 1000) end`,
      jsonb: `to_jsonb(${c})`,
    },
    numeric: {
      text: `${c}::text`,
      numeric: c,
      timestamptz: `to_timestamp(${c} / 1000)`,
      jsonb: `to_jsonb(${c})`,
    },
    timestamptz: {
      text: `${millis}::bigint::text`,
      numeric: millis,
      timestamptz: c,
      jsonb: `to_jsonb(${millis}::bigint)`,
    },
    jsonb: {
      text: `case when jsonb_typeof(${c}) in ('string', 'number', 'boolean') then ${jsonText} when jsonb_typeof(${c}) = 'null' then null else ${c}::text end`,
      numeric: `case when jsonb_typeof(${c}) = 'number' then ${jsonText}::numeric when jsonb_typeof(${c}) = 'string' and ${jsonText} ~ '${numberPattern}' then trim(${jsonText})::numeric end`,
      timestamptz: `case when jsonb_typeof(${c}) = 'number' then to_timestamp(${jsonText}::numeric / 1000) end`,
      jsonb: c,
    },
  };
  return table[from][to];
}

function indexName(table: string, column: string, method: string) {
  return `${checkedIdentifier(table)}_${checkedIdentifier(column)}_${method.replace(/[^a-z]/g, '')}`;
}

/** The statement of one storage step. */
function stepSql(step: StorageStep): RawBuilder<unknown> {
  switch (step.op) {
    case 'createTable':
      return step.parent
        ? sql`create table ${id(step.table)} (
            id text primary key,
            parent_id text not null references ${id(step.parent)} (id) on delete cascade,
            sort_code integer not null default 0)`
        : sql`create table ${id(step.table)} (
            id text primary key,
            flow_state integer not null default 0,
            organize_id text,
            creator_user_id text,
            creator_time timestamptz not null default now(),
            last_modify_user_id text,
            last_modify_time timestamptz)`;
    case 'addColumn':
      return sql`alter table ${id(step.table)} add column ${id(step.column)} ${sql.raw(step.type)}`;
    case 'convertColumn':
      return sql`alter table ${id(step.table)} alter column ${id(step.column)} type ${sql.raw(step.to)} using ${sql.raw(conversion(step.column, step.from, step.to, step.list))}`;
    case 'createIndex': {
      const name = sql.raw(indexName(step.table, step.column, step.method));
      if (step.method === 'trgm')
        return sql`create index ${name} on ${id(step.table)} using gin (${id(step.column)} gin_trgm_ops)`;
      if (step.method === 'gin') return sql`create index ${name} on ${id(step.table)} using gin (${id(step.column)})`;
      if (step.method === 'jsontext')
        return sql`create index ${name} on ${id(step.table)} ((${id(step.column)} #>> '{}'))`;
      return sql`create index ${name} on ${id(step.table)} (${id(step.column)}, id)`;
    }
    case 'dropIndex':
      return sql`drop index if exists ${sql.raw(indexName(step.table, step.column, step.method))}`;
  }
}

/** A record as stored: its own columns and the field columns, keyed by column name. */
export type StoredRecord = Record<string, unknown>;

/** A value ready to bind into a column of its type. */
export function bound(value: unknown, type: ColumnType): Expression<unknown> {
  if (value === null || value === undefined) return sql`null`;
  if (type === 'jsonb') return sql`cast(${JSON.stringify(value)} as jsonb)`;
  if (type === 'numeric') return sql`cast(${String(value)} as numeric)`;
  if (type === 'timestamptz') return sql`${value as Date}`;
  return sql`${String(value)}`;
}

export interface RecordOwner {
  userId: string | null;
  organizeId: string | null;
}

export interface ListFilter {
  where: Expression<SqlBool>[];
  scope: DataScope;
  ids?: string[];
}

export interface SortKey {
  column: string;
  desc: boolean;
}

/**
 * Searches matching at most this many records answer their page and total in one statement
 * (`FormRecordRepository.pageOfFew`); a thousand rows sort in the database in about a millisecond.
 */
const fewMatches = 1000;

/** A key of a list's order as SQL: a checked column of the record table, and its direction. */
interface OrderKey {
  column: string;
  desc: boolean;
}

/** The list's order: the chosen keys, else newest first; then the id, so pages never overlap. */
function listOrder(sort: SortKey[]): OrderKey[] {
  const keys = sort.length
    ? sort.map((key) => ({ column: `r.${checkedIdentifier(key.column)}`, desc: key.desc }))
    : [{ column: 'r.creator_time', desc: true }];
  return [...keys, { column: 'r.id', desc: true }];
}

/**
 * The SQL of generated forms' records: the tables each released definition's storage plan made
 * (`vd_…` and their sub-tables). Named apart from the generic CRUD base `RecordRepository` of
 * core/record-repository.ts, which the definitions themselves (`FormDefinitionRepository`) extend.
 */
export class FormRecordRepository {
  constructor(private readonly db: Db | Trx) {}

  async applySteps(steps: StorageStep[]) {
    // Child tables reference the main table, so the main table's creation is always first.
    for (const step of steps) await stepSql(step).execute(this.db);
    const created = steps.filter((s) => s.op === 'createTable' && !s.parent);
    for (const step of created) {
      await sql`create index ${sql.raw(`${checkedIdentifier(step.table)}_time`)} on ${id(step.table)} (creator_time desc, id desc)`.execute(
        this.db,
      );
      await sql`create index ${sql.raw(`${checkedIdentifier(step.table)}_owner`)} on ${id(step.table)} (creator_user_id)`.execute(
        this.db,
      );
      await sql`create index ${sql.raw(`${checkedIdentifier(step.table)}_org`)} on ${id(step.table)} (organize_id)`.execute(
        this.db,
      );
    }
    for (const step of steps.filter((s) => s.op === 'createTable' && s.parent)) {
      await sql`create index ${sql.raw(`${checkedIdentifier(step.table)}_parent`)} on ${id(step.table)} (parent_id, sort_code)`.execute(
        this.db,
      );
    }
  }

  private from(table: StoredTable) {
    return this.db.selectFrom(sql<StoredRecord>`${id(table.table)}`.as('r'));
  }

  /** What a record read answers: its id, its flow state and the field columns, each with its SQL. */
  private recordColumns(columns: StoredColumn[]) {
    return [
      { source: 'r.id', name: 'id' },
      { source: 'r.flow_state', name: 'flowState' },
      ...columns.map((c) => ({ source: `r.${checkedIdentifier(c.column)}`, name: c.column })),
    ];
  }

  private selection(columns: StoredColumn[]) {
    return this.recordColumns(columns).map(({ source, name }) => sql.raw(source).as(name));
  }

  /** The filtered query: search conditions, the caller's data scope, optional id list. */
  private filtered(table: StoredTable, columns: StoredColumn[], filter: ListFilter) {
    return this.from(table)
      .select(this.selection(columns))
      .where((eb) =>
        eb.and([
          ...filter.where,
          dataScopeFilter(filter.scope, { organizeId: 'r.organizeId', userId: 'r.creatorUserId' })(eb),
          ...(filter.ids ? [eb(sql.raw('r.id'), '=', sql`any(${filter.ids}::text[])`)] : []),
        ]),
      );
  }

  async page(
    table: StoredTable,
    columns: StoredColumn[],
    filter: ListFilter,
    sort: SortKey[],
    paging: { pageSize: number; offset: number },
  ): Promise<Page<StoredRecord>> {
    const order = listOrder(sort);
    if (filter.where.length && paging.offset + paging.pageSize <= fewMatches) {
      const few = await this.pageOfFew(table, columns, filter, order, paging);
      if (few) return few;
    }
    let query = this.filtered(table, columns, filter);
    for (const key of order) query = query.orderBy(sql.raw(key.column), key.desc ? 'desc' : 'asc');
    return fetchPage(query, paging);
  }

  /**
   * A search's page and total from one statement, when the search matches at most `fewMatches`
   * records: the matches (at most one more than that, in no order) are counted and sorted inside
   * the database. Answering the page and the count apart reads every match twice, which at a
   * million records was half of a typical keyword search's time. `null` when there are more
   * matches (a window over all of them would cost more than the two statements) or when the page
   * lies past the last match (no row carries the total).
   */
  private async pageOfFew(
    table: StoredTable,
    columns: StoredColumn[],
    filter: ListFilter,
    order: OrderKey[],
    paging: { pageSize: number; offset: number },
  ): Promise<Page<StoredRecord> | null> {
    const sortAlias = (i: number) => `orderKey${i}`;
    const matches = this.filtered(table, columns, filter)
      .select(order.map((key, i) => sql.raw(key.column).as(sortAlias(i))))
      .limit(fewMatches + 1);
    // The record's own columns only: the order keys stay inside the statement.
    let query = this.db
      .selectFrom(matches.as('m'))
      .select(this.recordColumns(columns).map(({ name }) => sql.ref(`m.${name}`).as(name)))
      .select(sql<string>`count(*) over ()`.as('matchCount'));
    order.forEach((key, i) => {
      query = query.orderBy(sql.ref(`m.${sortAlias(i)}`), key.desc ? 'desc' : 'asc');
    });
    const rows: StoredRecord[] = await query.limit(paging.pageSize).offset(paging.offset).execute();
    const total = rows.length ? Number(rows[0]?.matchCount) : 0;
    if (total > fewMatches || (!rows.length && paging.offset > 0)) return null;
    const list = rows.map(({ matchCount: _count, ...record }) => record);
    return { list, total };
  }

  /** Every match (exports), capped. */
  async all(table: StoredTable, columns: StoredColumn[], filter: ListFilter, sort: SortKey[], cap: number) {
    return (await this.page(table, columns, filter, sort, { pageSize: cap, offset: 0 })).list;
  }

  async find(table: StoredTable, columns: StoredColumn[], recordId: string, scope: DataScope) {
    return this.filtered(table, columns, { where: [], scope, ids: [recordId] }).executeTakeFirst();
  }

  /** The ids among `ids` the scope lets the caller reach. */
  async reachable(table: StoredTable, ids: string[], scope: DataScope): Promise<string[]> {
    const rows = await this.from(table)
      .select(sql.raw<string>('r.id').as('id'))
      .where((eb) =>
        eb.and([
          eb(sql.raw('r.id'), '=', sql`any(${ids}::text[])`),
          dataScopeFilter(scope, { organizeId: 'r.organizeId', userId: 'r.creatorUserId' })(eb),
        ]),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Ids of the records whose `columns` (or, for a sub-table, whose rows' columns) hold `pattern`
   * (a LIKE pattern) in their text: where an uploaded file is referenced.
   */
  async idsHolding(table: StoredTable, columns: StoredColumn[], pattern: string, child = false): Promise<string[]> {
    if (!columns.length) return [];
    const key = child ? 'r.parent_id' : 'r.id';
    const rows = await this.from(table)
      .select(sql.raw<string>(key).as('id'))
      .distinct()
      .where((eb) => eb.or(columns.map((c) => eb(sql.raw(`r.${checkedIdentifier(c.column)}::text`), 'like', pattern))))
      .limit(100)
      .execute();
    return rows.map((r) => r.id);
  }

  async children(table: StoredTable, columns: StoredColumn[], parentIds: string[]) {
    if (!parentIds.length) return [];
    const rows = await this.db
      .selectFrom(sql<StoredRecord>`${id(table.table)}`.as('r'))
      .select([
        sql.raw('r.id').as('id'),
        sql.raw('r.parent_id').as('parentId'),
        ...columns.map((c) => sql.raw(`r.${checkedIdentifier(c.column)}`).as(c.column)),
      ])
      .where(sql.raw('r.parent_id'), '=', sql`any(${parentIds}::text[])`)
      .orderBy(sql.raw('r.parent_id'))
      .orderBy(sql.raw('r.sort_code'))
      .execute();
    return rows as StoredRecord[];
  }

  async insert(table: StoredTable, recordId: string, owner: RecordOwner, values: Map<StoredColumn, unknown>) {
    const entries = [...values.entries()];
    const names = [
      sql.raw('id'),
      sql.raw('organize_id'),
      sql.raw('creator_user_id'),
      ...entries.map(([c]) => id(c.column)),
    ];
    const bindings = [
      sql`${recordId}`,
      sql`${owner.organizeId}`,
      sql`${owner.userId}`,
      ...entries.map(([c, v]) => bound(v, c.type)),
    ];
    await sql`insert into ${id(table.table)} (${sql.join(names)}) values (${sql.join(bindings)})`.execute(this.db);
  }

  async update(table: StoredTable, recordId: string, userId: string, values: Map<StoredColumn, unknown>) {
    const sets = [
      sql`last_modify_user_id = ${userId}`,
      sql`last_modify_time = now()`,
      ...[...values.entries()].map(([c, v]) => sql`${id(c.column)} = ${bound(v, c.type)}`),
    ];
    const result = await sql`update ${id(table.table)} set ${sql.join(sets)} where id = ${recordId}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  async replaceChildren(
    table: StoredTable,
    parentId: string,
    rows: { id: string; values: Map<StoredColumn, unknown> }[],
  ) {
    await sql`delete from ${id(table.table)} where parent_id = ${parentId}`.execute(this.db);
    let order = 0;
    for (const row of rows) {
      const entries = [...row.values.entries()];
      const names = [sql.raw('id'), sql.raw('parent_id'), sql.raw('sort_code'), ...entries.map(([c]) => id(c.column))];
      const bindings = [
        sql`${row.id}`,
        sql`${parentId}`,
        sql`${order++}`,
        ...entries.map(([c, v]) => bound(v, c.type)),
      ];
      await sql`insert into ${id(table.table)} (${sql.join(names)}) values (${sql.join(bindings)})`.execute(this.db);
    }
  }

  /** Who created a record: undefined when there is no such record (null when nobody is named). */
  async owner(table: StoredTable, recordId: string): Promise<string | null | undefined> {
    const found = await sql<{ creatorUserId: string | null }>`select creator_user_id as "creatorUserId"
        from ${id(table.table)} where id = ${recordId}`.execute(this.db);
    return found.rows[0] ? found.rows[0].creatorUserId : undefined;
  }

  /** The workflow mirrors its task status onto the record the task was launched for (taskId = record id). */
  async setFlowState(table: StoredTable, recordId: string, state: number) {
    await sql`update ${id(table.table)} set flow_state = ${state} where id = ${recordId}`.execute(this.db);
  }

  async delete(table: StoredTable, ids: string[]) {
    const result = await sql`delete from ${id(table.table)} where id = any(${ids}::text[])`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Whether another record holds `value` in `column` (unique fields). */
  async taken(table: StoredTable, column: StoredColumn, value: unknown, exceptId: string | null) {
    const row = await sql<{ one: number }>`select 1 as one from ${id(table.table)}
        where ${id(column.column)} = ${bound(value, column.type)} and id <> ${exceptId ?? ''} limit 1`.execute(this.db);
    return row.rows.length > 0;
  }

  /** Which of `values` (typed for the column) records already hold in `column`, as text. */
  async takenValues(table: StoredTable, column: StoredColumn, values: unknown[]): Promise<Set<string>> {
    if (!values.length || column.type === 'jsonb') return new Set();
    const texts = values.map((v) => (v instanceof Date ? v.toISOString() : String(v)));
    const rows = await sql<{ v: string }>`select distinct ${id(column.column)}::text as v from ${id(table.table)}
        where ${id(column.column)} = any(cast(${texts} as ${sql.raw(column.type)}[]))`.execute(this.db);
    return new Set(rows.rows.map((r) => r.v));
  }

  async dropTables(tables: string[]) {
    for (const table of tables) await sql`drop table if exists ${id(table)} cascade`.execute(this.db);
  }
}

/** One search of the list: a column, how it is matched, and the values (already typed for the column). */
export type Search =
  | { column: StoredColumn; match: 'equals'; values: unknown[] }
  | { column: StoredColumn; match: 'fuzzy'; text: string }
  | { column: StoredColumn; match: 'range'; from: unknown; to: unknown };

const ref = (column: StoredColumn) => sql.raw(`r.${checkedIdentifier(column.column)}`);

/** The where-clause of one search; values are bound, the column comes from the plan. */
export function searchCondition(search: Search): Expression<SqlBool> {
  const column = ref(search.column);
  const type = search.column.type;
  if (search.match === 'fuzzy') {
    const pattern = likePattern(search.text);
    return type === 'text' ? sql<SqlBool>`${column} ilike ${pattern}` : sql<SqlBool>`${column}::text ilike ${pattern}`;
  }
  if (search.match === 'range') {
    const parts: Expression<SqlBool>[] = [];
    if (search.from !== null) parts.push(sql<SqlBool>`${column} >= ${bound(search.from, type)}`);
    if (search.to !== null) parts.push(sql<SqlBool>`${column} <= ${bound(search.to, type)}`);
    return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
  }
  if (type === 'jsonb' && !search.column.list) {
    const texts = search.values.map((value) => sql`${String(value)}`);
    return sql<SqlBool>`(${column} #>> '{}') in (${sql.join(texts)})`;
  }
  if (type === 'jsonb') {
    // A JSON value matches when it is, or (a list) contains, one of the values: `@>` uses the GIN index.
    const alternatives = search.values.flatMap((value) => {
      const asText = sql<SqlBool>`${column} @> ${bound(String(value), 'jsonb')}`;
      return typeof value === 'number' || (typeof value === 'string' && /^-?[0-9]+(\.[0-9]+)?$/.test(value))
        ? [asText, sql<SqlBool>`${column} @> ${bound(Number(value), 'jsonb')}`]
        : [asText];
    });
    return alternatives.length ? sql<SqlBool>`(${sql.join(alternatives, sql` or `)})` : sql<SqlBool>`false`;
  }
  if (search.values.length === 1) return sql<SqlBool>`${column} = ${bound(search.values[0], type)}`;
  return sql<SqlBool>`${column} in (${sql.join(search.values.map((v) => bound(v, type)))})`;
}

/** The advanced query's comparisons (protocol-admin.md 7 superQueryJson). */
export type Comparison = { column: StoredColumn; symbol: string; values: unknown[] };

export function comparisonCondition(c: Comparison): Expression<SqlBool> {
  const column = ref(c.column);
  const type = c.column.type;
  // JSON values compare as their text; the others as their type.
  const left = type === 'jsonb' ? sql`(${column} #>> '{}')` : column;
  const value = (v: unknown) => (type === 'jsonb' ? sql`${String(v)}` : bound(v, type));
  const [first, second] = c.values;
  switch (c.symbol) {
    case 'null':
      return sql<SqlBool>`${column} is null`;
    case 'notNull':
      return sql<SqlBool>`${column} is not null`;
    case 'like':
      return sql<SqlBool>`${column}::text ilike ${likePattern(String(first ?? ''))}`;
    case 'notLike':
      return sql<SqlBool>`coalesce(${column}::text, '') not ilike ${likePattern(String(first ?? ''))}`;
    case 'between':
      return sql<SqlBool>`${left} between ${value(first)} and ${value(second)}`;
    case 'in':
    case 'notIn': {
      if (!c.values.length) return c.symbol === 'in' ? sql<SqlBool>`false` : sql<SqlBool>`true`;
      const list = sql.join(c.values.map(value));
      return c.symbol === 'in' ? sql<SqlBool>`${left} in (${list})` : sql<SqlBool>`${left} not in (${list})`;
    }
    default: {
      const operators: Record<string, string> = { '==': '=', '<>': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' };
      const operator = operators[c.symbol] ?? '=';
      return sql<SqlBool>`${left} ${sql.raw(operator)} ${value(first)}`;
    }
  }
}

/** The column holds nothing: null, or empty text (a JSON value's text for JSON columns). */
export function blankCondition(column: StoredColumn): Expression<SqlBool> {
  const text = column.type === 'jsonb' ? sql`(${ref(column)} #>> '{}')` : sql`${ref(column)}::text`;
  return sql<SqlBool>`(${ref(column)} is null or ${text} = '')`;
}

export function allOf(parts: Expression<SqlBool>[]): Expression<SqlBool> {
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}

export function anyOf(parts: Expression<SqlBool>[]): Expression<SqlBool> {
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`false`;
}

/** Ids looked up in one statement at most (a bound parameter each). */
const namesPerQuery = 1000;

/**
 * Display names of ids of one kind (`NameKind` of packages/shared): 姓名/账号 for people, full
 * names otherwise; deleted rows still name their ids (a record keeps who made it).
 */
export async function namesOf(db: Db | Trx, kind: NameKind, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += namesPerQuery) {
    const part = ids.slice(i, i + namesPerQuery);
    const rows =
      kind === 'user'
        ? (await db.selectFrom('appUser').select(['id', 'realName', 'account']).where('id', 'in', part).execute()).map(
            (r) => ({ id: r.id, fullName: `${r.realName}/${r.account}` }),
          )
        : await db.selectFrom(namedTables[kind]).select(['id', 'fullName']).where('id', 'in', part).execute();
    for (const row of rows) out.set(row.id, row.fullName);
  }
  return out;
}

const namedTables = {
  organize: 'organize',
  position: 'position',
  role: 'role',
  group: 'userGroup',
  area: 'area',
} as const satisfies Record<Exclude<NameKind, 'user'>, string>;
