import {
  FlowJsonEntries,
  type FlowJsonEntry,
  type FlowJsonListItem,
  type FlowNode,
  type FlowTemplateInfo,
  type FlowTemplateInput,
  type FlowTemplateQuery,
  type FlowTemplateRow,
  type FlowTemplateTreeNode,
  type FlowVersionRow,
  type PageData,
  validateFlowGraph,
} from '@platform/shared';
import { Value } from 'typebox/value';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { FormDefinitionService } from '../visualdev/visualdev.service.ts';
import { categoryNames, FlowDefinitionRepository } from './flow-definition.repository.ts';

type TemplateDbRow = NonNullable<Awaited<ReturnType<FlowDefinitionRepository['template']>>>;

const toRow = (r: TemplateDbRow): FlowTemplateRow => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category ?? '',
  type: r.type,
  icon: r.icon ?? '',
  iconBackground: r.iconBackground ?? '',
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  creatorUser: r.creatorUser,
  creatorTime: r.creatorTime.getTime(),
  lastModifyTime: toMillis(r.lastModifyTime),
});

/** The first problem of a graph as a refusal naming the flow and the node. */
function checkGraph(flowName: string, graph: FlowNode) {
  const [problem] = validateFlowGraph(graph);
  if (problem) throw new BusinessError(problem.key, { flow: flowName, node: problem.nodeName });
}

/**
 * Flow templates (protocol-workflow.md 1): a template's flows arrive as one JSON string; each save
 * of a changed flow adds a version, which becomes the main version unless tasks run on the current
 * main one (the designer then offers MainVersion).
 */
export class FlowDefinitionService {
  constructor(
    private readonly db: Db,
    private readonly forms: FormDefinitionService,
  ) {}

  async page(query: FlowTemplateQuery): Promise<PageData<FlowTemplateRow>> {
    const params = pageParams(query);
    const result = await new FlowDefinitionRepository(this.db).pageTemplates(params, {
      category: query.category,
      type: query.type,
      enabledMark: query.enabledMark,
    });
    // Lists show the category by its name (the 3.6 client prints `category` as given); Info keeps the id.
    const names = await this.categoryNamesOf(result.list.map((r) => r.category ?? ''));
    return page(
      result.list.map((r) => ({ ...toRow(r), category: names.get(r.category ?? '') ?? r.category ?? '' })),
      result.total,
      params,
    );
  }

