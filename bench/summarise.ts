/**
 * The median of several runs of a benchmark: run it with BENCH_JSON=<file> (each run appends one
 * line per comparison), then `node --import tsx bench/summarise.ts <file>`. Prints, per engine and
 * case, the median over the runs of each side's median req/s and p95 and of the run's median
 * ratio, with their spread (min-max over the runs), and the 1-minute load average before each run.
 */
import { readFileSync } from 'node:fs';
import { type Comparison, type Spread, spread } from './lib.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: node --import tsx bench/summarise.ts <BENCH_JSON file>');
const runs = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Comparison & { roundSeconds: number });

const groups = new Map<string, typeof runs>();
for (const run of runs)
  groups.set(`${run.engine}|${run.name}`, [...(groups.get(`${run.engine}|${run.name}`) ?? []), run]);

const fmt = (s: Spread, digits = 0) =>
  `${s.median.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
const over = (group: typeof runs, pick: (c: Comparison) => number) => spread(group.map(pick));

console.log('| engine | case | runs | load before each run | side | req/s | p95 ms | ratio of req/s |');
console.log('|---|---|---|---|---|---|---|---|');
for (const group of groups.values()) {
  const first = group[0];
  if (!first) continue;
  const loads = group.map((c) => c.loadBefore[0]?.toFixed(1)).join(', ');
  first.sides.forEach((side, i) => {
    const reqPerSec = over(group, (c) => c.sides[i]?.reqPerSec.median ?? 0);
    const p95 = over(group, (c) => c.sides[i]?.p95.median ?? 0);
    const ratio =
      i === 1
        ? fmt(
            over(group, (c) => c.ratio.median),
            2,
          )
        : '';
    const lead = i === 0 ? [first.engine, first.name, String(group.length), loads] : ['', '', '', ''];
    console.log(`| ${[...lead, side.name, fmt(reqPerSec), fmt(p95, 1), ratio].join(' | ')} |`);
  });
}
