import {
  AssigneeType,
  assignFormValues,
  CounterSign,
  chooseConditionBranch,
  type DataInterfaceDataRow,
  type DataInterfaceParamValue,
  type ErrorRuleNode,
  type FlowActionBody,
  type FlowBatchBody,
  type FlowCandidates,
  type FlowChangeBody,
  type FlowChangeNode,
  type FlowInterfaceParam,
  type FlowMsgEvent,
  FlowMsgOn,
  type FlowNode,
  FlowParamSource,
  type FlowTaskInput,
  FlowTaskStatus,
  flowNodeName,
  HandleStatus,
  type MemberKind,
  timerDelayMs,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { translator } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import { memberReferences } from '../../core/permissions.repository.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { Caller } from '../dataInterface/data-interface.service.ts';
import { MessageService, MessageType } from '../message/message.service.ts';
import type { DefinitionService as FormDefinitions } from '../visualdev/visualdev.service.ts';
import { DelegateRepository } from './delegate.repository.ts';
import { checkLaunchDelegations, delegationCovers } from './delegate.service.ts';
import { GraphIndex } from './flow-graph-index.ts';
import {
  emptyOutbox,
  type FlowChannelDispatcher,
  type FlowDetailConfig,
  type FlowMessageContext,
  FlowNotifier,
  type FlowOutbox,
  msgConfigOf,
} from './flow-notify.ts';
import { DEADLINE_JOB, type DeadlinePayload, DeadlinePlan } from './flow-timing.ts';
import { MemberRepository } from './member.repository.ts';
import {
  DefinitionRepository,
  NodeState,
  type OperatorRow,
  OperatorState,
  TaskRepository,
  type TaskRow,
} from './workflow.repository.ts';

type FormValues = Record<string, unknown>;
/** Where a record is made: the node instance, and the operator row when one acted. */
type RecordAt = { taskNodeId: string | null; nodeCode: string; nodeName: string; operatorId?: string };
type Choices = Pick<FlowActionBody, 'candidateList' | 'branchList' | 'copyIds' | 'errorRuleUserList'>;

/** Handlers could not be found for these nodes: the launch answers them so the user picks. */
class HandlersNeeded extends Error {
  constructor(readonly nodes: ErrorRuleNode[]) {
    super('handlers needed');
  }
}

/** What one action works on, inside its transaction. */
interface Run {
  trx: Trx;
  tasks: TaskRepository;
  members: MemberRepository;
  task: TaskRow;
  graph: GraphIndex;
  values: FormValues;
  joins: Record<string, number>;
  choices: Choices;
  needs: ErrorRuleNode[];
  /** Who acts (null: the engine itself, a time limit); the messages the action sends name them. */
  actor: string | null;
  /** Flow messages of this transaction: pushed and sent through their other channels once it commits. */
  outbox: FlowOutbox;
  /**
   * Set on a sub-flow child started by its parent's run: the parent's run checks its children
   * itself once all are started, so the child's end does not go on into the parent (locked and mid-walk).
   */
  startedByParent?: boolean;
}

/** The data-interface calls the engine makes to name a node's approvers (the app's `DataInterfaceService`). */
export interface ApproverInterfaces {
  rowsWithin(
    trx: Trx,
    id: string,
    paramList: DataInterfaceParamValue[],
    caller: Caller,
  ): Promise<DataInterfaceDataRow[]>;
}

/** Keys a row of an approver interface's answer may hold its user id(s) under, lower-cased and without `_`. */
const userIdKeys = ['handleid', 'userid', 'fid', 'id', 'value'];

/**
 * The user ids in an approver interface's answer, taken liberally: rows with a user id column
 * (`handleId` as the spec's reply has it, `userId`, `F_Id`, `id`...), plain ids, comma-separated text.
 */
export function userIdsOfAnswer(rows: readonly unknown[]): string[] {
  const out: string[] = [];
  const add = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) add(item);
    else if (typeof value === 'string' || typeof value === 'number')
      out.push(
        ...String(value)
          .split(',')
          .map((id) => id.trim()),
      );
  };
  for (const row of rows) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) {
      add(row);
      continue;
    }
    const byKey = new Map(Object.entries(row).map(([k, v]) => [k.toLowerCase().replace(/_/g, ''), v]));
    const key = userIdKeys.find((k) => byKey.has(k));
    if (key) add(byKey.get(key));
  }
  return unique(out);
}

/** A child task's status that ends it for its parent: approved or terminated. */
const childEnded = (status: number) => status === FlowTaskStatus.approved || status === FlowTaskStatus.terminated;

const END_STEP = '结束';
/** Records the engine writes itself are read in the console's language, as stored messages are. */
const text = translator('zh-CN');
export const TIMER_JOB = 'workflow.timer';
const isOpen = (state: number) => state === OperatorState.waiting || state === OperatorState.todo;
const parseRef = (ref: string): [string, MemberKind] => {
  const [id = '', kind = 'user'] = ref.split('--');
  return [id, kind as MemberKind];
};
const unique = (ids: string[]) => [...new Set(ids.filter(Boolean))];
const csv = (text: string | undefined) => unique((text ?? '').split(','));

