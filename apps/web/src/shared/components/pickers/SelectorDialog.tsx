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
import {
  filterTree,
  flattenNodes,
  type PickerKind,
  type PickerMode,
  type PickerNode,
  pickerSources,
  selectableIn,
  treeSource,
  typedId,
  typeOfId,
} from './api.ts';
import { MixedPickerPane } from './MixedPickerPane.tsx';
import { UserPickerPane } from './UserPickerPane.tsx';

export interface PickedItem {
  id: string;
  fullName: string;
  /** The mixed picker's kind of item (user, company, department, role, position, group). */
  type?: string;
}

/** A tree other screens share with the pickers (the organisation side of lists, the authorisation page). */
export function usePickerTree(kind: Exclude<PickerKind, 'users'>, enabled = true) {
  return useQuery({
    queryKey: ['picker', kind],
    queryFn: pickerSources[kind].load,
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}

type TreeKind = Exclude<PickerKind, 'user' | 'users'>;

function useModeTree(kind: TreeKind, mode: PickerMode, ableIds: readonly string[], enabled: boolean) {
  const source = treeSource(kind, mode, ableIds);
  return useQuery({ queryKey: source.key, queryFn: source.load, enabled, staleTime: 30_000, retry: false });
}

function toDataNodes(nodes: readonly PickerNode[], selectable: (node: PickerNode) => boolean): DataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.fullName,
    selectable: selectable(node) && node.disabled !== true && node.enabledMark !== 0,
    isLeaf: !node.children?.length,
    children: node.children?.length ? toDataNodes(node.children, selectable) : undefined,
  }));
}

/** The headings of the selected pane in multiple mode (widgets.md §2), in the spec's order. */
const groupOrder = ['department', 'position', 'user', 'group', 'role'] as const;
const headingOf = (item: PickedItem) => {
  const type = item.type ?? typeOfId(item.id);
  return type === 'company' ? 'department' : type;
};

function PickedList({ items, onRemove }: { items: readonly PickedItem[]; onRemove: (id: string) => void }) {
  const { t } = useComponentsTranslation();
  return (
    <>
      {items.map((item) => (
        <div className="selector-dialog-item" key={item.id}>
          <span>{item.fullName}</span>
          <Button
            type="text"
            size="small"
            aria-label={t('removeItem', { name: item.fullName })}
            icon={<CloseOutlined />}
            onClick={() => onRemove(item.id)}
          />
        </div>
      ))}
    </>
  );
}

/** The tree of a tree picker, expanded, with what may not be chosen greyed; a click picks a node. */
function PickerTree({
  loading,
  nodes,
  selectable,
  resetKey,
  onPick,
}: {
  loading: boolean;
  nodes: readonly PickerNode[];
  selectable: (node: PickerNode) => boolean;
  resetKey: string;
  onPick: (id: string) => void;
}) {
  const { t } = useComponentsTranslation();
  if (loading) return <Spin />;
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  return (
    <Tree
      blockNode
      treeData={toDataNodes(nodes, selectable)}
      defaultExpandAll
      key={resetKey}
      selectedKeys={[]}
      onSelect={(_, info) => onPick(String(info.node.key))}
    />
  );
}

