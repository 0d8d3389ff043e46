import { EmptyEnvelope, EnvelopeOf } from '@platform/shared';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { ok } from '../../core/envelope.ts';
import metricsRoutes from './metrics.routes.ts';

const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String(), version: Type.String() });
const Probe = (status: string) => EnvelopeOf(Type.Object({ status: Type.Literal(status) }));
const tags = ['system'];
/** Longer than any healthy `select 1`; short enough that a balancer's probe gets an answer. */
const databaseCheckMs = 3000;

export default async function healthRoutes(app: App) {
  // The answer existing clients read; it stays as it was.
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags, summary: 'Liveness and database check', response: { 200: EnvelopeOf(Health) } },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return ok({ status: 'ok' as const, database: app.config.database.kind, version: '3.6.0' });
    },
  );

  app.get(
    '/api/health/live',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Liveness: 200 while the process serves requests (restart it when this fails)',
        response: { 200: Probe('live') },
      },
    },
    async () => ok({ status: 'live' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Readiness: 200 once migrated and while the database answers; 503 while starting, draining for shutdown or without a database',
        response: { 200: Probe('ready'), 503: EmptyEnvelope },
      },
    },
    async (request, reply) => {
      const { state } = app.lifecycle;
      if (state !== 'ready') {
        return reply
          .code(503)
          .send({ code: 503, msg: request.t(state === 'starting' ? 'health.starting' : 'health.draining') });
      }
      if (!(await databaseAnswers(app))) {
        return reply.code(503).send({ code: 503, msg: request.t('health.databaseDown') });
      }
      return ok({ status: 'ready' as const });
    },
  );

  await app.register(metricsRoutes);
}

async function databaseAnswers(app: App): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseCheckMs);
  });
  const answered = sql`select 1`.execute(app.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
