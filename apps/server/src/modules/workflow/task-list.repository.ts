import { HandleStatus } from '@platform/shared';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { OperatorState } from './task.repository.ts';

export interface TaskFilter {
  flowCategory?: string | undefined;
  templateId?: string | undefined;
  flowId?: string | undefined;
  creatorUserId?: string | undefined;
  flowUrgent?: number | undefined;
  nodeCode?: string | undefined;
  status?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** An approval delegation to the caller: whose rows, for which templates ('' = all). */
export interface HeldDelegation {
  userId: string;
  flowId: string;
}

/** The to-do rows the caller holds: their own, and those of users who delegated approval to them. */
function heldBy(
  eb: ExpressionBuilder<Database & { o: Database['flowTaskOperator'] }, 'flowTask' | 'o'>,
  userId: string,
  delegations: readonly HeldDelegation[],
) {
  return eb.or([
    eb('o.handleId', '=', userId),
    ...delegations.map((d) => {
      const from = eb('o.handleId', '=', d.userId);
      const flows = d.flowId.split(',').filter(Boolean);
      return flows.length ? eb.and([from, eb('flowTask.templateId', 'in', flows)]) : from;
    }),
  ]);
}

type WithTask = SelectQueryBuilder<Database, 'flowTask' | 'flowTemplate' | 'flowDef', object>;

/** The common filters of the task lists, on the task `flowTask` joined to its template and flow. */
function filtered<Q extends WithTask>(query: Q, filter: TaskFilter, keyword: string, timeColumn: string): Q {
  let q = query as WithTask;
  if (filter.flowCategory) q = q.where('flowTemplate.category', '=', filter.flowCategory);
  if (filter.templateId) q = q.where('flowTask.templateId', '=', filter.templateId);
  if (filter.flowId) q = q.where('flowTask.flowId', '=', filter.flowId);
  if (filter.creatorUserId) q = q.where('flowTask.creatorUserId', '=', filter.creatorUserId);
  if (filter.flowUrgent) q = q.where('flowTask.flowUrgent', '=', filter.flowUrgent);
  if (filter.status !== undefined) q = q.where('flowTask.status', '=', filter.status);
  if (filter.from) q = q.where(sql.ref(timeColumn), '>=', filter.from);
  if (filter.to) q = q.where(sql.ref(timeColumn), '<=', filter.to);
  if (keyword)
    q = q.where((eb) => keywordIn(eb, ['flowTask.fullName', 'flowTemplate.fullName', 'flowDef.fullName'], keyword));
  return q as Q;
}

const taskColumns = [
  'flowTask.id as taskId',
  'flowTask.flowId',
  'flowTask.templateId',
  'flowTask.versionId',
  // The name the flow was given in 流程设计, not its version tab's (流程 by default).
  'flowTemplate.fullName as flowName',
  'flowTask.fullName',
  'flowTask.thisStep',
  'flowTask.thisStepId',
  'flowTask.flowUrgent',
  'flowTask.status',
  'flowTask.completion',
  'flowTask.creatorUserId',
  'flowTask.startTime',
  'flowTask.endTime',
  'flowTask.creatorTime',
] as const;

/** The paged lists of the run time: to-do, done, copied to me, mine, and every task (monitor). */
export class TaskListRepository {
  constructor(private readonly db: Db | Trx) {}

  private tasks() {
    return this.db
      .selectFrom('flowTask')
      .innerJoin('flowTemplate', 'flowTemplate.id', 'flowTask.templateId')
      .innerJoin('flowDef', 'flowDef.id', 'flowTask.flowId')
      .leftJoin('appUser as creator', 'creator.id', 'flowTask.creatorUserId');
  }

  todo(params: PageParams, userId: string, filter: TaskFilter, delegations: readonly HeldDelegation[] = []) {
    let q = this.tasks()
      .innerJoin('flowTaskOperator as o', 'o.taskId', 'flowTask.id')
      .leftJoin('appUser as h', 'h.id', 'o.handleId')
      .select(taskColumns)
      .select([
        'o.id',
        'o.taskNodeId',
        'o.nodeCode',
        'o.nodeName',
        'o.creatorTime as operatorTime',
        sql<string>`coalesce(creator.real_name, '')`.as('userName'),
        sql<string>`case when o.handle_id = ${userId} then '' else coalesce(h.real_name, '') end`.as('delegateUser'),
      ])
      .where((eb) => heldBy(eb, userId, delegations))
      .where('o.state', '=', OperatorState.current)
      .where('flowTask.status', 'in', [1, 6]);
    if (filter.nodeCode) q = q.where('o.nodeCode', '=', filter.nodeCode);
    q = filtered(q, filter, params.keyword, 'o.creator_time');
    return fetchPage(q.orderBy('o.creatorTime', 'desc').orderBy('o.id', 'desc'), params);
  }

