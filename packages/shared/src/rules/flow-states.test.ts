import { describe, expect, test } from 'vitest';
import { FlowTaskStatus } from '../schemas/workflow.ts';
import {
  canFlowAct,
  FlowOperatorState,
  type FlowTaskAction,
  flowActRefusal,
  flowActStatus,
  flowChildEnded,
  flowOperatorRefusal,
  flowOperatorTransitions,
  flowTaskStatuses,
  flowTaskTransitions,
} from './flow-states.ts';

const NR = 'workflow.notRunning';
const SU = 'workflow.suspended';
const WD = 'workflow.withdrawn';
const AS = 'workflow.alreadySubmitted';
const ok = undefined;
const quiet = null;

/**
 * Every action from every status, written out by hand: undefined runs, a key is the refusal the
 * engine answers (the texts existing API tests expect), null the engine passes over silently.
 * Columns: draft, pending, approved, rejected, revoked, terminated, suspended, withdrawn.
 */
const expected: Record<FlowTaskAction, readonly (string | null | undefined)[]> = {
  save: [ok, AS, AS, ok, ok, AS, AS, ok],
  submit: [ok, AS, AS, ok, ok, AS, AS, ok],
  audit: [NR, ok, NR, NR, WD, NR, SU, WD],
  reject: [NR, ok, NR, NR, WD, NR, SU, WD],
  transfer: [NR, ok, NR, NR, WD, NR, SU, WD],
  freeApprover: [NR, ok, NR, NR, WD, NR, SU, WD],
  saveAudit: [NR, ok, NR, NR, WD, NR, SU, WD],
  recall: [NR, ok, NR, NR, WD, NR, SU, WD],
  withdraw: [NR, ok, NR, NR, WD, NR, SU, WD],
  press: [NR, ok, NR, NR, WD, NR, SU, WD],
  assign: [NR, ok, NR, NR, WD, NR, SU, WD],
  cancel: [NR, ok, NR, NR, NR, NR, ok, NR],
  terminate: [quiet, ok, quiet, quiet, quiet, quiet, ok, quiet],
  change: Array(8)
    .fill('workflow.changeNotRunning')
    .map((key, status) => (status === 1 ? ok : key)),
  revive: [0, 1, 2, 3, 4, 5, 6, 7].map((s) => ([2, 3, 5].includes(s) ? ok : 'workflow.reviveNotEnded')),
  suspend: [NR, ok, NR, NR, NR, NR, NR, NR],
  resume: [NR, NR, NR, NR, NR, NR, ok, NR],
  proceed: [quiet, ok, quiet, quiet, quiet, quiet, quiet, quiet],
  delete: [ok, ok, ok, ok, ok, ok, ok, ok],
};

/** What each allowed action leaves the task in: a status, `same`, or `deleted`. */
const results: Record<FlowTaskAction, number | 'same' | 'deleted'> = {
  save: FlowTaskStatus.draft,
  submit: FlowTaskStatus.pending,
  audit: 'same',
  reject: 'same',
  transfer: 'same',
  freeApprover: 'same',
  saveAudit: 'same',
  recall: 'same',
  withdraw: FlowTaskStatus.revoked,
  press: 'same',
  assign: 'same',
  cancel: FlowTaskStatus.terminated,
  terminate: FlowTaskStatus.terminated,
  change: 'same',
  revive: FlowTaskStatus.pending,
  suspend: FlowTaskStatus.suspended,
  resume: FlowTaskStatus.pending,
  proceed: 'same',
  delete: 'deleted',
};

describe('the workflow state table', () => {
  test('covers eight statuses in wire order and every action', () => {
    expect(flowTaskStatuses).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(Object.keys(flowTaskTransitions).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const action of Object.keys(expected) as FlowTaskAction[])
    test(`${action}: from every status, allowed with its result or refused with its message`, () => {
      const answers = flowTaskStatuses.map((status) => flowActRefusal(action, status));
      expect(answers).toEqual(expected[action]);
      for (const status of flowTaskStatuses)
        expect(canFlowAct(action, status)).toBe(expected[action][status] === undefined);
      expect(flowTaskTransitions[action].to).toBe(results[action]);
    });

  test('the status an action sets is read from the table; one that keeps the status sets none', () => {
    expect(flowActStatus('withdraw')).toBe(FlowTaskStatus.revoked);
    expect(flowActStatus('revive')).toBe(FlowTaskStatus.pending);
    expect(() => flowActStatus('audit')).toThrow('audit sets no status');
    expect(() => flowActStatus('delete')).toThrow();
  });

  test('a sub-flow child has ended for its parent when approved or terminated, not rejected', () => {
    expect(flowTaskStatuses.filter(flowChildEnded)).toEqual([FlowTaskStatus.approved, FlowTaskStatus.terminated]);
  });
});

describe('operator transitions', () => {
  const { waiting, current, done, cancelled } = FlowOperatorState;
  const open = ['workflow.noLongerPending', undefined, 'workflow.alreadyHandled', 'workflow.noLongerPending'];

  test('an approver acts only on a row to do: a done row is "already handled", others "no longer pending"', () => {
    for (const action of ['audit', 'reject', 'transfer', 'freeApprover', 'saveAudit'] as const)
      expect([waiting, current, done, cancelled].map((state) => flowOperatorRefusal(action, state))).toEqual(open);
  });

  test('only a done row can be recalled', () => {
    expect([waiting, current, done, cancelled].map((state) => flowOperatorRefusal('recall', state))).toEqual([
      'workflow.cannotRecall',
      'workflow.cannotRecall',
      undefined,
      'workflow.cannotRecall',
    ]);
  });

  test('agreeing and rejecting finish the row; adding a signer before waits, after agrees', () => {
    expect(flowOperatorTransitions.audit.to).toEqual([done]);
    expect(flowOperatorTransitions.reject.to).toEqual([done]);
    expect(flowOperatorTransitions.freeApprover.to).toEqual([waiting, done]);
    expect(flowOperatorTransitions.recall.to).toEqual([current]);
  });
});
