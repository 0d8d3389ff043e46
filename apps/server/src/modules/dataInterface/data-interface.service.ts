import { randomInt } from 'node:crypto';
import {
  DataInterfaceConfig,
  type DataInterfaceDataRow,
  DataInterfaceFieldMap,
  type DataInterfaceInfoByIdsInput,
  type DataInterfaceInput,
  type DataInterfaceListInput,
  type DataInterfaceLogRow,
  type DataInterfaceNode,
  DataInterfaceParameter,
  type DataInterfaceParamValue,
  type DataInterfaceQuery,
  type DataInterfaceRow,
  type DataInterfaceVariateInput,
  type DataInterfaceVariateRow,
  formatDate,
  type PageData,
  type PageQuery,
} from '@platform/shared';
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import type { DataInterfaceLimits } from '../../config.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { likePattern, page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { DataInterfaceRepository, type DataInterfaceValues } from './data-interface.repository.ts';
import type { DataInterfaceAccess } from './data-interface-access.ts';
import { DataInterfaceLogWriter } from './data-interface-log.ts';
import { type BoundQuery, runAsReader, type SqlReaderSettings } from './data-interface-query.repository.ts';
import { parseRanges, type Resolver, sendChecked } from './outbound-http.ts';
import { type CheckedSelect, checkSelect, checkSelectReading } from './sql-guard.ts';

type Row = NonNullable<Awaited<ReturnType<DataInterfaceRepository['findById']>>>;

/** Who calls, from where, and for what (the call log's columns). */
export interface Caller {
  session: Session;
  ip: string;
  origin: string;
}

export interface DataInterfaceOptions extends DataInterfaceLimits {
  /** Whether the reader role could be made: SQL interfaces refuse to run without it. */
  readerReady: () => boolean;
  /** PostgreSQL: the pool of reader connections (null on PGlite or when the role could not be made). */
  reader: () => Db | null;
  embedded: boolean;
  resolver?: Resolver;
  /** Who may call an interface through the widget calls, and the data scope its SQL reads generated forms with. */
  access: DataInterfaceAccess;
}