  /** The caller's to-dos counted per template (the batch page's flow choice). */
  todoByTemplate(userId: string, delegations: readonly HeldDelegation[] = []) {
    return this.tasks()
      .innerJoin('flowTaskOperator as o', 'o.taskId', 'flowTask.id')
      .select(['flowTemplate.id', 'flowTemplate.fullName'])
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where((eb) => heldBy(eb, userId, delegations))
      .where('o.state', '=', OperatorState.current)
      .where('flowTask.status', 'in', [1, 6])
      .groupBy(['flowTemplate.id', 'flowTemplate.fullName'])
      .orderBy('flowTemplate.fullName')
      .execute();
  }

  done(params: PageParams, userId: string, filter: TaskFilter) {
    let q = this.tasks()
      .innerJoin('flowTaskRecord as r', 'r.taskId', 'flowTask.id')
      .select(taskColumns)
      .select([
        sql<string>`coalesce(r.task_operator_id, r.id)`.as('id'),
        sql<string>`coalesce(r.task_node_id, '')`.as('taskNodeId'),
        'r.nodeCode',
        'r.nodeName',
        'r.handleStatus',
        'r.handleTime as operatorTime',
        sql<string>`coalesce(creator.real_name, '')`.as('userName'),
      ])
      .where('r.handleId', '=', userId)
      .where('r.handleStatus', 'in', [0, 1, 6, 7, 10]);
    if (filter.nodeCode) q = q.where('r.nodeCode', '=', filter.nodeCode);
    q = filtered(q, filter, params.keyword, 'r.handle_time');
    return fetchPage(q.orderBy('r.handleTime', 'desc').orderBy('r.id', 'desc'), params);
  }

  circulated(params: PageParams, userId: string, filter: TaskFilter) {
    let q = this.tasks()
      .innerJoin('flowTaskCirculate as c', 'c.taskId', 'flowTask.id')
      .select(taskColumns)
      .select([
        'c.id',
        sql<string>`coalesce(c.task_node_id, '')`.as('taskNodeId'),
        'c.nodeCode',
        'c.nodeName',
        'c.creatorTime as operatorTime',
        sql<string>`coalesce(creator.real_name, '')`.as('userName'),
      ])
      .where('c.objectId', '=', userId);
    if (filter.nodeCode) q = q.where('c.nodeCode', '=', filter.nodeCode);
    q = filtered(q, filter, params.keyword, 'c.creator_time');
    return fetchPage(q.orderBy('c.creatorTime', 'desc').orderBy('c.id', 'desc'), params);
  }

  /** Tasks launched by `userId`, or every task (monitor) when null. */
  /** Tasks `userId` launched (null: every task, the monitor); `onBehalf`: those it launched for others instead. */
  launched(params: PageParams, userId: string | null, filter: TaskFilter, onBehalf = false) {
    let q = this.tasks()
      .innerJoin('flowVersion as v', 'v.id', 'flowTask.versionId')
      .select(taskColumns)
      .select([sql<string>`coalesce(creator.real_name, '')`.as('userName'), 'v.version']);
    if (userId && onBehalf) {
      // A delegated launch's record names the delegate (handleId) and the principal (operatorId).
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('flowTaskRecord as launch')
            .select('launch.id')
            .whereRef('launch.taskId', '=', 'flowTask.id')
            .where('launch.handleStatus', '=', HandleStatus.launch)
            .where('launch.handleId', '=', userId)
            .where('launch.operatorId', '<>', ''),
        ),
      );
    } else if (userId) q = q.where('flowTask.creatorUserId', '=', userId);
    q = filtered(q, filter, params.keyword, 'flowTask.creator_time');
    return fetchPage(q.orderBy('flowTask.creatorTime', 'desc').orderBy('flowTask.id', 'desc'), params);
  }

  async counts(userId: string, delegations: readonly HeldDelegation[] = []) {
    const [todo, done, cc] = await Promise.all([
      this.db
        .selectFrom('flowTaskOperator as o')
        .innerJoin('flowTask', 'flowTask.id', 'o.taskId')
        .select(sql<string>`count(*)`.as('n'))
        .where((eb) => heldBy(eb, userId, delegations))
        .where('o.state', '=', OperatorState.current)
        .where('flowTask.status', 'in', [1, 6])
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('flowTaskRecord')
        .select(sql<string>`count(*)`.as('n'))
        .where('handleId', '=', userId)
        .where('handleStatus', 'in', [0, 1, 6, 7, 10])
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('flowTaskCirculate')
        .select(sql<string>`count(*)`.as('n'))
        .where('objectId', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { toBeReviewed: Number(todo.n), flowDone: Number(done.n), flowCirculate: Number(cc.n) };
  }
}
