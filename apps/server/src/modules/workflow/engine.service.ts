import type {
  ErrorRuleNode,
  FlowActionBody,
  FlowBatchBody,
  FlowCandidates,
  FlowChangeBody,
  FlowChangeNode,
  FlowTaskInput,
} from '@platform/shared';
import type { EventBus } from '../../core/event-bus.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MessageSender } from '../sendConfig/message-outbox.ts';
import type { FlowFormRecords } from '../visualdev/record.service.ts';
import { type ApproverInterfaces, FlowAssignees } from './engine-assignees.ts';
import { FlowLauncher } from './engine-launch.ts';
import { OperatorActions } from './engine-operator-actions.ts';
import { FlowRunner } from './engine-run.ts';
import { TaskActions } from './engine-task-actions.ts';
import { FlowTimers } from './engine-timing.ts';
import { FlowWalker } from './engine-walk.ts';

export { type ApproverInterfaces, userIdsOfAnswer } from './engine-assignees.ts';
export { TIMER_JOB } from './engine-walk.ts';

/**
 * The flow engine, as the routes and the job runner call it. Every action is one transaction that
 * locks the task row first (`for update`), then the operator row, so two people acting on one task
 * are served one after the other and the second sees what the first did (an or-sign node already
 * decided answers a clear refusal). Which statuses an action may start from and what it leaves is
 * the shared state table (`flowTaskTransitions`); the work is split by seam:
 * - `FlowRunner` (engine-run.ts): the run of one action, its transaction, graph cache, mirror, announce;
 * - `FlowWalker` (engine-walk.ts): the interpreter entering and leaving nodes, settling nodes and the task;
 * - `FlowAssignees` (engine-assignees.ts): who handles a node, carbon copies;
 * - `FlowLauncher`, `OperatorActions`, `TaskActions`: the public actions;
 * - `FlowTimers` (engine-timing.ts): timer nodes and time limits falling due.
 */
export class EngineService {
  private readonly launcher: FlowLauncher;
  private readonly operators: OperatorActions;
  private readonly tasks: TaskActions;
  private readonly timers: FlowTimers;

  constructor(
    db: Db,
    forms: FlowFormRecords,
    bus?: EventBus,
    messages?: MessageSender,
    interfaces?: ApproverInterfaces,
  ) {
    const runner = new FlowRunner(db, forms, bus, messages);
    const walker = new FlowWalker(runner, new FlowAssignees(interfaces));
    this.launcher = new FlowLauncher(runner, walker);
    this.operators = new OperatorActions(runner, walker);
    this.tasks = new TaskActions(runner, walker);
    this.timers = new FlowTimers(runner, walker);
  }

  /* -------------------------------------------------------------- launch */

  /** Launch or draft; a delegated launch launches for each principal listed (see `FlowLauncher.launch`). */
  launch(session: Session, input: FlowTaskInput, taskId?: string): Promise<{ id: string } | ErrorRuleNode[]> {
    return this.launcher.launch(session, input, taskId);
  }

  /** `Candidates/{X|'0'}`: branches to choose or candidates to pick before going on. */
  candidates(
    session: Session,
    operatorId: string,
    input: { flowId?: string; formData?: Record<string, unknown> },
  ): Promise<FlowCandidates> {
    return this.launcher.candidates(session, operatorId, input);
  }

  /* -------------------------------------------------------------- on an operator row */

  audit(session: Session, operatorId: string, body: FlowActionBody) {
    return this.operators.audit(session, operatorId, body);
  }
  reject(session: Session, operatorId: string, body: FlowActionBody) {
    return this.operators.reject(session, operatorId, body);
  }
  saveAudit(session: Session, operatorId: string, body: FlowActionBody) {
    return this.operators.saveAudit(session, operatorId, body);
  }
  transfer(session: Session, operatorId: string, body: FlowActionBody) {
    return this.operators.transfer(session, operatorId, body);
  }
  freeApprover(session: Session, operatorId: string, body: FlowActionBody) {
    return this.operators.freeApprover(session, operatorId, body);
  }
  recall(session: Session, operatorId: string, body: FlowActionBody) {
    return this.operators.recall(session, operatorId, body);
  }
  batch(session: Session, body: FlowBatchBody) {
    return this.operators.batch(session, body);
  }

  /* -------------------------------------------------------------- on a task */

  withdraw(session: Session, taskId: string, body: FlowActionBody) {
    return this.tasks.withdraw(session, taskId, body);
  }
  press(session: Session, taskId: string, bus?: EventBus): Promise<string[]> {
    return this.tasks.press(session, taskId, bus);
  }
  cancel(session: Session, taskId: string, body: FlowActionBody, monitor = session.isAdministrator) {
    return this.tasks.cancel(session, taskId, body, monitor);
  }
  assign(session: Session, taskId: string, body: FlowActionBody) {
    return this.tasks.assign(session, taskId, body);
  }
  changeTargets(taskId: string): Promise<FlowChangeNode[]> {
    return this.tasks.changeTargets(taskId);
  }
  change(session: Session, body: FlowChangeBody) {
    return this.tasks.change(session, body);
  }
  suspend(session: Session, taskId: string, resume: boolean) {
    return this.tasks.suspend(session, taskId, resume);
  }
  deleteTasks(ids: string[]) {
    return this.tasks.deleteTasks(ids);
  }

  /* -------------------------------------------------------------- jobs */

  fireTimer(trx: Trx, payload: unknown) {
    return this.timers.fireTimer(trx, payload);
  }
  fireDeadline(trx: Trx, payload: unknown) {
    return this.timers.fireDeadline(trx, payload);
  }
}
