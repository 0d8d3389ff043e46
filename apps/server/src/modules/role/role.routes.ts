import {
  ByOrganizeIds,
  EnvelopeOf,
  ListOf,
  RoleCondition,
  RoleInput,
  RoleQuery,
  RoleRow,
  RoleUpdate,
  TreeNode,
} from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import type { RoleService } from './role.service.ts';

const tags = ['role'];
const base = '/api/permission/Role';

/** Global roles and organisation roles. Selectors, condition and by-organisation lookups serve any signed-in user. */
export default async function roleRoutes(app: App, { roles }: { roles: RoleService }) {
  crudRoutes(
    app,
    {
      base,
      menu: 'permission.role',
      tag: 'role',
      audit: 'role',
      noun: { one: 'role', many: 'Roles' },
      schemas: { query: RoleQuery, row: RoleRow, input: RoleInput, update: RoleUpdate },
      summaries: {
        list: 'Roles, paged; organizeId "1" for global roles',
        delete: 'Delete a role (refused while users hold it)',
      },
    },
    roles,
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
}
