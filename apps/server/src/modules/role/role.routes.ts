import {
  ByOrganizeIds,
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  PageOf,
  RoleCondition,
  RoleInput,
  RoleQuery,
  RoleRow,
  RoleUpdate,
  TreeNode,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { RoleService } from './role.service.ts';

const tags = ['role'];
const menu = 'permission.role';
const base = '/api/permission/Role';
const IdParams = Type.Object({ id: Id });

/** Global roles and organisation roles. Selectors, condition and by-organisation lookups serve any signed-in user. */
export default async function roleRoutes(app: App) {
  const roles = new RoleService(app.db, app.bus);

  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Roles, paged; organizeId "1" for global roles',
        querystring: RoleQuery,
        response: { 200: EnvelopeOf(PageOf(RoleRow)) },
      },
    },
    async (request) => ok(await roles.page(request.query)),
  );

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'Role tree: 全局 (id "1") and organisations',
        response: { 200: EnvelopeOf(ListOf(TreeNode)) },
      },
    },
    async () => ok({ list: await roles.selector() }),
  );

  app.get(
    `${base}/SelectorByPermission`,
    {
      schema: {
        tags,
        summary: 'Role tree of the roles the caller may hand out',
        response: { 200: EnvelopeOf(ListOf(TreeNode)) },
      },
    },
    async (request) => ok({ list: await roles.selector(sessionOf(request)) }),
  );

  app.post(
    `${base}/RoleCondition`,
    {
      schema: {
        tags,
        summary: 'Roles by ids and keyword',
        body: RoleCondition,
        response: { 200: EnvelopeOf(ListOf(RoleRow)) },
      },
    },
    async (request) => ok({ list: await roles.condition(request.body) }),
  );

  app.post(
    `${base}/getListByOrgIds`,
    {
      schema: {
        tags,
        summary: 'Global roles and the roles of the given organisations',
        body: ByOrganizeIds,
        response: { 200: EnvelopeOf(ListOf(RoleRow)) },
      },
    },
    async (request) => ok({ list: await roles.byOrganizeIds(request.body.organizeIds) }),
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a role',
        body: RoleInput,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) => ok({ id: await roles.create(request.body, sessionOf(request)) }, request.t('common.created')),
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: { tags, summary: 'Update a role', params: IdParams, body: RoleUpdate, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await roles.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.put(
    `${base}/:id/Actions/State`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: { tags, summary: 'Enable or disable a role', params: IdParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const state = await roles.toggleState(request.params.id, sessionOf(request));
      return ok(null, request.t(state === 1 ? 'people.enabled' : 'people.disabled'));
    },
  );

  app.get(
    `${base}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'A role', params: IdParams, response: { 200: EnvelopeOf(RoleRow) } },
    },
    async (request) => ok(await roles.info(request.params.id)),
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete a role (refused while users hold it)',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await roles.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );
}
