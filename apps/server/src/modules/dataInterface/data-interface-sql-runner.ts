import type { DataInterfaceDataRow } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { likePattern } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { DataInterfaceOptions } from './data-interface-call.ts';
import { type InterfaceDefinition, placeholder } from './data-interface-definition.ts';
import {
  type BoundQuery,
  readAsReaderInBatches,
  runAsReader,
  type SqlReaderSettings,
} from './data-interface-query.repository.ts';
import { type CheckedSelect, checkSelectReading } from './sql-guard.ts';

/** The value of `{name}` (variable false) or `{@name}` (variable true) for one call. */
export type Resolve = (variable: boolean, name: string) => Promise<string | null>;

/** A widget's page: the keyword over `columns` (all when none), then `limit` rows from `offset`. */
export interface Paging {
  keyword: string;
  columns: string[];
  offset: number;
  limit: number;
}

/** The SQL type a parameter's value is bound as, by its data type (admin.md 3.16). */
const sqlTypes: Record<string, string> = {
  varchar: 'text',
  text: 'text',
  int: 'integer',
  bigint: 'bigint',
  decimal: 'numeric',
  datetime: 'timestamp',
};

/** The column a report dataset's rows carry their place in the statement's answer in (1-based). */
export const reportRowColumn = '__report_row';

/** Values of JSON-unfriendly types (int8 as bigint, bytea) made plain. */
export function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

/**
 * Statements run for SQL interfaces and print templates: one SELECT checked by the guard, every
 * placeholder a bound value, generated forms' tables read within the reader's data scope, run
 * read-only as the reader role with its time-out and the row cap.
 */
export class SqlInterfaceRunner {
  private readonly checkedStatements = new Map<string, Promise<CheckedSelect>>();
  /** How each statement text is bound (`trimmed`), worked out once per text: a list calls with the same few. */
  private readonly bindPlans = new Map<string, { highest: number; text: string; kept: number[] | null }>();

  constructor(
    private readonly db: Db,
    private readonly settings: DataInterfaceOptions,
  ) {}

  private get reader(): SqlReaderSettings {
    return {
      role: this.settings.role,
      schemas: this.settings.schemas,
      timeoutMs: this.settings.timeoutMs,
      embedded: this.settings.embedded,
      maxCost: this.settings.maxCost,
    };
  }

