import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Trx } from '../../db/database.ts';
import { JobRepository } from './job.repository.ts';

/** Runs one job inside the transaction that also marks it done, so its effect and its completion commit together. */
export type JobHandler = (trx: Trx, payload: unknown) => Promise<(() => Promise<void>) | undefined>;

const maxAttempts = 5;
const staleAfterMs = 5 * 60_000;

/**
 * Jobs live in the `job` table, so a restart loses none; every instance polls and claims due jobs
 * with `for update skip locked`, so two instances never run one job. A handler may return an
 * after-commit step (bus announcements).
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private lastMaintenance = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {}

  register(type: string, handler: JobHandler) {
    this.handlers.set(type, handler);
  }

  start() {
    if (this.timer || this.stopped) return;
    const tick = () => {
      this.running = this.runDue()
        .catch((error) => this.log.error({ err: error }, 'job runner poll failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
        });
    };
    this.timer = setTimeout(tick, this.pollMs);
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

  private async runOne(job: { id: string; type: string; payload: string; attempts: number }) {
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      const after = await this.db.transaction().execute(async (trx) => {
        const next = await handler(trx, JSON.parse(job.payload));
        await new JobRepository(trx).finish(job.id);
        return next;
      });
      await after?.();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = job.attempts < maxAttempts ? new Date(Date.now() + 2 ** job.attempts * 1000) : null;
      this.log.warn({ jobId: job.id, type: job.type, err: error }, 'job failed');
      await new JobRepository(this.db).fail(job.id, message.slice(0, 2000), retry);
    }
  }
}
