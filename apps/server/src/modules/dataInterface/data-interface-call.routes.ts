import {
  DataInterfaceDataRow,
  DataInterfaceInfoByIdsInput,
  DataInterfaceListInput,
  DataInterfaceLogQuery,
  DataInterfaceLogRow,
  DataInterfaceParameter,
  DataInterfacePreviewInput,
  EnvelopeOf,
  Id,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { ok, okJson } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { DataInterfaceService } from './data-interface.service.ts';
import { dataInterfaceMenu } from './data-interface-access.ts';
import { callerOf } from './data-interface-call.ts';

const tags = ['dataInterface'];
const base = '/api/system/DataInterface';
const menu = dataInterfaceMenu;
const IdParams = Type.Object({ id: Id });

/**
 * Running an interface: its parameters, the preview (the menu), the widgets' calls (List,
 * InfoByIds, Options: whoever may open a definition using it) and its call log (the menu).
 */
export function dataInterfaceCallRoutes(app: App, service: DataInterfaceService) {
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
}
