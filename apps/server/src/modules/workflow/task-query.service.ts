import {
  type FlowBatchFlow,
  type FlowDetail,
  type FlowDetailQuery,
  type FlowEventLogRow,
  type FlowLaunchQuery,
  type FlowLaunchRow,
  type FlowListQuery,
  type FlowMonitorRow,
  type FlowNode,
  type FlowRecord,
  type FlowTodoCard,
  type FlowTodoRow,
  flowNodeName,
  type PageData,
} from '@platform/shared';
import { BusinessError, ForbiddenError, NotFoundError } from '../../core/errors.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { MessageService } from '../message/message.service.ts';
import type { FlowDefinitionService } from './definition.service.ts';
import { DelegateRepository } from './delegate.repository.ts';
import { delegationCovers } from './delegate.service.ts';
import { TIMER_JOB } from './engine.service.ts';
import { FlowDefinitionRepository } from './flow-definition.repository.ts';
import { GraphIndex } from './flow-graph-index.ts';
import { DEADLINE_JOB } from './flow-timing.ts';
import { NodeState, OperatorState, TaskRepository, type TaskRow } from './task.repository.ts';
import { type TaskFilter, TaskListRepository } from './task-list.repository.ts';

const filterOf = (q: FlowListQuery & { status?: number }): TaskFilter => ({
  flowCategory: q.flowCategory,
  templateId: q.templateId,
  flowId: q.flowId,
  creatorUserId: q.creatorUserId,
  flowUrgent: q.flowUrgent,
  nodeCode: q.nodeCode,
  status: q.status,
  from: q.startTime ? new Date(q.startTime) : undefined,
  to: q.endTime ? new Date(q.endTime) : undefined,
});

interface ListedTask {
  id: string;
  taskId: string;
  versionId: string;
  taskNodeId: string;
  flowId: string;
  templateId: string;
  flowName: string;
  fullName: string;
  nodeCode: string;
  nodeName: string;
  flowUrgent: number;
  status: number;
  handleStatus?: number;
  creatorUserId: string;
  userName: string;
  delegateUser?: string;
  startTime: Date | null;
  operatorTime: Date;
}

/** Reads of the run time: the lists, a task's detail, its records and the home-page counts. */
type ApprovalRecord = Awaited<ReturnType<TaskRepository['recordsOfTasks']>>[number];

/**
 * The approval records of several tasks by task id, each in the order made: a generated form's
 * record launched into a flow is its task, so printing the record prints them. The caller has
 * already been allowed to read the records.
 */
export async function approvalRecordsOf(db: Db, taskIds: readonly string[]): Promise<Map<string, ApprovalRecord[]>> {
  const byTask = new Map<string, ApprovalRecord[]>();
  for (const r of await new TaskRepository(db).recordsOfTasks(taskIds))
    byTask.set(r.taskId, [...(byTask.get(r.taskId) ?? []), r]);
  return byTask;
}

export class TaskQueryService {
  private readonly graphs = new Map<string, GraphIndex>();

  constructor(
    private readonly db: Db,
    private readonly definitions: FlowDefinitionService,
  ) {}

  /** Versions never change once saved, so their parsed graphs are kept (bounded). */
  private async graphOf(versionId: string): Promise<GraphIndex> {
    const hit = this.graphs.get(versionId);
    if (hit) return hit;
    const version = await new FlowDefinitionRepository(this.db).version(versionId);
    if (!version) throw new NotFoundError();
    const graph = GraphIndex.parse(version.graph);
    if (this.graphs.size > 500) this.graphs.clear();
    this.graphs.set(versionId, graph);
    return graph;
  }

  private async rows(list: ListedTask[]): Promise<FlowTodoRow[]> {
    const out: FlowTodoRow[] = [];
    for (const r of list) {
      const graph = await this.graphOf(r.versionId);
      const node = graph.node(r.nodeCode);
      // hasSign on the start node asks every approval of the flow for a signature: the row says so (batch approval).
      const signed = graph.root.properties.hasSign === true ? { hasSign: true } : {};
      out.push({
        id: r.id,
        processId: r.taskId,
        taskNodeId: r.taskNodeId,
        flowId: r.flowId,
        templateId: r.templateId,
        flowName: r.flowName,
        fullName: r.fullName,
        thisStepId: r.nodeCode,
        thisStep: r.nodeName,
        flowUrgent: r.flowUrgent,
        status: r.handleStatus ?? r.status,
        creatorUserId: r.creatorUserId,
        userName: r.userName,
        startTime: toMillis(r.startTime) ?? 0,
        creatorTime: r.operatorTime.getTime(),
        delegateUser: r.delegateUser ?? '',
        approversProperties: JSON.stringify({ ...node?.properties, ...signed }),
      });
    }
    return out;
  }

