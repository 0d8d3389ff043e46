import type { MessageKey } from '../../core/i18n.ts';

/**
 * The pure parts of approval and launch delegations (delegate.service.ts): decisions on rows
 * already read, so unit tests and mutation testing reach them without a database.
 */

/** A delegation that covers a task of `templateId`: every flow when its list is empty. */
export function delegationCovers(flowIds: string, templateId: string): boolean {
  return !flowIds || flowIds.split(',').includes(templateId);
}

/** The templates some of `delegations` cover: undefined when one of them covers every flow. */
export function templatesCovered(delegations: readonly { flowId: string }[]): string[] | undefined {
  if (delegations.some((d) => !d.flowId)) return undefined;
  return [...new Set(delegations.flatMap((d) => d.flowId.split(',')).filter(Boolean))];
}

/** A principal's launch delegation to the caller as read: no period when the principal delegated nothing. */
export interface LaunchDelegation {
  userId: string;
  flowId: string | null;
  startTime: Date | null;
  endTime: Date | null;
}

/**
 * Why `principal` may not be launched for by `delegateId` on a flow of `templateId` at `now`, or
 * null when a delegation in force covers it: none at all (or the caller itself), none in force
 * now (a period runs from its start, included, to its end, excluded), or none for this flow.
 */
export function launchRefusal(
  rows: readonly LaunchDelegation[],
  principal: string,
  delegateId: string,
  templateId: string,
  now: Date,
): MessageKey | null {
  const held = rows.filter((r) => r.userId === principal && r.startTime && r.endTime);
  const inForce = held.filter((r) => (r.startTime as Date) <= now && (r.endTime as Date) > now);
  if (inForce.some((r) => delegationCovers(r.flowId ?? '', templateId))) return null;
  if (!held.length || principal === delegateId) return 'workflow.launchNotDelegated';
  if (!inForce.length) return 'workflow.launchDelegationExpired';
  return 'workflow.launchFlowNotDelegated';
}
