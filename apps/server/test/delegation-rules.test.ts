import { describe, expect, test } from 'vitest';
import { accountInScope, administersOrganize, administersRight, namedItems } from '../src/core/delegation-rules.ts';
import type { AdminAction, Administered } from '../src/core/permissions.ts';
import { delegationCovers, launchRefusal, templatesCovered } from '../src/modules/workflow/delegate-rules.ts';

/**
 * The delegation rules as pure functions (issue 42), on their variants: whom a caller with a limited
 * data scope may act on, which tiered rights hold a right asked for, how a refusal names what is
 * missing, which flows an approval or launch delegation covers and why a launch on behalf of someone
 * is refused. The same rules through the API: delegation.test.ts, workflow-delegate-launch.test.ts.
 */

// The organisations: root > east > east.sales, and west beside east.
const path = {
  root: ['root'],
  east: ['root', 'east'],
  sales: ['root', 'east', 'sales'],
  west: ['root', 'west'],
} as const;

describe('an account within a limited data scope', () => {
  const scope = (over: { organizeIds?: string[]; subtreeOrganizeIds?: string[]; self?: boolean }) => ({
    all: false as const,
    userId: 'me',
    organizeIds: [],
    subtreeOrganizeIds: [],
    self: false,
    ...over,
  });
  const at = (id: string, organizeId: keyof typeof path | null) => ({
    inScope: (s: ReturnType<typeof scope>) => accountInScope(s, { id, organizeId }, organizeId ? path[organizeId] : []),
  });

  test('own organisation: that organisation only, not the ones below', () => {
    const s = scope({ organizeIds: ['east'] });
    expect(at('u1', 'east').inScope(s)).toBe(true);
    expect(at('u2', 'sales').inScope(s)).toBe(false);
    expect(at('u3', 'west').inScope(s)).toBe(false);
    expect(at('u4', null).inScope(s)).toBe(false);
  });

  test('own organisation and below: the organisation and every one under it', () => {
    const s = scope({ subtreeOrganizeIds: ['east'] });
    expect(at('u1', 'east').inScope(s)).toBe(true);
    expect(at('u2', 'sales').inScope(s)).toBe(true);
    expect(at('u3', 'west').inScope(s)).toBe(false);
    expect(at('u3', 'root').inScope(s)).toBe(false);
    expect(at('u4', null).inScope(s)).toBe(false);
  });

  test('own records: the caller itself only, even outside every organisation', () => {
    const s = scope({ self: true });
    expect(at('me', null).inScope(s)).toBe(true);
    expect(at('me', 'west').inScope(s)).toBe(true);
    expect(at('u1', 'east').inScope(s)).toBe(false);
    // The caller without the "own records" kind is not within its own scope by being itself.
    expect(at('me', 'west').inScope(scope({ organizeIds: ['east'] }))).toBe(false);
    expect(at('me', null).inScope(scope({ subtreeOrganizeIds: ['east'] }))).toBe(false);
  });

  test('kinds together: any of them lets the account in; none lets nobody in', () => {
    const s = scope({ organizeIds: ['west'], subtreeOrganizeIds: ['east'], self: true });
    for (const [id, org] of [
      ['u1', 'west'],
      ['u2', 'sales'],
      ['me', null],
    ] as const)
      expect(at(id, org).inScope(s), `${id} ${org}`).toBe(true);
    expect(at('u3', 'root').inScope(s)).toBe(false);
    expect(at('u1', 'east').inScope(scope({}))).toBe(false);
  });
});

describe('tiered rights', () => {
  const rights = (organizeId: string, thisLayer: AdminAction[], subLayer: AdminAction[]): Administered => ({
    organizeId,
    thisLayer: new Set(thisLayer),
    subLayer: new Set(subLayer),
  });
  const eastEditor = [rights('east', ['edit'], ['add'])];

  test('this layer: held on the organisation itself for that action only', () => {
    expect(administersRight(eastEditor, { organizeId: 'east', layer: 'thisLayer', action: 'edit' }, path.east)).toBe(
      true,
    );
    expect(administersRight(eastEditor, { organizeId: 'east', layer: 'thisLayer', action: 'add' }, path.east)).toBe(
      false,
    );
    expect(administersRight(eastEditor, { organizeId: 'west', layer: 'thisLayer', action: 'edit' }, path.west)).toBe(
      false,
    );
  });

  test('sub layer: held on the organisation itself for the sub layer, or from any organisation above', () => {
    expect(administersRight(eastEditor, { organizeId: 'east', layer: 'subLayer', action: 'add' }, path.east)).toBe(
      true,
    );
    expect(administersRight(eastEditor, { organizeId: 'east', layer: 'subLayer', action: 'edit' }, path.east)).toBe(
      false,
    );
    // Below east, east's sub-layer rights count, whatever layer is asked; its this-layer rights do not.
    expect(administersRight(eastEditor, { organizeId: 'sales', layer: 'thisLayer', action: 'add' }, path.sales)).toBe(
      true,
    );
    expect(administersRight(eastEditor, { organizeId: 'sales', layer: 'subLayer', action: 'add' }, path.sales)).toBe(
      true,
    );
    expect(administersRight(eastEditor, { organizeId: 'sales', layer: 'thisLayer', action: 'edit' }, path.sales)).toBe(
      false,
    );
    // Rights below do not reach up.
    const salesAll = [rights('sales', ['add', 'edit'], ['add', 'edit'])];
    expect(administersRight(salesAll, { organizeId: 'east', layer: 'thisLayer', action: 'add' }, path.east)).toBe(
      false,
    );
    expect(administersRight([], { organizeId: 'east', layer: 'thisLayer', action: 'add' }, path.east)).toBe(false);
  });

  test('an organisation administered: itself or below one administered, never beside or above', () => {
    const east = [rights('east', [], [])];
    expect(administersOrganize(east, 'east', path.east)).toBe(true);
    expect(administersOrganize(east, 'sales', path.sales)).toBe(true);
    expect(administersOrganize(east, 'west', path.west)).toBe(false);
    expect(administersOrganize(east, 'root', path.root)).toBe(false);
    // An organisation whose path is unknown is administered only by name.
    expect(administersOrganize(east, 'east', [])).toBe(true);
    expect(administersOrganize([], 'east', path.east)).toBe(false);
  });
});

