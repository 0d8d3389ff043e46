import { kindOf, valueFacetsOf } from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { GrantRepository } from '../../core/permissions.repository.ts';
import type { PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { BillRuleService } from '../billRule/bill-rule.service.ts';
import { FormRecordRepository, type RecordOwner } from './record.repository.ts';
import { fullReach, organizeIn, type RecordAccess, type Relation, type Who } from './record-access.ts';
import { type CheckedValues, checkedValues, keepLockedCells, type Reach } from './record-checks.ts';
import type { RecordQuery } from './record-query.ts';
import { type FieldSlot, isAutoFilled, isUnique } from './record-values.ts';
import type { StoredColumn } from './storage-plan.ts';
import type { FormDefinitionService } from './visualdev.service.ts';

function parseData(text: string): Record<string, unknown> {
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

/**
 * The writes of a generated form's records: create, update and delete from the record pages, the
 * record a flow launch saves, the values the server fills itself, the unique-field check.
 */
export class RecordWrite {
  constructor(
    private readonly db: Db,
    private readonly definitions: FormDefinitionService,
    private readonly permissions: PermissionService,
    private readonly billRules: BillRuleService,
    private readonly access: RecordAccess,
    private readonly query: RecordQuery,
  ) {}

  /**
   * The values the server sets itself (widgets.md §3 open-data fields), whatever the client sent.
   * `within`: the caller's transaction, read instead of the caches and the bill rules' own
   * transactions (on the embedded engine a transaction holds the one connection).
   */
  async autoValues(
    who: Who | null,
    slots: FieldSlot[],
    creating: boolean,
    within?: Trx,
  ): Promise<Map<StoredColumn, unknown>> {
    const out = new Map<StoredColumn, unknown>();
    const now = new Date();
    let relations: Relation[] | null = null;
    const relationsOf = async () => {
      relations ??= await this.relationsOf(who, within);
      return relations;
    };
    for (const slot of slots) {
      const auto = valueFacetsOf(kindOf(slot.field))?.auto;
      if (!auto || (auto.on === 'create') !== creating) continue;
      if (auto.fill === 'user') out.set(slot.column, who?.userId ?? null);
      if (auto.fill === 'time') out.set(slot.column, now);
      // The caller's main organisation unit: the organisation and the department fields both hold it
      // (a person belongs to one unit here, a company or a department under it).
      if (auto.fill === 'organize') out.set(slot.column, organizeIn(await relationsOf()));
      if (auto.fill === 'position')
        out.set(slot.column, (await relationsOf()).find((r) => r.objectType === 'Position')?.objectId ?? null);
      if (auto.fill === 'billRule') {
        const rule = slot.field.__config__?.rule;
        out.set(
          slot.column,
          typeof rule === 'string' && rule
            ? await (within ? this.billRules.nextNumberWithin(within, rule) : this.billRules.nextNumber(rule))
            : null,
        );
      }
    }
    return out;
  }

  /** The organisations, positions, roles and groups of `who`, in their order. */
  private async relationsOf(who: Who | null, within?: Trx): Promise<Relation[]> {
    if (!who) return [];
    return within ? new GrantRepository(within).relations(who.userId) : (await this.permissions.access(who)).relations;
  }

  async organizeOf(who: Who | null, within?: Trx): Promise<string | null> {
    return organizeIn(await this.relationsOf(who, within));
  }

  async checkUnique(trx: Trx, reach: Reach, values: Map<StoredColumn, unknown>, exceptId: string | null) {
    const repo = new FormRecordRepository(trx);
    for (const slot of reach.layout.fields) {
      if (!isUnique(slot) || !values.has(slot.column)) continue;
      const value = values.get(slot.column);
      if (value === null || value === undefined) continue;
      if (await repo.taken(reach.definition.plan, slot.column, value, exceptId))
        throw new BusinessError('visualdev.unique', { label: slot.label });
    }
  }

  async create(session: Session, modelId: string, dataText: string, menuId?: string): Promise<string> {
    return this.insertRecord(await this.access.reach(session, modelId, menuId, 'btn_add'), session, dataText);
  }

  /** A new record checked against the definition; without a session (a public form) nobody owns it. */
  async insertRecord(reach: Reach, session: Session | null, dataText: string): Promise<string> {
    const { values, tables } = checkedValues(reach, parseData(dataText), true);
    // Numbers are taken before the transaction: on the embedded engine it holds the one connection.
    for (const [column, value] of await this.autoValues(session, reach.layout.fields.filter(isAutoFilled), true))
      values.set(column, value);
    const owner = { userId: session?.userId ?? null, organizeId: await this.organizeOf(session) };
    const recordId = newId();
    await this.db.transaction().execute((trx) => this.write(trx, reach, recordId, { owner }, { values, tables }));
    return recordId;
  }

  async update(session: Session, modelId: string, recordId: string, dataText: string, menuId?: string) {
    const reach = await this.access.reach(session, modelId, menuId, 'btn_edit');
    const { values, tables } = checkedValues(reach, parseData(dataText), false);
    for (const [column, value] of await this.autoValues(session, reach.layout.fields.filter(isAutoFilled), false))
      values.set(column, value);
    await this.db.transaction().execute(async (trx) => {
      const repo = new FormRecordRepository(trx);
      if (!(await repo.reachable(reach.definition.plan, [recordId], reach.scope)).length) throw new NotFoundError();
      await this.write(trx, reach, recordId, { modifier: session.userId }, { values, tables });
    });
  }

  /**
   * The record of a flow launched on the form (protocol-workflow.md 1: the task id is the record
   * id), inside the engine's transaction: created with its auto-filled values (bill number, creator,
   * organisation, ...) as a record page creates it, or saved again when the form keeps that row (a
   * draft submitted, a rejected task resubmitted), which must be the initiator's. Every field is
   * written: the flow's start node, not a menu, decides what the launcher fills. Answers the values
   * as the form shows them, for the task to carry; undefined when the form keeps no records (not
   * released, or a system form).
   */
  async saveLaunched(
    trx: Trx,
    formId: string,
    recordId: string,
    initiator: string,
    formData: Record<string, unknown>,
  ): Promise<Record<string, unknown> | undefined> {
    const definition = await this.definitions.releasedWithin(trx, formId);
    if (!definition) return undefined;
    const reach = fullReach(definition);
    const who = { userId: initiator };
    const owner = await new FormRecordRepository(trx).owner(definition.plan, recordId);
    if (owner !== undefined && owner !== who.userId) throw new BusinessError('workflow.notYours');
    const creating = owner === undefined;
    const { values, tables } = checkedValues(reach, formData, creating);
    for (const [column, value] of await this.autoValues(who, reach.layout.fields.filter(isAutoFilled), creating, trx))
      values.set(column, value);
    await this.write(
      trx,
      reach,
      recordId,
      creating
        ? { owner: { userId: who.userId, organizeId: await this.organizeOf(who, trx) } }
        : { modifier: who.userId },
      { values, tables },
    );
    return this.query.values(reach, recordId, trx);
  }

  /**
   * An approver's changes to the record a flow was launched as: only the fields its node lets it
   * write (`writable`: their keys, null for every field), checked as an edit, the record's modify
   * fields set to the approver. Answers the record's values as the form shows them, undefined when
   * the form keeps no records or the task has none.
   */
  async saveApproved(
    trx: Trx,
    formId: string,
    recordId: string,
    approver: string,
    formData: Record<string, unknown>,
    writable: ReadonlySet<string> | null,
  ): Promise<Record<string, unknown> | undefined> {
    const definition = await this.definitions.releasedWithin(trx, formId);
    if (!definition) return undefined;
    if ((await new FormRecordRepository(trx).owner(definition.plan, recordId)) === undefined) return undefined;
    const whole = fullReach(definition);
    const reach: Reach = { ...whole, rights: { columns: null, forms: writable ? new Set(writable) : null } };
    const { values, tables } = checkedValues(reach, formData, false);
    const who = { userId: approver };
    for (const [column, value] of await this.autoValues(who, reach.layout.fields.filter(isAutoFilled), false, trx))
      values.set(column, value);
    await this.write(trx, reach, recordId, { modifier: approver }, { values, tables });
    return this.query.values(whole, recordId, trx);
  }

  /** One record's checked values written: inserted for its owner, or updated by its modifier. */
  private async write(
    trx: Trx,
    reach: Reach,
    recordId: string,
    by: { owner: RecordOwner } | { modifier: string },
    { values, tables }: CheckedValues,
  ) {
    const creating = 'owner' in by;
    await this.checkUnique(trx, reach, values, creating ? null : recordId);
    const repo = new FormRecordRepository(trx);
    if (creating) await repo.insert(reach.definition.plan, recordId, by.owner, values);
    else await repo.update(reach.definition.plan, recordId, by.modifier, values);
    await keepLockedCells(trx, reach, creating ? null : recordId, tables);
    for (const table of tables) await repo.replaceChildren(table.slot.table, recordId, table.rows);
  }

  /** Deletes the records among `ids` the caller's data scope reaches; answers how many. */
  async delete(session: Session, modelId: string, ids: string[], menuId?: string): Promise<number> {
    const reach = await this.access.reach(session, modelId, menuId, 'btn_remove');
    if (!ids.length) throw new BusinessError('visualdev.selectRecords');
    return this.db.transaction().execute(async (trx) => {
      const repo = new FormRecordRepository(trx);
      const reachable = await repo.reachable(reach.definition.plan, ids, reach.scope);
      if (!reachable.length) throw new NotFoundError();
      return repo.delete(reach.definition.plan, reachable);
    });
  }
}
