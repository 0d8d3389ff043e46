import type { TFunction } from 'i18next';
import type { ConditionGroup } from './designer/summary.ts';
import { type FlowNode, walk } from './graph.ts';

const filled = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '';

/** The problem of one node, as a locale key, or null when it can run. */
function problemOf(node: FlowNode): string | null {
  const p = node.properties;
  switch (node.type) {
    case 'start':
      return filled(p.formId) ? null : 'errors.noForm';
    case 'approver': {
      const kind = Number(p.assigneeType ?? 6);
      if ((kind === 6 || kind === 7) && !filled(p.approvers)) return 'errors.noApprover';
      if (kind === 4 && !filled(p.formField)) return 'errors.noFormField';
      if (kind === 5 && !filled(p.nodeId)) return 'errors.noNode';
      return null;
    }
    case 'condition': {
      if (p.isDefault === true) return null;
      const groups = (Array.isArray(p.conditions) ? p.conditions : []) as ConditionGroup[];
      const complete =
        groups.some((g) => g.groups?.length) &&
        groups.every((g) => g.groups.every((c) => filled(c.field) && filled(c.symbol)));
      return complete ? null : 'errors.noCondition';
    }
    case 'subFlow':
      return filled(p.flowId) ? null : 'errors.noSubFlow';
    default:
      return null;
  }
}

/** What stops a flow from being released, by node id, in the user's language (shown on the nodes). */
export function graphErrors(tree: FlowNode, t: TFunction<'workflow'>): Map<string, string> {
  const out = new Map<string, string>();
  for (const node of walk(tree)) {
    const key = problemOf(node);
    if (key) out.set(node.nodeId, t(key));
  }
  return out;
}
