// The whole test suite, in the order a failure is cheapest to find: lint, types, unit tests,
// API tests on the embedded database, again on PostgreSQL when DATABASE_URL is set, then the
// built web app in Chromium. Ends with one line per layer (passed, failed, skipped; a layer that
// did not run says so) and the total. Under CI (CI=true) a skipped PostgreSQL or Redis suite fails
// the run: .ci/run provides both, so a skip there means a test was not run that should have been.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { rulesTestsAwaitingUse } from './lib/rules-in-use.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const underCi = process.env.CI === 'true' || process.env.CI === '1';
const failedSteps = [];
/** One row per layer of the summary: { name, passed, failed, skipped, ran, note }. */
const layers = [];

function run(name, command, args, env = process.env) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failedSteps.push(name);
    console.log(`--- ${name}: FAILED after ${seconds}s`);
  } else {
    console.log(`--- ${name}: ok in ${seconds}s`);
  }
  return result.status === 0;
}

/** Suites titled by apps/server/test/helpers/needs.ts with a server the embedded default lacks. */
const needsServer = /\[needs (PostgreSQL|PostgreSQL and Redis)\]/;

/** Counts of one Vitest JSON report, split into layers by `layerOf(file)` (null: not counted). */
function countByLayer(report, layerOf) {
  const counts = new Map();
  for (const file of report.testResults) {
    const layer = layerOf(file.name);
    if (!layer) continue;
    const row = counts.get(layer) ?? { passed: 0, failed: 0, skipped: 0, skippedNeedingServer: [] };
    for (const test of file.assertionResults) {
      if (test.status === 'passed') row.passed++;
      else if (test.status === 'failed') row.failed++;
      else {
        row.skipped++;
        if (needsServer.test(test.fullName ?? '')) row.skippedNeedingServer.push(test.fullName);
      }
    }
    // A file that failed to load (import error, failed hook) has no test results but is a failure.
    if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed')) row.failed++;
    counts.set(layer, row);
  }
  return counts;
}

/** Runs Vitest and records its layers; `layerNames` lists every layer the run is meant to produce. */
function vitest(step, args, env, layerNames, layerOf) {
  const report = path.join(reports, `${step.replace(/\W+/g, '-')}.json`);
  run(step, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`], env);
  const counts = existsSync(report) ? countByLayer(JSON.parse(readFileSync(report, 'utf8')), layerOf) : new Map();
  for (const name of layerNames) {
    const row = counts.get(name);
    if (!row || row.passed + row.failed + row.skipped === 0) {
      layers.push({ name, ran: false, note: existsSync(report) ? 'no tests ran' : 'the runner produced no report' });
      failedSteps.push(`${name} (no tests ran)`);
    } else {
      layers.push({ name, ran: true, ...row });
    }
  }
}

function skippedLayer(name, note) {
  layers.push({ name, ran: false, note });
}

const awaitingUse = new Set(rulesTestsAwaitingUse(root));
const unitLayer = (file) => {
  if (awaitingUse.has(file)) return 'rules library awaiting use (shared)';
  if (file.includes(`${path.sep}packages${path.sep}shared${path.sep}`)) return 'shared';
  if (file.includes(`${path.sep}apps${path.sep}web${path.sep}`)) return 'web';
  if (file.includes(`${path.sep}scripts${path.sep}`)) return 'tools';
  return 'other';
};

const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.DATABASE_URL;

run('lint and format (biome)', 'npm', ['run', 'lint', '--silent']);
run('types (tsc)', 'npm', ['run', 'typecheck', '--silent']);
vitest(
  'unit tests (shared, web)',
  ['--project', 'shared', '--project', 'web', '--project', 'tools'],
  process.env,
  ['shared', 'web', 'tools', 'rules library awaiting use (shared)'],
  unitLayer,
);
vitest(
  'API tests on embedded PGlite',
  ['--project', 'api'],
  withoutDatabaseUrl,
  ['API on PGlite'],
  () => 'API on PGlite',
);
if (process.env.DATABASE_URL) {
  vitest(
    'API tests on PostgreSQL',
    ['--project', 'api'],
    process.env,
    ['API on PostgreSQL'],
    () => 'API on PostgreSQL',
  );
} else {
  skippedLayer('API on PostgreSQL', 'not run: DATABASE_URL is not set');
  if (underCi) failedSteps.push('API on PostgreSQL (DATABASE_URL not set under CI)');
}
if (run('build web app', 'npm', ['run', 'build', '--silent'])) {
  vitest(
    'browser tests (Chromium)',
    ['--config', 'apps/web/e2e/vitest.config.ts'],
    withoutDatabaseUrl,
    ['browser'],
    () => 'browser',
  );
} else {
  skippedLayer('browser', 'not run: the web build failed');
}

if (underCi) {
  // Suites that need PostgreSQL or Redis are skipped only where the server is missing; CI has both.
  const postgres = layers.find((l) => l.name === 'API on PostgreSQL');
  const missed = postgres?.ran ? postgres.skippedNeedingServer : [];
  if (missed.length) failedSteps.push(`skipped under CI though CI has their servers: ${missed.join('; ')}`);
  if (!process.env.REDIS_URL) failedSteps.push('REDIS_URL is not set under CI: the several-instances suite cannot run');
}

console.log('\n=== summary ===');
const width = Math.max(...layers.map((l) => l.name.length));
for (const layer of layers) {
  const counts = layer.ran
    ? `${layer.passed} passed, ${layer.failed} failed, ${layer.skipped} skipped`
    : `did not run (${layer.note})`;
  console.log(`${layer.name.padEnd(width)}  ${counts}`);
}
const product = layers.filter((l) => l.ran && !l.name.startsWith('rules library'));
const sum = (key) => product.reduce((n, l) => n + l[key], 0);
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join('; ')}`);
console.log(
  `tests (product, without the rules library awaiting use): ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`,
);
process.exit(failedSteps.length || sum('failed') || layers.some((l) => l.ran && l.failed) ? 1 : 0);
