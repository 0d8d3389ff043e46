import { describe, expect, test } from 'vitest';
import type { ConditionGroup, ConditionItem, FlowNode } from '../schemas/flowGraph.ts';
import {
  assignFormValues,
  chooseConditionBranch,
  conditionHolds,
  conditionItemHolds,
  findFlowNode,
  flowNodeName,
  flowNodes,
  timerDelayMs,
  validateFlowGraph,
} from './flow-graph.ts';

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

describe('condition variants (issue 42)', () => {
  const item = (field: string, symbol: ConditionItem['symbol'], fieldValue: unknown) => ({ field, symbol, fieldValue });
  const big = item('amount', '>', 1000);
  const urgent = item('level', '==', 'urgent');
  const when = (conditions: ConditionGroup[], extra: FlowNode['properties'] = {}) =>
    branch('b', { conditions, ...extra });

  test.each([
    ['and', [true, false, false, false]],
    ['&&', [true, false, false, false]],
    [undefined, [true, false, false, false]],
    ['or', [true, true, true, false]],
    ['||', [true, true, true, false]],
  ] as const)('items of one group joined by %s', (logic, expected) => {
    const node = when([{ ...(logic ? { logic } : {}), groups: [big, urgent] }]);
    const cases = [
      { amount: 2000, level: 'urgent' },
      { amount: 2000, level: 'low' },
      { amount: 10, level: 'urgent' },
      { amount: 10, level: 'low' },
    ];
    expect(cases.map((values) => conditionHolds(node, values))).toEqual(expected);
  });

  test.each([
    ['and', [true, false, false, false]],
    [undefined, [true, false, false, false]],
    ['or', [true, true, true, false]],
    ['||', [true, true, true, false]],
  ] as const)('groups joined by %s (each group an and of its items)', (matchLogic, expected) => {
    const node = when(
      [
        { logic: 'and', groups: [big] },
        { logic: 'or', groups: [urgent, item('level', '==', 'high')] },
      ],
      matchLogic ? { matchLogic } : {},
    );
    const cases = [
      { amount: 2000, level: 'high' },
      { amount: 2000, level: 'low' },
      { amount: 10, level: 'urgent' },
      { amount: 10, level: 'low' },
    ];
    expect(cases.map((values) => conditionHolds(node, values))).toEqual(expected);
  });

  test('a default branch always holds; a branch without items never does; empty groups are skipped', () => {
    expect(conditionHolds(branch('d', { isDefault: true }), {})).toBe(true);
    expect(conditionHolds(branch('n', {}), { amount: 5000 })).toBe(false);
    expect(conditionHolds(when([{ logic: 'and', groups: [] }]), { amount: 5000 })).toBe(false);
    // An empty group beside a real one neither blocks an `and` nor satisfies an `or`.
    expect(conditionHolds(when([{ groups: [] }, { groups: [big] }]), { amount: 5000 })).toBe(true);
    expect(conditionHolds(when([{ groups: [] }, { groups: [big] }], { matchLogic: 'or' }), { amount: 5 })).toBe(false);
  });

  test('of two matching branches the lower priority wins, whatever their order; equal priority goes by order', () => {
    const first = branch('first', { conditions: [{ groups: [item('amount', '>', 0)] }], priority: 2 });
    const second = branch('second', { conditions: [{ groups: [big] }], priority: 1 });
    const fallback = branch('fallback', { isDefault: true, priority: 0 });
    expect(chooseConditionBranch([first, second, fallback], { amount: 5000 })?.nodeId).toBe('second');
    expect(chooseConditionBranch([second, first, fallback], { amount: 5000 })?.nodeId).toBe('second');
    // Only the first holds: the default, though first by priority, is taken only when none holds.
    expect(chooseConditionBranch([first, second, fallback], { amount: 5 })?.nodeId).toBe('first');
    expect(chooseConditionBranch([first, second, fallback], { amount: -5 })?.nodeId).toBe('fallback');
    const a = branch('a', { conditions: [{ groups: [big] }], priority: 1 });
    const b = branch('b', { conditions: [{ groups: [big] }], priority: 1 });
    expect(chooseConditionBranch([a, b], { amount: 5000 })?.nodeId).toBe('a');
    expect(chooseConditionBranch([b, a], { amount: 5000 })?.nodeId).toBe('b');
    // Without priorities the designer's order decides; a priority of 0 is the highest.
    const c = branch('c', { conditions: [{ groups: [big] }] });
    const d = branch('d', { conditions: [{ groups: [big] }] });
    expect(chooseConditionBranch([c, d], { amount: 5000 })?.nodeId).toBe('c');
    expect(chooseConditionBranch([d, c], { amount: 5000 })?.nodeId).toBe('d');
    // A branch without a priority ranks by its position among branches that have one.
    const late = { ...c, properties: { ...c.properties, priority: 5 } };
    expect(chooseConditionBranch([late, d], { amount: 5000 })?.nodeId).toBe('d');
    expect(chooseConditionBranch([], { amount: 5000 })).toBeUndefined();
  });

  test('a number against text compares as text; both numeric compare as numbers', () => {
    // '12' < 'abc' as text ('1' before 'a'); as numbers 'abc' would count as 0.
    expect(conditionItemHolds(item('code', '<', 'abc'), { code: '12' })).toBe(true);
    expect(conditionItemHolds(item('code', '>', 'abc'), { code: 12 })).toBe(false);
    expect(conditionItemHolds(item('code', '>', 5), { code: 'x' })).toBe(true);
    // 10 > 9 as numbers but '10' < '9' as text.
    expect(conditionItemHolds(item('n', '>', '9'), { n: '10' })).toBe(true);
    expect(conditionItemHolds(item('n', '>', 9), { n: 10 })).toBe(true);
    // Not finite is not a number: Infinity and 'Infinity' compare as text.
    expect(conditionItemHolds(item('n', '>', 5), { n: 'Infinity' })).toBe(true);
    expect(conditionItemHolds(item('n', '==', 'Infinity'), { n: Number.POSITIVE_INFINITY })).toBe(true);
    // A switch or a check box is not a number: true is the text 'true', not 1 or 0.
    expect(conditionItemHolds(item('flag', '==', 'true'), { flag: true })).toBe(true);
    expect(conditionItemHolds(item('flag', '==', 0), { flag: false })).toBe(false);
    expect(conditionItemHolds(item('flag', '==', 1), { flag: true })).toBe(false);
    // '1e3' and ' 1000 ' are the number 1000.
    expect(conditionItemHolds(item('n', '==', 1000), { n: '1e3' })).toBe(true);
    expect(conditionItemHolds(item('n', '==', 1000), { n: ' 1000 ' })).toBe(true);
  });

  test('dates: time stamps compare as numbers on both sides of the day, date texts as text', () => {
    const day = Date.UTC(2026, 10, 29);
    for (const [symbol, expected] of [
      ['>', [false, false, true]],
      ['>=', [false, true, true]],
      ['<', [true, false, false]],
      ['<=', [true, true, false]],
      ['==', [false, true, false]],
      ['<>', [true, false, true]],
    ] as const) {
      const got = [day - 1, day, day + 1].map((date) => conditionItemHolds(item('date', symbol, day), { date }));
      expect(got, symbol).toEqual(expected);
    }
    expect(conditionItemHolds(item('date', '<', '2026-11-29'), { date: '2026-11-28' })).toBe(true);
    expect(conditionItemHolds(item('date', '<', '2026-11-29'), { date: '2026-11-29' })).toBe(false);
    expect(conditionItemHolds(item('date', '>=', '2026-11-29'), { date: '2026-12-01' })).toBe(true);
  });

  test('contains and does not contain: on text, numbers, lists, objects and empty values', () => {
    expect(conditionItemHolds(item('n', 'like', 234), { n: 12345 })).toBe(true);
    expect(conditionItemHolds(item('n', 'notLike', 234), { n: 12345 })).toBe(false);
    expect(conditionItemHolds(item('tags', 'like', 'a,b'), { tags: ['a', 'b'] })).toBe(true);
    expect(conditionItemHolds(item('tags', '==', 'a,b'), { tags: ['a', 'b'] })).toBe(true);
    expect(conditionItemHolds(item('tags', 'like', 'a;b'), { tags: ['a', 'b'] })).toBe(false);
    expect(conditionItemHolds(item('o', 'like', '"x":1'), { o: { x: 1 } })).toBe(true);
    expect(conditionItemHolds(item('o', 'like', 'object'), { o: { x: 1 } })).toBe(false);
    expect(conditionItemHolds(item('name', 'like', 'ab'), { name: null })).toBe(false);
    expect(conditionItemHolds(item('name', 'notLike', 'ab'), {})).toBe(true);
    expect(conditionItemHolds(item('name', 'notLike', 'ab'), { name: 'xab' })).toBe(false);
    expect(conditionItemHolds(item('name', 'like', 'AB'), { name: 'xab' })).toBe(false);
  });

  test('null and empty: empty on both sides is equal, not greater, and not a number', () => {
    expect(conditionItemHolds(item('n', '==', ''), { n: null })).toBe(true);
    expect(conditionItemHolds(item('n', '==', null), { n: '' })).toBe(true);
    expect(conditionItemHolds(item('n', '<>', ''), { n: 'x' })).toBe(true);
    // Empty is text, so it does not equal 0 (as numbers both would be 0).
    expect(conditionItemHolds(item('n', '==', 0), { n: '' })).toBe(false);
    expect(conditionItemHolds(item('n', '==', 0), { n: null })).toBe(false);
    expect(conditionItemHolds(item('n', '>=', 0), {})).toBe(false);
    expect(conditionItemHolds(item('n', '<', 0), {})).toBe(true);
  });

  test('a value compared with another field, or a formula, of the form', () => {
    const other = { field: 'paid', symbol: '<' as const, fieldValueType: 1, fieldValue: 'due' };
    expect(conditionItemHolds(other, { paid: 90, due: 100 })).toBe(true);
    expect(conditionItemHolds(other, { paid: 100, due: 100 })).toBe(false);
    // As a typed value (2) the text 'due' itself is compared.
    const same = { ...other, symbol: '==' as const };
    expect(conditionItemHolds(same, { paid: 100, due: 100 })).toBe(true);
    expect(conditionItemHolds({ ...same, fieldValueType: 2 }, { paid: 100, due: 100 })).toBe(false);
    expect(conditionItemHolds({ ...same, fieldValueType: 2 }, { paid: 'due', due: 100 })).toBe(true);
    const formula = { fieldType: 3, field: 'price×qty', symbol: '>=' as const, fieldValue: 100 };
    expect(conditionItemHolds(formula, { price: 10, qty: 10 })).toBe(true);
    expect(conditionItemHolds(formula, { price: 10, qty: 9.9 })).toBe(false);
    // A field type other than 3 reads the field named by the text, even when it looks like a formula.
    expect(conditionItemHolds({ ...formula, fieldType: 1 }, { price: 10, qty: 10, 'price×qty': 5 })).toBe(false);
  });
});

