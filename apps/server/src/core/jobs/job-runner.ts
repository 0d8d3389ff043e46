import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Trx } from '../../db/database.ts';
import { JobRepository } from './job.repository.ts';

/** Runs one job inside the transaction that also marks it done, so its effect and its completion commit together. */
export type JobHandler = (trx: Trx, payload: unknown) => Promise<(() => Promise<void>) | undefined>;

/**
 * An effect outside the database (an e-mail, an SMS): `perform` runs outside any transaction, so a
 * slow gateway holds no connection (on the embedded database, every request's), and `settle`
 * records its result in the transaction that ends the job.
 */
export interface JobEffect {
  perform(payload: unknown, attempt: number): Promise<unknown>;
  settle(trx: Trx, payload: unknown, result: EffectResult): Promise<void>;
  /** A failure retrying cannot cure (the administrator must change something): the job fails at once. */
  isPermanent?(error: unknown): boolean;
}

export type EffectResult =
  | { ok: true; outcome: unknown; attempt: number }
  | { ok: false; error: unknown; attempt: number; retryAt: Date | null };

/** Tries of a job: the n-th retry waits `firstDelayMs * 2^(n-1)`, never more than `maxDelayMs`. */
export interface RetryPolicy {
  maxAttempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

const defaultRetry: RetryPolicy = { maxAttempts: 5, firstDelayMs: 2000, maxDelayMs: 3600_000 };
/** A claimed job not ended by then belongs to a runner that died: it is claimable again. */
const staleAfterMs = 5 * 60_000;

/** When try `attempt` (1-based) failed: the time of the next, or null when it was the last. */
export function nextTry(policy: RetryPolicy, attempt: number, now = Date.now()): Date | null {
  if (attempt >= policy.maxAttempts) return null;
  return new Date(now + Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (attempt - 1)));
}

type Registered = { policy: RetryPolicy } & ({ handler: JobHandler } | { effect: JobEffect });
interface ClaimedJob {
  id: string;
  type: string;
  payload: string;
  attempts: number;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Jobs live in the `job` table, so a restart loses none; every instance polls and claims due jobs
 * with `for update skip locked`, so two instances never run one job. A handler may return an
 * after-commit step (bus announcements). The first poll waits `firstPollMs` after start (tests of
 * a crash before a send widen the window with JOB_FIRST_POLL_MS); `wake` polls at once afterwards.
 */
export class JobRunner {
  private readonly handlers = new Map<string, Registered>();
  private readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private polled = false;
  private woken = false;
  private lastMaintenance = 0;
  private readonly failureListeners = new Set<(type: string) => void>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    private readonly firstPollMs = pollMs,
  ) {}

  register(type: string, handler: JobHandler) {
    this.handlers.set(type, { handler, policy: defaultRetry });
  }

  registerEffect(type: string, effect: JobEffect, policy: RetryPolicy = defaultRetry) {
    this.handlers.set(type, { effect, policy });
  }

  /** Told of every failed attempt here (retried or given up), by job type: `/metrics` counts them. */
  onFailure(listener: (type: string) => void) {
    this.failureListeners.add(listener);
  }

  start() {
    if (this.timer || this.stopped || this.polled) return;
    this.schedule(this.firstPollMs);
  }

  /** Jobs were just queued: poll now instead of at the next tick (not before the first poll). */
  wake() {
    if (!this.polled || this.stopped) return;
    if (this.running) {
      this.woken = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.tick();
  }

  private schedule(ms: number) {
    this.timer = setTimeout(() => this.tick(), ms);
  }

  private tick() {
    this.timer = null;
    this.polled = true;
    this.woken = false;
    this.running = this.runDue()
      .catch((error) => this.log.error({ err: error }, 'job runner poll failed'))
      .finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule(this.woken ? 0 : this.pollMs);
      });
  }

  /** The queue per job type, every instance's jobs together (`/metrics`). */
  queueStats() {
    return new JobRepository(this.db).queueStats();
  }

  /** Resolves once the poll under way, if any, has finished: everything it claimed has run. */
  async idle() {
    await this.running;
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Claims and runs what is due now; returns how many jobs ran. */
  async runDue(): Promise<number> {
    const repo = new JobRepository(this.db);
    const now = Date.now();
    if (now - this.lastMaintenance > 60_000) {
      this.lastMaintenance = now;
      await repo.releaseStale(new Date(now - staleAfterMs));
      await repo.purge(new Date(now - 7 * 24 * 3600_000));
    }
    let ran = 0;
    for (;;) {
      if (this.stopped) return ran;
      const jobs = await repo.claim(this.id, 20);
      if (jobs.length === 0) return ran;
      for (const job of jobs) {
        await this.runOne(job);
        ran++;
      }
    }
  }

  private async runOne(job: ClaimedJob) {
    const registered = this.handlers.get(job.type);
    try {
      if (!registered) throw new Error(`no handler for job type ${job.type}`);
      if ('effect' in registered) return await this.runEffect(job, registered.effect, registered.policy);
      const { handler } = registered;
      const after = await this.db.transaction().execute(async (trx) => {
        const next = await handler(trx, JSON.parse(job.payload));
        await new JobRepository(trx).finish(job.id);
        return next;
      });
      await after?.();
    } catch (error) {
      this.log.warn({ jobId: job.id, type: job.type, err: error }, 'job failed');
      for (const listener of this.failureListeners) listener(job.type);
      const retryAt = nextTry(registered?.policy ?? defaultRetry, job.attempts);
      await new JobRepository(this.db).fail(job.id, reasonOf(error), retryAt);
    }
  }

  private async runEffect(job: ClaimedJob, effect: JobEffect, policy: RetryPolicy) {
    const payload: unknown = JSON.parse(job.payload);
    const attempt = job.attempts;
    let result: EffectResult;
    try {
      result = { ok: true, outcome: await effect.perform(payload, attempt), attempt };
    } catch (error) {
      const retryAt = effect.isPermanent?.(error) ? null : nextTry(policy, attempt);
      this.log.warn({ jobId: job.id, type: job.type, attempt, err: error }, 'job effect failed');
      for (const listener of this.failureListeners) listener(job.type);
      result = { ok: false, error, attempt, retryAt };
    }
    await this.db.transaction().execute(async (trx) => {
      await effect.settle(trx, payload, result);
      const jobs = new JobRepository(trx);
      if (result.ok) await jobs.finish(job.id);
      else await jobs.fail(job.id, reasonOf(result.error), result.retryAt);
    });
  }
}
