import { FlowTaskStatus } from '../schemas/workflow.ts';

/**
 * The workflow's state table: for each action, the task statuses it may start from, the status it
 * leaves the task in, and the refusal (a server message key) from any other status. The engine's
 * guards and the web's buttons both read it, so "from which status can action X run" has one answer.
 */

type TaskStatus = (typeof FlowTaskStatus)[keyof typeof FlowTaskStatus];

/** An operator (to-do row) state: 0 waiting its turn, 1 current (its turn: the row is on the approver's to-do list), 2 done, 3 cancelled. */
export const FlowOperatorState = { waiting: 0, current: 1, done: 2, cancelled: 3 } as const;
type OperatorStatus = (typeof FlowOperatorState)[keyof typeof FlowOperatorState];

/** Every task status, in wire order. */
export const flowTaskStatuses: readonly TaskStatus[] = Object.values(FlowTaskStatus);

export type FlowTaskAction =
  /** Save a new or editable task as a draft. */
  | 'save'
  /** Submit (launch) a new task, or resubmit a draft, rejected or withdrawn one. */
  | 'submit'
  | 'audit'
  | 'reject'
  | 'transfer'
  | 'freeApprover'
  | 'saveAudit'
  /** An approver takes back their agreement. */
  | 'recall'
  /** The initiator takes a pending task back. */
  | 'withdraw'
  | 'press'
  /** Terminate (终止): the monitor, the initiator, or a current handler. */
  | 'cancel'
  /** A running sub-flow child ended with its parent's termination. */
  | 'terminate'
  | 'assign'
  | 'change'
  | 'revive'
  | 'suspend'
  | 'resume'
  /**
   * The engine itself goes on (a timer node or a time limit is due, a sub-flow's last child ended):
   * only on a pending task, and past any other without a word.
   */
  | 'proceed'
  | 'delete';

/** The server's message keys refusing an action (its locale files hold their texts). */
export type FlowRefusalKey =
  | 'workflow.alreadySubmitted'
  | 'workflow.notRunning'
  | 'workflow.suspended'
  | 'workflow.withdrawn'
  | 'workflow.changeNotRunning'
  | 'workflow.reviveNotEnded'
  | 'workflow.alreadyHandled'
  | 'workflow.noLongerPending'
  | 'workflow.cannotRecall';

/** Refusals from statuses an action may not start from: one message key, or one per status. */
type Refusal = { key: FlowRefusalKey; from?: Partial<Record<TaskStatus, FlowRefusalKey>> };

export interface FlowTransition {
  /** The statuses the action may run from. */
  from: readonly TaskStatus[];
  /** The status it sets; `same` leaves the status as it was. `deleted`: the task is gone. */
  to: TaskStatus | 'same' | 'deleted';
  /** Statuses the walk that follows may end the task in, besides `to`. */
  walk?: readonly TaskStatus[];
  /** Why it is refused from another status; null: the engine passes over it silently. */
  refused: Refusal | null;
}

const { draft, pending, approved, rejected, revoked, terminated, suspended, withdrawn } = FlowTaskStatus;

/** The refusal of acting on a task that is not running: suspended, withdrawn, or ended. */
const notRunning: Refusal = {
  key: 'workflow.notRunning',
  from: { [suspended]: 'workflow.suspended', [revoked]: 'workflow.withdrawn', [withdrawn]: 'workflow.withdrawn' },
};
/** A task its initiator may edit and (re)submit: a draft, rejected to the start, or withdrawn. */
const editable = [draft, rejected, revoked, withdrawn] as const;
const running = [pending] as const;

