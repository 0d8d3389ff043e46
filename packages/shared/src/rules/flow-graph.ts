import {
  AssigneeType,
  type ConditionItem,
  type FlowAssign,
  type FlowGraphProblem,
  type FlowGraphProblemKey,
  type FlowNode,
} from '../schemas/flowGraph.ts';
import { CalcSyntaxError, evaluateExpression, toCalcNumber } from './calculate.ts';

/** Every node of the graph, depth first: a node, its branches, then its childNode. */
export function flowNodes(root: FlowNode | null | undefined): FlowNode[] {
  const out: FlowNode[] = [];
  const walk = (node: FlowNode | null | undefined) => {
    for (let n = node; n; n = n.childNode ?? null) {
      out.push(n);
      for (const branch of n.conditionNodes ?? []) walk(branch);
    }
  };
  walk(root);
  return out;
}

export function findFlowNode(root: FlowNode | null | undefined, nodeId: string): FlowNode | undefined {
  return flowNodes(root).find((n) => n.nodeId === nodeId);
}

/** The name a node shows: its title, else its designer content, else its id. */
export function flowNodeName(node: FlowNode): string {
  return node.properties.title || node.content || node.nodeId;
}

const hasTime = (node: FlowNode) => {
  const p = node.properties;
  return (p.day ?? 0) + (p.hour ?? 0) + (p.minute ?? 0) + (p.second ?? 0) > 0;
};

/**
 * Checks a graph before it is released: the root is the start node, node ids are unique, every
 * split has at least two condition branches, a condition split has a condition on every branch
 * except the default, every approver can be resolved, reject targets exist, timers wait and
 * sub-flows name a flow. Answers every problem found (empty = valid); the caller turns the key into
 * a message naming the node.
 */
export function validateFlowGraph(root: FlowNode | null | undefined): FlowGraphProblem[] {
  const problems: FlowGraphProblem[] = [];
  const add = (node: FlowNode, key: FlowGraphProblemKey) =>
    problems.push({ nodeId: node.nodeId, nodeName: flowNodeName(node), key });
  if (root?.type !== 'start') {
    problems.push({
      nodeId: root?.nodeId ?? '',
      nodeName: root ? flowNodeName(root) : '',
      key: 'workflow.graph.notStart',
    });
    return problems;
  }
  const all = flowNodes(root);
  const ids = new Set<string>();
  for (const node of all) {
    if (ids.has(node.nodeId)) add(node, 'workflow.graph.duplicateNode');
    ids.add(node.nodeId);
  }
  if (!all.some((n) => n.type === 'approver')) add(root, 'workflow.graph.noApproverNode');
  for (const node of all) {
    const p = node.properties;
    if (node.type === 'start' && node !== root) add(node, 'workflow.graph.misplacedStart');
    const branches = node.conditionNodes ?? [];
    if (branches.length) {
      if (branches.length < 2) add(node, 'workflow.graph.tooFewBranches');
      for (const branch of branches) if (branch.type !== 'condition') add(branch, 'workflow.graph.branchNotCondition');
      if ((node.conditionType ?? 'condition') === 'condition') {
        for (const branch of branches) {
          const items = (branch.properties.conditions ?? []).flatMap((g) => g.groups);
          if (!branch.properties.isDefault && !items.length) add(branch, 'workflow.graph.conditionEmpty');
        }
      }
    } else if (node.type === 'condition' && node === root) add(node, 'workflow.graph.notStart');
    if (node.type === 'approver') {
      switch (p.assigneeType ?? AssigneeType.members) {
        case AssigneeType.manager:
          if (!p.managerLevel) add(node, 'workflow.graph.noManagerLevel');
          break;
        case AssigneeType.formField:
          if (!p.formField) add(node, 'workflow.graph.noFormField');
          break;
        case AssigneeType.nodeApprover:
          if (!p.nodeId || !all.some((n) => n.nodeId === p.nodeId && (n.type === 'approver' || n.type === 'start')))
            add(node, 'workflow.graph.unknownNode');
          break;
        case AssigneeType.members:
        case AssigneeType.candidates:
          if (!(p.approvers ?? []).length) add(node, 'workflow.graph.noApprover');
          break;
        case AssigneeType.interface:
          if (!p.interfaceId) add(node, 'workflow.graph.noInterface');
          break;
        case AssigneeType.departmentHead:
        case AssigneeType.initiator:
          break;
        default:
          add(node, 'workflow.graph.noApprover');
      }
      const step = p.rejectStep;
      if (step && !['0', '1', '2'].includes(step) && !all.some((n) => n.nodeId === step && n.type === 'approver'))
        add(node, 'workflow.graph.badRejectStep');
    }
    if (node.type === 'timer' && !hasTime(node)) add(node, 'workflow.graph.timerEmpty');
    if (node.type === 'subFlow' && !p.flowId) add(node, 'workflow.graph.noSubFlow');
  }
  return problems;
}

