import type { PageData, RecordExportBody, RecordInfo, RecordListBody, RecordPageConfig } from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { type Translate, translator } from '../../core/i18n.ts';
import type { PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { BillRuleService } from '../billRule/bill-rule.service.ts';
import type { DataInterfaceService } from '../dataInterface/data-interface.service.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import type { MenuService } from '../menu/menu.service.ts';
import { RecordAccess, type Who } from './record-access.ts';
import type { Reach } from './record-checks.ts';
import { RecordLabels } from './record-labels.ts';
import { RecordQuery } from './record-query.ts';
import { RecordWrite } from './record-write.ts';
import type { StoredColumn } from './storage-plan.ts';
import type { FormDefinitionService } from './visualdev.service.ts';

export type { Who } from './record-access.ts';

/** What the flow engine asks of a form's records: the record a launch saves, the task's status mirrored onto it. */
export type FlowFormRecords = Pick<RecordService, 'saveLaunched' | 'saveApproved' | 'setFlowState'>;

/**
 * A generated form's records (`/api/visualdev/OnlineDev/{modelId}`): lists with search, sort and
 * paging, one record, writes checked against the released definition, exports. Every call applies
 * the caller's rights on the menus that open the definition: buttons for actions, columns for
 * lists and exports, form fields for detail and saves, data scopes for every read and write.
 * The work is split by seam:
 * - `RecordAccess` (record-access.ts): the reach of a caller, a short link or a flow; the page's config;
 * - `RecordQuery` (record-query.ts, criteria in record-search.ts): lists, trees, one record, exports;
 * - `RecordLabels` (record-labels.ts): stored values as a person reads them;
 * - `RecordWrite` (record-write.ts): create, update, delete, the record a flow launch saves.
 */
export class RecordService {
  private readonly access: RecordAccess;
  private readonly query: RecordQuery;
  private readonly labels: RecordLabels;
  private readonly writes: RecordWrite;

  constructor(
    readonly db: Db,
    private readonly definitions: FormDefinitionService,
    permissions: PermissionService,
    menus: MenuService,
    billRules: BillRuleService,
    downloads: Downloads,
    dictionaries: DictionaryCache,
    dataInterfaces: DataInterfaceService,
  ) {
    this.access = new RecordAccess(db, definitions, permissions, menus);
    this.labels = new RecordLabels(db, dictionaries, dataInterfaces);
    this.query = new RecordQuery(db, this.access, this.labels, downloads);
    this.writes = new RecordWrite(db, definitions, permissions, billRules, this.access, this.query);
  }

  /* -------------------------------------------------------------- access */

  /** The caller's reach on a definition (see `RecordAccess.reach`). */
  reach(session: Session, modelId: string, menuId?: string, button?: string): Promise<Reach> {
    return this.access.reach(session, modelId, menuId, button);
  }

  /** The reach of a short link's public pages (see `RecordAccess.publicReach`). */
  publicReach(modelId: string, columns: string[] | null): Promise<Reach> {
    return this.access.publicReach(modelId, columns);
  }

  config(session: Session, modelId: string, menuId?: string): Promise<RecordPageConfig> {
    return this.access.config(session, modelId, menuId);
  }

  /* -------------------------------------------------------------- reads */

  /** The list page: plain, grouped (type 3) or a tree table (type 5); see `RecordQuery.listOf`. */
  async list(
    session: Session,
    modelId: string,
    body: RecordListBody,
    t: Translate,
  ): Promise<PageData<Record<string, unknown>>> {
    return this.query.listOf(await this.access.reach(session, modelId, body.menuId), body, t, false, session);
  }

  /**
   * `List/{parentId}`: a tree table's children of one record, with their descendants nested, as
   * the 3.6 client loads a branch; other lists have no children.
   */
  async childList(session: Session, modelId: string, parentId: string, body: RecordListBody, t: Translate) {
    const reach = await this.access.reach(session, modelId, body.menuId);
    return this.query.listOf(reach, body, t, false, session, parentId);
  }

  /** A list page within a reach already known (a short link's); see `RecordQuery.listOf`. */
  listOf(...args: Parameters<RecordQuery['listOf']>) {
    return this.query.listOf(...args);
  }

  info(session: Session, modelId: string, recordId: string, menuId?: string): Promise<RecordInfo> {
    return this.query.info(session, modelId, recordId, menuId);
  }

  /** DataChange: the detail viewer's values as a person reads them (names, labels, formatted dates). */
  dataChange(
    session: Session,
    modelId: string,
    recordId: string,
    menuId?: string,
    t: Translate = translator('zh-CN'),
  ): Promise<RecordInfo> {
    return this.query.dataChange(session, modelId, recordId, menuId, t);
  }

  /**
   * Records as the detail viewer shows them (names, labels and formatted dates, sub-tables as
   * rows), in the order of `recordIds`, for printing. A record outside the caller's reach is not found.
   */
  async displayRecords(
    session: Session,
    modelId: string,
    recordIds: string[],
    t: Translate = translator('zh-CN'),
  ): Promise<Record<string, unknown>[]> {
    return this.query.displayValues(await this.access.reach(session, modelId), recordIds, session, t);
  }

  /**
   * Values a flow task holds for a record of the form (its formData), shown as `displayRecords`
   * shows records: for a reader of the task, whom the flow's own rules admit, every field.
   */
  async displayTaskValues(
    session: Session,
    modelId: string,
    given: Record<string, unknown>[],
    t: Translate = translator('zh-CN'),
  ): Promise<Record<string, unknown>[]> {
    const reach = await this.access.fullReach(modelId);
    return this.labels.shownRecords(
      reach,
      given.map((values) => structuredClone(values)),
      session,
      t,
    );
  }

  /** An Excel file of the records (the page, every match or the selected ones), visible columns only. */
  export(session: Session, modelId: string, body: RecordExportBody, t: Translate) {
    return this.query.export(session, modelId, body, t);
  }

  /** FieldDataSelect: a page of records for the related-form picker, searched on one visible field. */
  fieldDataSelect(
    session: Session,
    modelId: string,
    query: { currentPage?: number; pageSize?: number; keyword?: string; relationField?: string },
  ) {
    return this.query.fieldDataSelect(session, modelId, query);
  }

  /** The records whose upload fields reference the file `name`, by form (see `RecordQuery.recordsHoldingFile`). */
  recordsHoldingFile(name: string): Promise<{ modelId: string; recordId: string }[]> {
    return this.query.recordsHoldingFile(name);
  }

  /** Whether the caller reads the file in one of the records that reference it. */
  readsFile(session: Session, name: string): Promise<boolean> {
    return this.query.readsFile(session, name);
  }

  /* -------------------------------------------------------------- writes */

  /** The values the server sets itself (see `RecordWrite.autoValues`). */
  autoValues(...args: Parameters<RecordWrite['autoValues']>) {
    return this.writes.autoValues(...args);
  }

  organizeOf(who: Who | null, within?: Trx): Promise<string | null> {
    return this.writes.organizeOf(who, within);
  }

  checkUnique(trx: Trx, reach: Reach, values: Map<StoredColumn, unknown>, exceptId: string | null): Promise<void> {
    return this.writes.checkUnique(trx, reach, values, exceptId);
  }

  create(session: Session, modelId: string, dataText: string, menuId?: string): Promise<string> {
    return this.writes.create(session, modelId, dataText, menuId);
  }

  /** A new record checked against the definition; without a session (a public form) nobody owns it. */
  insertRecord(reach: Reach, session: Session | null, dataText: string): Promise<string> {
    return this.writes.insertRecord(reach, session, dataText);
  }

  update(session: Session, modelId: string, recordId: string, dataText: string, menuId?: string): Promise<void> {
    return this.writes.update(session, modelId, recordId, dataText, menuId);
  }

  /** The record of a flow launched on the form, inside the engine's transaction (see `RecordWrite.saveLaunched`). */
  saveLaunched(...args: Parameters<RecordWrite['saveLaunched']>) {
    return this.writes.saveLaunched(...args);
  }

  /** An approver's changes onto the record of the task, inside the engine's transaction (see `RecordWrite.saveApproved`). */
  saveApproved(...args: Parameters<RecordWrite['saveApproved']>) {
    return this.writes.saveApproved(...args);
  }

  /** The workflow's task status onto the record launched under the task id (`flowState`), inside its transaction. */
  setFlowState(trx: Trx, formId: string, recordId: string, state: number) {
    return this.definitions.setFlowState(trx, formId, recordId, state);
  }

  /** Deletes the records among `ids` the caller's data scope reaches; answers how many. */
  delete(session: Session, modelId: string, ids: string[], menuId?: string): Promise<number> {
    return this.writes.delete(session, modelId, ids, menuId);
  }
}
