import type { ColumnSettings } from '@platform/shared';
import { http } from '../api/http.ts';

/** admin.md 3.15: a column of a list as the settings store it. */
export interface ColumnSetting {
  prop: string;
  label: string;
  visible: boolean;
  /** Kept at the table's left or right edge while it scrolls sideways (pages that offer it). */
  fixed?: ColumnFixed;
}

export type ColumnFixed = 'left' | 'right';
const isFixed = (value: unknown): value is ColumnFixed => value === 'left' || value === 'right';

/** As saved: `prop`, and the client's own `label`, `visible` or `columnVisible`. */
type StoredColumn = ColumnSettings['list'][number] & {
  label?: string;
  visible?: boolean;
  columnVisible?: boolean;
  fixed?: unknown;
};

export const columnSettingsApi = {
  get: (moduleId: string) =>
    http.get<{ list: StoredColumn[] }>(`/api/permission/Authority/GetColumnsByModuleId/${moduleId}`, undefined, {
      silent: true,
    }),
  set: (moduleId: string, list: ColumnSetting[]) =>
    http.put<null>('/api/permission/Authority/SetColumnsByModuleId', {
      moduleId,
      fieldList: JSON.stringify(list),
    }),
};

/**
 * The saved order and visibility laid over the page's own columns: saved columns the page no
 * longer has are dropped, new page columns are appended visible. Accepts `visible` or
 * `columnVisible` (older clients); keeps `fixed` when it is left or right.
 */
export function mergeColumnSettings(
  defaults: readonly { prop: string; label: string }[],
  saved: readonly StoredColumn[],
): ColumnSetting[] {
  const known = new Map(defaults.map((d) => [d.prop, d]));
  const out: ColumnSetting[] = [];
  for (const column of saved) {
    const page = known.get(column.prop);
    if (!page || out.some((o) => o.prop === column.prop)) continue;
    const setting: ColumnSetting = {
      prop: column.prop,
      label: page.label,
      visible: column.visible ?? column.columnVisible ?? true,
    };
    if (isFixed(column.fixed)) setting.fixed = column.fixed;
    out.push(setting);
  }
  for (const column of defaults) {
    if (!out.some((o) => o.prop === column.prop)) out.push({ prop: column.prop, label: column.label, visible: true });
  }
  return out;
}

/** Moves the item at `from` to `to` (drag and drop). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}
