import { chartKinds, type PortalCard } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Carousel from 'antd/es/carousel';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { useMenuTitle } from '../../../shared/shell/menu-title.ts';
import { menuKey, useOpenMenu } from '../../../shared/shell/open-menu.ts';
import { useShell } from '../../../shared/shell/shell-store.ts';
import { type CardRow, portalApi } from '../api.ts';
import type { ChartKind } from './ChartCard.tsx';
import { depthClass } from './PortalGrid.tsx';

/** ECharts arrives with the first chart a page draws, never with the home page itself. */
const ChartCard = lazy(() => import('./ChartCard.tsx'));
/** The map and China's province boundaries arrive with the first map card. */
const MapCard = lazy(() => import('./MapCard.tsx'));

/** What a card needs from the page: how often to reload and how its nested cards are drawn. */
export interface CardContext {
  refreshMs: number;
  /** Charts drawn for a dark background (a data screen). */
  dark?: boolean;
  /** Draws the cards of a card (a nested grid one level deeper). */
  renderChildren: (parent: PortalCard, depth: number) => ReactNode;
}

const asRows = (value: unknown): CardRow[] =>
  Array.isArray(value) ? value.filter((r): r is CardRow => typeof r === 'object' && r !== null) : [];
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');
const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The rows of a card: its static value, or its data interface's rows for the viewer (reloaded every refreshMs). */
function useCardRows(card: PortalCard, refreshMs: number) {
  const dynamic = card.dataType === 'dynamic' && Boolean(card.propsApi);
  const query = useQuery({
    queryKey: ['portal', 'rows', card.propsApi],
    queryFn: ({ signal }) => portalApi.interfaceRows(card.propsApi, signal),
    enabled: dynamic,
    refetchInterval: refreshMs || false,
  });
  const staticRows = useMemo(() => asRows(card.option.defaultValue), [card.option.defaultValue]);
  return dynamic ? { rows: query.data ?? [], loading: query.isLoading } : { rows: staticRows, loading: false };
}

