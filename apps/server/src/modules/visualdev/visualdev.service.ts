import type {
  ColumnDefinition,
  FormDataField,
  FormDefinition,
  PageData,
  VisualDevInfo,
  VisualDevInput,
  VisualDevMenuInput,
  VisualDevQuery,
  VisualDevReleaseInput,
  VisualDevRow,
  VisualDevSelectorRow,
} from '@platform/shared';
import {
  badPermissionKey,
  childrenOf,
  holdsValue,
  kindOf,
  listPermissions,
  PERMISSION_KEY_MAX,
  valueFields,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { VisualDevRowDb } from '../../db/schema.ts';
import type { MenuService } from '../menu/menu.service.ts';
import { FormRecordRepository } from './record.repository.ts';
import { planStorage, type StoragePlan } from './storage-plan.ts';
import { type DefinitionFilter, type DefinitionValues, FormDefinitionRepository } from './visualdev.repository.ts';

/** A released definition as record calls use it: parsed once, with its storage plan. */
export interface ReleasedDefinition {
  id: string;
  fullName: string;
  webType: number;
  enableFlow: number;
  form: FormDefinition;
  list: ColumnDefinition;
  formText: string;
  listText: string;
  appListText: string;
  plan: StoragePlan;
  releaseTime: number;
}

/** Parses a definition's JSON text; `name` says which in the message. */
export function parseJson<T>(text: string | null | undefined, name: string, empty: T): T {
  if (!text) return empty;
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== 'object') throw new Error('not an object');
    return value as T;
  } catch {
    throw new BusinessError('visualdev.badJson', { name });
  }
}

function valuesOf(input: VisualDevInput): DefinitionValues {
  parseJson(input.formData, 'formData', {});
  parseJson(input.columnData, 'columnData', {});
  parseJson(input.appColumnData, 'appColumnData', {});
  parseJson(input.tables, 'tables', []);
  parseJson(input.interfaceParam, 'interfaceParam', []);
  return {
    fullName: input.fullName,
    enCode: input.enCode,
    category: input.category ?? null,
    type: input.type ?? 1,
    webType: input.webType ?? 2,
    enableFlow: input.enableFlow ?? 0,
    dbLinkId: input.dbLinkId ?? null,
    sortCode: input.sortCode ?? 0,
    description: input.description ?? null,
    tables: input.tables ?? null,
    formData: input.formData ?? null,
    columnData: input.columnData ?? null,
    appColumnData: input.appColumnData ?? null,
    interfaceId: input.interfaceId ?? null,
    interfaceName: input.interfaceName ?? null,
    interfaceParam: input.interfaceParam ?? null,
  };
}

type ListRow = Awaited<ReturnType<FormDefinitionRepository['page']>>['list'][number];

/** A list row: the category by its name and `enabledMark` 1 once released (the 3.6 client offers 发布预览 then). */
function toRow(row: ListRow): VisualDevRow {
  return {
    id: row.id,
    fullName: row.fullName,
    enCode: row.enCode,
    category: row.categoryName ?? row.category ?? '',
    type: row.type,
    webType: row.webType,
    enableFlow: row.enableFlow,
    isRelease: row.isRelease,
    enabledMark: row.isRelease > 0 ? 1 : 0,
    sortCode: row.sortCode,
    creatorTime: toMillis(row.creatorTime),
    creatorUser: row.creatorName ? `${row.creatorName}/${row.creatorAccount}` : '',
    lastModifyTime: toMillis(row.lastModifyTime),
    lastModifyUser: row.modifierName ? `${row.modifierName}/${row.modifierAccount}` : '',
    platformRelease: webOnlyRelease,
  };
}

/** The 3.6 release dialog starts from this: Web menus are served, App menus are not. */
const webOnlyRelease = JSON.stringify({ pc: 1, app: 0 });

/** Released definitions read for record calls are reused this long (edits on this instance drop them at once). */
const cacheMs = 3_000;

/**
 * Generated-form definitions (`/api/visualdev/Base`): the draft is what the designer edits;
 * Release makes the record tables match it and publishes it to pages.
 */
export class FormDefinitionService {
  private readonly cache = new Map<string, { at: number; value: Promise<ReleasedDefinition> }>();

  constructor(private readonly db: Db) {}

