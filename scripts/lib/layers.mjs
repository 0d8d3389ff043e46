// The import direction of docs/architecture.md ("Import direction"), as data and one check.
// `checkImport(from, to)` takes two repository-relative paths (`to` already resolved) and answers
// null when the import is allowed, else the rule it breaks.
import path from 'node:path';

/** Which layer a file belongs to, or null for files the rules do not cover. */
export function layerOf(file) {
  const f = file.split(path.sep).join('/');
  if (f.startsWith('packages/shared/')) return { side: 'shared', layer: 'shared' };
  let m = /^apps\/server\/src\/(core|db)\//.exec(f);
  if (m) return { side: 'server', layer: m[1] };
  m = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(f);
  if (m) return { side: 'server', layer: 'module', area: m[1], file: m[2] };
  if (f === 'apps/server/src/config.ts') return { side: 'server', layer: 'config' };
  if (f.startsWith('apps/server/src/seed/')) return { side: 'server', layer: 'seed' };
  if (/^apps\/server\/src\/[^/]+$/.test(f)) return { side: 'server', layer: 'entry' };
  m = /^apps\/web\/src\/(app|shared)\//.exec(f);
  if (m) return { side: 'web', layer: m[1] };
  m = /^apps\/web\/src\/features\/([^/]+)\//.exec(f);
  if (m) return { side: 'web', layer: 'feature', area: m[1] };
  if (/^apps\/web\/src\/[^/]+$/.test(f)) return { side: 'web', layer: 'entry' };
  return null;
}

/** The rule an import from `from` to `to` breaks, or null. Both are repository-relative files. */
export function checkImport(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b) return null;
  if (a.side === 'shared') return b.side === 'shared' ? null : 'packages/shared imports nothing from apps/';
  if (a.side !== b.side && b.side !== 'shared') return `${a.side} code does not import ${b.side} code`;
  if (a.layer === 'entry') return null;
  if (a.side === 'server') {
    if (a.layer === 'config') return b.layer === 'shared' ? null : 'config.ts imports only @platform/shared';
    if (a.layer === 'db')
      return ['db', 'config', 'shared'].includes(b.layer)
        ? null
        : 'db/ imports only db/, config.ts and @platform/shared';
    if (a.layer === 'core')
      return ['core', 'db', 'config', 'shared'].includes(b.layer)
        ? null
        : 'core/ imports only core/, db/, config.ts and @platform/shared';
    if (a.layer === 'seed')
      return ['seed', 'core', 'db', 'config', 'shared'].includes(b.layer)
        ? null
        : 'seed/ imports only seed/, core/, db/, config.ts and @platform/shared';
    if (a.layer === 'module') {
      if (b.layer === 'entry') return 'a module does not import app.ts or main.ts';
      if (b.layer !== 'module' || b.area === a.area) return null;
      // Another area is reached through its service (or a pure helper of it), never its repository or routes.
      return /(^|[./-])(repository|routes)\.ts$/.test(b.file)
        ? `module ${a.area} reaches ${b.area} through its service, not its ${b.file}`
        : null;
    }
  }
  if (a.side === 'web') {
    if (a.layer === 'shared')
      return b.layer === 'shared' ? null : 'web shared/ imports only shared/ and @platform/shared';
    if (a.layer === 'feature') {
      if (b.layer === 'app' || b.layer === 'entry')
        return `feature ${a.area} does not import app/ (move what it needs into shared/)`;
      return null;
    }
  }
  return null;
}

/** A web feature reaches another only through that feature's face, `features/<b>/index.ts`; null when allowed. */
export function checkFeatureFace(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a?.layer !== 'feature' || b?.layer !== 'feature' || a.area === b.area) return null;
  return /^apps\/web\/src\/features\/[^/]+\/index\.tsx?$/.test(to.split(path.sep).join('/'))
    ? null
    : `feature ${a.area} reaches ${b.area} only through features/${b.area}/index.ts`;
}

/**
 * The import cycles of a graph (node -> the nodes it imports): each strongly connected group of
 * two or more nodes, or one that imports itself, as its sorted members (Tarjan's algorithm).
 */
export function findCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || edges.get(node)?.has(node)) cycles.push(group.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles.sort((x, y) => x[0].localeCompare(y[0]));
}

/**
 * A web feature calls the server only from its `api.ts` (docs/architecture.md): any other feature
 * file importing the `http` client is refused; its error class `HttpError` may be imported anywhere.
 * `clause` is the import statement as written. Null when allowed.
 */
export function checkHttpImport(from, to, clause) {
  const a = layerOf(from);
  if (a?.layer !== 'feature' || to.split(path.sep).join('/') !== 'apps/web/src/shared/api/http.ts') return null;
  if (/(^|\/)api\.ts$/.test(from) || !/[{,]\s*http\s*[,}]/.test(clause)) return null;
  return `feature ${a.area} calls the server only from its api.ts, not through the http client here`;
}
