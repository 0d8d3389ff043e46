import { FlowOperatorState, FlowTaskStatus, flowTaskTransitions } from '@platform/shared';
import { type Insertable, type RawBuilder, type Selectable, sql, type Updateable } from 'kysely';
import { likePattern } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type {
  FlowTaskCirculateTable,
  FlowTaskNodeTable,
  FlowTaskOperatorTable,
  FlowTaskRecordTable,
  FlowTaskTable,
} from '../../db/schema.ts';

/** Operator states: 0 waiting its turn, 1 to do, 2 done, 3 cancelled (the shared state table's). */
export const OperatorState = FlowOperatorState;
/** Task node states: 1 current, 2 done, 3 cancelled. */
export const NodeState = { current: 1, done: 2, cancelled: 3 } as const;

export type TaskRow = Selectable<FlowTaskTable>;
export type TaskNodeRow = NonNullable<Awaited<ReturnType<TaskRepository['taskNode']>>>;
export type OperatorRow = NonNullable<Awaited<ReturnType<TaskRepository['lockOperator']>>>;

/**
 * Locks a task with its sub-flow ancestors, the root first and the task last, and answers the task.
 * `start` selects the task's id (as text) and depth 0. Every action locks this way, so a parent
 * acting on its children (terminate) and a child acting on its parent (a child's end moving it
 * on) take their locks in one order and never wait on each other in a circle.
 */
async function lockChain(db: Db | Trx, start: RawBuilder<unknown>): Promise<TaskRow | undefined> {
  const { rows } = await sql<TaskRow & { chainDepth: number }>`
    with recursive chain(id, depth) as (
      ${start}
      union all
      select t.parent_id::text, c.depth + 1 from flow_task t join chain c on c.id = t.id
      where t.parent_id is not null and c.depth < 50
    )
    select t.*, c.depth as chain_depth from chain c join flow_task t on t.id = c.id
    order by c.depth desc for update of t`.execute(db);
  const last = rows.at(-1);
  if (last?.chainDepth !== 0) return undefined;
  const { chainDepth: _, ...task } = last;
  return task;
}

/** What an operator's act writes on its row. */
export interface OperatorAct {
  state: number;
  handleStatus: number;
  handleTime: Date;
  draftData?: null;
}

/** Run-time rows; every write happens inside the engine's transaction. */
export class TaskRepository {
  constructor(private readonly db: Db | Trx) {}

