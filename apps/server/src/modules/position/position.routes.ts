import {
  ByOrganizeIds,
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  PageOf,
  PositionCondition,
  PositionInput,
  PositionQuery,
  PositionRow,
  PositionUpdate,
  TreeNode,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { PositionService } from './position.service.ts';

const tags = ['position'];
const menu = 'permission.position';
const base = '/api/permission/Position';
const IdParams = Type.Object({ id: Id });

/** Positions belong to one organisation. Pickers (Selector, All, by organisations, condition) serve any signed-in user. */
export default async function positionRoutes(app: App) {
  const positions = new PositionService(app.db, app.bus);

  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Positions, paged',
        querystring: PositionQuery,
        response: { 200: EnvelopeOf(PageOf(PositionRow)) },
      },
    },
    async (request) => ok(await positions.page(request.query)),
  );

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'Organisation tree with positions as leaves',
        response: { 200: EnvelopeOf(ListOf(TreeNode)) },
      },
    },
    async () => ok({ list: await positions.selector() }),
  );

  app.get(
    `${base}/All`,
    { schema: { tags, summary: 'Every enabled position', response: { 200: EnvelopeOf(ListOf(PositionRow)) } } },
    async () => ok({ list: await positions.all() }),
  );

  app.post(
    `${base}/getListByOrgIds`,
    {
      schema: {
        tags,
        summary: 'Positions of the given organisations, grouped by organisation',
        body: ByOrganizeIds,
        response: { 200: EnvelopeOf(ListOf(TreeNode)) },
      },
    },
    async (request) => ok({ list: await positions.byOrganizeIds(request.body.organizeIds) }),
  );

  app.post(
    `${base}/PositionCondition`,
    {
      schema: {
        tags,
        summary: 'Positions under the given organisations, filtered by keyword',
        body: PositionCondition,
        response: { 200: EnvelopeOf(ListOf(PositionRow)) },
      },
    },
    async (request) => ok({ list: await positions.condition(request.body) }),
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a position',
        body: PositionInput,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) =>
      ok({ id: await positions.create(request.body, sessionOf(request)) }, request.t('common.created')),
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Update a position',
        params: IdParams,
        body: PositionUpdate,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await positions.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.get(
    `${base}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'A position', params: IdParams, response: { 200: EnvelopeOf(PositionRow) } },
    },
    async (request) => ok(await positions.info(request.params.id)),
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete a position (refused while users hold it)',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await positions.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );
}
