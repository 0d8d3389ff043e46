import { type TreePanel, type TreePanelNode, treeNodeValues, treePanelNodes } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dictionariesQueryKey, fetchAllDictionaries } from '../../shared/api/dictionaries.ts';
import type { PickerNode } from '../../shared/components/pickers/api.ts';
import { interfaceSelectApi } from '../../shared/components/pickers/popup-api.ts';
import { usePickerTree } from '../../shared/components/pickers/SelectorDialog.tsx';

/** widgets.md §9: a tree read from a data interface asks for every row (10000) at once. */
const interfaceRows = 10_000;

/**
 * The tree of a type 2 list as the side panel draws it: node ids are positions ("0-2-1"), since
 * values may repeat in different branches; `valuesOf` answers what a chosen node filters by (its
 * value and those below it).
 */
export function toSideNodes(nodes: readonly TreePanelNode[]) {
  const byId = new Map<string, TreePanelNode>();
  const walk = (list: readonly TreePanelNode[], path: string): PickerNode[] =>
    list.map((node, index) => {
      const id = path ? `${path}-${index}` : String(index);
      byId.set(id, node);
      return { id, fullName: node.label, children: walk(node.children, id) };
    });
  const side = walk(nodes, '');
  return { nodes: side, valuesOf: (id: string) => (byId.has(id) ? treeNodeValues(byId.get(id) as TreePanelNode) : []) };
}

/** The nodes of the panel's source: a dictionary's entries, a data interface's rows or the organisations. */
export function useTreePanel(panel: TreePanel | null) {
  const source = panel?.source;
  const dictionaries = useQuery({
    queryKey: dictionariesQueryKey,
    queryFn: fetchAllDictionaries,
    staleTime: 60_000,
    enabled: source === 'dictionary',
  });
  const rows = useQuery({
    queryKey: ['visualdev', 'treePanel', panel?.interfaceId, panel?.value, panel?.label],
    queryFn: () =>
      interfaceSelectApi.list(
        {
          interfaceId: panel?.interfaceId ?? '',
          propsValue: panel?.value ?? 'id',
          relationField: panel?.label ?? 'fullName',
          columns: [],
          paramList: [],
        },
        { keyword: '', currentPage: 1, pageSize: interfaceRows },
      ),
    staleTime: 60_000,
    enabled: source === 'api',
  });
  const organisations = usePickerTree('organize', source === 'organize');
  const tree = useMemo(() => {
    if (!panel) return toSideNodes([]);
    if (panel.source === 'dictionary') {
      const found = dictionaries.data?.list.find((d) => d.id === panel.dictionary || d.enCode === panel.dictionary);
      const value = panel.value === 'enCode' ? 'enCode' : 'id';
      return toSideNodes(
        treePanelNodes(found?.dictionaryList ?? [], { value, label: 'fullName', children: 'children' }),
      );
    }
    if (panel.source === 'api') return toSideNodes(treePanelNodes(rows.data?.list ?? [], panel));
    return toSideNodes(
      treePanelNodes(organisations.data ?? [], { value: 'id', label: 'fullName', children: 'children' }),
    );
  }, [panel, dictionaries.data, rows.data, organisations.data]);
  const loading =
    (source === 'dictionary' && dictionaries.isLoading) ||
    (source === 'api' && rows.isLoading) ||
    (source === 'organize' && organisations.isLoading);
  return { ...tree, loading };
}
