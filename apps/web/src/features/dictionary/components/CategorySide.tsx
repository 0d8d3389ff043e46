import { MoreOutlined } from '@ant-design/icons';
import type { DictionaryTypeNode } from '@platform/shared';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Tree, { type DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComponentsTranslation } from '../../../shared/components/index.ts';

function filtered(nodes: readonly DictionaryTypeNode[], word: string): DictionaryTypeNode[] {
  if (!word) return [...nodes];
  return nodes.flatMap((node) => {
    const children = filtered(node.children, word);
    return node.fullName.toLowerCase().includes(word) || children.length ? [{ ...node, children }] : [];
  });
}
const toData = (nodes: readonly DictionaryTypeNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.fullName, children: n.children.length ? toData(n.children) : undefined }));
const keysOf = (nodes: readonly DictionaryTypeNode[]): string[] =>
  nodes.flatMap((n) => (n.children.length ? [n.id, ...keysOf(n.children)] : []));

/**
 * The category tree on the left of the dictionary page (admin.md 2.1): a filter box, the actions
 * menu (refresh, expand all, collapse all, category management) and the tree; clicking a category
 * selects it.
 */
export function CategorySide({
  types,
  loading,
  selectedId,
  onSelect,
  onRefresh,
  onManage,
}: {
  types: readonly DictionaryTypeNode[];
  loading: boolean;
  selectedId: string | undefined;
  onSelect: (node: DictionaryTypeNode) => void;
  onRefresh: () => void;
  onManage: () => void;
}) {
  const { t } = useTranslation('dictionary');
  const { t: c } = useComponentsTranslation();
  const [keyword, setKeyword] = useState('');
  const word = keyword.trim().toLowerCase();
  const shown = useMemo(() => filtered(types, word), [types, word]);
  const byId = useMemo(() => {
    const map = new Map<string, DictionaryTypeNode>();
    const walk = (nodes: readonly DictionaryTypeNode[]) => {
      for (const n of nodes) {
        map.set(n.id, n);
        walk(n.children);
      }
    };
    walk(types);
    return map;
  }, [types]);
  const [expanded, setExpanded] = useState<string[]>([]);
  // A new tree (or a filter) opens every branch, as the platform's page does; keyed by content,
  // so a parent's re-render with an equal tree keeps what the person folded.
  const branches = keysOf(shown).join(',');
  useEffect(() => setExpanded(branches ? branches.split(',') : []), [branches]);
  return (
    <>
      <div
        className="list-side-title"
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
      >
        <span>{t('categories')}</span>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'refresh', label: t('refreshTree') },
              { key: 'expand', label: t('expandAll') },
              { key: 'collapse', label: t('collapseAll') },
              { key: 'manage', label: t('manageCategories') },
            ],
            onClick: ({ key }) => {
              if (key === 'refresh') onRefresh();
              if (key === 'expand') setExpanded(keysOf(shown));
              if (key === 'collapse') setExpanded([]);
              if (key === 'manage') onManage();
            },
          }}
        >
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('moreActions')} />
        </Dropdown>
      </div>
      <Input
        size="small"
        allowClear
        placeholder={t('filterPlaceholder')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ margin: '8px 0' }}
      />
      {loading ? (
        <Spin />
      ) : shown.length ? (
        <Tree
          blockNode
          treeData={toData(shown)}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(_, { node }) => {
            const type = byId.get(String(node.key));
            if (type) onSelect(type);
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c('empty')} />
      )}
    </>
  );
}
