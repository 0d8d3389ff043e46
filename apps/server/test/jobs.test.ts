import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import { JobRepository } from '../src/core/jobs/job.repository.ts';
import { JobRunner } from '../src/core/jobs/job-runner.ts';
import { type TestApp, testApp } from './helpers/test-app.ts';

/**
 * The job runner on a real database: failures are retried later and later, a job left running by
 * a crashed instance is taken over, and a job another live instance is running is left alone.
 * The app's own runner polls once an hour here, so only the runners of these tests claim jobs.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ jobPollMs: 3_600_000 });
});
afterAll(() => t.close());

const jobRow = (id: string) => t.app.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function addJob(type: string, runAt = new Date()) {
  const id = newId();
  await new JobRepository(t.app.db).insert([{ id, type, payload: { n: 1 }, runAt }]);
  return id;
}

/** Makes a pending job due now, as the passing of its back-off would. */
const makeDue = (id: string) =>
  t.app.db
    .updateTable('job')
    .set({ runAt: new Date(Date.now() - 1000) })
    .where('id', '=', id)
    .execute();

describe('retries', () => {
  test('a failing job is retried after 2 s, then 4 s, and its success is kept once it passes', async () => {
    const runner = new JobRunner(t.app.db, t.app.log, 3_600_000);
    let calls = 0;
    runner.register('test.flaky', async () => {
      calls++;
      if (calls < 3) throw new Error(`attempt ${calls} failed`);
      return undefined;
    });
    const id = await addJob('test.flaky');

    let before = Date.now();
    expect(await runner.runDue()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'attempt 1 failed', lockedBy: null });
    expect(row.runAt.getTime() - before).toBeGreaterThanOrEqual(2000);
    expect(row.runAt.getTime() - Date.now()).toBeLessThanOrEqual(2000);
    expect(await runner.runDue()).toBe(0); // not due yet

    await makeDue(id);
    before = Date.now();
    expect(await runner.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'attempt 2 failed' });
    expect(row.runAt.getTime() - before).toBeGreaterThanOrEqual(4000);
    expect(row.runAt.getTime() - Date.now()).toBeLessThanOrEqual(4000);

    await makeDue(id);
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 3, lastError: null });
    expect(calls).toBe(3);
  });

  test('after five failed attempts a job stops as failed, with its last error', async () => {
    const runner = new JobRunner(t.app.db, t.app.log, 3_600_000);
    runner.register('test.broken', async () => {
      throw new Error('always broken');
    });
    const id = await addJob('test.broken');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await makeDue(id);
      expect(await runner.runDue()).toBe(1);
    }
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 5, lastError: 'always broken' });
    await makeDue(id);
    expect(await runner.runDue()).toBe(0);
  });

  test('what a failing handler wrote is rolled back with it', async () => {
    const runner = new JobRunner(t.app.db, t.app.log, 3_600_000);
    const marker = newId();
    runner.register('test.halfway', async (trx) => {
      await new JobRepository(trx).insert([
        { id: marker, type: 'test.marker', payload: {}, runAt: new Date(Date.now() + 3_600_000) },
      ]);
      throw new Error('failed after writing');
    });
    await addJob('test.halfway');
    expect(await runner.runDue()).toBe(1);
    expect(await t.app.db.selectFrom('job').select('id').where('id', '=', marker).executeTakeFirst()).toBeUndefined();
  });
});

describe('crash recovery', () => {
  test('a job left running by an instance that died is taken over and run; one running now is not', async () => {
    const ran: string[] = [];
    const runner = new JobRunner(t.app.db, t.app.log, 3_600_000);
    runner.register('test.recover', async (_trx, payload) => {
      ran.push(JSON.stringify(payload));
      return undefined;
    });
    const abandoned = await addJob('test.recover');
    const busy = await addJob('test.recover');
    // One claimed ten minutes ago by a runner that is gone, one claimed a minute ago by a live one.
    await t.app.db
      .updateTable('job')
      .set({ status: 'running', lockedBy: 'dead-runner', lockedAt: new Date(Date.now() - 10 * 60_000), attempts: 1 })
      .where('id', '=', abandoned)
      .execute();
    await t.app.db
      .updateTable('job')
      .set({ status: 'running', lockedBy: 'live-runner', lockedAt: new Date(Date.now() - 60_000), attempts: 1 })
      .where('id', '=', busy)
      .execute();

    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(abandoned)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobRow(busy)).toMatchObject({ status: 'running', lockedBy: 'live-runner', attempts: 1 });
    expect(ran).toEqual([JSON.stringify({ n: 1 })]);
  });
});
