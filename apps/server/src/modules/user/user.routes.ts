import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  PageOf,
  ResetPasswordInput,
  UserInfo,
  UserInput,
  UserQuery,
  UserRow,
  UserUpdateInput,
  WorkHandoverInput,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { idsFromBody } from '../../core/audit.ts';
import { sessionOf } from '../../core/auth.ts';
import { recordActionRoute, recordRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { UserService } from './user.service.ts';
import type { UserHandoverService } from './user-handover.service.ts';
import { userPickerRoutes } from './user-picker.routes.ts';
import type { UserPickerService } from './user-picker.service.ts';
import { base, IdParams, menu, tags } from './user-route-paths.ts';
import { userSheetRoutes } from './user-sheet.routes.ts';

/**
 * Users. The administration page (list, details, changes, hand-over, import, export) needs the user
 * menu and its buttons; lookups that pickers and chat use on every page serve any signed-in user
 * (user-picker.routes.ts); the sheets are user-sheet.routes.ts.
 */
export default async function userRoutes(
  app: App,
  { users, handover, picker }: { users: UserService; handover: UserHandoverService; picker: UserPickerService },
) {
  userAdminRoutes(app, users);
  userHandoverRoutes(app, handover);
  userPickerRoutes(app, picker);
  userSheetRoutes(app, users);
}

/** The user page: the list within the caller's data scope, a user's card, changes, state, password. */
function userAdminRoutes(app: App, users: UserService) {
  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Users of an organisation and below, by keyword, gender and state; paged',
        querystring: UserQuery,
        response: { 200: EnvelopeOf(PageOf(UserRow)) },
      },
    },
    async (request) => ok(await users.list(request.query, await app.permissions.dataScope(sessionOf(request), menu))),
  );

  recordRoutes(
    app,
    {
      base,
      menu,
      tag: 'user',
      audit: 'user',
      noun: { one: 'user', many: 'Users' },
      schemas: { info: UserInfo, input: UserInput, update: UserUpdateInput },
      summaries: {
        info: 'A user card, with organizeId, positionId and roleId comma-joined',
        create: 'Create a user with the default password (newUserDefaultPassword)',
        state: 'Enable or disable a user (disabling ends their sessions)',
      },
    },
    users,
  );

  app.post(
    `${base}/:id/Actions/ResetPassword`,
    {
      preHandler: permit(menu, 'btn_edit'),
      config: { audit: { object: 'user' } },
      schema: {
        tags,
        summary: 'Set a new password (both fields MD5 hex); ends the user’s sessions',
        params: IdParams,
        body: ResetPasswordInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await users.resetPassword(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('user.passwordReset'));
    },
  );

  recordActionRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/:id/Actions/unlock`,
      tags,
      summary: 'Unlock an account locked by failed logins',
      preHandler: permit(menu, 'btn_edit'),
      audit: 'user',
      done: 'auth.unlocked',
    },
    (id, session) => users.unlock(id, session),
  );
}

/** What a user is responsible for, and handing it over to another. */
function userHandoverRoutes(app: App, handover: UserHandoverService) {
  app.get(
    `${base}/getWorkByUser`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'What a user is responsible for (managed organisations, reports, positions, roles, groups)',
        querystring: Type.Object({ fromId: Id }),
        response: { 200: EnvelopeOf(Type.Object({}, { additionalProperties: true })) },
      },
    },
    async (request) => ok(await handover.work(request.query.fromId, sessionOf(request))),
  );

  app.post(
    `${base}/workHandover`,
    {
      preHandler: permit(menu, 'btn_edit'),
      config: { audit: { object: 'user', ids: idsFromBody('fromId', 'toId') } },
      schema: {
        tags,
        summary: 'Hand one user’s work over to another',
        body: WorkHandoverInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await handover.handOver(request.body, sessionOf(request));
      return ok(null, request.t('user.handoverDone'));
    },
  );
}
