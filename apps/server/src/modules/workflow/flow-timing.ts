import { type FlowNode, type FlowNoticeConfig, type FlowTimeLimitConfig, FlowTimingOn } from '@platform/shared';
import { newId } from '../../core/ids.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import type { Trx } from '../../db/database.ts';
import type { Run } from './engine-run.ts';

export const DEADLINE_JOB = 'workflow.deadline';

/** A time-limit job: the `count`-th reminder before the limit, or the `count`-th notice after it. */
export interface DeadlinePayload {
  taskId: string;
  taskNodeId: string;
  kind: 'notice' | 'overTime';
  count: number;
  /** When the node was reached (ms), as its chain counts; jobs made before this was kept lack it. */
  arrived?: number;
}

const hourMs = 3_600_000;
/** A chain of notices stops after this many, whatever the settings say. */
const maxNotices = 1000;

type TimingKey = 'timeLimitConfig' | 'noticeConfig' | 'overTimeConfig';

/** The node's own setting when switched on; the start node's when the node follows it (`on` 2 or unset). */
function effective<K extends TimingKey>(key: K, node: FlowNode, root: FlowNode) {
  const own = node.properties[key];
  const followsStart =
    node !== root && (own === undefined || own.on === undefined || own.on === FlowTimingOn.followStart);
  const config = followsStart ? root.properties[key] : own;
  return config?.on === FlowTimingOn.custom ? config : undefined;
}

/**
 * When an approver node's time limit falls and when its reminders and over-time notices are due,
 * counted from `base`: the task reaching the node, its launch, or a date in the form (`nodeLimit`).
 * Reminders come `firstOver` hours after the base, then every `overTimeDuring` hours while the
 * limit has not passed; over-time notices come `firstOver` hours after the limit, then every
 * `overTimeDuring` hours. Hours may be fractions.
 */
export class DeadlinePlan {
  private constructor(
    readonly deadline: number,
    private readonly base: number,
    readonly notice: FlowNoticeConfig | undefined,
    readonly overTime: FlowNoticeConfig | undefined,
  ) {}

  static of(
    node: FlowNode,
    root: FlowNode,
    at: { arrived: Date; launched: Date | null; values: Record<string, unknown> },
  ): DeadlinePlan | undefined {
    const limit: FlowTimeLimitConfig | undefined = effective('timeLimitConfig', node, root);
    if (!limit?.duringDeal) return undefined;
    const base = baseTime(limit, at);
    if (base === undefined) return undefined;
    return new DeadlinePlan(
      base + limit.duringDeal * hourMs,
      base,
      effective('noticeConfig', node, root),
      effective('overTimeConfig', node, root),
    );
  }

  /** When the `count`-th reminder is due, if it comes before the limit and reminders are on. */
  noticeAt(count: number): number | undefined {
    const c = this.notice;
    if (!c?.overNotice || count > maxNotices || (count > 1 && !c.overTimeDuring)) return undefined;
    const at = this.base + ((c.firstOver ?? 0) + (count - 1) * (c.overTimeDuring ?? 0)) * hourMs;
    return at < this.deadline ? at : undefined;
  }

  /** When the `count`-th over-time notice is due, while it still has something to do. */
  overTimeAt(count: number): number | undefined {
    const c = this.overTime;
    if (!c || count > maxNotices || (count > 1 && !c.overTimeDuring)) return undefined;
    const pending =
      c.overNotice ||
      (c.overAutoApprove && count <= (c.overAutoApproveTime ?? 1)) ||
      (c.overAutoReject && count <= (c.overAutoRejectTime ?? 1));
    if (!pending) return undefined;
    return this.deadline + ((c.firstOver ?? 0) + (count - 1) * (c.overTimeDuring ?? 0)) * hourMs;
  }
}

function baseTime(
  limit: FlowTimeLimitConfig,
  at: { arrived: Date; launched: Date | null; values: Record<string, unknown> },
): number | undefined {
  if (limit.nodeLimit === 1) return (at.launched ?? at.arrived).getTime();
  if (limit.nodeLimit === 2) {
    const raw = at.values[limit.formField ?? ''];
    const time = typeof raw === 'number' ? raw : typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
    return Number.isFinite(time) ? time : undefined;
  }
  return at.arrived.getTime();
}

/** The time limits of `node` on this task, counted from its arrival; none when the node has none. */
export function deadlinePlan(run: Pick<Run, 'graph' | 'task' | 'values'>, node: FlowNode, arrived: Date) {
  return DeadlinePlan.of(node, run.graph.root, { arrived, launched: run.task.startTime, values: run.values });
}

export async function scheduleDeadline(trx: Trx, payload: DeadlinePayload, at: number) {
  await new JobRepository(trx).insert([
    // By the node instance, so a recalled node drops what is left of its chain before starting anew.
    { id: newId(), type: DEADLINE_JOB, payload, runAt: new Date(at), refId: payload.taskNodeId },
  ]);
}

/** An approver node became current: its first reminder and its first over-time notice go on the job table. */
export async function startDeadline(run: Run, node: FlowNode, taskNodeId: string) {
  const arrived = new Date();
  const plan = deadlinePlan(run, node, arrived);
  if (!plan) return;
  const base = { taskId: run.task.id, taskNodeId, count: 1, arrived: arrived.getTime() };
  const noticeAt = plan.noticeAt(1);
  if (noticeAt !== undefined) await scheduleDeadline(run.trx, { ...base, kind: 'notice' }, noticeAt);
  const overAt = plan.overTimeAt(1);
  if (overAt !== undefined) await scheduleDeadline(run.trx, { ...base, kind: 'overTime' }, overAt);
}