  /** `List/{1 to-do | 2 done | 3 cc | 4 batch}`. */
  async list(session: Session, category: number, query: FlowListQuery): Promise<PageData<FlowTodoRow>> {
    const params = pageParams(query);
    const repo = new TaskListRepository(this.db);
    const filter = filterOf(query);
    const result =
      category === 2
        ? await repo.done(params, session.userId, filter)
        : category === 3
          ? await repo.circulated(params, session.userId, filter)
          : await repo.todo(params, session.userId, filter, await this.delegations(session));
    return page(await this.rows(result.list as ListedTask[]), result.total, params);
  }

  private launchRow(r: {
    taskId: string;
    flowId: string;
    templateId: string;
    flowName: string;
    fullName: string;
    thisStep: string;
    flowUrgent: number;
    status: number;
    completion: number;
    startTime: Date | null;
    endTime: Date | null;
    creatorTime: Date;
  }): FlowLaunchRow {
    return {
      id: r.taskId,
      flowId: r.flowId,
      templateId: r.templateId,
      flowName: r.flowName,
      fullName: r.fullName,
      thisStep: r.thisStep,
      flowUrgent: r.flowUrgent,
      status: r.status,
      completion: r.completion,
      startTime: toMillis(r.startTime) ?? 0,
      endTime: toMillis(r.endTime),
      creatorTime: r.creatorTime.getTime(),
    };
  }

  async launched(session: Session, query: FlowLaunchQuery): Promise<PageData<FlowLaunchRow>> {
    const params = pageParams(query);
    const result = await new TaskListRepository(this.db).launched(
      params,
      session.userId,
      filterOf(query),
      query.delegateType === true,
    );
    return page(
      result.list.map((r) => this.launchRow(r)),
      result.total,
      params,
    );
  }

  async monitor(query: FlowLaunchQuery): Promise<PageData<FlowMonitorRow>> {
    const params = pageParams(query);
    const result = await new TaskListRepository(this.db).launched(params, null, filterOf(query));
    return page(
      result.list.map((r) => ({
        ...this.launchRow(r),
        processId: r.taskId,
        userName: r.userName,
        flowVersion: String(r.version),
      })),
      result.total,
      params,
    );
  }

  private delegations(session: Session) {
    return new DelegateRepository(this.db).activeTo(session.userId);
  }

  async counts(session: Session) {
    return new TaskListRepository(this.db).counts(session.userId, await this.delegations(session));
  }

  /** `FlowBefore/BatchFlowSelector`: the templates the caller has to-dos in, named with their count. */
  async batchFlows(session: Session): Promise<FlowBatchFlow[]> {
    const rows = await new TaskListRepository(this.db).todoByTemplate(session.userId, await this.delegations(session));
    return rows.map((r) => ({ id: r.id, fullName: `${r.fullName}(${r.count})`, count: Number(r.count) }));
  }

  async todoCards(session: Session): Promise<FlowTodoCard[]> {
    const params = pageParams({ pageSize: 20 });
    const result = await new TaskListRepository(this.db).todo(
      params,
      session.userId,
      {},
      await this.delegations(session),
    );
    return result.list.map((r) => ({
      id: r.id,
      taskId: r.taskId,
      processId: r.taskId,
      taskOperatorId: r.id,
      taskNodeId: r.taskNodeId,
      flowId: r.flowId,
      fullName: r.fullName,
      creatorTime: r.operatorTime.getTime(),
      type: 2,
    }));
  }

  async records(session: Session, taskId: string): Promise<FlowRecord[]> {
    await this.checkReader(session, taskId);
    return this.recordsOf(taskId);
  }

