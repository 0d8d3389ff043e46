import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { App } from './app-types.ts';

type Policy = NonNullable<Parameters<typeof helmet>[0]>;

/** The CSP directives every answer carries; static, so nonces are not needed. */
const directives = {
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
};

/**
 * Helmet's headers for the policy, worked out once by letting helmet write them into a recorder.
 * `scriptHashes` ('sha256-…' sources) admit named inline scripts: the web app's index.html has one
 * (the login shell's, apps/web/login-shell.ts), allowed by its hash on that page only.
 */
export function securityHeaders(options: { scriptHashes?: readonly string[] } = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const scriptSrc = [...directives.scriptSrc, ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)];
  const policy: Policy = {
    contentSecurityPolicy: { directives: { ...directives, scriptSrc } },
    crossOriginEmbedderPolicy: false,
  };
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