/** Milliseconds a timer node waits. */
export function timerDelayMs(node: FlowNode): number {
  const p = node.properties;
  return ((((p.day ?? 0) * 24 + (p.hour ?? 0)) * 60 + (p.minute ?? 0)) * 60 + (p.second ?? 0)) * 1000;
}

type FormValues = Readonly<Record<string, unknown>>;

/**
 * A sub-flow child's form values: each rule of `assignList` copies the parent's `parentField` into
 * the child's `childField`; fields no rule names start empty. Rules naming no field are skipped.
 */
export function assignFormValues(assignList: readonly FlowAssign[] | undefined, parent: FormValues) {
  const child: Record<string, unknown> = {};
  for (const entry of assignList ?? []) {
    const rules = entry.ruleList ?? [{ parentField: entry.parentField ?? '', childField: entry.childField ?? '' }];
    for (const { parentField, childField } of rules)
      if (parentField && childField && parent[parentField] !== undefined) child[childField] = parent[parentField];
  }
  return child;
}

function operand(item: ConditionItem, values: FormValues): unknown {
  if (item.fieldType === 3) {
    try {
      return evaluateExpression(item.field, values);
    } catch (error) {
      if (error instanceof CalcSyntaxError) return undefined;
      throw error;
    }
  }
  return values[item.field];
}

const isNumeric = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v)) ||
  (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));
const asText = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : Array.isArray(v)
      ? v.join(',')
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** One comparison of a condition: numbers compare as numbers when both sides are numeric, else as text. */
export function conditionItemHolds(item: ConditionItem, values: FormValues): boolean {
  const left = operand(item, values);
  const right = item.fieldValueType === 1 ? values[asText(item.fieldValue)] : item.fieldValue;
  if (item.symbol === 'like') return asText(left).includes(asText(right));
  if (item.symbol === 'notLike') return !asText(left).includes(asText(right));
  const numeric = isNumeric(left) && isNumeric(right);
  const a = numeric ? toCalcNumber(left) : asText(left);
  const b = numeric ? toCalcNumber(right) : asText(right);
  switch (item.symbol) {
    case '==':
      return a === b;
    case '<>':
      return a !== b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
  }
}

const isOr = (logic: string | undefined) => logic === 'or' || logic === '||';

/** Whether a condition node's conditions hold for the form values (a default branch always holds). */
export function conditionHolds(node: FlowNode, values: FormValues): boolean {
  const p = node.properties;
  if (p.isDefault) return true;
  const groups = (p.conditions ?? []).filter((g) => g.groups.length);
  if (!groups.length) return false;
  const groupHolds = groups.map((g) =>
    isOr(g.logic)
      ? g.groups.some((i) => conditionItemHolds(i, values))
      : g.groups.every((i) => conditionItemHolds(i, values)),
  );
  return isOr(p.matchLogic) ? groupHolds.some(Boolean) : groupHolds.every(Boolean);
}

/**
 * The branch a condition split takes: the first non-default branch (by priority, then order) whose
 * conditions hold, else the default branch, else none.
 */
export function chooseConditionBranch(branches: readonly FlowNode[], values: FormValues): FlowNode | undefined {
  const ordered = branches
    .map((b, index) => ({ b, index }))
    .sort((x, y) => (x.b.properties.priority ?? x.index) - (y.b.properties.priority ?? y.index) || x.index - y.index)
    .map((x) => x.b);
  return (
    ordered.find((b) => !b.properties.isDefault && conditionHolds(b, values)) ??
    ordered.find((b) => b.properties.isDefault)
  );
}
