import { PassThrough } from 'node:stream';
import {
  type DataInterfaceParamValue,
  expandReport,
  type ReportDatasetRows,
  type ReportDraftInput,
  type ReportDraftPreview,
  type ReportOutput,
  type ReportPreview,
  type ReportRunInput,
  reportChartData,
  reportPage,
  reportSheetProblems,
} from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { Translate } from '../../core/i18n.ts';
import type { PermissionService } from '../../core/permissions.ts';
import { routeGranted } from '../../core/scope-rules.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { DataInterfaceService } from '../dataInterface/data-interface.service.ts';
import type { Caller } from '../dataInterface/data-interface-call.ts';
import { ReportRepository } from './report.repository.ts';
import {
  definitionOf,
  reportMenu,
  requireSoundSheet,
  sheetProblemMessage,
  storedDataset,
  storedParameter,
} from './report.service.ts';
import { writeReportWorkbook } from './report-excel.ts';

type Definition = ReturnType<typeof definitionOf>;

/** A filled report: the sheet, the chart figures and the datasets cut at the cap. */
export interface FilledReport {
  id: string;
  fullName: string;
  definition: Definition;
  output: ReportOutput;
  charts: ReportPreview['charts'];
  truncated: string[];
  cap: number;
}

const DEFAULT_PAGE_SIZE = 100;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Runs reports (issue 39): the parameters checked and defaulted, each dataset's interface run as
 * the viewer (its call permission and data scope apply), the sheet filled by the shared engine.
 * A report opens for administrators, its designers and holders of an enabled report menu (type 5)
 * opening it; a disabled report only for its designers.
 */
export class ReportRunService {
  constructor(
    private readonly db: Db,
    private readonly interfaces: DataInterfaceService,
    private readonly permissions: PermissionService,
    private readonly downloads: Downloads,
  ) {}

  /** Refuses (400, 无权查看该报表) a caller who may not open report `id`; answers whether it designs reports. */
  async requireViewable(session: Session, id: string): Promise<{ designs: boolean }> {
    if (session.isAdministrator) return { designs: true };
    const access = await this.permissions.access(session);
    if (routeGranted(access, { menuCode: reportMenu, buttonCode: null })) return { designs: true };
    const menus = await new ReportRepository(this.db).menusOpening(id);
    if (menus.some((code) => access.menus.has(code))) return { designs: false };
    throw new BusinessError('report.viewDenied');
  }

  async fill(id: string, input: ReportRunInput, caller: Caller): Promise<FilledReport> {
    const row = await new ReportRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    const { designs } = await this.requireViewable(caller.session, id);
    if (row.enabledMark !== 1 && !designs) throw new BusinessError('report.disabled');
    const definition = definitionOf(row);
    requireSoundSheet(
      definition.layout,
      definition.datasets.map((d) => d.name),
    );
    const values = parameterValues(definition, input, true);
    const { data, truncated, cap } = await this.datasetRows(definition, values, caller);
    return { id: row.id, fullName: row.fullName, definition, ...filled(definition, data, values), truncated, cap };
  }

  /**
   * The designer's live view (`Actions/PreviewDraft`): a definition not yet saved, run as the
   * designer. Its datasets run even while the sheet has problems, so their fields can be bound; the
   * page stays empty until the problems are gone. A required parameter left empty is not refused
   * here: the designer is still writing the search form.
   */
  async previewDraft(input: ReportDraftInput, caller: Caller, t: Translate): Promise<ReportDraftPreview> {
    const definition: Definition = {
      parameters: (input.report.parameters ?? []).map(storedParameter),
      datasets: (input.report.datasets ?? []).map(storedDataset),
      layout: input.report.layout ?? {},
    };
    const values = parameterValues(definition, input, false);
    const { data, truncated, cap } = await this.datasetRows(definition, values, caller);
    const fields = Object.fromEntries(Object.entries(data).map(([name, rows]) => [name, fieldsOf(rows)]));
    const problems = reportSheetProblems(
      definition.layout,
      definition.datasets.map((d) => d.name),
    ).map((problem) => {
      const { key, params } = sheetProblemMessage(problem);
      return { message: t(key, params), row: problem.row, ...(problem.col === undefined ? {} : { col: problem.col }) };
    });
    const report = {
      id: '',
      fullName: input.report.fullName ?? '',
      definition,
      ...(problems.length ? emptyFill : filled(definition, data, values)),
      truncated,
      cap,
    };
    return { ...previewPage(report, input), fields, problems };
  }

