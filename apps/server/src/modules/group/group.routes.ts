import {
  EnvelopeOf,
  GroupCondition,
  GroupInput,
  GroupQuery,
  GroupRow,
  GroupUpdate,
  ListOf,
  TreeNode,
} from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import type { GroupService } from './group.service.ts';

const tags = ['group'];
const base = '/api/permission/Group';

/** User groups: labels that grants can target. Selector and condition serve any signed-in user. */
export default async function groupRoutes(app: App, { groups }: { groups: GroupService }) {
  crudRoutes(
    app,
    {
      base,
      menu: 'permission.group',
      tag: 'group',
      audit: 'group',
      noun: { one: 'group', many: 'Groups' },
      schemas: { query: GroupQuery, row: GroupRow, input: GroupInput, update: GroupUpdate },
      summaries: { delete: 'Delete a group and its memberships' },
    },
    groups,
  );

  app.get(
    `${base}/Selector`,
    { schema: { tags, summary: 'Enabled groups', response: { 200: EnvelopeOf(ListOf(TreeNode)) } } },
    async () => ok({ list: await groups.selector() }),
  );

  app.get(
    `${base}/SelectorByPermission`,
    {
      schema: { tags, summary: 'Enabled groups the caller may give', response: { 200: EnvelopeOf(ListOf(TreeNode)) } },
    },
    async (request) => ok({ list: await groups.selector(sessionOf(request)) }),
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
}
