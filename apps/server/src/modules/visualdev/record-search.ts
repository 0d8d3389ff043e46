import { type RecordListBody, treePanelOf } from '@platform/shared';
import type { Expression, SqlBool } from 'kysely';
import { BusinessError } from '../../core/errors.ts';
import type { Translate } from '../../core/i18n.ts';
import {
  allOf,
  anyOf,
  type Comparison,
  comparisonCondition,
  type ListFilter,
  type Search,
  type SortKey,
  type StoredRecord,
  searchCondition,
} from './record.repository.ts';
import type { Reach } from './record-checks.ts';
import { type FieldSlot, toStored, wireValueOf } from './record-values.ts';
import { searchTypeOf } from './storage-plan.ts';
import { parseJson } from './visualdev.service.ts';

// What a list call asks, turned into the repository's terms: the search form's values and the
// advanced query as conditions, the order as sort keys. Only fields the caller sees take part.

/** The search form's values (queryJson) as searches, on visible fields only. */
function searches(reach: Reach, visible: FieldSlot[], queryJson: string | undefined, t: Translate): Search[] {
  const query = parseJson<Record<string, unknown>>(queryJson, 'queryJson', {});
  const treeRelation = treePanelOf(reach.definition.list)?.relation;
  const out: Search[] = [];
  for (const [name, raw] of Object.entries(query)) {
    if (raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) continue;
    const slot = visible.find((s) => s.column.field === name);
    if (!slot) continue;
    const declared = reach.definition.list.searchList?.find((s) => s.prop === name);
    // The tree beside a type 2 list sends the chosen node's value and those below it: equal to one of them.
    const searchType = name === treeRelation ? 1 : searchTypeOf(declared, slot.column);
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
function superQuery(visible: FieldSlot[], superQueryJson: string | undefined): Expression<SqlBool> | null {
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
export function sortKeys(reach: Reach, visible: FieldSlot[], body: RecordListBody): SortKey[] {
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

/** The search form and the advanced query together, within the caller's data scope. */
export function listFilter(reach: Reach, visible: FieldSlot[], body: RecordListBody, t: Translate): ListFilter {
  const where = searches(reach, visible, body.queryJson, t).map(searchCondition);
  const advanced = superQuery(visible, body.superQueryJson);
  if (advanced) where.push(advanced);
  return { where, scope: reach.scope };
}

/** A stored row as the list answers it: id, flowState and the visible fields. */
export function listRow(row: StoredRecord, visible: FieldSlot[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id, flowState: row.flowState ?? 0 };
  for (const slot of visible) out[slot.column.field] = wireValueOf(slot, row[slot.column.column]);
  return out;
}

/** The visible field named `name` (a list's group or parent field), null when none is. */
export function fieldOf(visible: FieldSlot[], name: unknown): FieldSlot | null {
  return typeof name === 'string' && name ? (visible.find((s) => s.column.field === name) ?? null) : null;
}
