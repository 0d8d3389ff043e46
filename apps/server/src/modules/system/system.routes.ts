import { EnvelopeOf, ListOf, SystemInfo, SystemInput, SystemQuery } from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { recordRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { SystemService } from './system.service.ts';

const tags = ['system'];
const menu = 'system.system';

export default async function systemRoutes(app: App, { systems }: { systems: SystemService }) {
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

  recordRoutes(
    app,
    {
      base: '/api/system/System',
      menu,
      tag: 'system',
      noun: { one: 'application', many: 'Applications' },
      schemas: { info: SystemInfo, input: SystemInput, update: SystemInput },
      summaries: {
        info: 'One application',
        update: 'Edit an application',
        state: 'Enable or disable an application (not the main one)',
        delete: 'Delete an application without menus (not the main one)',
      },
      createAnswer: 'idAsData',
      stateAnswer: 'updated',
    },
    systems,
  );
}
