import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the real server (built web app, fresh data directory) and drives
// Debian's Chromium. Files run one after another: two cores are shared by server and browser.
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
  },
});