  private async recordsOf(taskId: string): Promise<FlowRecord[]> {
    const rows = await new TaskRepository(this.db).records(taskId);
    return rows.map((r) => ({
      id: r.id,
      taskNodeId: r.taskNodeId ?? '',
      nodeCode: r.nodeCode,
      nodeName: r.nodeName,
      userId: r.handleId,
      userName: r.userName,
      handleTime: r.handleTime.getTime(),
      handleStatus: r.handleStatus,
      handleOpinion: r.handleOpinion,
      signImg: r.signImg,
      fileList: r.fileList,
      operatorId: r.operatorName,
    }));
  }

  /** Whether the caller acts for `handleId`: it is the caller, or delegated approval to the caller for the template. */
  private async holds(session: Session, handleId: string, templateId: string) {
    if (handleId === session.userId) return true;
    return (await this.delegations(session)).some(
      (d) => d.userId === handleId && delegationCovers(d.flowId, templateId),
    );
  }

  /**
   * Who may read a task: its initiator (and whoever launched it for them), anyone who handled or holds it, a cc recipient, an
   * administrator, and for a sub-flow's child whoever may read the parent. Comments on the task
   * are open to the same people.
   */
  async checkReader(session: Session, taskId: string) {
    const tasks = new TaskRepository(this.db);
    const task = await tasks.task(taskId);
    if (!task) throw new BusinessError('workflow.taskUnknown');
    if (session.isAdministrator || task.creatorUserId === session.userId) return task;
    const ops = await tasks.operators(taskId);
    if (ops.some((o) => o.handleId === session.userId)) return task;
    const delegated = await this.delegations(session);
    if (ops.some((o) => delegated.some((d) => d.userId === o.handleId && delegationCovers(d.flowId, task.templateId))))
      return task;
    if (await tasks.isCirculated(taskId, session.userId)) return task;
    // A delegate who launched the task on someone's behalf follows it.
    if (await tasks.hasRecordBy(taskId, session.userId)) return task;
    // A sub-flow's child is read by whoever may read its parent (SubFlowInfo lists it to them).
    if (task.parentId) {
      await this.checkReader(session, task.parentId);
      return task;
    }
    throw new ForbiddenError();
  }

  /**
   * Whether the caller may read one of the tasks that attach the file: in an approval record or a
   * comment, or in the task's form (`formTaskIds`: records holding the file, whose id is the task's
   * when they were launched into a flow). The readers are `checkReader`'s.
   */
  async readsFile(session: Session, name: string, formTaskIds: readonly string[]): Promise<boolean> {
    const taskIds = new Set([...(await new TaskRepository(this.db).tasksWithFile(name)), ...formTaskIds]);
    for (const taskId of taskIds) {
      try {
        await this.checkReader(session, taskId);
        return true;
      } catch (error) {
        // Not a task (a form record never launched), or not one the caller may read.
        if (!(error instanceof BusinessError)) throw error;
      }
    }
    return false;
  }

  /** `GET FlowBefore/{taskId|'0'}`: what the detail page shows, with the node's field permissions. */
  async detail(session: Session, taskId: string, query: FlowDetailQuery): Promise<FlowDetail> {
    if (taskId === '0') {
      if (!query.flowId) throw new BusinessError('workflow.flowUnknown');
      const flow = await new FlowDefinitionRepository(this.db).flow(query.flowId);
      if (!flow?.graph) throw new BusinessError('workflow.flowUnknown');
      const root = JSON.parse(flow.graph) as FlowNode;
      return {
        flowTemplateInfo: {
          id: flow.id,
          templateId: flow.templateId,
          fullName: flow.templateName,
          type: flow.type,
          flowTemplateJson: flow.graph,
        },
        flowFormInfo: await this.definitions.formOf(flow.formId),
        flowTaskInfo: null,
        formData: {},
        draftData: null,
        formOperates: (root.properties.formOperates ?? []) as Record<string, unknown>[],
        approversProperties: root.properties as Record<string, unknown>,
        flowTaskNodeList: [],
        flowTaskOperatorRecordList: [],
        noOperateAuth: false,
      };
    }
    return this.detailOf(session, await this.checkReader(session, taskId), query);
  }

