import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the real server (built web app, fresh data directory) and drives
// Debian's Chromium. Files run one after another: two cores are shared by server and browser.
// Under CI a failed test runs once more: the CI machine is shared, and one timed-out wait in ~90
// tests would otherwise throw away a whole run. A test that passes only on its retry is still named
// in the run's summary (failure-report.ts counts the attempts), and one that fails twice fails.
const underCi = process.env.CI === 'true' || process.env.CI === '1';
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./template-data.ts'],
    setupFiles: ['./failure-report.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    retry: underCi ? 1 : 0,
  },
});
