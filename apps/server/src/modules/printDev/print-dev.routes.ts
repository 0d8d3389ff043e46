import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  PageOf,
  PrintBatchDataQuery,
  PrintData,
  PrintDataQuery,
  PrintDevIds,
  PrintDevImportResult,
  PrintDevInput,
  PrintDevOption,
  PrintDevQuery,
  PrintDevRow,
  PrintDevSelectorNode,
  PrintDevSelectorQuery,
  PrintDevUpdate,
  PrintField,
  PrintFieldsBody,
  PrintLogInput,
  PrintLogQuery,
  PrintLogRow,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes, recordActionRoute, transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { callerOf } from '../dataInterface/data-interface-call.ts';
import type { PrintDevService } from './print-dev.service.ts';
import type { PrintDevTransferService } from './print-dev-transfer.service.ts';

const tags = ['printDev'];
const base = '/api/system/printDev';
const logBase = '/api/system/printLog';
const menu = 'system.printDev';
const IdParams = Type.Object({ id: Id });

const idList = (ids: string | string[]) => (Array.isArray(ids) ? ids : ids.split(',').filter(Boolean));

/**
 * Print templates and the print log (protocol-admin.md section 8). The designer's calls need the
 * print-template menu; printing (Selector, getListOptions, Data, BatchData, printLog/save) serves
 * any signed-in user, and Data reads records with the caller's rights on the template's form.
 */
export default async function printDevRoutes(
  app: App,
  { templates, transfer }: { templates: PrintDevService; transfer: PrintDevTransferService },
) {
  printTemplateRoutes(app, templates, transfer);
  printingRoutes(app, templates);
  printLogRoutes(app, templates);
}

/** The designer's calls (the menu): the CRUD kit, copy, a form's fields, export and import. */
function printTemplateRoutes(app: App, templates: PrintDevService, transfer: PrintDevTransferService) {
  crudRoutes(
    app,
    {
      base,
      menu,
      tag: 'printDev',
      noun: { one: 'print template', many: 'Print templates' },
      schemas: { query: PrintDevQuery, row: PrintDevRow, input: PrintDevInput, update: PrintDevUpdate },
    },
    templates,
  );

  recordActionRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:id/Actions/Copy`,
      tags,
      summary: 'Copy a template under a new name and code',
      preHandler: permit(menu, 'btn_add'),
      done: 'printDev.copied',
    },
    (id, session) => templates.copy(id, session),
  );

  app.post(
    `${base}/Fields`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary:
          'The fields a template can print: of a released generated form (formId; sub-table columns as children), or of its own SQL ({dbLinkId, sqlTemplate}: a node per statement, headTable first, its columns as children; run read-only through the data-interface guard)',
        body: PrintFieldsBody,
        response: { 200: EnvelopeOf(Type.Array(PrintField)) },
      },
    },
    async (request) => {
      const { formId, sqlTemplate } = request.body;
      if (formId) return ok(await templates.fieldsOfForm(formId));
      if (sqlTemplate) return ok(await templates.fieldsOfSql(sqlTemplate, sessionOf(request)));
      throw new BusinessError('printDev.noForm');
    },
  );

  transferRoutes(
    app,
    {
      base,
      menu,
      tag: 'printDev',
      file: { extension: /\.bp$/i, maxBytes: 4 * 1024 * 1024 },
      messages: { file: 'printDev.importFile', mode: 'printDev.importMode', invalid: 'printDev.importInvalid' },
      answered: (result) => (result.skipped ? 'printDev.importSkipped' : 'printDev.imported'),
      schemas: { link: Type.Object({ url: Type.String() }), result: PrintDevImportResult },
      summaries: {
        export: 'Write a template to a .bp file; answers the url it downloads from without authorization',
        import:
          'Import a .bp file (multipart file + type: 0 skip a template whose code exists, 1 add it with a suffix)',
      },
    },
    transfer,
  );
}

/** Printing, for any signed-in user: pickers, and a template with the records it prints (Data reads them with the caller's rights). */
function printingRoutes(app: App, templates: PrintDevService) {
  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'Enabled templates grouped by category (type 1 flow, 2 function)',
        querystring: PrintDevSelectorQuery,
        response: { 200: EnvelopeOf(ListOf(PrintDevSelectorNode)) },
      },
    },
    async (request) => ok({ list: await templates.selector(request.query.type) }),
  );

  app.post(
    `${base}/getListOptions`,
    {
      schema: {
        tags,
        summary: 'Names of the templates asked for (ids as a list or comma-joined)',
        body: PrintDevIds,
        response: { 200: EnvelopeOf(Type.Array(PrintDevOption)) },
      },
    },
    async (request) => ok(await templates.options(idList(request.body.ids))),
  );

  app.get(
    `${base}/Data`,
    {
      schema: {
        tags,
        summary: 'A template and one record of its form to print (id: template, formId: record)',
        querystring: PrintDataQuery,
        response: { 200: EnvelopeOf(PrintData) },
      },
    },
    async (request) => ok(await templates.data(callerOf(request, 'print'), request.query.id, request.query.formId)),
  );

  app.get(
    `${base}/BatchData`,
    {
      schema: {
        tags,
        summary: 'A template and several records to print (formId: record ids joined by commas)',
        querystring: PrintBatchDataQuery,
        response: { 200: EnvelopeOf(Type.Array(PrintData)) },
      },
    },
    async (request) =>
      ok(await templates.batchData(callerOf(request, 'print'), request.query.id, idList(request.query.formId))),
  );
}

/** The print log: a template's prints (the menu), and recording one (any signed-in user). */
function printLogRoutes(app: App, templates: PrintDevService) {
  app.get(
    `${logBase}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'The print log of a template, paged, newest first (startTime, endTime in ms)',
        params: IdParams,
        querystring: PrintLogQuery,
        response: { 200: EnvelopeOf(PageOf(PrintLogRow)) },
      },
    },
    async (request) => ok(await templates.logPage(request.params.id, request.query)),
  );

  app.post(
    `${logBase}/save`,
    {
      schema: {
        tags,
        summary: 'Record a print of a template (after the browser print completes)',
        body: PrintLogInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await templates.saveLog(request.body, sessionOf(request));
      return ok(null, request.t('common.saved'));
    },
  );
}
