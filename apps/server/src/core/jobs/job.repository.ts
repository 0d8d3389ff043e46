import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export interface NewJob {
  id: string;
  type: string;
  payload: unknown;
  runAt: Date;
  refId?: string | null;
}

/** One job type's queue as `/metrics` shows it. */
export interface JobQueueStats {
  type: string;
  /** Pending and due now: the queue's depth. */
  due: number;
  running: number;
  /** Gave up after the last attempt. */
  failed: number;
  /** How long the longest-waiting due job is overdue, in seconds (0 when none is due). */
  oldestDueSeconds: number;
}

export class JobRepository {
  constructor(private readonly db: Db | Trx) {}

  async insert(jobs: NewJob[]) {
    if (jobs.length === 0) return;
    await this.db
      .insertInto('job')
      .values(
        jobs.map((j) => ({
          id: j.id,
          type: j.type,
          payload: JSON.stringify(j.payload ?? {}),
          runAt: j.runAt,
          refId: j.refId ?? null,
        })),
      )
      .execute();
  }

  /**
   * Puts a job into the table unless one with its id is there: a recurring job's id names its
   * period, so several instances starting at once, or a run rescheduling itself, leave one a period.
   */
  async insertOnce(job: { id: string; type: string; runAt: Date; payload: unknown }) {
    await this.db
      .insertInto('job')
      .values({ id: job.id, type: job.type, payload: JSON.stringify(job.payload), runAt: job.runAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** Pending jobs about these records are dropped (a deleted or changed schedule). */
  async cancelByRef(refIds: string[]) {
    if (refIds.length === 0) return;
    await this.db.deleteFrom('job').where('refId', 'in', refIds).where('status', '=', 'pending').execute();
  }

  /**
   * Claims up to `limit` due jobs for this runner. `for update skip locked` lets several instances
   * claim at once without ever taking the same job; the claim is one statement, so it commits alone.
   */
  async claim(runner: string, limit: number) {
    const result = await sql<{ id: string; type: string; payload: string; attempts: number }>`
      update job set status = 'running', locked_by = ${runner}, locked_at = now(), attempts = attempts + 1
      where id in (
        select id from job where status = 'pending' and run_at <= now()
        order by run_at limit ${limit} for update skip locked
      )
      returning id, type, payload, attempts`.execute(this.db);
    return result.rows;
  }

  async finish(id: string) {
    await this.db.updateTable('job').set({ status: 'done', lastError: null }).where('id', '=', id).execute();
  }

  async fail(id: string, error: string, retryAt: Date | null) {
    await this.db
      .updateTable('job')
      .set(
        retryAt
          ? { status: 'pending', runAt: retryAt, lastError: error, lockedBy: null, lockedAt: null }
          : { status: 'failed', lastError: error },
      )
      .where('id', '=', id)
      .execute();
  }

  /** Jobs of a runner that died mid-run go back to pending. */
  async releaseStale(olderThan: Date) {
    await this.db
      .updateTable('job')
      .set({ status: 'pending', lockedBy: null, lockedAt: null })
      .where('status', '=', 'running')
      .where('lockedAt', '<', olderThan)
      .execute();
  }

  /** The queue per job type; finished jobs left out (the age on the database's clock, as run_at is). */
  async queueStats(): Promise<JobQueueStats[]> {
    const result = await sql<JobQueueStats>`
      select type,
        (count(*) filter (where status = 'pending' and run_at <= now()))::int as due,
        (count(*) filter (where status = 'running'))::int as running,
        (count(*) filter (where status = 'failed'))::int as failed,
        coalesce(extract(epoch from now() - min(run_at) filter (where status = 'pending' and run_at <= now())), 0)::float8
          as oldest_due_seconds
      from job where status <> 'done' group by type`.execute(this.db);
    return result.rows;
  }

  /** Old finished jobs are kept a week for inspection, then removed. */
  async purge(before: Date) {
    await this.db.deleteFrom('job').where('status', '=', 'done').where('createdAt', '<', before).execute();
  }
  /**
   * Jobs (due or run) matching any of `conditions`: a type and a refId, and where given one payload
   * key's value (what an area's event log asks of its timers).
   */
  matching(conditions: { type: string; refId: string; payload?: { key: string; value: string } }[]) {
    if (!conditions.length) return Promise.resolve([]);
    return this.db
      .selectFrom('job')
      .select(['id', 'type', 'payload', 'runAt', 'status', 'lastError'])
      .where((eb) =>
        eb.or(
          conditions.map((c) =>
            eb.and([
              eb('type', '=', c.type),
              eb('refId', '=', c.refId),
              ...(c.payload ? [eb(sql<string>`payload::jsonb ->> ${c.payload.key}`, '=', c.payload.value)] : []),
            ]),
          ),
        ),
      )
      .execute();
  }
}
