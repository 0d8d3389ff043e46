import {
  type FlowFormDetail,
  type FlowFormInput,
  type FlowFormQuery,
  type FlowFormRow,
  type PageData,
  SystemFormField,
} from '@platform/shared';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { VisualDevRowDb } from '../../db/schema.ts';
import { type DefinitionValues, FormDefinitionRepository } from './visualdev.repository.ts';
import { type FormDefinitionService, parseJson } from './visualdev.service.ts';

const SYSTEM = 1;
const SystemFormFields = Type.Array(SystemFormField, { maxItems: 500 });

type ListRow = Awaited<ReturnType<FormDefinitionRepository['page']>>['list'][number];

function toRow(row: ListRow | VisualDevRowDb, creatorUser: string): FlowFormRow {
  return {
    id: row.id,
    fullName: row.fullName,
    enCode: row.enCode,
    formType: row.formType,
    flowType: row.flowType,
    sortCode: row.sortCode,
    isRelease: row.isRelease,
    enabledMark: row.isRelease > 0 ? 1 : 0,
    creatorUser,
    creatorTime: toMillis(row.creatorTime),
    lastModifyTime: toMillis(row.lastModifyTime),
  };
}

/**
 * Flow forms (`/api/flowForm/Form`, protocol-workflow.md 1): a face over the generated-form
 * definitions, which are the forms our flows start with, plus system forms kept in the same table.
 * A custom form's draftJson/tableJson are the definition's draft form and tables, and its release
 * is the definition's (record tables included); a system form's release publishes its field list.
 */
export class FlowFormService {
  constructor(
    private readonly db: Db,
    private readonly definitions: FormDefinitionService,
  ) {}

  async page(query: FlowFormQuery): Promise<PageData<FlowFormRow>> {
    const params = pageParams(query);
    const result = await new FormDefinitionRepository(this.db).page(params, {
      keyword: query.keyword?.trim() ?? '',
      isRelease: query.isRelease,
      formType: query.formType,
      flowType: query.flowType,
    });
    const list = result.list.map((r) => toRow(r, r.creatorName ? `${r.creatorName}/${r.creatorAccount}` : ''));
    return page(list, result.total, params);
  }

  async info(id: string): Promise<FlowFormDetail> {
    const row = await new FormDefinitionRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return {
      ...toRow(row, ''),
      urlAddress: row.urlAddress ?? '',
      appUrlAddress: row.appUrlAddress ?? '',
      interfaceUrl: row.interfaceUrl ?? '',
      description: row.description ?? '',
      dbLinkId: row.dbLinkId ?? '0',
      tableJson: row.tables ?? '',
      draftJson: row.formData ?? '',
      propertyJson: row.releasedFormData ?? '',
    };
  }

  create(input: FlowFormInput, session: Session): Promise<string> {
    // A new custom form is a form-only definition (no list page) of the flow-form kind.
    return this.definitions.insert({ ...valuesOf(input, input.formType), type: 3, webType: 1 }, session);
  }

  /** Saves the draft; the kind a form was made as stays (the client shows it read-only). */
  async update(id: string, input: FlowFormInput, session: Session) {
    const row = await new FormDefinitionRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    await this.definitions.saveDraft(id, valuesOf(input, row.formType), session);
  }

  /** A form a flow starts with stays while the flow does. */
  async delete(id: string) {
    if (await new FormDefinitionRepository(this.db).flowTemplateOf(id)) throw new BusinessError('flowForm.inUse');
    await this.definitions.delete(id);
  }

  /** `isRelease` 1 publishes the draft; 0 takes the draft back to what was published. */
  async release(id: string, isRelease: 0 | 1, session: Session) {
    const row = await new FormDefinitionRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    if (isRelease === 0) {
      if (!row.releasedFormData) throw new BusinessError('flowForm.neverReleased');
      await this.db.transaction().execute((trx) => new FormDefinitionRepository(trx).rollBack(id, session.userId));
      return;
    }
    if (row.formType !== SYSTEM) return this.definitions.release(id, session);
    if (systemFields(row.formData).length === 0) throw new BusinessError('visualdev.noFields');
    await this.db.transaction().execute((trx) => new FormDefinitionRepository(trx).releaseFields(id, session.userId));
  }

  copy(id: string, session: Session): Promise<string> {
    return this.definitions.copy(id, session);
  }

  /** The flow template that starts with the form, '' when none does. */
  async templateOf(formId: string): Promise<{ id: string }> {
    const template = await new FormDefinitionRepository(this.db).flowTemplateOf(formId);
    return { id: template?.id ?? '' };
  }
}

/** The draft columns a flow form's save writes; `formType` says how its draftJson is read. */
function valuesOf(input: FlowFormInput, formType: number): DefinitionValues {
  const system = formType === SYSTEM;
  if (system) systemFields(input.draftJson);
  else {
    parseJson(input.draftJson, 'draftJson', {});
    parseJson(input.tableJson, 'tableJson', []);
  }
  return {
    fullName: input.fullName,
    enCode: input.enCode,
    formType,
    flowType: input.flowType ?? 0,
    sortCode: input.sortCode ?? 0,
    description: input.description ?? null,
    dbLinkId: input.dbLinkId ?? null,
    formData: input.draftJson ?? null,
    tables: system ? null : (input.tableJson ?? null),
    urlAddress: system ? (input.urlAddress ?? null) : null,
    appUrlAddress: system ? (input.appUrlAddress ?? null) : null,
    interfaceUrl: system ? (input.interfaceUrl ?? null) : null,
  };
}

/** A system form's field list `[{filedId, filedName, jnpfKey, required, multiple}]`, checked. */
function systemFields(text: string | null | undefined): SystemFormField[] {
  if (!text) return [];
  const fields = parseJson<unknown>(text, 'draftJson', []);
  if (!Value.Check(SystemFormFields, fields)) {
    const first = Value.Errors(SystemFormFields, fields)[0];
    throw new BusinessError('flowForm.badField', { where: first?.instancePath.replace(/^\//, '') || 'draftJson' });
  }
  return fields;
}
