const TOKEN = /YYYY|yyyy|SSS|MM|DD|dd|HH|mm|ss/g;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * Formats a date in the runtime's local time. Tokens: YYYY or yyyy (year), MM (month), DD or dd (day),
 * HH (hour 00-23), mm (minute), ss (second), SSS (millisecond); anything else is copied.
 * Covers the spec's formats: yyyy, yyyyMM, yyyyMMdd … YYYYMMDDHHmmssSSS, yyyy-MM-dd HH:mm:ss, YYYY-MM-DD HH:mm:ss.
 */
export function formatDate(date: Date | number, format: string): string {
  const d = typeof date === 'number' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return '';
  return format.replace(TOKEN, (token) => {
    switch (token) {
      case 'YYYY':
      case 'yyyy':
        return pad(d.getFullYear(), 4);
      case 'MM':
        return pad(d.getMonth() + 1, 2);
      case 'DD':
      case 'dd':
        return pad(d.getDate(), 2);
      case 'HH':
        return pad(d.getHours(), 2);
      case 'mm':
        return pad(d.getMinutes(), 2);
      case 'ss':
        return pad(d.getSeconds(), 2);
      default:
        return pad(d.getMilliseconds(), 3);
    }
  });
}

/** The print and detail default format (admin.md §9). */
export const DEFAULT_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