/** `{name}` is a parameter, `{@name}` a variable (the interface's own or a system one). */
const placeholder = /\{(@?)([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** How long a definition read for a call is reused before it is read again (other instances' edits show within it). */
const definitionTtlMs = 3000;

const text = (value: string | null | undefined) => value ?? '';

const toWire = (r: Row): DataInterfaceRow => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  type: r.type,
  action: r.action,
  hasPage: r.hasPage,
  isPostPosition: r.isPostPosition,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: text(r.description),
  tenantId: '',
  dataConfigJson: r.dataConfigJson,
  dataCountJson: text(r.dataCountJson),
  dataEchoJson: text(r.dataEchoJson),
  dataJsJson: text(r.dataJsJson),
  dataExceptionJson: text(r.dataExceptionJson),
  fieldJson: text(r.fieldJson),
  parameterJson: text(r.parameterJson),
  creatorTime: toMillis(r.creatorTime) ?? 0,
  lastModifyTime: toMillis(r.lastModifyTime),
});

function parseJson<T extends TSchema>(
  raw: string | null | undefined,
  schema: T,
  key: 'config' | 'parameters' | 'fields',
) {
  if (!raw?.trim()) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new BusinessError('dataInterface.jsonInvalid', { name: key });
  }
  if (!Value.Check(schema, data)) throw new BusinessError('dataInterface.jsonInvalid', { name: key });
  return data as Type.Static<T>;
}

const Parameters = Type.Array(DataInterfaceParameter, { maxItems: 100 });
const FieldMaps = Type.Array(DataInterfaceFieldMap, { maxItems: 200 });

/** A definition as a call uses it: the parsed documents and the interface's variables. */
interface Definition {
  row: Row;
  config: DataInterfaceConfig;
  parameters: DataInterfaceParameter[];
  fields: DataInterfaceFieldMap[];
  variables: Map<string, string>;
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

/** Values of JSON-unfriendly types (int8 as bigint, bytea) made plain. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

/** Data interfaces (数据接口): definitions, their variables, calls of the three kinds and the call log. */
export class DataInterfaceService {
  private readonly allowed;
  private readonly cache = new Map<string, { definition: Definition; until: number }>();
  readonly log: DataInterfaceLogWriter;

  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryCache,
    private readonly settings: DataInterfaceOptions,
  ) {
    this.allowed = parseRanges(settings.allowedRanges);
    this.log = new DataInterfaceLogWriter(db, settings.logRetentionDays);
  }

  private get reader(): SqlReaderSettings {
    return {
      role: this.settings.role,
      schemas: this.settings.schemas,
      timeoutMs: this.settings.timeoutMs,
      embedded: this.settings.embedded,
      maxCost: this.settings.maxCost,
    };
  }

  // Definitions.

  async page(query: DataInterfaceQuery): Promise<PageData<DataInterfaceRow>> {
    const params = pageParams(query);
    const types = (query.type ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((n) => n >= 1 && n <= 3);
    const { list, total } = await new DataInterfaceRepository(this.db).page(params, {
      category: query.category || undefined,
      types: query.sourceType === 3 ? [1] : types,
      enabledMark: query.enabledMark === '' ? undefined : query.enabledMark,
    });
    return page(list.map(toWire), total, params);
  }

  async info(id: string) {
    const row = await new DataInterfaceRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return toWire(row);
  }

  /** Categories (DataInterfaceType entries) with their enabled interfaces; empty categories left out. */
  async selector(): Promise<DataInterfaceNode[]> {
    const [categories, rows] = await Promise.all([
      this.dictionaries.entries('DataInterfaceType'),
      new DataInterfaceRepository(this.db).enabled(),
    ]);
    return categories
      .map((category) => {
        const children = rows
          .filter((row) => row.category === category.id)
          .map((row) => ({
            id: row.id,
            fullName: row.fullName,
            enCode: row.enCode,
            type: row.type,
            hasChildren: false,
          }));
        return {
          id: category.id,
          fullName: category.fullName,
          enCode: category.enCode,
          type: 0,
          hasChildren: true,
          children,
        };
      })
      .filter((node) => node.children.length > 0);
  }

  async parameters(id: string): Promise<DataInterfaceParameter[]> {
    const row = await new DataInterfaceRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return parseJson(row.parameterJson, Parameters, 'parameters') ?? [];
  }

  /** What a form sends, checked and as stored: each kind's source must be there and valid. */
  private async valuesOf(input: DataInterfaceInput): Promise<DataInterfaceValues> {
    if (!(await this.dictionaries.hasEntry('DataInterfaceType', input.category))) {
      throw new BusinessError('dataInterface.categoryUnknown', { id: input.category });
    }
    if ((input.action ?? 3) !== 3) throw new BusinessError('dataInterface.readOnly');
    const config = parseJson(input.dataConfigJson, DataInterfaceConfig, 'config') ?? {};
    parseJson(input.parameterJson, Parameters, 'parameters');
    parseJson(input.fieldJson, FieldMaps, 'fields');
    if (input.type === 1) {
      const sqlText = config.sqlData?.sql?.trim();
      if (!sqlText) throw new BusinessError('dataInterface.sqlRequired');
      if (config.sqlData?.dbLinkId && config.sqlData.dbLinkId !== '0')
        throw new BusinessError('dataInterface.dbLinkUnknown');
      let n = 0;
      await checkSelect(
        sqlText.replace(placeholder, () => `$${++n}`),
        this.settings.schemas,
      );
    } else if (input.type === 2) {
      try {
        const data: unknown = JSON.parse(config.staticData ?? '');
        if (data === null || typeof data !== 'object') throw new Error('not a list');
      } catch {
        throw new BusinessError('dataInterface.staticInvalid');
      }
    } else {
      const url = config.apiData?.url ?? '';
      let parsed: URL | null = null;
      try {
        parsed = new URL(url.replace(placeholder, 'x'));
      } catch {
        parsed = null;
      }
      if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
        throw new BusinessError('dataInterface.httpUrl');
      }
    }
    return {
      fullName: input.fullName,
      enCode: input.enCode,
      category: input.category,
      type: input.type,
      action: 3,
      hasPage: input.hasPage ?? 0,
      isPostPosition: input.isPostPosition ?? 0,
      dataConfigJson: input.dataConfigJson,
      dataCountJson: input.dataCountJson ?? null,
      dataEchoJson: input.dataEchoJson ?? null,
      dataJsJson: input.dataJsJson ?? null,
      dataExceptionJson: input.dataExceptionJson ?? null,
      fieldJson: input.fieldJson ?? null,
      parameterJson: input.parameterJson ?? null,
      sortCode: input.sortCode ?? 0,
      enabledMark: input.enabledMark ?? 1,
      description: input.description ?? null,
    };
  }

  async create(input: DataInterfaceInput, session: Session): Promise<string> {
    const values = await this.valuesOf(input);
    return this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('dataInterface.codeTaken');
      const id = newId();
      await repo.insert(id, values, session.userId);
      return id;
    });
  }

  async update(id: string, input: DataInterfaceInput, session: Session) {
    const values = await this.valuesOf(input);
    await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('dataInterface.codeTaken');
      await repo.update(id, values, session.userId);
    });
    this.cache.delete(id);
  }

  async toggleState(id: string, session: Session): Promise<number> {
    const next = await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      const state = row.enabledMark === 1 ? 0 : 1;
      await repo.setState(id, state, session.userId);
      return state;
    });
    this.cache.delete(id);
    return next;
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.delete(id);
    });
    this.cache.delete(id);
  }

  /** A copy, disabled, named and coded with a random suffix, with the original's variables. */
  async copy(id: string, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      const suffix = String(randomInt(1000, 10000));
      const copyId = newId();
      const { id: _id, creatorTime: _c, lastModifyTime: _m, ...values } = row;
      await repo.insert(
        copyId,
        {
          ...values,
          fullName: `${row.fullName}.副本${suffix}`.slice(0, 50),
          enCode: `${row.enCode}${suffix}`.slice(0, 50),
          enabledMark: 0,
        },
        session.userId,
      );
      for (const variate of await repo.variates(id)) {
        await repo.insertVariate(
          newId(),
          { interfaceId: copyId, fullName: variate.fullName, expression: variate.expression },
          session.userId,
        );
      }
      return copyId;
    });
  }

  // Variables.

  private async systemVariables(session: Session, repo: DataInterfaceRepository) {
    const now = new Date();
    let organize: Promise<string> | null = null;
    return {
      currentUser: async () => session.userId,
      currentAccount: async () => session.account,
      currentOrganize: async () => {
        organize ??= repo.organizeOf(session.userId);
        return organize;
      },
      currentTime: async () => formatDate(now, 'YYYY-MM-DD HH:mm:ss'),
      currentDate: async () => formatDate(now, 'YYYY-MM-DD'),
      currentTimestamp: async () => String(now.getTime()),
    } as Record<string, () => Promise<string>>;
  }

  /** An expression's value: its `{@system}` names replaced; other text kept as written. */
  private async evaluate(expression: string, session: Session, repo: DataInterfaceRepository): Promise<string> {
    const system = await this.systemVariables(session, repo);
    const parts: string[] = [];
    let last = 0;
    for (const match of expression.matchAll(placeholder)) {
      parts.push(expression.slice(last, match.index));
      const name = match[2] ?? '';
      const value = match[1] === '@' ? system[name] : undefined;
      parts.push(value ? await value() : match[0]);
      last = (match.index ?? 0) + match[0].length;
    }
    parts.push(expression.slice(last));
    return parts.join('');
  }

  async variates(interfaceId: string, keyword: string, session: Session): Promise<DataInterfaceVariateRow[]> {
    const repo = new DataInterfaceRepository(this.db);
    const rows = await repo.variates(interfaceId, keyword);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        interfaceId: row.interfaceId,
        fullName: row.fullName,
        expression: row.expression,
        value: await this.evaluate(row.expression, session, repo),
        creatorTime: toMillis(row.creatorTime) ?? 0,
      })),
    );
  }

  async variateInfo(id: string, session: Session): Promise<DataInterfaceVariateRow> {
    const repo = new DataInterfaceRepository(this.db);
    const row = await repo.findVariate(id);
    if (!row) throw new NotFoundError();
    return {
      ...row,
      value: await this.evaluate(row.expression, session, repo),
      creatorTime: toMillis(row.creatorTime) ?? 0,
    };
  }

  /** Interfaces with their variables, for the variable picker (variable nodes have type 1). */
  async variateSelector(): Promise<DataInterfaceNode[]> {
    const repo = new DataInterfaceRepository(this.db);
    const [rows, variates] = await Promise.all([repo.enabled(), repo.allVariates()]);
    return rows
      .map((row) => ({
        id: row.id,
        fullName: row.fullName,
        enCode: row.enCode,
        type: 0,
        hasChildren: true,
        children: variates
          .filter((v) => v.interfaceId === row.id)
          .map((v) => ({ id: v.id, fullName: v.fullName, enCode: v.fullName, type: 1, hasChildren: false })),
      }))
      .filter((node) => node.children.length > 0);
  }

  async createVariate(input: DataInterfaceVariateInput, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      if (!(await repo.findById(input.interfaceId))) throw new BusinessError('dataInterface.notFound');
      if (await repo.variateNameTaken(input.interfaceId, input.fullName, null)) {
        throw new BusinessError('dataInterface.variateTaken', { name: input.fullName });
      }
      const id = newId();
      await repo.insertVariate(id, input, session.userId);
      this.cache.delete(input.interfaceId);
      return id;
    });
  }

  async updateVariate(id: string, input: DataInterfaceVariateInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      const before = await repo.findVariate(id);
      if (!before) throw new NotFoundError();
      if (!(await repo.findById(input.interfaceId))) throw new BusinessError('dataInterface.notFound');
      if (await repo.variateNameTaken(input.interfaceId, input.fullName, id)) {
        throw new BusinessError('dataInterface.variateTaken', { name: input.fullName });
      }
      await repo.updateVariate(id, input, session.userId);
      this.cache.delete(before.interfaceId);
      this.cache.delete(input.interfaceId);
    });
  }

  async deleteVariate(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      const before = await repo.findVariate(id);
      if (!before) throw new NotFoundError();
      await repo.deleteVariate(id);
      this.cache.delete(before.interfaceId);
    });
  }

  async copyVariate(id: string, session: Session): Promise<string> {
    const row = await new DataInterfaceRepository(this.db).findVariate(id);
    if (!row) throw new NotFoundError();
    return this.addVariateAsCopy(
      { interfaceId: row.interfaceId, fullName: row.fullName, expression: row.expression },
      session,
    );
  }

  /** Adds `input` under a name free in its interface: `<name>_copy`, else `<name>_<4 digits>`. */
  async addVariateAsCopy(input: DataInterfaceVariateInput, session: Session): Promise<string> {
    const repo = new DataInterfaceRepository(this.db);
    let name = `${input.fullName}_copy`.slice(0, 50);
    while (await repo.variateNameTaken(input.interfaceId, name, null))
      name = `${input.fullName.slice(0, 45)}_${randomInt(1000, 10000)}`;
    return this.createVariate({ ...input, fullName: name }, session);
  }

  // Calls.

  /**
   * Refuses (400) a caller who may not run interface `id` through the widget calls: one who can
   * open no form, portal, flow, report or print template using it and holds no design page.
   */
  requireCallable(session: Session, id: string): Promise<void> {
    return this.settings.access.requireCallable(session, id);
  }

  private async definition(id: string, db: Db | Trx = this.db): Promise<Definition> {
    const cached = this.cache.get(id);
    if (cached && cached.until > Date.now()) return cached.definition;
    const repo = new DataInterfaceRepository(db);
    const row = await repo.findById(id);
    if (!row) throw new BusinessError('dataInterface.notFound');
    const variates = await repo.variates(id);
    const definition: Definition = {
      row,
      config: parseJson(row.dataConfigJson, DataInterfaceConfig, 'config') ?? {},
      parameters: parseJson(row.parameterJson, Parameters, 'parameters') ?? [],
      fields: parseJson(row.fieldJson, FieldMaps, 'fields') ?? [],
      variables: new Map(variates.map((v) => [v.fullName.toLowerCase(), v.expression])),
    };
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(id, { definition, until: Date.now() + definitionTtlMs });
    return definition;
  }

  /** Values by name: what the caller sent, else the parameter's default; a required one must be there. */
  private parameterValues(definition: Definition, paramList: DataInterfaceParamValue[] = []) {
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
  private async resolver(
    definition: Definition,
    paramList: DataInterfaceParamValue[] | undefined,
    session: Session,
    db: Db | Trx,
  ) {
    const parameters = this.parameterValues(definition, paramList);
    // Made at the first {@variable}: most statements name none, and a popup select calls on every keystroke.
    let repo: DataInterfaceRepository | null = null;
    let systemMade: Promise<Record<string, () => Promise<string>>> | null = null;
    return async (variable: boolean, name: string): Promise<string | null> => {
      const key = name.toLowerCase();
      if (!variable) {
        if (!parameters.has(key)) throw new BusinessError('dataInterface.placeholderUnknown', { name: `{${name}}` });
        return parameters.get(key) ?? null;
      }
      repo ??= new DataInterfaceRepository(db);
      const expression = definition.variables.get(key);
      if (expression !== undefined) return this.evaluate(expression, session, repo);
      systemMade ??= this.systemVariables(session, repo);
      const value = (await systemMade)[name];
      if (!value) throw new BusinessError('dataInterface.placeholderUnknown', { name: `{@${name}}` });
      return value();
    };
  }

  /** The interface's rows after field mapping: the column `field` is answered as its mapped name. */
  private mapped(definition: Definition, rows: DataInterfaceDataRow[]): DataInterfaceDataRow[] {
    const maps = definition.fields.filter((f) => f.defaultValue && f.defaultValue !== f.field);
    return rows.map((row) => {
      const out: DataInterfaceDataRow = {};
      for (const [key, value] of Object.entries(row)) out[key] = plain(value);
      for (const map of maps) {
        if (map.field in out) {
          out[map.defaultValue ?? map.field] = out[map.field];
          delete out[map.field];
        }
      }
      return out;
    });
  }

  /** The JSON of answers `logged` serialised to measure them, for the route to send as it is. */
  private readonly serialised = new WeakMap<object, string>();

  /** `result`'s JSON when a logged call made it (the same object, unchanged since). */
  serialisedOf(result: object): string | undefined {
    return this.serialised.get(result);
  }

  /** A call, logged: who, when, how long, whether it answered and how much. */
  private async logged<T>(definition: Definition, caller: Caller, work: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      const result = await work();
      const json = JSON.stringify(result) ?? 'null';
      if (typeof result === 'object' && result !== null) this.serialised.set(result, json);
      this.log.add({
        interfaceId: definition.row.id,
        userId: caller.session.userId,
        invokWasteTime: Date.now() - started,
        invokState: 1,
        invokSize: Buffer.byteLength(json),
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
    const definition = await this.definition(id, db);
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
      return this.mapped(definition, rows.list);
    });
  }

  /** Options of a form field: the rows (up to the cap), for a caller who may call the interface. */
  async options(id: string, paramList: DataInterfaceParamValue[] | undefined, caller: Caller) {
    await this.requireCallable(caller.session, id);
    const definition = await this.enabledDefinition(id, false);
    return this.logged(definition, caller, async () => {
      const rows = await this.rows(definition, paramList, caller.session, caller.session, null);
      return this.mapped(definition, rows.list);
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
      return this.mapped(definition, rows.list);
    });
  }

  /** Actions/List: one page, filtered by the keyword over `columnOptions` (the columns the widget shows). */
  async list(id: string, input: DataInterfaceListInput, caller: Caller): Promise<PageData<DataInterfaceDataRow>> {
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
      return page(this.mapped(definition, list), total, { currentPage, pageSize });
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
      return this.mapped(definition, list);
    });
  }

  /**
   * The rows of any kind: SQL pushes keyword, ids and paging into the statement, the others filter
   * here. `reader` is whose data scope applies to generated forms' tables the SQL reads (null: a
   * system call, which reads them whole).
   */
  private async rows(
    definition: Definition,
    paramList: DataInterfaceParamValue[] | undefined,
    reader: Session | null,
    session: Session,
    paging: { keyword: string; columns: string[]; offset: number; limit: number } | null,
    byIds?: { column: string; ids: string[] },
    db: Db | Trx = this.db,
  ): Promise<{ list: DataInterfaceDataRow[]; total: number }> {
    const resolve = await this.resolver(definition, paramList, session, db);
    if (definition.row.type === 1) return this.sqlRows(definition, resolve, reader, paging, byIds, db);
    let rows: DataInterfaceDataRow[];
    if (definition.row.type === 2) rows = staticRows(definition.config.staticData ?? '[]');
    else rows = await this.httpRows(definition, resolve, paging);
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
    const list = paging ? rows.slice(paging.offset, paging.offset + paging.limit) : rows.slice(0, this.settings.rowCap);
    return { list, total };
  }

  private async sqlRows(
    definition: Definition,
    resolve: (variable: boolean, name: string) => Promise<string | null>,
    reader: Session | null,
    paging: { keyword: string; columns: string[]; offset: number; limit: number } | null,
    byIds: { column: string; ids: string[] } | undefined,
    db: Db | Trx,
  ) {
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
      queries.push({ text: `select t.* ${from} limit ${bind(this.settings.rowCap)}`, values });
    }
    // Every query gets the full list: PostgreSQL infers each one's parameter types from its own text.
    const results = await runAsReader(db, this.settings.reader(), this.reader, this.trimmed(queries));
    const list = (results[0] ?? []) as DataInterfaceDataRow[];
    const counted = (results[1]?.[0] as { total?: unknown } | undefined)?.total;
    return { list, total: paging ? Number(counted ?? 0) : list.length };
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

  private readonly checkedStatements = new Map<string, Promise<CheckedSelect>>();

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

  /** How each statement text is bound (`trimmed`), worked out once per text: a list calls with the same few. */
  private readonly bindPlans = new Map<string, { highest: number; text: string; kept: number[] | null }>();

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

  private async httpRows(
    definition: Definition,
    resolve: (variable: boolean, name: string) => Promise<string | null>,
    paging: { keyword: string; offset: number; limit: number } | null,
  ): Promise<DataInterfaceDataRow[]> {
    const api = definition.config.apiData;
    if (!api) throw new BusinessError('dataInterface.httpUrl');
    const fill = async (template: string, encode: (s: string) => string) => {
      const parts: string[] = [];
      let last = 0;
      for (const match of template.matchAll(placeholder)) {
        parts.push(template.slice(last, match.index));
        parts.push(encode((await resolve(match[1] === '@', match[2] ?? '')) ?? ''));
        last = (match.index ?? 0) + match[0].length;
      }
      parts.push(template.slice(last));
      return parts.join('');
    };
    const rowValue = async (row: {
      source?: number | undefined;
      defaultValue?: string | number | null | undefined;
    }) => {
      const given = row.defaultValue === undefined || row.defaultValue === null ? '' : String(row.defaultValue);
      if (row.source === 1) return (await resolve(false, given)) ?? '';
      if (row.source === 2) return (await resolve(true, given)) ?? '';
      if (row.source === 4) {
        if (given === 'currentPage') return String(paging ? Math.floor(paging.offset / paging.limit) + 1 : 1);
        if (given === 'pageSize') return String(paging?.limit ?? this.settings.rowCap);
        if (given === 'keyword') return paging?.keyword ?? '';
        return '';
      }
      return fill(given, (s) => s);
    };
    const url = new URL(await fill(api.url, encodeURIComponent));
    for (const row of api.query ?? []) url.searchParams.set(row.field, await rowValue(row));
    const headers: Record<string, string> = {};
    for (const row of api.header ?? []) {
      const value = await rowValue(row);
      if (/[\r\n]/.test(value) || /[\r\n]/.test(row.field)) throw new BusinessError('dataInterface.httpHeader');
      headers[row.field] = value;
    }
    let body: string | null = null;
    if (api.method === 2) {
      const bodyType = api.bodyType ?? 0;
      if (bodyType === 3) {
        body = await fill(api.body ?? '', (s) => JSON.stringify(s).slice(1, -1));
        headers['content-type'] ??= 'application/json';
      } else if (bodyType === 4) {
        body = await fill(api.body ?? '', (s) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`));
        headers['content-type'] ??= 'application/xml';
      } else if (bodyType === 1 || bodyType === 2) {
        const rows =
          (JSON.parse(api.body || '[]') as { field: string; source?: number; defaultValue?: string }[]) ?? [];
        const form = new URLSearchParams();
        for (const row of rows) form.set(row.field, await rowValue(row));
        body = form.toString();
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
      }
    }
    const answer = await sendChecked(
      { url: url.toString(), method: api.method === 2 ? 'POST' : 'GET', headers, body },
      {
        allowed: this.allowed,
        timeoutMs: this.settings.httpTimeoutMs,
        maxBytes: this.settings.httpMaxBytes,
        ...(this.settings.resolver ? { resolver: this.settings.resolver } : {}),
      },
    );
    if (answer.status < 200 || answer.status >= 300) {
      throw new BusinessError('dataInterface.httpFailed', { reason: `HTTP ${answer.status}` });
    }
    let data: unknown;
    try {
      data = JSON.parse(answer.body);
    } catch {
      throw new BusinessError('dataInterface.httpNotJson');
    }
    for (const key of (api.responsePath ?? '').split('.').filter(Boolean)) {
      data = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
    }
    return asRows(data);
  }

  // The call log.

  async logs(interfaceId: string, query: PageQuery): Promise<PageData<DataInterfaceLogRow>> {
    await this.log.flush();
    const params = pageParams(query);
    const { list, total } = await new DataInterfaceRepository(this.db).logs(interfaceId, params);
    return page(
      list.map((r) => ({
        id: r.id,
        interfaceId: r.interfaceId,
        userId: text(r.userId),
        userName: r.realName ? `${r.realName}/${r.account ?? ''}` : '',
        invokTime: toMillis(r.invokTime) ?? 0,
        invokWasteTime: r.invokWasteTime,
        invokState: r.invokState,
        invokSize: r.invokSize,
        invokIp: text(r.invokIp),
        origin: text(r.origin),
        message: text(r.message),
      })),
      total,
      params,
    );
  }
}

function asRows(data: unknown): DataInterfaceDataRow[] {
  if (Array.isArray(data)) {
    return data.map((item) => (item && typeof item === 'object' ? (item as DataInterfaceDataRow) : { value: item }));
  }
  if (data && typeof data === 'object') {
    const list = (data as { list?: unknown }).list;
    if (Array.isArray(list)) return asRows(list);
    return [data as DataInterfaceDataRow];
  }
  return [];
}

function staticRows(raw: string): DataInterfaceDataRow[] {
  try {
    return asRows(JSON.parse(raw));
  } catch {
    throw new BusinessError('dataInterface.staticInvalid');
  }
}
