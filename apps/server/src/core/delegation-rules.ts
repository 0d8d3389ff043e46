import type { AdminAction, Administered, DataScope } from './permissions.ts';

/**
 * The pure parts of the rule of power (DelegationGuard, delegation.ts): decisions on data already
 * read, so unit tests and mutation testing reach them without a database. `path` is an
 * organisation's ancestors and itself (organize_id_tree), from the top.
 */

/** A tiered-administrator right over one organisation, as DelegationGuard checks it. */
export interface RightAsked {
  organizeId: string;
  layer: 'thisLayer' | 'subLayer';
  action: AdminAction;
}

/** At most this many missing rights are named in a refusal. */
export const namedLimit = 5;

/** Whether an account (its id and organisation, with that organisation's path) lies within a limited data scope. */
export function accountInScope(
  scope: Exclude<DataScope, { all: true }>,
  account: { id: string; organizeId: string | null },
  path: readonly string[],
): boolean {
  if (scope.self && account.id === scope.userId) return true;
  if (!account.organizeId) return false;
  if (scope.organizeIds.includes(account.organizeId)) return true;
  return scope.subtreeOrganizeIds.some((id) => path.includes(id));
}

/**
 * Whether tiered rights hold `right`: on the organisation itself for its layer, or the sub-layer
 * right on an organisation above it.
 */
export function administersRight(administers: readonly Administered[], right: RightAsked, path: readonly string[]) {
  const above = path.filter((id) => id !== right.organizeId);
  return administers.some(
    (a) =>
      (a.organizeId === right.organizeId && a[right.layer].has(right.action)) ||
      (above.includes(a.organizeId) && a.subLayer.has(right.action)),
  );
}

/** Whether an organisation is one a tiered administrator administers, or lies below one. */
export function administersOrganize(administers: readonly Administered[], organizeId: string, path: readonly string[]) {
  return administers.some((a) => a.organizeId === organizeId || path.includes(a.organizeId));
}

/** The names of what is missing as a refusal lists them: each once, sorted, the first five, then '…'. */
export function namedItems(names: readonly string[]): string {
  const items = [...new Set(names)].sort();
  return items.slice(0, namedLimit).join('、') + (items.length > namedLimit ? '…' : '');
}
