import {
  type DataInterfaceDataRow,
  type DataInterfaceInfoByIdsInput,
  type DataInterfaceListInput,
  type DataInterfaceParamValue,
  reportGroupKey,
  reportRecordOrder,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { page } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import { DataInterfaceRepository } from './data-interface.repository.ts';
import type { Caller, DataInterfaceOptions } from './data-interface-call.ts';
import type { InterfaceDefinition, InterfaceDefinitionCache } from './data-interface-definition.ts';
import { httpRows, staticRows } from './data-interface-http-rows.ts';
import type { DataInterfaceLogWriter } from './data-interface-log.ts';
import { type Paging, plain, type Resolve, reportRowColumn, SqlInterfaceRunner } from './data-interface-sql-runner.ts';
import { evaluate, systemVariables } from './data-interface-variables.ts';
import { parseRanges } from './outbound-http.ts';

/** Values by name: what the caller sent, else the parameter's default; a required one must be there. */
function parameterValues(definition: InterfaceDefinition, paramList: DataInterfaceParamValue[] = []) {
  const sent = new Map(paramList.map((p) => [p.field.toLowerCase(), p.defaultValue]));
  const values = new Map<string, string | null>();
  for (const parameter of definition.parameters) {
    const key = parameter.field.toLowerCase();
    const given = sent.has(key) ? sent.get(key) : undefined;
    const value = given === undefined || given === null || given === '' ? parameter.defaultValue : given;
    const missing = value === undefined || value === null || value === '';
    if (missing && (parameter.required === 1 || parameter.required === true)) {
      throw new BusinessError('dataInterface.paramRequired', { name: parameter.fieldName || parameter.field });
    }
    values.set(key, missing ? null : String(value));
  }
  return values;
}

/** The value of `{name}` or `{@name}`, or an error naming what is unknown. */
function resolver(
  definition: InterfaceDefinition,
  paramList: DataInterfaceParamValue[] | undefined,
  session: Session,
  db: Db | Trx,
): Resolve {
  const parameters = parameterValues(definition, paramList);
  // Made at the first {@variable}: most statements name none, and a popup select calls on every keystroke.
  let repo: DataInterfaceRepository | null = null;
  let system: Record<string, () => Promise<string>> | null = null;
  return async (variable: boolean, name: string): Promise<string | null> => {
    const key = name.toLowerCase();
    if (!variable) {
      if (!parameters.has(key)) throw new BusinessError('dataInterface.placeholderUnknown', { name: `{${name}}` });
      return parameters.get(key) ?? null;
    }
    repo ??= new DataInterfaceRepository(db);
    const expression = definition.variables.get(key);
    if (expression !== undefined) return evaluate(expression, session, repo);
    system ??= systemVariables(session, repo);
    const value = system[name];
    if (!value) throw new BusinessError('dataInterface.placeholderUnknown', { name: `{@${name}}` });
    return value();
  };
}

/** The columns an interface answers under another name: the column `field` as `defaultValue`. */
function fieldMaps(definition: InterfaceDefinition) {
  return definition.fields.filter((f) => f.defaultValue && f.defaultValue !== f.field);
}

/** A row after field mapping: the column `field` is answered as its mapped name; `omit` is left out. */
function mapRow(maps: ReturnType<typeof fieldMaps>, row: DataInterfaceDataRow, omit?: string): DataInterfaceDataRow {
  const out: DataInterfaceDataRow = {};
  for (const [key, value] of Object.entries(row)) if (key !== omit) out[key] = plain(value);
  for (const map of maps) {
    if (map.field in out) {
      out[map.defaultValue ?? map.field] = out[map.field];
      delete out[map.field];
    }
  }
  return out;
}

/** The interface's rows after field mapping. */
function mapped(definition: InterfaceDefinition, rows: DataInterfaceDataRow[]): DataInterfaceDataRow[] {
  const maps = fieldMaps(definition);
  return rows.map((row) => mapRow(maps, row));
}

/** How many rows a report reads from the database at a time. */
const REPORT_BATCH = 1000;

/**
 * Calls of data interfaces: preview, a form field's options, the widgets' pages and InfoByIds, the
 * flow engine's rows; each logged. SQL interfaces run through `SqlInterfaceRunner`, static ones
 * read their JSON, HTTP ones call out through the address guard (data-interface-http-rows.ts).
 */
export class DataInterfaceRunner {
  private readonly allowed;
  readonly sql: SqlInterfaceRunner;
  /** The JSON of answers `logged` serialised to measure them, for the route to send as it is. */
  private readonly serialised = new WeakMap<object, string>();

  constructor(
    private readonly db: Db,
    private readonly cache: InterfaceDefinitionCache,
    private readonly log: DataInterfaceLogWriter,
    private readonly settings: DataInterfaceOptions,
  ) {
    this.allowed = parseRanges(settings.allowedRanges);
    this.sql = new SqlInterfaceRunner(db, settings);
  }

  /**
   * Refuses (400) a caller who may not run interface `id` through the widget calls: one who can
   * open no form, portal, flow, report or print template using it and holds no design page.
   */
  requireCallable(session: Session, id: string): Promise<void> {
    return this.settings.access.requireCallable(session, id);
  }

  /** `result`'s JSON when a logged call made it (the same object, unchanged since). */
  serialisedOf(result: object): string | undefined {
    return this.serialised.get(result);
  }

  /** A call, logged: who, when, how long, whether it answered and how much. */
  private async logged<T>(
    definition: InterfaceDefinition,
    caller: Caller,
    work: () => Promise<T>,
    sizeOf?: (result: T) => number,
  ): Promise<T> {
    const started = Date.now();
    try {
      const result = await work();
      let size: number;
      if (sizeOf) size = sizeOf(result);
      else {
        const json = JSON.stringify(result) ?? 'null';
        if (typeof result === 'object' && result !== null) this.serialised.set(result, json);
        size = Buffer.byteLength(json);
      }
      this.log.add({
        interfaceId: definition.row.id,
        userId: caller.session.userId,
        invokWasteTime: Date.now() - started,
        invokState: 1,
        invokSize: size,
        invokIp: caller.ip,
        origin: caller.origin,
        message: null,
      });
      return result;
    } catch (error) {
      this.log.add({
        interfaceId: definition.row.id,
        userId: caller.session.userId,
        invokWasteTime: Date.now() - started,
        invokState: 0,
        invokSize: 0,
        invokIp: caller.ip,
        origin: caller.origin,
        message: error instanceof BusinessError ? error.key : 'error',
      });
      throw error;
    }
  }

  private async enabledDefinition(id: string, preview: boolean, db: Db | Trx = this.db) {
    const definition = await this.cache.read(id, db);
    if (definition.row.enabledMark !== 1) {
      throw new BusinessError(preview ? 'dataInterface.disabledPreview' : 'dataInterface.disabled');
    }
    return definition;
  }

  /** Preview: the rows (up to the cap) for the parameters given. */
  async preview(id: string, paramList: DataInterfaceParamValue[] | undefined, caller: Caller) {
    const definition = await this.enabledDefinition(id, true);
    return this.logged(definition, caller, async () => {
      const rows = await this.rows(definition, paramList, caller.session, caller.session, null);
      return mapped(definition, rows.list);
    });
  }

  /** Options of a form field: the rows (up to the cap), for a caller who may call the interface. */
  async options(id: string, paramList: DataInterfaceParamValue[] | undefined, caller: Caller) {
    await this.requireCallable(caller.session, id);
    const definition = await this.enabledDefinition(id, false);
    return this.logged(definition, caller, async () => {
      const rows = await this.rows(definition, paramList, caller.session, caller.session, null);
      return mapped(definition, rows.list);
    });
  }

  /**
   * The rows (up to the cap) for a caller inside its own transaction `trx` (the flow engine naming
   * a node's approvers): the definition, its variables and, on PGlite, the statement go over `trx`.
   * PGlite has one connection, which the open transaction holds: a read on another would wait for
   * the transaction, which waits for the read. On PostgreSQL the statement still runs on the reader pool.
   * A system call: the engine runs the interface its flow names, whoever acts, so no caller check
   * and no data scope apply.
   */
  async rowsWithin(trx: Trx, id: string, paramList: DataInterfaceParamValue[] | undefined, caller: Caller) {
    const definition = await this.enabledDefinition(id, false, trx);
    return this.logged(definition, caller, async () => {
      const rows = await this.rows(definition, paramList, null, caller.session, null, undefined, trx);
      return mapped(definition, rows.list);
    });
  }

  /**
   * A report's dataset, streamed: up to `cap` rows (REPORT_ROW_CAP) handed to `each` one by one in
   * group order (`groupFields`, the template's group cells: each group contiguous, groups in the
   * order their first row comes), with each row's 1-based place in the interface's own answer;
   * and whether there were more (`truncated`). For a caller who may call the interface, generated
   * forms' tables read within the caller's data scope. SQL is ordered by the database and read
   * through a cursor; static and HTTP rows are in memory already and are ordered here. The call
   * log records the number of rows read, not their size: measuring it would mean holding them.
   */
  async reportRows(
    id: string,
    paramList: DataInterfaceParamValue[],
    caller: Caller,
    groupFields: readonly string[],
    each: (row: DataInterfaceDataRow, position: number) => void,
  ): Promise<{ count: number; truncated: boolean; cap: number }> {
    await this.requireCallable(caller.session, id);
    const definition = await this.enabledDefinition(id, false);
    const cap = this.settings.reportRowCap;
    const maps = fieldMaps(definition);
    return this.logged(
      definition,
      caller,
      async () => {
        let count = 0;
        let truncated = false;
        if (definition.row.type === 1) {
          const resolve = resolver(definition, paramList, caller.session, this.db);
          // A template field mapped from another column is ordered by that column.
          const columns = groupFields.map((field) => maps.find((m) => m.defaultValue === field)?.field ?? field);
          await this.sql.reportRows(definition, resolve, caller.session, columns, cap + 1, REPORT_BATCH, (rows) => {
            for (const row of rows) {
              const position = Number(row[reportRowColumn]);
              // The row past the cap only says there were more; it may come anywhere in the order.
              if (position > cap) {
                truncated = true;
                continue;
              }
              count++;
              each(mapRow(maps, row, reportRowColumn), position);
            }
          });
          return { count, truncated, cap };
        }
        const list = await this.reportList(definition, paramList, caller, cap + 1);
        truncated = list.length > cap;
        const rows = mapped(definition, truncated ? list.slice(0, cap) : list);
        for (const index of reportRecordOrder(rows, groupFields)) {
          count++;
          each(rows[index] as DataInterfaceDataRow, index + 1);
        }
        return { count, truncated, cap };
      },
      (result) => result.count,
    );
  }

  /**
   * The distinct values of each of `fields` in a report dataset (a cross-tab's columns), at most
   * `limit` each, among the rows `reportRows` would read (the first REPORT_ROW_CAP), for a caller
   * who may call the interface, within its data scope. SQL asks the database (`select distinct`
   * over the statement); static and HTTP rows are looked through here.
   */
  async reportDistinct(
    id: string,
    paramList: DataInterfaceParamValue[],
    caller: Caller,
    fields: readonly string[],
    limit: number,
  ): Promise<Record<string, unknown[]>> {
    await this.requireCallable(caller.session, id);
    const definition = await this.enabledDefinition(id, false);
    const cap = this.settings.reportRowCap;
    const maps = fieldMaps(definition);
    return this.logged(definition, caller, async () => {
      const found: Record<string, unknown[]> = {};
      if (definition.row.type === 1) {
        const resolve = resolver(definition, paramList, caller.session, this.db);
        for (const field of fields) {
          const column = maps.find((m) => m.defaultValue === field)?.field ?? field;
          found[field] = await this.sql.reportDistinct(definition, resolve, caller.session, column, cap, limit);
        }
        return found;
      }
      const list = await this.reportList(definition, paramList, caller, cap);
      const rows = mapped(definition, list.slice(0, cap));
      for (const field of fields) {
        const seen = new Map<string, unknown>();
        for (const row of rows) {
          const key = reportGroupKey(row[field]);
          if (!seen.has(key)) seen.set(key, row[field]);
          if (seen.size >= limit) break;
        }
        found[field] = [...seen.values()];
      }
      return found;
    });
  }

  /** Actions/List: one page, filtered by the keyword over `columnOptions` (the columns the widget shows). */
  async list(id: string, input: DataInterfaceListInput, caller: Caller) {
    await this.requireCallable(caller.session, id);
    const definition = await this.enabledDefinition(id, false);
    const currentPage = input.currentPage ?? 1;
    const pageSize = Math.min(input.pageSize ?? 20, this.settings.rowCap);
    const columns = (input.columnOptions ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    if (columns.length === 0 && input.relationField) columns.push(input.relationField);
    return this.logged(definition, caller, async () => {
      const { list, total } = await this.rows(definition, input.paramList, caller.session, caller.session, {
        keyword: input.keyword?.trim() ?? '',
        columns,
        offset: (currentPage - 1) * pageSize,
        limit: pageSize,
      });
      return page(mapped(definition, list), total, { currentPage, pageSize });
    });
  }

  /** Actions/InfoByIds: the rows whose `propsValue` column is one of `ids` (a select shows its chosen values). */
  async infoByIds(id: string, input: DataInterfaceInfoByIdsInput, caller: Caller) {
    await this.requireCallable(caller.session, id);
    const definition = await this.enabledDefinition(id, false);
    const key = input.propsValue || 'id';
    const ids = input.ids.map(String);
    if (ids.length === 0) return [];
    return this.logged(definition, caller, async () => {
      const { list } = await this.rows(definition, input.paramList, caller.session, caller.session, null, {
        column: key,
        ids,
      });
      return mapped(definition, list);
    });
  }

  /**
   * The rows of any kind: SQL pushes keyword, ids and paging into the statement, the others filter
   * here. `reader` is whose data scope applies to generated forms' tables the SQL reads (null: a
   * system call, which reads them whole).
   */
  /** A report's rows of a static or HTTP interface: all of them as the caller, up to `cap`. */
  private async reportList(
    definition: InterfaceDefinition,
    paramList: DataInterfaceParamValue[],
    caller: Caller,
    cap: number,
  ): Promise<DataInterfaceDataRow[]> {
    const session = caller.session;
    return (await this.rows(definition, paramList, session, session, null, undefined, this.db, cap)).list;
  }

  private async rows(
    definition: InterfaceDefinition,
    paramList: DataInterfaceParamValue[] | undefined,
    reader: Session | null,
    session: Session,
    paging: Paging | null,
    byIds?: { column: string; ids: string[] },
    db: Db | Trx = this.db,
    cap = this.settings.rowCap,
  ): Promise<{ list: DataInterfaceDataRow[]; total: number }> {
    const resolve = resolver(definition, paramList, session, db);
    if (definition.row.type === 1) return this.sql.rows(definition, resolve, reader, paging, byIds, db, cap);
    let rows: DataInterfaceDataRow[];
    if (definition.row.type === 2) rows = staticRows(definition.config.staticData ?? '[]');
    else
      rows = await httpRows(
        definition,
        resolve,
        paging,
        {
          allowed: this.allowed,
          timeoutMs: this.settings.httpTimeoutMs,
          maxBytes: this.settings.httpMaxBytes,
          ...(this.settings.resolver ? { resolver: this.settings.resolver } : {}),
        },
        cap,
      );
    if (byIds) {
      const wanted = new Set(byIds.ids);
      rows = rows.filter((row) => wanted.has(String(row[byIds.column])));
    }
    if (paging?.keyword) {
      const keyword = paging.keyword.toLowerCase();
      rows = rows.filter((row) =>
        (paging.columns.length ? paging.columns : Object.keys(row)).some((c) =>
          String(row[c] ?? '')
            .toLowerCase()
            .includes(keyword),
        ),
      );
    }
    const total = rows.length;
    const list = paging ? rows.slice(paging.offset, paging.offset + paging.limit) : rows.slice(0, cap);
    return { list, total };
  }
}
