import {
  EmptyEnvelope,
  EnvelopeOf,
  FieldDataSelectQuery,
  FormDataField,
  FormDataFieldsQuery,
  Id,
  ListOf,
  PageOf,
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
import { crudWriteRoutes, recordActionRoute, transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { type MenuCodes, permit, permitMenu } from '../../core/permissions.ts';
import type { VisualdevRouteServices } from './visualdev.routes.ts';

const base = '/api/visualdev/Base';
const records = '/api/visualdev/OnlineDev';
const tags = ['visualdev'];

/**
 * Definitions (`/api/visualdev/Base`): list, pickers, the draft, copy, release to a menu or in
 * place, the released form's fields; and the .vdd export and import, which the 3.6 form-design
 * page calls under the records' base. `menu`: the pages whose grants open the definitions.
 */
export function visualdevDefinitionRoutes(
  app: App,
  { definitions, records: service, menus, transfer }: VisualdevRouteServices,
  menu: MenuCodes,
) {
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

  recordActionRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:id/Actions/Copy`,
      tags,
      summary: 'Copy a definition (its draft, unreleased, no records)',
      preHandler: permit(menu, 'btn_add'),
      done: 'visualdev.copied',
    },
    (id, session) => definitions.copy(id, session),
  );

  definitionReleaseRoutes(app, { definitions, menus }, menu);

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
    transfer,
  );
}

/** Releasing a draft: to a new menu (ReleaseMenu) or in place (Release, which also updates the menus opening it). */
function definitionReleaseRoutes(
  app: App,
  { definitions, menus }: Pick<VisualdevRouteServices, 'definitions' | 'menus'>,
  menu: MenuCodes,
) {
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
}