/** The value an approver interface's parameter takes: a form field's, a fixed text, nothing, or a system value. */
function paramValue(param: FlowInterfaceParam, values: FormValues, system: Record<string, string>): string {
  const source = param.relationField ?? '';
  switch (param.sourceType ?? FlowParamSource.field) {
    case FlowParamSource.field: {
      const value = values[source];
      if (value === undefined || value === null) return '';
      if (Array.isArray(value)) return value.map(String).join(',');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
    case FlowParamSource.custom:
      return source;
    case FlowParamSource.system:
      return system[source] ?? '';
    default:
      return '';
  }
}

/** Ended statuses a monitor may revive a task from: approved, rejected back to its initiator, terminated. */
const revivable: number[] = [FlowTaskStatus.approved, FlowTaskStatus.rejected, FlowTaskStatus.terminated];

/** Statuses a task can be (re)submitted from by its initiator. */
const resubmittable: number[] = [
  FlowTaskStatus.draft,
  FlowTaskStatus.rejected,
  FlowTaskStatus.revoked,
  FlowTaskStatus.withdrawn,
];

/**
 * The flow engine: every action is one transaction that locks the task row first (`for update`),
 * then the operator row, so two people acting on one task are served one after the other and the
 * second sees what the first did (an or-sign node already decided answers a clear refusal).
 */
export class EngineService {
  private readonly graphs = new Map<string, GraphIndex>();

  constructor(
    private readonly db: Db,
    private readonly forms: FormDefinitions,
    private readonly bus?: EventBus,
    private readonly channels?: FlowChannelDispatcher,
    private readonly interfaces?: ApproverInterfaces,
  ) {}

  /**
   * After a transaction committed: pushes the messages it delivered to their recipients' sockets,
   * and hands its e-mail, SMS, ... sends to the dispatcher (which does not hold the answer up).
   */
  private async announce(outbox: FlowOutbox) {
    this.channels?.dispatch(outbox.sends);
    if (!this.bus) return;
    for (const sent of outbox.announcements)
      await MessageService.announce(this.bus, { ...sent, messageType: MessageType.flow });
  }

  /* -------------------------------------------------------------- launch */

  /**
   * Launch or draft. With `delegateUserList` (delegated launch) the caller launches on behalf of
   * each principal listed: one task each, whose initiator is the principal, all in one transaction
   * and only when every principal's launch delegation to the caller covers the flow now.
   */
  async launch(session: Session, input: FlowTaskInput, taskId?: string): Promise<{ id: string } | ErrorRuleNode[]> {
    const outbox = emptyOutbox();
    const principals = [...new Set(input.delegateUserList ?? [])];
    try {
      const saved = await this.db.transaction().execute(async (trx) => {
        const flow = await new DefinitionRepository(trx).flow(input.flowId);
        if (!flow?.graph || !flow.mainVersionId) throw new BusinessError('workflow.flowUnknown');
        if (flow.enabledMark !== 1) throw new BusinessError('workflow.flowDisabled');
        const launching = { trx, session, input, flow, graph: GraphIndex.parse(flow.graph), outbox };
        const givenId = taskId || input.id;
        if (!principals.length)
          return this.launchFor(launching, { initiator: session.userId, taskId: givenId || newId() });
        // The task id of a form's flow is the form record's id: one record, one principal.
        if (flow.formId && principals.length > 1) throw new BusinessError('workflow.delegateOneForForm');
        await checkLaunchDelegations(trx, session.userId, principals, flow.templateId);
        const launched: { id: string }[] = [];
        for (const [index, principal] of principals.entries())
          launched.push(
            await this.launchFor(launching, {
              initiator: principal,
              taskId: (index === 0 && givenId) || newId(),
              delegated: true,
            }),
          );
        return launched[0] as { id: string };
      });
      await this.announce(outbox);
      return saved;
    } catch (error) {
      if (error instanceof HandlersNeeded) return error.nodes;
      throw error;
    }
  }

  /** One task of a launch: saved as a draft or submitted, for `initiator` (the caller, or a principal of theirs). */
  private async launchFor(
    launching: {
      trx: Trx;
      session: Session;
      input: FlowTaskInput;
      flow: NonNullable<Awaited<ReturnType<DefinitionRepository['flow']>>>;
      graph: GraphIndex;
      outbox: FlowOutbox;
    },
    { initiator, taskId: id, delegated = false }: { initiator: string; taskId: string; delegated?: boolean },
  ): Promise<{ id: string }> {
    const { trx, session, input, flow, graph, outbox } = launching;
    const tasks = new TaskRepository(trx);
    const members = new MemberRepository(trx);
    const initiators = graph.root.properties.initiator ?? [];
    // A delegate launches with the principal's right to launch, never with their own.
    if (initiators.length && (delegated || !session.isAdministrator)) {
      const mine = await memberReferences(trx, initiator);
      if (!initiators.some((ref) => mine.has(ref))) throw new BusinessError('workflow.mayNotLaunch');
    }
    const existing = await tasks.lockTask(id);
    if (existing) {
      if (existing.creatorUserId !== initiator) throw new BusinessError('workflow.notYours');
      if (!resubmittable.includes(existing.status)) throw new BusinessError('workflow.alreadySubmitted');
    } else if (flow.formId) {
      // The task id is the bound form's record id: a new task may only be for a record of one's own.
      const owner = await this.forms.recordOwner(trx, flow.formId, id);
      if (owner !== undefined && owner !== session.userId) throw new BusinessError('workflow.notYours');
    }
    const base = {
      templateId: flow.templateId,
      flowId: flow.id,
      versionId: flow.mainVersionId as string,
      fullName: flow.templateName,
      formId: flow.formId,
      formData: JSON.stringify(input.formData),
      flowUrgent: input.flowUrgent ?? 1,
    };
    if (existing) await tasks.updateTask(id, { ...base, lastModifyTime: new Date() });
    else await tasks.insertTask({ id, ...base, creatorUserId: initiator, status: FlowTaskStatus.draft });
    if (Number(input.status) !== 0) {
      await tasks.updateTask(id, { status: FlowTaskStatus.draft, thisStep: '', thisStepId: '' });
      await this.mirror(trx, id);
      return { id };
    }
    await tasks.updateTask(id, {
      status: FlowTaskStatus.pending,
      startTime: new Date(),
      endTime: null,
      completion: 0,
      joins: '{}',
      suspend: false,
    });
    const task = (await tasks.lockTask(id)) as TaskRow;
    const run: Run = {
      trx,
      tasks,
      members,
      task,
      graph,
      values: input.formData,
      joins: {},
      choices: input,
      needs: [],
      actor: session.userId,
      outbox,
    };
    await this.walkFromStart(run, session.userId, input.copyIds, delegated ? initiator : '');
    if (run.needs.length) throw new HandlersNeeded(run.needs);
    await this.settleTask(run);
    await this.mirror(trx, id);
    return { id };
  }

  /**
   * A submitted task leaves its start node: the launch record, the start's copies, then the first
   * steps. A delegated launch's record names the delegate who launched and the principal launched for.
   */
  private async walkFromStart(run: Run, userId: string, copyIds: string | undefined, onBehalfOf = '') {
    const start = run.graph.root;
    const startNodeId = newId();
    await run.tasks.insertNode({
      id: startNodeId,
      taskId: run.task.id,
      nodeCode: start.nodeId,
      nodeType: 'start',
      nodeName: flowNodeName(start),
      state: NodeState.done,
      completionTime: new Date(),
    });
    await this.record(
      run,
      { taskNodeId: startNodeId, nodeCode: start.nodeId, nodeName: flowNodeName(start) },
      userId,
      HandleStatus.launch,
      {},
      onBehalfOf,
    );
    await this.copyTo(run, start, startNodeId, copyIds);
    await this.leave(run, start, startNodeId);
  }

  /**
   * `Candidates/{X|'0'}`: what the user must answer before going on from the start (X = '0') or
   * from the operator X's node: branches to choose (a choice split), or candidates to pick.
   */
  async candidates(
    session: Session,
    operatorId: string,
    input: { flowId?: string; formData?: FormValues },
  ): Promise<FlowCandidates> {
    let graph: GraphIndex;
    let from: FlowNode | undefined;
    let values: FormValues = input.formData ?? {};
    const tasks = new TaskRepository(this.db);
    if (operatorId === '0') {
      const flow = input.flowId ? await new DefinitionRepository(this.db).flow(input.flowId) : undefined;
      if (!flow?.graph) throw new BusinessError('workflow.flowUnknown');
      graph = GraphIndex.parse(flow.graph);
      from = graph.root;
    } else {
      const operator = await tasks.operator(operatorId);
      if (!operator || operator.handleId !== session.userId) throw new BusinessError('workflow.notYours');
      const task = await tasks.task(operator.taskId);
      if (!task) throw new NotFoundError();
      const version = await new DefinitionRepository(this.db).version(task.versionId);
      if (!version) throw new NotFoundError();
      graph = GraphIndex.parse(version.graph);
      from = graph.node(operator.nodeCode);
      values = { ...(JSON.parse(task.formData) as FormValues), ...values };
    }
    const list: FlowCandidates['list'] = [];
    const visit = (node: FlowNode | null | undefined, depth: number) => {
      if (!node || depth > 50) return;
      if (node.type === 'approver') {
        if (node.properties.assigneeType === AssigneeType.candidates)
          list.push({ nodeId: node.nodeId, nodeName: flowNodeName(node), isBranchFlow: false, isCandidates: true });
        return;
      }
      if (node.type === 'condition' || node.type === 'empty') next(node, depth);
    };
    const next = (node: FlowNode, depth: number) => {
      const branches = node.conditionNodes ?? [];
      if (branches.length) {
        const kind = node.conditionType ?? 'condition';
        if (kind === 'branchFlow') {
          for (const b of branches)
            list.push({ nodeId: b.nodeId, nodeName: flowNodeName(b), isBranchFlow: true, isCandidates: false });
          return;
        }
        const taken = kind === 'interflow' ? branches : [chooseConditionBranch(branches, values)].filter(Boolean);
        for (const b of taken) visit(b, depth + 1);
        return;
      }
      if (node.childNode) visit(node.childNode, depth + 1);
      else {
        const split = graph.joinOf(node);
        if (split?.childNode) visit(split.childNode, depth + 1);
      }
    };
    if (from) next(from, 0);
    const type = list.some((n) => n.isBranchFlow) ? 1 : list.length ? 2 : 3;
    return { type, list };
  }

  /* -------------------------------------------------------------- graph walking */

  /** The node's row as the task's current node (a waiting timer or sub-flow); answers its id. */
  private async currentNode(run: Run, node: FlowNode, prevNodeId: string | null): Promise<string> {
    const taskNodeId = newId();
    await run.tasks.insertNode({
      id: taskNodeId,
      taskId: run.task.id,
      nodeCode: node.nodeId,
      nodeType: node.type,
      nodeName: flowNodeName(node),
      state: NodeState.current,
      prevNodeId,
    });
    return taskNodeId;
  }

  /** A node is reached: approvers get their operators, pass-through nodes are left at once. */
  private async enter(run: Run, node: FlowNode, prevNodeId: string | null): Promise<void> {
    if (node.type === 'timer' && timerDelayMs(node) > 0) {
      // The timer waits as a current node; a job in the job table leaves it when due (a restart loses none).
      const taskNodeId = await this.currentNode(run, node, prevNodeId);
      await new JobRepository(run.trx).insert([
        {
          id: newId(),
          type: TIMER_JOB,
          payload: { taskId: run.task.id, taskNodeId },
          runAt: new Date(Date.now() + timerDelayMs(node)),
          refId: run.task.id,
        },
      ]);
      return;
    }
    if (node.type === 'subFlow') {
      await this.startSubFlow(run, node, prevNodeId);
      return;
    }
    if (node.type !== 'approver') {
      // condition and empty nodes pass straight through.
      await this.leave(run, node, prevNodeId);
      return;
    }
    const handlers = await this.handlersOr(run, node, prevNodeId, () => this.handlersOf(run, node));
    if (!handlers) return;
    const taskNodeId = await this.currentNode(run, node, prevNodeId);
    const sequential = node.properties.counterSign === CounterSign.sequential;
    const operators = handlers.map((handleId, index) => ({
      id: newId(),
      taskId: run.task.id,
      taskNodeId,
      nodeCode: node.nodeId,
      nodeName: flowNodeName(node),
      handleId,
      state: sequential && index > 0 ? OperatorState.waiting : OperatorState.todo,
      sortCode: index,
    }));
    await run.tasks.insertOperators(operators);
    await this.startDeadline(run, node, taskNodeId);
    await this.notifyHandlers(
      run,
      'waitMsgConfig',
      node,
      operators.filter((o) => o.state === OperatorState.todo),
    );
  }

  /**
   * The users a node needs (approvers, or a sub-flow's initiators); none found: the start's
   * errorRule 4 passes the node, else the launch answers it as "handlers needed" (undefined).
   */
  private async handlersOr(
    run: Run,
    node: FlowNode,
    prevNodeId: string | null,
    find: () => Promise<string[]>,
  ): Promise<string[] | undefined> {
    const handlers = await find();
    if (handlers.length) return handlers;
    if (run.graph.root.properties.errorRule === 4) await this.leave(run, node, prevNodeId);
    else run.needs.push({ nodeId: node.nodeId, nodeName: flowNodeName(node) });
    return undefined;
  }

  /**
   * A sub-flow node: one child task of the node's flow for each initiator (found as an approver's
   * handlers are, by `initiateType`), its form filled from the parent's by `assignList`. With
   * `autoSubmit` the child is submitted at once as its initiator, else it waits as that user's draft.
   * Asynchronous: the parent goes on now. Synchronous: the node stays current until every child
   * ended (approved or terminated); `childEnded` then moves the parent on.
   */
  private async startSubFlow(run: Run, node: FlowNode, prevNodeId: string | null) {
    const p = node.properties;
    const initiators = await this.handlersOr(run, node, prevNodeId, () =>
      this.handlersOf(run, { ...node, properties: { ...p, assigneeType: p.initiateType, approvers: p.initiator } }),
    );
    if (!initiators) return;
    const flow = p.flowId ? await new DefinitionRepository(run.trx).flow(p.flowId) : undefined;
    if (!flow?.graph || !flow.mainVersionId || flow.enabledMark !== 1)
      throw new BusinessError('workflow.subFlowUnknown', { node: flowNodeName(node) });
    const taskNodeId = await this.currentNode(run, node, prevNodeId);
    const values = assignFormValues(p.assignList, run.values);
    const isAsync = p.isAsync === true;
    const children = initiators.map((creatorUserId) => ({
      id: newId(),
      templateId: flow.templateId,
      flowId: flow.id,
      versionId: flow.mainVersionId as string,
      fullName: flow.templateName,
      formId: flow.formId,
      formData: JSON.stringify(values),
      creatorUserId,
      status: FlowTaskStatus.draft,
      parentId: run.task.id,
      parentNodeId: taskNodeId,
      isAsync,
    }));
    // Every child exists before any is submitted, so none counts as the last one too early.
    for (const child of children) await run.tasks.insertTask(child);
    if (!p.autoSubmit) {
      // Each child waits as its initiator's draft: they are told to launch it.
      const recipients = children.map((child) => ({
        userId: child.creatorUserId,
        config: { type: 1 as const, processId: child.id, flowId: child.flowId, taskNodeId: '', taskOperatorId: '' },
      }));
      const config = msgConfigOf('launchMsgConfig', node, run.graph.root);
      await new FlowNotifier(run.trx, run.outbox).send('launchMsgConfig', config, node, recipients, this.context(run));
    }
    if (p.autoSubmit) {
      const graph = await this.graphOf(run.trx, flow.mainVersionId);
      for (const child of children) {
        await run.tasks.updateTask(child.id, { status: FlowTaskStatus.pending, startTime: new Date() });
        const childRun: Run = {
          trx: run.trx,
          tasks: run.tasks,
          members: run.members,
          task: (await run.tasks.lockTask(child.id)) as TaskRow,
          graph,
          values: { ...values },
          joins: {},
          choices: {},
          needs: [],
          actor: child.creatorUserId,
          outbox: run.outbox,
          startedByParent: true,
        };
        await this.walkFromStart(childRun, child.creatorUserId, undefined);
        if (childRun.needs.length)
          throw new BusinessError('workflow.noHandler', { node: childRun.needs.map((n) => n.nodeName).join(',') });
        await this.settleTask(childRun);
      }
    }
    if (!isAsync && (await run.tasks.childStatuses(taskNodeId)).some((status) => !childEnded(status))) return;
    await run.tasks.setNodeState([taskNodeId], NodeState.done);
    await this.leave(run, node, taskNodeId);
  }

  /**
   * A synchronous child task ended (inside the child's transaction, the child locked first, then
   * the parent): when it was the last of its sub-flow node's children, the parent goes on from there.
   */
  private async childEnded(from: Pick<Run, 'trx' | 'task' | 'actor' | 'outbox'>) {
    const { trx, task: child } = from;
    if (!child.parentId || !child.parentNodeId || child.isAsync) return;
    const tasks = new TaskRepository(trx);
    const parent = await tasks.lockTask(child.parentId);
    if (parent?.status !== FlowTaskStatus.pending) return;
    const taskNode = await tasks.taskNode(child.parentNodeId);
    if (taskNode?.state !== NodeState.current) return;
    if ((await tasks.childStatuses(taskNode.id)).some((status) => !childEnded(status))) return;
    const run = await this.openRun(trx, parent, { actor: from.actor, outbox: from.outbox });
    const node = run.graph.node(taskNode.nodeCode);
    if (!node) return;
    await tasks.setNodeState([taskNode.id], NodeState.done);
    await this.leave(run, node, taskNode.id);
    if (run.needs.length)
      throw new BusinessError('workflow.noHandler', { node: run.needs.map((n) => n.nodeName).join(',') });
    await this.settleTask(run);
    await this.mirror(trx, parent.id, parent.status);
  }

  /** A node is done: its split's branches start, or the chain goes on. */
  private async leave(run: Run, node: FlowNode, taskNodeId: string | null): Promise<void> {
    const branches = node.conditionNodes ?? [];
    if (!branches.length) {
      await this.afterChain(run, node, taskNodeId);
      return;
    }
    const kind = node.conditionType ?? 'condition';
    let taken: FlowNode[];
    if (kind === 'interflow') taken = branches;
    else if (kind === 'branchFlow') {
      const chosen = new Set(run.choices.branchList ?? []);
      taken = branches.filter((b) => chosen.has(b.nodeId));
      if (!taken.length) throw new BusinessError('workflow.chooseBranch', { node: flowNodeName(node) });
    } else {
      const branch = chooseConditionBranch(branches, run.values);
      if (!branch) throw new BusinessError('workflow.noBranch', { node: flowNodeName(node) });
      taken = [branch];
    }
    if (taken.length > 1) run.joins[node.nodeId] = taken.length;
    for (const branch of taken) await this.enter(run, branch, taskNodeId);
  }

  private async afterChain(run: Run, node: FlowNode, taskNodeId: string | null): Promise<void> {
    if (node.childNode) {
      await this.enter(run, node.childNode, taskNodeId);
      return;
    }
    const split = run.graph.joinOf(node);
    if (!split) return; // the end of the flow: settleTask sees no current node
    const waiting = run.joins[split.nodeId];
    if (waiting !== undefined && waiting > 1) {
      run.joins[split.nodeId] = waiting - 1;
      return;
    }
    delete run.joins[split.nodeId];
    await this.afterChain(run, split, taskNodeId);
  }

  private async handlersOf(run: Run, node: FlowNode): Promise<string[]> {
    const p = node.properties;
    const given = run.choices.errorRuleUserList?.[node.nodeId];
    if (given?.length) return run.members.enabledUsers(unique(given));
    const initiator = run.task.creatorUserId;
    const byRefs = async (refs: string[]) => {
      const out: string[] = [];
      for (const ref of refs) {
        const [id, kind] = parseRef(ref);
        out.push(...(await run.members.usersOf(kind, [id])));
      }
      return unique(out);
    };
    switch (p.assigneeType ?? AssigneeType.members) {
      case AssigneeType.initiator:
        return [initiator];
      case AssigneeType.manager: {
        const manager = await run.members.managerAt(initiator, p.managerLevel ?? 1);
        return manager ? run.members.enabledUsers([manager]) : [];
      }
      case AssigneeType.departmentHead: {
        const head = await run.members.departmentHead(initiator);
        return head ? run.members.enabledUsers([head]) : [];
      }
      case AssigneeType.formField: {
        const raw = run.values[p.formField ?? ''];
        const ids = unique((Array.isArray(raw) ? raw : String(raw ?? '').split(',')).map(String));
        const kinds: Record<number, MemberKind> = { 1: 'user', 2: 'department', 3: 'position', 4: 'role', 5: 'group' };
        return run.members.usersOf(kinds[p.formFieldType ?? 1] ?? 'user', ids);
      }
      case AssigneeType.nodeApprover: {
        if (p.nodeId === run.graph.root.nodeId) return [initiator];
        const ops = await run.tasks.operators(run.task.id);
        return unique(
          ops.filter((o) => o.nodeCode === p.nodeId && o.handleStatus === HandleStatus.agree).map((o) => o.handleId),
        );
      }
      case AssigneeType.candidates: {
        const pool = new Set(await byRefs(p.approvers ?? []));
        const picked = run.choices.candidateList?.[node.nodeId] ?? [];
        if (!picked.length) throw new BusinessError('workflow.pickCandidates', { node: flowNodeName(node) });
        if (picked.some((id) => !pool.has(id)))
          throw new BusinessError('workflow.notCandidate', { node: flowNodeName(node) });
        return unique(picked);
      }
      case AssigneeType.members:
        return run.members.relatedTo(p.extraRule ?? 1, initiator, await byRefs(p.approvers ?? []));
      case AssigneeType.interface:
        return this.interfaceHandlers(run, node);
      default:
        return [];
    }
  }

  /**
   * assigneeType 9: the node's data interface names the handlers (`userIdsOfAnswer`), called with
   * its parameters from the form values, fixed texts or system values; only enabled users count.
   * It runs inside this action's transaction (`rowsWithin`), so it sees the values being submitted;
   * when it fails, the action is refused naming the node and its transaction changes nothing.
   */
  private async interfaceHandlers(run: Run, node: FlowNode): Promise<string[]> {
    const p = node.properties;
    if (!p.interfaceId) return [];
    const system = await new FlowNotifier(run.trx, run.outbox).systemValues(node, this.context(run));
    const paramList = (p.templateJson ?? []).map((param) => ({
      field: param.field,
      defaultValue: paramValue(param, run.values, system),
    }));
    const userId = run.actor ?? run.task.creatorUserId;
    // The interface's `{@currentUser}` is whoever acts (the initiator when the engine itself does).
    const session: Session = {
      sessionId: '',
      userId,
      account: '',
      realName: '',
      isAdministrator: false,
      tokenHash: '',
    };
    let rows: DataInterfaceDataRow[];
    try {
      if (!this.interfaces) throw new BusinessError('dataInterface.notFound');
      rows = await this.interfaces.rowsWithin(run.trx, p.interfaceId, paramList, {
        session,
        ip: '',
        origin: 'workflow',
      });
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      throw new BusinessError('workflow.interfaceFailed', { node: flowNodeName(node) }, error.code, error);
    }
    return run.members.enabledUsers(userIdsOfAnswer(rows));
  }

  /** Carbon copies of a passed node: its circulateUser, and the user's own picks when the node allows them. */
  private async copyTo(run: Run, node: FlowNode, taskNodeId: string, copyIds: string | undefined) {
    const refs = node.properties.circulateUser ?? [];
    const users: string[] = [];
    for (const ref of refs) {
      const [id, kind] = parseRef(ref);
      users.push(...(await run.members.usersOf(kind, [id])));
    }
    if (node.properties.isCustomCopy !== false) users.push(...(await run.members.enabledUsers(csv(copyIds))));
    const copies = unique(users).map((objectId) => ({
      id: newId(),
      taskId: run.task.id,
      taskNodeId,
      nodeCode: node.nodeId,
      nodeName: flowNodeName(node),
      objectId,
    }));
    await run.tasks.insertCirculates(copies);
    const recipients = copies.map((c) => ({ userId: c.objectId, config: this.detailConfig(run, 3, taskNodeId, c.id) }));
    const config = msgConfigOf('copyMsgConfig', node, run.graph.root);
    await new FlowNotifier(run.trx, run.outbox).send('copyMsgConfig', config, node, recipients, this.context(run));
  }

  /** After the walk: the current step, the completion, and the end of the flow when nothing is current. */
  private async settleTask(run: Run) {
    const ended = await run.tasks.settle(run.task.id, {
      pending: run.task.status === FlowTaskStatus.pending,
      rejected: run.task.status === FlowTaskStatus.rejected,
      approverCount: Math.max(1, run.graph.approvers().length),
      start: { name: flowNodeName(run.graph.root), code: run.graph.root.nodeId },
      endStep: END_STEP,
      joins: JSON.stringify(run.joins),
      now: new Date(),
    });
    if (ended) await this.notifyInitiator(run, 'endMsgConfig', run.graph.root, null);
    if (ended && !run.startedByParent) await this.childEnded(run);
  }

  /**
   * The task's status onto its generated form's record (`flowState`), when the form keeps one under
   * the task id. `statusBefore`: the status the action began with, which the record already holds;
   * nothing is written when it did not change.
   */
  private async mirror(trx: Trx, taskId: string, statusBefore?: number) {
    const task = await new TaskRepository(trx).taskStatus(taskId);
    if (!task?.formId || task.status === statusBefore) return;
    await this.forms.setFlowState(trx, task.formId, taskId, task.status);
  }

  private async record(
    run: Pick<Run, 'tasks' | 'task'>,
    at: RecordAt,
    handleId: string,
    handleStatus: number,
    body: Pick<FlowActionBody, 'handleOpinion' | 'signImg' | 'fileList'>,
    operatorUser = '',
  ) {
    await run.tasks.insertRecord(this.recordOf(run, at, handleId, handleStatus, body, operatorUser));
  }

  /** An approval record's row. */
  private recordOf(
    run: Pick<Run, 'task'>,
    at: RecordAt,
    handleId: string,
    handleStatus: number,
    body: Pick<FlowActionBody, 'handleOpinion' | 'signImg' | 'fileList'>,
    operatorUser = '',
  ) {
    return {
      id: newId(),
      taskId: run.task.id,
      taskNodeId: at.taskNodeId,
      taskOperatorId: at.operatorId ?? null,
      nodeCode: at.nodeCode,
      nodeName: at.nodeName,
      handleId,
      handleStatus,
      handleOpinion: body.handleOpinion ?? '',
      signImg: body.signImg ?? '',
      fileList: JSON.stringify(body.fileList ?? []),
      operatorId: operatorUser,
    };
  }

  /* -------------------------------------------------------------- actions on an operator row */

  /**
   * Opens a run on the task of operator `operatorId` held by the caller: locks the task, then the
   * operator, and refuses what cannot be acted on any more, in the caller's language.
   */
  private async onOperator<T>(
    session: Session,
    operatorId: string,
    body: Choices & { formData?: FormValues },
    act: (run: Run, operator: OperatorRow) => Promise<T>,
    { mustBeOpen = true }: { mustBeOpen?: boolean } = {},
  ): Promise<T> {
    const outbox = emptyOutbox();
    const result = await this.db.transaction().execute(async (trx) => {
      const tasks = new TaskRepository(trx);
      const task = await tasks.lockTaskOfOperator(operatorId);
      if (!task) throw new BusinessError('workflow.operatorUnknown');
      const operator = await tasks.lockOperator(operatorId);
      if (!operator) throw new BusinessError('workflow.operatorUnknown');
      if (operator.handleId !== session.userId) {
        const delegated = await new DelegateRepository(trx).activeTo(session.userId);
        if (!delegated.some((d) => d.userId === operator.handleId && delegationCovers(d.flowId, task.templateId)))
          throw new BusinessError('workflow.notYours');
      }
      if (mustBeOpen) {
        this.checkRunning(task);
        if (operator.state === OperatorState.done) throw new BusinessError('workflow.alreadyHandled');
        if (operator.state !== OperatorState.todo) throw new BusinessError('workflow.noLongerPending');
      }
      const statusBefore = task.status;
      const run = await this.openRun(trx, task, { choices: body, actor: session.userId, outbox });
      const result = await act(run, operator);
      if (run.needs.length)
        throw new BusinessError('workflow.noHandler', { node: run.needs.map((n) => n.nodeName).join(',') });
      // Only a task of a generated form has a record to mirror its status onto (its formId never changes).
      if (task.formId) await this.mirror(trx, task.id, statusBefore);
      return result;
    });
    await this.announce(outbox);
    return result;
  }

  private checkRunning(task: TaskRow) {
    if (task.status === FlowTaskStatus.pending) return;
    if (task.status === FlowTaskStatus.suspended) throw new BusinessError('workflow.suspended');
    if (task.status === FlowTaskStatus.revoked || task.status === FlowTaskStatus.withdrawn)
      throw new BusinessError('workflow.withdrawn');
    throw new BusinessError('workflow.notRunning');
  }

  /** The form values an approver may change: the fields its node lets it write. */
  private async applyFormData(run: Run, node: FlowNode | undefined, formData: FormValues | undefined) {
    if (!formData) return;
    const operates = node?.properties.formOperates;
    const writable = operates?.length ? new Set(operates.filter((o) => o.write).map((o) => o.id)) : null;
    let changed = false;
    for (const [key, value] of Object.entries(formData)) {
      if (writable && !writable.has(key)) continue;
      run.values[key] = value;
      changed = true;
    }
    if (changed) await run.tasks.updateTask(run.task.id, { formData: JSON.stringify(run.values) });
  }

  /**
   * `hasSign` (on the flow's start node for every approval, or on the approver node itself): an
   * agreement or rejection without a signature image is refused before anything changes.
   */
  private checkSigned(run: Run, node: FlowNode | undefined, body: FlowActionBody) {
    const asked = run.graph.root.properties.hasSign === true || node?.properties.hasSign === true;
    if (asked && !body.signImg?.trim()) throw new BusinessError('workflow.signRequired');
  }

  async audit(session: Session, operatorId: string, body: FlowActionBody) {
    await this.onOperator(session, operatorId, body, async (run, operator) => {
      const node = run.graph.node(operator.nodeCode);
      this.checkSigned(run, node, body);
      await this.applyFormData(run, node, body.formData);
      // The row, its record and the node's operators after it: one statement.
      const ops = await run.tasks.act(
        operator,
        { state: OperatorState.done, handleStatus: HandleStatus.agree, handleTime: new Date(), draftData: null },
        this.recordOf(run, { ...operator, operatorId: operator.id }, session.userId, HandleStatus.agree, body),
      );
      if (operator.kind === 1 && operator.parentId) {
        // An added "before" signer agreed: the one who added them acts now.
        await run.tasks.updateOperator(operator.parentId, { state: OperatorState.todo });
      } else if (node) await this.settleNode(run, operator.taskNodeId, node, body.copyIds, ops);
      await this.settleTask(run);
    });
  }

  /**
   * After an agreement: is the node decided (or-sign, countersign ratio, sequential end)? `known`:
   * the node's operators as they are now, when the caller has them.
   */
  private async settleNode(
    run: Run,
    taskNodeId: string,
    node: FlowNode,
    copyIds: string | undefined,
    known?: OperatorRow[],
  ) {
    const ops = (known ?? (await run.tasks.operatorsOfNode(taskNodeId))).filter(
      (o) => o.state !== OperatorState.cancelled,
    );
    if (ops.some((o) => o.kind !== 0 && isOpen(o.state))) return;
    const normal = ops.filter((o) => o.kind === 0);
    const agreed = normal.filter((o) => o.handleStatus === HandleStatus.agree).length;
    const mode = node.properties.counterSign ?? CounterSign.or;
    let decided: boolean;
    if (mode === CounterSign.sequential) {
      const next = normal.find((o) => o.state === OperatorState.waiting);
      if (next) {
        await run.tasks.updateOperator(next.id, { state: OperatorState.todo });
        return;
      }
      decided = !normal.some((o) => isOpen(o.state));
    } else if (mode === CounterSign.all) {
      decided = (agreed / Math.max(1, normal.length)) * 100 >= this.ratio(node);
    } else decided = agreed > 0;
    if (!decided) return;
    if (ops.some((o) => isOpen(o.state))) await run.tasks.cancelOpenOperators([taskNodeId]);
    await run.tasks.setNodeState([taskNodeId], NodeState.done);
    await this.notifyInitiator(run, 'approveMsgConfig', node, taskNodeId);
    await this.copyTo(run, node, taskNodeId, copyIds);
    await this.leave(run, node, taskNodeId);
  }

  private ratio(node: FlowNode) {
    const r = node.properties.counterSignConfig?.auditRatio;
    return r && r > 0 ? r : 100;
  }

  async reject(session: Session, operatorId: string, body: FlowActionBody) {
    await this.onOperator(session, operatorId, body, async (run, operator) => {
      const node = run.graph.node(operator.nodeCode);
      this.checkSigned(run, node, body);
      const ops = await run.tasks.act(
        operator,
        { state: OperatorState.done, handleStatus: HandleStatus.reject, handleTime: new Date() },
        this.recordOf(run, { ...operator, operatorId: operator.id }, session.userId, HandleStatus.reject, body),
      );
      if (node?.properties.counterSign === CounterSign.all && operator.kind === 0) {
        // A countersign node is rejected only once its ratio can no longer be reached.
        const normal = ops.filter((o) => o.kind === 0 && o.state !== OperatorState.cancelled);
        const possible = normal.filter((o) => o.handleStatus === HandleStatus.agree || isOpen(o.state)).length;
        if ((possible / Math.max(1, normal.length)) * 100 >= this.ratio(node)) {
          await this.settleTask(run);
          return;
        }
      }
      const step = body.rejectStep || node?.properties.rejectStep || '0';
      if (node) await this.notifyInitiator(run, 'rejectMsgConfig', node, operator.taskNodeId);
      await this.rejectTo(run, operator.taskNodeId, step);
      await this.settleTask(run);
    });
  }

  /** Sends the task back: '0' to the start (the initiator resubmits), '1' the previous approver, or a node. */
  private async rejectTo(run: Run, fromTaskNodeId: string, requested: string) {
    // RejectList offers the start node by its own code: that is the start, as '0' is.
    const step = requested === run.graph.root.nodeId ? '0' : requested;
    const nodes = await run.tasks.nodes(run.task.id);
    const current = nodes.filter((n) => n.state === NodeState.current).map((n) => n.id);
    let target: FlowNode | undefined;
    let prevNodeId: string | null = null;
    if (step === '1') {
      const from = nodes.find((n) => n.id === fromTaskNodeId);
      const prev = nodes.find((n) => n.id === from?.prevNodeId);
      if (prev && prev.nodeType === 'approver') {
        target = run.graph.node(prev.nodeCode);
        prevNodeId = prev.prevNodeId;
      }
    } else if (step !== '0' && step !== '2') {
      const passed = [...nodes].reverse().find((n) => n.nodeCode === step && n.state === NodeState.done);
      target = run.graph.node(step);
      if (target?.type !== 'approver' || !passed) throw new BusinessError('workflow.badRejectStep');
      prevNodeId = passed.prevNodeId;
    }
    await run.tasks.cancelOpenOperators(current);
    await run.tasks.setNodeState(current, NodeState.cancelled);
    run.joins = {};
    if (!target) {
      run.task.status = FlowTaskStatus.rejected;
      await run.tasks.updateTask(run.task.id, { status: FlowTaskStatus.rejected, endTime: new Date() });
      return;
    }
    await this.enter(run, target, prevNodeId);
  }

  async saveAudit(session: Session, operatorId: string, body: FlowActionBody) {
    await this.onOperator(session, operatorId, body, async (run, operator) => {
      await run.tasks.updateOperator(operator.id, { draftData: JSON.stringify(body) });
    });
  }

  async transfer(session: Session, operatorId: string, body: FlowActionBody) {
    const to = body.freeApproverUserId;
    if (!to) throw new BusinessError('workflow.pickUser');
    await this.onOperator(session, operatorId, body, async (run, operator) => {
      if (!(await run.members.enabledUsers([to])).length) throw new BusinessError('workflow.pickUser');
      if (to === session.userId) throw new BusinessError('workflow.notToSelf');
      await run.tasks.updateOperator(operator.id, { handleId: to });
      await this.record(run, { ...operator, operatorId: operator.id }, session.userId, HandleStatus.transfer, body, to);
    });
  }

  /** Add signer: 1 before me (they act first, then me), 2 after me (I agree now, they decide after). */
  async freeApprover(session: Session, operatorId: string, body: FlowActionBody) {
    const to = body.freeApproverUserId;
    if (!to) throw new BusinessError('workflow.pickUser');
    await this.onOperator(session, operatorId, body, async (run, operator) => {
      if (!(await run.members.enabledUsers([to])).length) throw new BusinessError('workflow.pickUser');
      if (to === session.userId) throw new BusinessError('workflow.notToSelf');
      const before = body.freeApproverType !== 2;
      const added = {
        id: newId(),
        taskId: run.task.id,
        taskNodeId: operator.taskNodeId,
        nodeCode: operator.nodeCode,
        nodeName: operator.nodeName,
        handleId: to,
        state: OperatorState.todo,
        kind: before ? 1 : 2,
        parentId: operator.id,
        sortCode: operator.sortCode,
      };
      if (before) await run.tasks.updateOperator(operator.id, { state: OperatorState.waiting });
      else
        await run.tasks.updateOperator(operator.id, {
          state: OperatorState.done,
          handleStatus: HandleStatus.agree,
          handleTime: new Date(),
        });
      await run.tasks.insertOperators([added]);
      const status = before ? HandleStatus.addSignerBefore : HandleStatus.addSignerAfter;
      await this.record(run, { ...operator, operatorId: operator.id }, session.userId, status, body, to);
    });
  }

  /**
   * Recall: the approver takes back an agreement while the nodes it led to are untouched; its node
   * becomes current again with the approver to act.
   */
  async recall(session: Session, operatorId: string, body: FlowActionBody) {
    await this.onOperator(
      session,
      operatorId,
      body,
      async (run, operator) => {
        this.checkRunning(run.task);
        if (operator.state !== OperatorState.done || operator.handleStatus !== HandleStatus.agree)
          throw new BusinessError('workflow.cannotRecall');
        const nodes = await run.tasks.nodes(run.task.id);
        const own = nodes.find((n) => n.id === operator.taskNodeId);
        const later = nodes.filter((n) => n.prevNodeId === operator.taskNodeId && n.state === NodeState.current);
        const ops = await run.tasks.operators(run.task.id);
        const touched = ops.some(
          (o) =>
            later.some((n) => n.id === o.taskNodeId) && (o.state === OperatorState.done || o.handleStatus !== null),
        );
        const ownDone = own?.state === NodeState.done;
        if (touched || (ownDone && !later.length)) throw new BusinessError('workflow.cannotRecall');
        await run.tasks.cancelOpenOperators(later.map((n) => n.id));
        await run.tasks.setNodeState(
          later.map((n) => n.id),
          NodeState.cancelled,
        );
        if (ownDone) {
          await run.tasks.setNodeState([operator.taskNodeId], NodeState.current);
          // The node is reached again: its time limit counts anew, with reminders and notices as on arrival.
          const node = run.graph.node(operator.nodeCode);
          await new JobRepository(run.trx).cancelByRef([operator.taskNodeId]);
          if (node) await this.startDeadline(run, node, operator.taskNodeId);
        }
        // Operators cancelled when the node was decided act again with the recalling one.
        for (const o of ops)
          if (o.taskNodeId === operator.taskNodeId && (o.id === operator.id || o.state === OperatorState.cancelled))
            await run.tasks.updateOperator(o.id, { state: OperatorState.todo, handleStatus: null, handleTime: null });
        await this.record(run, { ...operator, operatorId: operator.id }, session.userId, HandleStatus.withdraw, body);
        run.joins = JSON.parse(run.task.joins) as Record<string, number>;
        await this.settleTask(run);
      },
      { mustBeOpen: false },
    );
  }

  /* -------------------------------------------------------------- actions on a task */

  private async onTask<T>(taskId: string, actor: string, act: (run: Run) => Promise<T>): Promise<T> {
    const outbox = emptyOutbox();
    const result = await this.db.transaction().execute(async (trx) => {
      const task = await new TaskRepository(trx).lockTask(taskId);
      if (!task) throw new BusinessError('workflow.taskUnknown');
      const statusBefore = task.status;
      const result = await act(await this.openRun(trx, task, { actor, outbox }));
      if (task.formId) await this.mirror(trx, task.id, statusBefore);
      return result;
    });
    await this.announce(outbox);
    return result;
  }

  private async openRun(
    trx: Trx,
    task: TaskRow,
    { choices = {}, actor, outbox }: { choices?: Choices; actor: string | null; outbox: FlowOutbox },
  ): Promise<Run> {
    return {
      actor,
      outbox,
      trx,
      tasks: new TaskRepository(trx),
      members: new MemberRepository(trx),
      task,
      graph: await this.graphOf(trx, task.versionId),
      values: JSON.parse(task.formData) as FormValues,
      joins: JSON.parse(task.joins) as Record<string, number>,
      choices,
      needs: [],
    };
  }

  /**
   * The graph of a flow version. Versions are written once and never changed (a new graph is a new
   * version), so a parsed graph is kept by id, on every instance alike: one statement fewer per action.
   */
  private async graphOf(trx: Db | Trx, versionId: string): Promise<GraphIndex> {
    const kept = this.graphs.get(versionId);
    if (kept) return kept;
    const version = await new DefinitionRepository(trx).version(versionId);
    if (!version) throw new NotFoundError();
    const graph = GraphIndex.parse(version.graph);
    if (this.graphs.size >= 500) this.graphs.delete(this.graphs.keys().next().value as string);
    this.graphs.set(versionId, graph);
    return graph;
  }

  /** A timer is due (job handler, inside the job's transaction): the flow goes on from it if it still waits. */
  async fireTimer(trx: Trx, payload: unknown) {
    const { taskId, taskNodeId } = payload as { taskId?: string; taskNodeId?: string };
    if (!taskId || !taskNodeId) return undefined;
    const tasks = new TaskRepository(trx);
    const task = await tasks.lockTask(taskId);
    if (task?.status !== FlowTaskStatus.pending) return undefined;
    const taskNode = await tasks.taskNode(taskNodeId);
    if (taskNode?.state !== NodeState.current) return undefined;
    const statusBefore = task.status;
    const outbox = emptyOutbox();
    const run = await this.openRun(trx, task, { actor: null, outbox });
    const node = run.graph.node(taskNode.nodeCode);
    if (!node) return undefined;
    await tasks.setNodeState([taskNodeId], NodeState.done);
    await this.leave(run, node, taskNodeId);
    await this.settleTask(run);
    await this.mirror(trx, taskId, statusBefore);
    return () => this.announce(outbox);
  }

  /**
   * A time-limit job is due (job handler, inside the job's transaction, so its effects, the next
   * job and the job's completion commit together and a retry after a crash repeats nothing). It
   * acts only while its node is still current; a suspended task's job waits an hour and looks again.
   * A reminder messages the current handlers; an over-time notice messages them too, and its
   * configured count approves or rejects the node on their behalf.
   */
  async fireDeadline(trx: Trx, payload: unknown) {
    const job = payload as Partial<DeadlinePayload>;
    if (!job.taskId || !job.taskNodeId || !job.kind || !job.count) return undefined;
    const tasks = new TaskRepository(trx);
    const task = await tasks.lockTask(job.taskId);
    const taskNode = await tasks.taskNode(job.taskNodeId);
    if (taskNode?.state !== NodeState.current || !task) return undefined;
    if (task.status === FlowTaskStatus.suspended) {
      await this.scheduleDeadline(trx, job as DeadlinePayload, Date.now() + 3_600_000);
      return undefined;
    }
    if (task.status !== FlowTaskStatus.pending) return undefined;
    const outbox = emptyOutbox();
    const run = await this.openRun(trx, task, { actor: null, outbox });
    const node = run.graph.node(taskNode.nodeCode);
    // The node's arrival its chain counts from (jobs of before it was kept have none: the node's own time).
    const arrived = job.arrived === undefined ? taskNode.creatorTime : new Date(job.arrived);
    const plan = node && this.deadlinePlan(run, node, arrived);
    if (!node || !plan) return undefined;
    const open = (await run.tasks.operatorsOfNode(taskNode.id)).filter((o) => o.state === OperatorState.todo);
    const config = job.kind === 'notice' ? plan.notice : plan.overTime;
    if (config?.overNotice) {
      const event = job.kind === 'notice' ? 'noticeMsgConfig' : 'overTimeMsgConfig';
      await this.notifyHandlers(run, event, node, open, FlowMsgOn.inApp);
    }
    const count = job.count;
    const next = { ...job, count: count + 1 } as DeadlinePayload;
    if (job.kind === 'notice') {
      const at = plan.noticeAt(count + 1);
      if (at !== undefined) await this.scheduleDeadline(trx, next, at);
      return () => this.announce(outbox);
    }
    const over = plan.overTime;
    const decide =
      over?.overAutoReject && count === (over.overAutoRejectTime ?? 1)
        ? 'reject'
        : over?.overAutoApprove && count === (over.overAutoApproveTime ?? 1)
          ? 'approve'
          : null;
    if (decide) {
      await this.decideOverTime(run, node, taskNode.id, decide);
      if (run.needs.length)
        throw new BusinessError('workflow.noHandler', { node: run.needs.map((n) => n.nodeName).join(',') });
      await this.mirror(trx, task.id, FlowTaskStatus.pending);
      return () => this.announce(outbox);
    }
    const at = plan.overTimeAt(count + 1);
    if (at !== undefined) await this.scheduleDeadline(trx, next, at);
    return () => this.announce(outbox);
  }

  /** Over time: every open handler of the node approves (or rejects) it, recorded as the engine's act. */
  private async decideOverTime(run: Run, node: FlowNode, taskNodeId: string, decision: 'approve' | 'reject') {
    const ops = (await run.tasks.operatorsOfNode(taskNodeId)).filter((o) => isOpen(o.state));
    const handleStatus = decision === 'approve' ? HandleStatus.agree : HandleStatus.reject;
    const opinion = text(decision === 'approve' ? 'workflow.overTimeApproved' : 'workflow.overTimeRejected');
    for (const o of ops) {
      await run.tasks.updateOperator(o.id, { state: OperatorState.done, handleStatus, handleTime: new Date() });
      await this.record(run, { ...o, operatorId: o.id }, o.handleId, handleStatus, { handleOpinion: opinion });
    }
    if (decision === 'approve') await this.settleNode(run, taskNodeId, node, undefined);
    else {
      await this.notifyInitiator(run, 'rejectMsgConfig', node, taskNodeId);
      await this.rejectTo(run, taskNodeId, node.properties.rejectStep || '0');
    }
    await this.settleTask(run);
  }

  private deadlinePlan(run: Run, node: FlowNode, arrived: Date) {
    return DeadlinePlan.of(node, run.graph.root, { arrived, launched: run.task.startTime, values: run.values });
  }

  private async scheduleDeadline(trx: Trx, payload: DeadlinePayload, at: number) {
    await new JobRepository(trx).insert([
      // By the node instance, so a recalled node drops what is left of its chain before starting anew.
      { id: newId(), type: DEADLINE_JOB, payload, runAt: new Date(at), refId: payload.taskNodeId },
    ]);
  }

  /** An approver node became current: its first reminder and its first over-time notice go on the job table. */
  private async startDeadline(run: Run, node: FlowNode, taskNodeId: string) {
    const arrived = new Date();
    const plan = this.deadlinePlan(run, node, arrived);
    if (!plan) return;
    const base = { taskId: run.task.id, taskNodeId, count: 1, arrived: arrived.getTime() };
    const noticeAt = plan.noticeAt(1);
    if (noticeAt !== undefined) await this.scheduleDeadline(run.trx, { ...base, kind: 'notice' }, noticeAt);
    const overAt = plan.overTimeAt(1);
    if (overAt !== undefined) await this.scheduleDeadline(run.trx, { ...base, kind: 'overTime' }, overAt);
  }

  /* -------------------------------------------------------------- flow messages */

  private context(run: Run): FlowMessageContext {
    return { task: run.task, values: run.values, operatorUserId: run.actor };
  }

  /** A node event's message to handlers of the node: each opens their own to-do row. */
  private async notifyHandlers(
    run: Run,
    event: FlowMsgEvent,
    node: FlowNode,
    operators: Pick<OperatorRow, 'id' | 'handleId' | 'taskNodeId'>[],
    fallback?: number,
  ) {
    const config = msgConfigOf(event, node, run.graph.root, fallback);
    const recipients = operators.map((o) => ({
      userId: o.handleId,
      config: this.detailConfig(run, 2, o.taskNodeId, o.id),
    }));
    await new FlowNotifier(run.trx, run.outbox).send(event, config, node, recipients, this.context(run));
  }

  /** A node event's message to the initiator, opening the task as "mine". */
  private async notifyInitiator(run: Run, event: FlowMsgEvent, node: FlowNode, taskNodeId: string | null) {
    const config = msgConfigOf(event, node, run.graph.root);
    const recipients = [{ userId: run.task.creatorUserId, config: this.detailConfig(run, 1, taskNodeId ?? '', '') }];
    await new FlowNotifier(run.trx, run.outbox).send(event, config, node, recipients, this.context(run));
  }

  private detailConfig(run: Run, type: FlowDetailConfig['type'], taskNodeId: string, taskOperatorId: string) {
    return { type, processId: run.task.id, flowId: run.task.flowId, taskNodeId, taskOperatorId };
  }

  private async closeAll(run: Run) {
    const current = (await run.tasks.nodes(run.task.id)).filter((n) => n.state === NodeState.current).map((n) => n.id);
    await run.tasks.cancelOpenOperators(current);
    await run.tasks.setNodeState(current, NodeState.cancelled);
  }

  private atStart(run: Run) {
    return { taskNodeId: null, nodeCode: run.graph.root.nodeId, nodeName: flowNodeName(run.graph.root) };
  }

  /** The initiator takes a pending task back; it can be edited and submitted again. */
  async withdraw(session: Session, taskId: string, body: FlowActionBody) {
    await this.onTask(taskId, session.userId, async (run) => {
      if (run.task.creatorUserId !== session.userId) throw new BusinessError('workflow.notYours');
      this.checkRunning(run.task);
      await this.closeAll(run);
      await run.tasks.updateTask(taskId, {
        status: FlowTaskStatus.revoked,
        thisStep: flowNodeName(run.graph.root),
        thisStepId: run.graph.root.nodeId,
        joins: '{}',
        endTime: new Date(),
      });
      await this.record(run, this.atStart(run), session.userId, HandleStatus.withdraw, body);
    });
  }

  /**
   * Urge: each handler of the current step gets a flow message (type 2) whose body opens the to-do
   * row in /workFlowDetail; answers who was reminded.
   */
  async press(session: Session, taskId: string, bus?: EventBus): Promise<string[]> {
    const { reminded, sent } = await this.onTask(taskId, session.userId, async (run) => {
      if (run.task.creatorUserId !== session.userId && !session.isAdministrator)
        throw new BusinessError('workflow.notYours');
      this.checkRunning(run.task);
      const open = (await run.tasks.operators(taskId)).filter((o) => o.state === OperatorState.todo);
      const out: string[][] = [];
      for (const o of open) {
        const { recipients } = await MessageService.deliver(
          run.trx,
          {
            type: MessageType.flow,
            flowType: 1,
            title: run.task.fullName,
            bodyText: JSON.stringify({
              type: 2,
              processId: taskId,
              flowId: run.task.flowId,
              taskNodeId: o.taskNodeId,
              taskOperatorId: o.id,
            }),
            excerpt: null,
            files: null,
            sourceId: taskId,
            releaseUserId: session.userId,
          },
          [o.handleId],
        );
        out.push(recipients);
      }
      return { reminded: unique(open.map((o) => o.handleId)), sent: { title: run.task.fullName, lists: out } };
    });
    if (bus)
      for (const userIds of sent.lists)
        await MessageService.announce(bus, {
          userIds,
          title: sent.title,
          fromUserId: session.userId,
          messageType: MessageType.flow,
        });
    return reminded;
  }

  /**
   * Terminate: a monitor (an administrator or a user granted the monitor menu), the initiator, or a
   * current handler ending it on rejection.
   */
  async cancel(session: Session, taskId: string, body: FlowActionBody, monitor = session.isAdministrator) {
    await this.onTask(taskId, session.userId, async (run) => {
      const ops = await run.tasks.operators(taskId);
      const handling = ops.some((o) => o.handleId === session.userId && o.state === OperatorState.todo);
      if (!monitor && run.task.creatorUserId !== session.userId && !handling)
        throw new BusinessError('workflow.notYours');
      if (run.task.status !== FlowTaskStatus.pending && run.task.status !== FlowTaskStatus.suspended)
        throw new BusinessError('workflow.notRunning');
      await this.terminate(run, session.userId, body);
      await this.childEnded(run);
    });
  }

  /**
   * Ends a running task as terminated, and with it every sub-flow child still running (and theirs):
   * each gets its own terminate record, so its history says why it stopped. Parents are locked
   * before their children here, as everywhere a parent acts on its children.
   */
  private async terminate(run: Run, userId: string, body: FlowActionBody) {
    await this.closeAll(run);
    await run.tasks.updateTask(run.task.id, {
      status: FlowTaskStatus.terminated,
      thisStep: END_STEP,
      thisStepId: '',
      endTime: new Date(),
    });
    await this.record(run, this.atStart(run), userId, HandleStatus.terminate, body);
    for (const { id } of await run.tasks.runningChildren(run.task.id)) {
      const child = await run.tasks.lockTask(id);
      if (child?.status !== FlowTaskStatus.pending && child?.status !== FlowTaskStatus.suspended) continue;
      const childRun = await this.openRun(run.trx, child, { actor: run.actor, outbox: run.outbox });
      await this.terminate(childRun, userId, body);
      await this.mirror(run.trx, child.id, child.status);
    }
  }

  /** Assign (monitor; the route checks the monitor menu): the current node `nodeCode` is handled by one chosen user instead. */
  async assign(session: Session, taskId: string, body: FlowActionBody) {
    const to = body.freeApproverUserId;
    if (!to || !body.nodeCode) throw new BusinessError('workflow.pickUser');
    await this.onTask(taskId, session.userId, async (run) => {
      this.checkRunning(run.task);
      if (!(await run.members.enabledUsers([to])).length) throw new BusinessError('workflow.pickUser');
      const node = (await run.tasks.nodes(taskId)).find(
        (n) => n.nodeCode === body.nodeCode && n.state === NodeState.current,
      );
      if (!node) throw new BusinessError('workflow.nodeNotCurrent');
      await run.tasks.cancelOpenOperators([node.id]);
      await run.tasks.insertOperators([
        {
          id: newId(),
          taskId,
          taskNodeId: node.id,
          nodeCode: node.nodeCode,
          nodeName: node.nodeName,
          handleId: to,
          state: OperatorState.todo,
        },
      ]);
      await this.record(
        run,
        { taskNodeId: node.id, nodeCode: node.nodeCode, nodeName: node.nodeName },
        session.userId,
        HandleStatus.assign,
        body,
        to,
      );
    });
  }

  /** `Selector/{taskId}`: the approver nodes of the task's flow version, where a monitor may move it. */
  async changeTargets(taskId: string): Promise<FlowChangeNode[]> {
    const task = await new TaskRepository(this.db).task(taskId);
    if (!task) throw new BusinessError('workflow.taskUnknown');
    const graph = await this.graphOf(this.db, task.versionId);
    return graph.approvers().map((node) => ({ id: node.nodeId, nodeCode: node.nodeId, nodeName: flowNodeName(node) }));
  }

  /**
   * `Change` (monitor; the route checks the monitor menu). Change (`resurgence` false): a running
   * task's current steps end, their open operators cancelled, and the chosen approver node becomes
   * its step. Revive (true): an ended task (approved, rejected, terminated) runs again from the
   * chosen node. Either way the node gets new operators, told as for a new to-do; recorded as
   * handle status 8 / 9. One transaction under the task's chain lock (`onTask`), as every action.
   */
  async change(session: Session, body: FlowChangeBody) {
    const revive = body.resurgence === true;
    await this.onTask(body.taskId, session.userId, async (run) => {
      if (revive) {
        if (!revivable.includes(run.task.status)) throw new BusinessError('workflow.reviveNotEnded');
        // Its end already moved the parent on: a second run of it would have no parent waiting for it.
        if (run.task.parentId && !run.task.isAsync) throw new BusinessError('workflow.reviveSubFlow');
      } else if (run.task.status !== FlowTaskStatus.pending) throw new BusinessError('workflow.changeNotRunning');
      const nodes = await run.tasks.nodes(run.task.id);
      const code = nodes.find((n) => n.id === body.taskNodeId)?.nodeCode ?? body.taskNodeId;
      const target = run.graph.node(code);
      if (target?.type !== 'approver') throw new BusinessError('workflow.changeNodeUnknown');
      await this.closeAll(run);
      // Branches the task was in are left: the chosen node's chain goes on past their joins.
      run.joins = {};
      run.choices = body;
      if (revive) {
        run.task.status = FlowTaskStatus.pending;
        await run.tasks.updateTask(run.task.id, { status: FlowTaskStatus.pending, endTime: null, suspend: false });
      }
      await this.record(
        run,
        { taskNodeId: null, nodeCode: target.nodeId, nodeName: flowNodeName(target) },
        session.userId,
        revive ? HandleStatus.revive : HandleStatus.change,
        body,
      );
      await this.enter(run, target, null);
      if (run.needs.length)
        throw new BusinessError('workflow.noHandler', { node: run.needs.map((n) => n.nodeName).join(',') });
      await this.settleTask(run);
    });
  }

  async suspend(session: Session, taskId: string, resume: boolean) {
    await this.onTask(taskId, session.userId, async (run) => {
      if (!session.isAdministrator && run.task.creatorUserId !== session.userId)
        throw new BusinessError('workflow.notYours');
      if (resume ? run.task.status !== FlowTaskStatus.suspended : run.task.status !== FlowTaskStatus.pending)
        throw new BusinessError('workflow.notRunning');
      await run.tasks.updateTask(taskId, {
        status: resume ? FlowTaskStatus.pending : FlowTaskStatus.suspended,
        suspend: !resume,
      });
      await this.record(
        run,
        this.atStart(run),
        session.userId,
        resume ? HandleStatus.resume : HandleStatus.suspend,
        {},
      );
    });
  }

  /**
   * Monitor delete: each task with its sub-flow descendants and their pending timer and time-limit
   * jobs, in one transaction that locks as every action does (each task's parent chain first, then
   * its descendants, parents before children; tasks in id order), so a delete beside an approval
   * waits for it or makes it find the task gone, and never leaves a child without its parent. A
   * sub-flow child is deleted only with its parent. Tasks already gone are passed over.
   */
  async deleteTasks(ids: string[]) {
    const wanted = [...new Set(ids)].sort();
    if (!wanted.length) throw new BusinessError('workflow.taskUnknown');
    await this.db.transaction().execute(async (trx) => {
      const tasks = new TaskRepository(trx);
      const found: TaskRow[] = [];
      for (const id of wanted) {
        const task = await tasks.lockTask(id);
        if (task) found.push(task);
      }
      if (!found.length) throw new BusinessError('workflow.taskUnknown');
      const child = found.find((task) => task.parentId && !wanted.includes(task.parentId));
      if (child && (await tasks.task(child.parentId as string)))
        throw new BusinessError('workflow.deleteChild', { name: child.fullName });
      const roots = found.map((task) => task.id);
      const all = [...roots, ...(await tasks.lockDescendants(roots))];
      await new JobRepository(trx).cancelByRef([...all, ...(await tasks.nodeIdsOfTasks(all))]);
      await tasks.deleteTasks(all);
    });
  }

  /** Batch: each item in its own transaction; answers how many succeeded and failed. */
  async batch(session: Session, body: FlowBatchBody) {
    let success = 0;
    let failed = 0;
    for (const id of body.ids) {
      try {
        if (body.batchType === 0) await this.audit(session, id, body);
        else if (body.batchType === 1) await this.reject(session, id, body);
        else await this.transfer(session, id, body);
        success++;
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error;
        failed++;
      }
    }
    return { success, failed };
  }
}
