import { useQuery } from '@tanstack/react-query';
import Tabs from 'antd/es/tabs';
import Tree, { type DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import {
  filterTree,
  flattenNodes,
  mixedTabSources,
  type PickerMode,
  type PickerNode,
  typeOfId,
  userPickerApi,
} from './api.ts';
import { iconOf, Quiet, UserLevelTree, UserRows, UserSearchList } from './UserPickerPane.tsx';

type MixedTab = 'department' | keyof typeof mixedTabSources;
const listTabs = ['role', 'position', 'group'] as const;
const cached = { staleTime: 30_000, retry: false } as const;
const organizations = new Set(['company', 'department']);

/** One of the role, position and group tabs: its tree, cut by the keyword; only nodes of the tab's type are chosen. */
function TypedTree({
  tab,
  keyword,
  onPick,
}: {
  tab: (typeof listTabs)[number];
  keyword: string;
  onPick: (node: PickerNode) => void;
}) {
  const tree = useQuery({ queryKey: ['picker', 'users', tab], queryFn: mixedTabSources[tab], ...cached });
  const nodes = useMemo(() => filterTree(tree.data ?? [], keyword), [tree.data, keyword]);
  const byId = useMemo(() => new Map(flattenNodes(tree.data ?? []).map((n) => [n.id, n])), [tree.data]);
  const toData = (list: readonly PickerNode[]): DataNode[] =>
    list.map((node) => ({
      key: node.id,
      title: node.fullName,
      icon: iconOf(node),
      selectable: node.type === tab,
      isLeaf: !node.children?.length,
      children: node.children?.length ? toData(node.children) : undefined,
    }));
  if (!nodes.length) return <Quiet loading={tree.isLoading} />;
  return (
    <Tree
      blockNode
      defaultExpandAll
      key={keyword}
      treeData={toData(nodes)}
      selectedKeys={[]}
      onSelect={(_, info) => {
        const node = byId.get(String(info.node.key));
        if (node) onPick(node);
      }}
    />
  );
}

/** Custom mode: the ableIds themselves, named by getSelectedList, as one flat 全部数据 list. */
function AbleList({
  ableIds,
  keyword,
  pickedIds,
  onPick,
}: {
  ableIds: readonly string[];
  keyword: string;
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerNode) => void;
}) {
  const items = useQuery({
    queryKey: ['picker', 'users', 'able', [...ableIds].sort()],
    queryFn: () => (ableIds.length ? userPickerApi.selected([...ableIds]) : Promise.resolve([])),
    ...cached,
  });
  const word = keyword.trim().toLowerCase();
  const shown = (items.data ?? [])
    .map((item) => ({ ...item, type: typeOfId(item.id), id: item.id.split('--')[0] ?? item.id }))
    .filter((item) => !word || item.fullName.toLowerCase().includes(word));
  return (
    <div className="selector-dialog-pane-body">
      {shown.length ? (
        <div className="user-picker-list">
          <UserRows users={shown} pickedIds={pickedIds} onPick={onPick} />
        </div>
      ) : (
        <Quiet loading={items.isLoading} />
      )}
    </div>
  );
}

/**
 * The left pane of the mixed users / roles / positions / groups picker (widgets.md §2): a 部门 tab
 * (the organisation tree with its users; in multiple mode companies and departments may be chosen
 * too) and, in multiple mode only, 角色, 岗位 and 分组 tabs. A keyword on the 部门 tab lists
 * matching users page by page. Custom mode shows only the ableIds as a flat list.
 */
export function MixedPickerPane({
  keyword,
  mode,
  ableIds,
  multiple,
  pickedIds,
  onPick,
}: {
  keyword: string;
  mode: PickerMode;
  ableIds: readonly string[];
  multiple: boolean;
  /** Typed ids (`id--type`) of what is chosen. */
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerNode) => void;
}) {
  const { t } = useComponentsTranslation();
  const [tab, setTab] = useState<MixedTab>('department');
  const bareIds = useMemo(() => new Set([...pickedIds].map((id) => id.split('--')[0] ?? id)), [pickedIds]);
  const selectable = useMemo(
    () => (node: PickerNode) =>
      node.type === 'user' || (multiple && organizations.has(String(node.category ?? node.type))),
    [multiple],
  );
  if (mode === 'custom')
    return (
      <>
        <Tabs size="small" activeKey="all" items={[{ key: 'all', label: t('userTabs.all') }]} />
        <AbleList ableIds={ableIds} keyword={keyword} pickedIds={bareIds} onPick={onPick} />
      </>
    );
  const tabs = [
    { key: 'department', label: t('types.department') },
    ...(multiple ? listTabs.map((key) => ({ key, label: t(`types.${key}`) })) : []),
  ];
  return (
    <>
      <Tabs size="small" activeKey={tab} onChange={(key) => setTab(key as MixedTab)} items={tabs} />
      {tab === 'department' && keyword ? (
        <UserSearchList key={keyword} keyword={keyword} pickedIds={bareIds} onPick={onPick} />
      ) : null}
      {tab === 'department' && !keyword ? (
        <div className="selector-dialog-pane-body">
          <UserLevelTree onPick={onPick} selectable={selectable} />
        </div>
      ) : null}
      {tab !== 'department' ? (
        <div className="selector-dialog-pane-body">
          <TypedTree tab={tab} keyword={keyword} onPick={onPick} />
        </div>
      ) : null}
    </>
  );
}
