import { DEFAULT_DATE_TIME_FORMAT, formatDate } from '@platform/shared';

/** DESIGN.md: times travel as milliseconds and show as `YYYY-MM-DD HH:mm:ss`. */
export function formatDateTime(millis: number | null | undefined): string {
  if (millis == null || !Number.isFinite(Number(millis))) return '';
  return formatDate(Number(millis), DEFAULT_DATE_TIME_FORMAT);
}
