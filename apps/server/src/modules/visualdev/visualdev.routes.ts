import path from 'node:path';
import {
  EmptyEnvelope,
  EnvelopeOf,
  FieldDataSelectQuery,
  FormDataField,
  FormDataFieldsQuery,
  Id,
  ImportRow,
  ListOf,
  PageOf,
  RecordBody,
  RecordExportBody,
  RecordIds,
  RecordInfo,
  RecordListBody,
  RecordPageConfig,
  RecordValues,
  VisualDevImportResult,
  VisualDevInfo,
  VisualDevInput,
  VisualDevMenuAnswer,
  VisualDevMenuInput,
  VisualDevQuery,
  VisualDevReleaseInput,
  VisualDevRow,
  VisualDevSelectorRow,
  VisualDevUpdate,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudWriteRoutes, transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { SheetFiles } from '../../core/sheet-files.ts';
import { registerSheetImportRoutes, sheetDownloadUrl } from '../../core/sheet-import.routes.ts';
import { type SheetImportDefinition, SheetImporter } from '../../core/sheet-import.ts';
import { MenuService } from '../menu/menu.service.ts';
import { flowFormRoutes } from './flow-form.routes.ts';
import { FlowFormService } from './flow-form.service.ts';
import { type ImportedLine, recordImportDefinition } from './record-import.ts';
import { recordServiceOf } from './record-service-of.ts';
import { shortLinkRoutes } from './short-link.routes.ts';
import { ShortLinkService } from './short-link.service.ts';
import { DefinitionService } from './visualdev.service.ts';
import { VisualDevTransferService } from './visualdev-transfer.service.ts';

const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
/** The form-design page: its grant opens the definitions, its buttons guard their changes. */
const menu = 'onlineDev.webDesign';

const ModelParams = Type.Object({ modelId: Id });
const RecordParams = Type.Object({ modelId: Id, id: Type.String({ minLength: 1, maxLength: 50 }) });
const MenuQuery = Type.Object({
  menuId: Type.Optional(Type.String({ maxLength: 50 })),
  type: Type.Optional(Type.String()),
});

/**
 * Generated forms: definitions (`/api/visualdev/Base`, the form-design page's grants) and their
 * records (`/api/visualdev/OnlineDev/{modelId}`, whose rights come from the menus that open the
 * definition and are checked by the record service on every call).
 */
export default async function visualdevRoutes(app: App) {
  const definitions = new DefinitionService(app.db);
  const service = recordServiceOf(app, definitions);
  app.fileReaders.add('records', (session, file) => service.readsFile(session, file.name));
  const menus = new MenuService(app.db, app.bus, app.permissions);
  const tags = ['visualdev'];
  shortLinkRoutes(app, new ShortLinkService(app.db, definitions, service), menu, tags);
  flowFormRoutes(app, new FlowFormService(app.db, definitions), menu, ['flowForm']);

  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Definitions, paged; category, webType, isRelease and type filter',
        querystring: VisualDevQuery,
        response: { 200: EnvelopeOf(PageOf(VisualDevRow)) },
      },
    },
    async (request) => ok(await definitions.page(request.query)),
  );

  const selector = {
    schema: {
      tags,
      summary: 'Released definitions for pickers (menus of type 3 and 4, related forms)',
      querystring: VisualDevQuery,
      response: { 200: EnvelopeOf(ListOf(VisualDevSelectorRow)) },
    },
  };
  app.get(`${base}/Selector`, selector, async (request) => ok({ list: await definitions.selector(request.query) }));
  app.get(`${base}/list`, selector, async (request) => ok({ list: await definitions.selector(request.query) }));

  app.get(
    `${base}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'One definition: its draft (what the designer edits)',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(VisualDevInfo) },
      },
    },
    async (request) => ok(await definitions.info(request.params.id)),
  );

  crudWriteRoutes(
    app,
    {
      base,
      menu,
      tag: 'visualdev',
      noun: { one: 'definition (its draft)', many: 'Definitions' },
      schemas: { input: VisualDevInput, update: VisualDevUpdate },
      summaries: { delete: 'Delete a definition and every record of it' },
    },
    definitions,
  );

  app.post(
    `${base}/:id/Actions/Copy`,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Copy a definition (its draft, unreleased, no records)',
        params: Type.Object({ id: Id }),
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await definitions.copy(request.params.id, sessionOf(request));
      return ok(null, request.t('visualdev.copied'));
    },
  );

  app.post(
    `${base}/:id/Actions/ReleaseMenu`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary:
          'Release the draft and publish it as a new form page (menu type 3) with its button, column and form permission entries',
        params: Type.Object({ id: Id }),
        body: VisualDevMenuInput,
        response: { 200: EnvelopeOf(VisualDevMenuAnswer) },
      },
    },
    async (request) => {
      const menuId = await definitions.releaseToMenu(request.params.id, request.body, menus, sessionOf(request));
      return ok({ menuId }, request.t('visualdev.releasedToMenu'));
    },
  );

  app.post(
    `${base}/:id/Actions/Release`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary:
          'Release the draft: the record tables follow it and pages use it from now on; with pc=1, a Web page is made under each pcModuleParentId (application or directory) holding none of it',
        params: Type.Object({ id: Id }),
        // Our console and scripts send no body (or JSON null); the 3.6 release dialog sends its choices.
        body: Type.Optional(Type.Union([VisualDevReleaseInput, Type.Null()])),
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await definitions.release(request.params.id, sessionOf(request), request.body ?? {}, menus);
      return ok(null, request.t('visualdev.released'));
    },
  );

  app.get(
    `${base}/:id/FormDataFields`,
    {
      schema: {
        tags,
        summary: 'The released form’s value fields (filterType 1: without sub-table columns)',
        params: Type.Object({ id: Id }),
        querystring: FormDataFieldsQuery,
        response: { 200: EnvelopeOf(ListOf(FormDataField)) },
      },
    },
    async (request) => ok({ list: await definitions.formDataFields(request.params.id, request.query.filterType) }),
  );

  app.get(
    `${base}/:id/FieldDataSelect`,
    {
      schema: {
        tags,
        summary: 'A page of records for the related-form picker (the caller’s rights on that form apply)',
        params: Type.Object({ id: Id }),
        querystring: FieldDataSelectQuery,
        response: { 200: EnvelopeOf(PageOf(RecordValues)) },
      },
    },
    async (request) => ok(await service.fieldDataSelect(sessionOf(request), request.params.id, request.query)),
  );

  // Records. The rights of every call are the caller's on the menus that open the definition.
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

  // The 3.6 form-design page exports a definition from the records' base, with a POST.
  transferRoutes(
    app,
    {
      base: records,
      menu,
      tag: 'visualdev',
      exportRoute: { method: 'POST', param: 'modelId' },
      file: { extension: /\.vdd$/i, maxBytes: 4 * 1024 * 1024 },
      messages: { file: 'visualdev.importFile', mode: 'visualdev.importMode', invalid: 'visualdev.importInvalid' },
      answered: (result) => (result.skipped ? 'visualdev.importSkipped' : 'visualdev.imported'),
      schemas: { link: Type.Object({ url: Type.String() }), result: VisualDevImportResult },
      summaries: {
        export: 'Write a definition’s draft to a .vdd file; answers the url it downloads from',
        import:
          'Import a .vdd file as a new, unreleased definition (type: 0 skip a taken code, 1 add it with a suffix)',
      },
    },
    new VisualDevTransferService(app.db, definitions, app.downloads),
  );

  // Import through the generic wizard (protocol-admin.md 6) under the records' base: the columns
  // are the definition's, the rights those of btn_import on a menu that opens it.
  const files = new SheetFiles(path.join(app.config.dataDir, 'files'));
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
