import {
  DataInterfaceDataRow,
  DataInterfaceExportLink,
  DataInterfaceImportResult,
  DataInterfaceInfoByIdsInput,
  DataInterfaceInput,
  DataInterfaceListInput,
  DataInterfaceLogQuery,
  DataInterfaceLogRow,
  DataInterfaceNode,
  DataInterfaceParameter,
  DataInterfacePreviewInput,
  DataInterfaceQuery,
  DataInterfaceRow,
  DataInterfaceUpdate,
  DataInterfaceVariateInput,
  DataInterfaceVariateQuery,
  DataInterfaceVariateRow,
  DataInterfaceVariateUpdate,
  DataSourceGroup,
  DataSourceSelectorQuery,
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  PageOf,
} from '@platform/shared';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DataInterfaceLimits } from '../../config.ts';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes, transferRoutes } from '../../core/crud-routes.ts';
import { ok, okJson } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { Db } from '../../db/database.ts';
import { openReaderDatabase } from '../../db/reader-database.ts';
import { MenuService } from '../menu/menu.service.ts';
import { type Caller, DataInterfaceService } from './data-interface.service.ts';
import { DataInterfaceAccess, dataInterfaceMenu, dataInterfaceReferencesChanged } from './data-interface-access.ts';
import { ensureReaderRole } from './data-interface-query.repository.ts';
import { DataInterfaceTransferService, VariateTransferService } from './data-interface-transfer.service.ts';
import type { Resolver } from './outbound-http.ts';

const tags = ['dataInterface'];
const base = '/api/system/DataInterface';
const variates = '/api/system/DataInterfaceVariate';
const menu = dataInterfaceMenu;
/**
 * Where definitions that name interfaces are saved (forms, portals, flows, print templates): a
 * write there may give or take a right to call one, so it drops the callers kept (on every instance).
 */
const definitionAreas = [
  '/api/visualdev/Base',
  '/api/visualdev/Portal',
  '/api/workflow/Engine/flowTemplate',
  '/api/system/printDev',
];
const IdParams = Type.Object({ id: Id });

export const defaultDataInterfaceLimits = (schema: string): DataInterfaceLimits => ({
  allowedRanges: [],
  schemas: [schema],
  role: 'platform_data_reader',
  timeoutMs: 5000,
  rowCap: 10_000,
  maxCost: 200_000,
  httpTimeoutMs: 10_000,
  httpMaxBytes: 2 * 1024 * 1024,
  logRetentionDays: 30,
});

const callerOf = (request: FastifyRequest, origin: string): Caller => ({
  session: sessionOf(request),
  ip: request.ip,
  origin,
});

/**
 * The app's one data-interface service (decorated as `app.dataInterfaces`): its SQL reader role and
 * pool, and the call log flushed on close. Generated forms name their records' values through it.
 */
