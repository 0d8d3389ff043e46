import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  PermissionGroupInput,
  PermissionGroupOption,
  PermissionGroupQuery,
  PermissionGroupRow,
  PermissionGroupsOfObject,
  PermissionGroupUpdate,
  PermissionMemberInput,
  PermissionMembers,
  PermissionObjectQuery,
  PermissionTree,
  PermissionTreeQuery,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { menu, type PermissionGroupService } from './permission-group.service.ts';

const tags = ['permissionGroup'];
const base = '/api/permission/PermissionGroup';

/**
 * Permission groups: the list page (create, edit, copy, delete, members, grants through the
 * Authority calls with objectType PermissionGroup), and the "permissions" views of the
 * organisation, user, role and menu pages. The selector serves any signed-in user.
 */
export default async function permissionGroupRoutes(app: App, { groups }: { groups: PermissionGroupService }) {
  crudRoutes(
    app,
    {
      base,
      menu,
      tag: 'permissionGroup',
      audit: 'permissionGroup',
      noun: { one: 'permission group', many: 'Permission groups' },
      schemas: {
        query: PermissionGroupQuery,
        row: PermissionGroupRow,
        input: PermissionGroupInput,
        update: PermissionGroupUpdate,
      },
      summaries: { delete: 'Delete a permission group with its members and grants' },
    },
    groups,
  );

  app.post(
    `${base}/:id/Actions/Copy`,
    {
      preHandler: permit(menu, 'btn_add'),
      config: { audit: { object: 'permissionGroup', ids: 'answer' } },
      schema: {
        tags,
        summary: 'Copy a group with its grants and members (the copy starts disabled)',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) =>
      ok({ id: await groups.copy(request.params.id, sessionOf(request)) }, request.t('permissionGroup.copied')),
  );

  app.get(
    `${base}/PermissionMember/:id`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Members of a group: ids as <id>--<type>, and the list with names',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(PermissionMembers) },
      },
    },
    async (request) => ok(await groups.members(request.params.id)),
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: `${base}/PermissionMember/:id`,
      preHandler: permit(menu, 'btn_edit'),
      config: { audit: { object: 'permissionGroup' } },
      schema: {
        tags,
        summary: 'Replace the members of a group (ids as <id>--user|role|position|organize|group)',
        params: Type.Object({ id: Id }),
        body: PermissionMemberInput,
        response: { 200: EmptyEnvelope },
      },
      handler: async (request) => {
        await groups.saveMembers(request.params.id, request.body, sessionOf(request));
        return ok(null, request.t('common.saved'));
      },
    });
  }

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'Enabled permission groups',
        response: { 200: EnvelopeOf(ListOf(PermissionGroupOption)) },
      },
    },
    async () => ok({ list: await groups.selector() }),
  );

  app.get(
    `${base}/getPermissionGroup`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'The enabled groups that reach a user, role, position, organisation, user group or menu: {type, list}',
        querystring: PermissionObjectQuery,
        response: { 200: EnvelopeOf(PermissionGroupsOfObject) },
      },
    },
    async (request) => ok(await groups.groupsOf(request.query)),
  );

  app.get(
    `${base}/getPermission`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'What one of those groups grants, as a tree (for a menu: that menu only)',
        querystring: PermissionTreeQuery,
        response: { 200: EnvelopeOf(PermissionTree) },
      },
    },
    async (request) => ok(await groups.permissionTree(request.query)),
  );
}
