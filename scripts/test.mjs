// The whole test suite, in the order a failure is cheapest to find: lint, types, unit tests,
// API tests on the embedded database, again on PostgreSQL when DATABASE_URL is set, then the
// built web app in Chromium. Ends with one line per layer (passed, failed, skipped; a layer that
// did not run says so) and the total. Under CI (CI=true) a skipped PostgreSQL or Redis suite fails
// the run: .ci/run provides both, so a skip there means a test was not run that should have been.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { rulesTestsAwaitingUse } from './lib/rules-in-use.mjs';
import { ciProblems, countByLayer, exitCode, layerRows, summaryLines } from './lib/test-summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const underCi = process.env.CI === 'true' || process.env.CI === '1';
const failedSteps = [];
/** One row per layer of the summary: { name, passed, failed, skipped, ran, note }. */
const layers = [];

function finished(name, started, ok) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!ok) {
    failedSteps.push(name);
    console.log(`--- ${name}: FAILED after ${seconds}s`);
  } else {
    console.log(`--- ${name}: ok in ${seconds}s`);
  }
  return ok;
}

function run(name, command, args, env = process.env) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return finished(name, started, result.status === 0);
}

/** Runs single-threaded commands side by side, one per core; the step fails if any of them does. */
async function runTogether(name, commands) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const statuses = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          spawn(command, args, { cwd: root, stdio: 'inherit' })
            .on('close', resolve)
            .on('error', () => resolve(1));
        }),
    ),
  );
  return finished(
    name,
    started,
    statuses.every((status) => status === 0),
  );
}

/** Runs Vitest and records its layers; `layerNames` lists every layer the run is meant to produce. */
function vitest(step, args, env, layerNames, layerOf, optional = []) {
  const report = path.join(reports, `${step.replace(/\W+/g, '-')}.json`);
  run(step, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`], env);
  const counts = existsSync(report) ? countByLayer(JSON.parse(readFileSync(report, 'utf8')), layerOf) : new Map();
  const note = existsSync(report) ? 'no tests ran' : 'the runner produced no report';
  for (const row of layerRows(counts, layerNames, note, optional)) {
    layers.push(row);
    if (row.missing) failedSteps.push(`${row.name} (no tests ran)`);
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
// `npm run typecheck`'s three projects, side by side: tsc uses one core, and the web and server
// projects take about as long as each other.
await runTogether(
  'types (tsc)',
  ['packages/shared', 'apps/server', 'apps/web'].map((project) => ['npx', ['tsc', '-p', project]]),
);
vitest(
  'unit tests (shared, web)',
  ['--project', 'shared', '--project', 'web', '--project', 'tools'],
  process.env,
  ['shared', 'web', 'tools', 'rules library awaiting use (shared)'],
  unitLayer,
  ['rules library awaiting use (shared)'],
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
}
// Issue 40: the area generated from a twenty-kind form, placed in a scratch copy of HEAD, passes lint,
// the three type checks and its own API test there (its browser test: the script without --quick).
const generatedOk = run(
  'generated area in a scratch copy',
  'node',
  ['scripts/check-generated-area.mjs', '--quick'],
  withoutDatabaseUrl,
);
layers.push({
  name: 'generated area (scratch copy)',
  ran: true,
  passed: generatedOk ? 1 : 0,
  failed: generatedOk ? 0 : 1,
  skipped: 0,
  failures: generatedOk ? [] : ['lint, a type check or its API test failed in the scratch copy (its output is above)'],
});
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

failedSteps.push(
  ...ciProblems(layers, { underCi, databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL }),
);

console.log('\n=== summary ===');
for (const line of summaryLines(layers, failedSteps)) console.log(line);
process.exit(exitCode(layers, failedSteps));
