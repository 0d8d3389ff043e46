import { EmptyEnvelope } from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { FileAnswer } from '../../core/envelope.ts';
import { metricsAccess } from './metrics-access.ts';

/** `/metrics` in the Prometheus text format, outside `/api` where scrapers look for it. */
export default async function metricsRoutes(app: App) {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        summary:
          'Prometheus metrics: METRICS_TOKEN as a bearer token, or without one from this machine only (docs/operations.md)',
        produces: ['text/plain'],
        response: {
          200: FileAnswer('The Prometheus text exposition format', ['text/plain']),
          401: EmptyEnvelope,
          403: EmptyEnvelope,
        },
      },
    },
    async (request, reply) => {
      const access = metricsAccess(
        { remoteAddress: request.socket.remoteAddress, headers: request.headers },
        app.config.metricsToken ?? null,
      );
      if (access === 'tokenRequired') {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 401, msg: request.t('metrics.tokenRequired') });
      }
      if (access === 'loopbackOnly') return reply.code(403).send({ code: 403, msg: request.t('metrics.loopbackOnly') });
      return reply.header('content-type', app.metrics.contentType).send(await app.metrics.text());
    },
  );
}
