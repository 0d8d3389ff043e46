/**
 * Workflow at run time: 10,000 running tasks of 200 users (each task one to-do row of the next
 * user), on PGlite and on PostgreSQL. Two figures, each in rounds (lib.ts, "How they measure" in
 * docs/benchmarks.md):
 * - the to-do list's first page (20 rows) for one user at 20 connections, alternating round by
 *   round with its limit: the page and total that the to-do repository composes, run through the
 *   server's own connection, 20 at once, without HTTP, the session or the rows' enrichment;
 * - approvals (POST FlowBefore/Audit) of distinct rows, 20 at once (wrk, each row once), each one a
 *   transaction that locks its task and ends it: BENCH_ROUNDS rounds of BENCH_APPROVALS / rounds
 *   rows after BENCH_APPROVAL_WARMUP not counted. An approval has no limit to alternate with: its
 *   rounds run alone, and the load average is what they are read with.
 * Median and spread over the rounds, with the load average before them.
 *
 *   node --import tsx bench/workflow-todo.ts          (BENCH_ENGINES=postgres or pglite for one engine)
 *   BENCH_TASKS=2000 BENCH_APPROVALS=100 BENCH_APPROVAL_WARMUP=20 BENCH_ROUNDS=1 ...   (a quick check that it runs)
 */
import { sql } from 'kysely';
import pg from 'pg';
import { pageParams } from '../apps/server/src/core/paging.ts';
import { hashPasswordDigest, md5Hex } from '../apps/server/src/core/password.ts';
import { TaskListRepository } from '../apps/server/src/modules/workflow/task-list.repository.ts';
import {
  type Comparison,
  httpSide,
  interleave,
  loopSide,
  machineLine,
  measureCalls,
  onEachEngine,
  printComparisons,
  printTimed,
  rounds,
  signIn,
  startApp,
  type TimedComparison,
  timedRounds,
} from './lib.ts';

const tasks = Number(process.env.BENCH_TASKS ?? 10_000);
const users = 200;
const connections = 20;
const approvals = Number(process.env.BENCH_APPROVALS ?? 1600);
const approvalWarmup = Number(process.env.BENCH_APPROVAL_WARMUP ?? 300);
const approvalsPerRound = Math.max(connections + 1, Math.floor(approvals / rounds));
const adminPassword = 'Bench@123456';

console.log(
  `workflow-todo bench: ${machineLine()}, ${tasks} running tasks, ${users} users, ${connections} connections`,
);

/** The statements the server's PostgreSQL connections send while `work` runs (the server runs in this process). */
async function statementsOf(work: () => Promise<void>): Promise<number> {
  const query = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return count;
}