export const flowTaskTransitions: Readonly<Record<FlowTaskAction, FlowTransition>> = {
  save: { from: editable, to: draft, refused: { key: 'workflow.alreadySubmitted' } },
  submit: { from: editable, to: pending, walk: [approved], refused: { key: 'workflow.alreadySubmitted' } },
  audit: { from: running, to: 'same', walk: [approved], refused: notRunning },
  reject: { from: running, to: 'same', walk: [rejected, approved], refused: notRunning },
  transfer: { from: running, to: 'same', refused: notRunning },
  freeApprover: { from: running, to: 'same', refused: notRunning },
  saveAudit: { from: running, to: 'same', refused: notRunning },
  recall: { from: running, to: 'same', refused: notRunning },
  withdraw: { from: running, to: revoked, refused: notRunning },
  press: { from: running, to: 'same', refused: notRunning },
  cancel: { from: [pending, suspended], to: terminated, refused: { key: 'workflow.notRunning' } },
  terminate: { from: [pending, suspended], to: terminated, refused: null },
  assign: { from: running, to: 'same', refused: notRunning },
  change: { from: running, to: 'same', walk: [approved], refused: { key: 'workflow.changeNotRunning' } },
  revive: {
    from: [approved, rejected, terminated],
    to: pending,
    walk: [approved],
    refused: { key: 'workflow.reviveNotEnded' },
  },
  suspend: { from: running, to: suspended, refused: { key: 'workflow.notRunning' } },
  resume: { from: [suspended], to: pending, refused: { key: 'workflow.notRunning' } },
  proceed: { from: running, to: 'same', walk: [approved, rejected], refused: null },
  delete: { from: flowTaskStatuses, to: 'deleted', refused: null },
};

/** May `action` run on a task in `status`? */
export function canFlowAct(action: FlowTaskAction, status: number): boolean {
  return (flowTaskTransitions[action].from as readonly number[]).includes(status);
}

/**
 * The message key refusing `action` on a task in `status`; undefined when it may run, null when
 * the engine passes over it without a word (a timer on a task that no longer runs).
 */
export function flowActRefusal(action: FlowTaskAction, status: number): FlowRefusalKey | null | undefined {
  if (canFlowAct(action, status)) return undefined;
  const refused = flowTaskTransitions[action].refused;
  if (!refused) return null;
  return refused.from?.[status as TaskStatus] ?? refused.key;
}

/** The status `action` sets (the table's `to`); for an action that keeps the status or deletes the task, an error. */
export function flowActStatus(action: FlowTaskAction): TaskStatus {
  const to = flowTaskTransitions[action].to;
  if (typeof to !== 'number') throw new Error(`${action} sets no status`);
  return to;
}

/** A child task's status that ends it for its parent's sub-flow node: approved or terminated. */
export function flowChildEnded(status: number): boolean {
  return status === approved || status === terminated;
}

export type FlowOperatorAction = 'audit' | 'reject' | 'transfer' | 'freeApprover' | 'saveAudit' | 'recall';

export interface FlowOperatorTransition {
  /** The operator states the action may run from. */
  from: readonly OperatorStatus[];
  /** The state it leaves the operator in (add-signer before: waiting for the added one; after: done). */
  to: readonly OperatorStatus[];
  /** Refusals by the operator's state, then for any other. */
  refused: { key: FlowRefusalKey; from?: Partial<Record<OperatorStatus, FlowRefusalKey>> };
}

const { waiting, current, done } = FlowOperatorState;
const openRefusal: FlowOperatorTransition['refused'] = {
  key: 'workflow.noLongerPending',
  from: { [done]: 'workflow.alreadyHandled' },
};

/** Operator (to-do row) transitions of the actions an approver takes on their own row. */
export const flowOperatorTransitions: Readonly<Record<FlowOperatorAction, FlowOperatorTransition>> = {
  audit: { from: [current], to: [done], refused: openRefusal },
  reject: { from: [current], to: [done], refused: openRefusal },
  transfer: { from: [current], to: [current], refused: openRefusal },
  freeApprover: { from: [current], to: [waiting, done], refused: openRefusal },
  saveAudit: { from: [current], to: [current], refused: openRefusal },
  recall: { from: [done], to: [current], refused: { key: 'workflow.cannotRecall' } },
};

/** The message key refusing `action` on an operator row in `state`; undefined when it may run. */
export function flowOperatorRefusal(action: FlowOperatorAction, state: number): FlowRefusalKey | undefined {
  const transition = flowOperatorTransitions[action];
  if ((transition.from as readonly number[]).includes(state)) return undefined;
  return transition.refused.from?.[state as OperatorStatus] ?? transition.refused.key;
}