  /** The names of the flow-category dictionary entries among `ids`, in one query. */
  private async categoryNamesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter(Boolean))];
    return new Map((await categoryNames(this.db, wanted)).map((c) => [c.id, c.fullName]));
  }

  /** Templates by id, in the order asked (the entrust form names the flows it stores); unknown ids are left out. */
  async byIds(ids: string[]): Promise<FlowTemplateRow[]> {
    const rows = await new FlowDefinitionRepository(this.db).templatesByIds([...new Set(ids)]);
    const byId = new Map(rows.map((r) => [r.id, toRow(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async info(id: string): Promise<FlowTemplateInfo> {
    const repo = new FlowDefinitionRepository(this.db);
    const row = await repo.template(id);
    if (!row) throw new NotFoundError();
    const flows = await repo.flows([id]);
    const formId = flows.find((f) => f.formId)?.formId ?? '';
    return {
      ...toRow(row),
      flowTemplateJson: JSON.stringify(
        flows.map((f) => ({
          id: f.id,
          flowId: f.flowKey,
          fullName: f.fullName,
          flowTemplateJson: f.graph ? (JSON.parse(f.graph) as FlowNode) : null,
        })),
      ),
      onlineDev: formId ? 1 : 0,
      onlineFormId: formId,
    };
  }

  private parseFlows(text: string | null | undefined): FlowJsonEntry[] {
    if (!text) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BusinessError('workflow.badGraph');
    }
    if (!Value.Check(FlowJsonEntries, parsed)) throw new BusinessError('workflow.badGraph');
    return parsed;
  }

  async create(input: FlowTemplateInput, session: Session): Promise<{ id: string; isMainVersion: boolean }> {
    const flows = this.parseFlows(input.flowTemplateJson);
    const id = newId();
    const isMainVersion = await this.db.transaction().execute(async (trx) => {
      const repo = new FlowDefinitionRepository(trx);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('workflow.codeTaken');
      await repo.insertTemplate({ id, ...this.columns(input), creatorUserId: session.userId });
      return this.saveFlows(trx, id, flows, session, false);
    });
    return { id, isMainVersion };
  }

  async update(
    id: string,
    input: FlowTemplateInput,
    session: Session,
  ): Promise<{ id: string; isMainVersion: boolean }> {
    const flows = this.parseFlows(input.flowTemplateJson);
    const isMainVersion = await this.db.transaction().execute(async (trx) => {
      const repo = new FlowDefinitionRepository(trx);
      const row = await repo.template(id);
      if (!row) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('workflow.codeTaken');
      await repo.updateTemplate(id, {
        ...this.columns(input),
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
      if (input.flowTemplateJson === undefined || input.flowTemplateJson === null) return true;
      return this.saveFlows(trx, id, flows, session, row.enabledMark === 1);
    });
    return { id, isMainVersion };
  }

  private columns(input: FlowTemplateInput) {
    return {
      fullName: input.fullName,
      enCode: input.enCode,
      category: input.category ?? null,
      type: input.type ?? 0,
      icon: input.icon ?? null,
      iconBackground: input.iconBackground ?? null,
      sortCode: input.sortCode ?? 0,
      description: input.description ?? null,
    };
  }

  /** Saves the flows of one template; answers whether every changed flow's new version is its main one. */
  private async saveFlows(trx: Trx, templateId: string, flows: FlowJsonEntry[], session: Session, live: boolean) {
    const repo = new FlowDefinitionRepository(trx);
    const existing = new Map((await repo.flows([templateId])).map((f) => [f.id, f]));
    let allMain = true;
    for (const [index, entry] of flows.entries()) {
      const deleting = entry.isDelete === true || entry.isDelete === 1;
      let flowId = entry.id;
      if (flowId && !existing.has(flowId)) throw new BusinessError('workflow.flowUnknown');
      if (deleting) {
        if (flowId) await repo.updateFlow(flowId, { deleteMark: 1 });
        continue;
      }
      // A template already released takes only graphs that could run.
      if (live) checkGraph(entry.fullName, entry.flowTemplateJson);
      if (!flowId) {
        flowId = newId();
        await repo.insertFlow({
          id: flowId,
          templateId,
          flowKey: entry.flowId ?? '',
          fullName: entry.fullName,
          sortCode: index,
        });
      } else await repo.updateFlow(flowId, { fullName: entry.fullName, sortCode: index });
      const graph = JSON.stringify(entry.flowTemplateJson);
      const last = await repo.lastVersion(flowId);
      if (last && last.graph === graph) continue;
      const versionId = newId();
      await repo.insertVersion({
        id: versionId,
        flowId,
        templateId,
        version: (last?.version ?? 0) + 1,
        graph,
        formId: entry.flowTemplateJson.properties.formId || null,
        creatorUserId: session.userId,
      });
      const main = existing.get(flowId)?.mainVersionId;
      if (main && (await repo.versionUsed(main))) allMain = false;
      else await repo.updateFlow(flowId, { mainVersionId: versionId });
    }
    return allMain;
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new FlowDefinitionRepository(trx);
      if (!(await repo.template(id))) throw new NotFoundError();
      if (await repo.templateHasTasks(id)) throw new BusinessError('workflow.templateInUse');
      await repo.deleteTemplate(id);
    });
  }

  /** A template as a new one would be created from it: its fields, and its flows' main graphs without ids. */
  async portable(id: string): Promise<FlowTemplateInput> {
    const info = await this.info(id);
    const flows = (JSON.parse(info.flowTemplateJson) as FlowJsonEntry[])
      .filter((f) => f.flowTemplateJson)
      .map((f) => ({ ...f, id: '' }));
    return {
      fullName: info.fullName,
      enCode: info.enCode,
      category: info.category || null,
      type: info.type === 1 ? 1 : 0,
      icon: info.icon,
      iconBackground: info.iconBackground,
      sortCode: info.sortCode,
      description: info.description,
      flowTemplateJson: JSON.stringify(flows),
    };
  }

  async copy(id: string, session: Session): Promise<string> {
    const input = await this.portable(id);
    const suffix = Date.now().toString(36).slice(-5);
    const copied = await this.create(
      {
        ...input,
        fullName: `${input.fullName}.副本${suffix}`.slice(0, 50),
        enCode: `${input.enCode}${suffix}`.slice(0, 50),
      },
      session,
    );
    return copied.id;
  }

  /** Release checks every flow's main graph (every branch ends, every approver resolvable). */
  async setEnabled(id: string, enabled: boolean, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new FlowDefinitionRepository(trx);
      if (!(await repo.template(id))) throw new NotFoundError();
      if (enabled) {
        const flows = await repo.flows([id]);
        if (!flows.some((f) => f.graph)) throw new BusinessError('workflow.noFlows');
        for (const f of flows) if (f.graph) checkGraph(f.fullName, JSON.parse(f.graph) as FlowNode);
      }
      await repo.updateTemplate(id, {
        enabledMark: enabled ? 1 : 0,
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
  }

  async tree(): Promise<FlowTemplateTreeNode[]> {
    const rows = await new FlowDefinitionRepository(this.db).allTemplates({ keyword: '', enabledMark: 1 });
    const categories = [...new Set(rows.map((r) => r.category ?? ''))];
    const names = await this.categoryNamesOf(categories);
    return categories.map((category) => {
      const children = rows
        .filter((r) => (r.category ?? '') === category)
        .map((r) => ({
          id: r.id,
          fullName: r.fullName,
          enCode: r.enCode,
          parentId: category || '0',
          type: r.type,
          icon: r.icon ?? '',
          iconBackground: r.iconBackground ?? '',
          hasChildren: false,
        }));
      return {
        id: category || '0',
        fullName: names.get(category) ?? category,
        parentId: '-1',
        hasChildren: true,
        children,
      };
    });
  }

  /** The bare array of a template's flows with their main graphs; `launchable` keeps enabled templates only. */
  async flowJsonList(templateId: string, launchable: boolean): Promise<FlowJsonListItem[]> {
    const repo = new FlowDefinitionRepository(this.db);
    const row = await repo.template(templateId);
    if (!row) throw new NotFoundError();
    if (launchable && row.enabledMark !== 1) return [];
    return (await repo.flows([templateId]))
      .filter((f) => f.graph)
      .map((f) => ({ id: f.id, fullName: f.fullName, flowTemplateJson: f.graph ?? '' }));
  }

  async versions(
    templateId: string,
    query: FlowTemplateQuery & { flowId?: string },
  ): Promise<PageData<FlowVersionRow>> {
    const params = pageParams(query);
    const result = await new FlowDefinitionRepository(this.db).pageVersions(params, templateId, query.flowId);
    return page(
      result.list.map((v) => ({
        id: v.id,
        flowId: v.flowId,
        fullName: v.fullName,
        version: `V${v.version}`,
        enabledMark: v.mainVersionId === v.id ? 1 : 0,
        flowTemplateJson: v.graph,
        creatorTime: v.creatorTime.getTime(),
      })),
      result.total,
      params,
    );
  }

  async mainVersion(versionId: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new FlowDefinitionRepository(trx);
      const version = await repo.version(versionId);
      if (!version) throw new NotFoundError();
      await repo.updateFlow(version.flowId, { mainVersionId: version.id });
    });
  }

  async deleteVersion(versionId: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new FlowDefinitionRepository(trx);
      const version = await repo.version(versionId);
      if (!version) throw new NotFoundError();
      if (version.mainVersionId === version.id) throw new BusinessError('workflow.mainVersion');
      if (await repo.versionUsed(versionId)) throw new BusinessError('workflow.versionInUse');
      await repo.deleteVersion(versionId);
    });
  }

  /** Launchable flows (pg); `coveredTemplates` (when given) keeps those of these templates only. */
  async pageFlows(query: FlowTemplateQuery & { templateId?: string }, coveredTemplates?: readonly string[]) {
    const params = pageParams(query);
    const result = await new FlowDefinitionRepository(this.db).pageFlows(params, query.templateId, coveredTemplates);
    const names = await this.categoryNamesOf(result.list.map((f) => f.category ?? ''));
    return page(
      result.list.map((f) => ({ ...f, category: names.get(f.category ?? '') ?? f.category ?? '' })),
      result.total,
      params,
    );
  }

  /** The form a flow launches with: its start node's generated form. */
  async formInfo(flowId: string) {
    const flow = await new FlowDefinitionRepository(this.db).flow(flowId);
    if (!flow) throw new BusinessError('workflow.flowUnknown');
    return this.formOf(flow.formId);
  }

  async formOf(formId: string | null) {
    if (!formId) return { id: '', enCode: '', fullName: '', formType: 1, urlAddress: '', propertyJson: '' };
    return this.forms.flowFormOf(formId);
  }

  /** The template a generated form launches through (OnlineDev Config's flowId), '' when none is enabled. */
  async templateOfForm(formId: string): Promise<string> {
    const row = await new FlowDefinitionRepository(this.db).templateOfForm(formId);
    return row?.enabledMark === 1 ? row.id : '';
  }
}
