import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  OrganizeAdministratorInput,
  OrganizeAdministratorQuery,
  OrganizeAdministratorRow,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { idsFromBody } from '../../core/audit.ts';
import { sessionOf } from '../../core/auth.ts';
import { recordActionRoute } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { menu, type OrganizeAdministratorService } from './organize-administrator.service.ts';

const tags = ['organizeAdministrator'];
const base = '/api/permission/organizeAdminIsTrator';

export default async function organizeAdministratorRoutes(
  app: App,
  { administrators }: { administrators: OrganizeAdministratorService },
) {
  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Tiered administrators: one row per user and organisation, paged',
        querystring: OrganizeAdministratorQuery,
        response: { 200: EnvelopeOf(PageOf(OrganizeAdministratorRow)) },
      },
    },
    async (request) => ok(await administrators.page(request.query)),
  );

  app.get(
    `${base}/Selector`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'What one user administers, with its rights per organisation',
        querystring: Type.Object({ userId: Id }),
        response: { 200: EnvelopeOf(ListOf(OrganizeAdministratorRow)) },
      },
    },
    async (request) => ok({ list: await administrators.ofUser(request.query.userId) }),
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_edit'),
      config: { audit: { object: 'organizeAdministrator', ids: idsFromBody('userId') } },
      schema: {
        tags,
        summary: 'Replace what one user administers (an empty orgAdminModel ends it)',
        body: OrganizeAdministratorInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await administrators.save(request.body, sessionOf(request));
      return ok(null, request.t('common.saved'));
    },
  );

  recordActionRoute(
    app,
    {
      method: 'DELETE',
      url: `${base}/:id`,
      tags,
      summary: 'End one user’s administration of one organisation',
      preHandler: permit(menu, 'btn_edit'),
      audit: 'organizeAdministrator',
      done: 'common.deleted',
    },
    (id, session) => administrators.delete(id, session),
  );
}
