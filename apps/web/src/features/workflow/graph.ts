import {
  type FlowMsgEvent,
  FlowMsgOn,
  type FlowNodeProperties,
  type FlowNodeType,
  type FlowSplitType,
  type FlowNode as SharedFlowNode,
} from '@platform/shared';

/**
 * The flow designer's edits on the graph tree (protocol-workflow.md "Graph tree", the shared
 * `FlowNode`). A split hangs on an `empty` node before the join: its `conditionNodes` are the
 * branch heads (condition nodes; a parallel or choice split's heads carry `isInterflow` /
 * `isBranchFlow` and no conditions) and its `childNode` is what follows once the branches meet.
 */

export type FlowNode = SharedFlowNode;
export type SplitType = FlowSplitType;
export type { FlowNodeType };

/** The node's property bag: the typed fields the engine reads and every other designer setting (buttons, texts). */
export type FlowProperties = FlowNodeProperties & Record<string, unknown>;

/** The whole bag of a node, for settings the shared type does not name. */
export const propsOf = (node: FlowNode): FlowProperties => node.properties as FlowProperties;

/** What "+" between two nodes can add. */
export type AddKind = 'approver' | 'timer' | 'subFlow' | SplitType;

export type GraphAction =
  | { type: 'add'; after: string; kind: AddKind }
  | { type: 'addBranch'; split: string }
  | { type: 'remove'; nodeId: string }
  | { type: 'update'; nodeId: string; properties: FlowProperties; content?: string }
  | { type: 'moveBranch'; nodeId: string; step: -1 | 1 }
  | { type: 'load'; tree: FlowNode };

/** 6 hex digits, as the client keys nodes; `exists` keeps it unique in the tree. */
export function newNodeId(exists: (id: string) => boolean = () => false, random: () => number = Math.random): string {
  for (;;) {
    const id = Math.floor(random() * 0xffffff)
      .toString(16)
      .padStart(6, '0');
    if (!exists(id)) return id;
  }
}

/** Every node of the tree, depth first (branch heads before the join's continuation). */
export function walk(node: FlowNode | null | undefined, out: FlowNode[] = []): FlowNode[] {
  if (!node) return out;
  out.push(node);
  for (const branch of node.conditionNodes ?? []) walk(branch, out);
  walk(node.childNode, out);
  return out;
}

export function findNode(tree: FlowNode, nodeId: string): FlowNode | undefined {
  return walk(tree).find((n) => n.nodeId === nodeId);
}

/** The approver nodes before `nodeId` on the way from the start (what "another node's approver" may name). */
export function approversBefore(tree: FlowNode, nodeId: string): FlowNode[] {
  const path: FlowNode[] = [];
  const search = (node: FlowNode | null | undefined, trail: FlowNode[]): boolean => {
    if (!node) return false;
    if (node.nodeId === nodeId) {
      path.push(...trail);
      return true;
    }
    const next = [...trail, node];
    for (const branch of node.conditionNodes ?? []) if (search(branch, next)) return true;
    return search(node.childNode, next);
  };
  search(tree, []);
  return path.filter((n) => n.type === 'approver');
}

export function newStartNode(nodeId = newNodeId()): FlowNode {
  return {
    type: 'start',
    nodeId,
    prevId: '',
    content: '',
    properties: startProperties(),
    childNode: null,
  };
}

/** The events a start node sets messages for (an approver follows them unless it says otherwise). */
export const startMsgEvents = [
  'waitMsgConfig',
  'endMsgConfig',
  'approveMsgConfig',
  'rejectMsgConfig',
  'copyMsgConfig',
  'overTimeMsgConfig',
  'noticeMsgConfig',
] as const satisfies readonly FlowMsgEvent[];

