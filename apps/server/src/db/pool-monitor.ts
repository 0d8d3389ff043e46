/**
 * How the database's connections are used: how many are lent out, how many callers wait for one,
 * and how long each waited. The PostgreSQL pool and PGlite's single lent connection both report
 * here, so `/metrics` reads one shape whichever database runs (core/metrics.ts).
 */
export class PoolMonitor {
  /** Callers waiting for a connection now. */
  waiting = 0;
  /** Connections lent out now. */
  inUse = 0;
  private readonly waitListeners = new Set<(seconds: number) => void>();

  constructor(
    /** The most connections the pool opens (PGlite: 1). */
    readonly max: number,
    /** Connections open now, lent or idle. */
    readonly open: () => number,
  ) {}

  /** Runs `take` (the pool's own acquire) counted as a wait, then as a lent connection. */
  async acquire<T>(take: () => Promise<T>): Promise<T> {
    const started = performance.now();
    this.waiting++;
    let connection: T;
    try {
      connection = await take();
    } finally {
      this.waiting--;
    }
    this.inUse++;
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.waitListeners) listener(seconds);
    return connection;
  }

  released() {
    this.inUse = Math.max(0, this.inUse - 1);
  }

  /** Every acquire's wait in seconds, from now on; answers the unsubscribe. */
  onWait(listener: (seconds: number) => void) {
    this.waitListeners.add(listener);
    return () => this.waitListeners.delete(listener);
  }
}
