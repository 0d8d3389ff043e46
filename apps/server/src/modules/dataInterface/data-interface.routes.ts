import {
  DataInterfaceExportLink,
  DataInterfaceImportResult,
  DataInterfaceInput,
  DataInterfaceNode,
  DataInterfaceQuery,
  DataInterfaceRow,
  DataInterfaceUpdate,
  DataSourceGroup,
  DataSourceSelectorQuery,
  EnvelopeOf,
  Id,
  ListOf,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes, transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { DataInterfaceService } from './data-interface.service.ts';
import { dataInterfaceMenu } from './data-interface-access.ts';
import { dataInterfaceCallRoutes } from './data-interface-call.routes.ts';
import type { DataInterfaceTransferService, VariateTransferService } from './data-interface-transfer.service.ts';
import { dataInterfaceVariateRoutes } from './data-interface-variate.routes.ts';

const tags = ['dataInterface'];
const base = '/api/system/DataInterface';
const menu = dataInterfaceMenu;
const IdParams = Type.Object({ id: Id });

/** What the data-interface routes use: the app's one service (app.dataInterfaces) and its transfers. */
export type DataInterfaceRouteServices = {
  interfaces: DataInterfaceService;
  transfer: DataInterfaceTransferService;
  variateTransfer: VariateTransferService;
};

/**
 * Data interfaces. The administration page (list, editor, preview, variables, log) needs the menu;
 * the calls that run an interface for a widget (Actions/List, Actions/InfoByIds, Actions/Options)
 * serve a caller who can open a definition using it (the service's `requireCallable`); the pickers'
 * Selector and GetParam, which run nothing, serve any signed-in user.
 */
export default async function dataInterfaceRoutes(app: App, services: DataInterfaceRouteServices) {
  dataInterfaceDefinitionRoutes(app, services);
  dataInterfaceCallRoutes(app, services.interfaces);
  dataInterfaceVariateRoutes(app, services);
}

/** The definitions: the connection choice, the CRUD kit, pickers' lists, copy, export and import. */
function dataInterfaceDefinitionRoutes(app: App, { interfaces: service, transfer }: DataInterfaceRouteServices) {
  app.get(
    '/api/system/DataSource/Selector',
    {
      schema: {
        tags: ['dataInterface'],
        summary:
          'The 数据连接 choice of the form, print and data-interface designers: the default connection (id 0); none when a type is asked',
        querystring: DataSourceSelectorQuery,
        response: { 200: EnvelopeOf(ListOf(DataSourceGroup)) },
      },
    },
    async (request) =>
      ok({
        list: request.query.type
          ? []
          : [
              {
                fullName: '',
                children: [{ id: '0', fullName: request.t('dataInterface.defaultConnection'), dbType: 'PostgreSQL' }],
              },
            ],
      }),
  );

  crudRoutes(
    app,
    {
      base,
      menu,
      tag: 'dataInterface',
      noun: { one: 'data interface', many: 'Data interfaces' },
      schemas: {
        query: DataInterfaceQuery,
        row: DataInterfaceRow,
        input: DataInterfaceInput,
        update: DataInterfaceUpdate,
      },
    },
    service,
  );

  app.get(
    `${base}/getList`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Interfaces for the form designer, paged (sourceType 3: SQL ones only)',
        querystring: DataInterfaceQuery,
        response: { 200: EnvelopeOf(PageOf(DataInterfaceRow)) },
      },
    },
    async (request) => ok(await service.page(request.query)),
  );

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'Categories with their enabled interfaces, for pickers (category nodes have type 0)',
        response: { 200: EnvelopeOf(Type.Array(DataInterfaceNode)) },
      },
    },
    async () => ok(await service.selector()),
  );

  app.post(
    `${base}/:id/Actions/Copy`,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Copy an interface with its variables (the copy starts disabled)',
        params: IdParams,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) =>
      ok({ id: await service.copy(request.params.id, sessionOf(request)) }, request.t('common.created')),
  );

  transferRoutes(
    app,
    {
      base,
      menu,
      tag: 'dataInterface',
      file: { extension: /\.bd$/i, maxBytes: 2 * 1024 * 1024 },
      messages: {
        file: 'dataInterface.importFile',
        mode: 'dataInterface.importMode',
        invalid: 'dataInterface.importInvalid',
      },
      answered: (result) => (result.skipped ? 'dataInterface.importSkipped' : 'dataInterface.imported'),
      schemas: { link: DataInterfaceExportLink, result: DataInterfaceImportResult },
      summaries: {
        export:
          'Write an interface and its variables to a .bd file; answers the url it downloads from without authorization',
        import:
          'Import a .bd file (multipart file + type: 0 skip an interface whose code exists, 1 add it with a suffix); checked as on save',
      },
    },
    transfer,
  );
}