export async function openDataInterfaces(app: App, options: { resolver?: Resolver } = {}) {
  const database = app.config.database;
  const limits = {
    ...defaultDataInterfaceLimits(database.kind === 'postgres' ? (database.schema ?? 'public') : 'public'),
    ...app.config.dataInterface,
  };
  let readerReady = false;
  let readerDb: Db | null = null;
  const menus = new MenuService(app.db, app.bus, app.permissions);
  const access = new DataInterfaceAccess(app.db, app.permissions, (id) => menus.pagesOfModule(id), app.bus);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode !== 200) return;
    const url = request.url.toLowerCase();
    if (definitionAreas.some((area) => url.startsWith(area.toLowerCase())))
      await app.bus.publish({ type: dataInterfaceReferencesChanged });
  });
  const service = new DataInterfaceService(app.db, app.dictionaries, {
    access,
    ...limits,
    embedded: database.kind === 'pglite',
    readerReady: () => readerReady,
    reader: () => readerDb,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  const reader = { ...limits, embedded: database.kind === 'pglite' };
  readerReady = await ensureReaderRole(app.db, reader);
  if (!readerReady) {
    app.log.warn(
      `data interfaces: the database account cannot make or use the role ${limits.role}; SQL interfaces are refused until an administrator runs: ` +
        `create role ${limits.role} nologin; grant usage on schema <schema> to ${limits.role}; ` +
        `grant select on all tables in schema <schema> to ${limits.role}; grant ${limits.role} to <account>;`,
    );
  }
  if (readerReady && database.kind === 'postgres') {
    readerDb = openReaderDatabase(database, { role: limits.role, timeoutMs: limits.timeoutMs });
  }
  app.addHook('preClose', () => service.log.flush());
  app.addHook('onClose', async () => {
    await readerDb?.destroy();
  });
  return service;
}

/**
 * Data interfaces. The administration page (list, editor, preview, variables, log) needs the menu;
 * the calls that run an interface for a widget (Actions/List, Actions/InfoByIds, Actions/Options)
 * serve a caller who can open a definition using it (the service's `requireCallable`); the pickers'
 * Selector and GetParam, which run nothing, serve any signed-in user.
 */
export default async function dataInterfaceRoutes(app: App) {
  const service = app.dataInterfaces;

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

  const transfer = new DataInterfaceTransferService(app.db, service, app.dictionaries, app.downloads);
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

  app.get(
    `${base}/GetParam/:id`,
    {
      schema: {
        tags,
        summary: "An interface's parameter rows",
        params: IdParams,
        response: { 200: EnvelopeOf(Type.Array(DataInterfaceParameter)) },
      },
    },
    async (request) => ok(await service.parameters(request.params.id)),
  );

  app.post(
    `${base}/:id/Actions/Preview`,
    {
      // A read sent as POST: the interface's own call log records it, the operation log does not.
      config: { operationLog: false },
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Run an enabled interface with the parameters given; data is the rows (up to the row cap)',
        params: IdParams,
        body: DataInterfacePreviewInput,
        response: { 200: EnvelopeOf(Type.Array(DataInterfaceDataRow)) },
      },
    },
    async (request) =>
      ok(
        await service.preview(
          request.params.id,
          request.body.paramList,
          callerOf(request, request.body.origin || 'preview'),
        ),
      ),
  );

  app.post(
    `${base}/:id/Actions/List`,
    {
      // A read sent as POST: the interface's own call log records it, the operation log does not.
      config: { operationLog: false },
      schema: {
        tags,
        summary: 'One page of rows, the keyword searching the columnOptions columns (popup and table selects)',
        params: IdParams,
        body: DataInterfaceListInput,
        response: { 200: EnvelopeOf(PageOf(DataInterfaceDataRow)) },
      },
    },
    async (request, reply) => {
      const data = await service.list(request.params.id, request.body, callerOf(request, 'list'));
      const json = service.serialisedOf(data);
      if (json === undefined) return ok(data);
      // Serialised once: the call log measured the answer with this very JSON. A string with a JSON
      // type goes out as it is (the typed send only knows the schema's object shape).
      return reply.type('application/json; charset=utf-8').send(okJson(json) as never);
    },
  );

  app.post(
    `${base}/:id/Actions/InfoByIds`,
    {
      // A read sent as POST: the interface's own call log records it, the operation log does not.
      config: { operationLog: false },
      schema: {
        tags,
        summary: 'The rows whose propsValue column is one of ids (what a select shows for its value)',
        params: IdParams,
        body: DataInterfaceInfoByIdsInput,
        response: { 200: EnvelopeOf(Type.Array(DataInterfaceDataRow)) },
      },
    },
    async (request) => ok(await service.infoByIds(request.params.id, request.body, callerOf(request, 'infoByIds'))),
  );

  app.get(
    `${base}/:id/Actions/Options`,
    {
      schema: {
        tags,
        summary: 'Options of a form field by interface id; paramList is the parameter rows as JSON text',
        params: IdParams,
        querystring: Type.Object({ paramList: Type.Optional(Type.String({ maxLength: 20_000 })) }),
        response: { 200: EnvelopeOf(Type.Array(DataInterfaceDataRow)) },
      },
    },
    async (request) => {
      let paramList: DataInterfacePreviewInput['paramList'];
      try {
        paramList = request.query.paramList ? JSON.parse(request.query.paramList) : undefined;
      } catch {
        throw new BusinessError('dataInterface.jsonInvalid', { name: 'paramList' });
      }
      if (paramList !== undefined && !Array.isArray(paramList)) {
        throw new BusinessError('dataInterface.jsonInvalid', { name: 'paramList' });
      }
      return ok(await service.options(request.params.id, paramList, callerOf(request, 'options')));
    },
  );

  app.get(
    '/api/system/DataInterfaceLog/:id',
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: "An interface's calls, newest first, paged (who, when, how long, whether it answered, how much)",
        params: IdParams,
        querystring: DataInterfaceLogQuery,
        response: { 200: EnvelopeOf(PageOf(DataInterfaceLogRow)) },
      },
    },
    async (request) => ok(await service.logs(request.params.id, request.query)),
  );

  // Variables (DataInterfaceVariate).

  app.get(
    `${variates}/Selector`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Interfaces with their variables (variable nodes have type 1)',
        response: { 200: EnvelopeOf(Type.Array(DataInterfaceNode)) },
      },
    },
    async () => ok(await service.variateSelector()),
  );

  app.get(
    `${variates}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: "An interface's variables with their current values (the path id is the interface's)",
        params: IdParams,
        querystring: DataInterfaceVariateQuery,
        response: { 200: EnvelopeOf(ListOf(DataInterfaceVariateRow)) },
      },
    },
    async (request) =>
      ok({ list: await service.variates(request.params.id, request.query.keyword ?? '', sessionOf(request)) }),
  );

  app.get(
    `${variates}/:id/Info`,
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'A variable', params: IdParams, response: { 200: EnvelopeOf(DataInterfaceVariateRow) } },
    },
    async (request) => ok(await service.variateInfo(request.params.id, sessionOf(request))),
  );

  app.post(
    variates,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a variable',
        body: DataInterfaceVariateInput,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) =>
      ok({ id: await service.createVariate(request.body, sessionOf(request)) }, request.t('common.created')),
  );

  app.put(
    `${variates}/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Update a variable',
        params: IdParams,
        body: DataInterfaceVariateUpdate,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await service.updateVariate(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    `${variates}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: { tags, summary: 'Delete a variable', params: IdParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await service.deleteVariate(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  transferRoutes(
    app,
    {
      base: variates,
      menu,
      tag: 'dataInterface',
      file: { extension: /\.ffa$/i, maxBytes: 256 * 1024, defaultMode: 0 },
      messages: {
        file: 'dataInterface.variateImportFile',
        mode: 'dataInterface.importMode',
        invalid: 'dataInterface.importInvalid',
      },
      answered: (result) => (result.skipped ? 'dataInterface.variateImportSkipped' : 'dataInterface.imported'),
      schemas: { link: DataInterfaceExportLink, result: DataInterfaceImportResult },
      summaries: {
        export: 'Write a variable to a .ffa file; answers the url it downloads from without authorization',
        import:
          'Import a .ffa file into its interface (found by id, else by code); type 0 or none skips a taken name, 1 adds it as a copy',
      },
    },
    new VariateTransferService(app.db, service, app.downloads),
  );

  app.post(
    `${variates}/:id/Actions/Copy`,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Copy a variable (its name gets a suffix)',
        params: IdParams,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) =>
      ok({ id: await service.copyVariate(request.params.id, sessionOf(request)) }, request.t('common.created')),
  );
}
