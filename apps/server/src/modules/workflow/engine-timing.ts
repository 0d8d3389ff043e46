import { canFlowAct, FlowMsgOn, type FlowNode, FlowTaskStatus, HandleStatus } from '@platform/shared';
import { translator } from '../../core/i18n.ts';
import type { Trx } from '../../db/database.ts';
import { type FlowRunner, notifyHandlers, notifyInitiator, type Run, record, refuseNeeds } from './engine-run.ts';
import { type FlowWalker, isOpen } from './engine-walk.ts';
import { emptyOutbox } from './flow-notify.ts';
import { type DeadlinePayload, deadlinePlan, scheduleDeadline } from './flow-timing.ts';
import { NodeState, OperatorState, TaskRepository } from './task.repository.ts';

/** Records the engine writes itself are read in the console's language, as stored messages are. */
const text = translator('zh-CN');

/** Timer nodes and time limits that fall due, run by the job runner inside its job's transaction. */
export class FlowTimers {
  constructor(
    private readonly runner: FlowRunner,
    private readonly walker: FlowWalker,
  ) {}

  /** A timer is due (job handler, inside the job's transaction): the flow goes on from it if it still waits. */
  async fireTimer(trx: Trx, payload: unknown) {
    const { taskId, taskNodeId } = payload as { taskId?: string; taskNodeId?: string };
    if (!taskId || !taskNodeId) return undefined;
    const tasks = new TaskRepository(trx);
    const task = await tasks.lockTask(taskId);
    if (!task || !canFlowAct('proceed', task.status)) return undefined;
    const taskNode = await tasks.taskNode(taskNodeId);
    if (taskNode?.state !== NodeState.current) return undefined;
    const statusBefore = task.status;
    const outbox = emptyOutbox();
    const run = await this.runner.openRun(trx, task, { actor: null, outbox });
    const node = run.graph.node(taskNode.nodeCode);
    if (!node) return undefined;
    await tasks.setNodeState([taskNodeId], NodeState.done);
    await this.walker.leave(run, node, taskNodeId);
    await this.walker.settleTask(run);
    await this.runner.mirror(trx, taskId, statusBefore);
    return () => this.runner.announce(outbox);
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
      await scheduleDeadline(trx, job as DeadlinePayload, Date.now() + 3_600_000);
      return undefined;
    }
    if (!canFlowAct('proceed', task.status)) return undefined;
    const outbox = emptyOutbox();
    const run = await this.runner.openRun(trx, task, { actor: null, outbox });
    const node = run.graph.node(taskNode.nodeCode);
    // The node's arrival its chain counts from (jobs of before it was kept have none: the node's own time).
    const arrived = job.arrived === undefined ? taskNode.creatorTime : new Date(job.arrived);
    const plan = node && deadlinePlan(run, node, arrived);
    if (!node || !plan) return undefined;
    const open = (await run.tasks.operatorsOfNode(taskNode.id)).filter((o) => o.state === OperatorState.current);
    const config = job.kind === 'notice' ? plan.notice : plan.overTime;
    if (config?.overNotice) {
      const event = job.kind === 'notice' ? 'noticeMsgConfig' : 'overTimeMsgConfig';
      await notifyHandlers(run, event, node, open, FlowMsgOn.inApp);
    }
    const count = job.count;
    const next = { ...job, count: count + 1 } as DeadlinePayload;
    if (job.kind === 'notice') {
      const at = plan.noticeAt(count + 1);
      if (at !== undefined) await scheduleDeadline(trx, next, at);
      return () => this.runner.announce(outbox);
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
      refuseNeeds(run);
      await this.runner.mirror(trx, task.id, FlowTaskStatus.pending);
      return () => this.runner.announce(outbox);
    }
    const at = plan.overTimeAt(count + 1);
    if (at !== undefined) await scheduleDeadline(trx, next, at);
    return () => this.runner.announce(outbox);
  }

  /** Over time: every open handler of the node approves (or rejects) it, recorded as the engine's act. */
  private async decideOverTime(run: Run, node: FlowNode, taskNodeId: string, decision: 'approve' | 'reject') {
    const ops = (await run.tasks.operatorsOfNode(taskNodeId)).filter((o) => isOpen(o.state));
    const handleStatus = decision === 'approve' ? HandleStatus.agree : HandleStatus.reject;
    const opinion = text(decision === 'approve' ? 'workflow.overTimeApproved' : 'workflow.overTimeRejected');
    for (const o of ops) {
      await run.tasks.updateOperator(o.id, { state: OperatorState.done, handleStatus, handleTime: new Date() });
      await record(run, { ...o, operatorId: o.id }, o.handleId, handleStatus, { handleOpinion: opinion });
    }
    if (decision === 'approve') await this.walker.settleNode(run, taskNodeId, node, undefined);
    else {
      await notifyInitiator(run, 'rejectMsgConfig', node, taskNodeId);
      await this.walker.rejectTo(run, taskNodeId, node.properties.rejectStep || '0');
    }
    await this.walker.settleTask(run);
  }
}
