import {
  ByOrganizeIds,
  EnvelopeOf,
  ListOf,
  PositionCondition,
  PositionInput,
  PositionQuery,
  PositionRow,
  PositionUpdate,
  TreeNode,
} from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { type PositionService, positionMenu } from './position.service.ts';

const tags = ['position'];
const base = '/api/permission/Position';

/** Positions belong to one organisation. Pickers (Selector, All, by organisations, condition) serve any signed-in user. */
export default async function positionRoutes(app: App, { positions }: { positions: PositionService }) {
  crudRoutes(
    app,
    {
      base,
      menu: positionMenu,
      tag: 'position',
      audit: 'position',
      noun: { one: 'position', many: 'Positions' },
      schemas: { query: PositionQuery, row: PositionRow, input: PositionInput, update: PositionUpdate },
      summaries: { delete: 'Delete a position (refused while users hold it)' },
    },
    positions,
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
    `${base}/SelectorByPermission`,
    {
      schema: {
        tags,
        summary: 'Organisation tree with the positions the caller may give as leaves',
        response: { 200: EnvelopeOf(ListOf(TreeNode)) },
      },
    },
    async (request) => ok({ list: await positions.selector(sessionOf(request)) }),
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
}