  async page(query: VisualDevQuery): Promise<PageData<VisualDevRow>> {
    const params = pageParams(query);
    const result = await new FormDefinitionRepository(this.db).page(params, this.filterOf(query));
    return page(result.list.map(toRow), result.total, params);
  }

  private filterOf(query: VisualDevQuery): DefinitionFilter {
    return {
      keyword: query.keyword?.trim() ?? '',
      category: query.category,
      webType: query.webType,
      isRelease: query.isRelease,
      type: query.type,
      // System flow forms share the table but are no generated forms: no designer, no records.
      formType: 2,
    };
  }

  async selector(query: VisualDevQuery): Promise<VisualDevSelectorRow[]> {
    const rows = await new FormDefinitionRepository(this.db).released(this.filterOf(query));
    return rows.map((r) => ({ id: r.id, fullName: r.fullName, enCode: r.enCode, webType: r.webType }));
  }

  async info(id: string): Promise<VisualDevInfo> {
    const row = await new FormDefinitionRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return {
      id: row.id,
      fullName: row.fullName,
      enCode: row.enCode,
      category: row.category ?? '',
      type: row.type,
      webType: row.webType,
      enableFlow: row.enableFlow,
      isRelease: row.isRelease,
      enabledMark: row.isRelease > 0 ? 1 : 0,
      sortCode: row.sortCode,
      creatorTime: toMillis(row.creatorTime),
      creatorUser: '',
      lastModifyTime: toMillis(row.lastModifyTime),
      lastModifyUser: '',
      dbLinkId: row.dbLinkId ?? '',
      description: row.description ?? '',
      tables: row.tables ?? '',
      formData: row.formData ?? '',
      columnData: row.columnData ?? '',
      appColumnData: row.appColumnData ?? '',
      interfaceId: row.interfaceId ?? '',
      interfaceName: row.interfaceName ?? '',
      interfaceParam: row.interfaceParam ?? '',
    };
  }

  create(input: VisualDevInput, session: Session): Promise<string> {
    return this.insert(valuesOf(input), session);
  }

