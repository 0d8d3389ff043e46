import {
  type DataInterfaceParamValue,
  defaultValueOf,
  interfaceLabelsOf,
  kindOf,
  LIST_TYPE,
  type NameKind,
  namedIds,
  type OptionItem,
  type PageData,
  paramListOf,
  type RecordExportBody,
  type RecordInfo,
  type RecordListBody,
  type RecordPageConfig,
  staticOptions,
  TREE_DEPTH,
  treePanelOf,
} from '@platform/shared';
import ExcelJS from 'exceljs';
import type { Expression, SqlBool } from 'kysely';
import type { Downloads } from '../../core/downloads.ts';
import { BusinessError, ForbiddenError, NotFoundError } from '../../core/errors.ts';
import { type Translate, translator } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { likePattern, page } from '../../core/paging.ts';
import {
  type DataScope,
  type FieldRights,
  mayUseButton,
  mergeScopes,
  type PermissionService,
} from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MenuRow } from '../../db/schema.ts';
import type { BillRuleService } from '../billRule/bill-rule.service.ts';
import type { DataInterfaceService } from '../dataInterface/data-interface.service.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import type { MenuService } from '../menu/menu.service.ts';
import {
  allOf,
  anyOf,
  blankCondition,
  type Comparison,
  comparisonCondition,
  namesOf,
  RecordRepository,
  type Search,
  type SortKey,
  type StoredRecord,
  searchCondition,
} from './record.repository.ts';
import {
  cellText,
  displayValue,
  type FieldSlot,
  fieldProblem,
  isAutoFilled,
  isUnique,
  layoutOf,
  type OptionsOf,
  type Presentation,
  type RecordLayout,
  storedValueOf,
  type TableSlot,
  toStored,
  wireValueOf,
} from './record-values.ts';
import type { StoragePlan, StoredColumn } from './storage-plan.ts';
import { DefinitionRepository } from './visualdev.repository.ts';
import { type DefinitionService, parseJson, type ReleasedDefinition } from './visualdev.service.ts';

/** What a caller may do with one definition's records, resolved from the menus that open it. */
export interface Reach {
  definition: ReleasedDefinition;
  layout: RecordLayout;
  scope: DataScope;
  rights: FieldRights;
}

/** The page's records (shown as a person reads them) under one head row per value of the group field, in the order met. */
function groupRows(rows: Record<string, unknown>[], group: FieldSlot): Record<string, unknown>[] {
  const groups = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const value = row[group.column.field];
    const key = JSON.stringify(value ?? null);
    let head = groups.get(key);
    if (!head) {
      head = { id: `group:${key}`, top: true, [group.column.field]: value ?? '', children: [] };
      groups.set(key, head);
    }
    (head.children as Record<string, unknown>[]).push(row);
  }
  return [...groups.values()];
}

/** A sub-table's rows as a save writes them; `storedId` is the stored row a row names, if any. */
interface CheckedTable {
  slot: TableSlot;
  rows: { id: string; storedId: string | null; values: Map<StoredColumn, unknown> }[];
}

/** The dictionary a choice field takes its options from, '' for none. */
const dictionaryOf = (slot: FieldSlot) =>
  slot.field.__config__?.dataType === 'dictionary' ? String(slot.field.__config__.dictionaryType ?? '') : '';

/** A stored value whose label a data interface holds, with the parameters its field sends for that record. */
interface LabelAsk {
  slot: FieldSlot;
  value: unknown;
  paramList: DataInterfaceParamValue[];
}

/**
 * What `rows` ask of the data interfaces behind `slots`: each value with its field's parameters
 * read from its record (`record`: the record a sub-table row belongs to, whose fields it reads).
 */
function asksOf(
  slots: readonly FieldSlot[],
  rows: readonly Record<string, unknown>[],
  record?: Record<string, unknown>,
): LabelAsk[] {
  const bound = slots.filter((slot) => interfaceLabelsOf(slot.field));
  if (!bound.length) return [];
  return rows.flatMap((row) =>
    bound.map((slot) => ({
      slot,
      value: row[slot.column.field],
      paramList: paramListOf(slot.field, (name) => (record ?? row)[name], record ? row : undefined),
    })),
  );
}

/** Popup selects answer their label under their name and the stored id under `<name>_id` (admin.md 3.12). */
const isPopup = (slot: FieldSlot) => {
  const kind = kindOf(slot.field);
  return (kind === 'popupSelect' || kind === 'popupTableSelect') && interfaceLabelsOf(slot.field) !== null;
};

/** InfoByIds is asked for at most this many values at once (its route's limit). */
const idsPerCall = 1000;

/** The kinds whose values name uploaded files (`[{name, fileId, url}]`). */
const uploadKinds: ReadonlySet<string> = new Set(['uploadFz', 'uploadImg']);

/** Exports write at most this many records. */
const exportCap = 100_000;
/** "Not paged" lists (pageSize 1000000) answer at most this many records. */
const unpagedCap = 10_000;

const asNumber = (value: number | string | undefined, fallback: number) =>
  value === undefined || value === '' ? fallback : Number(value);

function mergeSets(sets: (Set<string> | null)[]): Set<string> | null {
  if (sets.some((s) => s === null)) return null;
  return new Set(sets.flatMap((s) => [...(s ?? [])]));
}

export const allowed = (rights: Set<string> | null, field: string) => rights === null || rights.has(field);

