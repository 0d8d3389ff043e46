import { describe, expect, test } from 'vitest';
import {
  approversBefore,
  type FlowNode,
  type GraphAction,
  graphReducer,
  newStartNode,
  startMsgEvents,
  walk,
} from './graph.ts';

function counter() {
  let n = 0;
  return () => `n${++n}`;
}

function apply(tree: FlowNode, ...actions: GraphAction[]): FlowNode {
  const id = counter();
  return actions.reduce((t, a) => graphReducer(t, a, id), tree);
}

/** The tree as a compact outline: `type:id` chained by `>`, splits as `[a|b]`. */
function outline(node: FlowNode | null | undefined): string {
  if (!node) return '';
  const head = `${node.type}:${node.nodeId}`;
  const split = node.conditionNodes ? `[${node.conditionNodes.map(outline).join('|')}]` : '';
  const rest = outline(node.childNode);
  return `${head}${split}${rest ? `>${rest}` : ''}`;
}

/** Every node's prevId names the node it hangs on. */
function prevIdsHold(tree: FlowNode): boolean {
  const check = (node: FlowNode, parent: string): boolean =>
    node.prevId === parent &&
    (node.conditionNodes ?? []).every((b) => check(b, node.nodeId)) &&
    (!node.childNode || check(node.childNode, node.nodeId));
  return check(tree, '');
}

const start = () => newStartNode('s');

