import type { App } from './app-types.ts';
import { ForbiddenError } from './errors.ts';
import type { Session, SessionStore } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, captcha, configuration needed before login). */
    public?: boolean;
  }
  interface FastifyRequest {
    /** Set on every non-public route; public routes see null. */
    session: Session | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

/**
 * Every API route needs a session unless it says `config: { public: true }`: forgetting the flag
 * locks a route, it never opens one.
 */
export function installAuthentication(app: App, sessions: SessionStore) {
  app.decorate('sessions', sessions);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (request.routeOptions.config.public || !url?.startsWith('/api/') || url.startsWith('/api/docs')) return;
    request.session = await sessions.resolve(request.headers.authorization);
  });
}

/** The session of a route that is not public; the hook above guarantees it. */
export function sessionOf(request: { session: Session | null }): Session {
  if (!request.session) throw new ForbiddenError();
  return request.session;
}
