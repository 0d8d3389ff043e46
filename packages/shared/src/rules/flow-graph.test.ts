import { describe, expect, test } from 'vitest';
import type { FlowNode } from '../schemas/flowGraph.ts';
import { chooseConditionBranch, conditionItemHolds, flowNodes, validateFlowGraph } from './flow-graph.ts';

const approver = (nodeId: string, properties: FlowNode['properties'] = {}, childNode?: FlowNode): FlowNode => ({
  type: 'approver',
  nodeId,
  properties: { title: nodeId, assigneeType: 6, approvers: ['u1--user'], ...properties },
  ...(childNode ? { childNode } : {}),
});
const branch = (nodeId: string, properties: FlowNode['properties'], childNode?: FlowNode): FlowNode => ({
  type: 'condition',
  nodeId,
  properties: { title: nodeId, ...properties },
  ...(childNode ? { childNode } : {}),
});
const amountOver = (n: number) => [
  { logic: 'and', groups: [{ field: 'amount', symbol: '>' as const, fieldValueType: 2, fieldValue: n }] },
];

const graph = (): FlowNode => ({
  type: 'start',
  nodeId: 'start',
  properties: { title: 'start' },
  childNode: {
    ...approver('a1'),
    conditionType: 'condition',
    conditionNodes: [
      branch('big', { conditions: amountOver(1000), priority: 0 }, approver('boss', { counterSign: 1 })),
      branch('small', { isDefault: true, priority: 1 }),
    ],
  },
});

describe('validateFlowGraph', () => {
  test('a well-formed graph has no problems', () => {
    expect(validateFlowGraph(graph())).toEqual([]);
    expect(flowNodes(graph()).map((n) => n.nodeId)).toEqual(['start', 'a1', 'big', 'boss', 'small']);
  });

  test.each<[string, (g: FlowNode) => void, string, string]>([
    [
      'approver without members',
      (g) => Object.assign(g.childNode?.properties ?? {}, { approvers: [] }),
      'a1',
      'workflow.graph.noApprover',
    ],
    [
      'manager without level',
      (g) => Object.assign(g.childNode?.properties ?? {}, { assigneeType: 1 }),
      'a1',
      'workflow.graph.noManagerLevel',
    ],
    [
      'form field missing',
      (g) => Object.assign(g.childNode?.properties ?? {}, { assigneeType: 4 }),
      'a1',
      'workflow.graph.noFormField',
    ],
    [
      'another node unknown',
      (g) => Object.assign(g.childNode?.properties ?? {}, { assigneeType: 5, nodeId: 'zz' }),
      'a1',
      'workflow.graph.unknownNode',
    ],
    [
      'reject to a missing node',
      (g) => Object.assign(g.childNode?.properties ?? {}, { rejectStep: 'nope' }),
      'a1',
      'workflow.graph.badRejectStep',
    ],
    [
      'a branch without condition',
      (g) => Object.assign(g.childNode?.conditionNodes?.[0]?.properties ?? {}, { conditions: [] }),
      'big',
      'workflow.graph.conditionEmpty',
    ],
    ['one branch only', (g) => g.childNode?.conditionNodes?.pop(), 'a1', 'workflow.graph.tooFewBranches'],
  ])('%s', (_name, spoil, nodeId, key) => {
    const g = graph();
    spoil(g);
    expect(validateFlowGraph(g)).toContainEqual(expect.objectContaining({ nodeId, key }));
  });

  test('the root must be a start node', () => {
    expect(validateFlowGraph(approver('x'))[0]?.key).toBe('workflow.graph.notStart');
    expect(validateFlowGraph(null)[0]?.key).toBe('workflow.graph.notStart');
  });
});

describe('conditions', () => {
  test.each([
    [{ field: 'amount', symbol: '>' as const, fieldValue: 1000 }, { amount: '1500' }, true],
    [{ field: 'amount', symbol: '>' as const, fieldValue: 1000 }, { amount: 999 }, false],
    [{ field: 'amount', symbol: '<=' as const, fieldValue: '10' }, { amount: 9 }, true],
    [{ field: 'name', symbol: 'like' as const, fieldValue: 'ab' }, { name: 'xaby' }, true],
    [{ field: 'name', symbol: 'notLike' as const, fieldValue: 'ab' }, { name: 'xaby' }, false],
    [{ field: 'name', symbol: '==' as const, fieldValue: 'a' }, { name: 'a' }, true],
    [{ field: 'name', symbol: '<>' as const, fieldValue: 'a' }, { name: 'b' }, true],
    [{ field: 'a', symbol: '==' as const, fieldValueType: 1, fieldValue: 'b' }, { a: 2, b: '2' }, true],
    [{ fieldType: 3, field: 'a+b', symbol: '>' as const, fieldValue: 3 }, { a: 2, b: 2 }, true],
    [{ fieldType: 3, field: 'a+', symbol: '>' as const, fieldValue: 3 }, { a: 2 }, false],
  ])('%j on %j -> %s', (item, values, expected) => expect(conditionItemHolds(item, values)).toBe(expected));

  // Every ordering on both sides of its boundary, with the amount as a number and as the text a form sends.
  const orderings = [
    ['>', [false, false, true]],
    ['>=', [false, true, true]],
    ['<', [true, false, false]],
    ['<=', [true, true, false]],
    ['==', [false, true, false]],
    ['<>', [true, false, true]],
  ] as const;
  test.each(orderings)('%s at 999.99, 1000 and 1000.01', (symbol, expected) => {
    for (const amount of [999.99, 1000, 1000.01]) {
      const item = { field: 'amount', symbol, fieldValue: 1000 };
      const at = [999.99, 1000, 1000.01].indexOf(amount);
      expect(conditionItemHolds(item, { amount }), `${amount} ${symbol} 1000`).toBe(expected[at]);
      expect(conditionItemHolds(item, { amount: String(amount) }), `'${amount}' ${symbol} 1000`).toBe(expected[at]);
    }
  });
  test('numbers compare as numbers (9 < 10), text as text; a missing value is empty text', () => {
    expect(conditionItemHolds({ field: 'n', symbol: '<', fieldValue: '10' }, { n: '9' })).toBe(true);
    expect(conditionItemHolds({ field: 'n', symbol: '<', fieldValue: 'b' }, { n: 'a' })).toBe(true);
    expect(conditionItemHolds({ field: 'n', symbol: '>', fieldValue: 'b' }, { n: 'a' })).toBe(false);
    expect(conditionItemHolds({ field: 'n', symbol: '==', fieldValue: '' }, {})).toBe(true);
    expect(conditionItemHolds({ field: 'n', symbol: '>', fieldValue: 0 }, { n: ' ' })).toBe(false);
    expect(conditionItemHolds({ field: 'n', symbol: 'like', fieldValue: 'b' }, { n: ['a', 'b'] })).toBe(true);
  });

  test('the first matching branch wins, else the default', () => {
    const split = graph().childNode?.conditionNodes ?? [];
    expect(chooseConditionBranch(split, { amount: 5000 })?.nodeId).toBe('big');
    expect(chooseConditionBranch(split, { amount: 50 })?.nodeId).toBe('small');
    expect(chooseConditionBranch([split[0] as FlowNode], { amount: 50 })).toBeUndefined();
  });
});