function Quiet({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

function NoticeBody({ refreshMs }: { refreshMs: number }) {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const notices = useQuery({
    queryKey: ['portal', 'notices'],
    queryFn: ({ signal }) => portalApi.notices(signal),
    refetchInterval: refreshMs || false,
  });
  if (notices.isLoading) return <Spin />;
  const list = notices.data?.list ?? [];
  if (!list.length) return <Quiet text={t('card.noNotice')} />;
  return (
    <ul className="portal-list">
      {list.map((row) => (
        <li key={row.id}>
          <button
            type="button"
            className="portal-list-title portal-list-open"
            onClick={() => navigate('/messageRecord')}
          >
            {row.category ? <Tag>{row.category}</Tag> : null}
            {row.fullName}
          </button>
          <span className="portal-list-meta">{formatDateTime(row.releaseTime ?? row.creatorTime)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The flow counts; the workflow's Dashboard calls may not exist yet, and then every count is 0. */
function TodoCountBody({ refreshMs }: { refreshMs: number }) {
  const { t } = useTranslation('portal');
  const counts = useQuery({
    queryKey: ['portal', 'flowTodoCount'],
    queryFn: ({ signal }) => portalApi.flowTodoCount(signal),
    refetchInterval: refreshMs || false,
    retry: false,
  });
  const data = counts.data;
  return (
    <div className="portal-board">
      {(['toBeReviewed', 'flowDone', 'flowCirculate'] as const).map((key) => (
        <Statistic key={key} title={t(`card.todo.${key}`)} value={data?.[key] ?? 0} />
      ))}
    </div>
  );
}

function TodoListBody({ refreshMs }: { refreshMs: number }) {
  const { t } = useTranslation('portal');
  const todo = useQuery({
    queryKey: ['portal', 'flowTodo'],
    queryFn: ({ signal }) => portalApi.flowTodo(signal),
    refetchInterval: refreshMs || false,
    retry: false,
  });
  if (todo.isLoading) return <Spin />;
  const list = todo.data?.list ?? [];
  if (!list.length) return <Quiet text={t('card.noTodo')} />;
  return (
    <ul className="portal-list">
      {list.map((row, index) => (
        <li key={cellText(row.id) || index}>
          <span className="portal-list-title">{cellText(row.fullName ?? row.flowName ?? row.title)}</span>
          <span className="portal-list-meta">{formatDateTime(Number(row.creatorTime) || null)}</span>
        </li>
      ))}
    </ul>
  );
}

function ScheduleBody() {
  const { t } = useTranslation('portal');
  const [start, end] = useMemo(() => {
    const now = new Date();
    return [
      new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime(),
      new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime(),
    ];
  }, []);
  const schedules = useQuery({
    queryKey: ['portal', 'schedule', start],
    queryFn: ({ signal }) => portalApi.schedules(start, end, signal),
  });
  const list = schedules.data?.list ?? [];
  if (schedules.isLoading) return <Spin />;
  if (!list.length) return <Quiet text={t('card.noSchedule')} />;
  return (
    <ul className="portal-list">
      {list.map((row) => (
        <li key={row.id}>
          <span className="portal-list-title">{row.title}</span>
          <span className="portal-list-meta">{row.allDay ? t('card.allDay') : formatDateTime(row.startDay)}</span>
        </li>
      ))}
    </ul>
  );
}

function CommonFuncBody() {
  const { t } = useTranslation('portal');
  const routes = useShell((s) => s.routes);
  const title = useMenuTitle();
  const open = useOpenMenu();
  const shortcuts = routes.filter((r) => !r.hidden).slice(0, 8);
  if (!shortcuts.length) return <Quiet text={t('card.noData')} />;
  return (
    <div className="portal-shortcuts">
      {shortcuts.map((route) => (
        <button key={route.enCode} type="button" className="portal-shortcut" onClick={() => open(menuKey(route))}>
          {title(route)}
        </button>
      ))}
    </div>
  );
}

/** The rows of a data-driven card, drawn by its kind. */
function RowsBody({ card, rows }: { card: PortalCard; rows: CardRow[] }) {
  const { t } = useTranslation('portal');
  if (!rows.length) return <Quiet text={t('card.noData')} />;
  switch (card.jnpfKey) {
    case 'dataBoard':
      return (
        <div className="portal-board">
          {rows.map((row) => (
            <Statistic key={cellText(row.name)} title={cellText(row.name)} value={cellText(row.value)} />
          ))}
        </div>
      );
    case 'rankList': {
      const ranked = [...rows].sort((a, b) => (Number(b.value) || 0) - (Number(a.value) || 0));
      return (
        <ol className="portal-rank">
          {ranked.map((row, index) => (
            <li key={`${cellText(row.name)}-${cellText(row.type)}`}>
              <span className="portal-rank-no">{index + 1}</span>
              <span className="portal-list-title">{cellText(row.name)}</span>
              <span className="portal-list-meta">{cellText(row.value)}</span>
            </li>
          ))}
        </ol>
      );
    }
    case 'timeAxis':
      return (
        <Timeline
          items={rows.map((row, index) => ({
            key: index,
            content: `${cellText(row.value ?? row.time)} ${cellText(row.name ?? row.title)}`,
          }))}
        />
      );
    default: {
      const keys = Object.keys(rows[0] ?? {});
      return (
        <Table
          size="small"
          pagination={false}
          rowKey={(_row, index) => String(index)}
          dataSource={rows}
          columns={keys.map((key) => ({ key, title: key, dataIndex: key, render: cellText }))}
        />
      );
    }
  }
}

function CardBody({ card, depth, context }: { card: PortalCard; depth: number; context: CardContext }) {
  const { t } = useTranslation('portal');
  const { rows, loading } = useCardRows(card, context.refreshMs);
  const value = card.option.defaultValue;
  if (loading) return <Spin />;
  switch (card.jnpfKey) {
    case 'card':
      return <>{context.renderChildren(card, depth + 1)}</>;
    case 'tab':
      return (
        <Tabs
          size="small"
          items={(card.children ?? []).map((pane) => ({
            key: pane.i,
            label: pane.title,
            children: <CardBody card={pane} depth={depth + 1} context={context} />,
          }))}
        />
      );
    case 'text':
      return <div className="portal-text">{asText(value)}</div>;
    case 'image':
      return asText(value) ? (
        <img className="portal-media" src={asText(value)} alt={card.title} />
      ) : (
        <Quiet text={t('card.noData')} />
      );
    case 'video':
      return asText(value) ? (
        // biome-ignore lint/a11y/useMediaCaption: a portal shows whatever video its designer links; there is no caption track to give.
        <video className="portal-media" src={asText(value)} controls />
      ) : (
        <Quiet text={t('card.noData')} />
      );
    case 'iframe':
      return asText(value) ? (
        <iframe className="portal-frame" src={asText(value)} title={card.title} sandbox="allow-scripts allow-forms" />
      ) : (
        <Quiet text={t('card.noData')} />
      );
    case 'carousel': {
      const images = (Array.isArray(value) ? value : []).map((v) =>
        typeof v === 'string' ? v : cellText((v as CardRow).url),
      );
      if (!images.length) return <Quiet text={t('card.noData')} />;
      return (
        <Carousel autoplay>
          {images.map((src) => (
            <img key={src} className="portal-media" src={src} alt={card.title} />
          ))}
        </Carousel>
      );
    }
    case 'notice':
      return <NoticeBody refreshMs={context.refreshMs} />;
    case 'todo':
      return <TodoCountBody refreshMs={context.refreshMs} />;
    case 'todoList':
      return <TodoListBody refreshMs={context.refreshMs} />;
    case 'schedule':
      return <ScheduleBody />;
    case 'commonFunc':
      return <CommonFuncBody />;
    default:
      if (chartKinds.includes(card.jnpfKey)) {
        if (!rows.length) return <Quiet text={t('card.noData')} />;
        return (
          <Suspense fallback={<Spin />}>
            {card.jnpfKey === 'mapChart' ? (
              <MapCard rows={rows} label={card.title} dark={context.dark} />
            ) : (
              <ChartCard kind={card.jnpfKey as ChartKind} rows={rows} label={card.title} dark={context.dark} />
            )}
          </Suspense>
        );
      }
      return <RowsBody card={card} rows={rows} />;
  }
}

/** 更多 on a card's head: a console page (linkType '1', a menu path) or an outside address ('2', a new window). */
function CardLink({ card }: { card: PortalCard }) {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const target = card.card?.urlAddress?.trim() ?? '';
  if (!target || !card.card?.linkType) return null;
  if (card.card.linkType === '2') {
    return /^https?:\/\//i.test(target) ? (
      <a href={target} target="_blank" rel="noopener noreferrer">
        {t('card.more')}
      </a>
    ) : null;
  }
  return (
    <button type="button" className="portal-more" onClick={() => navigate(`/${target.replace(/^\/+/, '')}`)}>
      {t('card.more')}
    </button>
  );
}

/** One portal card: its title and its body, drawn by its kind. */
export function CardView({
  card,
  depth,
  context,
  extra,
}: {
  card: PortalCard;
  depth: number;
  context: CardContext;
  extra?: ReactNode;
}) {
  return (
    <Card
      size="small"
      className={`portal-card portal-fill ${depthClass(depth)}`}
      title={card.title}
      extra={extra ?? <CardLink card={card} />}
      role="region"
      aria-label={card.title}
    >
      <CardBody card={card} depth={depth} context={context} />
    </Card>
  );
}
