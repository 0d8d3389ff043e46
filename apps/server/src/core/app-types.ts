import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from './event-bus.ts';
import type { Lang, Translate } from './i18n.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { Metrics } from './metrics.ts';

/** The Fastify instance every module receives: typed by the TypeBox schemas of its routes. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    bus: EventBus;
    /** Starting, ready or draining: what `/api/health/ready` answers. */
    lifecycle: Lifecycle;
    /** The registry `/metrics` writes. */
    metrics: Metrics;
  }
  interface FastifyRequest {
    lang: Lang;
    t: Translate;
  }
}
