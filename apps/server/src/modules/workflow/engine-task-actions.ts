import {
  canFlowAct,
  type FlowActionBody,
  type FlowChangeBody,
  type FlowChangeNode,
  flowActStatus,
  flowNodeName,
  HandleStatus,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import type { Session } from '../../core/session.ts';
import { MessageService, MessageType } from '../message/message.service.ts';
import { unique } from './engine-assignees.ts';
import { atStart, END_STEP, type FlowRunner, guard, type Run, record, refuseNeeds } from './engine-run.ts';
import type { FlowWalker } from './engine-walk.ts';
import { NodeState, OperatorState, TaskRepository, type TaskRow } from './task.repository.ts';

/** What the initiator or a monitor does to a whole task: withdraw, urge, terminate, assign, change or revive, suspend, delete. */
export class TaskActions {
  constructor(
    private readonly runner: FlowRunner,
    private readonly walker: FlowWalker,
  ) {}

  /** The initiator takes a pending task back; it can be edited and submitted again. */
  async withdraw(session: Session, taskId: string, body: FlowActionBody) {
    await this.runner.onTask(taskId, session.userId, async (run) => {
      if (run.task.creatorUserId !== session.userId) throw new BusinessError('workflow.notYours');
      guard('withdraw', run.task);
      await this.walker.closeAll(run);
      await run.tasks.updateTask(taskId, {
        status: flowActStatus('withdraw'),
        thisStep: flowNodeName(run.graph.root),
        thisStepId: run.graph.root.nodeId,
        joins: '{}',
        endTime: new Date(),
      });
      await record(run, atStart(run), session.userId, HandleStatus.withdraw, body);
    });
  }

  /**
   * Urge: each handler of the current step gets a flow message (type 2) whose body opens the to-do
   * row in /workFlowDetail; answers who was reminded.
   */
  async press(session: Session, taskId: string, bus?: EventBus): Promise<string[]> {
    const { reminded, sent } = await this.runner.onTask(taskId, session.userId, async (run) => {
      if (run.task.creatorUserId !== session.userId && !session.isAdministrator)
        throw new BusinessError('workflow.notYours');
      guard('press', run.task);
      const open = (await run.tasks.operators(taskId)).filter((o) => o.state === OperatorState.current);
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
    await this.runner.onTask(taskId, session.userId, async (run) => {
      const ops = await run.tasks.operators(taskId);
      const handling = ops.some((o) => o.handleId === session.userId && o.state === OperatorState.current);
      if (!monitor && run.task.creatorUserId !== session.userId && !handling)
        throw new BusinessError('workflow.notYours');
      guard('cancel', run.task);
      await this.terminate(run, session.userId, body);
      await this.walker.childEnded(run);
    });
  }

  /**
   * Ends a running task as terminated, and with it every sub-flow child still running (and theirs):
   * each gets its own terminate record, so its history says why it stopped. Parents are locked
   * before their children here, as everywhere a parent acts on its children.
   */
  private async terminate(run: Run, userId: string, body: FlowActionBody) {
    await this.walker.closeAll(run);
    await run.tasks.updateTask(run.task.id, {
      status: flowActStatus('cancel'),
      thisStep: END_STEP,
      thisStepId: '',
      endTime: new Date(),
    });
    await record(run, atStart(run), userId, HandleStatus.terminate, body);
    for (const { id } of await run.tasks.runningChildren(run.task.id)) {
      const child = await run.tasks.lockTask(id);
      if (!child || !canFlowAct('terminate', child.status)) continue;
      const childRun = await this.runner.openRun(run.trx, child, { actor: run.actor, outbox: run.outbox });
      await this.terminate(childRun, userId, body);
      await this.runner.mirror(run.trx, child.id, child.status);
    }
  }

  /** Assign (monitor; the route checks the monitor menu): the current node `nodeCode` is handled by one chosen user instead. */
  async assign(session: Session, taskId: string, body: FlowActionBody) {
    const to = body.freeApproverUserId;
    if (!to || !body.nodeCode) throw new BusinessError('workflow.pickUser');
    await this.runner.onTask(taskId, session.userId, async (run) => {
      guard('assign', run.task);
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
          state: OperatorState.current,
        },
      ]);
      await record(
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
    const task = await new TaskRepository(this.runner.db).task(taskId);
    if (!task) throw new BusinessError('workflow.taskUnknown');
    const graph = await this.runner.graphOf(this.runner.db, task.versionId);
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
    await this.runner.onTask(body.taskId, session.userId, async (run) => {
      guard(revive ? 'revive' : 'change', run.task);
      if (revive) {
        // Its end already moved the parent on: a second run of it would have no parent waiting for it.
        if (run.task.parentId && !run.task.isAsync) throw new BusinessError('workflow.reviveSubFlow');
      }
      const nodes = await run.tasks.nodes(run.task.id);
      const code = nodes.find((n) => n.id === body.taskNodeId)?.nodeCode ?? body.taskNodeId;
      const target = run.graph.node(code);
      if (target?.type !== 'approver') throw new BusinessError('workflow.changeNodeUnknown');
      await this.walker.closeAll(run);
      // Branches the task was in are left: the chosen node's chain goes on past their joins.
      run.joins = {};
      run.choices = body;
      if (revive) {
        run.task.status = flowActStatus('revive');
        await run.tasks.updateTask(run.task.id, { status: run.task.status, endTime: null, suspend: false });
      }
      await record(
        run,
        { taskNodeId: null, nodeCode: target.nodeId, nodeName: flowNodeName(target) },
        session.userId,
        revive ? HandleStatus.revive : HandleStatus.change,
        body,
      );
      await this.walker.enter(run, target, null);
      refuseNeeds(run);
      await this.walker.settleTask(run);
    });
  }

  async suspend(session: Session, taskId: string, resume: boolean) {
    await this.runner.onTask(taskId, session.userId, async (run) => {
      if (!session.isAdministrator && run.task.creatorUserId !== session.userId)
        throw new BusinessError('workflow.notYours');
      guard(resume ? 'resume' : 'suspend', run.task);
      await run.tasks.updateTask(taskId, {
        status: flowActStatus(resume ? 'resume' : 'suspend'),
        suspend: !resume,
      });
      await record(run, atStart(run), session.userId, resume ? HandleStatus.resume : HandleStatus.suspend, {});
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
    await this.runner.db.transaction().execute(async (trx) => {
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
}
