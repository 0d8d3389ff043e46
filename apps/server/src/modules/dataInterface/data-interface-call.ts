import type { FastifyRequest } from 'fastify';
import type { DataInterfaceLimits } from '../../config.ts';
import { sessionOf } from '../../core/auth.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { DataInterfaceAccess } from './data-interface-access.ts';
import type { Resolver } from './outbound-http.ts';

/** Who calls, from where, and for what (the call log's columns). */
export interface Caller {
  session: Session;
  ip: string;
  origin: string;
}

/** The caller of a request, for the call log's `origin` (preview, list, print, report...). */
export const callerOf = (request: FastifyRequest, origin: string): Caller => ({
  session: sessionOf(request),
  ip: request.ip,
  origin,
});

export interface DataInterfaceOptions extends DataInterfaceLimits {
  /** Whether the reader role could be made: SQL interfaces refuse to run without it. */
  readerReady: () => boolean;
  /** PostgreSQL: the pool of reader connections (null on PGlite or when the role could not be made). */
  reader: () => Db | null;
  embedded: boolean;
  resolver?: Resolver;
  /** Who may call an interface through the widget calls, and the data scope its SQL reads generated forms with. */
  access: DataInterfaceAccess;
}
