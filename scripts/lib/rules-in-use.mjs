// Which modules of the shared rules library (packages/shared/src/rules) the product uses, and so
// which of their tests count as the product's. A rules module is in use when a non-test file of
// apps/ imports one of its exported names from '@platform/shared'. A test file of the library
// belongs to the product when any module it imports is in use; the others are reported apart
// ("rules library awaiting use") until a route or screen imports them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function filesUnder(dir, accept) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...filesUnder(full, accept));
    else if (accept(full)) found.push(full);
  }
  return found;
}

const isTest = (file) => /\.(test|e2e)\.tsx?$/.test(file);

/** Names imported from '@platform/shared' (or a subpath of it) by the given source texts. */
export function importedSharedNames(sources) {
  const names = new Set();
  const importPattern = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@platform\/shared[^']*'/g;
  for (const source of sources) {
    for (const match of source.matchAll(importPattern)) {
      for (const part of match[1].split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          .trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Names a module exports (declarations only: the rules modules do not re-export). */
export function exportedNames(source) {
  const names = new Set();
  const pattern =
    /export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/g;
  for (const match of source.matchAll(pattern)) names.add(match[1]);
  return names;
}

/** Modules a test file imports by relative path ('./mask.ts' -> 'mask.ts'). */
export function relativeImports(source) {
  return [...source.matchAll(/from\s+'\.\/([^']+)'/g)].map((m) => m[1]);
}

/**
 * The test files of the rules library whose modules no product code imports yet, as absolute
 * paths. `root` is the repository root.
 */
export function rulesTestsAwaitingUse(root) {
  const rulesDir = path.join(root, 'packages/shared/src/rules');
  const appSources = filesUnder(path.join(root, 'apps'), (f) => /\.tsx?$/.test(f) && !isTest(f)).map((f) =>
    readFileSync(f, 'utf8'),
  );
  const used = importedSharedNames(appSources);
  const moduleInUse = new Map();
  for (const file of readdirSync(rulesDir)) {
    if (!file.endsWith('.ts') || isTest(file) || file === 'index.ts') continue;
    const exported = exportedNames(readFileSync(path.join(rulesDir, file), 'utf8'));
    moduleInUse.set(
      file,
      [...exported].some((name) => used.has(name)),
    );
  }
  return readdirSync(rulesDir)
    .filter((file) => isTest(file))
    .filter((file) => {
      const modules = relativeImports(readFileSync(path.join(rulesDir, file), 'utf8')).filter((m) =>
        moduleInUse.has(m),
      );
      return modules.length > 0 && !modules.some((m) => moduleInUse.get(m));
    })
    .map((file) => path.join(rulesDir, file));
}
