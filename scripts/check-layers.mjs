// Fails, naming file and import, on an import against the direction of docs/architecture.md
// ("Import direction"); also on a cycle between two server modules. Run by `npm run lint`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkImport, layerOf } from './lib/layers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const sourceDirs = ['packages/shared/src', 'apps/server/src', 'apps/web/src'];

function sources(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

const importPattern =
  /^\s*(?:import|export)\s[^'";]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm;

const problems = [];
/** Server module -> modules it imports, for the cycle check. */
const moduleEdges = new Map();
for (const dir of sourceDirs) {
  for (const file of sources(path.join(root, dir))) {
    const from = path.relative(root, file);
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const spec = match[1] ?? match[2] ?? match[3];
      let to = null;
      if (spec.startsWith('.')) to = path.relative(root, path.resolve(path.dirname(file), spec));
      else if (spec === '@platform/shared' || spec.startsWith('@platform/shared/')) to = 'packages/shared/src/index.ts';
      else if (spec.startsWith('@platform/')) to = `apps/${spec.slice('@platform/'.length)}/src/index.ts`;
      if (!to) continue;
      const broken = checkImport(from, to);
      if (broken) problems.push(`${from}: imports '${spec}': ${broken}`);
      const a = layerOf(from);
      const b = layerOf(to);
      if (a?.layer === 'module' && b?.layer === 'module' && a.area !== b.area) {
        if (!moduleEdges.has(a.area)) moduleEdges.set(a.area, new Set());
        moduleEdges.get(a.area).add(b.area);
      }
    }
  }
}
for (const [a, targets] of moduleEdges) {
  for (const b of targets) {
    if (a < b && moduleEdges.get(b)?.has(a))
      problems.push(`modules ${a} and ${b} import each other: move what both need down`);
  }
}

if (problems.length) {
  console.error(`Imports against the documented direction (docs/architecture.md, "Import direction"):`);
  for (const line of problems) console.error(`  ${line}`);
  process.exit(1);
}
console.log('layers: every import follows the documented direction');