test('a refusal names what is missing once each, sorted, at most five, then an ellipsis', () => {
  expect(namedItems([])).toBe('');
  expect(namedItems(['用户管理'])).toBe('用户管理');
  expect(namedItems(['b', 'a', 'b'])).toBe('a、b');
  expect(namedItems(['e', 'd', 'c', 'b', 'a'])).toBe('a、b、c、d、e');
  expect(namedItems(['f', 'e', 'd', 'c', 'b', 'a'])).toBe('a、b、c、d、e…');
  expect(namedItems(['a', 'b', 'c', 'd', 'e', 'e'])).toBe('a、b、c、d、e');
});

describe('flows a delegation covers', () => {
  test('a delegation for some flows covers those only; one without flows covers every flow', () => {
    expect(delegationCovers('f1', 'f1')).toBe(true);
    expect(delegationCovers('f1,f2', 'f2')).toBe(true);
    expect(delegationCovers('f1,f2', 'f3')).toBe(false);
    expect(delegationCovers('f1', 'f11')).toBe(false);
    expect(delegationCovers('f11', 'f1')).toBe(false);
    expect(delegationCovers('', 'f3')).toBe(true);
  });

  test('the flows several delegations cover together, or every flow when one covers all', () => {
    expect(templatesCovered([{ flowId: 'f1,f2' }, { flowId: 'f2,f3' }])).toEqual(['f1', 'f2', 'f3']);
    expect(templatesCovered([{ flowId: 'f1,' }])).toEqual(['f1']);
    expect(templatesCovered([{ flowId: 'f1' }, { flowId: '' }])).toBeUndefined();
    expect(templatesCovered([])).toEqual([]);
  });
});

describe('a launch on behalf of someone', () => {
  const now = new Date('2026-11-29T08:00:00Z');
  const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
  const row = (flowId: string | null, from: Date | null, to: Date | null, userId = 'boss') => ({
    userId,
    flowId,
    startTime: from,
    endTime: to,
  });
  const refusal = (rows: Parameters<typeof launchRefusal>[0], principal = 'boss', delegate = 'me') =>
    launchRefusal(rows, principal, delegate, 'leave', now);

  test('allowed by a delegation in force now for this flow or for every flow', () => {
    expect(refusal([row('leave', hours(-1), hours(1))])).toBeNull();
    expect(refusal([row('trip,leave', hours(-1), hours(1))])).toBeNull();
    expect(refusal([row('', hours(-1), hours(1))])).toBeNull();
    expect(refusal([row(null, hours(-1), hours(1))])).toBeNull();
    // One of several delegations is enough.
    expect(refusal([row('trip', hours(-1), hours(1)), row('leave', hours(-2), hours(2))])).toBeNull();
  });

  test('the period includes its start and excludes its end', () => {
    expect(refusal([row('leave', now, hours(1))])).toBeNull();
    expect(refusal([row('leave', hours(-1), now)])).toBe('workflow.launchDelegationExpired');
    expect(refusal([row('leave', hours(1), hours(2))])).toBe('workflow.launchDelegationExpired');
  });

  test('refused for another flow, with no delegation, by someone else’s delegation, or to oneself', () => {
    expect(refusal([row('trip', hours(-1), hours(1))])).toBe('workflow.launchFlowNotDelegated');
    expect(refusal([row(null, null, null)])).toBe('workflow.launchNotDelegated');
    expect(refusal([])).toBe('workflow.launchNotDelegated');
    expect(refusal([row('leave', hours(-1), hours(1), 'other')])).toBe('workflow.launchNotDelegated');
    // A delegation without an end (or a start) is no period.
    expect(refusal([row('leave', hours(-1), null)])).toBe('workflow.launchNotDelegated');
    expect(refusal([row('leave', null, hours(1))])).toBe('workflow.launchNotDelegated');
    expect(refusal([row('leave', hours(-1), hours(1), 'me')], 'me', 'me')).toBeNull();
    expect(refusal([row('trip', hours(-1), hours(1), 'me')], 'me', 'me')).toBe('workflow.launchNotDelegated');
  });

  test('an expired delegation for this flow beside one in force for another says the flow is not delegated', () => {
    expect(refusal([row('leave', hours(-3), hours(-2)), row('trip', hours(-1), hours(1))])).toBe(
      'workflow.launchFlowNotDelegated',
    );
  });
});
