import type {
  DataInterfaceDataRow,
  DataInterfaceInfoByIdsInput,
  DataInterfaceInput,
  DataInterfaceListInput,
  DataInterfaceLogRow,
  DataInterfaceNode,
  DataInterfaceParameter,
  DataInterfaceParamValue,
  DataInterfaceQuery,
  DataInterfaceRow,
  DataInterfaceVariateInput,
  DataInterfaceVariateRow,
  PageData,
  PageQuery,
} from '@platform/shared';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import type { Caller, DataInterfaceOptions } from './data-interface-call.ts';
import { InterfaceDefinitionCache } from './data-interface-definition.ts';
import { DataInterfaceDefinitions } from './data-interface-definitions.ts';
import { DataInterfaceLogWriter } from './data-interface-log.ts';
import { DataInterfaceRunner } from './data-interface-runner.ts';
import { DataInterfaceVariables } from './data-interface-variables.ts';

export type { Caller, DataInterfaceOptions } from './data-interface-call.ts';

/**
 * Data interfaces (数据接口): definitions, their variables, calls of the three kinds and the call
 * log, as the routes and other areas call them. The work is split by seam:
 * - `DataInterfaceDefinitions` (data-interface-definitions.ts): the admin list, form, state, copies, call log;
 * - `DataInterfaceVariables` (data-interface-variables.ts): an interface's own variables, system variables;
 * - `DataInterfaceRunner` (data-interface-runner.ts): the calls, logged; SQL in data-interface-sql-runner.ts,
 *   static and HTTP rows in data-interface-http-rows.ts;
 * - `InterfaceDefinitionCache` (data-interface-definition.ts): the parsed definitions calls read, kept
 *   a few seconds, forgotten on every edit of a definition or its variables.
 */
export class DataInterfaceService {
  readonly log: DataInterfaceLogWriter;
  private readonly definitions: DataInterfaceDefinitions;
  private readonly variables: DataInterfaceVariables;
  private readonly runner: DataInterfaceRunner;

  constructor(db: Db, dictionaries: DictionaryCache, settings: DataInterfaceOptions) {
    const cache = new InterfaceDefinitionCache(db);
    this.log = new DataInterfaceLogWriter(db, settings.logRetentionDays);
    this.definitions = new DataInterfaceDefinitions(db, dictionaries, cache, this.log, settings.schemas);
    this.variables = new DataInterfaceVariables(db, cache);
    this.runner = new DataInterfaceRunner(db, cache, this.log, settings);
  }

  /* -------------------------------------------------------------- definitions */

  page(query: DataInterfaceQuery): Promise<PageData<DataInterfaceRow>> {
    return this.definitions.page(query);
  }
  info(id: string): Promise<DataInterfaceRow> {
    return this.definitions.info(id);
  }
  /** Categories (DataInterfaceType entries) with their enabled interfaces; empty categories left out. */
  selector(): Promise<DataInterfaceNode[]> {
    return this.definitions.selector();
  }
  parameters(id: string): Promise<DataInterfaceParameter[]> {
    return this.definitions.parameters(id);
  }
  create(input: DataInterfaceInput, session: Session): Promise<string> {
    return this.definitions.create(input, session);
  }
  update(id: string, input: DataInterfaceInput, session: Session): Promise<void> {
    return this.definitions.update(id, input, session);
  }
  toggleState(id: string, session: Session): Promise<number> {
    return this.definitions.toggleState(id, session);
  }
  delete(id: string): Promise<void> {
    return this.definitions.delete(id);
  }
  /** A copy, disabled, named and coded with a random suffix, with the original's variables. */
  copy(id: string, session: Session): Promise<string> {
    return this.definitions.copy(id, session);
  }
  logs(interfaceId: string, query: PageQuery): Promise<PageData<DataInterfaceLogRow>> {
    return this.definitions.logs(interfaceId, query);
  }

  /* -------------------------------------------------------------- variables */

