import { formatDate } from '@platform/shared';
import DatePicker from 'antd/es/date-picker';
import TimePicker from 'antd/es/time-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useFormEngineTranslation } from '../i18n.ts';
import { placeholderOf, str } from './inputs.tsx';
import type { ViewProps, WidgetProps } from './types.ts';

/** yyyy gives year, yyyy-MM month, yyyy-MM-dd date, anything else datetime (widgets.md §4). */
export function pickerOf(format: string): 'year' | 'month' | 'date' | 'datetime' {
  if (format === 'yyyy' || format === 'YYYY') return 'year';
  if (/^(yyyy|YYYY)-MM$/.test(format)) return 'month';
  if (/^(yyyy|YYYY)-MM-(dd|DD)$/.test(format)) return 'date';
  return 'datetime';
}

const dayjsFormat = (format: string) => format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');

function formatOf(field: WidgetProps['field'], fallback: string): string {
  return typeof field.format === 'string' && field.format ? field.format : fallback;
}

const toDay = (v: unknown): Dayjs | null => (typeof v === 'number' || (typeof v === 'string' && v) ? dayjs(v) : null);

function limits(field: WidgetProps['field']) {
  const start = toDay(field.startTime);
  const end = toDay(field.endTime);
  return { start, end, inverted: !!start && !!end && start.isAfter(end) };
}

/** On the start and end days of a datetime picker, the time part is bounded too (widgets.md §5). */
export function boundaryTime(day: Dayjs | null, start: Dayjs | null, end: Dayjs | null) {
  const clock = (d: Dayjs) => d.format('HH:mm:ss');
  const onStart = !!day && !!start && day.isSame(start, 'day');
  const onEnd = !!day && !!end && day.isSame(end, 'day');
  return timeLimits({
    __config__: { jnpfKey: 'time' },
    startTime: onStart && start ? clock(start) : undefined,
    endTime: onEnd && end ? clock(end) : undefined,
  }).disabledTime();
}

/** date: stores timestamps; dates outside the start/end range are disabled; read-only when start > end. */
export function DateWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const format = formatOf(field, 'yyyy-MM-dd');
  const picker = pickerOf(format);
  const { start, end, inverted } = limits(field);
  const unit = picker === 'year' ? 'year' : picker === 'month' ? 'month' : 'day';
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={toDay(value)}
      format={dayjsFormat(format)}
      picker={picker === 'datetime' ? 'date' : picker}
      showTime={picker === 'datetime'}
      disabled={disabled || inverted}
      placeholder={placeholderOf(props, t('pleaseSelect'))}
      disabledDate={(d) => (!!start && d.isBefore(start, unit)) || (!!end && d.isAfter(end, unit))}
      disabledTime={picker === 'datetime' ? (d) => boundaryTime(d, start, end) : undefined}
      onChange={(d) => onChange(d ? d.valueOf() : undefined)}
    />
  );
}

export function dateText(value: unknown, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = typeof value === 'number' ? value : Date.parse(String(value));
  return Number.isNaN(d) ? str(value) : formatDate(d, format.replace(/dd/g, 'DD'));
}

export function DateView({ field, value }: ViewProps) {
  return <>{dateText(value, formatOf(field, 'yyyy-MM-dd'))}</>;
}

/** Start/end times get :00 seconds appended when missing (widgets.md §5). */
export function withSeconds(time: string): string {
  return /^\d{1,2}:\d{2}$/.test(time) ? `${time}:00` : time;
}

const secondsOf = (time: string): number => {
  const [h = 0, m = 0, s = 0] = withSeconds(time).split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

/**
 * A time picker's limits: the field's startTime / endTime (default 00:00:00 to 23:59:59, seconds
 * appended), whether it is read-only (start later than end), and antd's disabledTime for them.
 */
export function timeLimits(field: WidgetProps['field']) {
  const start = secondsOf(typeof field.startTime === 'string' && field.startTime ? field.startTime : '00:00:00');
  const end = secondsOf(typeof field.endTime === 'string' && field.endTime ? field.endTime : '23:59:59');
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const outside = (from: number, width: number, to: (i: number) => number) =>
    range(width).filter((i) => {
      const lo = to(i);
      const hi = lo + from - 1;
      return hi < start || lo > end;
    });
  return {
    inverted: start > end,
    disabledTime: () => ({
      disabledHours: () => outside(3600, 24, (h) => h * 3600),
      disabledMinutes: (h: number) => outside(60, 60, (m) => h * 3600 + m * 60),
      disabledSeconds: (h: number, m: number) => outside(1, 60, (s) => h * 3600 + m * 60 + s),
    }),
  };
}

/** time: the value is the text in the format (default HH:mm:ss), within the start/end limits. */
export function TimeWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const format = formatOf(field, 'HH:mm:ss');
  const { inverted, disabledTime } = timeLimits(field);
  return (
    <TimePicker
      id={id}
      style={{ width: '100%' }}
      value={typeof value === 'string' && value ? dayjs(value, format) : null}
      format={format}
      disabled={disabled || inverted}
      disabledTime={disabledTime}
      placeholder={placeholderOf(props, t('pleaseSelect'))}
      onChange={(d) => onChange(d ? d.format(format) : undefined)}
    />
  );
}

/** dateRange: two timestamps, month / date / datetime by the format, in range mode. */
export function DateRangeWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const format = formatOf(field, 'yyyy-MM-dd');
  const picker = pickerOf(format);
  const range = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={[toDay(range[0]), toDay(range[1])]}
      format={dayjsFormat(format)}
      picker={picker === 'datetime' || picker === 'year' ? (picker === 'year' ? 'month' : 'date') : picker}
      showTime={picker === 'datetime'}
      disabled={disabled}
      // widgets.md §5: in year format only January can be picked.
      disabledDate={picker === 'year' ? (d) => d.month() !== 0 : undefined}
      placeholder={[t('startPlaceholder'), t('endPlaceholder')]}
      onChange={(d) => onChange(d ? [d[0]?.valueOf() ?? null, d[1]?.valueOf() ?? null] : [])}
    />
  );
}

export function DateRangeView({ field, value }: ViewProps) {
  if (!Array.isArray(value) || value.length === 0) return null;
  const format = formatOf(field, 'yyyy-MM-dd');
  return <>{`${dateText(value[0], format)} ~ ${dateText(value[1], format)}`}</>;
}

export function TimeRangeWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const format = formatOf(field, 'HH:mm:ss');
  const range = Array.isArray(value) ? value : [];
  const day = (v: unknown) => (typeof v === 'string' && v ? dayjs(v, format) : null);
  return (
    <TimePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={[day(range[0]), day(range[1])]}
      format={format}
      disabled={disabled}
      placeholder={[t('startPlaceholder'), t('endPlaceholder')]}
      onChange={(d) => onChange(d ? [d[0]?.format(format) ?? '', d[1]?.format(format) ?? ''] : [])}
    />
  );
}

export function RangeTextView({ value }: ViewProps) {
  if (!Array.isArray(value) || value.length === 0) return null;
  return <>{value.map(str).join(' ~ ')}</>;
}
