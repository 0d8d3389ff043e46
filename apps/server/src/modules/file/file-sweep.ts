import type { App } from '../../core/app-types.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import { FileRepository } from './file.repository.ts';
import type { FileChunkService } from './file-chunks.service.ts';

/** The hourly job that removes abandoned chunks and expired download links; named by its hour. */
export const sweepJobType = 'file.sweep';
const hourMs = 3600_000;

/**
 * Abandoned chunked uploads (no chunk for a day) and expired links are removed by a job in the
 * job table, so a restart misses none and several instances sweep once. Each run schedules the next.
 */
export function installFileSweep(app: App, chunks: FileChunkService) {
  const schedule = (db: Db | Trx, after: number) => {
    const runAt = new Date(Math.floor(after / hourMs) * hourMs + hourMs);
    return new JobRepository(db).insertOnce({
      id: `${sweepJobType}:${runAt.toISOString().slice(0, 13)}`,
      type: sweepJobType,
      runAt,
      payload: {},
    });
  };
  app.addHook('onReady', async () => {
    app.jobs.register(sweepJobType, async (trx) => {
      const repo = new FileRepository(trx);
      const swept = await chunks.sweep(Date.now(), repo);
      await schedule(trx, Date.now());
      app.log.info(swept, 'file chunks and links swept');
      return undefined;
    });
    await schedule(app.db, Date.now());
  });
}
