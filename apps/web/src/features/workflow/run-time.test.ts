import type { FormDefinition } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { encodeBase64 } from '../../shared/shell/menu-routes.ts';
import {
  applyOperates,
  DetailType,
  detailButtons,
  detailPath,
  monitorActions,
  nodeStates,
  readConfig,
} from './run-time.ts';

const task = (status: number, extra: Record<string, unknown> = {}) => ({
  flowTaskInfo: { fullName: 'x', status, ...extra },
});

describe('detail buttons', () => {
  test('an approver of a pending to-do gets the node’s buttons; save and cancel only when switched on', () => {
    expect(detailButtons({ type: DetailType.todo }, { ...task(1), approversProperties: {} }, {})).toEqual([
      'audit',
      'reject',
      'transfer',
      'freeApprover',
    ]);
    expect(
      detailButtons(
        { type: DetailType.todo },
        { ...task(1), approversProperties: { hasTransferBtn: false, hasSaveBtn: true, hasCancelBtn: true } },
        {},
      ),
    ).toEqual(['audit', 'reject', 'freeApprover', 'saveAudit', 'cancel']);
  });

  test('a to-do only to be looked at, not pending, without rights or suspended offers nothing', () => {
    expect(detailButtons({ type: DetailType.todo, readonly: true }, task(1), {})).toEqual([]);
    expect(detailButtons({ type: DetailType.todo }, task(2), {})).toEqual([]);
    expect(detailButtons({ type: DetailType.todo }, { ...task(1), noOperateAuth: true }, {})).toEqual([]);
    expect(detailButtons({ type: DetailType.todo }, task(1, { suspend: true }), {})).toEqual([]);
  });

  test('the initiator edits a new, draft, returned or withdrawn task and withdraws or urges a pending one', () => {
    expect(detailButtons({ type: DetailType.mine }, { flowTaskInfo: null }, {})).toEqual(['submit', 'save']);
    for (const status of [0, 3, 4, 7])
      expect(detailButtons({ type: DetailType.mine }, task(status), {})).toContain('submit');
    expect(detailButtons({ type: DetailType.mine }, task(1), {})).toEqual(['withdraw', 'press']);
    expect(detailButtons({ type: DetailType.mine }, task(1), { hasRevokeBtn: false })).toEqual(['press']);
    expect(detailButtons({ type: DetailType.mine }, task(2), {})).toEqual([]);
    expect(detailButtons({ type: DetailType.mine }, task(0), { hasSaveBtn: false })).toEqual(['submit']);
  });

  test('a done task can be recalled while the flow runs; a copy has no buttons', () => {
    expect(detailButtons({ type: DetailType.done }, task(1), {})).toEqual(['recall']);
    expect(detailButtons({ type: DetailType.done }, task(2), {})).toEqual([]);
    expect(detailButtons({ type: DetailType.circulate }, task(1), {})).toEqual([]);
  });
});

describe('monitor row actions', () => {
  test('a running task is terminated, changed, assigned or suspended; an ended one revived; a suspended one resumed', () => {
    expect(monitorActions(1)).toEqual(['cancel', 'change', 'assign', 'suspend']);
    for (const status of [2, 3, 5]) expect(monitorActions(status)).toEqual(['revive']);
    expect(monitorActions(6)).toEqual(['resume']);
    for (const status of [0, 4, 7]) expect(monitorActions(status)).toEqual([]);
  });
});

describe('detail config', () => {
  test('round trips through the address, Chinese included', () => {
    const config = { type: 2, processId: 'p1', flowId: 'f1', taskNodeId: 'n1', taskOperatorId: 'o1' };
    const value = new URLSearchParams(detailPath(config).split('?')[1]).get('config');
    expect(readConfig(value)).toEqual(config);
  });

  test('a message body (a to-do row) reads as a config; garbage reads as none', () => {
    const body = encodeBase64(JSON.stringify({ type: 2, id: 'o9', processId: '任务', flowId: 'f' }));
    expect(readConfig(body)).toMatchObject({ type: 2, taskOperatorId: 'o9', processId: '任务' });
    expect(readConfig('%%%')).toBeNull();
    expect(readConfig(encodeBase64('{}'))).toBeNull();
    expect(readConfig(null)).toBeNull();
  });
});

describe('field permissions', () => {
  const definition = {
    fields: [
      { __vModel__: 'amount', __config__: { jnpfKey: 'inputNumber', label: 'Amount' } },
      { __vModel__: 'reason', __config__: { jnpfKey: 'input', label: 'Reason' } },
      { __vModel__: 'secret', __config__: { jnpfKey: 'input', label: 'Secret' } },
      {
        __vModel__: 'items',
        __config__: {
          jnpfKey: 'table',
          children: [{ __vModel__: 'price', __config__: { jnpfKey: 'inputNumber', label: 'Price' } }],
        },
      },
    ],
  } as unknown as FormDefinition;

  test('read, write and required apply by field id, sub-table columns as table-field', () => {
    const out = applyOperates(definition, [
      { id: 'amount', read: true, write: true, required: true },
      { id: 'reason', read: true, write: false, required: true },
      { id: 'secret', read: false, write: false },
      { id: 'items-price', read: true, write: false },
    ]);
    const [amount, reason, secret, items] = out.fields;
    expect(amount?.__config__.required).toBe(true);
    expect(amount?.disabled).toBeUndefined();
    // Required means nothing where the field cannot be written.
    expect(reason).toMatchObject({ disabled: true, __config__: { required: false } });
    expect(secret?.__config__.noShow).toBe(true);
    expect(items?.__config__.children?.[0]?.disabled).toBe(true);
    expect(definition.fields[0]?.__config__.required).toBeUndefined();
  });

  test('no permissions leave the form as designed', () => {
    expect(applyOperates(definition, [])).toBe(definition);
  });
});

test('node states: a node both done and current (a second pass) shows current; one not reached has none', () => {
  const states = nodeStates({
    flowTaskNodeList: [
      { nodeCode: 's', type: 0 },
      { nodeCode: 'a', type: 1 },
      { nodeCode: 'a', type: 0 },
      { nodeCode: 'b', type: -1 },
    ],
  });
  expect([...states]).toEqual([
    ['s', 'done'],
    ['a', 'current'],
  ]);
});
