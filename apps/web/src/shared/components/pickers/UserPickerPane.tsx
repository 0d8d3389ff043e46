import { ApartmentOutlined, BankOutlined, CheckOutlined, UserOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Tree, { type DataNode } from 'antd/es/tree';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { isNearBottom, nextPageOf, type PickerNode, userPickerApi, userSearchPageSize } from './api.ts';
import './pickers.css';

const levelKey = (id: string) => ['picker', 'user', 'level', id] as const;
const cached = { staleTime: 30_000, retry: false } as const;

function iconOf(node: PickerNode): ReactNode {
  if (node.type === 'user') return <UserOutlined />;
  if (node.type === 'company') return <BankOutlined />;
  return <ApartmentOutlined />;
}

function Quiet({ loading }: { loading: boolean }) {
  const { t } = useComponentsTranslation();
  return loading ? (
    <div className="user-picker-state">
      <Spin />
    </div>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
  );
}

/**
 * The organisation tree read one level at a time (widgets.md §7 "users by parent node id, lazily
 * loaded per tree node"): the top level on opening, a node's organisations and users when it is
 * expanded. Only users can be picked here.
 */
function UserLevelTree({ onPick }: { onPick: (node: PickerNode) => void }) {
  const queryClient = useQueryClient();
  const top = useQuery({ queryKey: levelKey('0'), queryFn: () => userPickerApi.level('0'), ...cached });
  const [levels, setLevels] = useState<Record<string, PickerNode[]>>({});

  // A user may belong to several organisations, so a tree key is the path of ids, not the id.
  const { treeData, byKey } = useMemo(() => {
    const byKey = new Map<string, PickerNode>();
    const build = (nodes: readonly PickerNode[], parentKey: string): DataNode[] =>
      nodes.map((node) => {
        const key = `${parentKey}/${node.id}`;
        byKey.set(key, node);
        const children = levels[key];
        return {
          key,
          title: node.fullName,
          icon: iconOf(node),
          isLeaf: node.type === 'user' || node.hasChildren === false,
          selectable: node.type === 'user',
          children: children ? build(children, key) : undefined,
        };
      });
    return { treeData: build(top.data ?? [], ''), byKey };
  }, [top.data, levels]);

  const loadLevel = async (key: string) => {
    const node = byKey.get(key);
    if (!node || levels[key]) return;
    try {
      const children = await queryClient.fetchQuery({
        queryKey: levelKey(node.id),
        queryFn: () => userPickerApi.level(node.id),
        ...cached,
      });
      setLevels((current) => ({ ...current, [key]: children }));
    } catch {
      // A failed level only stops the node's loading indicator (admin.md §8); it stays empty.
      setLevels((current) => ({ ...current, [key]: [] }));
    }
  };

  if (!treeData.length) return <Quiet loading={top.isLoading} />;
  return (
    <Tree
      blockNode
      showIcon
      treeData={treeData}
      loadData={(node) => loadLevel(String(node.key))}
      selectedKeys={[]}
      onSelect={(_, info) => {
        const node = byKey.get(String(info.node.key));
        if (node) onPick(node);
      }}
    />
  );
}

/**
 * Users matching the keyword as a flat list, 20 at a time; scrolling to within 200 px of the bottom
 * asks for the next page, until a page comes back shorter than the page size (widgets.md §4).
 */
function UserSearchList({
  keyword,
  pickedIds,
  onPick,
}: {
  keyword: string;
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerNode) => void;
}) {
  const pages = useInfiniteQuery({
    queryKey: ['picker', 'user', 'search', keyword],
    queryFn: ({ pageParam, signal }) => userPickerApi.search(keyword, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, all) => nextPageOf(all, userSearchPageSize),
    ...cached,
  });
  // Rows can shift between two pages while people are added; show each user once.
  const users = useMemo(() => {
    const byId = new Map<string, PickerNode>();
    for (const page of pages.data?.pages ?? [])
      for (const user of page.list) if (!byId.has(user.id)) byId.set(user.id, user);
    return [...byId.values()];
  }, [pages.data]);
  const box = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;

  const more = useCallback(
    (retry: boolean) => {
      const element = box.current;
      if (!element || !hasNextPage || isFetchingNextPage || (isFetchNextPageError && !retry)) return;
      if (isNearBottom(element)) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage],
  );
  // A page that does not fill the pane leaves nothing to scroll: look again after every page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page is a reason to look
  useEffect(() => more(false), [more, users.length]);

  return (
    <div className="selector-dialog-pane-body" ref={box} onScroll={() => more(true)}>
      {users.length ? (
        <div className="user-picker-list">
          {users.map((user) => (
            <button
              type="button"
              key={user.id}
              className="user-picker-item"
              aria-pressed={pickedIds.has(user.id)}
              onClick={() => onPick(user)}
            >
              <UserOutlined className="user-picker-item-icon" />
              <span className="user-picker-item-text">
                <span className="user-picker-item-name">{user.fullName}</span>
                {typeof user.organize === 'string' && user.organize ? (
                  <span className="user-picker-item-organize">{user.organize}</span>
                ) : null}
              </span>
              {pickedIds.has(user.id) ? <CheckOutlined className="user-picker-item-check" /> : null}
            </button>
          ))}
          {isFetchingNextPage ? (
            <div className="user-picker-state">
              <Spin size="small" />
            </div>
          ) : null}
        </div>
      ) : (
        <Quiet loading={pages.isLoading} />
      )}
    </div>
  );
}

/** The left pane of the user picker: the lazily loaded tree, or with a keyword the paged list. */
export function UserPickerPane({
  keyword,
  pickedIds,
  onPick,
}: {
  keyword: string;
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerNode) => void;
}) {
  return keyword ? (
    <UserSearchList key={keyword} keyword={keyword} pickedIds={pickedIds} onPick={onPick} />
  ) : (
    <div className="selector-dialog-pane-body">
      <UserLevelTree onPick={onPick} />
    </div>
  );
}