function startProperties(): FlowProperties {
  return {
    // A new flow tells its people in-app (approvers follow the start node): with every event off,
    // the launcher and the approvers heard nothing unless the designer switched each one on.
    ...Object.fromEntries(startMsgEvents.map((event) => [event, { on: FlowMsgOn.inApp }])),
    initiator: [],
    circulateUser: [],
    formOperates: [],
    hasSubmitBtn: true,
    hasSaveBtn: true,
    hasRevokeBtn: true,
    hasPressBtn: true,
    hasPrintBtn: false,
    titleType: 0,
    titleContent: '{@flowFullName}',
  };
}

function approverProperties(extra: FlowProperties = {}): FlowProperties {
  return {
    formId: '',
    assigneeType: 6,
    approvers: [],
    managerLevel: 1,
    formField: '',
    formFieldType: 1,
    nodeId: '',
    counterSign: 0,
    counterSignConfig: { auditType: 1, auditRatio: 100 },
    rejectType: 1,
    rejectStep: '0',
    circulateUser: [],
    formOperates: [],
    hasAuditBtn: true,
    hasRejectBtn: true,
    hasRevokeBtn: true,
    hasTransferBtn: true,
    hasFreeApproverBtn: true,
    hasCancelBtn: false,
    hasSaveBtn: false,
    hasPrintBtn: false,
    timeLimitConfig: { on: 0, duringDeal: 24 },
    ...extra,
  };
}

function conditionProperties(priority: number, extra: FlowProperties = {}): FlowProperties {
  return { conditions: [], matchLogic: 'and', priority, isDefault: false, conditionType: 0, ...extra };
}

function createNode(type: FlowNodeType, prevId: string, id: string, properties: FlowProperties): FlowNode {
  return { type, nodeId: id, prevId, content: '', properties, childNode: null };
}

/** A branch head; a condition split's last one is the default ("other cases") branch. */
function branchHead(kind: SplitType, prevId: string, id: string, index: number, isDefault = false): FlowNode {
  const flag = kind === 'interflow' ? { isInterflow: true } : kind === 'branchFlow' ? { isBranchFlow: true } : {};
  return createNode('condition', prevId, id, conditionProperties(index, { ...flag, isDefault }));
}

const relink = (node: FlowNode | null | undefined, prevId: string): FlowNode | null =>
  node ? { ...node, prevId } : null;

/** The chain's last node (following childNode), for joining a kept branch to what came after its split. */
function appendTail(chain: FlowNode | null | undefined, tail: FlowNode | null | undefined): FlowNode | null {
  if (!chain) return tail ?? null;
  if (!chain.childNode) return { ...chain, childNode: relink(tail, chain.nodeId) };
  return { ...chain, childNode: appendTail(chain.childNode, tail) };
}

/** Applies `edit` to the node `nodeId` and rebuilds the path to it; other subtrees are shared. */
function mapAt(
  node: FlowNode | null | undefined,
  nodeId: string,
  edit: (n: FlowNode) => FlowNode | null,
): FlowNode | null {
  if (!node) return null;
  if (node.nodeId === nodeId) return edit(node);
  let changed = false;
  const branches = node.conditionNodes?.map((b) => {
    const next = mapAt(b, nodeId, edit);
    if (next !== b) changed = true;
    return next;
  });
  const child = mapAt(node.childNode, nodeId, edit);
  if (child !== (node.childNode ?? null)) changed = true;
  if (!changed) return node;
  const out: FlowNode = { ...node, childNode: child };
  if (branches) out.conditionNodes = branches.filter((b): b is FlowNode => b !== null);
  return out;
}

/** The split whose branch head is `nodeId`. */
function splitOf(tree: FlowNode, nodeId: string): FlowNode | undefined {
  return walk(tree).find((n) => n.conditionNodes?.some((b) => b.nodeId === nodeId));
}

/** Priorities follow the order; the default branch stays last. */
function renumber(branches: FlowNode[]): FlowNode[] {
  return branches.map((b, i) => (b.type === 'condition' ? { ...b, properties: { ...b.properties, priority: i } } : b));
}

