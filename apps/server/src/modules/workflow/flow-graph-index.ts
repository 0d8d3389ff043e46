import { type FlowNode, flowNodeName, flowNodes } from '@platform/shared';

/**
 * A version's graph with what the engine asks of it: a node by id, and for a node that ends a
 * branch, the split it joins back to (a branch runs from a condition node down its childNode chain;
 * when the chain stops, the flow continues at the split owner's childNode).
 */
export class GraphIndex {
  private readonly byId = new Map<string, FlowNode>();
  private readonly splitOf = new Map<string, FlowNode>();

  constructor(readonly root: FlowNode) {
    for (const node of flowNodes(root)) this.byId.set(node.nodeId, node);
    for (const owner of this.byId.values()) {
      for (const branch of owner.conditionNodes ?? []) {
        for (let n: FlowNode | null | undefined = branch; n; n = n.childNode) this.splitOf.set(n.nodeId, owner);
      }
    }
  }

  static parse(graph: string): GraphIndex {
    return new GraphIndex(JSON.parse(graph) as FlowNode);
  }

  node(nodeId: string): FlowNode | undefined {
    return this.byId.get(nodeId);
  }

  name(nodeId: string): string {
    const node = this.byId.get(nodeId);
    return node ? flowNodeName(node) : nodeId;
  }

  /** The split whose branch `node` ends, when its chain stops there. */
  joinOf(node: FlowNode): FlowNode | undefined {
    return this.splitOf.get(node.nodeId);
  }

  approvers(): FlowNode[] {
    return [...this.byId.values()].filter((n) => n.type === 'approver');
  }
}
