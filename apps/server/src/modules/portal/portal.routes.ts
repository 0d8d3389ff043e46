import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  PortalAuth,
  PortalAuthQuery,
  PortalCustomSave,
  PortalImportResult,
  PortalInfo,
  PortalInput,
  PortalQuery,
  PortalRoleDefault,
  PortalRow,
  PortalSelectorNode,
  PortalSelectorQuery,
  PortalUpdate,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes, recordActionRoute, transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { PortalService } from './portal.service.ts';
import type { PortalTransferService } from './portal-transfer.service.ts';

const tags = ['portal'];
const base = '/api/visualdev/Portal';
const menu = 'onlineDev.portal';
const IdParams = Type.Object({ id: Id });

/**
 * Portals (protocol-workflow.md section 5). The designer's calls need the portal-design menu and its
 * buttons; what the home page calls (Selector, auth, Custom/Save, SetDefault) serves any signed-in
 * user. The list and record calls are the CRUD kit's; create answers the bare new id as `data`, as
 * the 3.6 client reads it (`createAnswer: 'idAsData'`).
 */
export default async function portalRoutes(
  app: App,
  { portals, transfer }: { portals: PortalService; transfer: PortalTransferService },
) {
  portalDesignRoutes(app, portals, transfer);
  portalUseRoutes(app, portals);
}

/** The designer's calls (the menu and its buttons): the CRUD kit, the switcher's list, copy, export and import. */
function portalDesignRoutes(app: App, portals: PortalService, transfer: PortalTransferService) {
  crudRoutes(
    app,
    {
      base,
      menu,
      tag: 'portal',
      noun: { one: 'portal', many: 'Portals' },
      schemas: { query: PortalQuery, row: PortalRow, input: PortalInput, update: PortalUpdate, info: PortalInfo },
      createAnswer: 'idAsData',
      summaries: {
        list: 'Portals, paged (category, type, enabledMark filters)',
        info: 'A portal with its cards (formData)',
        create: 'Create a portal; data is the new id',
        update: "Update a portal: the whole definition, or the designer's {id, formData} that keeps every other field",
        delete: 'Delete a portal (users and roles that had it as default lose it)',
        state: 'Enable or disable a portal',
      },
    },
    portals,
  );

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary:
          'Enabled portals the caller may open, grouped by category (the home page switcher); type 1 asks for designed and linked alike',
        querystring: PortalSelectorQuery,
        response: { 200: EnvelopeOf(ListOf(PortalSelectorNode)) },
      },
    },
    // The 3.6 client sends type=1 meaning "every portal for the switcher", not the link kind.
    async (request) => ok({ list: await portals.selector(sessionOf(request)) }),
  );

  recordActionRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:id/Actions/Copy`,
      tags,
      summary: 'Copy a portal under a new name and code',
      preHandler: permit(menu, 'btn_add'),
      done: 'portal.copied',
    },
    (id, session) => portals.copy(id, session),
  );

  transferRoutes(
    app,
    {
      base,
      menu,
      tag: 'portal',
      file: { extension: /\.vp$/i, maxBytes: 4 * 1024 * 1024 },
      messages: { file: 'portal.importFile', mode: 'portal.importMode', invalid: 'portal.importInvalid' },
      answered: (result) => (result.skipped ? 'portal.importSkipped' : 'portal.imported'),
      schemas: { link: Type.Object({ url: Type.String() }), result: PortalImportResult },
      summaries: {
        export: 'Write a portal to a .vp file; answers the url it downloads from without authorization',
        import: 'Import a .vp file (multipart file + type: 0 skip a portal whose code exists, 1 add it with a suffix)',
      },
    },
    transfer,
  );
}

/** Using a portal: what the home page opens with, the caller's own layout and default, and the roles' defaults. */
function portalUseRoutes(app: App, portals: PortalService) {
  app.get(
    `${base}/:id/auth`,
    {
      schema: {
        tags,
        summary:
          "What the home page draws: the portal's kind, link, lock and cards (the viewer's own layout when saved); 403 for a portal the caller may not open",
        params: IdParams,
        querystring: PortalAuthQuery,
        response: { 200: EnvelopeOf(PortalAuth) },
      },
    },
    async (request) => ok(await portals.auth(request.params.id, sessionOf(request))),
  );

  app.put(
    `${base}/Custom/Save/:id`,
    {
      schema: {
        tags,
        summary: "Save the viewer's own arrangement of an unlocked portal",
        params: IdParams,
        body: PortalCustomSave,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await portals.saveCustom(request.params.id, request.body.formData, sessionOf(request));
      return ok(null, request.t('common.saved'));
    },
  );

  recordActionRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/:id/Actions/SetDefault`,
      tags,
      summary: "Make a portal the viewer's home page (userInfo.portalId)",
      done: 'portal.defaultSet',
    },
    (id, session) => portals.setDefault(id, session),
  );

  app.get(
    `${base}/:id/Actions/RoleDefault`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'The roles whose members open this portal by default',
        params: IdParams,
        response: { 200: EnvelopeOf(PortalRoleDefault) },
      },
    },
    async (request) => ok({ roleIds: await portals.roleDefaults(request.params.id) }),
  );

  app.put(
    `${base}/:id/Actions/RoleDefault`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: "Make this portal the default of exactly these roles (a member's own choice still comes first)",
        params: IdParams,
        body: PortalRoleDefault,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await portals.setRoleDefaults(request.params.id, request.body.roleIds);
      return ok(null, request.t('portal.defaultSet'));
    },
  );
}
