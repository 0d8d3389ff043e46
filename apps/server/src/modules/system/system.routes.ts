import { EmptyEnvelope, EnvelopeOf, Id, ListOf, SystemInfo, SystemInput, SystemQuery } from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { SystemService } from './system.service.ts';

const tags = ['system'];
const menu = 'system.system';
const params = Type.Object({ id: Id });

export default async function systemRoutes(app: App) {
  const systems = new SystemService(app.db, app.bus, app.permissions);

  app.get(
    '/api/system/System',
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Applications, in display order',
        querystring: SystemQuery,
        response: { 200: EnvelopeOf(ListOf(SystemInfo)) },
      },
    },
    async (request) => ok(await systems.list(request.query)),
  );

  app.get(
    '/api/system/System/Selector',
    {
      preHandler: permitMenu('system.menu'),
      schema: {
        tags,
        summary: 'Enabled applications, for the menu page',
        response: { 200: EnvelopeOf(ListOf(SystemInfo)) },
      },
    },
    async () => ok(await systems.list({ enabledMark: 1 })),
  );

  app.get(
    '/api/system/System/:id',
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'One application', params, response: { 200: EnvelopeOf(SystemInfo) } },
    },
    async (request) => ok(await systems.get(request.params.id)),
  );

  app.post(
    '/api/system/System',
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create an application',
        body: SystemInput,
        response: { 200: EnvelopeOf(Type.String()) },
      },
    },
    async (request) => ok(await systems.create(request.body, sessionOf(request)), request.t('common.created')),
  );

  app.put(
    '/api/system/System/:id',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: { tags, summary: 'Edit an application', params, body: SystemInput, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await systems.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.put(
    '/api/system/System/:id/Actions/State',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Enable or disable an application (not the main one)',
        params,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await systems.toggleState(request.params.id, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    '/api/system/System/:id',
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete an application without menus (not the main one)',
        params,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await systems.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );
}
