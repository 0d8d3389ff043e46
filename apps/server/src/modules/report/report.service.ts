import {
  columnName,
  type PageData,
  REPORT_CATEGORY_DICTIONARY,
  REPORT_LAYOUT_MAX_CHARS,
  REPORT_PARAMETER_KINDS,
  type ReportDataset,
  type ReportInfo,
  type ReportInput,
  type ReportLayout,
  type ReportParameter,
  type ReportQuery,
  type ReportRow,
  type ReportSelectorNode,
  type ReportSheetProblem,
  reportSheetProblems,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { PermissionService } from '../../core/permissions.ts';
import { routeGranted } from '../../core/scope-rules.ts';
import type { Session } from '../../core/session.ts';
import { flipEnabledMark } from '../../core/state-switch.ts';
import type { Db } from '../../db/database.ts';
import type { DataInterfaceService } from '../dataInterface/data-interface.service.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import type { FormDefinitionService } from '../visualdev/visualdev.service.ts';
import { ReportRepository, type ReportValues } from './report.repository.ts';
import { requireKnownDrillForms } from './report-drill.ts';

/** The report designer's menu: its grant opens the list, its buttons guard the writes. */
export const reportMenu = 'onlineDev.dataReport';

type Row = NonNullable<Awaited<ReturnType<ReportRepository['findById']>>>;
type ListedRow = Awaited<ReturnType<ReportRepository['all']>>[number];
type StoredParameter = ReportInfo['parameters'][number];
type StoredDataset = ReportInfo['datasets'][number];

const parameterKinds: ReadonlySet<string> = new Set(REPORT_PARAMETER_KINDS);

/** A parameter as stored and answered: `required` and `defaultValue` always present. */
export const storedParameter = (p: ReportParameter): StoredParameter => ({
  name: p.name,
  label: p.label,
  jnpfKey: p.jnpfKey,
  required: p.required ?? false,
  defaultValue: p.defaultValue ?? null,
});
export const storedDataset = (d: ReportDataset): StoredDataset => ({
  name: d.name,
  interfaceId: d.interfaceId,
  parameterMap: d.parameterMap ?? [],
});

export const valuesOf = (input: ReportInput): ReportValues => ({
  fullName: input.fullName,
  enCode: input.enCode,
  categoryId: input.categoryId,
  parameters: JSON.stringify((input.parameters ?? []).map(storedParameter)),
  datasets: JSON.stringify((input.datasets ?? []).map(storedDataset)),
  layout: JSON.stringify(input.layout ?? {}),
  sortCode: input.sortCode ?? 0,
  enabledMark: input.enabledMark ?? 1,
  description: input.description ?? null,
});

/** The definition of a stored row, its JSON columns read back. */
export function definitionOf(row: Row) {
  return {
    parameters: JSON.parse(row.parameters) as StoredParameter[],
    datasets: JSON.parse(row.datasets) as StoredDataset[],
    layout: JSON.parse(row.layout) as ReportLayout,
  };
}

/** A sheet problem as its message key and values: the row (1-based), the cell (`B3`) and the name it gives. */
export function sheetProblemMessage(problem: ReportSheetProblem) {
  const cell = `${columnName(problem.col ?? 0)}${problem.row + 1}`;
  return {
    key: `report.sheet.${problem.key}` as const,
    params: { row: problem.row + 1, cell, name: problem.name ?? '' },
  };
}

/** Refuses (400) a sheet the engine cannot fill, naming its first problem and where it is. */
export function requireSoundSheet(layout: ReportLayout, datasetNames: string[]) {
  const problem = reportSheetProblems(layout, datasetNames)[0];
  if (!problem) return;
  const { key, params } = sheetProblemMessage(problem);
  throw new BusinessError(key, params);
}

const listRow = (r: ListedRow): ReportRow => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  categoryId: r.categoryId,
  creatorUser: r.creatorName ? `${r.creatorName}/${r.creatorAccount}` : '',
  creatorTime: toMillis(r.creatorTime) ?? 0,
  lastModifyTime: toMillis(r.lastModifyTime),
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
});

