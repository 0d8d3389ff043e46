import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { App } from './app-types.ts';

/** The policy every answer carries; static, so nonces and per-route variants are not needed. */
const policy: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Ant Design writes its styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      // MD5 of the login payload and of uploaded files runs as WebAssembly (hash-wasm).
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      // Deployments on a plain-HTTP intranet address must keep working.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** Helmet's headers for `policy`, worked out once by letting helmet write them into a recorder. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(policy)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Sets the security headers on every answer. @fastify/helmet rebuilds helmet's middleware on every
 * request (about 3 % of the user list's server time); these headers never vary, so they are
 * computed at start. The API documentation's pages replace the CSP with their own (swagger-ui's
 * staticCSP), which runs later, at send.
 */
export function installSecurityHeaders(app: App) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
