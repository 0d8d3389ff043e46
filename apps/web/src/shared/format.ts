const pad = (value: number) => String(value).padStart(2, '0');

/** DESIGN.md: times travel as milliseconds and show as `YYYY-MM-DD HH:mm:ss`. */
export function formatDateTime(millis: number | null | undefined): string {
  if (millis == null || !Number.isFinite(Number(millis))) return '';
  const d = new Date(Number(millis));
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