/**
 * A generated form's records (`/api/visualdev/OnlineDev/{modelId}`): lists with search, sort and
 * paging, one record, writes checked against the released definition, exports. Every call applies
 * the caller's rights on the menus that open the definition: buttons for actions, columns for
 * lists and exports, form fields for detail and saves, data scopes for every read and write.
 */
export class RecordService {
  constructor(
    readonly db: Db,
    private readonly definitions: DefinitionService,
    private readonly permissions: PermissionService,
    private readonly menus: MenuService,
    private readonly billRules: BillRuleService,
    private readonly downloads: Downloads,
    private readonly dictionaries: DictionaryCache,
    private readonly dataInterfaces: DataInterfaceService,
  ) {}

  /**
   * How the choice fields among `slots` show their values: by their static options, by the
   * entries of their dictionary (`__config__.dataType` 'dictionary'), read once per call, or by
   * the rows of the data interface that feeds them (`interfaceLabelsOf`: choice fields of
   * dataType 'dynamic', popup selects) for the values `asked` holds: one InfoByIds call per
   * interface field and set of parameters, whatever the number of rows. Without a session (a
   * short link's visitor) or when the interface fails, such values stay as they are stored.
   */
  private async optionsOf(
    slots: readonly FieldSlot[],
    asked: readonly LabelAsk[] = [],
    session: Session | null = null,
  ): Promise<OptionsOf> {
    const byDictionary = new Map<string, OptionItem[]>();
    for (const slot of slots) {
      const dictionary = dictionaryOf(slot);
      if (!dictionary || byDictionary.has(dictionary)) continue;
      const names = await this.dictionaries.entryNames(dictionary);
      byDictionary.set(
        dictionary,
        [...(names ?? [])].map(([value, label]) => ({ value, label })),
      );
    }
    const byInterface = session ? await this.interfaceOptions(asked, session) : new Map<FieldSlot, OptionItem[]>();
    return (slot) => {
      const dictionary = dictionaryOf(slot);
      if (dictionary) return byDictionary.get(dictionary) ?? [];
      if (interfaceLabelsOf(slot.field)) return byInterface.get(slot) ?? [];
      return staticOptions(slot.field);
    };
  }

  /** The labels of the asked values, per field: InfoByIds once per field and parameter set. */
  private async interfaceOptions(asked: readonly LabelAsk[], session: Session): Promise<Map<FieldSlot, OptionItem[]>> {
    const calls = new Map<string, { slot: FieldSlot; paramList: DataInterfaceParamValue[]; ids: Set<string> }>();
    const slotIds = new Map<FieldSlot, number>();
    for (const ask of asked) {
      if (!interfaceLabelsOf(ask.slot.field)) continue;
      const values = (Array.isArray(ask.value) ? ask.value.flat() : [ask.value]).filter(
        (v): v is string | number => (typeof v === 'string' && v !== '') || typeof v === 'number',
      );
      if (!values.length) continue;
      if (!slotIds.has(ask.slot)) slotIds.set(ask.slot, slotIds.size);
      const key = `${slotIds.get(ask.slot)}:${JSON.stringify(ask.paramList)}`;
      let call = calls.get(key);
      if (!call) {
        call = { slot: ask.slot, paramList: ask.paramList, ids: new Set() };
        calls.set(key, call);
      }
      for (const v of values) call.ids.add(String(v));
    }
    const out = new Map<FieldSlot, OptionItem[]>();
    const caller = { session, ip: '', origin: 'visualdev' };
    for (const { slot, paramList, ids } of calls.values()) {
      const source = interfaceLabelsOf(slot.field);
      if (!source) continue;
      const rows: Record<string, unknown>[] = [];
      const all = [...ids];
      try {
        for (let i = 0; i < all.length; i += idsPerCall)
          rows.push(
            ...(await this.dataInterfaces.infoByIds(
              source.interfaceId,
              {
                ids: all.slice(i, i + idsPerCall),
                interfaceId: source.interfaceId,
                propsValue: source.valueKey,
                paramList,
              },
              caller,
            )),
          );
      } catch {
        // A disabled, removed or failing interface: the values are shown as stored.
        continue;
      }
      const options = out.get(slot) ?? [];
      for (const row of rows) {
        const value = row[source.valueKey];
        const label = row[source.labelKey];
        if (value !== undefined && value !== null && label !== undefined && label !== null)
          options.push({ value: String(value), label: String(label) });
      }
      out.set(slot, options);
    }
    return out;
  }

  /**
   * The caller's reach on a definition: through the enabled menus that open it and that the caller
   * holds (only `menuId` when given), with `button` on one of them when an action needs it.
   */
  async reach(session: Session, modelId: string, menuId?: string, button?: string): Promise<Reach> {
    // Writes (the calls that name a button but export) read the definition afresh.
    const definition = await this.definitions.released(modelId, button !== undefined && button !== 'btn_export');
    const layout = layoutOf(definition.form, definition.plan);
    if (session.isAdministrator)
      return { definition, layout, scope: { all: true }, rights: { columns: null, forms: null } };
    const access = await this.permissions.access(session);
    let pages: MenuRow[] = (await this.menus.pagesOfModule(modelId)).filter((m) => access.menus.has(m.enCode));
    if (menuId) pages = pages.filter((m) => m.id === menuId);
    if (button) pages = pages.filter((m) => mayUseButton(access, m.enCode, button));
    if (!pages.length) throw new ForbiddenError();
    const [scopes, rights] = await Promise.all([
      Promise.all(pages.map((m) => this.permissions.dataScope(session, m.enCode))),
      Promise.all(pages.map((m) => this.permissions.fieldRights(session, m.enCode))),
    ]);
    return {
      definition,
      layout,
      scope: mergeScopes(scopes),
      rights: { columns: mergeSets(rights.map((r) => r.columns)), forms: mergeSets(rights.map((r) => r.forms)) },
    };
  }