  /**
   * The task row, locked until the transaction ends (every action serialises on it), its parent
   * chain locked before it (`lockChain`).
   */
  lockTask(id: string) {
    return lockChain(this.db, sql`select ${id}::text, 0`);
  }
  task(id: string) {
    return this.db.selectFrom('flowTask').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** The task of operator row `operatorId`, locked as `lockTask` locks it, in one statement. */
  lockTaskOfOperator(operatorId: string) {
    return lockChain(this.db, sql`select task_id::text, 0 from flow_task_operator where id = ${operatorId}`);
  }
  taskStatus(id: string) {
    return this.db.selectFrom('flowTask').select(['formId', 'status']).where('id', '=', id).executeTakeFirst();
  }
  insertTask(values: Insertable<FlowTaskTable>) {
    return this.db.insertInto('flowTask').values(values).execute();
  }
  updateTask(id: string, values: Updateable<FlowTaskTable>) {
    return this.db.updateTable('flowTask').set(values).where('id', '=', id).execute();
  }
  /** The statuses of the child tasks a sub-flow node instance launched. */
  childStatuses(parentNodeId: string) {
    return this.db
      .selectFrom('flowTask')
      .select('status')
      .where('parentNodeId', '=', parentNodeId)
      .execute()
      .then((rows) => rows.map((r) => r.status));
  }
  /** The child tasks a sub-flow node instance launched, oldest first. */
  children(parentNodeId: string) {
    return this.db
      .selectFrom('flowTask')
      .selectAll()
      .where('parentNodeId', '=', parentNodeId)
      .orderBy('creatorTime')
      .orderBy('id')
      .execute();
  }
  /** The sub-flow children of a task that are still running (pending or suspended). */
  runningChildren(taskId: string) {
    return this.db
      .selectFrom('flowTask')
      .select('id')
      .where('parentId', '=', taskId)
      .where('status', 'in', [...flowTaskTransitions.terminate.from])
      .orderBy('id')
      .execute();
  }
  deleteTasks(ids: string[]) {
    if (!ids.length) return Promise.resolve();
    return this.db
      .deleteFrom('flowTask')
      .where('id', 'in', ids)
      .execute()
      .then(() => undefined);
  }
  /**
   * The sub-flow descendants of tasks (children, theirs...), locked parents before children as
   * `lockChain` locks, each level in id order: answers their ids.
   */
  async lockDescendants(taskIds: string[]): Promise<string[]> {
    const out: string[] = [];
    let level = taskIds;
    for (let depth = 0; level.length && depth < 50; depth++) {
      const rows = await this.db
        .selectFrom('flowTask')
        .select('id')
        .where('parentId', 'in', level)
        .orderBy('id')
        .forUpdate()
        .execute();
      level = rows.map((r) => r.id).filter((id) => !out.includes(id) && !taskIds.includes(id));
      out.push(...level);
    }
    return out;
  }
  /** The node instances of tasks (their time-limit jobs are keyed by them). */
  nodeIdsOfTasks(taskIds: string[]) {
    if (!taskIds.length) return Promise.resolve([] as string[]);
    return this.db
      .selectFrom('flowTaskNode')
      .select('id')
      .where('taskId', 'in', taskIds)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }
  lockOperator(id: string) {
    return this.db.selectFrom('flowTaskOperator').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }
  operator(id: string) {
    return this.db.selectFrom('flowTaskOperator').selectAll().where('id', '=', id).executeTakeFirst();
  }
  insertNode(values: Insertable<FlowTaskNodeTable>) {
    return this.db.insertInto('flowTaskNode').values(values).execute();
  }
  taskNode(id: string) {
    return this.db.selectFrom('flowTaskNode').selectAll().where('id', '=', id).executeTakeFirst();
  }
  nodes(taskId: string) {
    return this.db
      .selectFrom('flowTaskNode')
      .selectAll()
      .where('taskId', '=', taskId)
      .orderBy('creatorTime')
      .orderBy('id')
      .execute();
  }
  setNodeState(ids: string[], state: number) {
    if (!ids.length) return Promise.resolve();
    return this.db
      .updateTable('flowTaskNode')
      .set({ state, completionTime: new Date() })
      .where('id', 'in', ids)
      .execute()
      .then(() => undefined);
  }
  insertOperators(values: Insertable<FlowTaskOperatorTable>[]) {
    if (!values.length) return Promise.resolve();
    return this.db
      .insertInto('flowTaskOperator')
      .values(values)
      .execute()
      .then(() => undefined);
  }
  operatorsOfNode(taskNodeId: string) {
    return this.db
      .selectFrom('flowTaskOperator')
      .selectAll()
      .where('taskNodeId', '=', taskNodeId)
      .orderBy('sortCode')
      .orderBy('id')
      .execute();
  }
  operators(taskId: string) {
    return this.db.selectFrom('flowTaskOperator').selectAll().where('taskId', '=', taskId).execute();
  }
  updateOperator(id: string, values: Updateable<FlowTaskOperatorTable>) {
    return this.db.updateTable('flowTaskOperator').set(values).where('id', '=', id).execute();
  }
  /**
   * An operator acts, in one statement: its row gets `values` and its record is inserted. Answers
   * the operators of its node as they are after the act (sortCode, id order): the statement reads
   * them as they were before it, so the acting row's new values are put in here.
   */
  async act(
    operator: OperatorRow,
    values: OperatorAct,
    record: Insertable<FlowTaskRecordTable>,
  ): Promise<OperatorRow[]> {
    const before = await this.db
      .with('changed', (db) =>
        db.updateTable('flowTaskOperator').set(values).where('id', '=', operator.id).returning('id'),
      )
      .with('recorded', (db) => db.insertInto('flowTaskRecord').values(record).returning('id'))
      .selectFrom('flowTaskOperator')
      .selectAll()
      .where('taskNodeId', '=', operator.taskNodeId)
      .orderBy('sortCode')
      .orderBy('id')
      .execute();
    return before.map((o) => (o.id === operator.id ? { ...o, ...values } : o));
  }

  /**
   * The task after a walk, in one statement: its current step (the names and codes of its current
   * nodes, oldest first, joined by commas), its completion (approver nodes done out of
   * `approverCount`, at most 99 while it runs) and its end (approved, 100) when nothing is current
   * and it was `pending`. `rejected`: it went back to the start, whose name and code are the step.
   * Answers whether it ended.
   */
  async settle(
    taskId: string,
    s: {
      pending: boolean;
      rejected: boolean;
      approverCount: number;
      start: { name: string; code: string };
      endStep: string;
      joins: string;
      now: Date;
    },
  ): Promise<boolean> {
    const { rows } = await sql<{ ended: boolean }>`
      with n as (
        select count(*) filter (where state = ${NodeState.current}) as current_count,
          string_agg(node_name, ',' order by creator_time, id) filter (where state = ${NodeState.current}) as names,
          string_agg(node_code, ',' order by creator_time, id) filter (where state = ${NodeState.current}) as codes,
          count(distinct node_code) filter (where state = ${NodeState.done} and node_type = 'approver') as done_count
        from flow_task_node where task_id = ${taskId}
      ),
      e as (select n.*, (n.current_count = 0 and ${s.pending}::boolean) as ended from n)
      update flow_task t set
        this_step = case when e.ended then ${s.endStep}::text when ${s.rejected}::boolean then ${s.start.name}::text
          else coalesce(e.names, '') end,
        this_step_id = case when e.ended then '' when ${s.rejected}::boolean then ${s.start.code}::text
          else coalesce(e.codes, '') end,
        completion = case when e.ended then 100
          else least(99, floor(e.done_count::float8 / ${s.approverCount}::float8 * 100 + 0.5))::integer end,
        joins = ${s.joins},
        status = case when e.ended then ${FlowTaskStatus.approved}::integer else t.status end,
        end_time = case when e.ended then ${s.now}::timestamptz else t.end_time end,
        last_modify_time = ${s.now}::timestamptz
      from e where t.id = ${taskId}
      returning e.ended`.execute(this.db);
    return rows[0]?.ended === true;
  }
  /** Cancels the open operators (waiting or to do) of task nodes. */
  cancelOpenOperators(taskNodeIds: string[]) {
    if (!taskNodeIds.length) return Promise.resolve();
    return this.db
      .updateTable('flowTaskOperator')
      .set({ state: OperatorState.cancelled })
      .where('taskNodeId', 'in', taskNodeIds)
      .where('state', 'in', [OperatorState.waiting, OperatorState.current])
      .execute()
      .then(() => undefined);
  }
  insertRecord(values: Insertable<FlowTaskRecordTable>) {
    return this.db.insertInto('flowTaskRecord').values(values).execute();
  }
  records(taskId: string) {
    return this.recordsOfTasks([taskId]);
  }
  /** The approval records of several tasks, each task's in the order they were made. */
  recordsOfTasks(taskIds: readonly string[]) {
    return this.db
      .selectFrom('flowTaskRecord as r')
      .leftJoin('appUser as u', 'u.id', 'r.handleId')
      .leftJoin('appUser as o', 'o.id', 'r.operatorId')
      .selectAll('r')
      .select([
        sql<string>`coalesce(u.real_name, '')`.as('userName'),
        sql<string>`coalesce(o.real_name, r.operator_id)`.as('operatorName'),
      ])
      .where('r.taskId', 'in', taskIds.length ? [...taskIds] : [''])
      .orderBy('r.handleTime')
      .orderBy('r.id')
      .execute();
  }
  /** The operator rows of a node instance with their handlers' names (the event log's to-dos). */
  operatorsWithNames(taskNodeId: string) {
    return this.db
      .selectFrom('flowTaskOperator as o')
      .leftJoin('appUser as u', 'u.id', 'o.handleId')
      .select(['o.id', 'o.creatorTime', 'o.state', sql<string>`coalesce(u.real_name, '')`.as('userName')])
      .where('o.taskNodeId', '=', taskNodeId)
      .orderBy('o.creatorTime')
      .orderBy('o.sortCode')
      .orderBy('o.id')
      .execute();
  }
  insertCirculates(values: Insertable<FlowTaskCirculateTable>[]) {
    if (!values.length) return Promise.resolve();
    return this.db
      .insertInto('flowTaskCirculate')
      .values(values)
      .execute()
      .then(() => undefined);
  }
  /** Whether `userId` left a record on the task (launched it, or acted on it). */
  hasRecordBy(taskId: string, userId: string) {
    return this.db
      .selectFrom('flowTaskRecord')
      .select('id')
      .where('taskId', '=', taskId)
      .where('handleId', '=', userId)
      .executeTakeFirst()
      .then(Boolean);
  }
  /** Tasks whose approval records or comments attach the file. */
  async tasksWithFile(name: string): Promise<string[]> {
    const pattern = likePattern(name);
    const rows = await this.db
      .selectFrom('flowTaskRecord')
      .select('taskId')
      .where('fileList', 'like', pattern)
      .union(this.db.selectFrom('flowComment').select('taskId').where('file', 'like', pattern))
      .limit(100)
      .execute();
    return rows.map((r) => r.taskId);
  }

  isCirculated(taskId: string, userId: string) {
    return this.db
      .selectFrom('flowTaskCirculate')
      .select('id')
      .where('taskId', '=', taskId)
      .where('objectId', '=', userId)
      .executeTakeFirst()
      .then(Boolean);
  }
}
