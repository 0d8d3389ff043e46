// Compares two API call logs (API_CALL_LOG, core/api-call-log.ts), recorded before and after a
// change by the same browser tests:
//   node scripts/compare-api-call-logs.mjs before.log after.log
// Lines are grouped by method, route pattern and HTTP status; for each group that both logs have,
// the answer shapes (envelope code and the keys of `data`) seen in one log and not in the other are
// printed. Groups only one log has are listed too (a route the tests no longer reach, or a new one).
// A list's row keys appear only when the list was not empty, so a shape that differs only by
// ` list:{...}` or `[{...}]` against `[]` is reported apart as "empty in one run".
import { readFileSync } from 'node:fs';

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: node scripts/compare-api-call-logs.mjs <before.log> <after.log>');
  process.exit(2);
}

/** Map of "METHOD route http=NNN" to the set of shapes ("code=... data=..."). */
function read(file) {
  const groups = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^(\S+ \S+ http=\d+) (.*)$/.exec(line);
    if (!match) continue;
    const [, key, shape] = match;
    if (!groups.has(key)) groups.set(key, new Set());
    groups.get(key).add(shape);
  }
  return groups;
}

/** The shape without what only a non-empty list shows. */
const withoutRows = (shape) => shape.replace(/ list:.*$/, '').replace(/data=\[.*\]$/, 'data=[]');

const before = read(beforeFile);
const after = read(afterFile);
const both = [...before.keys()].filter((key) => after.has(key)).sort();
const onlyBefore = [...before.keys()].filter((key) => !after.has(key)).sort();
const onlyAfter = [...after.keys()].filter((key) => !before.has(key)).sort();

let differing = 0;
let emptiness = 0;
for (const key of both) {
  const a = before.get(key);
  const b = after.get(key);
  const lost = [...a].filter((shape) => !b.has(shape));
  const gained = [...b].filter((shape) => !a.has(shape));
  if (!lost.length && !gained.length) continue;
  // Explained by an empty list: the same shape, with rows on one side and none on the other.
  const byEmpty = (shape, other) =>
    shape === withoutRows(shape)
      ? [...other].some((o) => o !== shape && withoutRows(o) === shape)
      : other.has(withoutRows(shape));
  const sameCore = lost.every((shape) => byEmpty(shape, b)) && gained.every((shape) => byEmpty(shape, a));
  if (sameCore) emptiness++;
  else differing++;
  console.log(`${sameCore ? 'EMPTY-LIST' : 'DIFFERS'} ${key}`);
  for (const shape of lost) console.log(`  before only: ${shape}`);
  for (const shape of gained) console.log(`  after only:  ${shape}`);
}
for (const key of onlyBefore) console.log(`BEFORE-ONLY ${key}  ${[...before.get(key)].join(' | ')}`);
for (const key of onlyAfter) console.log(`AFTER-ONLY ${key}  ${[...after.get(key)].join(' | ')}`);
console.log(
  `\n${both.length} method/route/status groups in both logs: ${both.length - differing - emptiness} identical, ${differing} differing, ${emptiness} differing only by an empty list; ${onlyBefore.length} only before, ${onlyAfter.length} only after`,
);