  /** Each dataset's rows through its interface, as the caller, parameters mapped from the report's. */
  private async datasetRows(definition: Definition, values: Record<string, unknown>, caller: Caller) {
    const data: Record<string, readonly Readonly<Record<string, unknown>>[]> = {};
    const truncated: string[] = [];
    let cap = 0;
    // One after another: on PGlite the statements share one connection anyway, and a report's
    // datasets are few.
    for (const dataset of definition.datasets) {
      const paramList: DataInterfaceParamValue[] = dataset.parameterMap.map((m) => ({
        field: m.field,
        defaultValue: interfaceValue(values[m.parameter]),
      }));
      const result = await this.interfaces.reportRows(dataset.interfaceId, paramList, caller);
      data[dataset.name] = result.rows;
      if (result.truncated) truncated.push(dataset.name);
      cap = result.cap;
    }
    return { data, truncated, cap };
  }

  async preview(id: string, input: ReportRunInput, caller: Caller): Promise<ReportPreview> {
    return previewPage(await this.fill(id, input, caller), input);
  }

  /** The filled report as an .xlsx download: answers its name and the url it downloads from once. */
  async exportExcel(id: string, input: ReportRunInput, caller: Caller): Promise<{ name: string; url: string }> {
    const filled = await this.fill(id, input, caller);
    const stream = new PassThrough();
    const fileName = `${filled.fullName}.xlsx`;
    const writing = writeReportWorkbook(filled, stream).catch((error: unknown) => {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    const [saved] = await Promise.all([this.downloads.save(stream, { contentType: XLSX_TYPE, fileName }), writing]);
    return { name: fileName, url: saved.url };
  }
}

/**
 * The parameters' values: given ones over defaults. A required one left empty is refused by its
 * label when `refuseEmpty`.
 */
function parameterValues(definition: Definition, input: ReportRunInput, refuseEmpty: boolean): Record<string, unknown> {
  const given = input.parameters ?? {};
  const values: Record<string, unknown> = {};
  for (const parameter of definition.parameters) {
    const value = Object.hasOwn(given, parameter.name) ? given[parameter.name] : parameter.defaultValue;
    const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);
    if (empty && parameter.required && refuseEmpty)
      throw new BusinessError('report.parameterRequired', { label: parameter.label });
    values[parameter.name] = empty ? null : value;
  }
  return values;
}

/** The sheet filled with the datasets' rows, and the charts' figures. */
function filled(definition: Definition, data: ReportDatasetRows, values: Record<string, unknown>) {
  const layout = definition.layout;
  return {
    output: expandReport(layout, data, values),
    charts: (layout.charts ?? []).map((chart) => reportChartData(chart, data[chart.dataset] ?? [])),
  };
}

const emptyFill: Pick<FilledReport, 'output' | 'charts'> = {
  output: { columns: [], rows: [], merges: [], headerRows: 0 },
  charts: [],
};

/** The page `input` asks for, header rows repeated as the page setup says. */
function previewPage(report: FilledReport, input: ReportRunInput): ReportPreview {
  const layout = report.definition.layout;
  const page = reportPage(
    report.output,
    input.currentPage ?? 1,
    input.pageSize ?? DEFAULT_PAGE_SIZE,
    layout.page?.repeatHeader ?? true,
  );
  return {
    id: report.id,
    fullName: report.fullName,
    columns: page.columns,
    rows: page.rows,
    merges: page.merges,
    currentPage: page.page,
    pages: page.pages,
    total: page.total,
    frozenRows: layout.frozenRows ?? report.output.headerRows,
    page: layout.page ?? {},
    truncated: report.truncated,
    cap: report.cap,
    charts: report.charts,
  };
}

/** The columns a dataset's rows carry, in the order they first come (the first 50 rows are looked at). */
function fieldsOf(rows: readonly Readonly<Record<string, unknown>>[]): string[] {
  const fields = new Set<string>();
  for (const row of rows.slice(0, 50)) for (const key of Object.keys(row)) fields.add(key);
  return [...fields];
}

/** A parameter's value as an interface parameter's text: a list joined with commas, nothing as ''. */
function interfaceValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}