/**
 * The designer's edits, pure. `id` makes new node ids (tests pass a counter). Edits that do not
 * apply (an unknown node, removing the start) give the tree back unchanged.
 */
export function graphReducer(tree: FlowNode, action: GraphAction, id: () => string = idMaker(tree)): FlowNode {
  switch (action.type) {
    case 'load':
      return action.tree;
    case 'update':
      return (
        mapAt(tree, action.nodeId, (n) => ({
          ...n,
          properties: action.properties,
          content: action.content ?? n.content,
        })) ?? tree
      );
    case 'add':
      return (
        mapAt(tree, action.after, (n) => {
          const nodeId = id();
          const next = n.childNode;
          let added: FlowNode;
          if (action.kind === 'approver') added = createNode('approver', n.nodeId, nodeId, approverProperties());
          else if (action.kind === 'timer')
            added = createNode('timer', n.nodeId, nodeId, { day: 0, hour: 1, minute: 0, second: 0 });
          else if (action.kind === 'subFlow')
            added = createNode('subFlow', n.nodeId, nodeId, {
              isAsync: false,
              flowId: '',
              initiateType: 6,
              initiator: [],
              assignList: [],
              autoSubmit: false,
            });
          else {
            const first = id();
            const second = id();
            added = {
              ...createNode('empty', n.nodeId, nodeId, {}),
              conditionType: action.kind,
              conditionNodes: [
                branchHead(action.kind, nodeId, first, 0),
                branchHead(action.kind, nodeId, second, 1, action.kind === 'condition'),
              ],
            };
          }
          return { ...n, childNode: { ...added, childNode: relink(next, nodeId) } };
        }) ?? tree
      );
    case 'addBranch':
      return (
        mapAt(tree, action.split, (split) => {
          if (!split.conditionNodes || !split.conditionType) return split;
          const branches = [...split.conditionNodes];
          const head = branchHead(split.conditionType, split.nodeId, id(), branches.length);
          // A new condition goes before the default branch, which stays the last one tried.
          const at = branches.findIndex((b) => b.properties.isDefault === true);
          branches.splice(at < 0 ? branches.length : at, 0, head);
          return { ...split, conditionNodes: renumber(branches) };
        }) ?? tree
      );
    case 'moveBranch': {
      const split = splitOf(tree, action.nodeId);
      if (!split?.conditionNodes) return tree;
      const branches = [...split.conditionNodes];
      const from = branches.findIndex((b) => b.nodeId === action.nodeId);
      const to = from + action.step;
      const moving = branches[from] as FlowNode;
      const other = branches[to];
      if (!other || moving.properties.isDefault === true || other.properties.isDefault === true) return tree;
      branches[from] = other;
      branches[to] = moving;
      return mapAt(tree, split.nodeId, (s) => ({ ...s, conditionNodes: renumber(branches) })) ?? tree;
    }
    case 'remove': {
      if (tree.nodeId === action.nodeId) return tree;
      const split = splitOf(tree, action.nodeId);
      if (split?.conditionNodes) {
        const rest = split.conditionNodes.filter((b) => b.nodeId !== action.nodeId);
        if (rest.length >= 2)
          return mapAt(tree, split.nodeId, (s) => ({ ...s, conditionNodes: renumber(rest) })) ?? tree;
        // One branch left: the split goes, the kept branch's own nodes (not its head) take its place.
        const kept = rest[0];
        return (
          mapAt(tree, split.nodeId, (s) => relink(appendTail(kept?.childNode, s.childNode), s.prevId ?? '')) ?? tree
        );
      }
      return mapAt(tree, action.nodeId, (n) => relink(n.childNode, n.prevId ?? '')) ?? tree;
    }
  }
}

/** New ids unique in the tree and among each other. */
function idMaker(tree: FlowNode): () => string {
  const taken = new Set(walk(tree).map((n) => n.nodeId));
  return () => {
    const made = newNodeId((candidate) => taken.has(candidate));
    taken.add(made);
    return made;
  };
}
