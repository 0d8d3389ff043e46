import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Tree, { type DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useComponentsTranslation } from './i18n.ts';
import type { ListController } from './list.ts';
import { filterTree, type PickerNode } from './pickers/api.ts';
import { usePickerTree } from './pickers/SelectorDialog.tsx';

const toData = (nodes: readonly PickerNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.fullName, children: n.children?.length ? toData(n.children) : undefined }));

/**
 * A tree on the left of a list: its title, a search box and the nodes. The chosen node filters the
 * list; clicking it again clears the choice.
 */
export function TreeSide({
  title,
  nodes,
  loading,
  selected,
  onSelect,
}: {
  title: string;
  nodes: readonly PickerNode[];
  loading?: boolean;
  selected: string | undefined;
  onSelect: (id: string | undefined) => void;
}) {
  const { t } = useComponentsTranslation();
  const [keyword, setKeyword] = useState('');
  const data = useMemo(() => toData(filterTree(nodes, keyword)), [nodes, keyword]);
  return (
    <>
      <div className="list-side-title">{title}</div>
      <Input.Search
        size="small"
        allowClear
        aria-label={t('keywordPlaceholder')}
        placeholder={t('keywordPlaceholder')}
        onSearch={setKeyword}
        style={{ marginBottom: 8 }}
      />
      {loading ? (
        <Spin />
      ) : data.length ? (
        <Tree
          blockNode
          key={keyword}
          defaultExpandAll
          treeData={data}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      )}
    </>
  );
}

/**
 * The organisation tree on the left of the user, position and role lists: the companies and
 * departments the caller may see; the chosen node is the list's `organizeId` filter.
 */
export function OrganizeSide({
  title,
  list,
  roots = [],
}: {
  title: string;
  list: Pick<ListController<unknown, object, { organizeId?: string }>, 'state' | 'setFixed'>;
  /** Nodes shown above the organisations (the role page's 全局). */
  roots?: PickerNode[];
}) {
  const tree = usePickerTree('organize');
  const nodes = useMemo(() => [...roots, ...(tree.data ?? [])], [roots, tree.data]);
  return (
    <TreeSide
      title={title}
      nodes={nodes}
      loading={tree.isLoading}
      selected={list.state.fixed.organizeId}
      onSelect={(organizeId) => list.setFixed({ organizeId })}
    />
  );
}
