import { type FlowNode, FlowOperatorState, HandleStatus } from '@platform/shared';

/**
 * The countersign ratio (会签比例) as pure rules, out of the engine's walk and its rejection, so unit
 * tests and mutation testing reach them without a database: when agreements decide a countersign
 * node, and when a rejection still leaves the ratio within reach.
 */

/** An approver's row as the countersign counts it: kind 0 a normal approver (others added signers). */
export interface CountersignRow {
  kind: number;
  state: number;
  handleStatus: number | null;
}

/** Whether an operator row still waits for its approver: waiting its turn or to do. */
export const isOpenState = (state: number) =>
  state === FlowOperatorState.waiting || state === FlowOperatorState.current;

/** The share of approvers (percent) that must agree on a countersign node: its audit ratio, else all of them. */
export function countersignRatio(node: FlowNode): number {
  const ratio = node.properties.counterSignConfig?.auditRatio;
  return ratio && ratio > 0 ? ratio : 100;
}

/** Whether `count` of `total` approvers reach `ratio` percent (no approver at all counts as one). */
export function ratioReached(count: number, total: number, ratio: number): boolean {
  return (count / Math.max(1, total)) * 100 >= ratio;
}

/**
 * After a rejection on a countersign node: whether the ratio may still be reached by the normal
 * approvers not cancelled, counting those who agreed and those still to answer. If so the node
 * goes on; if not, it is rejected.
 */
export function countersignStillReachable(rows: readonly CountersignRow[], ratio: number): boolean {
  const normal = rows.filter((o) => o.kind === 0 && o.state !== FlowOperatorState.cancelled);
  const possible = normal.filter((o) => o.handleStatus === HandleStatus.agree || isOpenState(o.state)).length;
  return ratioReached(possible, normal.length, ratio);
}
