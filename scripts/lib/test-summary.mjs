// The summary of scripts/test.mjs as data and pure functions, so that what it counts and when it
// fails a run are tested (scripts/lib/test-summary.test.mjs) like any other code.

/** Suites titled by apps/server/test/helpers/needs.ts with a server the embedded default lacks. */
export const needsServer = /\[needs (PostgreSQL|PostgreSQL and Redis)\]/;

/**
 * Counts of one Vitest JSON report, split into layers by `layerOf(file)` (null: not counted):
 * Map of layer -> { passed, failed, skipped, skippedNeedingServer, retried, failures }. `retried`
 * names the tests that passed only on a retry (their `meta.failedAttempts`, set by the browser
 * tests' failure-report.ts): they count as passed, and the summary names them so a flaky test is
 * seen. `failures` names each failed test (or file that failed to load) with its message's first
 * line, because CI shows only the last lines of a run.
 */
export function countByLayer(report, layerOf) {
  const counts = new Map();
  for (const file of report.testResults) {
    const layer = layerOf(file.name);
    if (!layer) continue;
    const row = counts.get(layer) ?? {
      passed: 0,
      failed: 0,
      skipped: 0,
      skippedNeedingServer: [],
      retried: [],
      failures: [],
    };
    for (const test of file.assertionResults) {
      if (test.status === 'passed') {
        row.passed++;
        if (test.meta?.failedAttempts > 0) row.retried.push(retriedLine(test.fullName, test.meta.firstFailure));
      } else if (test.status === 'failed') {
        row.failed++;
        row.failures.push(failureLine(test.fullName, test.failureMessages?.[0]));
      } else {
        row.skipped++;
        if (needsServer.test(test.fullName ?? '')) row.skippedNeedingServer.push(test.fullName);
      }
    }
    // A file that failed to load (import error, failed hook) has no test results but is a failure.
    if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed')) {
      row.failed++;
      row.failures.push(failureLine(shortPath(file.name), file.message));
    }
    counts.set(layer, row);
  }
  return counts;
}

/** Where a file sits in the repository: the part from apps/, packages/ or scripts/ on. */
const shortPath = (file) => file.replace(/^.*?\/(?=(apps|packages|scripts)\/)/, '');

/** "name: first line of the message", the line cut at 200 characters. */
/** A test that passed on its retry, with the first lines of why its first attempt failed (when recorded). */
function retriedLine(name, message) {
  const lines = (message ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 4)
    .join(' | ');
  return lines ? `${name} (first attempt: ${lines.length > 400 ? `${lines.slice(0, 400)}…` : lines})` : name;
}

function failureLine(name, message) {
  const first = (message ?? '').split('\n').find((line) => line.trim()) ?? '';
  const text = first.trim().length > 200 ? `${first.trim().slice(0, 200)}…` : first.trim();
  return text ? `${name}: ${text}` : name;
}

/**
 * The summary rows of the layers a run was meant to produce: a layer with no counts did not run
 * (`note` says why), and its absence is a failed step (`missing`), but for the `optional` ones
 * (the rules library awaiting use is empty once every rules module is used).
 */
export function layerRows(counts, layerNames, note, optional = []) {
  return layerNames.map((name) => {
    const row = counts.get(name);
    if (!row || row.passed + row.failed + row.skipped === 0)
      return optional.includes(name)
        ? { name, ran: false, note: 'no tests in it' }
        : { name, ran: false, note, missing: true };
    return { name, ran: true, ...row };
  });
}

/**
 * Why a run fails beyond its failed steps: under CI, a layer that did not run because its server
 * was missing, a suite skipped for want of PostgreSQL or Redis, or no REDIS_URL.
 */
export function ciProblems(layers, { underCi, databaseUrl, redisUrl }) {
  if (!underCi) return [];
  const problems = [];
  if (!databaseUrl) problems.push('API on PostgreSQL (DATABASE_URL not set under CI)');
  const postgres = layers.find((l) => l.name === 'API on PostgreSQL');
  const missed = postgres?.ran ? postgres.skippedNeedingServer : [];
  if (missed.length) problems.push(`skipped under CI though CI has their servers: ${missed.join('; ')}`);
  if (!redisUrl) problems.push('REDIS_URL is not set under CI: the several-instances suite cannot run');
  return problems;
}

/** The last lines: one per layer (passed, failed, skipped, or why it did not run), then the product's total. */
export function summaryLines(layers, failedSteps) {
  const width = Math.max(...layers.map((l) => l.name.length));
  const lines = layers.map((layer) => {
    const counts = layer.ran
      ? `${layer.passed} passed, ${layer.failed} failed, ${layer.skipped} skipped`
      : `did not run (${layer.note})`;
    return `${layer.name.padEnd(width)}  ${counts}`;
  });
  const product = layers.filter((l) => l.ran && !l.name.startsWith('rules library'));
  const sum = (key) => product.reduce((n, l) => n + l[key], 0);
  const retried = product.flatMap((l) => l.retried ?? []);
  if (retried.length) lines.push(`passed only on a retry (${retried.length}): ${retried.join('; ')}`);
  for (const layer of product)
    for (const failure of layer.failures ?? []) lines.push(`failed in ${layer.name}: ${failure}`);
  if (failedSteps.length) lines.push(`failed steps: ${failedSteps.join('; ')}`);
  lines.push(
    `tests (product, without the rules library awaiting use): ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`,
  );
  return lines;
}

/** The exit code: 1 when a step failed or any layer that ran has a failed test. */
export const exitCode = (layers, failedSteps) => (failedSteps.length || layers.some((l) => l.ran && l.failed) ? 1 : 0);
