/**
 * The first level of the area tree (issue 13: it must answer in under 20 ms): `GET
 * /api/system/Area/-1`, the 34 provinces of the seeded GB/T 2260 divisions (3,661 areas) with
 * whether each expands, on PGlite and on PostgreSQL. Against each HTTP figure, in alternating
 * rounds, its limit: the repository's query through the server's own connection, without HTTP.
 * Two loads: one caller at a time (what a person opening the page waits) and 20 at once.
 *
 *   node --import tsx bench/area-tree.ts            (BENCH_ENGINES=postgres or pglite for one engine)
 */
import { AreaRepository } from '../apps/server/src/modules/area/area.repository.ts';
import {
  type Comparison,
  httpSide,
  interleave,
  loopSide,
  machineLine,
  onEachEngine,
  printComparisons,
  signIn,
  startApp,
} from './lib.ts';

const adminPassword = 'Bench@2026pass';
const loads = [1, 20];

console.log(`area-tree bench: ${machineLine()}, the provinces (GET /api/system/Area/-1)`);
const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<Comparison[]> => {
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const repo = new AreaRepository(server.app.db);
    const provinces = await repo.children('-1');
    if (provinces.length !== 34) throw new Error(`expected the 34 provinces, found ${provinces.length}`);
    const results: Comparison[] = [];
    for (const connections of loads) {
      const name = `first level, ${connections} at once`;
      const result = await interleave(
        engine,
        name,
        loopSide({ name: 'bare SQL', engine, concurrency: connections, call: () => repo.children('-1') }),
        httpSide({
          name: 'HTTP',
          engine,
          url: server.url,
          scenario: { name, path: '/api/system/Area/-1', headers: { authorization: token }, connections },
        }),
      );
      const http = result.sides[1];
      console.log(
        `  ${engine} / ${name}: HTTP median ${http?.p50.median.toFixed(2)} ms, p95 ${http?.p95.median.toFixed(2)} ms; bare SQL median ${result.sides[0]?.p50.median.toFixed(2)} ms, p95 ${result.sides[0]?.p95.median.toFixed(2)} ms`,
      );
      results.push(result);
    }
    return results;
  } finally {
    await server.close();
  }
});
printComparisons(comparisons);