describe('graph checks on their variants (issue 42)', () => {
  /** start > a1 (> the given chain), as validateFlowGraph sees it. */
  const chain = (...nodes: FlowNode[]): FlowNode => {
    const start: FlowNode = { type: 'start', nodeId: 'start', properties: { title: 'start' } };
    let last = start;
    for (const node of [approver('a1'), ...nodes]) {
      last.childNode = node;
      last = node;
    }
    return start;
  };
  const keysOf = (root: FlowNode) => validateFlowGraph(root).map((p) => `${p.nodeId}:${p.key}`);
  const timer = (nodeId: string, properties: FlowNode['properties']): FlowNode => ({
    type: 'timer',
    nodeId,
    properties: { title: nodeId, ...properties },
  });

  test('a problem names the node by title, else its designer content, else its id', () => {
    const node = (title: string | undefined, content: string | undefined): FlowNode => ({
      type: 'approver',
      nodeId: 'n1',
      ...(content === undefined ? {} : { content }),
      properties: title === undefined ? {} : { title },
    });
    expect(flowNodeName(node('Manager', 'Designer text'))).toBe('Manager');
    expect(flowNodeName(node('', 'Designer text'))).toBe('Designer text');
    expect(flowNodeName(node(undefined, ''))).toBe('n1');
    const root = chain(approver('dup'), { ...approver('dup'), properties: { title: '', approvers: ['u1--user'] } });
    expect(validateFlowGraph(root)).toEqual([{ nodeId: 'dup', nodeName: 'dup', key: 'workflow.graph.duplicateNode' }]);
  });

  test('a root that is no start node: its id and name, or empty ones when there is no root', () => {
    expect(validateFlowGraph(approver('x'))).toEqual([{ nodeId: 'x', nodeName: 'x', key: 'workflow.graph.notStart' }]);
    expect(validateFlowGraph(undefined)).toEqual([{ nodeId: '', nodeName: '', key: 'workflow.graph.notStart' }]);
  });

  test('each structural problem is named once, on its node; a sound chain has none', () => {
    expect(keysOf(chain(approver('a2')))).toEqual([]);
    expect(keysOf(chain(approver('a1')))).toEqual(['a1:workflow.graph.duplicateNode']);
    const noApprover: FlowNode = { type: 'start', nodeId: 'start', properties: {} };
    expect(keysOf(noApprover)).toEqual(['start:workflow.graph.noApproverNode']);
    expect(keysOf(chain({ type: 'start', nodeId: 's2', properties: {} }))).toEqual([
      's2:workflow.graph.misplacedStart',
    ]);
  });

  test('branches: conditions only; a parallel split (interflow) needs no condition; a lone condition root is no start', () => {
    const split = (conditionType: FlowNode['conditionType'], second: FlowNode): FlowNode => ({
      ...approver('a2'),
      ...(conditionType ? { conditionType } : {}),
      conditionNodes: [branch('b1', { conditions: amountOver(1) }), second],
    });
    expect(keysOf(chain(split(undefined, approver('b2'))))).toEqual([
      'b2:workflow.graph.branchNotCondition',
      'b2:workflow.graph.conditionEmpty',
    ]);
    expect(keysOf(chain(split(undefined, branch('b2', {}))))).toEqual(['b2:workflow.graph.conditionEmpty']);
    expect(keysOf(chain(split('interflow', branch('b2', {}))))).toEqual([]);
    expect(keysOf(chain(split(undefined, branch('b2', { conditions: [{ logic: 'and', groups: [] }] }))))).toEqual([
      'b2:workflow.graph.conditionEmpty',
    ]);
    const conditionRoot: FlowNode = { type: 'condition', nodeId: 'c', properties: {} };
    expect(keysOf(conditionRoot)).toEqual(['c:workflow.graph.notStart']);
  });

  test('each way of naming approvers, satisfied and not', () => {
    const check = (properties: FlowNode['properties']) => keysOf(chain(approver('a2', properties)));
    expect(check({ assigneeType: 1, managerLevel: 2 })).toEqual([]);
    expect(check({ assigneeType: 4, formField: 'owner' })).toEqual([]);
    expect(check({ assigneeType: 5, nodeId: 'a1' })).toEqual([]);
    expect(check({ assigneeType: 5, nodeId: 'start' })).toEqual([]);
    expect(check({ assigneeType: 5 })).toEqual(['a2:workflow.graph.unknownNode']);
    const timed = chain(timer('t1', { minute: 5 }), approver('a2', { assigneeType: 5, nodeId: 't1' }));
    expect(keysOf(timed)).toEqual(['a2:workflow.graph.unknownNode']);
    expect(check({ assigneeType: 7, approvers: [] })).toEqual(['a2:workflow.graph.noApprover']);
    expect(check({ assigneeType: 6, approvers: undefined })).toEqual(['a2:workflow.graph.noApprover']);
    expect(check({ assigneeType: 9, interfaceId: 'i1' })).toEqual([]);
    expect(check({ assigneeType: 9 })).toEqual(['a2:workflow.graph.noInterface']);
    expect(check({ assigneeType: 2 })).toEqual([]);
    expect(check({ assigneeType: 3 })).toEqual([]);
    expect(check({ assigneeType: 8 })).toEqual(['a2:workflow.graph.noApprover']);
    expect(check({ assigneeType: undefined, approvers: [] })).toEqual(['a2:workflow.graph.noApprover']);
  });

  test('reject steps: the start, the previous node, the chosen one, or an approver that exists', () => {
    const check = (rejectStep: string) => keysOf(chain(approver('a2', { rejectStep })));
    for (const step of ['0', '1', '2', 'a1']) expect(check(step)).toEqual([]);
    expect(check('start')).toEqual(['a2:workflow.graph.badRejectStep']);
    expect(check('3')).toEqual(['a2:workflow.graph.badRejectStep']);
  });

  test('a timer must wait some time; a sub-flow must name its flow', () => {
    expect(keysOf(chain(timer('t', {})))).toEqual(['t:workflow.graph.timerEmpty']);
    expect(keysOf(chain(timer('t', { day: 0, hour: 0, minute: 0, second: 0 })))).toEqual([
      't:workflow.graph.timerEmpty',
    ]);
    for (const wait of [{ day: 1 }, { hour: 1 }, { minute: 1 }, { second: 1 }]) {
      expect(keysOf(chain(timer('t', wait)))).toEqual([]);
    }
    expect(keysOf(chain(timer('t', { hour: 2, minute: -1 })))).toEqual([]);
    const subFlow = (flowId?: string): FlowNode => ({
      type: 'subFlow',
      nodeId: 's',
      properties: flowId ? { flowId } : {},
    });
    expect(keysOf(chain(subFlow()))).toEqual(['s:workflow.graph.noSubFlow']);
    expect(keysOf(chain(subFlow('f1')))).toEqual([]);
  });

  test('a timer waits its days, hours, minutes and seconds in milliseconds', () => {
    expect(timerDelayMs(timer('t', { day: 1, hour: 2, minute: 3, second: 4 }))).toBe(93_784_000);
    expect(timerDelayMs(timer('t', { second: 5 }))).toBe(5000);
    expect(timerDelayMs(timer('t', { minute: 2 }))).toBe(120_000);
    expect(timerDelayMs(timer('t', { hour: 1 }))).toBe(3_600_000);
    expect(timerDelayMs(timer('t', { day: 2 }))).toBe(172_800_000);
    expect(timerDelayMs(timer('t', {}))).toBe(0);
  });

  test('a node is found by id anywhere in the graph, branches included', () => {
    expect(findFlowNode(graph(), 'boss')?.nodeId).toBe('boss');
    expect(findFlowNode(graph(), 'small')?.type).toBe('condition');
    expect(findFlowNode(graph(), 'nope')).toBeUndefined();
    expect(findFlowNode(null, 'start')).toBeUndefined();
  });

  test("a sub-flow child's values: each rule copies one field; unnamed fields and missing values are skipped", () => {
    const parent = { amount: 5, owner: 'u1', zero: 0, empty: '' };
    expect(assignFormValues(undefined, parent)).toEqual({});
    expect(assignFormValues([], parent)).toEqual({});
    expect(
      assignFormValues(
        [
          {
            ruleList: [
              { parentField: 'amount', childField: 'total' },
              { parentField: 'zero', childField: 'z' },
            ],
          },
          { parentField: 'owner', childField: 'who' },
          { parentField: 'empty', childField: 'e' },
          { parentField: 'missing', childField: 'm' },
          { parentField: 'amount' },
          { childField: 'amount' },
          {
            ruleList: [
              { parentField: '', childField: 'x' },
              { parentField: 'owner', childField: '' },
            ],
          },
        ],
        parent,
      ),
    ).toEqual({ total: 5, z: 0, who: 'u1', e: '' });
    expect(assignFormValues([{ ruleList: [] }], parent)).toEqual({});
  });
});

