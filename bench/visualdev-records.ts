/**
 * A generated form's record list (issues 18 and 41): `POST /api/visualdev/OnlineDev/{modelId}/List`
 * with two search fields (name fuzzy, level equals), a page of 20, 20 connections, over 100,000
 * records and then, in the same run, over 1,000,000 (the rows added by one insert ... select from
 * generate_series). Against it, in alternating rounds, the bare SQL of the same query: the one
 * statement (page and total) the record repository composes, run through the server's own pool, 20 at once,
 * without HTTP, the definition, the rights or the value conversion. Prints the growth of p95
 * from the first size to the last.
 *
 * Two keywords per size. A name is three words from three lists of 30 (a company, a product, a
 * kind: `华东精密轴承`) then ` rec<n> 记录`. The typical keyword, two adjacent words (`精密轴承`),
 * matches one row in 900 and its trigrams are as rare as the words. The worst case, `rec1234`,
 * holds the trigram `rec` that every row has: the trigram index reads that trigram's whole posting
 * list (a million entries at 1M) on every search.
 *
 *   BENCH_ENGINES=postgres node --import tsx bench/visualdev-records.ts     (pglite, postgres or both)
 *   BENCH_RECORDS=100000 ...                                                (the sizes, comma-separated)
 *   BENCH_EXPLAIN=1 ...                                                     (print each statement's plan)
 */
