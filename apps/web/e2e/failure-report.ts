import { beforeEach } from 'vitest';
import { whatWasOpen } from './harness.ts';

declare module 'vitest' {
  interface TaskMeta {
    /** Attempts of this test that failed; above 0 on a test that passed means it passed on a retry. */
    failedAttempts?: number;
    /** The first failed attempt's message: Vitest reports no error for a test that passed on its retry. */
    firstFailure?: string;
  }
}

// A failed browser test says where the page was and what the server last logged: a timeout on a
// locator alone cannot tell a slow screen from a page that was signed out or a server that died.
// Each failed attempt is counted in the test's meta: the run's summary names the tests that passed
// only on a retry (scripts/lib/test-summary.mjs), so a retry under CI hides no flaky test.
beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    task.meta.failedAttempts = (task.meta.failedAttempts ?? 0) + 1;
    const first = task.result?.errors?.[0];
    const account = whatWasOpen();
    if (first && account) first.message = `${first.message}\n--- when it failed ---\n${account}`;
    task.meta.firstFailure ??= (first?.message ?? '').slice(0, 2000);
  });
});
