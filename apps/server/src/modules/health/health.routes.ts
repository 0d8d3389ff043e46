import { EnvelopeOf } from '@platform/shared';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { ok } from '../../core/envelope.ts';

const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String(), version: Type.String() });

export default async function healthRoutes(app: App) {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: EnvelopeOf(Health) } },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return ok({ status: 'ok' as const, database: app.config.database.kind, version: '3.6.0' });
    },
  );
}