/**
 * Report definitions (报表设计): CRUD, copy, the state switch and the selector for the designer's
 * list, and the definition a report menu opens, with the search form its parameters make.
 */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryCache,
    private readonly interfaces: DataInterfaceService,
    private readonly permissions: PermissionService,
    private readonly forms: FormDefinitionService,
  ) {}

  async page(query: ReportQuery): Promise<PageData<ReportRow>> {
    const params = pageParams(query);
    const { list, total } = await new ReportRepository(this.db).page(params, {
      categoryId: query.category,
      enabledMark: query.enabledMark,
    });
    return page(list.map(listRow), total, params);
  }

  /**
   * The definition a report menu opens. A disabled report opens only for its designers (to test
   * it before switching it on); everyone else is told it is disabled.
   */
  async info(id: string, session: Session): Promise<ReportInfo> {
    const row = await this.find(id);
    if (row.enabledMark !== 1 && !(await this.designs(session))) throw new BusinessError('report.disabled');
    const definition = definitionOf(row);
    return {
      id: row.id,
      fullName: row.fullName,
      enCode: row.enCode,
      categoryId: row.categoryId,
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description ?? '',
      ...definition,
      searchForm: {
        components: definition.parameters.map((p) => ({
          bindParameter: p.name,
          defaultValue: p.defaultValue,
          label: p.label,
          jnpfKey: p.jnpfKey,
          required: p.required,
        })),
      },
      creatorTime: toMillis(row.creatorTime) ?? 0,
      lastModifyTime: toMillis(row.lastModifyTime),
    };
  }

  /** Whether the caller holds the designer's menu. */
  private async designs(session: Session): Promise<boolean> {
    if (session.isAdministrator) return true;
    return routeGranted(await this.permissions.access(session), { menuCode: reportMenu, buttonCode: null });
  }

  private async find(id: string): Promise<Row> {
    const row = await new ReportRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return row;
  }

  async create(input: ReportInput, session: Session): Promise<string> {
    await this.check(input);
    return this.db.transaction().execute(async (trx) => {
      const repo = new ReportRepository(trx);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('report.codeTaken');
      const id = newId();
      await repo.insert(id, valuesOf(input), session.userId);
      return id;
    });
  }

  async update(id: string, input: ReportInput, session: Session) {
    await this.check(input);
    await this.db.transaction().execute(async (trx) => {
      const repo = new ReportRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('report.codeTaken');
      await repo.update(id, valuesOf(input), session.userId);
    });
  }

  toggleState(id: string, session: Session): Promise<number> {
    return flipEnabledMark(this.db, 'report', id, session.userId);
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new ReportRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.delete(id);
    });
  }

  /** A copy with a new name and code (name.副本xxxxx), as the other designers copy. */
  async copy(id: string, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new ReportRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      return repo.insertCopy(row, session.userId);
    });
  }

  /** `Selector`: ReportSort categories holding enabled reports, the reports in children. */
  async selector(): Promise<ReportSelectorNode[]> {
    const reports = await new ReportRepository(this.db).all({ enabledMark: 1 });
    const categories = await this.dictionaries.entries(REPORT_CATEGORY_DICTIONARY);
    const groupOf = new Map(categories.flatMap((c) => [[c.id, c.id] as const, [c.enCode, c.id] as const]));
    const groups = [
      ...categories.map((c) => ({ id: c.id, fullName: c.fullName })),
      // A report whose category entry was deleted or switched off still shows, under its bare id.
      ...[...new Set(reports.map((r) => r.categoryId).filter((c) => !groupOf.has(c)))].map((c) => ({
        id: c,
        fullName: c,
      })),
    ];
    return groups
      .map((group) => ({
        id: group.id,
        fullName: group.fullName,
        parentId: '0',
        hasChildren: true,
        children: reports
          .filter((r) => (groupOf.get(r.categoryId) ?? r.categoryId) === group.id)
          .map((r) => ({ id: r.id, fullName: r.fullName, enCode: r.enCode, parentId: group.id, hasChildren: false })),
      }))
      .filter((group) => group.children.length > 0);
  }

  /**
   * What the schema cannot say: the category is a ReportSort entry; parameter and dataset names are
   * unique; a parameter's widget is one the search form offers; a dataset's interface exists and
   * each mapping joins one of its parameters to one of the report's; the layout is within bounds;
   * a form drill-through names a released form and its fields.
   */
  private async check(input: ReportInput) {
    if (!(await this.dictionaries.hasEntry(REPORT_CATEGORY_DICTIONARY, input.categoryId)))
      throw new BusinessError('report.categoryUnknown', { id: input.categoryId });
    const parameters = input.parameters ?? [];
    const names = new Set<string>();
    for (const p of parameters) {
      if (names.has(p.name)) throw new BusinessError('report.parameterTwice', { name: p.name });
      names.add(p.name);
      if (!parameterKinds.has(p.jnpfKey))
        throw new BusinessError('report.parameterKind', { name: p.name, jnpfKey: p.jnpfKey });
    }
    const datasets = new Set<string>();
    for (const d of input.datasets ?? []) {
      if (datasets.has(d.name)) throw new BusinessError('report.datasetTwice', { name: d.name });
      datasets.add(d.name);
      const fields = await this.interfaceParameters(d);
      const mapped = new Set<string>();
      for (const m of d.parameterMap ?? []) {
        if (!fields.has(m.field))
          throw new BusinessError('report.interfaceParameterUnknown', { name: d.name, field: m.field });
        if (mapped.has(m.field))
          throw new BusinessError('report.interfaceParameterTwice', { name: d.name, field: m.field });
        mapped.add(m.field);
        if (!names.has(m.parameter))
          throw new BusinessError('report.parameterUnknown', { name: d.name, parameter: m.parameter });
      }
    }
    if (JSON.stringify(input.layout ?? {}).length > REPORT_LAYOUT_MAX_CHARS)
      throw new BusinessError('report.layoutTooLarge', { max: REPORT_LAYOUT_MAX_CHARS });
    requireSoundSheet(input.layout ?? {}, [...datasets]);
    await requireKnownDrillForms(input.layout ?? {}, this.forms);
  }

  /** The parameter names of a dataset's interface; an interface that does not exist is refused. */
  private async interfaceParameters(dataset: ReportDataset): Promise<Set<string>> {
    const parameters = await this.interfaces.parameters(dataset.interfaceId).catch((error: unknown) => {
      if (error instanceof NotFoundError)
        throw new BusinessError('report.interfaceUnknown', { name: dataset.name, id: dataset.interfaceId });
      throw error;
    });
    return new Set(parameters.map((p) => p.field));
  }
}
