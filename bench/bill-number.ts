/**
 * Code-rule numbers under contention (issue 13): bursts of 1,000 concurrent `BillNumber` calls on
 * one rule, alternating with bursts of 1,000 concurrent allocations through the repository without
 * HTTP, one locked UPDATE (one commit) per number: the ceiling of any design that takes each
 * number in its own statement. The service coalesces the calls that wait on one rule into one
 * statement, so its ratio to that ceiling may exceed 1. Every burst must hand out 1,000 distinct,
 * consecutive numbers, or the run stops. Numbers a second = 1,000 / the burst's seconds.
 *
 *   node --import tsx bench/bill-number.ts            (BENCH_ENGINES=postgres or pglite for one engine)
 */
import { BILL_RULE_FULL_STAMP, formatDate } from '@platform/shared';
import { BillRuleRepository } from '../apps/server/src/modules/billRule/bill-rule.repository.ts';
import {
  type Comparison,
  type Figures,
  interleave,
  machineLine,
  onEachEngine,
  printComparisons,
  type Side,
  signIn,
  startApp,
} from './lib.ts';

const burst = 1000;
const adminPassword = 'Bench@2026pass';
const enCode = 'bench.no';

/** Consecutive serials from one burst, or an error naming what went wrong. */
function checkConsecutive(serials: number[]) {
  const sorted = [...serials].sort((a, b) => a - b);
  if (new Set(sorted).size !== burst) throw new Error(`a burst handed out ${burst - new Set(sorted).size} duplicates`);
  sorted.forEach((n, i) => {
    if (n !== (sorted[0] ?? 0) + i) throw new Error(`a burst's numbers are not consecutive at ${n}`);
  });
}

/** One side: a burst of `burst` concurrent calls answering serials, timed as a whole and per call. */
function burstSide(name: string, engine: string, call: () => Promise<number>): Side {
  return {
    name,
    async round(): Promise<Figures> {
      const times: number[] = [];
      const started = performance.now();
      const serials = await Promise.all(
        Array.from({ length: burst }, async () => {
          const start = performance.now();
          const serial = await call();
          times.push(performance.now() - start);
          return serial;
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      checkConsecutive(serials);
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
      return {
        name,
        engine,
        connections: burst,
        requests: burst,
        reqPerSec: Math.round(burst / seconds),
        p50: at(50),
        p95: at(95),
        p99: at(99),
        errors: 0,
      };
    },
  };
}

console.log(`bill-number bench: ${machineLine()}, bursts of ${burst} concurrent calls on one rule`);
const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<Comparison[]> => {
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword, LOGIN_RATE_LIMIT: '100000' });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const category = await server.app.db
      .selectFrom('dictionaryData as d')
      .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
      .select('d.id')
      .where('k.enCode', '=', 'businessType')
      .executeTakeFirstOrThrow();
    const created = await fetch(`${server.url}/api/system/BillRule`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', 'jnpf-origin': 'pc' },
      body: JSON.stringify({
        fullName: '压测',
        enCode,
        category: category.id,
        type: 1,
        dateFormat: 'no',
        digit: 8,
        startNumber: '1',
      }),
    });
    const answer = (await created.json()) as { code: number; msg: string };
    if (answer.code !== 200) throw new Error(`the rule was not created: ${answer.msg}`);
    const repo = new BillRuleRepository(server.app.db);
    const bare = burstSide('one locked UPDATE', engine, async () =>
      Number((await repo.allocate(enCode, formatDate(new Date(), BILL_RULE_FULL_STAMP)))?.firstSerial),
    );
    const http = burstSide('GET BillNumber', engine, async () => {
      const res = await fetch(`${server.url}/api/system/BillRule/BillNumber/${enCode}`, {
        headers: { authorization: token, 'jnpf-origin': 'pc' },
      });
      const body = (await res.json()) as { code: number; msg: string; data: string };
      if (body.code !== 200) throw new Error(`BillNumber answered ${body.code} ${body.msg}`);
      return Number(body.data);
    });
    return [await interleave(engine, `${burst} concurrent numbers`, bare, http)];
  } finally {
    await server.close();
  }
});
printComparisons(comparisons, `bursts of ${burst}`);
