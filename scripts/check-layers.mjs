// Fails, naming file and import, on an import against the direction of docs/architecture.md
// ("Import direction"); on a cycle between two server modules; and on the web, on a feature
// reaching another past its index.ts, a cycle between features, or a file-level import cycle
// (type-only imports aside), less what lib/layers-allowed.mjs still allows, and on a feature file
// other than api.ts importing the http client. Run by `npm run lint`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkFeatureFace, checkHttpImport, checkImport, findCycles, layerOf } from './lib/layers.mjs';
import { allowedFeatureCycles, allowedFeatureImports, allowedFileCycles } from './lib/layers-allowed.mjs';

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
/** Web file -> files it imports at run time, and web feature -> features, for the cycle checks. */
const webFileEdges = new Map();
const featureEdges = new Map();
const faceImports = [];
const addEdge = (edges, a, b) => {
  if (!edges.has(a)) edges.set(a, new Set());
  edges.get(a).add(b);
};
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
      const httpOutsideApi = checkHttpImport(from, to, match[0]);
      if (httpOutsideApi) problems.push(`${from}: imports '${spec}': ${httpOutsideApi}`);
      const a = layerOf(from);
      const b = layerOf(to);
      const face = checkFeatureFace(from, to);
      if (face) faceImports.push({ key: `${from} -> ${to}`, text: `${from}: imports '${spec}': ${face}` });
      if (a?.side === 'web' && b?.side === 'web' && !/^\s*(import|export)\s+type\s/.test(match[0])) {
        addEdge(webFileEdges, from, to);
        if (a.layer === 'feature' && b.layer === 'feature' && a.area !== b.area) addEdge(featureEdges, a.area, b.area);
      }
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

/** What a web rule finds beyond its allow-list, and allow-list entries that no longer occur. */
function againstAllowed(found, allowed, what) {
  const seen = new Set(found.map((f) => f.key));
  for (const f of found) if (!allowed.includes(f.key)) problems.push(f.text);
  for (const key of allowed)
    if (!seen.has(key))
      problems.push(`${what} '${key}' no longer occurs: delete it from scripts/lib/layers-allowed.mjs`);
}
againstAllowed(faceImports, allowedFeatureImports, 'allowed feature import');
const cycleFindings = (edges, what) =>
  findCycles(edges).map((group) => ({
    key: group.join(' <-> '),
    text: `${what} import each other: ${group.join(' <-> ')}`,
  }));
againstAllowed(cycleFindings(featureEdges, 'web features'), allowedFeatureCycles, 'allowed feature cycle');
againstAllowed(cycleFindings(webFileEdges, 'web files'), allowedFileCycles, 'allowed file cycle');

if (problems.length) {
  console.error(`Imports against the documented direction (docs/architecture.md, "Import direction"):`);
  for (const line of problems) console.error(`  ${line}`);
  process.exit(1);
}
console.log('layers: every import follows the documented direction');
