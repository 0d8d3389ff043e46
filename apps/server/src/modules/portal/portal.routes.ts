import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  PageOf,
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
import { transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { PortalService } from './portal.service.ts';
import { PortalAccess } from './portal-access.ts';
import { PortalTransferService } from './portal-transfer.service.ts';

const tags = ['portal'];
const base = '/api/visualdev/Portal';
const menu = 'onlineDev.portal';
const IdParams = Type.Object({ id: Id });

/**
 * Portals (protocol-workflow.md section 5). The designer's calls need the portal-design menu and its
 * buttons; what the home page calls (Selector, auth, Custom/Save, SetDefault) serves any signed-in
 * user. Create answers the bare new id as `data`, as the 3.6 client reads it.
 */
export default async function portalRoutes(app: App) {
  const portals = new PortalService(app.db, app.dictionaries, new PortalAccess(app.db, app.permissions));
  const transfer = new PortalTransferService(app.db, portals, app.downloads);

  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Portals, paged (category, type, enabledMark filters)',
        querystring: PortalQuery,
        response: { 200: EnvelopeOf(PageOf(PortalRow)) },
      },
    },
    async (request) => ok(await portals.page(request.query)),
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

  app.get(
    `${base}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'A portal with its cards (formData)',
        params: IdParams,
        response: { 200: EnvelopeOf(PortalInfo) },
      },
    },
    async (request) => ok(await portals.info(request.params.id)),
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a portal; data is the new id',
        body: PortalInput,
        response: { 200: EnvelopeOf(Type.String()) },
      },
    },
    async (request) => ok(await portals.create(request.body, sessionOf(request)), request.t('common.created')),
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: "Update a portal: the whole definition, or the designer's {id, formData} that keeps every other field",
        params: IdParams,
        body: PortalUpdate,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await portals.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete a portal (users and roles that had it as default lose it)',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await portals.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.put(
    `${base}/:id/Actions/State`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: { tags, summary: 'Enable or disable a portal', params: IdParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const state = await portals.toggleState(request.params.id, sessionOf(request));
      return ok(null, request.t(state === 1 ? 'people.enabled' : 'people.disabled'));
    },
  );

  app.post(
    `${base}/:id/Actions/Copy`,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Copy a portal under a new name and code',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await portals.copy(request.params.id, sessionOf(request));
      return ok(null, request.t('portal.copied'));
    },
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

  app.put(
    `${base}/:id/Actions/SetDefault`,
    {
      schema: {
        tags,
        summary: "Make a portal the viewer's home page (userInfo.portalId)",
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await portals.setDefault(request.params.id, sessionOf(request));
      return ok(null, request.t('portal.defaultSet'));
    },
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
