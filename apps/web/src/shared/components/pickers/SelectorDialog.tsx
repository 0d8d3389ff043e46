import { CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Tree, { type DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import '../list-page.css';
import { filterTree, flattenNodes, type PickerKind, type PickerNode, pickerSources } from './api.ts';
import { UserPickerPane } from './UserPickerPane.tsx';

export interface PickedItem {
  id: string;
  fullName: string;
}

export function usePickerTree(kind: PickerKind, enabled = true) {
  return useQuery({
    queryKey: ['picker', kind],
    queryFn: pickerSources[kind].load,
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}

function toDataNodes(nodes: readonly PickerNode[], selectable: (node: PickerNode) => boolean): DataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.fullName,
    selectable: selectable(node),
    isLeaf: !node.children?.length,
    children: node.children?.length ? toDataNodes(node.children, selectable) : undefined,
  }));
}

/**
 * The common selector dialog of widgets.md §2: 800 px, not closed by the backdrop, a keyword box
 * (Enter searches), the tree on the left, the chosen items on the right with 清空列表, cancel and
 * confirm. The role picker splits its tree into 组织 and 全局 tabs; the user picker reads its tree
 * a level at a time and searches page by page (UserPickerPane).
 */
export function SelectorDialog({
  kind,
  open,
  multiple = false,
  value,
  title,
  onOk,
  onCancel,
}: {
  kind: PickerKind;
  open: boolean;
  multiple?: boolean;
  value: PickedItem[];
  title?: string;
  onOk: (items: PickedItem[]) => void;
  onCancel: () => void;
}) {
  const { t } = useComponentsTranslation();
  const source = pickerSources[kind];
  const lazy = kind === 'user';
  const tree = usePickerTree(kind, open && !lazy);
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  const [picked, setPicked] = useState<PickedItem[]>(value);
  const [roleTab, setRoleTab] = useState<'organize' | 'global'>('organize');

  useEffect(() => {
    if (open) {
      setPicked(value);
      setKeyword('');
      setSearched('');
    }
  }, [open, value]);

  const nodes = useMemo(() => {
    let list = tree.data ?? [];
    if (kind === 'role') list = list.filter((node) => (roleTab === 'global') === (node.type === 'global'));
    return filterTree(list, searched);
  }, [tree.data, kind, roleTab, searched]);
  const byId = useMemo(() => new Map(flattenNodes(tree.data ?? []).map((n) => [n.id, n])), [tree.data]);

  const pickedIds = useMemo(() => new Set(picked.map((item) => item.id)), [picked]);

  // Single mode replaces the choice; multiple mode appends what is not there yet (widgets.md §4).
  const pickNode = (node: PickerNode) => {
    if (!source.selectable(node)) return;
    const item = { id: node.id, fullName: node.fullName };
    setPicked((current) =>
      multiple ? (current.some((c) => c.id === node.id) ? current : [...current, item]) : [item],
    );
  };
  const pick = (id: string) => {
    const node = byId.get(id);
    if (node) pickNode(node);
  };

  const treeView = tree.isLoading ? (
    <Spin />
  ) : nodes.length ? (
    <Tree
      blockNode
      treeData={toDataNodes(nodes, source.selectable)}
      defaultExpandAll
      key={`${searched}-${roleTab}`}
      selectedKeys={[]}
      onSelect={(_, info) => pick(String(info.node.key))}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
  );

  return (
    <Modal
      open={open}
      width={800}
      title={title ?? t(`picker.${kind}`)}
      maskClosable={false}
      destroyOnHidden
      okText={t('ok')}
      cancelText={t('cancel')}
      onCancel={onCancel}
      onOk={() => onOk(picked)}
    >
      <div className="selector-dialog">
        <div className="selector-dialog-pane">
          <div className="selector-dialog-pane-head">
            <Input.Search
              size="small"
              placeholder={t('keywordPlaceholder')}
              value={keyword}
              allowClear
              onChange={(e) => {
                setKeyword(e.target.value);
                // Emptying the box is clearing the search: back to the whole tree.
                if (!e.target.value.trim()) setSearched('');
              }}
              onSearch={(word) => setSearched(word.trim())}
            />
          </div>
          {kind === 'role' ? (
            <Tabs
              size="small"
              centered
              activeKey={roleTab}
              onChange={(key) => setRoleTab(key as 'organize' | 'global')}
              items={[
                { key: 'organize', label: t('roleTabs.organize') },
                { key: 'global', label: t('roleTabs.global') },
              ]}
            />
          ) : null}
          {lazy ? (
            <UserPickerPane keyword={searched} pickedIds={pickedIds} onPick={pickNode} />
          ) : (
            <div className="selector-dialog-pane-body">{treeView}</div>
          )}
        </div>
        <div className="selector-dialog-pane">
          <div className="selector-dialog-pane-head">
            <span>
              {t('selected')} ({picked.length})
            </span>
            <Button type="link" size="small" onClick={() => setPicked([])}>
              {t('clearList')}
            </Button>
          </div>
          <div className="selector-dialog-pane-body">
            {picked.map((item) => (
              <div className="selector-dialog-item" key={item.id}>
                <span>{item.fullName}</span>
                <Button
                  type="text"
                  size="small"
                  aria-label={`${t('clearList')} ${item.fullName}`}
                  icon={<CloseOutlined />}
                  onClick={() => setPicked((current) => current.filter((c) => c.id !== item.id))}
                />
              </div>
            ))}
          </div>
        </div>
      </div>
    </Modal>
  );
}
