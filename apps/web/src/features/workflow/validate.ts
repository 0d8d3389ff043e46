import { validateFlowGraph } from '@platform/shared';
import type { TFunction } from 'i18next';
import type { FlowNode } from './graph.ts';

/**
 * What stops a flow from being released, by node id, in the user's language (shown on the nodes):
 * the shared `validateFlowGraph` (the server runs the same before a release), and a start node
 * without its form, which the designer needs before anything can be launched.
 */
export function graphErrors(tree: FlowNode, t: TFunction<'workflow'>): Map<string, string> {
  const out = new Map<string, string>();
  if (tree.type === 'start' && !tree.properties.formId) out.set(tree.nodeId, t('graph.noForm'));
  for (const problem of validateFlowGraph(tree)) {
    if (!out.has(problem.nodeId)) out.set(problem.nodeId, t(problem.key.replace(/^workflow\./, '')));
  }
  return out;
}
