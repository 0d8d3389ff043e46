import type { FlowNode } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import {
  type CountersignRow,
  countersignRatio,
  countersignStillReachable,
  isOpenState,
  ratioReached,
} from '../src/modules/workflow/countersign-rules.ts';

/**
 * The countersign ratio as pure rules (issue 42): the ratio a node asks for, when agreements reach
 * it (on both sides of the boundary), and when a rejection still leaves it within reach. The same
 * rules through the API: workflow-variants.test.ts.
 */

const node = (auditRatio?: number): FlowNode => ({
  type: 'approver',
  nodeId: 'n',
  properties: { counterSign: 1, ...(auditRatio === undefined ? {} : { counterSignConfig: { auditRatio } }) },
});
const waiting = 0;
const todo = 1;
const done = 2;
const cancelled = 3;
const agree = 1;
const reject = 0;
const row = (state: number, handleStatus: number | null = null, kind = 0): CountersignRow => ({
  kind,
  state,
  handleStatus,
});

describe('the ratio', () => {
  test("a node's audit ratio, else every approver", () => {
    expect(countersignRatio(node(60))).toBe(60);
    expect(countersignRatio(node(1))).toBe(1);
    expect(countersignRatio(node())).toBe(100);
    expect(countersignRatio(node(0))).toBe(100);
    expect(countersignRatio(node(-10))).toBe(100);
  });

  test('reached at the ratio exactly, not a vote below it', () => {
    expect(ratioReached(3, 5, 60)).toBe(true);
    expect(ratioReached(2, 5, 60)).toBe(false);
    expect(ratioReached(4, 5, 60)).toBe(true);
    expect(ratioReached(2, 3, 66)).toBe(true);
    expect(ratioReached(2, 3, 67)).toBe(false);
    expect(ratioReached(5, 5, 100)).toBe(true);
    expect(ratioReached(4, 5, 100)).toBe(false);
  });

  test('no approver counts as one: nothing agreed reaches no positive ratio', () => {
    expect(ratioReached(0, 0, 1)).toBe(false);
    expect(ratioReached(1, 0, 100)).toBe(true);
  });
});

describe('after a rejection', () => {
  test('the node goes on while agreements and open rows can still reach the ratio', () => {
    const rows = [row(done, agree), row(done, reject), row(todo), row(waiting)];
    expect(countersignStillReachable(rows, 75)).toBe(true);
    expect(countersignStillReachable(rows, 76)).toBe(false);
  });

  test('rows already answered no do not count; rows to do do', () => {
    expect(countersignStillReachable([row(done, reject), row(todo)], 50)).toBe(true);
    expect(countersignStillReachable([row(done, reject), row(done, reject), row(todo)], 50)).toBe(false);
    expect(countersignStillReachable([row(done, reject), row(waiting)], 50)).toBe(true);
  });

  test('cancelled rows and added signers are left out of the count', () => {
    const withCancelled = [row(done, agree), row(done, reject), row(cancelled), row(cancelled)];
    expect(countersignStillReachable(withCancelled, 50)).toBe(true);
    const withSigners = [row(done, agree), row(done, reject), row(todo, null, 1), row(done, agree, 1)];
    expect(countersignStillReachable(withSigners, 51)).toBe(false);
    expect(countersignStillReachable([row(cancelled, agree), row(done, reject)], 1)).toBe(false);
  });

  test('open means waiting its turn or to do, not done or cancelled', () => {
    expect([waiting, todo, done, cancelled].map(isOpenState)).toEqual([true, true, false, false]);
  });
});
