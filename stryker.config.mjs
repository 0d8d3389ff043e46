// Mutation testing of the modules that guard users (docs/mutation.md). Not part of `npm test` or CI:
// `npm run mutation` runs the `units` group (pure functions, minutes); `npm run mutation:api` the
// modules only API tests reach (hours on two cores). MUTATION_GROUP picks the group.
const group = process.env.MUTATION_GROUP ?? 'units';

const mutate = {
  units: [
    'apps/server/src/core/file-types.ts',
    'apps/server/src/core/sanitize.ts',
    // Branch conditions (conditionItemHolds, conditionHolds, chooseConditionBranch).
    'packages/shared/src/rules/flow-graph.ts',
    // Bill numbers as the server and the preview format them.
    'packages/shared/src/rules/bill-rule.ts',
  ],
  api: [
    'apps/server/src/core/permissions.ts',
    'apps/server/src/core/permissions.repository.ts',
    'apps/server/src/core/delegation.ts',
    'apps/server/src/modules/workflow/delegate.service.ts',
    'apps/server/src/modules/dataInterface/sql-guard.ts',
    'apps/server/src/modules/oauth/oauth.service.ts',
  ],
};

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: mutate[group],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // The type checker weeds out mutants that would not compile, at the price of a type check of the
  // server per mutant: MUTATION_TYPECHECK=1 turns it on (slow on two cores).
  checkers: process.env.MUTATION_TYPECHECK ? ['typescript'] : [],
  tsconfigFile: 'apps/server/tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // Mutants of module-level constants (the allow-lists, regular expressions) run every test each;
  // they took 92 % of the run's time here. MUTATION_STATIC=1 tests them too.
  ignoreStatic: !process.env.MUTATION_STATIC,
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: `reports/mutation/${group}.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['data', 'apps/web/dist', 'reports', 'apps/web/e2e/screenshots'],
  thresholds: { high: 90, low: 80, break: null },
};
