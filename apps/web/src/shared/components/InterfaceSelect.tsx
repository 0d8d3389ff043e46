import type { DataInterfaceNode } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import TreeSelect from 'antd/es/tree-select';
import { http } from '../api/http.ts';

interface TreeNode {
  value: string;
  title: string;
  selectable: boolean;
  children: TreeNode[];
}
const treeOf = (nodes: readonly DataInterfaceNode[]): TreeNode[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    // Category nodes (type 0) only group the interfaces.
    selectable: n.type !== 0,
    children: treeOf(n.children ?? []),
  }));

/**
 * The enabled data interfaces by category: a choice field's options (visualdev) or an approver
 * node's handlers (workflow) come from the one chosen.
 */
export function InterfaceSelect({
  id,
  value,
  onChange,
  'aria-label': ariaLabel,
}: {
  /** Optional: a form item gives its own id, value and onChange. */
  id?: string;
  value?: string | undefined;
  onChange?: (value: string | undefined) => void;
  'aria-label'?: string;
}) {
  const nodes = useQuery({
    queryKey: ['dataInterface', 'selector'],
    queryFn: () => http.get<DataInterfaceNode[]>('/api/system/DataInterface/Selector'),
    staleTime: 60_000,
  });
  return (
    <TreeSelect
      id={id}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={nodes.isLoading}
      treeData={treeOf(nodes.data ?? [])}
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      aria-label={ariaLabel}
    />
  );
}