  /** An SQL interface's rows, with the keyword, the ids and the page pushed into the statement. */
  async rows(
    definition: InterfaceDefinition,
    resolve: Resolve,
    reader: Session | null,
    paging: Paging | null,
    byIds: { column: string; ids: string[] } | undefined,
    db: Db | Trx,
    cap = this.settings.rowCap,
  ) {
    const { statement, values, bind } = await this.prepared(definition, resolve, reader);
    const quoted = (column: string) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(column))
        throw new BusinessError('dataInterface.columnInvalid', { name: column });
      return `t."${column}"`;
    };
    const where: string[] = [];
    if (paging?.keyword && paging.columns.length) {
      const like = bind(likePattern(paging.keyword));
      where.push(`(${paging.columns.map((c) => `${quoted(c)}::text ilike ${like}`).join(' or ')})`);
    }
    if (byIds)
      where.push(
        `${quoted(byIds.column)}::text in (select jsonb_array_elements_text(${bind(JSON.stringify(byIds.ids))}::jsonb))`,
      );
    // New lines around the statement: a trailing line comment in it cannot swallow what follows.
    const from = `from (\n${statement}\n) as t${where.length ? ` where ${where.join(' and ')}` : ''}`;
    const queries: BoundQuery[] = [];
    if (paging) {
      queries.push({ text: `select t.* ${from} limit ${bind(paging.limit)} offset ${bind(paging.offset)}`, values });
      queries.push({ text: `select count(*) as total ${from}`, values });
    } else {
      queries.push({ text: `select t.* ${from} limit ${bind(cap)}`, values });
    }
    // Every query gets the full list: PostgreSQL infers each one's parameter types from its own text.
    const results = await runAsReader(db, this.settings.reader(), this.reader, this.trimmed(queries));
    const list = (results[0] ?? []) as DataInterfaceDataRow[];
    const counted = (results[1]?.[0] as { total?: unknown } | undefined)?.total;
    return { list, total: paging ? Number(counted ?? 0) : list.length };
  }

  /**
   * The interface's statement ready to wrap: every placeholder a bound value, checked by the
   * guard, generated forms' tables read within `reader`'s data scope. `bind` adds a value.
   */
  private async prepared(definition: InterfaceDefinition, resolve: Resolve, reader: Session | null) {
    if (!this.settings.readerReady()) throw new BusinessError('dataInterface.sqlNoRole', { role: this.settings.role });
    const source = definition.config.sqlData?.sql ?? '';
    // Every placeholder becomes a bound value ($n): its text never enters the statement.
    const values: unknown[] = [];
    const pending: Promise<void>[] = [];
    // Each value has the SQL type of its parameter's data type (text for variables), so a statement
    // like `{name} is null` is as well typed as `name = {name}`.
    const typeOf = new Map(
      definition.parameters.map((p) => [p.field.toLowerCase(), sqlTypes[p.dataType ?? ''] ?? 'text']),
    );
    const bound = source.replace(placeholder, (_m, at: string, name: string) => {
      const index = values.push(null) - 1;
      pending.push(
        resolve(at === '@', name).then((value) => {
          values[index] = value;
        }),
      );
      return `($${index + 1}::${at === '@' ? 'text' : (typeOf.get(name.toLowerCase()) ?? 'text')})`;
    });
    await Promise.all(pending);
    const bind = (value: unknown) => `$${values.push(value)}`;
    const checked = await this.checked(bound);
    const statement = reader
      ? await this.settings.access.scoped(checked.statement, checked.formTables, reader, bind)
      : checked.statement;
    return { statement, values, bind };
  }

  /**
   * A report dataset's rows in group order, `batchSize` at a time through a cursor. At most `cap`
   * rows of the statement are read, as it answers them, each numbered by the order it came in
   * (`reportRowColumn`); then ordered so that each group is contiguous and groups come in the
   * order of their first row: by the lowest number in the group, level by level, then by the
   * number, which is the order the engine groups in. A group column is written into the text only
   * as one of the names the statement answers (asked first, with no row read), quoted; a column it
   * does not answer reads as null in every row, one group, as the engine reads a missing field.
   * The ordering wraps the data-scoped statement: the scope stays inside.
   */
  async reportRows(
    definition: InterfaceDefinition,
    resolve: Resolve,
    reader: Session,
    groupColumns: readonly string[],
    cap: number,
    batchSize: number,
    each: (rows: Record<string, unknown>[]) => void,
  ): Promise<void> {
    const { statement, values, bind } = await this.prepared(definition, resolve, reader);
    // The lateral join answers one row of nulls: every column named, and LIMIT 0 reads no row.
    const probe = `select t.* from (select 1) as one left join lateral (select s.* from (\n${statement}\n) as s limit 0) as t on true`;
    const numbered = `select q.*, row_number() over () as "${reportRowColumn}" from (select t.* from (\n${statement}\n) as t limit ${bind(cap)}) as q`;
    const ordered = (answered: readonly string[]) => {
      const keys: string[] = [];
      const order: string[] = [];
      for (const column of groupColumns) {
        if (!answered.includes(column)) continue;
        keys.push(`o."${column.replace(/"/g, '""')}"`);
        order.push(`min(o."${reportRowColumn}") over (partition by ${keys.join(', ')})`);
      }
      order.push(`o."${reportRowColumn}"`);
      const text = `select o.* from (${numbered}) as o order by ${order.join(', ')}`;
      return this.trimmed([{ text, values }])[0] as BoundQuery;
    };
    await readAsReaderInBatches(
      this.db,
      this.settings.reader(),
      this.reader,
      { probe: this.trimmed([{ text: probe, values }])[0] as BoundQuery, query: ordered },
      batchSize,
      each,
    );
  }

  /**
   * The distinct values of `column` among the first `cap` rows of a report dataset's statement,
   * at most `limit` of them, found by the database (a cross-tab's columns, before its rows are
   * read). The column is written into the text only as a name the statement answers, quoted; one
   * it does not answer has the single value null, as `reportRows` reads it.
   */
  async reportDistinct(
    definition: InterfaceDefinition,
    resolve: Resolve,
    reader: Session,
    column: string,
    cap: number,
    limit: number,
  ): Promise<unknown[]> {
    const { statement, values, bind } = await this.prepared(definition, resolve, reader);
    const probe = `select t.* from (select 1) as one left join lateral (select s.* from (\n${statement}\n) as s limit 0) as t on true`;
    const rows = `select t.* from (\n${statement}\n) as t limit ${bind(cap)}`;
    const at = bind(limit);
    const distinct = (answered: readonly string[]) => {
      const text = answered.includes(column)
        ? `select distinct r."${column.replace(/"/g, '""')}" as v from (${rows}) as r limit ${at}`
        : 'select null as v';
      return this.trimmed([{ text, values }])[0] as BoundQuery;
    };
    const found: unknown[] = [];
    await readAsReaderInBatches(
      this.db,
      this.settings.reader(),
      this.reader,
      { probe: this.trimmed([{ text: probe, values }])[0] as BoundQuery, query: distinct },
      limit,
      (batch) => {
        for (const row of batch) found.push(plain(row.v));
      },
    );
    return found;
  }

  /**
   * A print template's own SQL (protocol-admin.md 8, sourceType 0) through the guard of SQL
   * interfaces: one checked SELECT, `@formId` bound as the record's id (never written into the
   * text), generated forms' tables read within `reader`'s data scope, run read-only as the reader
   * role with its time-out, at most the row cap. `columns`: the statement's column names even when
   * no row matches (the designer's Fields, run with no record).
   */
  async templateRows(
    source: string,
    formId: string | null,
    reader: Session,
  ): Promise<{ columns: string[]; rows: DataInterfaceDataRow[] }> {
    if (!this.settings.readerReady()) throw new BusinessError('dataInterface.sqlNoRole', { role: this.settings.role });
    const values: unknown[] = [];
    const bind = (value: unknown) => `$${values.push(value)}`;
    const formIdAt = source.includes('@formId') ? bind(formId) : '';
    const bound = source.replace(/@formId\b/g, () => `(${formIdAt}::text)`);
    const checked = await this.checked(bound);
    const statement = await this.settings.access.scoped(checked.statement, checked.formTables, reader, bind);
    // The lateral join answers one row of nulls when nothing matches: the columns are still named.
    const queries: BoundQuery[] = [
      { text: `select t.* from (\n${statement}\n) as t limit ${bind(this.settings.rowCap)}`, values },
      { text: `select t.* from (select 1) as one left join lateral (\n${statement}\n) as t on true limit 1`, values },
    ];
    const [rows = [], [shape] = []] = await runAsReader(
      this.db,
      this.settings.reader(),
      this.reader,
      this.trimmed(queries),
    );
    return {
      columns: Object.keys((shape ?? {}) as object),
      rows: (rows as DataInterfaceDataRow[]).map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, plain(value)])),
      ),
    };
  }

  /** The parser's verdict on a statement text (placeholders as $n), remembered: the text of an interface rarely changes. */
  private checked(text: string): Promise<CheckedSelect> {
    let verdict = this.checkedStatements.get(text);
    if (!verdict) {
      verdict = checkSelectReading(text, this.settings.schemas);
      if (this.checkedStatements.size >= 500) this.checkedStatements.clear();
      this.checkedStatements.set(text, verdict);
    }
    return verdict;
  }

  /** Each query bound only with the values its text names ($1..$n in order of use is kept). */
  private trimmed(queries: BoundQuery[]): BoundQuery[] {
    return queries.map((query) => {
      const plan = this.bindPlanOf(query.text);
      if (!plan.kept) return { text: query.text, values: query.values.slice(0, plan.highest) };
      return { text: plan.text, values: plan.kept.map((n) => query.values[n - 1]) };
    });
  }

  private bindPlanOf(text: string) {
    let plan = this.bindPlans.get(text);
    if (plan) return plan;
    const used = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    const highest = used.length ? Math.max(...used) : 0;
    // A value the text skips would have no type; a statement naming $3 but not $2 cannot be sent.
    const missing = Array.from({ length: highest }, (_, i) => i + 1).filter((n) => !used.includes(n));
    if (missing.length === 0) plan = { highest, text, kept: null };
    else {
      const renumber = new Map<number, number>();
      const kept: number[] = [];
      for (let n = 1; n <= highest; n++) {
        if (used.includes(n)) {
          kept.push(n);
          renumber.set(n, kept.length);
        }
      }
      const renumbered = text.replace(/\$(\d+)/g, (_m, d: string) => `$${renumber.get(Number(d)) ?? d}`);
      plan = { highest, text: renumbered, kept };
    }
    if (this.bindPlans.size >= 500) this.bindPlans.clear();
    this.bindPlans.set(text, plan);
    return plan;
  }
}
