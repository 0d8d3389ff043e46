export type SizeUnit = 'KB' | 'MB' | 'GB';

export const SIZE_UNITS: Readonly<Record<SizeUnit, number>> = { KB: 1024, MB: 1048576, GB: 1073741824 };

/**
 * A byte count for display: under 1 KB in bytes ('512 字节'), then KB, MB and GB with two decimals
 * ('1.50 KB'). Missing or negative input gives ''.
 */
export function formatFileSize(bytes: number | string | null | undefined): string {
  if (bytes === null || bytes === undefined || bytes === '') return '';
  const n = Number(bytes);
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < SIZE_UNITS.KB) return `${Math.round(n)} 字节`;
  if (n < SIZE_UNITS.MB) return `${(n / SIZE_UNITS.KB).toFixed(2)} KB`;
  if (n < SIZE_UNITS.GB) return `${(n / SIZE_UNITS.MB).toFixed(2)} MB`;
  return `${(n / SIZE_UNITS.GB).toFixed(2)} GB`;
}

/** Bytes in `size` of `unit` (5 MB → 5242880). */
export function sizeToBytes(size: number, unit: SizeUnit = 'MB'): number {
  return size * SIZE_UNITS[unit];
}
