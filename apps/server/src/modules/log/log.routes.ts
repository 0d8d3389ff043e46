import { EnvelopeOf, LogCategory, LogListQuery, LogQuery, LogRow, PageOf } from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { ok } from '../../core/envelope.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { LogService } from './log.service.ts';
import { installLogRetention } from './log-retention.ts';

/** The system log: logins (category 1) and operations (category 2, written by core/operation-log.ts), pruned daily. */
export default async function logRoutes(app: App, { logs }: { logs: LogService }) {
  installLogRetention(app);

  app.get(
    '/api/system/Log/:category',
    {
      preHandler: permitMenu('system.log'),
      schema: {
        tags: ['log'],
        summary: 'Log entries of one category, newest first; keyword, startTime and endTime (ms), paged',
        params: Type.Object({ category: LogCategory }),
        querystring: LogQuery,
        response: { 200: EnvelopeOf(PageOf(LogRow)) },
      },
    },
    async (request) => ok(await logs.list(request.params.category, request.query, request.t)),
  );

  // The same list as the 3.6 client's system log page asks for it (src/api/system/log.ts).
  app.get(
    '/api/system/Log',
    {
      preHandler: permitMenu('system.log'),
      schema: {
        tags: ['log'],
        summary: 'Log entries of the category named in the query, as GET /api/system/Log/{category}',
        querystring: LogListQuery,
        response: { 200: EnvelopeOf(PageOf(LogRow)) },
      },
    },
    async (request) => {
      const { category, ...query } = request.query;
      return ok(await logs.list(category, query, request.t));
    },
  );
}
