import { defineConfig } from 'vitest/config';
import { groups } from './stryker.config.mjs';

/**
 * The tests Stryker runs against each mutant: only the test files of the chosen group
 * (stryker.config.mjs `groups`), in one project. The `api` group's files build apps on PGlite, so
 * they take the API project's global setup and timeouts.
 */
const group = process.env.MUTATION_GROUP ?? 'units';

export default defineConfig({
  test: {
    include: groups[group as keyof typeof groups]?.tests ?? [],
    // One worker: the machine's second core runs Stryker itself.
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    ...(group === 'api' ? { globalSetup: ['apps/server/test/global-setup.ts'] } : {}),
  },
});
