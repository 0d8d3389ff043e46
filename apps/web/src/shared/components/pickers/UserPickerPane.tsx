import { ApartmentOutlined, BankOutlined, CheckOutlined, UserOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Tree, { type DataNode } from 'antd/es/tree';
import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import {
  currentUserId,
  isNearBottom,
  nextPageOf,
  type PickerMode,
  type PickerNode,
  userPickerApi,
  userSearchPageSize,
} from './api.ts';
import './pickers.css';

const levelKey = (id: string, mode: PickerMode) => ['picker', 'user', 'level', mode, id] as const;
const cached = { staleTime: 30_000, retry: false } as const;

export function iconOf(node: PickerNode): ReactNode {
  if (node.type === 'user') return <UserOutlined />;
  if (node.type === 'company') return <BankOutlined />;
  return <ApartmentOutlined />;
}

export function Quiet({ loading }: { loading: boolean }) {
  const { t } = useComponentsTranslation();
  return loading ? (
    <div className="user-picker-state">
      <Spin />
    </div>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
  );
}

const onlyUsers = (node: PickerNode) => node.type === 'user';

/**
 * The organisation tree read one level at a time (widgets.md §7 "users by parent node id, lazily
 * loaded per tree node"): the top level on opening, a node's organisations and users when it is
 * expanded. In auth mode the levels are those of the caller's data scope (GetListByAuthorize).
 * Only users can be picked, unless `selectable` says more (the mixed picker's organisations).
 */
export function UserLevelTree({
  mode = 'all',
  onPick,
  selectable = onlyUsers,
}: {
  mode?: PickerMode;
  onPick: (node: PickerNode) => void;
  selectable?: (node: PickerNode) => boolean;
}) {
  const queryClient = useQueryClient();
  const top = useQuery({ queryKey: levelKey('0', mode), queryFn: () => userPickerApi.level('0', mode), ...cached });
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
          selectable: selectable(node),
          children: children ? build(children, key) : undefined,
        };
      });
    return { treeData: build(top.data ?? [], ''), byKey };
  }, [top.data, levels, selectable]);

  const loadLevel = async (key: string) => {
    const node = byKey.get(key);
    if (!node || levels[key]) return;
    try {
      const children = await queryClient.fetchQuery({
        queryKey: levelKey(node.id, mode),
        queryFn: () => userPickerApi.level(node.id, mode),
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

/** Every row of a windowed list is this tall (two lines), so the rows in view follow from the scroll position. */
const windowRowHeight = 56;
const windowOverscan = 10;

/**
 * The rows of a long list that are in view, with some to spare either side: an infinite list keeps
 * the same few dozen rows rendered however far it is scrolled. Before the box is laid out (no
 * height yet) every row is rendered.
 */
function useRowWindow(box: RefObject<HTMLDivElement | null>, count: number) {
  const [view, setView] = useState({ top: 0, height: 0 });
  const measure = useCallback(() => {
    const element = box.current;
    if (element) setView({ top: element.scrollTop, height: element.clientHeight });
  }, [box]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows may change the box's height
  useEffect(() => measure(), [measure, count]);
  if (!view.height) return { first: 0, last: count, measure };
  const first = Math.max(0, Math.floor(view.top / windowRowHeight) - windowOverscan);
  const last = Math.min(count, Math.ceil((view.top + view.height) / windowRowHeight) + windowOverscan);
  return { first, last, measure };
}

/** Users as rows to click, the picked ones marked (the flat lists of the user picker). */
export function UserRows({
  users,
  pickedIds,
  onPick,
}: {
  users: readonly PickerNode[];
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerNode) => void;
}) {
  return (
    <>
      {users.map((user) => (
        <button
          type="button"
          key={user.id}
          className="user-picker-item"
          aria-pressed={pickedIds.has(user.id)}
          onClick={() => onPick(user)}
        >
          <span className="user-picker-item-icon">{iconOf(user)}</span>
          <span className="user-picker-item-text">
            <span className="user-picker-item-name">{user.fullName}</span>
            {typeof user.organize === 'string' && user.organize ? (
              <span className="user-picker-item-organize">{user.organize}</span>
            ) : null}
          </span>
          {pickedIds.has(user.id) ? <CheckOutlined className="user-picker-item-check" /> : null}
        </button>
      ))}
    </>
  );
}

/**
 * Users matching the keyword as a flat list, 20 at a time; scrolling to within 200 px of the bottom
 * asks for the next page, until a page comes back shorter than the page size (widgets.md §4). In
 * custom mode the list is the users the ableIds cover (getSelectedUserList), also without a keyword.
 */
export function UserSearchList({
  keyword,
  mode = 'all',
  ableIds = [],
  pickedIds,
  onPick,
}: {
  keyword: string;
  mode?: PickerMode;
  ableIds?: readonly string[];
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerNode) => void;
}) {
  const pages = useInfiniteQuery({
    queryKey: ['picker', 'user', 'search', mode, mode === 'custom' ? ableIds : [], keyword],
    queryFn: ({ pageParam, signal }) => userPickerApi.search({ keyword, mode, ableIds }, pageParam, signal),
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
  const { first, last, measure } = useRowWindow(box, users.length);

  return (
    <div
      className="selector-dialog-pane-body"
      ref={box}
      onScroll={() => {
        measure();
        more(true);
      }}
    >
      {users.length ? (
        <div
          className="user-picker-list user-picker-list-windowed"
          data-count={users.length}
          style={{ paddingTop: first * windowRowHeight, paddingBottom: (users.length - last) * windowRowHeight }}
        >
          <UserRows users={users.slice(first, last)} pickedIds={pickedIds} onPick={onPick} />
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

/** A tab answered whole by one call (current organisation, subordinates), by keyword. */
function UserListTab({
  source,
  keyword,
  pickedIds,
  onPick,
}: {
  source: 'organization' | 'subordinates';
  keyword: string;
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerNode) => void;
}) {
  const users = useQuery({
    queryKey: ['picker', 'user', source, keyword],
    queryFn: () => userPickerApi[source](keyword),
    ...cached,
  });
  return (
    <div className="selector-dialog-pane-body">
      {users.data?.length ? (
        <div className="user-picker-list">
          <UserRows users={users.data} pickedIds={pickedIds} onPick={onPick} />
        </div>
      ) : (
        <Quiet loading={users.isLoading} />
      )}
    </div>
  );
}

export type UserTab = 'all' | 'organization' | 'subordinates' | 'system';

/**
 * The left pane of the user picker (widgets.md §2). In mode all: tabs 全部数据 (the lazily loaded
 * tree, or with a keyword the paged list), 当前组织, 我的下属 and, with hasSys, 系统变量 (the
 * current user). In auth mode the tree and the search keep to the caller's data scope; in custom
 * mode a flat paged list of the users the ableIds cover.
 */
export function UserPickerPane({
  keyword,
  mode = 'all',
  ableIds = [],
  hasSys = false,
  pickedIds,
  onPick,
}: {
  keyword: string;
  mode?: PickerMode;
  ableIds?: readonly string[];
  hasSys?: boolean;
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerNode) => void;
}) {
  const { t } = useComponentsTranslation();
  const [tab, setTab] = useState<UserTab>('all');
  if (mode === 'custom')
    return (
      <UserSearchList
        key={keyword}
        keyword={keyword}
        mode={mode}
        ableIds={ableIds}
        pickedIds={pickedIds}
        onPick={onPick}
      />
    );
  const whole = keyword ? (
    <UserSearchList key={keyword} keyword={keyword} mode={mode} pickedIds={pickedIds} onPick={onPick} />
  ) : (
    <div className="selector-dialog-pane-body">
      <UserLevelTree mode={mode} onPick={onPick} />
    </div>
  );
  if (mode === 'auth') return whole;
  const system: PickerNode = { id: currentUserId, fullName: t('currentUser'), type: 'user' };
  const tabs: { key: UserTab; label: string }[] = [
    { key: 'all', label: t('userTabs.all') },
    { key: 'organization', label: t('userTabs.currentOrganize') },
    { key: 'subordinates', label: t('userTabs.subordinates') },
    ...(hasSys ? [{ key: 'system' as const, label: t('userTabs.system') }] : []),
  ];
  return (
    <>
      <Tabs size="small" activeKey={tab} onChange={(key) => setTab(key as UserTab)} items={tabs} />
      {tab === 'all' ? whole : null}
      {tab === 'organization' || tab === 'subordinates' ? (
        <UserListTab source={tab} keyword={keyword} pickedIds={pickedIds} onPick={onPick} />
      ) : null}
      {tab === 'system' ? (
        <div className="selector-dialog-pane-body">
          <div className="user-picker-list">
            <UserRows users={[system]} pickedIds={pickedIds} onPick={onPick} />
          </div>
        </div>
      ) : null}
    </>
  );
}
