import type { App } from './app-types.ts';

/**
 * Where the server is in its life, as the health endpoints tell a load balancer: `starting` until
 * the app is ready (buildApp has migrated and seeded by then), `ready` while it takes traffic, and
 * `draining` from the shutdown signal on, so the balancer stops sending before the listener closes.
 */
export class Lifecycle {
  private current: 'starting' | 'ready' | 'draining' = 'starting';

  get state() {
    return this.current;
  }

  get ready() {
    return this.current === 'ready';
  }

  markReady() {
    if (this.current === 'starting') this.current = 'ready';
  }

  drain() {
    this.current = 'draining';
  }
}

/**
 * While draining, every answer says `Connection: close`. Node's `server.close()` waits for each
 * open connection to end, and a keep-alive connection whose request was in flight at the signal
 * would otherwise stay open, idle, until its keep-alive time-out (72 s), long past the shutdown limit.
 */
export function installDraining(app: App) {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.state === 'draining') reply.header('connection', 'close');
    done(null, payload);
  });
}
