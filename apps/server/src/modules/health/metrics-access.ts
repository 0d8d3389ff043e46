import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import ipaddr from 'ipaddr.js';

export type MetricsAccess = 'allowed' | 'tokenRequired' | 'loopbackOnly';

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever its socket says. */
const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Who may read `/metrics` (route names, job types and load are not for the public): with
 * METRICS_TOKEN set, whoever sends it as a bearer token, and nobody else, loopback included (a
 * proxy on this machine would otherwise pass the world in); without one, only a client on this
 * machine talking to the server directly. The socket's own address is used, never X-Forwarded-For.
 */
export function metricsAccess(
  caller: { remoteAddress: string | undefined; headers: IncomingHttpHeaders },
  token: string | null,
): MetricsAccess {
  if (token) return bearerMatches(caller.headers.authorization, token) ? 'allowed' : 'tokenRequired';
  if (forwardingHeaders.some((name) => caller.headers[name] !== undefined)) return 'loopbackOnly';
  return isLoopback(caller.remoteAddress) ? 'allowed' : 'loopbackOnly';
}

function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

export function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}
