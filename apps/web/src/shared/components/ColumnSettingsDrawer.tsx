import { HolderOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Drawer from 'antd/es/drawer';
import Select from 'antd/es/select';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useCallback, useMemo, useState } from 'react';
import { useToast } from '../toast.tsx';
import {
  type ColumnFixed,
  type ColumnSetting,
  columnSettingsApi,
  mergeColumnSettings,
  moveItem,
} from './column-settings.ts';
import { useComponentsTranslation } from './i18n.ts';
import './list-page.css';

/**
 * One user's column order and visibility of a list (admin.md 2.6, 3.15): read once per module,
 * saved on every change; a failed save puts the previous state back (admin.md §4).
 */
export function useColumnSettings(moduleId: string | undefined, defaults: readonly { prop: string; label: string }[]) {
  const client = useQueryClient();
  const { t } = useComponentsTranslation();
  const toast = useToast();
  const key = useMemo(() => ['columnSettings', moduleId], [moduleId]);
  const saved = useQuery({
    queryKey: key,
    queryFn: () => columnSettingsApi.get(moduleId as string).then((d) => d.list),
    enabled: Boolean(moduleId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const columns = useMemo(() => mergeColumnSettings(defaults, saved.data ?? []), [defaults, saved.data]);
  const save = useCallback(
    async (next: ColumnSetting[]) => {
      const previous = client.getQueryData(key);
      client.setQueryData(key, next);
      if (!moduleId) return;
      try {
        await columnSettingsApi.set(moduleId, next);
      } catch {
        client.setQueryData(key, previous);
        toast.error(t('columns.saveFailed'));
      }
    },
    [client, key, moduleId, t, toast],
  );
  const restore = useCallback(
    () => save(defaults.map((d) => ({ prop: d.prop, label: d.label, visible: true }))),
    [defaults, save],
  );
  const visible = useMemo(() => new Set(columns.filter((c) => c.visible).map((c) => c.prop)), [columns]);
  return { columns, visible, save, restore };
}

/**
 * Orders and filters table columns by the settings and fixes those set to an edge; columns
 * without a `key` (actions) stay last.
 */
export function applyColumnSettings<C extends { key?: React.Key }>(
  columns: readonly C[],
  settings: readonly ColumnSetting[],
): C[] {
  const byProp = new Map(settings.map((s, index) => [s.prop, { index, setting: s }]));
  const keyed = columns.flatMap((c) => {
    const found = c.key === undefined ? undefined : byProp.get(String(c.key));
    if (!found?.setting.visible) return [];
    return [{ column: found.setting.fixed ? { ...c, fixed: found.setting.fixed } : c, index: found.index }];
  });
  keyed.sort((a, b) => a.index - b.index);
  const others = columns.filter((c) => c.key === undefined || !byProp.has(String(c.key)));
  return [...keyed.map((k) => k.column), ...others];
}

/** The 320 px drawer: drag rows to reorder, tick to show, 恢复默认 to start again. */
export function ColumnSettingsDrawer({
  open,
  onClose,
  columns,
  onChange,
  onRestore,
  fixable = false,
}: {
  open: boolean;
  onClose: () => void;
  columns: ColumnSetting[];
  onChange: (next: ColumnSetting[]) => void;
  onRestore: () => void;
  /** Offer to keep a column at the left or right edge. */
  fixable?: boolean;
}) {
  const { t } = useComponentsTranslation();
  const [dragging, setDragging] = useState<number | null>(null);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={320}
      title={t('columns.title')}
      extra={
        <Button type="link" size="small" onClick={onRestore}>
          {t('columns.restore')}
        </Button>
      }
    >
      <Typography.Text type="secondary">{t('columns.dragHint')}</Typography.Text>
      <ul style={{ listStyle: 'none', padding: 0, marginTop: 8 }} aria-label={t('columns.title')}>
        {columns.map((column, index) => (
          <li
            key={column.prop}
            className={`column-settings-item${dragging === index ? ' dragging' : ''}`}
            draggable
            onDragStart={(e) => {
              setDragging(index);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null && dragging !== index) onChange(moveItem(columns, dragging, index));
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <HolderOutlined />
            <span className="label">{column.label}</span>
            {fixable ? (
              <Select<ColumnFixed | 'none'>
                size="small"
                value={column.fixed ?? 'none'}
                aria-label={t('columns.fixed', { label: column.label })}
                style={{ width: 96 }}
                options={[
                  { value: 'none', label: t('columns.fixedNone') },
                  { value: 'left', label: t('columns.fixedLeft') },
                  { value: 'right', label: t('columns.fixedRight') },
                ]}
                onChange={(fixed) =>
                  onChange(
                    columns.map((c) => {
                      if (c.prop !== column.prop) return c;
                      const { fixed: _old, ...rest } = c;
                      return fixed === 'none' ? rest : { ...rest, fixed };
                    }),
                  )
                }
              />
            ) : null}
            <Checkbox
              checked={column.visible}
              aria-label={column.label}
              onChange={(e) =>
                onChange(columns.map((c) => (c.prop === column.prop ? { ...c, visible: e.target.checked } : c)))
              }
            />
          </li>
        ))}
      </ul>
    </Drawer>
  );
}

/**
 * The toolbar's 列设置 button and the drawer it opens, over the state of `useColumnSettings`
 * (saved per user on the server, admin.md 3.15).
 */
export function ColumnSettingsTool({
  settings,
  fixable = false,
}: {
  settings: ReturnType<typeof useColumnSettings>;
  fixable?: boolean;
}) {
  const { t } = useComponentsTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('columnSettings')}>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('columnSettings')} onClick={() => setOpen(true)} />
      </Tooltip>
      <ColumnSettingsDrawer
        open={open}
        onClose={() => setOpen(false)}
        columns={settings.columns}
        onChange={(next) => void settings.save(next)}
        onRestore={() => void settings.restore()}
        fixable={fixable}
      />
    </>
  );
}
