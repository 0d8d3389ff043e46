import type { App } from '../../core/app-types.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import { LogRepository } from './log.repository.ts';

/** The job that prunes the system log; one per day, named by the day (log.prune:2024-01-10). */
export const pruneJobType = 'log.prune';
/** Hour of the day (server time) the prune runs: a quiet hour in the offices it serves. */
const pruneHour = 3;
const dayMs = 24 * 3600_000;

/** The first prune time strictly after `after`: that day's run hour, or the next day's. */
export function nextPruneTime(after: Date): Date {
  const at = new Date(after.getFullYear(), after.getMonth(), after.getDate(), pruneHour);
  if (at.getTime() <= after.getTime()) at.setDate(at.getDate() + 1);
  return at;
}

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Login and operation entries older than LOG_RETENTION_DAYS (default 180; 0 keeps them) are
 * deleted once a day by a job in the job table, so a restart misses no day (an overdue job runs
 * at the next start) and several instances prune once. Each run schedules the next day's; every
 * start makes sure the next one exists.
 */
export function installLogRetention(app: App) {
  const retentionDays = () => app.config.logRetentionDays ?? 180;
  const schedule = (db: Db | Trx, after: Date) => {
    const runAt = nextPruneTime(after);
    return new JobRepository(db).insertOnce({
      id: `${pruneJobType}:${localDay(runAt)}`,
      type: pruneJobType,
      runAt,
      payload: { at: runAt.getTime() },
    });
  };
  // The job runner comes with the messaging plugin, registered after this one: it exists when ready.
  app.addHook('onReady', async () => {
    app.jobs.register(pruneJobType, async (trx, payload) => {
      const days = retentionDays();
      if (days <= 0) return undefined;
      const repo = new LogRepository(trx);
      const before = new Date(Date.now() - days * dayMs);
      const removed = await repo.prune(before);
      // After its own time too, so a run started early (by hand) still schedules the next day.
      const at = Number((payload as { at?: number }).at) || 0;
      await schedule(trx, new Date(Math.max(Date.now(), at)));
      app.log.info({ removed, before }, 'system log pruned');
      return undefined;
    });
    if (retentionDays() > 0) await schedule(app.db, new Date());
  });
}
