#!/usr/bin/env node
/**
 * Issue 40's "done when": the area code generation makes from a form with twenty field kinds, a
 * sub-table, a bill rule and pickers is placed in a scratch copy of this repository (HEAD) and
 * must pass there the lint step, the three type checks (shared, server, web), its own API test and its browser test.
 * Usage: node scripts/check-generated-area.mjs [--quick] [--keep] (needs `npm ci` done here).
 * `--quick` (the test suite's step) leaves out the web build and the browser test (minutes more).
 * `--keep` leaves the copy (printed at the end) to build and open the generated page by hand.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const repo = path.resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const copy = mkdtempSync(path.join(tmpdir(), 'generated-area-'));
const run = (command, args, cwd = copy) => {
  console.log(`$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd, stdio: 'inherit' });
};

try {
  run('git', ['worktree', 'add', '--quiet', '--detach', copy, 'HEAD'], repo);
  // The installed packages are reused; the workspace links point into the copy, not at this checkout.
  mkdirSync(path.join(copy, 'node_modules', '@platform'), { recursive: true });
  for (const entry of readdirSync(path.join(repo, 'node_modules'))) {
    if (entry !== '@platform')
      symlinkSync(path.join(repo, 'node_modules', entry), path.join(copy, 'node_modules', entry));
  }
  for (const [name, dir] of [
    ['server', 'apps/server'],
    ['shared', 'packages/shared'],
    ['web', 'apps/web'],
  ]) {
    symlinkSync(path.join(copy, dir), path.join(copy, 'node_modules', '@platform', name));
  }
  symlinkSync(path.join(repo, 'apps/server/node_modules'), path.join(copy, 'apps/server/node_modules'));
  run('npx', ['tsx', 'apps/server/test/helpers/emit-generated-area.ts', copy]);
  // The wiring lines are edits by hand in the README, formatted as one would; the generated files are
  // left exactly as generated, so lint judges them as they come.
  run('npx', [
    'biome',
    'check',
    '--write',
    'packages/shared/src/index.ts',
    'packages/shared/src/generated-menus.ts',
    'apps/server/src/db/schema.ts',
    'apps/server/src/db/migrate.ts',
    'apps/server/src/services.ts',
    'apps/server/src/app.ts',
  ]);
  run('npm', ['run', 'lint', '--silent']);
  // tsc uses one core: the three projects side by side.
  console.log('$ tsc -p packages/shared, apps/server, apps/web');
  const typeChecks = await Promise.allSettled(
    ['packages/shared', 'apps/server', 'apps/web'].map((project) =>
      promisify(execFile)('npx', ['tsc', '-p', project], { cwd: copy, maxBuffer: 16 * 1024 * 1024 }),
    ),
  );
  for (const check of typeChecks) {
    if (check.status === 'rejected') {
      console.log(check.reason.stdout);
      throw new Error('the type check failed');
    }
  }
  run('npx', ['vitest', 'run', '--project', 'api', 'apps/server/test/hr.test.ts']);
  if (quick) {
    console.log('generated area: lint, type checks and its API test pass (--quick: no build, no browser test)');
  } else {
    run('npm', ['run', 'build']);
    run('npx', ['vitest', 'run', '--config', 'apps/web/e2e/vitest.config.ts', 'hr.e2e']);
    console.log('generated area: lint, type checks, its API test and its browser test pass');
  }
} finally {
  if (process.argv.includes('--keep')) console.log(`kept: ${copy} (git worktree remove --force ${copy})`);
  else {
    execFileSync('git', ['worktree', 'remove', '--force', copy], { cwd: repo });
    rmSync(copy, { recursive: true, force: true });
  }
}
