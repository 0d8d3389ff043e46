import {
  assignFormValues,
  CounterSign,
  canFlowAct,
  chooseConditionBranch,
  type FlowNode,
  FlowTaskStatus,
  flowChildEnded,
  flowNodeName,
  HandleStatus,
  timerDelayMs,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import { countersignRatio, isOpenState, ratioReached } from './countersign-rules.ts';
import type { FlowAssignees } from './engine-assignees.ts';
import {
  END_STEP,
  type FlowRunner,
  messageContext,
  notifyHandlers,
  notifyInitiator,
  type Run,
  record,
  refuseNeeds,
} from './engine-run.ts';
import { FlowDefinitionRepository } from './flow-definition.repository.ts';
import { FlowNotifier, msgConfigOf } from './flow-notify.ts';
import { startDeadline } from './flow-timing.ts';
import { NodeState, type OperatorRow, OperatorState, TaskRepository, type TaskRow } from './task.repository.ts';

export const TIMER_JOB = 'workflow.timer';
export const isOpen = isOpenState;

/**
 * The interpreter over the flow's node tree: a node is entered (approvers get to-do rows, a timer
 * waits, a sub-flow starts children, others pass through), left along its branches, and the task
 * settled after each walk (its current step, its completion, its end).
 */
export class FlowWalker {
  constructor(
    private readonly runner: FlowRunner,
    private readonly assignees: FlowAssignees,
  ) {}

  /**
   * A submitted task leaves its start node: the launch record, the start's copies, then the first
   * steps. A delegated launch's record names the delegate who launched and the principal launched for.
   */
  async walkFromStart(run: Run, userId: string, copyIds: string | undefined, onBehalfOf = '') {
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
    await record(
      run,
      { taskNodeId: startNodeId, nodeCode: start.nodeId, nodeName: flowNodeName(start) },
      userId,
      HandleStatus.launch,
      {},
      onBehalfOf,
    );
    await this.assignees.copyTo(run, start, startNodeId, copyIds);
    await this.leave(run, start, startNodeId);
  }

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
  async enter(run: Run, node: FlowNode, prevNodeId: string | null): Promise<void> {
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
    const handlers = await this.handlersOr(run, node, prevNodeId, () => this.assignees.handlersOf(run, node));
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
      state: sequential && index > 0 ? OperatorState.waiting : OperatorState.current,
      sortCode: index,
    }));
    await run.tasks.insertOperators(operators);
    await startDeadline(run, node, taskNodeId);
    await notifyHandlers(
      run,
      'waitMsgConfig',
      node,
      operators.filter((o) => o.state === OperatorState.current),
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
      this.assignees.handlersOf(run, {
        ...node,
        properties: { ...p, assigneeType: p.initiateType, approvers: p.initiator },
      }),
    );
    if (!initiators) return;
    const flow = p.flowId ? await new FlowDefinitionRepository(run.trx).flow(p.flowId) : undefined;
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
      await new FlowNotifier(run.trx, run.outbox).send(
        'launchMsgConfig',
        config,
        node,
        recipients,
        messageContext(run),
      );
    }
    if (p.autoSubmit) {
      const graph = await this.runner.graphOf(run.trx, flow.mainVersionId);
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
        refuseNeeds(childRun);
        await this.settleTask(childRun);
      }
    }
    if (!isAsync && (await run.tasks.childStatuses(taskNodeId)).some((status) => !flowChildEnded(status))) return;
    await run.tasks.setNodeState([taskNodeId], NodeState.done);
    await this.leave(run, node, taskNodeId);
  }

  /**
   * A synchronous child task ended (inside the child's transaction, the child locked first, then
   * the parent): when it was the last of its sub-flow node's children, the parent goes on from there.
   */
  async childEnded(from: Pick<Run, 'trx' | 'task' | 'actor' | 'outbox'>) {
    const { trx, task: child } = from;
    if (!child.parentId || !child.parentNodeId || child.isAsync) return;
    const tasks = new TaskRepository(trx);
    const parent = await tasks.lockTask(child.parentId);
    if (!parent || !canFlowAct('proceed', parent.status)) return;
    const taskNode = await tasks.taskNode(child.parentNodeId);
    if (taskNode?.state !== NodeState.current) return;
    if ((await tasks.childStatuses(taskNode.id)).some((status) => !flowChildEnded(status))) return;
    const run = await this.runner.openRun(trx, parent, { actor: from.actor, outbox: from.outbox });
    const node = run.graph.node(taskNode.nodeCode);
    if (!node) return;
    await tasks.setNodeState([taskNode.id], NodeState.done);
    await this.leave(run, node, taskNode.id);
    refuseNeeds(run);
    await this.settleTask(run);
    await this.runner.mirror(trx, parent.id, parent.status);
  }

  /** A node is done: its split's branches start, or the chain goes on. */
  async leave(run: Run, node: FlowNode, taskNodeId: string | null): Promise<void> {
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

  /** After the walk: the current step, the completion, and the end of the flow when nothing is current. */
  async settleTask(run: Run) {
    const ended = await run.tasks.settle(run.task.id, {
      pending: run.task.status === FlowTaskStatus.pending,
      rejected: run.task.status === FlowTaskStatus.rejected,
      approverCount: Math.max(1, run.graph.approvers().length),
      start: { name: flowNodeName(run.graph.root), code: run.graph.root.nodeId },
      endStep: END_STEP,
      joins: JSON.stringify(run.joins),
      now: new Date(),
    });
    if (ended) await notifyInitiator(run, 'endMsgConfig', run.graph.root, null);
    if (ended && !run.startedByParent) await this.childEnded(run);
  }

  /**
   * After an agreement: is the node decided (or-sign, countersign ratio, sequential end)? `known`:
   * the node's operators as they are now, when the caller has them.
   */
  async settleNode(run: Run, taskNodeId: string, node: FlowNode, copyIds: string | undefined, known?: OperatorRow[]) {
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
        await run.tasks.updateOperator(next.id, { state: OperatorState.current });
        return;
      }
      decided = !normal.some((o) => isOpen(o.state));
    } else if (mode === CounterSign.all) {
      decided = ratioReached(agreed, normal.length, this.ratio(node));
    } else decided = agreed > 0;
    if (!decided) return;
    if (ops.some((o) => isOpen(o.state))) await run.tasks.cancelOpenOperators([taskNodeId]);
    await run.tasks.setNodeState([taskNodeId], NodeState.done);
    await notifyInitiator(run, 'approveMsgConfig', node, taskNodeId);
    await this.assignees.copyTo(run, node, taskNodeId, copyIds);
    await this.leave(run, node, taskNodeId);
  }

  ratio(node: FlowNode) {
    return countersignRatio(node);
  }

  /** Sends the task back: '0' to the start (the initiator resubmits), '1' the previous approver, or a node. */
  async rejectTo(run: Run, fromTaskNodeId: string, requested: string) {
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

  async closeAll(run: Run) {
    const current = (await run.tasks.nodes(run.task.id)).filter((n) => n.state === NodeState.current).map((n) => n.id);
    await run.tasks.cancelOpenOperators(current);
    await run.tasks.setNodeState(current, NodeState.cancelled);
  }
}