import { CompiledQuery, sql } from 'kysely';
import {
  type BenchApp,
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

const connections = 20;
const adminPassword = 'Bench@123456';
const sizes = (process.env.BENCH_RECORDS ?? '100000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
const level = 'L2';
// Three lists of 30 two-character words; a name takes one of each, by the row number's digits.
const words = [
  '华东华南华北华中西南西北东北江浙川渝闽粤湘鄂皖赣冀豫鲁晋陕甘宁青新藏滇黔桂琼辽吉黑蒙',
  '精密重型轻型智能数控液压气动电子光学机电环保节能高速低温高压防爆耐磨静音微型通用专用',
  '轴承齿轮电机阀门泵组管件法兰螺栓弹簧刀具模具夹具钢材铝材铜材线缆开关仪表传感器件板材',
].map((list) => Array.from({ length: 30 }, (_, i) => list.slice(i * 2, i * 2 + 2)));
const keywords = [
  { label: 'typical keyword', name: `${words[1]?.[0]}${words[2]?.[0]}` },
  { label: 'worst-case keyword (trigram in every row)', name: 'rec1234' },
];

const field = (jnpfKey: string, vModel: string, label: string, rest: object = {}) => ({
  __vModel__: vModel,
  __config__: { jnpfKey, label },
  ...rest,
});
const formData = {
  fields: [
    field('input', 'name', '名称'),
    field('select', 'level', '级别', {
      options: [
        { id: 'L1', fullName: '一级' },
        { id: 'L2', fullName: '二级' },
        { id: 'L3', fullName: '三级' },
      ],
    }),
    field('inputNumber', 'price', '单价'),
  ],
};
const columnData = {
  searchList: [
    { prop: 'name', label: '名称', jnpfKey: 'input', searchType: 2 },
    { prop: 'level', label: '级别', jnpfKey: 'select', searchType: 1 },
  ],
  columnList: [
    { prop: 'name', label: '名称' },
    { prop: 'level', label: '级别' },
    { prop: 'price', label: '单价' },
  ],
  hasPage: true,
  pageSize: 20,
};

/** The plans of the statements as the server sends them (`BENCH_EXPLAIN=1`): where a figure comes from. */
async function explain(db: BenchApp['app']['db'], statements: CompiledQuery[]) {
  for (const statement of statements) {
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers) ${statement.sql}`, [...statement.parameters]),
    );
    console.log(plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));
  }
}

console.log(`visualdev records bench: ${machineLine()}, ${connections} connections`);

const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<Comparison[]> => {
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  try {
    const token = await signIn(server.url, 'admin', adminPassword);
    const headers = { authorization: token, 'content-type': 'application/json', 'jnpf-origin': 'pc' };
    const call = async <T>(path: string, body: object) => {
      const reply = (await (
        await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      ).json()) as { code: number; msg: string; data?: T };
      if (reply.code !== 200) throw new Error(`${path}: ${reply.msg}`);
      return reply.data as T;
    };
    const { id } = await call<{ id: string }>('/api/visualdev/Base', {
      fullName: '记录',
      enCode: 'bench.records',
      webType: 2,
      formData: JSON.stringify(formData),
      columnData: JSON.stringify(columnData),
    });
    await call(`/api/visualdev/Base/${id}/Actions/Release`, {});
    const plan = (
      await server.app.db.selectFrom('visualDev').select('storage').where('id', '=', id).executeTakeFirstOrThrow()
    ).storage as { table: string; columns: { field: string; column: string }[] };
    const column = (f: string) => plan.columns.find((c) => c.field === f)?.column as string;
    const [nameColumn, levelColumn, priceColumn] = [column('name'), column('level'), column('price')];
    const admin = await server.app.db
      .selectFrom('appUser')
      .select(['id', 'organizeId'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    // The statement the record repository composes for this list (record.repository.ts `pageOfFew`:
    // a search of at most a thousand matches answers its page and total at once), word for word;
    // `count` is only the check and the explain of how many match.
    const table = plan.table;
    const where = `where (r.${nameColumn} ilike $1 and (r.${levelColumn} #>> '{}') in ($2) and true)`;
    const selected = ['id', 'flow_state', nameColumn, levelColumn, priceColumn];
    const inner = selected.map((c) => `r.${c} as "${c}"`).join(', ');
    const outer = selected.map((c) => `"m"."${c}" as "${c}"`).join(', ');
    const cases = keywords.map(({ label, name }) => ({
      label,
      body: JSON.stringify({
        currentPage: 1,
        pageSize: 20,
        queryJson: JSON.stringify({ name, level }),
        sidx: '',
        superQueryJson: '',
      }),
      page: CompiledQuery.raw(
        `select ${outer}, count(*) over () as "match_count" from (select ${inner}, r.creator_time as "order_key0", r.id as "order_key1" from ${table} as "r" ${where} limit $3) as "m" order by "m"."order_key0" desc, "m"."order_key1" desc limit $4 offset $5`,
        [`%${name}%`, level, 1001, 20, 0],
      ),
      count: CompiledQuery.raw(`select count(*) as "total" from ${table} as "r" ${where}`, [`%${name}%`, level]),
    }));

    const results: Comparison[] = [];
    let seeded = 0;
    for (const size of sizes) {
      const started = performance.now();
      // Rows seeded+1..size, added to those already there, in one statement through the release's indexes.
      await sql`insert into ${sql.raw(table)} (id, organize_id, creator_user_id, creator_time, ${sql.raw(nameColumn)}, ${sql.raw(levelColumn)}, ${sql.raw(priceColumn)})
        select lpad(g::text, 12, '0'), ${admin.organizeId}, ${admin.id}, now() - g * interval '1 second', (${sql.val(words[0])}::text[])[g % 30 + 1] || (${sql.val(words[1])}::text[])[g / 30 % 30 + 1]
            || (${sql.val(words[2])}::text[])[g / 900 % 30 + 1] || ' rec' || g || ' 记录',
          to_jsonb('L' || (g % 3 + 1)), g % 1000
        from generate_series(${seeded + 1}::int, ${size}::int) g`.execute(server.app.db);
      await sql`vacuum analyze ${sql.raw(table)}`.execute(server.app.db);
      console.log(
        `${engine}: ${seeded.toLocaleString('en')} to ${size.toLocaleString('en')} records seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      seeded = size;
      for (const { label, body, page, count } of cases) {
        const check = await server.app.db.executeQuery<{ total: string }>(count);
        console.log(`  ${engine}: ${check.rows[0]?.total} matches (${label})`);
        // Past a thousand matches the server sends the page and the count apart: the bare side would not be its statement.
        if (Number(check.rows[0]?.total) > 1000) throw new Error(`${label}: more than 1,000 matches`);
        if (process.env.BENCH_EXPLAIN) await explain(server.app.db, [page, count]);
        const result = await interleave(
          engine,
          `OnlineDev List, two search fields, page of 20, ${size.toLocaleString('en')} records, ${label}`,
          loopSide({
            name: 'bare SQL',
            engine,
            concurrency: connections,
            call: () => server.app.db.executeQuery(page),
          }),
          httpSide({
            name: 'HTTP',
            engine,
            url: server.url,
            scenario: {
              name: 'OnlineDev List',
              method: 'POST',
              path: `/api/visualdev/OnlineDev/${id}/List`,
              headers,
              body,
              connections,
            },
          }),
        );
        console.log(
          `  ${engine}: HTTP ${Math.round(result.sides[1]?.reqPerSec.median ?? 0)} req/s, p95 ${result.sides[1]?.p95.median.toFixed(1)} ms, ${result.ratio.median.toFixed(2)} of bare SQL`,
        );
        results.push(result);
      }
    }
    // Results run size by size, the cases in order within each size.
    cases.forEach(({ label }, k) => {
      const [first, last] = [results[k], results[results.length - cases.length + k]];
      if (!first || !last || first === last) return;
      const growth = (side: number) => (last.sides[side]?.p95.median ?? 0) / (first.sides[side]?.p95.median || 1);
      console.log(
        `  ${engine}: p95 from ${sizes[0]?.toLocaleString('en')} to ${sizes.at(-1)?.toLocaleString('en')} records, ${label}: HTTP x${growth(1).toFixed(2)}, bare SQL x${growth(0).toFixed(2)}`,
      );
    });
    return results;
  } finally {
    await server.close();
  }
});

printComparisons(comparisons);