  /**
   * `SubFlowInfo/{taskNodeId}`: the detail of each child task a sub-flow node instance launched,
   * for whoever may read the parent task.
   */
  async subFlowInfo(session: Session, taskNodeId: string): Promise<FlowDetail[]> {
    const tasks = new TaskRepository(this.db);
    const taskNode = await tasks.taskNode(taskNodeId);
    if (!taskNode) throw new BusinessError('workflow.taskUnknown');
    await this.checkReader(session, taskNode.taskId);
    const children = await tasks.children(taskNodeId);
    return Promise.all(children.map((child) => this.detailOf(session, child, {})));
  }

  private async detailOf(session: Session, task: TaskRow, query: FlowDetailQuery): Promise<FlowDetail> {
    const tasks = new TaskRepository(this.db);
    const taskId = task.id;
    const version = await new FlowDefinitionRepository(this.db).version(task.versionId);
    if (!version) throw new NotFoundError();
    const graph = await this.graphOf(task.versionId);
    const operator = query.taskOperatorId ? await tasks.operator(query.taskOperatorId) : undefined;
    const mine = operator?.taskId === taskId && (await this.holds(session, operator.handleId, task.templateId));
    const node: FlowNode = (mine && operator ? graph.node(operator.nodeCode) : undefined) ?? graph.root;
    const [nodes, ops, records] = await Promise.all([
      tasks.nodes(taskId),
      tasks.operators(taskId),
      this.recordsOf(taskId),
    ]);
    const names = new Map(records.map((r) => [r.userId, r.userName]));
    const nodeList = nodes.map((n) => ({
      id: n.id,
      nodeCode: n.nodeCode,
      nodeName: n.nodeName,
      nodeType: n.nodeType,
      type: n.state === NodeState.current ? 1 : 0,
      userName: ops
        .filter((o) => o.taskNodeId === n.id && o.state !== OperatorState.cancelled)
        .map((o) => names.get(o.handleId) ?? '')
        .filter(Boolean)
        .join(','),
    }));
    const flow = await new FlowDefinitionRepository(this.db).flow(task.flowId);
    return {
      flowTemplateInfo: {
        id: task.flowId,
        templateId: task.templateId,
        fullName: flow?.templateName ?? task.fullName,
        type: flow?.type ?? 0,
        flowTemplateJson: version.graph,
      },
      flowFormInfo: await this.definitions.formOf(task.formId),
      flowTaskInfo: {
        id: task.id,
        fullName: task.fullName,
        thisStep: task.thisStep,
        flowUrgent: task.flowUrgent,
        status: task.status,
        completion: task.completion,
        suspend: task.suspend,
        creatorUserId: task.creatorUserId,
        creatorTime: task.creatorTime.getTime(),
      },
      formData: JSON.parse(task.formData) as Record<string, unknown>,
      draftData: mine && operator?.draftData ? (JSON.parse(operator.draftData) as Record<string, unknown>) : null,
      formOperates: (node.properties.formOperates ?? []) as Record<string, unknown>[],
      approversProperties: { ...node.properties, nodeName: flowNodeName(node) } as Record<string, unknown>,
      flowTaskNodeList: nodeList,
      flowTaskOperatorRecordList: records,
      noOperateAuth: !(mine && operator?.state === OperatorState.current),
    };
  }

  /** `{X}/Info`: whether the operator row X is still to be handled by the caller. */
  async operatorInfo(session: Session, operatorId: string) {
    const operator = await new TaskRepository(this.db).operator(operatorId);
    if (!operator) throw new BusinessError('workflow.operatorUnknown');
    const task = await new TaskRepository(this.db).task(operator.taskId);
    if (!(await this.holds(session, operator.handleId, task?.templateId ?? '')))
      throw new BusinessError('workflow.notYours');
    return { isCheck: operator.state !== OperatorState.current || task?.status !== 1 };
  }

