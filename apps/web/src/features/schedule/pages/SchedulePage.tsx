import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { ScheduleInfo, ScheduleRow } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scheduleApi } from '../api.ts';
import { ScheduleDetailDialog } from '../components/ScheduleDetailDialog.tsx';
import { ScheduleFormDialog } from '../components/ScheduleFormDialog.tsx';
import {
  type CalendarView,
  formatClock,
  overlapsDay,
  sameDay,
  shiftAnchor,
  startOfDay,
  viewRange,
  visibleDays,
} from '../schedule-time.ts';
import '../schedule.css';

const urgencyColours: Record<number, string> = { 1: '#1677ff', 2: '#fa8c16', 3: '#ff4d4f' };
const monthCellLimit = 3;
const hours = Array.from({ length: 24 }, (_, h) => h);

/** The personal calendar (admin.md §1 "A personal schedule"): month, week and day views. */
export default function SchedulePage() {
  const { t } = useTranslation('schedule');
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [detail, setDetail] = useState<{ id: string; groupId: string } | null>(null);
  const [form, setForm] = useState<{ editing?: ScheduleInfo; start?: Date } | null>(null);
  const range = useMemo(() => viewRange(view, anchor), [view, anchor]);
  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);

  const entries = useQuery({
    queryKey: ['schedule', 'range', range.startTime, range.endTime],
    queryFn: ({ signal }) => scheduleApi.list(range.startTime, range.endTime, signal),
  });
  const rows = entries.data?.list ?? [];
  const onDay = (day: Date) => rows.filter((row) => overlapsDay(row, day)).sort((a, b) => a.startDay - b.startDay);
  const openDay = (day: Date) => {
    setAnchor(day);
    setView('day');
  };

  const title =
    view === 'month'
      ? t('monthTitle', { year: anchor.getFullYear(), month: anchor.getMonth() + 1 })
      : view === 'week'
        ? `${t('dayTitle', dateParts(days[0] as Date))} - ${t('dayTitle', dateParts(days[6] as Date))}`
        : t('dayTitle', dateParts(anchor));

  return (
    <div className="schedule-page">
      <div className="schedule-toolbar">
        <Space>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('prev')}
            onClick={() => setAnchor((a) => shiftAnchor(view, a, -1))}
          />
          <Button onClick={() => setAnchor(startOfDay(new Date()))}>{t('today')}</Button>
          <Button
            icon={<RightOutlined />}
            aria-label={t('next')}
            onClick={() => setAnchor((a) => shiftAnchor(view, a, 1))}
          />
          <h2 className="schedule-title">{title}</h2>
          {entries.isFetching && <Spin size="small" />}
        </Space>
        <Space>
          <Segmented<CalendarView>
            value={view}
            onChange={setView}
            options={[
              { value: 'month', label: t('month') },
              { value: 'week', label: t('week') },
              { value: 'day', label: t('day') },
            ]}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ start: view === 'day' ? anchor : undefined })}
          >
            {t('add')}
          </Button>
        </Space>
      </div>
      {entries.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={<Button onClick={() => void entries.refetch()}>{t('today')}</Button>}
        />
      ) : view === 'month' ? (
        <MonthView
          days={days}
          anchor={anchor}
          onDay={onDay}
          onOpenDay={openDay}
          onAdd={(start) => setForm({ start })}
          onOpenEntry={setDetail}
        />
      ) : (
        <TimeGrid view={view} days={days} onDay={onDay} onAdd={(start) => setForm({ start })} onOpenEntry={setDetail} />
      )}
      {!entries.isPending && !entries.isError && rows.length === 0 && <p className="schedule-empty">{t('empty')}</p>}
      {detail && (
        <ScheduleDetailDialog
          open
          id={detail.id}
          groupId={detail.groupId}
          type={1}
          onClose={() => setDetail(null)}
          onDeleted={() => void entries.refetch()}
          onEdit={() => {
            const current = detail;
            setDetail(null);
            scheduleApi.info(current.id).then(
              (info) => setForm({ editing: info }),
              () => undefined,
            );
          }}
        />
      )}
      <ScheduleFormDialog
        open={!!form}
        editing={form?.editing}
        initialStart={form?.start}
        onClose={() => setForm(null)}
        onSaved={() => void entries.refetch()}
      />
    </div>
  );
}

function dateParts(day: Date) {
  return { year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate() };
}

type EntryKey = { id: string; groupId: string };

