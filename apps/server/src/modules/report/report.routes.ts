import {
  EnvelopeOf,
  Id,
  ListOf,
  PageOf,
  ReportDraftInput,
  ReportDraftPreview,
  ReportFromFormInput,
  ReportImportResult,
  ReportInfo,
  ReportInput,
  ReportPreview,
  ReportQuery,
  ReportRow,
  ReportRunInput,
  ReportSelectorNode,
  ReportUpdate,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudWriteRoutes, recordActionRoute, transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { callerOf } from '../dataInterface/data-interface-call.ts';
import { type ReportService, reportMenu } from './report.service.ts';
import type { ReportFromFormService } from './report-from-form.service.ts';
import { reportPreviewPage } from './report-preview-page.ts';
import type { ReportRunService } from './report-run.service.ts';
import type { ReportTransferService } from './report-transfer.service.ts';

const tag = 'report';
const tags = [tag];
/** The report server's base, as the 3.6 client's report menus (type 5) call it. */
const base = '/api/ReportServer/Data';
const menu = reportMenu;
const IdParams = Type.Object({ id: Id });

/**
 * Report definitions (issue 39, protocol-workflow.md section 6). The designer's calls need the
 * report menu; opening a report (Selector, GET {id}) serves any signed-in user, the service
 * refusing a disabled report to all but its designers.
 */
export default async function reportRoutes(
  app: App,
  {
    reports,
    transfer,
    runs,
    fromForm,
  }: {
    reports: ReportService;
    transfer: ReportTransferService;
    runs: ReportRunService;
    fromForm: ReportFromFormService;
  },
) {
  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Reports, paged (category: a ReportSort entry id; enabledMark)',
        querystring: ReportQuery,
        response: { 200: EnvelopeOf(PageOf(ReportRow)) },
      },
    },
    async (request) => ok(await reports.page(request.query)),
  );

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'Enabled reports grouped by category, for pickers (menus of type 5)',
        response: { 200: EnvelopeOf(ListOf(ReportSelectorNode)) },
      },
    },
    async () => ok({ list: await reports.selector() }),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary:
          'A report: its definition and the search form its parameters make (searchForm.components); for administrators, its designers and holders of a report menu (type 5) opening it; a disabled report only for its designers',
        params: IdParams,
        response: { 200: EnvelopeOf(ReportInfo) },
      },
    },
    async (request) => {
      await runs.requireViewable(sessionOf(request), request.params.id);
      return ok(await reports.info(request.params.id, sessionOf(request)));
    },
  );

  reportPreviewPage(app);

  reportRunRoutes(app, { runs, fromForm });

  crudWriteRoutes(
    app,
    {
      base,
      menu,
      tag,
      noun: { one: 'report', many: 'Reports' },
      schemas: { input: ReportInput, update: ReportUpdate },
    },
    reports,
  );

  recordActionRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:id/Actions/Copy`,
      tags,
      summary: 'Copy a report under a new name and code',
      preHandler: permit(menu, 'btn_add'),
      done: 'report.copied',
    },
    (id, session) => reports.copy(id, session),
  );

  transferRoutes(
    app,
    {
      base,
      menu,
      tag,
      file: { extension: /\.json$/i, maxBytes: 4 * 1024 * 1024 },
      messages: { file: 'report.importFile', mode: 'report.importMode', invalid: 'report.importInvalid' },
      answered: (result) => (result.skipped ? 'report.importSkipped' : 'report.imported'),
      schemas: { link: Type.Object({ url: Type.String() }), result: ReportImportResult },
      summaries: {
        export: 'Write a report to a .json file; answers the url it downloads from without authorization',
        import:
          'Import a report .json file (multipart file + type: 0 skip a report whose code exists, 1 add it with a suffix)',
      },
    },
    transfer,
  );
}

/**
 * Running reports: a page (Preview), the designer's live view of a draft (PreviewDraft), a report
 * made from a form (FromForm) and the Excel file (ExportExcel).
 */
function reportRunRoutes(app: App, { runs, fromForm }: { runs: ReportRunService; fromForm: ReportFromFormService }) {
  app.post(
    `${base}/:id/Actions/Preview`,
    {
      schema: {
        tags,
        summary:
          'A page of the report filled with its datasets (run as the viewer: its interface permissions and data scope apply), header rows repeated, merges cut to the page, chart figures',
        params: IdParams,
        body: ReportRunInput,
        response: { 200: EnvelopeOf(ReportPreview) },
      },
    },
    async (request) => ok(await runs.preview(request.params.id, request.body, callerOf(request, 'report'))),
  );

  app.post(
    `${base}/Actions/PreviewDraft`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary:
          "The designer's live view: a report not yet saved, its first page filled as the designer (interface permissions and data scope apply), each dataset's fields and the sheet's problems",
        body: ReportDraftInput,
        response: { 200: EnvelopeOf(ReportDraftPreview) },
      },
    },
    async (request) => ok(await runs.previewDraft(request.body, callerOf(request, 'report'), request.t)),
  );

  app.post(
    `${base}/Actions/FromForm`,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary:
          "A report over a generated form's records in one step: a SQL data interface reading its table (each viewer's data scope applies) and a grouped sheet with subtotals, a total and a bar chart; answers the report's id",
        body: ReportFromFormInput,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) => ok({ id: await fromForm.create(request.body, sessionOf(request), request.t) }),
  );

  app.post(
    `${base}/:id/Actions/ExportExcel`,
    {
      schema: {
        tags,
        summary:
          'The whole report as an .xlsx workbook (merged cells, formats, subtotal formulas); answers the url it downloads from',
        params: IdParams,
        body: ReportRunInput,
        response: { 200: EnvelopeOf(Type.Object({ name: Type.String(), url: Type.String() })) },
      },
    },
    async (request) => ok(await runs.exportExcel(request.params.id, request.body, callerOf(request, 'report'))),
  );
}
