// Mutation testing of the modules that guard users (docs/mutation.md). Not part of `npm test` or CI:
// `npm run mutation` runs the `units` group (pure functions); `npm run mutation:api` the modules only
// API tests reach (hours on two cores); MUTATION_GROUP picks any group of `groups` below.
const group = process.env.MUTATION_GROUP ?? 'units';

/**
 * Each group: the modules mutated and the only test files a mutant of them runs (vitest.mutation.config.ts
 * reads `tests`). The small groups pair one guard with its own unit tests, so a mutant costs one fast
 * test file instead of the API files that build an app on PGlite.
 */
export const groups = {
  units: {
    mutate: [
      'apps/server/src/core/file-types.ts',
      'apps/server/src/core/sanitize.ts',
      // Branch conditions (conditionItemHolds, conditionHolds, chooseConditionBranch).
      'packages/shared/src/rules/flow-graph.ts',
      // Bill numbers as the server and the preview format them.
      'packages/shared/src/rules/bill-rule.ts',
    ],
    tests: [
      'apps/server/test/file-types.test.ts',
      'apps/server/test/sanitize.test.ts',
      'packages/shared/src/rules/flow-graph.test.ts',
      'packages/shared/src/rules/bill-rule.test.ts',
    ],
  },
  // The modules of `units` one by one, so each finishes in minutes and gets a score of its own.
  'flow-graph': {
    mutate: ['packages/shared/src/rules/flow-graph.ts'],
    tests: ['packages/shared/src/rules/flow-graph.test.ts'],
  },
  sanitize: {
    mutate: ['apps/server/src/core/sanitize.ts'],
    tests: ['apps/server/test/sanitize.test.ts'],
  },
  'bill-rule': {
    mutate: ['packages/shared/src/rules/bill-rule.ts'],
    tests: ['packages/shared/src/rules/bill-rule.test.ts'],
  },
  'file-types': {
    mutate: ['apps/server/src/core/file-types.ts'],
    tests: ['apps/server/test/file-types.test.ts'],
  },
  // The workflow's state table: which action may run from which task and operator status, and its refusals.
  'flow-states': {
    mutate: ['packages/shared/src/rules/flow-states.ts'],
    tests: ['packages/shared/src/rules/flow-states.test.ts'],
  },
  // The SQL guard of data interfaces: pure (the parser is WebAssembly in process).
  'sql-guard': {
    mutate: ['apps/server/src/modules/dataInterface/sql-guard.ts'],
    tests: ['apps/server/test/sql-guard.test.ts'],
  },
  // The delegation rules taken out of DelegationGuard and the approval and launch delegations.
  delegation: {
    mutate: ['apps/server/src/core/delegation-rules.ts', 'apps/server/src/modules/workflow/delegate-rules.ts'],
    tests: ['apps/server/test/delegation-rules.test.ts'],
  },
  // The countersign ratio taken out of the engine's walk and its rejection.
  countersign: {
    mutate: ['apps/server/src/modules/workflow/countersign-rules.ts'],
    tests: ['apps/server/test/countersign-rules.test.ts'],
  },
  // Data scopes and the route check taken out of PermissionService (core/permissions.ts).
  scopes: {
    mutate: ['apps/server/src/core/scope-rules.ts'],
    tests: ['apps/server/test/scope-rules.test.ts'],
  },
  // Sign-in and the lockout taken out of OauthService: locks running out, wrong passwords, the captcha.
  lockout: {
    mutate: ['apps/server/src/modules/oauth/lockout-rules.ts'],
    tests: ['apps/server/test/lockout-rules.test.ts'],
  },
  // What is left reaches a database: each module with the API files that cover it (hours on two cores).
  api: {
    mutate: [
      'apps/server/src/core/permissions.ts',
      'apps/server/src/core/permissions.repository.ts',
      'apps/server/src/core/delegation.ts',
      'apps/server/src/modules/workflow/delegate.service.ts',
      'apps/server/src/modules/oauth/oauth.service.ts',
    ],
    tests: [
      'apps/server/test/permissions-enforcement.test.ts',
      'apps/server/test/data-interface-access.test.ts',
      'apps/server/test/record-scope-variants.test.ts',
      'apps/server/test/record-rights-variants.test.ts',
      'apps/server/test/delegation.test.ts',
      'apps/server/test/workflow-delegate-launch.test.ts',
      'apps/server/test/workflow-variants.test.ts',
      'apps/server/test/password-policy.test.ts',
      'apps/server/test/auth.test.ts',
    ],
  },
};

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: groups[group].mutate,
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
