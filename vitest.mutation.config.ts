import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs): only the files that cover the
 * guarded modules of the chosen group, in one project, on the embedded database. The `api` group's
 * files build apps on PGlite, so they take the API project's global setup and timeouts.
 */
const groups: Record<string, string[]> = {
  units: [
    'apps/server/test/file-types.test.ts',
    'apps/server/test/sanitize.test.ts',
    'packages/shared/src/rules/flow-graph.test.ts',
    'packages/shared/src/rules/bill-rule.test.ts',
  ],
  api: [
    'apps/server/test/data-interface-access.test.ts',
    'apps/server/test/permissions-enforcement.test.ts',
    'apps/server/test/delegation.test.ts',
    'apps/server/test/workflow-variants.test.ts',
    'apps/server/test/record-rights-variants.test.ts',
    'apps/server/test/password-policy.test.ts',
    'apps/server/test/auth.test.ts',
  ],
};
const group = process.env.MUTATION_GROUP ?? 'units';

export default defineConfig({
  test: {
    include: groups[group] ?? [],
    // One worker: the machine's second core runs Stryker itself.
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    ...(group === 'api' ? { globalSetup: ['apps/server/test/global-setup.ts'] } : {}),
  },
});