describe('flow graph edits', () => {
  test('an approver added after the start takes the start’s place before what followed', () => {
    const tree = apply(
      start(),
      { type: 'add', after: 's', kind: 'approver' },
      { type: 'add', after: 's', kind: 'timer' },
    );
    expect(outline(tree)).toBe('start:s>timer:n2>approver:n1');
    expect(prevIdsHold(tree)).toBe(true);
  });

  test('a condition split has two branches, the second the default; the rest follows the join', () => {
    const tree = apply(
      start(),
      { type: 'add', after: 's', kind: 'approver' },
      { type: 'add', after: 's', kind: 'condition' },
    );
    expect(outline(tree)).toBe('start:s>empty:n2[condition:n3|condition:n4]>approver:n1');
    const [first, second] = tree.childNode?.conditionNodes ?? [];
    expect(first?.properties).toMatchObject({ isDefault: false, priority: 0 });
    expect(second?.properties).toMatchObject({ isDefault: true, priority: 1 });
    expect(tree.childNode?.conditionType).toBe('condition');
    expect(prevIdsHold(tree)).toBe(true);
  });

  test('a new condition goes before the default branch and priorities follow the order', () => {
    const tree = apply(start(), { type: 'add', after: 's', kind: 'condition' }, { type: 'addBranch', split: 'n1' });
    const branches = tree.childNode?.conditionNodes ?? [];
    expect(branches.map((b) => b.nodeId)).toEqual(['n2', 'n4', 'n3']);
    expect(branches.map((b) => b.properties.priority)).toEqual([0, 1, 2]);
    expect(branches.at(-1)?.properties.isDefault).toBe(true);
  });

  test('parallel and choice branches are condition heads flagged isInterflow / isBranchFlow, none the default', () => {
    const parallel = apply(start(), { type: 'add', after: 's', kind: 'interflow' });
    expect(parallel.childNode?.conditionType).toBe('interflow');
    expect(
      parallel.childNode?.conditionNodes?.map((b) => [b.type, b.properties.isInterflow, b.properties.isDefault]),
    ).toEqual([
      ['condition', true, false],
      ['condition', true, false],
    ]);
    const choice = apply(start(), { type: 'add', after: 's', kind: 'branchFlow' });
    expect(choice.childNode?.conditionNodes?.every((b) => b.properties.isBranchFlow === true)).toBe(true);
  });

  test('nodes inside a branch chain under its head', () => {
    const tree = apply(
      start(),
      { type: 'add', after: 's', kind: 'condition' },
      { type: 'add', after: 'n2', kind: 'approver' },
      { type: 'add', after: 'n4', kind: 'subFlow' },
    );
    expect(outline(tree)).toBe('start:s>empty:n1[condition:n2>approver:n4>subFlow:n5|condition:n3]');
    expect(prevIdsHold(tree)).toBe(true);
  });

  test('removing a node joins its neighbours; the start cannot be removed', () => {
    const tree = apply(
      start(),
      { type: 'add', after: 's', kind: 'approver' },
      { type: 'add', after: 'n1', kind: 'timer' },
      { type: 'remove', nodeId: 'n1' },
      { type: 'remove', nodeId: 's' },
    );
    expect(outline(tree)).toBe('start:s>timer:n2');
    expect(prevIdsHold(tree)).toBe(true);
  });

  test('removing one of three branches keeps the split; removing one of two dissolves it into the kept branch', () => {
    const three = apply(
      start(),
      { type: 'add', after: 's', kind: 'approver' },
      { type: 'add', after: 's', kind: 'condition' },
      { type: 'addBranch', split: 'n2' },
      { type: 'remove', nodeId: 'n3' },
    );
    expect(outline(three)).toBe('start:s>empty:n2[condition:n5|condition:n4]>approver:n1');
    const two = apply(
      start(),
      { type: 'add', after: 's', kind: 'approver' },
      { type: 'add', after: 's', kind: 'condition' },
      { type: 'add', after: 'n4', kind: 'timer' },
      { type: 'remove', nodeId: 'n3' },
    );
    // The default branch's own timer stays, joined to the approver that followed the split.
    expect(outline(two)).toBe('start:s>timer:n5>approver:n1');
    expect(prevIdsHold(two)).toBe(true);
  });

  test('removing the split node removes every branch', () => {
    const tree = apply(
      start(),
      { type: 'add', after: 's', kind: 'approver' },
      { type: 'add', after: 's', kind: 'interflow' },
      { type: 'remove', nodeId: 'n2' },
    );
    expect(outline(tree)).toBe('start:s>approver:n1');
  });

  test('branches move left and right, never past the default', () => {
    const base = apply(start(), { type: 'add', after: 's', kind: 'condition' }, { type: 'addBranch', split: 'n1' });
    const moved = graphReducer(base, { type: 'moveBranch', nodeId: 'n4', step: -1 });
    expect(moved.childNode?.conditionNodes?.map((b) => b.nodeId)).toEqual(['n4', 'n2', 'n3']);
    expect(graphReducer(moved, { type: 'moveBranch', nodeId: 'n2', step: 1 })).toBe(moved);
    expect(graphReducer(moved, { type: 'moveBranch', nodeId: 'n3', step: -1 })).toBe(moved);
  });

  test('an update replaces one node’s properties and leaves other subtrees shared', () => {
    const base = apply(
      start(),
      { type: 'add', after: 's', kind: 'condition' },
      { type: 'add', after: 'n2', kind: 'approver' },
    );
    const next = graphReducer(base, {
      type: 'update',
      nodeId: 'n4',
      properties: { approvers: ['u1--user'] },
      content: 'A',
    });
    expect(next.childNode?.conditionNodes?.[0]?.childNode).toMatchObject({
      content: 'A',
      properties: { approvers: ['u1--user'] },
    });
    expect(next.childNode?.conditionNodes?.[1]).toBe(base.childNode?.conditionNodes?.[1]);
  });

  test('new ids are unique 6-hex keys without a counter', () => {
    let tree = start();
    for (let i = 0; i < 20; i++) tree = graphReducer(tree, { type: 'add', after: 's', kind: 'condition' });
    const ids = walk(tree).map((n) => n.nodeId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(1).every((id) => /^[0-9a-f]{6}$/.test(id))).toBe(true);
  });

  test('the approvers before a node are those on its way from the start', () => {
    const tree = apply(
      start(),
      { type: 'add', after: 's', kind: 'approver' },
      { type: 'add', after: 'n1', kind: 'condition' },
      { type: 'add', after: 'n3', kind: 'approver' },
      { type: 'add', after: 'n4', kind: 'approver' },
      { type: 'add', after: 'n5', kind: 'timer' },
    );
    expect(approversBefore(tree, 'n6').map((n) => n.nodeId)).toEqual(['n1']);
    expect(approversBefore(tree, 'n7').map((n) => n.nodeId)).toEqual(['n1', 'n5']);
  });
});

describe('a new flow tells its people', () => {
  test('its start node sends every event in-app; approvers follow it', () => {
    const node = newStartNode('s');
    expect(startMsgEvents.map((event) => [event, node.properties[event]])).toEqual(
      startMsgEvents.map((event) => [event, { on: 3 }]),
    );
  });
});
