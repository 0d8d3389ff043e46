import { type Insertable, sql, type Updateable } from 'kysely';
import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { FlowTemplateTable } from '../../db/schema.ts';

export interface TemplateFilter {
  keyword: string;
  category?: string | undefined;
  type?: number | undefined;
  enabledMark?: number | undefined;
}

/** Templates, flows and versions. */
export class FlowDefinitionRepository {
  constructor(private readonly db: Db | Trx) {}

  private templates(filter: TemplateFilter) {
    let q = this.db
      .selectFrom('flowTemplate as t')
      .leftJoin('appUser as u', 'u.id', 't.creatorUserId')
      .selectAll('t')
      .select(sql<string>`coalesce(u.real_name, '')`.as('creatorUser'));
    if (filter.category) q = q.where('t.category', '=', filter.category);
    if (filter.type !== undefined) q = q.where('t.type', '=', filter.type);
    if (filter.enabledMark !== undefined) q = q.where('t.enabledMark', '=', filter.enabledMark);
    if (filter.keyword) q = q.where((eb) => keywordIn(eb, ['t.fullName', 't.enCode'], filter.keyword));
    return q.orderBy('t.sortCode').orderBy('t.creatorTime', 'desc').orderBy('t.id');
  }
  pageTemplates(params: PageParams, filter: Omit<TemplateFilter, 'keyword'>) {
    return fetchPage(this.templates({ ...filter, keyword: params.keyword }), params);
  }
  allTemplates(filter: TemplateFilter) {
    return this.templates(filter).execute();
  }
  template(id: string) {
    return this.templates({ keyword: '' }).where('t.id', '=', id).executeTakeFirst();
  }
  templatesByIds(ids: string[]) {
    return ids.length ? this.templates({ keyword: '' }).where('t.id', 'in', ids).execute() : Promise.resolve([]);
  }
  codeTaken(enCode: string, exceptId: string | null) {
    let q = this.db.selectFrom('flowTemplate').select('id').where(sql`lower(en_code)`, '=', enCode.toLowerCase());
    if (exceptId) q = q.where('id', '<>', exceptId);
    return q.executeTakeFirst().then(Boolean);
  }
  insertTemplate(values: Insertable<FlowTemplateTable>) {
    return this.db.insertInto('flowTemplate').values(values).execute();
  }
  updateTemplate(id: string, values: Updateable<FlowTemplateTable>) {
    return this.db.updateTable('flowTemplate').set(values).where('id', '=', id).executeTakeFirst();
  }
  deleteTemplate(id: string) {
    return this.db.deleteFrom('flowTemplate').where('id', '=', id).executeTakeFirst();
  }

