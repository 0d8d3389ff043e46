import { defineConfig } from 'vitest/config';

// One runner for every layer; the test script picks projects (and runs `api` twice in CI: PGlite, then PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      // Pure functions: a worker keeps their modules loaded between files (isolate: false).
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], maxWorkers: 2, isolate: false },
      },
      // The repository's own checks (import direction, rules in use), run with the unit tests.
      { test: { name: 'tools', root: 'scripts', include: ['**/*.test.mjs'], maxWorkers: 2, isolate: false } },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // A whole page of Ant Design renders in happy-dom in 1-4 s here; with the other test files on
          // the same two cores that passed Vitest's default 5 s once. A hang still fails.
          testTimeout: 20_000,
          setupFiles: ['src/test-setup.ts'],
          // Vitest's default on two cores is one file at a time (cores - 1); most of a file's time is
          // importing Ant Design and React, which two workers do side by side. Files stay isolated:
          // pages keep state in modules (language, stores) that one file must not hand the next.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/server',
          // Vitest runs one file at a time on two cores (cores - 1); two at a time nearly halve the
          // phase. On PostgreSQL the files share one server: two at a time used to fail a migration
          // now and then ("relation ... does not exist"), because Kysely's migrator listed every
          // schema's tables while another file dropped its schema; the migrator of a test schema now
          // looks only at its own (db/migrate.ts).
          maxWorkers: 2,
          // Each file builds its own app on its own database, and no test mocks a module or changes
          // process state, so a worker keeps the server's modules (and PGlite's compiled WebAssembly)
          // loaded between files instead of importing them again for each. Quiet machine, whole
          // phase: PGlite 345 s -> 119 s, PostgreSQL 215 s -> 63 s.
          isolate: false,
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