  variates(interfaceId: string, keyword: string, session: Session): Promise<DataInterfaceVariateRow[]> {
    return this.variables.variates(interfaceId, keyword, session);
  }
  variateInfo(id: string, session: Session): Promise<DataInterfaceVariateRow> {
    return this.variables.variateInfo(id, session);
  }
  /** Interfaces with their variables, for the variable picker (variable nodes have type 1). */
  variateSelector(): Promise<DataInterfaceNode[]> {
    return this.variables.variateSelector();
  }
  createVariate(input: DataInterfaceVariateInput, session: Session): Promise<string> {
    return this.variables.createVariate(input, session);
  }
  updateVariate(id: string, input: DataInterfaceVariateInput, session: Session): Promise<void> {
    return this.variables.updateVariate(id, input, session);
  }
  deleteVariate(id: string): Promise<void> {
    return this.variables.deleteVariate(id);
  }
  copyVariate(id: string, session: Session): Promise<string> {
    return this.variables.copyVariate(id, session);
  }
  /** Adds `input` under a name free in its interface: `<name>_copy`, else `<name>_<4 digits>`. */
  addVariateAsCopy(input: DataInterfaceVariateInput, session: Session): Promise<string> {
    return this.variables.addVariateAsCopy(input, session);
  }

  /* -------------------------------------------------------------- calls */

  /** Refuses (400) a caller who may not run interface `id` through the widget calls. */
  requireCallable(session: Session, id: string): Promise<void> {
    return this.runner.requireCallable(session, id);
  }
  /** `result`'s JSON when a logged call made it (the same object, unchanged since). */
  serialisedOf(result: object): string | undefined {
    return this.runner.serialisedOf(result);
  }
  /** Preview: the rows (up to the cap) for the parameters given. */
  preview(id: string, paramList: DataInterfaceParamValue[] | undefined, caller: Caller) {
    return this.runner.preview(id, paramList, caller);
  }
  /** Options of a form field: the rows (up to the cap), for a caller who may call the interface. */
  options(id: string, paramList: DataInterfaceParamValue[] | undefined, caller: Caller) {
    return this.runner.options(id, paramList, caller);
  }
  /**
   * A report's dataset streamed to `each` in group order: up to the report cap, for a caller who
   * may call the interface, within its data scope (see `DataInterfaceRunner.reportRows`).
   */
  reportRows(
    id: string,
    paramList: DataInterfaceParamValue[],
    caller: Caller,
    groupFields: readonly string[],
    each: (row: DataInterfaceDataRow, position: number) => void,
  ) {
    return this.runner.reportRows(id, paramList, caller, groupFields, each);
  }
  /** The distinct values of a report dataset's fields (a cross-tab's columns; see `DataInterfaceRunner.reportDistinct`). */
  reportDistinct(
    id: string,
    paramList: DataInterfaceParamValue[],
    caller: Caller,
    fields: readonly string[],
    limit: number,
  ) {
    return this.runner.reportDistinct(id, paramList, caller, fields, limit);
  }
  /** The rows (up to the cap) inside the caller's transaction, a system call (see `DataInterfaceRunner.rowsWithin`). */
  rowsWithin(trx: Trx, id: string, paramList: DataInterfaceParamValue[] | undefined, caller: Caller) {
    return this.runner.rowsWithin(trx, id, paramList, caller);
  }
  /** Actions/List: one page, filtered by the keyword over `columnOptions` (the columns the widget shows). */
  list(id: string, input: DataInterfaceListInput, caller: Caller): Promise<PageData<DataInterfaceDataRow>> {
    return this.runner.list(id, input, caller);
  }
  /** Actions/InfoByIds: the rows whose `propsValue` column is one of `ids` (a select shows its chosen values). */
  infoByIds(id: string, input: DataInterfaceInfoByIdsInput, caller: Caller) {
    return this.runner.infoByIds(id, input, caller);
  }
  /** A print template's own SQL through the guard of SQL interfaces (see `SqlInterfaceRunner.templateRows`). */
  templateRows(
    source: string,
    formId: string | null,
    reader: Session,
  ): Promise<{ columns: string[]; rows: DataInterfaceDataRow[] }> {
    return this.runner.sql.templateRows(source, formId, reader);
  }
}
