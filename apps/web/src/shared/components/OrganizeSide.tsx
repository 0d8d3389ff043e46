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
 * The organisation tree on the left of the user, position and role lists: a search box and the
 * companies and departments the caller may see. The chosen node is the list's `organizeId` filter;
 * clicking it again clears it.
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
  const value = list.state.fixed.organizeId;
  const { t } = useComponentsTranslation();
  const tree = usePickerTree('organize');
  const [keyword, setKeyword] = useState('');
  const data = useMemo(
    () => toData(filterTree([...roots, ...(tree.data ?? [])], keyword)),
    [roots, tree.data, keyword],
  );
  return (
    <>
      <div className="list-side-title">{title}</div>
      <Input.Search
        size="small"
        allowClear
        placeholder={t('keywordPlaceholder')}
        onSearch={setKeyword}
        style={{ marginBottom: 8 }}
      />
      {tree.isLoading ? (
        <Spin />
      ) : data.length ? (
        <Tree
          blockNode
          key={keyword}
          defaultExpandAll
          treeData={data}
          selectedKeys={value ? [value] : []}
          onSelect={(keys) => list.setFixed({ organizeId: keys.length ? String(keys[0]) : undefined })}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      )}
    </>
  );
}