  async config(session: Session, modelId: string, menuId?: string): Promise<RecordPageConfig> {
    const { definition } = await this.reach(session, modelId, menuId);
    return {
      id: definition.id,
      fullName: definition.fullName,
      webType: String(definition.webType),
      enableFlow: definition.enableFlow,
      // The 3.6 client resolves this template id through FlowJsonList and launches its flow.
      flowId: definition.enableFlow === 1 ? await this.flowTemplateOf(definition.id) : '',
      formData: definition.formText,
      columnData: definition.listText,
      appColumnData: definition.appListText,
    };
  }

  /** The released flow template whose flows start with this form, '' when none. */
  private async flowTemplateOf(formId: string): Promise<string> {
    const row = await new DefinitionRepository(this.db).flowTemplateOf(formId);
    return row?.enabledMark === 1 ? row.id : '';
  }

  /** The list fields the caller may see. */
  private visibleFields(reach: Reach): FieldSlot[] {
    return reach.layout.fields.filter((slot) => allowed(reach.rights.columns, slot.key));
  }

  /** The search form's values (queryJson) as searches, on visible fields only. */
  private searches(reach: Reach, visible: FieldSlot[], queryJson: string | undefined, t: Translate): Search[] {
    const query = parseJson<Record<string, unknown>>(queryJson, 'queryJson', {});
    const treeRelation = treePanelOf(reach.definition.list)?.relation;
    const out: Search[] = [];
    for (const [name, raw] of Object.entries(query)) {
      if (raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) continue;
      const slot = visible.find((s) => s.column.field === name);
      if (!slot) continue;
      const declared = reach.definition.list.searchList?.find((s) => s.prop === name);
      // The tree beside a type 2 list sends the chosen node's value and those below it: equal to one of them.
      const searchType =
        name === treeRelation ? 1 : Number(declared?.searchType ?? (slot.column.type === 'text' ? 2 : 1));
      const typed = (value: unknown) => {
        try {
          return toStored(value, slot.column.type === 'jsonb' ? 'text' : slot.column.type, slot.label);
        } catch {
          throw new BusinessError('visualdev.badSearch', {
            field: slot.label || t('visualdev.badSearch', { field: name }),
          });
        }
      };
      if (searchType === 3 && Array.isArray(raw)) {
        out.push({ column: slot.column, match: 'range', from: typed(raw[0]), to: typed(raw[1]) });
      } else if (searchType === 2 && typeof raw === 'string') {
        out.push({ column: slot.column, match: 'fuzzy', text: raw.trim() });
      } else {
        const values = (Array.isArray(raw) ? raw : [raw]).map(typed).filter((v) => v !== null);
        if (values.length) out.push({ column: slot.column, match: 'equals', values });
      }
    }
    return out;
  }