const results = await onEachEngine(async (engine, databaseUrl, dataDir) => {
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  const db = server.app.db;
  try {
    const started = Date.now();
    const hash = await hashPasswordDigest(md5Hex('Passw0rd'));
    const root = await db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow();
    await sql`insert into app_user (id, account, real_name, password_hash, organize_id)
      select 'wu' || g, 'wf' || g, '员工' || g, ${hash}, ${root.id} from generate_series(1, ${users}) g`.execute(db);
    // One released template whose approver comes from the form's `approver` field.
    const graph = {
      type: 'start',
      nodeId: 'start',
      properties: { title: '发起' },
      childNode: {
        type: 'approver',
        nodeId: 'check',
        properties: { title: '审批', assigneeType: 4, formField: 'approver' },
      },
    };
    await sql`insert into flow_template (id, full_name, en_code, enabled_mark) values ('wt1', '压测流程', 'benchFlow', 1)`.execute(
      db,
    );
    await sql`insert into flow_def (id, template_id, full_name, main_version_id) values ('wd1', 'wt1', '压测流程', 'wv1')`.execute(
      db,
    );
    await sql`insert into flow_version (id, flow_id, template_id, version, graph) values ('wv1', 'wd1', 'wt1', 1, ${JSON.stringify(graph)})`.execute(
      db,
    );
    // Task g: launched by user g % 200 + 1, waiting at 'check' for the next user.
    await sql`insert into flow_task (id, template_id, flow_id, version_id, full_name, form_data, creator_user_id, status, this_step, this_step_id, start_time, creator_time)
      select 'wk' || g, 'wt1', 'wd1', 'wv1', '压测流程', '{"approver":"wu' || ((g + 1) % ${users} + 1) || '"}', 'wu' || (g % ${users} + 1), 1, '审批', 'check',
        now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
      from generate_series(1, ${tasks}) g`.execute(db);
    await sql`insert into flow_task_node (id, task_id, node_code, node_type, node_name, state, creator_time)
      select 'wn' || g, 'wk' || g, 'check', 'approver', '审批', 1, now() - (g || ' seconds')::interval from generate_series(1, ${tasks}) g`.execute(
      db,
    );
    await sql`insert into flow_task_operator (id, task_id, task_node_id, node_code, node_name, handle_id, state, creator_time)
      select 'wo' || g, 'wk' || g, 'wn' || g, 'check', '审批', 'wu' || ((g + 1) % ${users} + 1), 1, now() - (g || ' seconds')::interval
      from generate_series(1, ${tasks}) g`.execute(db);
    await sql`insert into flow_task_record (id, task_id, node_code, node_name, handle_id, handle_status)
      select 'wr' || g, 'wk' || g, 'start', '发起', 'wu' || (g % ${users} + 1), 2 from generate_series(1, ${tasks}) g`.execute(
      db,
    );
    await sql`vacuum analyze`.execute(db);
    console.log(`  ${engine}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const token = await signIn(server.url, 'wf1', 'Passw0rd');
    const todoUser = 'wu1';
    const todoList = new TaskListRepository(db);
    const todo: Comparison = await interleave(
      engine,
      'to-do page 1 (20 rows)',
      loopSide({
        name: 'to-do page and total (repository)',
        engine,
        concurrency: connections,
        call: () => todoList.todo(pageParams({ currentPage: 1, pageSize: 20 }), todoUser, {}),
      }),
      httpSide({
        name: 'HTTP',
        engine,
        url: server.url,
        scenario: {
          name: 'to-do page 1 (20 rows)',
          path: '/api/workflow/Engine/FlowBefore/List/1?currentPage=1&pageSize=20',
          headers: { authorization: token },
          connections,
        },
      }),
    );

    // Approvals: 40 users approve their own rows (about 50 each, 2,000 in all), taken in turn, 20
    // calls in flight at any time, sent by wrk from its own process; each row is approved once.
    const approvers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => ({
        userId: `wu${i + 1}`,
        token: await signIn(server.url, `wf${i + 1}`, 'Passw0rd'),
      })),
    );
    const rows = await db
      .selectFrom('flowTaskOperator')
      .select(['id', 'handleId'])
      .where(
        'handleId',
        'in',
        approvers.map((a) => a.userId),
      )
      .where('state', '=', 1)
      .orderBy('id')
      .execute();
    const queues = approvers.map((a) =>
      rows.filter((r) => r.handleId === a.userId).map((r) => ({ id: r.id, token: a.token })),
    );
    const calls = Array.from({ length: Math.max(...queues.map((q) => q.length)) }, (_, i) =>
      queues.flatMap((q) => (q[i] ? [q[i]] : [])),
    )
      .flat()
      .map((c) => ({ path: `/api/workflow/Engine/FlowBefore/Audit/${c.id}`, headers: { authorization: c.token } }));
    if (calls.length < approvalWarmup + rounds * approvalsPerRound)
      throw new Error(
        `${calls.length} rows to approve, fewer than the ${approvalWarmup + rounds * approvalsPerRound} asked`,
      );
    const approval = (batch: typeof calls) =>
      measureCalls(server.url, engine, {
        name: 'approval',
        method: 'POST',
        path: batch[0]?.path ?? '',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ handleOpinion: '同意' }),
        connections,
        calls: batch,
      });
    if (approvalWarmup > 0) {
      const warmup = await approval(calls.slice(0, approvalWarmup));
      if (warmup.errors) console.log(`  ${engine}: ${warmup.errors} errors in the warm-up`);
    }
    let round = 0;
    const approvalRounds: TimedComparison = await timedRounds(
      `${engine}: approval (${approvalsPerRound} rows a round)`,
      [
        {
          name: 'approval',
          async run() {
            const start = approvalWarmup + round * approvalsPerRound;
            round++;
            const batch = calls.slice(start, start + approvalsPerRound);
            const measured = await approval(batch);
            // wrk counts HTTP errors only: every call answered must have approved its row. The
            // throughput is the round's approvals over the time between its first and its last.
            const ids = batch.map((c) => c.path.split('/').pop() as string);
            const approved = await db
              .selectFrom('flowTaskOperator')
              .select((eb) => [
                eb.fn.countAll<number>().as('n'),
                eb.fn.min('handleTime').as('first'),
                eb.fn.max('handleTime').as('last'),
              ])
              .where('id', 'in', ids)
              .where('state', '=', 2)
              .executeTakeFirstOrThrow();
            const spanSeconds =
              (new Date(approved.last ?? 0).getTime() - new Date(approved.first ?? 0).getTime()) / 1000;
            return {
              'p50 ms': measured.p50,
              'p95 ms': measured.p95,
              'approvals/s': spanSeconds > 0 ? Number(approved.n) / spanSeconds : 0,
              errors: measured.errors + Math.max(0, measured.requests - Number(approved.n)),
            };
          },
        },
      ],
    );
    if (engine === 'PostgreSQL') {
      // Round trips of one approval (BEGIN and COMMIT included), one at a time, by a user not in the
      // run above: the fewest of five, as a background write (the operation log) may fall in one.
      const token = await signIn(server.url, 'wf41', 'Passw0rd');
      const spare = await db
        .selectFrom('flowTaskOperator')
        .select('id')
        .where('handleId', '=', 'wu41')
        .where('state', '=', 1)
        .orderBy('id')
        .limit(5)
        .execute();
      const counts: number[] = [];
      for (const row of spare)
        counts.push(
          await statementsOf(async () => {
            const res = await fetch(`${server.url}/api/workflow/Engine/FlowBefore/Audit/${row.id}`, {
              method: 'POST',
              headers: { authorization: token, 'content-type': 'application/json' },
              body: JSON.stringify({ handleOpinion: '同意' }),
            });
            await res.text();
          }),
        );
      console.log(`  ${engine}: statements per approval ${Math.min(...counts)} (of five: ${counts.join(', ')})`);
    }
    return [{ todo, approvals: approvalRounds }];
  } finally {
    await server.close();
  }
});

printComparisons(results.map((r) => r.todo));
printTimed(
  results.map((r) => r.approvals),
  { 'p50 ms': 1, 'p95 ms': 1 },
);
