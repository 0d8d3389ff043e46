// Fails, naming file and function, on a production file over 600 lines or a function over 150
// (docs/architecture.md, "Sizes"). Pieces that were oversize when the rule came are listed in
// scripts/size-allowance.json with their size then; they may shrink, never grow. Run by `npm run lint`.
// `node scripts/check-sizes.mjs --write` rewrites the allowance to what the tree holds now.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMeasured, measure, sizeProblems } from './lib/sizes.mjs';

const root = path.resolve(import.meta.dirname, '..');
const allowancePath = path.join(root, 'scripts', 'size-allowance.json');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(isMeasured);

const measured = new Map();
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  measured.set(file, measure(file, text));
}

if (process.argv.includes('--write')) {
  const allowance = { files: {}, functions: {} };
  for (const [file, { lines, functions }] of [...measured].sort(([a], [b]) => a.localeCompare(b))) {
    if (lines > 600) allowance.files[file] = lines;
    for (const { name, lines: length } of functions) allowance.functions[`${file}#${name}`] = length;
  }
  writeFileSync(allowancePath, `${JSON.stringify(allowance, null, 2)}\n`);
  console.log(
    `sizes: allowance written (${Object.keys(allowance.files).length} files, ${Object.keys(allowance.functions).length} functions)`,
  );
  process.exit(0);
}

const problems = sizeProblems(measured, JSON.parse(readFileSync(allowancePath, 'utf8')));
if (problems.length) {
  console.error('Sizes against docs/architecture.md ("Sizes"):');
  for (const line of problems) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`sizes: ${measured.size} files within their limits or allowance`);