describe('operands at their edges (issue 42)', () => {
  const item = (over: Partial<ConditionItem>): ConditionItem => ({
    field: 'v',
    symbol: '==',
    fieldValueType: 2,
    fieldValue: 0,
    ...over,
  });

  test('NaN and infinities are no numbers: they compare as text', () => {
    expect(conditionItemHolds(item({ symbol: '>', fieldValue: 5 }), { v: Number.NaN })).toBe(true);
    expect(conditionItemHolds(item({ symbol: '==', fieldValue: 0 }), { v: Number.POSITIVE_INFINITY })).toBe(false);
    expect(conditionItemHolds(item({ symbol: '==', fieldValue: 'Infinity' }), { v: Number.POSITIVE_INFINITY })).toBe(
      true,
    );
  });

  test('blank text is no number: it does not equal 0', () => {
    expect(conditionItemHolds(item({ fieldValue: 0 }), { v: '  ' })).toBe(false);
    expect(conditionItemHolds(item({ fieldValue: 0 }), { v: ' 0 ' })).toBe(true);
  });

  test('a formula that fails other than on its syntax is not taken for an empty value', () => {
    const values = Object.defineProperty({}, 'x', {
      enumerable: true,
      get() {
        throw new RangeError('unreadable');
      },
    });
    expect(() => conditionItemHolds(item({ fieldType: 3, field: '{x} + 1' }), values)).toThrow('unreadable');
    expect(conditionItemHolds(item({ fieldType: 3, field: '{x} +', fieldValue: '' }), {})).toBe(true);
  });

  test('of many matching branches of equal priority the first in order wins', () => {
    const always = [
      { logic: 'and', groups: [{ field: 'v', symbol: '>=' as const, fieldValueType: 2, fieldValue: 0 }] },
    ];
    const branches = ['b0', 'b1', 'b2', 'b3', 'b4', 'b5'].map((id) => branch(id, { conditions: always, priority: 1 }));
    expect(chooseConditionBranch(branches, { v: 1 })?.nodeId).toBe('b0');
    const unprioritised = ['c0', 'c1', 'c2', 'c3'].map((id) => branch(id, { conditions: always }));
    expect(chooseConditionBranch(unprioritised, { v: 1 })?.nodeId).toBe('c0');
  });
});
