// The whole test suite, in the order a failure is cheapest to find: lint, types, unit tests,
// API tests on the embedded database, again on PostgreSQL when DATABASE_URL is set, then the
// built web app in Chromium. Ends with one "N passed, N failed" line over every test run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0 };
const failedSteps = [];

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

function vitest(name, args, env) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  run(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`], env);
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    if (summary.numTotalTests === 0) failedSteps.push(`${name} (no tests ran)`);
  } else {
    totals.failed += 1;
  }
}

const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.DATABASE_URL;

run('lint and format (biome)', 'npx', ['biome', 'check', '.']);
run('types (tsc)', 'npm', ['run', 'typecheck', '--silent']);
vitest('unit tests (shared, web)', ['--project', 'shared', '--project', 'web']);
vitest('API tests on embedded PGlite', ['--project', 'api'], withoutDatabaseUrl);
if (process.env.DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['--project', 'api'], process.env);
} else {
  console.log('\n(DATABASE_URL not set: the API tests ran on the embedded database only)');
}
if (run('build web app', 'npm', ['run', 'build', '--silent'])) {
  vitest('browser tests (Chromium)', ['--config', 'apps/web/e2e/vitest.config.ts'], withoutDatabaseUrl);
}

console.log('\n=== summary ===');
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join('; ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
