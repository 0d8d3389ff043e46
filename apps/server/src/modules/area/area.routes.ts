import {
  AreaIdsQuery,
  AreaInfo,
  AreaInput,
  AreaListQuery,
  AreaNames,
  AreaRow,
  AreaSelectorNode,
  AreaUpdate,
  AtlasNode,
  EnvelopeOf,
  Id,
  ListOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { crudWriteRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { AreaService } from './area.service.ts';

const tags = ['area'];
const base = '/api/system/Area';
const menu = 'system.area';

/**
 * Areas (行政区划). The page reads a lazy tree (`GET {nodeId}`, '-1' the provinces) instead of a
 * paged list, so only the list kit's writes apply. The picker's two calls serve any signed-in
 * user: forms with an area field use them.
 */
export default async function areaRoutes(app: App, { areas }: { areas: AreaService }) {
  app.get(
    `${base}/:nodeId`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: "The areas below a node ('-1' the top), one level; a keyword searches every level below it",
        params: Type.Object({ nodeId: Id }),
        querystring: AreaListQuery,
        response: { 200: EnvelopeOf(ListOf(AreaRow)) },
      },
    },
    async (request) => ok(await areas.list(request.params.nodeId, request.query)),
  );

  app.get(
    `${base}/:id/Info`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'An area, with its parent name',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(AreaInfo) },
      },
    },
    async (request) => ok(await areas.info(request.params.id)),
  );

  app.get(
    `${base}/:id/Selector/:currId`,
    {
      schema: {
        tags,
        summary:
          "The picker's enabled areas below a node ('-1' the top), without the area being edited (currId, 0 none)",
        params: Type.Object({ id: Id, currId: Id }),
        response: { 200: EnvelopeOf(ListOf(AreaSelectorNode)) },
      },
    },
    async (request) => ok(await areas.selector(request.params.id, request.params.currId)),
  );

  app.get(
    '/api/system/atlas',
    {
      schema: {
        tags,
        summary: "The portal map card's regions: the enabled provinces, each with its enabled cities (a bare array)",
        response: { 200: EnvelopeOf(Type.Array(AtlasNode)) },
      },
    },
    async () => ok(await areas.atlas()),
  );

  app.post(
    `${base}/GetAreaByIds`,
    {
      schema: {
        tags,
        summary: 'The names of id paths, parallel to idsList (an area field shows its value with them)',
        body: AreaIdsQuery,
        response: { 200: EnvelopeOf(AreaNames) },
      },
    },
    async (request) => ok(await areas.namesOf(request.body)),
  );

  crudWriteRoutes(
    app,
    {
      base,
      menu,
      tag: 'area',
      noun: { one: 'area', many: 'Areas' },
      schemas: { input: AreaInput, update: AreaUpdate },
      summaries: { delete: 'Delete an area (refused while areas lie below it)' },
    },
    areas,
  );
}
