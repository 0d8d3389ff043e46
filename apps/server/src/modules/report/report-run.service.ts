import { PassThrough } from 'node:stream';
import {
  type DataInterfaceDataRow,
  type DataInterfaceParamValue,
  REPORT_MAX_COLUMNS,
  ReportChartSums,
  type ReportDraftInput,
  type ReportDraftPreview,
  type ReportLayout,
  type ReportPage,
  ReportPageKeeper,
  type ReportPreview,
  type ReportRunInput,
  ReportSheetFiller,
  type ReportSheetProblem,
  type ReportSheetSink,
  reportAcrossFields,
  reportAcrossLayout,
  reportAcrossProblems,
  reportSheetProblems,
  reportSheetShape,
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
import { ReportWorkbookWriter } from './report-excel.ts';

type Definition = ReturnType<typeof definitionOf>;

/** A report checked and its parameters' values worked out: ready to stream. */
interface ReportRun {
  id: string;
  fullName: string;
  definition: Definition;
  values: Record<string, unknown>;
}

/** What a run learns besides the sheet: the charts' figures, the datasets cut at the cap, each dataset's fields. */
interface Streamed {
  charts: ReportPreview['charts'];
  truncated: string[];
  cap: number;
  fields: Record<string, string[]>;
}

const DEFAULT_PAGE_SIZE = 100;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The first rows of a dataset whose columns name its fields for the designer. */
const FIELD_SAMPLE_ROWS = 50;

/**
 * Runs reports (issue 39): the parameters checked and defaulted, each dataset's interface run as
 * the viewer (its call permission and data scope apply), the sheet filled by the shared engine.
 * The sheet streams: each detail block's dataset is read in group order, a batch at a time, and
 * each output row goes to the page being kept or the workbook being written as soon as it is
 * final, so a run holds a page or a few rows, not the report (docs/architecture.md, Reports).
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

  /** Report `id` checked for the caller, its sheet sound, its parameters' values given or defaulted. */
  private async prepare(id: string, input: ReportRunInput, caller: Caller): Promise<ReportRun> {
    const row = await new ReportRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    const { designs } = await this.requireViewable(caller.session, id);
    if (row.enabledMark !== 1 && !designs) throw new BusinessError('report.disabled');
    const definition = definitionOf(row);
    requireSoundSheet(
      definition.layout,
      definition.datasets.map((d) => d.name),
    );
    return { id: row.id, fullName: row.fullName, definition, values: parameterValues(definition, input, true) };
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
    const run: ReportRun = { id: '', fullName: input.report.fullName ?? '', definition, values };
    const found = reportSheetProblems(
      definition.layout,
      definition.datasets.map((d) => d.name),
    );
    const wide = found.length ? null : await this.widened(run, caller);
    const problems = [...found, ...(wide?.problems ?? [])].map((problem) => {
      const { key, params } = sheetProblemMessage(problem);
      return { message: t(key, params), row: problem.row, ...(problem.col === undefined ? {} : { col: problem.col }) };
    });
    if (!wide || problems.length) {
      const streamed = await this.stream(run, caller, null, definition.layout);
      const empty = new ReportPageKeeper(0, 1, DEFAULT_PAGE_SIZE).page([]);
      return { ...previewOf(run, empty, 0, { ...streamed, charts: [] }), fields: streamed.fields, problems };
    }
    const { page, headerRows, streamed } = await this.keptPage(run, input, caller, wide.layout);
    return { ...previewOf(run, page, headerRows, streamed), fields: streamed.fields, problems };
  }

  async preview(id: string, input: ReportRunInput, caller: Caller): Promise<ReportPreview> {
    const run = await this.prepare(id, input, caller);
    const { page, headerRows, streamed } = await this.keptPage(
      run,
      input,
      caller,
      await this.wideOrRefused(run, caller),
    );
    return previewOf(run, page, headerRows, streamed);
  }

  /** The page `input` asks for, kept as the sheet streams by; header rows repeated as the page setup says. */
  private async keptPage(run: ReportRun, input: ReportRunInput, caller: Caller, layout: ReportLayout) {
    const { columns, headerRows } = reportSheetShape(layout);
    const keeper = new ReportPageKeeper(
      headerRows,
      input.currentPage ?? 1,
      input.pageSize ?? DEFAULT_PAGE_SIZE,
      layout.page?.repeatHeader ?? true,
    );
    const streamed = await this.stream(run, caller, keeper, layout);
    return { page: keeper.page(columns), headerRows, streamed };
  }

  /** The report as an .xlsx download, written as the sheet streams: answers its name and the url it downloads from once. */
  async exportExcel(id: string, input: ReportRunInput, caller: Caller): Promise<{ name: string; url: string }> {
    const run = await this.prepare(id, input, caller);
    const layout = await this.wideOrRefused(run, caller);
    const out = new PassThrough();
    const fileName = `${run.fullName}.xlsx`;
    const workbook = new ReportWorkbookWriter(out, { name: run.fullName, layout, ...reportSheetShape(layout) });
    const writing = (async () => {
      await this.stream(run, caller, workbook, layout);
      await workbook.finish();
    })().catch((error: unknown) => {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    const [saved, written] = await Promise.allSettled([
      this.downloads.save(out, { contentType: XLSX_TYPE, fileName }),
      writing,
    ]);
    // The run's own error first (a refused interface, a dataset's SQL): the store's is only its echo.
    if (written.status === 'rejected') throw written.reason;
    if (saved.status === 'rejected') throw saved.reason;
    return { name: fileName, url: saved.value.url };
  }

  /**
   * The sheet written out wide for its cross-tab (`reportAcrossLayout`): the first pass, before any
   * row, asks each expanding field's dataset for its distinct values (the database does it for
   * SQL), one past the column cap at most; over the cap is a problem of the sheet.
   */
  private async widened(
    run: ReportRun,
    caller: Caller,
  ): Promise<{ layout: ReportLayout; problems: ReportSheetProblem[] }> {
    const { definition, values } = run;
    const fields = reportAcrossFields(definition.layout);
    if (!fields.length) return { layout: definition.layout, problems: [] };
    const found: Record<string, Record<string, unknown[]>> = {};
    for (const name of new Set(fields.map((f) => f.dataset))) {
      const dataset = definition.datasets.find((d) => d.name === name);
      if (!dataset) continue; // reportSheetProblems names it
      const wanted = [...new Set(fields.filter((f) => f.dataset === name).map((f) => f.field))];
      found[name] = await this.interfaces.reportDistinct(
        dataset.interfaceId,
        interfaceParams(dataset, values),
        caller,
        wanted,
        REPORT_MAX_COLUMNS + 1,
      );
    }
    const problems = reportAcrossProblems(definition.layout, found);
    return { layout: problems.length ? definition.layout : reportAcrossLayout(definition.layout, found), problems };
  }

  /** The wide sheet, or the refusal (400) of one with too many columns. */
  private async wideOrRefused(run: ReportRun, caller: Caller): Promise<ReportLayout> {
    const { layout, problems } = await this.widened(run, caller);
    const problem = problems[0];
    if (!problem) return layout;
    const { key, params } = sheetProblemMessage(problem);
    throw new BusinessError(key, params);
  }

  /**
   * Streams the report into `sink` (none: the datasets are only read, for the designer's fields):
   * each detail block's dataset in template order, in its group order, as the caller; then each
   * dataset no block reads, so every dataset is called, its charts summed and its fields named.
   * A dataset two blocks read is read twice; its charts, fields and cut come from the first read.
   */
  private async stream(
    run: ReportRun,
    caller: Caller,
    sink: ReportSheetSink | null,
    layout: ReportLayout,
  ): Promise<Streamed> {
    const { definition, values } = run;
    const charts = (definition.layout.charts ?? []).map((chart) => new ReportChartSums(chart));
    const cut = new Set<string>();
    const fields: Record<string, string[]> = {};
    let cap = 0;
    const read = async (
      name: string,
      groupFields: readonly string[],
      add: ((row: DataInterfaceDataRow) => void) | null,
    ) => {
      const dataset = definition.datasets.find((d) => d.name === name);
      if (!dataset) return; // a block over an unknown dataset: reportSheetProblems names it
      const first = !(name in fields);
      const sums = first ? charts.filter((_, i) => definition.layout.charts?.[i]?.dataset === name) : [];
      const columns = new Set<string>();
      let sampled = 0;
      const paramList = interfaceParams(dataset, values);
      // One dataset after another: on PGlite the statements share one connection anyway.
      const result = await this.interfaces.reportRows(
        dataset.interfaceId,
        paramList,
        caller,
        groupFields,
        (row, at) => {
          add?.(row);
          if (!first) return;
          for (const chart of sums) chart.add(row, at);
          if (sampled++ < FIELD_SAMPLE_ROWS) for (const key of Object.keys(row)) columns.add(key);
        },
      );
      if (!first) return;
      fields[name] = [...columns];
      if (result.truncated) cut.add(name);
      cap = result.cap;
    };
    if (sink) {
      const filler = new ReportSheetFiller(layout, values, sink);
      for (let block = filler.nextBlock(); block; block = filler.nextBlock())
        await read(block.dataset, block.groupFields, (row) => filler.add(row));
    }
    for (const dataset of definition.datasets) if (!(dataset.name in fields)) await read(dataset.name, [], null);
    return {
      charts: charts.map((chart) => chart.figures()),
      truncated: definition.datasets.filter((d) => cut.has(d.name)).map((d) => d.name),
      cap,
      fields,
    };
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

/** The preview's answer: the page kept, the report's frozen rows and page setup, the run's charts and cuts. */
function previewOf(run: ReportRun, page: ReportPage, headerRows: number, streamed: Streamed): ReportPreview {
  const layout = run.definition.layout;
  return {
    id: run.id,
    fullName: run.fullName,
    columns: page.columns,
    rows: page.rows,
    merges: page.merges,
    currentPage: page.page,
    pages: page.pages,
    total: page.total,
    frozenRows: layout.frozenRows ?? headerRows,
    page: layout.page ?? {},
    truncated: streamed.truncated,
    cap: streamed.cap,
    charts: streamed.charts,
  };
}

/** A dataset's interface parameters, each fed by its report parameter's value. */
function interfaceParams(
  dataset: Definition['datasets'][number],
  values: Record<string, unknown>,
): DataInterfaceParamValue[] {
  return dataset.parameterMap.map((m) => ({ field: m.field, defaultValue: interfaceValue(values[m.parameter]) }));
}

/** A parameter's value as an interface parameter's text: a list joined with commas, nothing as ''. */
function interfaceValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}