/** One entry on the calendar, edged in its colour (else its urgency's); a click opens its detail. */
function Chip({
  row,
  withTime = true,
  onOpen,
}: {
  row: ScheduleRow;
  withTime?: boolean;
  onOpen: (entry: EntryKey) => void;
}) {
  const { t } = useTranslation('schedule');
  return (
    <button
      type="button"
      className="schedule-chip"
      style={{ borderLeftColor: row.color || urgencyColours[row.urgent] || urgencyColours[1] }}
      title={row.title}
      onClick={(event) => {
        event.stopPropagation();
        onOpen({ id: row.id, groupId: row.groupId });
      }}
    >
      {withTime && <span className="schedule-chip-time">{row.allDay ? t('allDay') : formatClock(row.startDay)}</span>}
      <span className="schedule-chip-title">{row.title}</span>
    </button>
  );
}

/** The month view: six weeks of days, three entries a day and "n more" leading to the day view. */
function MonthView({
  days,
  anchor,
  onDay,
  onOpenDay,
  onAdd,
  onOpenEntry,
}: {
  days: readonly Date[];
  anchor: Date;
  onDay: (day: Date) => ScheduleRow[];
  onOpenDay: (day: Date) => void;
  onAdd: (start: Date) => void;
  onOpenEntry: (entry: EntryKey) => void;
}) {
  const { t } = useTranslation('schedule');
  const today = new Date();
  return (
    <div className="schedule-month">
      {(t('weekdays', { returnObjects: true }) as string[]).map((name) => (
        <div key={name} className="schedule-weekday">
          {name}
        </div>
      ))}
      {days.map((day) => {
        const list = onDay(day);
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: double-click a day to add an entry there
          <div
            key={day.getTime()}
            className={`schedule-cell ${day.getMonth() !== anchor.getMonth() ? 'other-month' : ''} ${sameDay(day, today) ? 'today' : ''}`}
            onDoubleClick={() => onAdd(day)}
          >
            <button type="button" className="schedule-cell-date" onClick={() => onOpenDay(day)}>
              {day.getDate()}
            </button>
            {list.slice(0, monthCellLimit).map((row) => (
              <Chip key={row.id} row={row} onOpen={onOpenEntry} />
            ))}
            {list.length > monthCellLimit && (
              <button type="button" className="schedule-more" onClick={() => onOpenDay(day)}>
                {t('more', { count: list.length - monthCellLimit })}
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The week and day views: an all-day row above one row per hour, entries in the hour they start. */
function TimeGrid({
  view,
  days,
  onDay,
  onAdd,
  onOpenEntry,
}: {
  view: CalendarView;
  days: readonly Date[];
  onDay: (day: Date) => ScheduleRow[];
  onAdd: (start: Date) => void;
  onOpenEntry: (entry: EntryKey) => void;
}) {
  const { t } = useTranslation('schedule');
  const today = new Date();
  return (
    <div className={`schedule-grid schedule-grid-${view}`}>
      <div className="schedule-grid-head">
        <div className="schedule-hour-label" />
        {days.map((day) => (
          <div key={day.getTime()} className={`schedule-grid-dayhead ${sameDay(day, today) ? 'today' : ''}`}>
            {(t('weekdays', { returnObjects: true }) as string[])[day.getDay()]} {day.getMonth() + 1}/{day.getDate()}
          </div>
        ))}
      </div>
      <div className="schedule-grid-allday">
        <div className="schedule-hour-label">{t('allDay')}</div>
        {days.map((day) => (
          <div key={day.getTime()} className="schedule-grid-slot">
            {onDay(day)
              .filter((row) => row.allDay || !sameDay(new Date(row.startDay), day))
              .map((row) => (
                <Chip key={row.id} row={row} withTime={false} onOpen={onOpenEntry} />
              ))}
          </div>
        ))}
      </div>
      <div className="schedule-grid-body">
        {hours.map((hour) => (
          <div key={hour} className="schedule-grid-row">
            <div className="schedule-hour-label">{`${String(hour).padStart(2, '0')}:00`}</div>
            {days.map((day) => (
              // biome-ignore lint/a11y/noStaticElementInteractions: double-click an hour to add an entry there
              <div
                key={day.getTime()}
                className="schedule-grid-slot"
                onDoubleClick={() => onAdd(new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour))}
              >
                {onDay(day)
                  .filter(
                    (row) =>
                      !row.allDay && sameDay(new Date(row.startDay), day) && new Date(row.startDay).getHours() === hour,
                  )
                  .map((row) => (
                    <Chip key={row.id} row={row} onOpen={onOpenEntry} />
                  ))}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
