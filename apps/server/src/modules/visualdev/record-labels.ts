import {
  type DataInterfaceParamValue,
  interfaceLabelsOf,
  kindOf,
  type NameKind,
  namedIds,
  type OptionItem,
  paramListOf,
  staticOptions,
  valueFacetsOf,
} from '@platform/shared';
import type { Translate } from '../../core/i18n.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { DataInterfaceService } from '../dataInterface/data-interface.service.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { namesOf } from './record.repository.ts';
import type { Reach } from './record-checks.ts';
import {
  displayValue,
  type FieldSlot,
  isAutoFilled,
  type OptionsOf,
  type Presentation,
  type TableSlot,
} from './record-values.ts';

/** The dictionary a choice field takes its options from, '' for none. */
const dictionaryOf = (slot: FieldSlot) =>
  slot.field.__config__?.dataType === 'dictionary' ? String(slot.field.__config__.dictionaryType ?? '') : '';

/** A stored value whose label a data interface holds, with the parameters its field sends for that record. */
interface LabelAsk {
  slot: FieldSlot;
  value: unknown;
  paramList: DataInterfaceParamValue[];
}

/** Records (or sub-table rows) and the fields of theirs to show. */
type Part = { slots: readonly FieldSlot[]; rows: readonly Record<string, unknown>[] };

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
const isPopup = (slot: FieldSlot) =>
  valueFacetsOf(kindOf(slot.field))?.interfaceBound === 'id' && interfaceLabelsOf(slot.field) !== null;

/** InfoByIds is asked for at most this many values at once (its route's limit). */
const idsPerCall = 1000;

/**
 * Stored values as a person reads them: the labels of choice fields (static options, dictionary
 * entries, data-interface rows), the names behind the ids pickers and auto-filled fields hold,
 * the texts of switches.
 */
export class RecordLabels {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryCache,
    private readonly dataInterfaces: DataInterfaceService,
  ) {}

  /**
   * How `rows` (and the sub-table rows of `tables`) show the values of `slots`: the options of
   * their choice fields, the names of every id their pickers hold, one query per kind of id and one
   * InfoByIds call per interface field for the whole page (no query per row).
   */
  async presentation(
    parts: readonly Part[],
    session: Session | null,
    t?: Translate,
    asked: readonly LabelAsk[] = parts.flatMap(({ slots, rows }) => asksOf(slots, rows)),
    db: Db | Trx = this.db,
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
    for (const [kind, ids] of wanted) names.set(kind, await namesOf(db, kind, [...ids]));
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
   * The list rows (nested children too) as a person reads them (the 3.6 client prints them as
   * given): the text under the field's name, the stored id kept under `<name>_id` for popup
   * selects (admin.md 3.12). A list edited in place (`beside`) keeps the stored values, as its rows
   * are saved back, and answers the text under `<name>_name`.
   */
  async present(
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

  /**
   * The auto-filled fields that keep an id (creator, modifier, organisation, department, position)
   * answered with the name a person reads; saves ignore them, so a form may show them as they come.
   * An id whose owner is gone stays as it is.
   */
  async nameAutoFilled(row: Record<string, unknown>, slots: FieldSlot[], db: Db | Trx) {
    const auto = slots.filter((slot) => isAutoFilled(slot) && namedIds(slot.field, row[slot.column.field]).length);
    if (!auto.length) return;
    const shown = await this.presentation([{ slots: auto, rows: [row] }], null, undefined, undefined, db);
    for (const slot of auto) row[slot.column.field] = displayValue(slot, row[slot.column.field], shown);
  }

  /** `records` with every field as a person reads it (changed in place), with one lookup per kind for them all. */
  async shownRecords(
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
}