  /** The live flows of templates with their main version. */
  flows(templateIds: string[]) {
    if (!templateIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('flowDef as f')
      .leftJoin('flowVersion as v', 'v.id', 'f.mainVersionId')
      .select([
        'f.id',
        'f.templateId',
        'f.flowKey',
        'f.fullName',
        'f.mainVersionId',
        'v.graph',
        'v.formId',
        'v.version',
      ])
      .where('f.templateId', 'in', templateIds)
      .where('f.deleteMark', '=', 0)
      .orderBy('f.sortCode')
      .orderBy('f.creatorTime')
      .execute();
  }
  flow(id: string) {
    return this.db
      .selectFrom('flowDef as f')
      .innerJoin('flowTemplate as t', 't.id', 'f.templateId')
      .leftJoin('flowVersion as v', 'v.id', 'f.mainVersionId')
      .select([
        'f.id',
        'f.templateId',
        'f.fullName',
        'f.mainVersionId',
        'v.graph',
        'v.formId',
        't.fullName as templateName',
        't.enabledMark',
        't.type',
        't.category',
      ])
      .where('f.id', '=', id)
      .where('f.deleteMark', '=', 0)
      .executeTakeFirst();
  }
  insertFlow(values: { id: string; templateId: string; flowKey: string; fullName: string; sortCode: number }) {
    return this.db.insertInto('flowDef').values(values).execute();
  }
  updateFlow(
    id: string,
    values: { fullName?: string; sortCode?: number; mainVersionId?: string; deleteMark?: number },
  ) {
    return this.db.updateTable('flowDef').set(values).where('id', '=', id).execute();
  }
  lastVersion(flowId: string) {
    return this.db
      .selectFrom('flowVersion')
      .select(['id', 'version', 'graph'])
      .where('flowId', '=', flowId)
      .orderBy('version', 'desc')
      .executeTakeFirst();
  }
  insertVersion(values: {
    id: string;
    flowId: string;
    templateId: string;
    version: number;
    graph: string;
    formId: string | null;
    creatorUserId: string;
  }) {
    return this.db.insertInto('flowVersion').values(values).execute();
  }
  version(id: string) {
    return this.db
      .selectFrom('flowVersion as v')
      .innerJoin('flowDef as f', 'f.id', 'v.flowId')
      .select(['v.id', 'v.flowId', 'v.templateId', 'v.version', 'v.graph', 'v.formId', 'f.mainVersionId', 'f.fullName'])
      .where('v.id', '=', id)
      .executeTakeFirst();
  }
  pageVersions(params: PageParams, templateId: string, flowId: string | undefined) {
    let q = this.db
      .selectFrom('flowVersion as v')
      .innerJoin('flowDef as f', 'f.id', 'v.flowId')
      .select(['v.id', 'v.flowId', 'f.fullName', 'v.version', 'v.graph', 'v.creatorTime', 'f.mainVersionId'])
      .where('v.templateId', '=', templateId)
      .where('f.deleteMark', '=', 0);
    if (flowId) q = q.where('v.flowId', '=', flowId);
    return fetchPage(q.orderBy('f.sortCode').orderBy('v.version', 'desc'), params);
  }
  versionUsed(versionId: string) {
    return this.db
      .selectFrom('flowTask')
      .select('id')
      .where('versionId', '=', versionId)
      .executeTakeFirst()
      .then(Boolean);
  }
  deleteVersion(id: string) {
    return this.db.deleteFrom('flowVersion').where('id', '=', id).execute();
  }
  templateHasTasks(templateId: string) {
    return this.db
      .selectFrom('flowTask')
      .select('id')
      .where('templateId', '=', templateId)
      .executeTakeFirst()
      .then(Boolean);
  }
  /** Launchable flows; `coveredTemplates` (when given) keeps only those of these templates. */
  pageFlows(params: PageParams, templateId: string | undefined, coveredTemplates?: readonly string[]) {
    let q = this.db
      .selectFrom('flowDef as f')
      .innerJoin('flowTemplate as t', 't.id', 'f.templateId')
      .select(['f.id', 'f.templateId', 'f.fullName', 't.fullName as templateName', 't.category', 't.type'])
      .where('f.deleteMark', '=', 0)
      .where('t.enabledMark', '=', 1)
      .where('f.mainVersionId', 'is not', null);
    if (templateId) q = q.where('f.templateId', '=', templateId);
    if (coveredTemplates) q = q.where('f.templateId', 'in', coveredTemplates.length ? [...coveredTemplates] : ['']);
    if (params.keyword) q = q.where((eb) => keywordIn(eb, ['f.fullName', 't.fullName'], params.keyword));
    return fetchPage(q.orderBy('t.sortCode').orderBy('f.sortCode').orderBy('f.id'), params);
  }
  /** The enabled template whose flow starts with the generated form `formId`. */
  templateOfForm(formId: string) {
    return this.db
      .selectFrom('flowDef as f')
      .innerJoin('flowVersion as v', 'v.id', 'f.mainVersionId')
      .innerJoin('flowTemplate as t', 't.id', 'f.templateId')
      .select(['t.id', 't.enabledMark'])
      .where('v.formId', '=', formId)
      .where('f.deleteMark', '=', 0)
      .orderBy('t.enabledMark', 'desc')
      .executeTakeFirst();
  }
}

/** Names of dictionary entries (the flow categories). */
export function categoryNames(db: Db | Trx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('dictionaryData').select(['id', 'fullName']).where('id', 'in', ids).execute();
}
