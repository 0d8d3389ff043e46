import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ImportRow,
  PageOf,
  RecordBody,
  RecordExportBody,
  RecordIds,
  RecordInfo,
  RecordListBody,
  RecordPageConfig,
  RecordValues,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { SheetFiles } from '../../core/sheet-files.ts';
import { registerSheetImportRoutes, sheetDownloadUrl } from '../../core/sheet-import.routes.ts';
import { type SheetImportDefinition, SheetImporter } from '../../core/sheet-import.ts';
import type { RecordService } from './record.service.ts';
import { type ImportedLine, recordImportDefinition } from './record-import.ts';

const records = '/api/visualdev/OnlineDev';
const tags = ['visualdev'];
const ModelParams = Type.Object({ modelId: Id });
const RecordParams = Type.Object({ modelId: Id, id: Type.String({ minLength: 1, maxLength: 50 }) });
const MenuQuery = Type.Object({
  menuId: Type.Optional(Type.String({ maxLength: 50 })),
  type: Type.Optional(Type.String()),
});

/** Records (`/api/visualdev/OnlineDev/{modelId}`). The rights of every call are the caller's on the menus that open the definition. */
export function visualdevRecordRoutes(app: App, service: RecordService) {
  recordReadRoutes(app, service);
  recordWriteRoutes(app, service);
  recordSheetRoutes(app, service);
}

/** The page's configuration, the list and a sub-table's rows, one record, its change history, the export. */
function recordReadRoutes(app: App, service: RecordService) {
  app.get(
    `${records}/:modelId/Config`,
    {
      schema: {
        tags,
        summary: 'The released form and list of a definition, as JSON text',
        params: ModelParams,
        querystring: MenuQuery,
        response: { 200: EnvelopeOf(RecordPageConfig) },
      },
    },
    async (request) => ok(await service.config(sessionOf(request), request.params.modelId, request.query.menuId)),
  );

  app.post(
    `${records}/:modelId/List`,
    {
      schema: {
        tags,
        summary:
          'Records, searched (queryJson, superQueryJson), sorted (sidx "-a,b") and paged; visible columns only, values as a person reads them (type 4: stored values, the text under <field>_name)',
        params: ModelParams,
        body: RecordListBody,
        response: { 200: EnvelopeOf(PageOf(RecordValues)) },
      },
    },
    async (request) => ok(await service.list(sessionOf(request), request.params.modelId, request.body, request.t)),
  );

  app.post(
    `${records}/:modelId/List/:id`,
    {
      schema: {
        tags,
        summary:
          'A tree table’s children of one record (its descendants nested), searched, sorted and paged as List; empty for other lists',
        params: RecordParams,
        body: RecordListBody,
        response: { 200: EnvelopeOf(PageOf(RecordValues)) },
      },
    },
    async (request) => {
      const { modelId, id } = request.params;
      return ok(await service.childList(sessionOf(request), modelId, id, request.body, request.t));
    },
  );

  app.get(
    `${records}/:modelId/:id`,
    {
      schema: {
        tags,
        summary: 'One record: the form fields the caller may see, as JSON text',
        params: RecordParams,
        querystring: MenuQuery,
        response: { 200: EnvelopeOf(RecordInfo) },
      },
    },
    async (request) =>
      ok(await service.info(sessionOf(request), request.params.modelId, request.params.id, request.query.menuId)),
  );

  app.get(
    `${records}/:modelId/:id/DataChange`,
    {
      schema: {
        tags,
        summary: 'One record for the detail viewer: values as a person reads them (names, labels, formatted dates)',
        params: RecordParams,
        querystring: MenuQuery,
        response: { 200: EnvelopeOf(RecordInfo) },
      },
    },
    async (request) =>
      ok(
        await service.dataChange(
          sessionOf(request),
          request.params.modelId,
          request.params.id,
          request.query.menuId,
          request.t,
        ),
      ),
  );

  app.post(
    `${records}/:modelId/Actions/ExportData`,
    {
      schema: {
        tags,
        summary: 'Export records to Excel (btn_export): dataType 0 page, 1 all, 2 selected; visible columns only',
        params: ModelParams,
        body: RecordExportBody,
        response: { 200: EnvelopeOf(Type.Object({ name: Type.String(), url: Type.String() })) },
      },
    },
    async (request) => ok(await service.export(sessionOf(request), request.params.modelId, request.body, request.t)),
  );
}

/** Create, update, delete one, delete many. */
function recordWriteRoutes(app: App, service: RecordService) {
  app.post(
    `${records}/:modelId`,
    {
      schema: {
        tags,
        summary: 'Create a record (btn_add); data is the values as JSON text, checked against the definition',
        params: ModelParams,
        body: RecordBody,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) => {
      const id = await service.create(
        sessionOf(request),
        request.params.modelId,
        request.body.data,
        request.body.menuId,
      );
      return ok({ id }, request.t('common.created'));
    },
  );

  app.put(
    `${records}/:modelId/:id`,
    {
      schema: {
        tags,
        summary: 'Update a record (btn_edit); fields the caller may not edit are kept',
        params: RecordParams,
        body: RecordBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const { modelId, id } = request.params;
      await service.update(sessionOf(request), modelId, id, request.body.data, request.body.menuId);
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    `${records}/:modelId/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a record (btn_remove)',
        params: RecordParams,
        querystring: MenuQuery,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const { modelId, id } = request.params;
      await service.delete(sessionOf(request), modelId, [id], request.query.menuId);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.post(
    `${records}/batchDelete/:modelId`,
    {
      schema: {
        tags,
        summary: 'Delete records (btn_remove): those of the ids the caller’s data scope reaches',
        params: ModelParams,
        body: Type.Object({ ...RecordIds.properties, menuId: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const raw = request.body.ids;
      const ids = (Array.isArray(raw) ? raw : raw.split(',')).map((s) => s.trim()).filter(Boolean);
      await service.delete(sessionOf(request), request.params.modelId, ids, request.body.menuId);
      return ok(null, request.t('common.deleted'));
    },
  );
}

function recordSheetRoutes(app: App, service: RecordService) {
  // Import through the generic wizard (protocol-admin.md 6) under the records' base: the columns
  // are the definition's, the rights those of btn_import on a menu that opens it.
  const files = new SheetFiles(app.fileStorage);
  const importerFor = (modelId: string, definition: SheetImportDefinition<string, ImportedLine>) =>
    new SheetImporter(app.db, files, definition, sheetDownloadUrl(`${records}/${modelId}`), app.log);
  const noColumns: SheetImportDefinition<string, ImportedLine> = {
    area: 'visualdev',
    columns: [],
    example: {},
    checker: async () => () => null,
    writeBatch: async () => {},
  };
  registerSheetImportRoutes(app, {
    base: `${records}/:modelId`,
    tags,
    params: ModelParams,
    row: ImportRow,
    importer: async (request) => {
      const { modelId } = request.params as { modelId: string };
      const reach = await service.reach(sessionOf(request), modelId, undefined, 'btn_import');
      return importerFor(modelId, recordImportDefinition(service, reach, request.t));
    },
    // The 3.6 client uploads without the model id; uploads and downloads need no definition.
    keeper: importerFor('', noColumns),
    uploadAliases: [`${records}/Uploader`],
    templateAliases: [`${records}/:modelId/Template`],
  });
}
