import { type Insertable, sql } from 'kysely';
import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import { RecordRepository } from '../../core/record-repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { VisualDevTable } from '../../db/schema.ts';

export type DefinitionValues = Omit<
  Insertable<VisualDevTable>,
  | 'id'
  | 'isRelease'
  | 'releasedFormData'
  | 'releasedColumnData'
  | 'releasedAppColumnData'
  | 'releaseTime'
  | 'storage'
  | 'creatorUserId'
  | 'lastModifyUserId'
>;

export interface DefinitionFilter {
  keyword: string;
  category?: string | undefined;
  webType?: number | undefined;
  isRelease?: number | undefined;
  type?: number | undefined;
  /** 1 system forms, 2 generated forms; absent: both (the flow-form list). */
  formType?: number | undefined;
  flowType?: number | undefined;
}

const listColumns = [
  'v.id',
  'v.fullName',
  'v.enCode',
  'v.category',
  'v.type',
  'v.webType',
  'v.enableFlow',
  'v.isRelease',
  'v.sortCode',
  'v.formType',
  'v.flowType',
  'v.creatorTime',
  'v.lastModifyTime',
] as const;

/** The SQL of generated-form definitions (`visual_dev`). */
export class FormDefinitionRepository extends RecordRepository<'visualDev', DefinitionValues> {
  constructor(db: Db | Trx) {
    super(db, 'visualDev');
  }

  private filtered(filter: DefinitionFilter) {
    let query = this.db
      .selectFrom('visualDev as v')
      .leftJoin('appUser as c', 'c.id', 'v.creatorUserId')
      .leftJoin('appUser as m', 'm.id', 'v.lastModifyUserId')
      // The category is an entry of the form-category dictionary; lists show its name.
      .leftJoin('dictionaryData as d', 'd.id', 'v.category')
      .select([
        ...listColumns,
        'd.fullName as categoryName',
        'c.realName as creatorName',
        'c.account as creatorAccount',
      ])
      .select(['m.realName as modifierName', 'm.account as modifierAccount']);
    if (filter.category) query = query.where('v.category', '=', filter.category);
    if (filter.webType !== undefined) query = query.where('v.webType', '=', filter.webType);
    if (filter.isRelease !== undefined) query = query.where('v.isRelease', '=', filter.isRelease);
    if (filter.type !== undefined) query = query.where('v.type', '=', filter.type);
    if (filter.formType !== undefined) query = query.where('v.formType', '=', filter.formType);
    if (filter.flowType !== undefined) query = query.where('v.flowType', '=', filter.flowType);
    if (filter.keyword) query = query.where((eb) => keywordIn(eb, ['v.fullName', 'v.enCode'], filter.keyword));
    return query.orderBy('v.sortCode').orderBy('v.creatorTime', 'desc').orderBy('v.id', 'desc');
  }

  page(params: PageParams, filter: DefinitionFilter) {
    return fetchPage(this.filtered(filter), params);
  }

  /** Released definitions for pickers (menus, related forms). */
  released(filter: DefinitionFilter) {
    return this.filtered(filter).where('v.isRelease', '>', 0).limit(5000).execute();
  }

  /**
   * The flow template whose flows start with this form (workflow's tables, read here so that the
   * record page's Config names it without this area importing workflow); enabled ones first.
   */
  flowTemplateOf(formId: string) {
    return this.db
      .selectFrom('flowDef as f')
      .innerJoin('flowVersion as fv', 'fv.id', 'f.mainVersionId')
      .innerJoin('flowTemplate as t', 't.id', 'f.templateId')
      .select(['t.id', 't.enabledMark'])
      .where('fv.formId', '=', formId)
      .where('f.deleteMark', '=', 0)
      .orderBy('t.enabledMark', 'desc')
      .executeTakeFirst();
  }

  /** Every released definition's storage plan (where a referenced file is looked for). */
  storagePlans() {
    return this.db.selectFrom('visualDev').select(['id', 'storage']).where('storage', 'is not', null).execute();
  }

  /** Only where a definition keeps its records (`storage`): for the flow state written on every approval. */
  storageOf(id: string) {
    return this.db.selectFrom('visualDev').select('storage').where('id', '=', id).executeTakeFirst();
  }

  findById(id: string) {
    return this.db.selectFrom('visualDev').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The row for writing records: locked, so a release and a record write never cross. */
  findForShare(id: string) {
    return this.db.selectFrom('visualDev').selectAll().where('id', '=', id).forShare().executeTakeFirst();
  }

  findForUpdate(id: string) {
    return this.db.selectFrom('visualDev').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Saves the draft; a released definition becomes "released, edited since" (2). */
  async updateDraft(id: string, values: DefinitionValues, userId: string) {
    await this.db
      .updateTable('visualDev')
      .set({
        ...values,
        isRelease: sql<number>`case when is_release = 0 then 0 else 2 end`,
        lastModifyUserId: userId,
        lastModifyTime: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  /** A system form's release: its field list is published as it stands; it keeps no records. */
  async releaseFields(id: string, userId: string) {
    await this.db
      .updateTable('visualDev')
      .set({
        isRelease: 1,
        releasedFormData: sql<string>`form_data`,
        releaseTime: sql<Date>`now()`,
        lastModifyUserId: userId,
        lastModifyTime: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Takes the draft back to the released form (the 3.6 client's 回滚). */
  async rollBack(id: string, userId: string) {
    await this.db
      .updateTable('visualDev')
      .set({
        isRelease: 1,
        formData: sql<string>`released_form_data`,
        columnData: sql<string>`coalesce(released_column_data, column_data)`,
        appColumnData: sql<string>`coalesce(released_app_column_data, app_column_data)`,
        lastModifyUserId: userId,
        lastModifyTime: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  async release(id: string, storage: unknown, userId: string) {
    await this.db
      .updateTable('visualDev')
      .set({
        isRelease: 1,
        releasedFormData: sql<string>`form_data`,
        releasedColumnData: sql<string>`column_data`,
        releasedAppColumnData: sql<string>`app_column_data`,
        releaseTime: sql<Date>`now()`,
        storage: JSON.stringify(storage),
        lastModifyUserId: userId,
        lastModifyTime: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }
}