/** The right pane: what is chosen, with 清空列表; the mixed picker's under a heading per type. */
function PickedPane({
  picked,
  grouped,
  onClear,
  onRemove,
}: {
  picked: readonly PickedItem[];
  grouped: boolean;
  onClear: () => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useComponentsTranslation();
  return (
    <div className="selector-dialog-pane">
      <div className="selector-dialog-pane-head">
        <span>
          {t('selected')} ({picked.length})
        </span>
        <Button type="link" size="small" onClick={onClear}>
          {t('clearList')}
        </Button>
      </div>
      <div className="selector-dialog-pane-body">
        {grouped ? (
          groupOrder.map((heading) => {
            const items = picked.filter((item) => headingOf(item) === heading);
            return items.length ? (
              <section key={heading} aria-label={t(`types.${heading}`)}>
                <div className="selector-dialog-group">{t(`types.${heading}`)}</div>
                <PickedList items={items} onRemove={onRemove} />
              </section>
            ) : null;
          })
        ) : (
          <PickedList items={picked} onRemove={onRemove} />
        )}
      </div>
    </div>
  );
}

/**
 * The common selector dialog of widgets.md §2: 800 px, not closed by the backdrop, a keyword box
 * (Enter searches), the tree on the left, the chosen items on the right with 清空列表, cancel and
 * confirm. The role picker splits its tree into 组织 and 全局 tabs; the user picker reads its tree
 * a level at a time and searches page by page (UserPickerPane); the mixed picker has its type tabs
 * (MixedPickerPane) and, in multiple mode, shows what is chosen under a heading per type.
 */
export function SelectorDialog({
  kind,
  open,
  multiple = false,
  mode = 'all',
  ableIds = [],
  hasSys = false,
  value,
  title,
  onOk,
  onCancel,
}: {
  kind: PickerKind;
  open: boolean;
  multiple?: boolean;
  mode?: PickerMode;
  ableIds?: readonly string[];
  /** The user picker's 系统变量 tab (the current user). */
  hasSys?: boolean;
  value: PickedItem[];
  title?: string;
  onOk: (items: PickedItem[]) => void;
  onCancel: () => void;
}) {
  const { t } = useComponentsTranslation();
  const treeKind = kind === 'user' || kind === 'users' ? null : kind;
  const tree = useModeTree(treeKind ?? 'organize', mode, ableIds, open && treeKind !== null);
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

  // The role tree's 全局 branch (id "1") is the 全局 tab; the organisations' roles the other (widgets.md §4).
  const nodes = useMemo(() => {
    let list = tree.data ?? [];
    if (kind === 'role' && mode !== 'custom')
      list = list.filter((node) => (roleTab === 'global') === (node.type === 'global'));
    return filterTree(list, searched);
  }, [tree.data, kind, mode, roleTab, searched]);
  const byId = useMemo(() => new Map(flattenNodes(tree.data ?? []).map((n) => [n.id, n])), [tree.data]);

  const pickedIds = useMemo(() => new Set(picked.map((item) => item.id)), [picked]);

  // Single mode replaces the choice; multiple mode appends what is not there yet (widgets.md §4).
  const pickNode = (node: PickerNode) => {
    const item =
      kind === 'users'
        ? { id: typedId(node), fullName: node.fullName, type: typeOfId(typedId(node)) }
        : { id: node.id, fullName: node.fullName };
    setPicked((current) =>
      multiple ? (current.some((c) => c.id === item.id) ? current : [...current, item]) : [item],
    );
  };
  const selectable = treeKind ? selectableIn[treeKind] : () => false;
  const pick = (id: string) => {
    const node = byId.get(id);
    if (node && selectable(node)) pickNode(node);
  };
  const remove = (id: string) => setPicked((current) => current.filter((c) => c.id !== id));

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
              aria-label={t('keyword')}
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
          {kind === 'role' && mode !== 'custom' ? (
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
          {kind === 'user' ? (
            <UserPickerPane
              keyword={searched}
              mode={mode}
              ableIds={ableIds}
              hasSys={hasSys}
              pickedIds={pickedIds}
              onPick={pickNode}
            />
          ) : kind === 'users' ? (
            <MixedPickerPane
              keyword={searched}
              mode={mode}
              ableIds={ableIds}
              multiple={multiple}
              pickedIds={pickedIds}
              onPick={pickNode}
            />
          ) : (
            <div className="selector-dialog-pane-body">
              <PickerTree
                loading={tree.isLoading}
                nodes={nodes}
                selectable={selectable}
                // A new search or tab opens the tree afresh, expanded.
                resetKey={`${searched}-${roleTab}`}
                onPick={pick}
              />
            </div>
          )}
        </div>
        <PickedPane
          picked={picked}
          grouped={multiple && kind === 'users'}
          onClear={() => setPicked([])}
          onRemove={remove}
        />
      </div>
    </Modal>
  );
}
