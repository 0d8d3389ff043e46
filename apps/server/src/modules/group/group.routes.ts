import {
  EmptyEnvelope,
  EnvelopeOf,
  GroupCondition,
  GroupInput,
  GroupQuery,
  GroupRow,
  GroupUpdate,
  Id,
  ListOf,
  PageOf,
  TreeNode,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { GroupService } from './group.service.ts';

const tags = ['group'];
const menu = 'permission.group';
const base = '/api/permission/Group';
const IdParams = Type.Object({ id: Id });

/** User groups: labels that grants can target. Selector and condition serve any signed-in user. */
export default async function groupRoutes(app: App) {
  const groups = new GroupService(app.db, app.bus);

  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Groups, paged',
        querystring: GroupQuery,
        response: { 200: EnvelopeOf(PageOf(GroupRow)) },
      },
    },
    async (request) => ok(await groups.page(request.query)),
  );

  app.get(
    `${base}/Selector`,
    { schema: { tags, summary: 'Enabled groups', response: { 200: EnvelopeOf(ListOf(TreeNode)) } } },
    async () => ok({ list: await groups.selector() }),
  );

  app.post(
    `${base}/GroupCondition`,
    {
      schema: {
        tags,
        summary: 'Groups by ids and keyword',
        body: GroupCondition,
        response: { 200: EnvelopeOf(ListOf(GroupRow)) },
      },
    },
    async (request) => ok({ list: await groups.condition(request.body) }),
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a group',
        body: GroupInput,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) => ok({ id: await groups.create(request.body, sessionOf(request)) }, request.t('common.created')),
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Update a group',
        params: IdParams,
        body: GroupUpdate,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await groups.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.get(
    `${base}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'A group', params: IdParams, response: { 200: EnvelopeOf(GroupRow) } },
    },
    async (request) => ok(await groups.info(request.params.id)),
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete a group and its memberships',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await groups.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );
}