  /** The advanced query (superQueryJson) as one condition, on visible fields only. */
  private superQuery(visible: FieldSlot[], superQueryJson: string | undefined): Expression<SqlBool> | null {
    const query = parseJson<{
      matchLogic?: string;
      conditionList?: { logic?: string; groups?: { field?: string; symbol?: string; fieldValue?: unknown }[] }[];
    }>(superQueryJson, 'superQueryJson', {});
    const blocks: Expression<SqlBool>[] = [];
    for (const condition of query.conditionList ?? []) {
      const parts: Expression<SqlBool>[] = [];
      for (const group of condition.groups ?? []) {
        const slot = visible.find((s) => s.column.field === group.field);
        if (!slot || !group.symbol) continue;
        const raw = group.fieldValue;
        const values = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]).map(
          (v) => (slot.column.type === 'jsonb' ? v : toStored(v, slot.column.type, slot.label)),
        );
        const comparison: Comparison = { column: slot.column, symbol: group.symbol, values };
        parts.push(comparisonCondition(comparison));
      }
      if (parts.length) blocks.push(String(condition.logic).toLowerCase() === 'or' ? anyOf(parts) : allOf(parts));
    }
    if (!blocks.length) return null;
    return String(query.matchLogic).toLowerCase() === 'or' ? anyOf(blocks) : allOf(blocks);
  }

  /** `sidx` ("-a,b"), else the list's default order, on visible fields only. */
  private sortKeys(reach: Reach, visible: FieldSlot[], body: RecordListBody): SortKey[] {
    const text = body.sidx || reach.definition.list.defaultSidx || '';
    const defaultDesc = (body.sort || reach.definition.list.sort) === 'desc';
    const keys: SortKey[] = [];
    for (const part of text.split(',')) {
      const trimmed = part.trim();
      if (!trimmed) continue;
      const desc = trimmed.startsWith('-') || (!body.sidx && defaultDesc);
      const name = trimmed.replace(/^[-+]/, '');
      const slot = visible.find((s) => s.column.field === name);
      if (slot) keys.push({ column: slot.column.column, desc });
    }
    return keys;
  }

  private listFilter(reach: Reach, visible: FieldSlot[], body: RecordListBody, t: Translate) {
    const where = this.searches(reach, visible, body.queryJson, t).map(searchCondition);
    const advanced = this.superQuery(visible, body.superQueryJson);
    if (advanced) where.push(advanced);
    return { where, scope: reach.scope };
  }

  /** A stored row as the list answers it: id, flowState and the visible fields. */
  private listRow(row: StoredRecord, visible: FieldSlot[]) {
    const out: Record<string, unknown> = { id: row.id, flowState: row.flowState ?? 0 };
    for (const slot of visible) out[slot.column.field] = wireValueOf(slot, row[slot.column.column]);
    return out;
  }

  /**
   * The list page. A grouped list (type 3) answers the page's records under one row per value of
   * the group field (`top: true`, the value's label, the records as `children`), records of a
   * group kept together by sorting on that field first. A tree table (type 5) pages its top
   * records (parent field empty) and nests every descendant the caller may reach as `children`;
   * while searching it lists the matches themselves. A group or parent field the caller may not
   * see leaves the list plain.
   */
  async list(
    session: Session,
    modelId: string,
    body: RecordListBody,
    t: Translate,
  ): Promise<PageData<Record<string, unknown>>> {
    return this.listOf(await this.reach(session, modelId, body.menuId), body, t, false, session);
  }

  /**
   * `List/{parentId}`: a tree table's children of one record, with their descendants nested, as
   * the 3.6 client loads a branch; other lists have no children.
   */
  async childList(session: Session, modelId: string, parentId: string, body: RecordListBody, t: Translate) {
    return this.listOf(await this.reach(session, modelId, body.menuId), body, t, false, session, parentId);
  }

  /**
   * The reach of a short link's public pages: no caller, every record, the public list's fields
   * only (`columns`), every form field.
   */
  async publicReach(modelId: string, columns: string[] | null): Promise<Reach> {
    const definition = await this.definitions.released(modelId, true);
    const { fields, tables } = layoutOf(definition.form, definition.plan);
    // The link names its columns by field, not by permission key (which fields may share).
    const layout = { fields: fields.map((s) => ({ ...s, key: s.column.field })), tables };
    return {
      definition,
      layout,
      scope: { all: true },
      rights: { columns: columns ? new Set(columns) : null, forms: null },
    };
  }

  /**
   * `labelled`: choice fields answered by their labels, for readers that cannot look options up
   * (a short link's visitor has no session for the dictionaries) and never edit what they read.
   * With a `session`, popup selects answer their interface's label and keep the id under
   * `<name>_id` (admin.md 3.12), one InfoByIds call per field for the page; a list edited in place
   * (type 4) keeps the stored value under the name, as its rows are saved back, and answers the
   * label under `<name>_name`.
   */
  async listOf(
    reach: Reach,
    body: RecordListBody,
    t: Translate,
    labelled = false,
    session: Session | null = null,
    parentId: string | null = null,
  ): Promise<PageData<Record<string, unknown>>> {
    const visible = this.visibleFields(reach);
    const currentPage = asNumber(body.currentPage, 1);
    const requested = asNumber(body.pageSize, reach.definition.list.pageSize ?? 20);
    const pageSize = Math.min(requested, unpagedCap);
    const listType = Number(reach.definition.list.type ?? LIST_TYPE.plain);
    const filter = this.listFilter(reach, visible, body, t);
    let sort = this.sortKeys(reach, visible, body);
    const group = listType === LIST_TYPE.grouped ? this.fieldOf(visible, reach.definition.list.groupField) : null;
    if (group) sort = [{ column: group.column.column, desc: false }, ...sort];
    const parent = listType === LIST_TYPE.treeTable ? this.fieldOf(visible, reach.definition.list.parentField) : null;
    const searching = filter.where.length > 0;
    if (parentId !== null) {
      if (!parent) return page([], 0, { currentPage, pageSize: requested });
      filter.where.push(searchCondition({ column: parent.column, match: 'equals', values: [parentId] }));
    } else if (parent && !searching) filter.where.push(blankCondition(parent.column));
    const repo = new RecordRepository(this.db);
    const result = await repo.page(
      reach.definition.plan,
      visible.map((s) => s.column),
      filter,
      sort,
      { pageSize, offset: (currentPage - 1) * pageSize },
    );
    const rows = result.list.map((row) => this.listRow(row, visible));
    if (parent && (!searching || parentId !== null)) await this.nestDescendants(reach, visible, parent, rows);
    // After nesting (which matches raw values), before grouping (whose head shows the text).
    await this.present(rows, visible, session, t, listType === LIST_TYPE.inline && !labelled);
    if (group) return page(groupRows(rows, group), result.total, { currentPage, pageSize: requested });
    return page(rows, result.total, { currentPage, pageSize: requested });
  }

  /**
   * How `rows` (and the sub-table rows of `tables`) show the values of `slots`: the options of
   * their choice fields, the names of every id their pickers hold, one query per kind of id and one
   * InfoByIds call per interface field for the whole page (no query per row).
   */
  private async presentation(
    parts: readonly { slots: readonly FieldSlot[]; rows: readonly Record<string, unknown>[] }[],
    session: Session | null,
    t?: Translate,
    asked: readonly LabelAsk[] = parts.flatMap(({ slots, rows }) => asksOf(slots, rows)),
  ): Promise<Presentation> {
    const wanted = new Map<NameKind, Set<string>>();
    for (const { slots, rows } of parts)
      for (const row of rows)
        for (const slot of slots)
          for (const { kind, id } of namedIds(slot.field, row[slot.column.field])) {
            if (!wanted.has(kind)) wanted.set(kind, new Set());
            wanted.get(kind)?.add(id);
          }
    const names = new Map<NameKind, Map<string, string>>();
    for (const [kind, ids] of wanted) names.set(kind, await namesOf(this.db, kind, [...ids]));
    return {
      optionsOf: await this.optionsOf(
        parts.flatMap((part) => part.slots),
        asked,
        session,
      ),
      nameOf: (kind, id) => names.get(kind)?.get(id),
      ...(t ? { switchTexts: [t('visualdev.switchOn'), t('visualdev.switchOff')] as const } : {}),
    };
  }

  /**
   * The list rows (nested children too) as a person reads them (the 3.6 client prints them as
   * given): the text under the field's name, the stored id kept under `<name>_id` for popup
   * selects (admin.md 3.12). A list edited in place (`beside`) keeps the stored values, as its rows
   * are saved back, and answers the text under `<name>_name`.
   */
  private async present(
    rows: Record<string, unknown>[],
    slots: FieldSlot[],
    session: Session | null,
    t: Translate,
    beside: boolean,
  ) {
    const all: Record<string, unknown>[] = [];
    const walk = (list: Record<string, unknown>[]) => {
      for (const row of list) {
        all.push(row);
        if (Array.isArray(row.children)) walk(row.children as Record<string, unknown>[]);
      }
    };
    walk(rows);
    const shown = await this.presentation([{ slots, rows: all }], session, t);
    for (const row of all)
      for (const slot of slots) {
        const name = slot.column.field;
        const text = displayValue(slot, row[name], shown);
        if (beside) {
          row[`${name}_name`] = text;
        } else {
          if (isPopup(slot)) row[`${name}_id`] = row[name];
          row[name] = text;
        }
      }
  }

  private fieldOf(visible: FieldSlot[], name: unknown): FieldSlot | null {
    return typeof name === 'string' && name ? (visible.find((s) => s.column.field === name) ?? null) : null;
  }

  /** Hangs each record's children (records whose parent field holds its id) under it, level by level. */
  private async nestDescendants(
    reach: Reach,
    visible: FieldSlot[],
    parent: FieldSlot,
    roots: Record<string, unknown>[],
  ) {
    const repo = new RecordRepository(this.db);
    const seen = new Set(roots.map((r) => String(r.id)));
    let level = roots;
    for (let depth = 1; depth < TREE_DEPTH && level.length; depth++) {
      const byId = new Map(level.map((r) => [String(r.id), r]));
      const found = await repo.all(
        reach.definition.plan,
        visible.map((s) => s.column),
        {
          where: [searchCondition({ column: parent.column, match: 'equals', values: [...byId.keys()] })],
          scope: reach.scope,
        },
        this.sortKeys(reach, visible, {}),
        unpagedCap,
      );
      // A record met twice (a cycle in the parent links) stays where it was first met.
      const children = found
        .map((row) => this.listRow(row, visible))
        .filter((row) => !seen.has(String(row.id)) && seen.add(String(row.id)));
      for (const child of children) {
        const owner = byId.get(String(child[parent.column.field]));
        if (!owner) continue;
        owner.children = [...((owner.children as unknown[] | undefined) ?? []), child];
      }
      level = children;
    }
  }

  /**
   * The auto-filled fields that keep an id (creator, modifier, organisation, department, position)
   * answered with the name a person reads; saves ignore them, so a form may show them as they come.
   * An id whose owner is gone stays as it is.
   */
  private async nameAutoFilled(row: Record<string, unknown>, slots: FieldSlot[]) {
    const auto = slots.filter((slot) => isAutoFilled(slot) && namedIds(slot.field, row[slot.column.field]).length);
    if (!auto.length) return;
    const shown = await this.presentation([{ slots: auto, rows: [row] }], null);
    for (const slot of auto) row[slot.column.field] = displayValue(slot, row[slot.column.field], shown);
  }

  /** One record's values the caller may see on the form, sub-tables included. */
  /** `named`: the auto-filled ids answered as names (what the form shows them as). */
  private async values(
    reach: Reach,
    recordId: string,
    db: Db | Trx = this.db,
    named = true,
  ): Promise<Record<string, unknown>> {
    const fields = reach.layout.fields.filter((s) => allowed(reach.rights.forms, s.key));
    const repo = new RecordRepository(db);
    const row = await repo.find(
      reach.definition.plan,
      fields.map((s) => s.column),
      recordId,
      reach.scope,
    );
    if (!row) throw new NotFoundError();
    const out: Record<string, unknown> = { id: row.id };
    for (const slot of fields) out[slot.column.field] = wireValueOf(slot, row[slot.column.column]);
    if (named) await this.nameAutoFilled(out, fields);
    for (const table of reach.layout.tables) {
      const name = table.table.field;
      if (!allowed(reach.rights.forms, table.key)) continue;
      const columns = table.columns.filter((slot) => allowed(reach.rights.forms, slot.key));
      const rows = await repo.children(
        table.table,
        columns.map((c) => c.column),
        [recordId],
      );
      // The row's id comes back on save, so the columns the caller may not edit keep their values.
      out[name] = rows.map((child) => {
        const values: Record<string, unknown> = { id: child.id };
        for (const slot of columns) values[slot.column.field] = wireValueOf(slot, child[slot.column.column]);
        return values;
      });
    }
    return out;
  }

  /**
   * The records whose upload fields (head or sub-table) reference the file `name`, by form: where
   * the file module asks whether a caller may read a file (a record launched into a flow is its
   * task, so workflow reads these too).
   */
  async recordsHoldingFile(name: string): Promise<{ modelId: string; recordId: string }[]> {
    const repo = new RecordRepository(this.db);
    const pattern = likePattern(name);
    const out: { modelId: string; recordId: string }[] = [];
    for (const { id: modelId, storage } of await new DefinitionRepository(this.db).storagePlans()) {
      const plan = storage as StoragePlan;
      const uploads = (columns: StoredColumn[]) => columns.filter((c) => uploadKinds.has(c.kind));
      const ids = [
        ...(await repo.idsHolding(plan, uploads(plan.columns), pattern)),
        ...(
          await Promise.all(
            (plan.children ?? []).map((child) => repo.idsHolding(child, uploads(child.columns), pattern, true)),
          )
        ).flat(),
      ];
      for (const recordId of new Set(ids)) out.push({ modelId, recordId });
    }
    return out;
  }

  /**
   * Whether the caller reads the file in one of the records that reference it: through a menu of
   * the form it holds, within that menu's data scope, in a field its form rights show it.
   */
  async readsFile(session: Session, name: string): Promise<boolean> {
    for (const { modelId, recordId } of await this.recordsHoldingFile(name)) {
      try {
        const values = await this.values(await this.reach(session, modelId), recordId);
        if (JSON.stringify(values).includes(name)) return true;
      } catch (error) {
        // No menu of the form, or the record is outside the caller's scope: this record does not count.
        if (!(error instanceof BusinessError)) throw error;
      }
    }
    return false;
  }

  async info(session: Session, modelId: string, recordId: string, menuId?: string): Promise<RecordInfo> {
    const reach = await this.reach(session, modelId, menuId);
    return { id: recordId, data: JSON.stringify(await this.values(reach, recordId)) };
  }

  /** DataChange: the detail viewer's values as a person reads them (names, labels, formatted dates). */
  async dataChange(
    session: Session,
    modelId: string,
    recordId: string,
    menuId?: string,
    t: Translate = translator('zh-CN'),
  ): Promise<RecordInfo> {
    const reach = await this.reach(session, modelId, menuId);
    const [values] = await this.displayValues(reach, [recordId], session, t);
    return { id: recordId, data: JSON.stringify(values) };
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
    return this.displayValues(await this.reach(session, modelId), recordIds, session, t);
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
    const definition = await this.definitions.released(modelId);
    const reach: Reach = {
      definition,
      layout: layoutOf(definition.form, definition.plan),
      scope: { all: true },
      rights: { columns: null, forms: null },
    };
    return this.shownRecords(
      reach,
      given.map((values) => structuredClone(values)),
      session,
      t,
    );
  }

  /** The records' values shown, head fields and sub-table rows alike, with one lookup per kind for them all. */
  private async displayValues(
    reach: Reach,
    recordIds: string[],
    session: Session,
    t: Translate,
  ): Promise<Record<string, unknown>[]> {
    const records: Record<string, unknown>[] = [];
    for (const id of recordIds) records.push(await this.values(reach, id, this.db, false));
    return this.shownRecords(reach, records, session, t);
  }

  /** `records` with every field as a person reads it (changed in place). */
  private async shownRecords(
    reach: Reach,
    records: Record<string, unknown>[],
    session: Session,
    t: Translate,
  ): Promise<Record<string, unknown>[]> {
    const subRows = (table: TableSlot, record: Record<string, unknown>) => {
      const rows = record[table.table.field];
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    };
    const parts = [
      { slots: reach.layout.fields, rows: records },
      ...reach.layout.tables.map((table) => ({
        slots: table.columns,
        rows: records.flatMap((record) => subRows(table, record)),
      })),
    ];
    const asked = records.flatMap((record) => [
      ...asksOf(reach.layout.fields, [record]),
      ...reach.layout.tables.flatMap((table) => asksOf(table.columns, subRows(table, record), record)),
    ]);
    const shown = await this.presentation(parts, session, t, asked);
    for (const { slots, rows } of parts)
      for (const row of rows)
        for (const slot of slots)
          if (Object.hasOwn(row, slot.column.field))
            row[slot.column.field] = displayValue(slot, row[slot.column.field], shown);
    return records;
  }

  private parseData(text: string): Record<string, unknown> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BusinessError('visualdev.badData', { reason: 'JSON' });
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new BusinessError('visualdev.badData', { reason: 'object' });
    return value as Record<string, unknown>;
  }

  /** The values the server sets itself (widgets.md §3 open-data fields), whatever the client sent. */
  async autoValues(
    session: Session | null,
    slots: FieldSlot[],
    creating: boolean,
  ): Promise<Map<StoredColumn, unknown>> {
    const out = new Map<StoredColumn, unknown>();
    const now = new Date();
    let relations: Awaited<ReturnType<PermissionService['access']>>['relations'] | null = null;
    const relationsOf = async () => {
      relations ??= session ? (await this.permissions.access(session)).relations : [];
      return relations;
    };
    for (const slot of slots) {
      const kind = kindOf(slot.field);
      if (kind === 'modifyUser' && !creating) out.set(slot.column, session?.userId ?? null);
      if (kind === 'modifyTime' && !creating) out.set(slot.column, now);
      if (!creating) continue;
      if (kind === 'createUser') out.set(slot.column, session?.userId ?? null);
      if (kind === 'createTime') out.set(slot.column, now);
      // The caller's main organisation unit: the organisation and the department fields both hold it
      // (a person belongs to one unit here, a company or a department under it).
      if (kind === 'currOrganize' || kind === 'currDept')
        out.set(slot.column, (await this.organizeOf(session)) ?? null);
      if (kind === 'currPosition')
        out.set(slot.column, (await relationsOf()).find((r) => r.objectType === 'Position')?.objectId ?? null);
      if (kind === 'billRule') {
        const rule = slot.field.__config__?.rule;
        out.set(slot.column, typeof rule === 'string' && rule ? await this.billRules.nextNumber(rule) : null);
      }
    }
    return out;
  }

  async organizeOf(session: Session | null): Promise<string | null> {
    return session ? ((await this.permissions.access(session)).organizeIds[0] ?? null) : null;
  }

  /** Checks and types the values of the fields the caller may edit; the others are left alone. */
  private checkedValues(reach: Reach, data: Record<string, unknown>, creating: boolean) {
    const values = new Map<StoredColumn, unknown>();
    for (const slot of reach.layout.fields) {
      if (isAutoFilled(slot)) continue;
      const editable = allowed(reach.rights.forms, slot.key) && slot.field.disabled !== true;
      if (!editable) {
        // A field the caller cannot see starts from its default on a new record and is kept on an edit.
        if (creating)
          values.set(slot.column, toStored(defaultValueOf(slot.field) ?? null, slot.column.type, slot.label));
        continue;
      }
      const value = Object.hasOwn(data, slot.column.field)
        ? data[slot.column.field]
        : creating
          ? defaultValueOf(slot.field)
          : undefined;
      if (value === undefined && !creating) {
        const problem = fieldProblem(slot, null);
        if (problem) throw problem;
        continue;
      }
      const problem = fieldProblem(slot, value);
      if (problem) throw problem;
      values.set(slot.column, storedValueOf(slot, value));
    }
    const tables: CheckedTable[] = [];
    for (const table of reach.layout.tables) {
      if (!allowed(reach.rights.forms, table.key)) continue;
      const raw = data[table.table.field];
      if (raw !== undefined && raw !== null && !Array.isArray(raw))
        throw new BusinessError('visualdev.badData', { reason: table.label });
      const claimed = new Set<string>();
      const rows = ((raw as unknown[] | undefined) ?? []).map((row, index) => {
        const record = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
        const rowValues = new Map<StoredColumn, unknown>();
        // A copied row carries its original's id: only the first of them is that stored row.
        const storedId = typeof record.id === 'string' && !claimed.has(record.id) ? record.id : null;
        if (storedId) claimed.add(storedId);
        for (const slot of table.columns) {
          if (!allowed(reach.rights.forms, slot.key)) continue;
          const value = record[slot.column.field];
          // Messages name the cell: "明细(2).物品不能为空".
          const cell = { ...slot, label: `${table.label}(${index + 1}).${slot.label}` };
          const problem = fieldProblem(cell, value);
          if (problem) throw problem;
          rowValues.set(slot.column, storedValueOf(slot, value, cell.label));
        }
        return { id: newId(), storedId, values: rowValues };
      });
      if (table.field.__config__?.required && rows.length === 0)
        throw new BusinessError('visualdev.required', { label: table.label });
      tables.push({ slot: table, rows });
    }
    return { values, tables };
  }

  /**
   * Fills the sub-table columns the caller may not edit: a row that was stored (named by its id)
   * keeps its stored values, a new row starts from the column's default. Reads inside `trx` so the
   * values kept are those the rewrite replaces.
   */
  private async keepLockedCells(trx: Trx, reach: Reach, recordId: string | null, tables: CheckedTable[]) {
    const repo = new RecordRepository(trx);
    for (const { slot: table, rows } of tables) {
      const locked = table.columns.filter((slot) => !allowed(reach.rights.forms, slot.key));
      if (!locked.length) continue;
      const stored = recordId
        ? await repo.children(
            table.table,
            locked.map((s) => s.column),
            [recordId],
          )
        : [];
      const byId = new Map(stored.map((row) => [row.id, row]));
      for (const row of rows) {
        const kept = row.storedId ? byId.get(row.storedId) : undefined;
        for (const slot of locked)
          row.values.set(
            slot.column,
            kept
              ? kept[slot.column.column]
              : toStored(defaultValueOf(slot.field) ?? null, slot.column.type, slot.label),
          );
      }
    }
  }

  async checkUnique(trx: Trx, reach: Reach, values: Map<StoredColumn, unknown>, exceptId: string | null) {
    const repo = new RecordRepository(trx);
    for (const slot of reach.layout.fields) {
      if (!isUnique(slot) || !values.has(slot.column)) continue;
      const value = values.get(slot.column);
      if (value === null || value === undefined) continue;
      if (await repo.taken(reach.definition.plan, slot.column, value, exceptId))
        throw new BusinessError('visualdev.unique', { label: slot.label });
    }
  }

  async create(session: Session, modelId: string, dataText: string, menuId?: string): Promise<string> {
    return this.insertRecord(await this.reach(session, modelId, menuId, 'btn_add'), session, dataText);
  }

  /** A new record checked against the definition; without a session (a public form) nobody owns it. */
  async insertRecord(reach: Reach, session: Session | null, dataText: string): Promise<string> {
    const data = this.parseData(dataText);
    const { values, tables } = this.checkedValues(reach, data, true);
    // Numbers are taken before the transaction: on the embedded engine it holds the one connection.
    for (const [column, value] of await this.autoValues(session, reach.layout.fields.filter(isAutoFilled), true))
      values.set(column, value);
    const organizeId = await this.organizeOf(session);
    const recordId = newId();
    await this.db.transaction().execute(async (trx) => {
      await this.checkUnique(trx, reach, values, null);
      const repo = new RecordRepository(trx);
      await repo.insert(reach.definition.plan, recordId, { userId: session?.userId ?? null, organizeId }, values);
      await this.keepLockedCells(trx, reach, null, tables);
      for (const table of tables) await repo.replaceChildren(table.slot.table, recordId, table.rows);
    });
    return recordId;
  }

  async update(session: Session, modelId: string, recordId: string, dataText: string, menuId?: string) {
    const reach = await this.reach(session, modelId, menuId, 'btn_edit');
    const data = this.parseData(dataText);
    const { values, tables } = this.checkedValues(reach, data, false);
    for (const [column, value] of await this.autoValues(session, reach.layout.fields.filter(isAutoFilled), false))
      values.set(column, value);
    await this.db.transaction().execute(async (trx) => {
      const repo = new RecordRepository(trx);
      if (!(await repo.reachable(reach.definition.plan, [recordId], reach.scope)).length) throw new NotFoundError();
      await this.checkUnique(trx, reach, values, recordId);
      await repo.update(reach.definition.plan, recordId, session.userId, values);
      await this.keepLockedCells(trx, reach, recordId, tables);
      for (const table of tables) await repo.replaceChildren(table.slot.table, recordId, table.rows);
    });
  }

  /** Deletes the records among `ids` the caller's data scope reaches; answers how many. */
  async delete(session: Session, modelId: string, ids: string[], menuId?: string): Promise<number> {
    const reach = await this.reach(session, modelId, menuId, 'btn_remove');
    if (!ids.length) throw new BusinessError('visualdev.selectRecords');
    return this.db.transaction().execute(async (trx) => {
      const repo = new RecordRepository(trx);
      const reachable = await repo.reachable(reach.definition.plan, ids, reach.scope);
      if (!reachable.length) throw new NotFoundError();
      return repo.delete(reach.definition.plan, reachable);
    });
  }

  /** An Excel file of the records (the page, every match or the selected ones), visible columns only. */
  async export(session: Session, modelId: string, body: RecordExportBody, t: Translate) {
    const reach = await this.reach(session, modelId, body.menuId, 'btn_export');
    const visible = this.visibleFields(reach);
    // The columns asked for, else the list's columns, else every field; always only visible ones.
    const listed = (reach.definition.list.columnList ?? []).map((c) => c.prop);
    const keys = body.selectKey?.length ? body.selectKey : listed;
    const chosen = keys.length ? keys.flatMap((key) => visible.filter((s) => s.column.field === key)) : visible;
    const dataType = Number(body.dataType ?? 0);
    const filter = {
      ...this.listFilter(reach, visible, body, t),
      ...(dataType === 2 ? { ids: body.selectIds ?? [] } : {}),
    };
    if (dataType === 2 && !body.selectIds?.length) throw new BusinessError('visualdev.selectRecords');
    const pageSize = dataType === 0 ? Math.min(asNumber(body.pageSize, 20), unpagedCap) : exportCap;
    const offset = dataType === 0 ? (asNumber(body.currentPage, 1) - 1) * pageSize : 0;
    const result = await new RecordRepository(this.db).page(
      reach.definition.plan,
      chosen.map((s) => s.column),
      filter,
      this.sortKeys(reach, visible, body),
      { pageSize, offset },
    );
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(t('visualdev.exportSheet'));
    sheet.addRow(chosen.map((s) => s.label));
    const rows = result.list.map((row) => this.listRow(row, chosen));
    const shown = await this.presentation([{ slots: chosen, rows }], session, t);
    for (const row of rows) sheet.addRow(chosen.map((s) => cellText(s, row[s.column.field], shown)));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const fileName = `${reach.definition.fullName}.xlsx`;
    const saved = await this.downloads.save(bytes, {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName,
    });
    return { name: fileName, url: saved.url };
  }

  /** FieldDataSelect: a page of records for the related-form picker, searched on one visible field. */
  async fieldDataSelect(
    session: Session,
    modelId: string,
    query: { currentPage?: number; pageSize?: number; keyword?: string; relationField?: string },
  ) {
    const reach = await this.reach(session, modelId);
    const visible = this.visibleFields(reach);
    const slot = visible.find((s) => s.column.field === query.relationField);
    const where =
      slot && query.keyword ? [searchCondition({ column: slot.column, match: 'fuzzy', text: query.keyword })] : [];
    const currentPage = query.currentPage ?? 1;
    const pageSize = query.pageSize ?? 20;
    const result = await new RecordRepository(this.db).page(
      reach.definition.plan,
      visible.map((s) => s.column),
      { where, scope: reach.scope },
      [],
      { pageSize, offset: (currentPage - 1) * pageSize },
    );
    return page(
      result.list.map((row) => this.listRow(row, visible)),
      result.total,
      { currentPage, pageSize },
    );
  }
}
