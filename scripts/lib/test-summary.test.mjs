import { describe, expect, test } from 'vitest';
import { ciProblems, countByLayer, exitCode, layerRows, summaryLines } from './test-summary.mjs';

/** A Vitest JSON report of the given files: { file: [[fullName, status], ...] }. */
const report = (files, failedToLoad = []) => ({
  testResults: Object.entries(files).map(([name, tests]) => ({
    name,
    status: failedToLoad.includes(name) ? 'failed' : 'passed',
    message: failedToLoad.includes(name) ? 'Error: Cannot find module ./gone\n    at load' : '',
    assertionResults: tests.map(([fullName, status, failedAttempts, firstFailure]) => ({
      fullName,
      status,
      meta: { failedAttempts, firstFailure },
      failureMessages: status === 'failed' ? ['\nAssertionError: expected 400 to be 200\n    at user.test.ts:9'] : [],
    })),
  })),
});

const apiRun = report(
  {
    '/r/apps/server/test/user.test.ts': [
      ['users > create', 'passed'],
      ['users > delete', 'failed'],
    ],
    '/r/apps/server/test/two-instances.test.ts': [
      ['two instances on one PostgreSQL and one Redis [needs PostgreSQL and Redis] > a logout reaches both', 'skipped'],
    ],
    '/r/apps/server/test/process.test.ts': [
      ['the server process on the embedded database [embedded database only] > SIGTERM', 'skipped'],
    ],
    '/r/apps/server/test/broken.test.ts': [],
  },
  ['/r/apps/server/test/broken.test.ts'],
);

describe('the counts of each layer', () => {
  test('passed, failed and skipped are counted; a file that failed to load counts as a failure', () => {
    const counts = countByLayer(apiRun, () => 'API on PostgreSQL');
    expect(counts.get('API on PostgreSQL')).toEqual({
      passed: 1,
      failed: 2,
      skipped: 2,
      skippedNeedingServer: [
        'two instances on one PostgreSQL and one Redis [needs PostgreSQL and Redis] > a logout reaches both',
      ],
      retried: [],
      failures: [
        'users > delete: AssertionError: expected 400 to be 200',
        'apps/server/test/broken.test.ts: Error: Cannot find module ./gone',
      ],
    });
  });

  test('a test that passed only on a retry counts as passed and is named', () => {
    const counts = countByLayer(
      report({
        '/r/apps/web/e2e/keyboard.e2e.ts': [
          ['keyboard > a user', 'passed', 1],
          ['keyboard > a role', 'passed'],
        ],
      }),
      () => 'browser',
    );
    expect(counts.get('browser')).toMatchObject({ passed: 2, failed: 0, retried: ['keyboard > a user'] });
    const lines = summaryLines([{ name: 'browser', ran: true, ...counts.get('browser') }], []);
    expect(lines).toContain('passed only on a retry (1): keyboard > a user');
  });

  test("a retried test's first failure is told in a few lines: the retry's pass would hide it", () => {
    const message =
      'TimeoutError: 选择组织 did not open\n\nfocus before: 所属组织\nfocus after: body\ndialogs: none\n    at x.ts:1';
    const counts = countByLayer(
      report({ '/r/apps/web/e2e/keyboard.e2e.ts': [['keyboard > a user', 'passed', 1, message]] }),
      () => 'browser',
    );
    expect(counts.get('browser').retried).toEqual([
      'keyboard > a user (first attempt: TimeoutError: 选择组织 did not open | focus before: 所属组织 | focus after: body | dialogs: none)',
    ]);
  });

  test('files go to the layer their path names; a null layer is not counted', () => {
    const counts = countByLayer(
      report({ '/r/packages/shared/a.test.ts': [['a', 'passed']], '/r/elsewhere.test.ts': [['b', 'passed']] }),
      (file) => (file.includes('/packages/shared/') ? 'shared' : null),
    );
    expect([...counts.keys()]).toEqual(['shared']);
    expect(counts.get('shared')?.passed).toBe(1);
  });

  test('a layer that produced no tests did not run, and that fails the run unless it is optional', () => {
    const rows = layerRows(new Map(), ['web', 'rules library awaiting use (shared)'], 'no tests ran', [
      'rules library awaiting use (shared)',
    ]);
    expect(rows).toEqual([
      { name: 'web', ran: false, note: 'no tests ran', missing: true },
      { name: 'rules library awaiting use (shared)', ran: false, note: 'no tests in it' },
    ]);
  });
});

describe('under CI a missing server fails the run', () => {
  const postgresLayer = layerRows(
    countByLayer(apiRun, () => 'API on PostgreSQL'),
    ['API on PostgreSQL'],
    '',
  );

  test('a suite skipped for want of PostgreSQL or Redis is named; an embedded-only skip is not', () => {
    const problems = ciProblems(postgresLayer, { underCi: true, databaseUrl: 'postgres://x', redisUrl: 'redis://x' });
    expect(problems).toEqual([
      'skipped under CI though CI has their servers: two instances on one PostgreSQL and one Redis [needs PostgreSQL and Redis] > a logout reaches both',
    ]);
  });

  test('no DATABASE_URL or no REDIS_URL under CI is a problem; outside CI nothing is', () => {
    expect(ciProblems([], { underCi: true, databaseUrl: undefined, redisUrl: undefined })).toEqual([
      'API on PostgreSQL (DATABASE_URL not set under CI)',
      'REDIS_URL is not set under CI: the several-instances suite cannot run',
    ]);
    expect(ciProblems(postgresLayer, { underCi: false, databaseUrl: undefined, redisUrl: undefined })).toEqual([]);
  });
});

test('the last lines: every layer with its counts or why it did not run, then the product total', () => {
  const layers = [
    { name: 'shared', ran: true, passed: 10, failed: 0, skipped: 0 },
    { name: 'rules library awaiting use (shared)', ran: true, passed: 7, failed: 0, skipped: 0 },
    { name: 'API on PGlite', ran: true, passed: 5, failed: 1, skipped: 2 },
    { name: 'API on PostgreSQL', ran: false, note: 'not run: DATABASE_URL is not set' },
  ];
  layers[2].failures = ['users > delete: AssertionError: expected 400 to be 200'];
  expect(summaryLines(layers, ['API on PGlite'])).toEqual([
    'shared                               10 passed, 0 failed, 0 skipped',
    'rules library awaiting use (shared)  7 passed, 0 failed, 0 skipped',
    'API on PGlite                        5 passed, 1 failed, 2 skipped',
    'API on PostgreSQL                    did not run (not run: DATABASE_URL is not set)',
    'failed in API on PGlite: users > delete: AssertionError: expected 400 to be 200',
    'failed steps: API on PGlite',
    'tests (product, without the rules library awaiting use): 15 passed, 1 failed, 2 skipped',
  ]);
  expect(exitCode(layers, [])).toBe(1);
  expect(
    exitCode(
      layers.filter((l) => l.name !== 'API on PGlite'),
      [],
    ),
  ).toBe(0);
  expect(exitCode([], ['types (tsc)'])).toBe(1);
});
