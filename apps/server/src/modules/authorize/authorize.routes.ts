import {
  AuthorizeBatchInput,
  AuthorizeData,
  AuthorizeDataInput,
  AuthorizeModel,
  AuthorizeModelInput,
  AuthorizeObjectTypeSchema,
  AuthorizeValuesInput,
  ColumnSettingInput,
  ColumnSettings,
  EmptyEnvelope,
  EnvelopeOf,
  GrantValues,
  Id,
  MenuHolderGrants,
  MenuHolders,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { idsFromBody, idsFromParam } from '../../core/audit.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { AuthorizeService } from './authorize.service.ts';

const tags = ['authorize'];
const menu = 'permission.authorize';
const base = '/api/permission/Authority';

export default async function authorizeRoutes(app: App, { authorize }: { authorize: AuthorizeService }) {
  grantRoutes(app, authorize);
  columnSettingRoutes(app, authorize);
  menuHolderRoutes(app, authorize);
}

/** The grant wizard: what an object holds, per item, saved one object or many at a time, and per module. */
function grantRoutes(app: App, authorize: AuthorizeService) {
  app.post(
    `${base}/Data/:objectId/Values`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'One step of the grant wizard: {list (tree), ids (held), all}',
        params: Type.Object({ objectId: Id }),
        body: AuthorizeValuesInput,
        response: { 200: EnvelopeOf(GrantValues) },
      },
    },
    async (request) => ok(await authorize.values(request.params.objectId, request.body, sessionOf(request))),
  );

  app.get(
    `${base}/Data/:objectType/:objectId`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: "A holder's grants by item type: {systemIds, module, button, column, form, resource, portal}",
        params: Type.Object({ objectType: AuthorizeObjectTypeSchema, objectId: Id }),
        response: { 200: EnvelopeOf(AuthorizeData) },
      },
    },
    async (request) => ok(await authorize.data(request.params.objectType, request.params.objectId)),
  );

  app.put(
    `${base}/Data/:objectId`,
    {
      preHandler: permit(menu, 'btn_edit'),
      config: { audit: { object: 'grants', ids: idsFromParam('objectId') } },
      schema: {
        tags,
        summary: 'Replace the grants of one holder, for each item type the body names',
        params: Type.Object({ objectId: Id }),
        body: AuthorizeDataInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await authorize.save(request.params.objectId, request.body, sessionOf(request));
      return ok(null, request.t('common.saved'));
    },
  );

  app.post(
    `${base}/Data/Batch`,
    {
      preHandler: permit(menu, 'btn_edit'),
      config: {
        audit: {
          object: 'grants',
          ids: idsFromBody('roleIds', 'positionIds', 'userIds', 'groupIds', 'permissionGroupIds'),
        },
      },
      schema: {
        tags,
        summary: 'Add the same grants to many roles, positions, users and groups',
        body: AuthorizeBatchInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await authorize.batch(request.body, sessionOf(request));
      return ok(null, request.t('common.saved'));
    },
  );

  const modelParams = Type.Object({ itemId: Id, objectType: AuthorizeObjectTypeSchema });
  app.get(
    `${base}/Model/:itemId/:objectType`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Holders of one type and which of them hold a menu: {list, ids}',
        params: modelParams,
        response: { 200: EnvelopeOf(AuthorizeModel) },
      },
    },
    async (request) => ok(await authorize.model(request.params.itemId, request.params.objectType)),
  );

  app.put(
    `${base}/Model/:itemId/:objectType`,
    {
      preHandler: permit(menu, 'btn_edit'),
      config: { audit: { object: 'menuHolders', ids: idsFromParam('itemId') } },
      schema: {
        tags,
        summary: 'Set which holders of one type hold a menu',
        params: modelParams,
        body: AuthorizeModelInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await authorize.saveModel(request.params.itemId, request.params.objectType, request.body, sessionOf(request));
      return ok(null, request.t('common.saved'));
    },
  );
}

/** A page's column display settings, the caller's own. */
function columnSettingRoutes(app: App, authorize: AuthorizeService) {
  // Column display settings are the caller's own; the service checks that it may open the page.
  app.get(
    `${base}/GetColumnsByModuleId/:id`,
    {
      schema: {
        tags,
        summary: "The caller's column settings of a page: {list: [{prop, label, visible}]}",
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(ColumnSettings) },
      },
    },
    async (request) => ok(await authorize.columns(sessionOf(request), request.params.id)),
  );

  app.put(
    `${base}/SetColumnsByModuleId`,
    {
      schema: {
        tags,
        summary: "Save the caller's column settings of a page (fieldList: a JSON list)",
        body: ColumnSettingInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await authorize.saveColumns(sessionOf(request), request.body);
      return ok(null, request.t('common.saved'));
    },
  );
}

/** Who holds a menu and one of its permissions, asked from the menu page. */
function menuHolderRoutes(app: App, authorize: AuthorizeService) {
  // Who holds a menu, asked from the menu page (system.menu's permission); the answer is authorisation data.
  app.get(
    '/api/system/Menu/getPermissionGroup/:id',
    {
      preHandler: permitMenu('system.menu'),
      schema: {
        tags: ['menu'],
        summary: 'Roles, positions, users and groups that hold the menu',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(MenuHolders) },
      },
    },
    async (request) => ok(await authorize.menuHolders(request.params.id)),
  );

  app.get(
    '/api/system/Menu/getPermission/:id/:permissionId',
    {
      preHandler: permitMenu('system.menu'),
      schema: {
        tags: ['menu'],
        summary: "One holder's buttons, columns, forms and data scopes of the menu",
        params: Type.Object({ id: Id, permissionId: Id }),
        response: { 200: EnvelopeOf(MenuHolderGrants) },
      },
    },
    async (request) => ok(await authorize.menuHolderGrants(request.params.id, request.params.permissionId)),
  );
}
