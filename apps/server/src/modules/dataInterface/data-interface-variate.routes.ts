import {
  DataInterfaceExportLink,
  DataInterfaceImportResult,
  DataInterfaceNode,
  DataInterfaceVariateInput,
  DataInterfaceVariateQuery,
  DataInterfaceVariateRow,
  DataInterfaceVariateUpdate,
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { DataInterfaceService } from './data-interface.service.ts';
import { dataInterfaceMenu } from './data-interface-access.ts';
import type { VariateTransferService } from './data-interface-transfer.service.ts';

const tags = ['dataInterface'];
const variates = '/api/system/DataInterfaceVariate';
const menu = dataInterfaceMenu;
const IdParams = Type.Object({ id: Id });

/** An interface's variables (DataInterfaceVariate): list, info, create, update, delete, export, import, copy. */
export function dataInterfaceVariateRoutes(
  app: App,
  {
    interfaces: service,
    variateTransfer,
  }: { interfaces: DataInterfaceService; variateTransfer: VariateTransferService },
) {
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
    variateTransfer,
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
