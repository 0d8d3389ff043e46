import { defineConfig } from 'vitest/config';

// One runner for every layer; the test script picks projects (and runs `api` twice in CI: PGlite, then PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
