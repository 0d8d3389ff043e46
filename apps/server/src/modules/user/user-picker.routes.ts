import {
  EnvelopeOf,
  IdsInput,
  KeywordInput,
  KeywordPageInput,
  ListOf,
  PageOf,
  SelectedIdsInput,
  SelectedUsersInput,
  TreeNode,
  UserBrief,
  UsersByPositionQuery,
  UsersByRoleQuery,
  UsersOfOrganizeQuery,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import type { UserPickerService } from './user-picker.service.ts';
import { base, IdParams, menu, tags } from './user-route-paths.ts';

/**
 * Lookups that pickers and chat use on every page (All, Selector, ImUser, getUserList,
 * getSelectedList, getSelectedUserList, getOrganization, GetListByAuthorize, by position or role,
 * subordinates): they serve any signed-in user; GetListByAuthorize shows only what the data scope
 * of the user page lets the caller see.
 */
export function userPickerRoutes(app: App, users: UserPickerService) {
  userChoiceRoutes(app, users);
  userLookupRoutes(app, users);
}

/** Every user, the picker tree, the chat contacts, and the users within the caller's grants. */
function userChoiceRoutes(app: App, users: UserPickerService) {
  app.get(
    `${base}/All`,
    { schema: { tags, summary: 'Every enabled user', response: { 200: EnvelopeOf(ListOf(UserBrief)) } } },
    async () => ok({ list: await users.all() }),
  );

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'Organisation tree with users as leaves',
        response: { 200: EnvelopeOf(ListOf(TreeNode)) },
      },
    },
    async () => ok({ list: await users.selector() }),
  );

  app.get(
    `${base}/ImUser`,
    {
      schema: {
        tags,
        summary: 'Chat contacts by keyword, paged',
        querystring: KeywordPageInput,
        response: { 200: EnvelopeOf(PageOf(UserBrief)) },
      },
    },
    async (request) => ok(await users.imUsers(request.query)),
  );

  app.post(
    `${base}/ImUser/Selector/:id`,
    {
      schema: {
        tags,
        summary: 'One level of the user picker: organisations under {id} ("0" the top) and its users',
        params: IdParams,
        body: KeywordPageInput,
        response: { 200: EnvelopeOf(PageOf(Type.Object({}, { additionalProperties: true }))) },
      },
    },
    async (request) => ok(await users.pickerLevel(request.params.id, request.body)),
  );

  app.post(
    `${base}/GetListByAuthorize/:id`,
    {
      schema: {
        tags,
        summary:
          'One level of the user picker within the caller’s data scope (of the user page): allowed organisations under {id} ("0" the top) and the users of {id}; with a keyword, matching users of allowed organisations, paged',
        params: IdParams,
        body: KeywordPageInput,
        response: { 200: EnvelopeOf(PageOf(Type.Object({}, { additionalProperties: true }))) },
      },
    },
    async (request) => {
      const scope = await app.permissions.dataScope(sessionOf(request), menu);
      return ok(await users.pickerLevel(request.params.id, request.body, scope));
    },
  );
}

/** Lookups by organisation, picked ids, relation, subordinates, position and role. */
function userLookupRoutes(app: App, users: UserPickerService) {
  app.get(
    `${base}/getOrganization`,
    {
      schema: {
        tags,
        summary:
          'Enabled users directly in one organisation (not below it), by keyword; without organizeId the caller’s current organisation',
        querystring: UsersOfOrganizeQuery,
        response: { 200: EnvelopeOf(ListOf(UserBrief)) },
      },
    },
    async (request) => ok({ list: await users.usersOfOrganize(sessionOf(request), request.query) }),
  );

  app.post(
    `${base}/getSelectedUserList`,
    {
      schema: {
        tags,
        summary:
          'Custom-mode picker: the distinct enabled users that ids cover (users, organisations with their subtree, roles, positions, groups; --kind as getSelectedList), by keyword, paged',
        body: SelectedUsersInput,
        response: { 200: EnvelopeOf(PageOf(UserBrief)) },
      },
    },
    async (request) => ok(await users.selectedUsers(request.body)),
  );

  app.post(
    `${base}/getUserList`,
    {
      schema: {
        tags,
        summary: 'Users by ids, in the order asked',
        body: IdsInput,
        response: { 200: EnvelopeOf(ListOf(UserBrief)) },
      },
    },
    async (request) => ok({ list: await users.byIds(request.body) }),
  );

  app.post(
    `${base}/getSelectedList`,
    {
      schema: {
        tags,
        summary: 'Names of picked users, organisations, roles, positions and groups (ids may carry --kind)',
        body: SelectedIdsInput,
        response: { 200: EnvelopeOf(ListOf(Type.Object({}, { additionalProperties: true }))) },
      },
    },
    async (request) => ok({ list: await users.selected(request.body.ids) }),
  );

  app.post(
    `${base}/getSubordinates`,
    {
      schema: {
        tags,
        summary: "The caller's direct reports",
        body: KeywordInput,
        response: { 200: EnvelopeOf(ListOf(UserBrief)) },
      },
    },
    async (request) => ok({ list: await users.subordinates(sessionOf(request), request.body.keyword) }),
  );

  app.get(
    `${base}/GetUsersByPositionId`,
    {
      schema: {
        tags,
        summary: 'Users holding a position, paged',
        querystring: UsersByPositionQuery,
        response: { 200: EnvelopeOf(PageOf(UserBrief)) },
      },
    },
    async (request) => ok(await users.pageByRelation('Position', [request.query.positionId], request.query)),
  );

  app.get(
    `${base}/GetUsersByRoleOrgId`,
    {
      schema: {
        tags,
        summary: 'Users holding a role, optionally within one organisation, paged',
        querystring: UsersByRoleQuery,
        response: { 200: EnvelopeOf(PageOf(UserBrief)) },
      },
    },
    async (request) => ok(await users.pageByRelation('Role', [request.query.roleId], request.query)),
  );
}