  /** `RejectList/{X}`: the approver nodes already passed that the task can be sent back to. */
  async rejectList(session: Session, operatorId: string) {
    const tasks = new TaskRepository(this.db);
    const operator = await tasks.operator(operatorId);
    if (!operator) throw new BusinessError('workflow.operatorUnknown');
    const task = await tasks.task(operator.taskId);
    if (!task) throw new NotFoundError();
    if (!(await this.holds(session, operator.handleId, task.templateId))) throw new BusinessError('workflow.notYours');
    const graph = await this.graphOf(task.versionId);
    const nodes = await tasks.nodes(task.id);
    const seen = new Set<string>();
    const list = [{ nodeCode: graph.root.nodeId, nodeName: flowNodeName(graph.root) }];
    for (const n of nodes)
      if (
        n.nodeType === 'approver' &&
        n.state === NodeState.done &&
        n.nodeCode !== operator.nodeCode &&
        !seen.has(n.nodeCode)
      ) {
        seen.add(n.nodeCode);
        list.push({ nodeCode: n.nodeCode, nodeName: n.nodeName });
      }
    const open = (await tasks.operatorsOfNode(operator.taskNodeId)).filter(
      (o) => o.kind === 0 && (o.state === OperatorState.current || o.state === OperatorState.waiting),
    );
    return { isLastAppro: open.length <= 1, list };
  }

  /**
   * `FlowMonitor/{taskNodeId}/EventLog`: what happened at one node instance, oldest first: its
   * arrival, the to-dos it gave, the acts recorded on it, the flow messages it sent, its timer and
   * time-limit jobs (due or run), and its end.
   */
  async eventLog(taskNodeId: string): Promise<FlowEventLogRow[]> {
    const tasks = new TaskRepository(this.db);
    const node = await tasks.taskNode(taskNodeId);
    if (!node) throw new BusinessError('workflow.taskUnknown');
    const [operators, records, messages, jobs] = await Promise.all([
      tasks.operatorsWithNames(taskNodeId),
      tasks.records(node.taskId),
      MessageService.flowMessagesAt(this.db, node.taskId, taskNodeId),
      // Time-limit jobs are keyed by the node instance; timer jobs by the task, naming the node in their payload.
      new JobRepository(this.db).matching([
        { type: DEADLINE_JOB, refId: taskNodeId },
        { type: TIMER_JOB, refId: node.taskId, payload: { key: 'taskNodeId', value: taskNodeId } },
      ]),
    ]);
    const row = (r: Partial<FlowEventLogRow> & Pick<FlowEventLogRow, 'id' | 'eventTime' | 'eventType'>) => ({
      nodeName: node.nodeName,
      userName: '',
      handleStatus: null,
      content: '',
      state: '',
      ...r,
    });
    const out: FlowEventLogRow[] = [
      row({ id: `${node.id}:arrive`, eventTime: node.creatorTime.getTime(), eventType: 'arrive' }),
    ];
    for (const o of operators)
      out.push(row({ id: o.id, eventTime: o.creatorTime.getTime(), eventType: 'todo', userName: o.userName }));
    for (const r of records.filter((r) => r.taskNodeId === taskNodeId))
      out.push(
        row({
          id: r.id,
          eventTime: r.handleTime.getTime(),
          eventType: 'record',
          // An act naming another user (transfer, assign, add signer) shows who it went to.
          userName: r.operatorId ? `${r.userName} → ${r.operatorName}` : r.userName,
          handleStatus: r.handleStatus,
          content: r.handleOpinion,
        }),
      );
    for (const m of messages)
      out.push(
        row({
          id: m.id,
          eventTime: m.releaseTime.getTime(),
          eventType: 'message',
          userName: m.userNames,
          content: m.title,
        }),
      );
    for (const j of jobs) {
      const kind = (JSON.parse(j.payload) as { kind?: string }).kind;
      out.push(
        row({
          id: j.id,
          eventTime: j.runAt.getTime(),
          eventType: j.type === TIMER_JOB ? 'timer' : kind === 'notice' ? 'notice' : 'overTime',
          content: j.lastError ?? '',
          state: j.status,
        }),
      );
    }
    if (node.state !== NodeState.current && node.completionTime)
      out.push(
        row({
          id: `${node.id}:end`,
          eventTime: node.completionTime.getTime(),
          eventType: node.state === NodeState.done ? 'done' : 'cancelled',
        }),
      );
    // Stable: events of one moment keep the order they are gathered in (arrival first, end last).
    return out
      .map((r, i) => ({ r, i }))
      .sort((a, b) => a.r.eventTime - b.r.eventTime || a.i - b.i)
      .map((x) => x.r);
  }
}