  /** A new definition of `values` (a generated form, or a flow form's system form). */
  insert(values: DefinitionValues, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new FormDefinitionRepository(trx);
      if (await repo.codeTaken(values.enCode, null)) throw new BusinessError('visualdev.codeTaken');
      const id = newId();
      await repo.insert(id, values, session.userId);
      return id;
    });
  }

  update(id: string, input: VisualDevInput, session: Session) {
    return this.saveDraft(id, valuesOf(input), session);
  }

  /** Saves the draft's `values`; the columns not named keep what they hold. */
  async saveDraft(id: string, values: DefinitionValues, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new FormDefinitionRepository(trx);
      if (!(await repo.findForUpdate(id))) throw new NotFoundError();
      if (await repo.codeTaken(values.enCode, id)) throw new BusinessError('visualdev.codeTaken');
      await repo.updateDraft(id, values, session.userId);
    });
  }

  /** Deletes the definition and its records (their tables). */
  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new FormDefinitionRepository(trx);
      const row = await repo.findForUpdate(id);
      if (!row) throw new NotFoundError();
      const plan = row.storage as StoragePlan | null;
      if (plan) await new FormRecordRepository(trx).dropTables([...plan.children.map((c) => c.table), plan.table]);
      await repo.delete(id);
    });
    this.cache.delete(id);
  }

  /** A copy of the draft, unreleased, with a new name and code; records are not copied. */
  async copy(id: string, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new FormDefinitionRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      const suffix = Date.now().toString(36).slice(-5);
      const copyId = newId();
      await repo.insert(
        copyId,
        {
          ...draftValues(row),
          fullName: `${row.fullName}.副本${suffix}`.slice(0, 50),
          enCode: `${row.enCode}${suffix}`.slice(0, 50),
        },
        session.userId,
      );
      return copyId;
    });
  }

  /**
   * Publishes the draft: checks it, makes the record tables match it (new columns, converted
   * types, search indexes, child tables) and keeps it as the version pages use, in one transaction.
   */
  /**
   * Release the draft. The 3.6 release dialog also names where its Web menus go
   * (`pcModuleParentId`: applications or directories); a page is made under each that has none of
   * this form yet, named and coded as the form.
   */
  async release(id: string, session: Session, input: VisualDevReleaseInput = {}, menus?: MenuService) {
    const parents = Number(input.pc) === 1 ? idList(input.pcModuleParentId) : [];
    await this.db.transaction().execute(async (trx) => {
      const released = await this.releaseIn(trx, id, session);
      if (!parents.length || !menus) return;
      const row = await new FormDefinitionRepository(trx).findById(id);
      if (!row) throw new NotFoundError();
      const published = await menus.pagesOfModule(id, trx);
      const holding = new Set(published.flatMap((page) => [page.parentId, page.systemId]));
      for (const parentId of parents.filter((parent) => !holding.has(parent))) {
        await this.makeFormPage(
          trx,
          id,
          released,
          { parentId, fullName: row.fullName, enCode: row.enCode },
          menus,
          session,
          true,
        );
      }
    });
    this.cache.delete(id);
    if (parents.length && menus) await menus.authorizeChanged();
  }

  private async releaseIn(trx: Trx, id: string, session: Session) {
    const repo = new FormDefinitionRepository(trx);
    const row = await repo.findForUpdate(id);
    if (!row) throw new NotFoundError();
    const form = parseJson<FormDefinition>(row.formData, 'formData', { fields: [] });
    const list = parseJson<ColumnDefinition>(row.columnData, 'columnData', {});
    if (!Array.isArray(form.fields) || valueFields(form.fields).length === 0)
      throw new BusinessError('visualdev.noFields');
    const badKey = badPermissionKey(form);
    if (badKey)
      throw new BusinessError(`visualdev.permissionKey.${badKey.problem}`, {
        key: badKey.key.slice(0, 60),
        max: PERMISSION_KEY_MAX,
      });
    const { plan, steps } = planStorage(row.id, (row.storage as StoragePlan | null) ?? null, form, list);
    await new FormRecordRepository(trx).applySteps(steps);
    await repo.release(id, plan, session.userId);
    return { form, list };
  }

  /**
   * 发布 to a menu: releases the draft and creates a form page (menu type 3) opening it, with the
   * button, column and form permission entries of its list and form, all in one transaction.
   * The menu's permission switches follow the list's.
   */
  async releaseToMenu(id: string, input: VisualDevMenuInput, menus: MenuService, session: Session) {
    const menuId = await this.db
      .transaction()
      .execute(async (trx) =>
        this.makeFormPage(trx, id, await this.releaseIn(trx, id, session), input, menus, session, false),
      );
    this.cache.delete(id);
    await menus.authorizeChanged();
    return menuId;
  }

  /** A form page (menu type 3) for released form `id`, with its button, column and form permission entries. */
  private makeFormPage(
    trx: Trx,
    id: string,
    { form, list }: { form: FormDefinition; list: ColumnDefinition },
    page: VisualDevMenuInput,
    menus: MenuService,
    session: Session,
    freeCode: boolean,
  ) {
    const entries = listPermissions(form, list);
    return menus.createFormPage(
      trx,
      { ...page, moduleId: id, freeCode },
      {
        isButtonAuthorize: !!list.useBtnPermission,
        isColumnAuthorize: !!list.useColumnPermission,
        isFormAuthorize: !!list.useFormPermission,
        isDataAuthorize: !!list.useDataPermission,
      },
      [
        ...entries.buttons.map((e) => ({ kind: 'button' as const, ...e })),
        ...entries.columns.map((e) => ({ kind: 'column' as const, ...e })),
        ...entries.forms.map((e) => ({ kind: 'form' as const, ...e })),
      ],
      session,
    );
  }

  /**
   * The released version, for record calls: reused for a few seconds by reads; `fresh` (writes)
   * reads it again, so a write follows a release made on another instance at once.
   */
  released(id: string, fresh = false): Promise<ReleasedDefinition> {
    if (fresh) return this.loadReleased(id, this.db);
    const hit = this.cache.get(id);
    if (hit && Date.now() - hit.at < cacheMs) return hit.value;
    const value = this.loadReleased(id, this.db);
    this.cache.set(id, { at: Date.now(), value });
    value.catch(() => this.cache.delete(id));
    if (this.cache.size > 1000) this.cache.delete(this.cache.keys().next().value as string);
    return value;
  }

  /** The released definition read inside `trx`; null when the form keeps no records (none, not released, a system form). */
  async releasedWithin(trx: Trx, id: string): Promise<ReleasedDefinition | null> {
    const row = await new FormDefinitionRepository(trx).storageOf(id);
    return row?.storage ? this.loadReleased(id, trx) : null;
  }

  private async loadReleased(id: string, db: Db | Trx): Promise<ReleasedDefinition> {
    const released = await this.releasedVersion(id, db);
    if (!released) throw new BusinessError('visualdev.notReleased');
    return released;
  }

  /** The released version read now, null when the form was never released; unknown ids are not found. */
  async releasedVersion(id: string, db: Db | Trx = this.db): Promise<ReleasedDefinition | null> {
    const row = await new FormDefinitionRepository(db).findById(id);
    if (!row) throw new NotFoundError();
    if (!row.releasedFormData || !row.storage) return null;
    return {
      id: row.id,
      fullName: row.fullName,
      webType: row.webType,
      enableFlow: row.enableFlow,
      form: parseJson<FormDefinition>(row.releasedFormData, 'formData', { fields: [] }),
      list: parseJson<ColumnDefinition>(row.releasedColumnData, 'columnData', {}),
      formText: row.releasedFormData,
      listText: row.releasedColumnData ?? '',
      appListText: row.releasedAppColumnData ?? '',
      plan: row.storage as StoragePlan,
      releaseTime: toMillis(row.releaseTime) ?? 0,
    };
  }

  /**
   * The form a flow starts with, as the flow detail reads it (`flowFormInfo`): a generated form's
   * released definition (its draft before a first release), or a system form's address and field list.
   */
  async flowFormOf(id: string) {
    const row = await new FormDefinitionRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return {
      id: row.id,
      enCode: row.enCode,
      fullName: row.fullName,
      formType: row.formType,
      urlAddress: row.urlAddress ?? '',
      propertyJson: row.releasedFormData ?? row.formData ?? '',
    };
  }

  /** The workflow's task status onto the record launched under the task id, inside the workflow's transaction. */
  async setFlowState(trx: Trx, formId: string, recordId: string, state: number) {
    const row = await new FormDefinitionRepository(trx).storageOf(formId);
    if (!row?.storage) return;
    await new FormRecordRepository(trx).setFlowState(row.storage as StoragePlan, recordId, state);
  }

  /** `FormDataFields`: the released form's value fields; filterType 1 leaves sub-table columns out. */
  async formDataFields(id: string, filterType: number | undefined): Promise<FormDataField[]> {
    const definition = await this.released(id);
    const out: FormDataField[] = [];
    for (const field of valueFields(definition.form.fields)) {
      const kind = kindOf(field);
      const label = String(field.__config__?.label ?? field.__vModel__ ?? '');
      if (kind !== 'table') {
        out.push({ vModel: field.__vModel__ ?? '', label, jnpfKey: kind });
        continue;
      }
      if (filterType === 1) continue;
      for (const column of childrenOf(field).filter(holdsValue)) {
        out.push({
          vModel: `${field.__vModel__}-${column.__vModel__}`,
          label: `${label}-${String(column.__config__?.label ?? column.__vModel__ ?? '')}`,
          jnpfKey: kindOf(column),
        });
      }
    }
    return out;
  }
}

/** A definition's draft columns as stored: what a copy writes again and an export file carries. */
export function draftValues(row: VisualDevRowDb): DefinitionValues {
  return {
    fullName: row.fullName,
    enCode: row.enCode,
    category: row.category,
    type: row.type,
    webType: row.webType,
    enableFlow: row.enableFlow,
    dbLinkId: row.dbLinkId,
    sortCode: row.sortCode,
    description: row.description,
    tables: row.tables,
    formData: row.formData,
    columnData: row.columnData,
    appColumnData: row.appColumnData,
    interfaceId: row.interfaceId,
    interfaceName: row.interfaceName,
    interfaceParam: row.interfaceParam,
    formType: row.formType,
    flowType: row.flowType,
    urlAddress: row.urlAddress,
    appUrlAddress: row.appUrlAddress,
    interfaceUrl: row.interfaceUrl,
  };
}

/** Ids as an array or as the comma text some clients send. */
const idList = (value: string[] | string | undefined): string[] =>
  (typeof value === 'string' ? value.split(',') : (value ?? [])).filter(Boolean);
