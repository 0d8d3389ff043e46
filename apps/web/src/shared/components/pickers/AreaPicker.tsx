import { CloseOutlined } from '@ant-design/icons';
import { AREA_ROOT_ID, type AreaSelectorNode, DEFAULT_AREA_LEVEL, isAreaPathAccepted } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Tree, { type DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { DialogSelect } from './DialogSelect.tsx';
import '../list-page.css';
import { type AreaPath, areaPickerApi } from './api.ts';
import './pickers.css';

/** The stored value as a list of paths: one path (single) or several (multiple); anything else is none. */
export function areaPathsOf(value: unknown, multiple: boolean): AreaPath[] {
  if (!Array.isArray(value)) return [];
  const isPath = (v: unknown): v is AreaPath => Array.isArray(v) && v.every((id) => typeof id === 'string');
  if (multiple) return value.filter(isPath).filter((path) => path.length > 0);
  return value.length && value.every((id) => typeof id === 'string') ? [value as AreaPath] : [];
}

const pathKey = (path: readonly string[]) => path.join('/');

function useAreaNames(paths: AreaPath[]) {
  const names = useQuery({
    queryKey: ['picker', 'area', 'names', paths.map(pathKey)],
    queryFn: () => areaPickerApi.names(paths),
    enabled: paths.length > 0,
    staleTime: 30_000,
    retry: false,
  });
  return useMemo(() => {
    const byKey = new Map<string, string>();
    paths.forEach((path, i) => {
      const found = names.data?.[i];
      byKey.set(pathKey(path), found?.length ? found.join('/') : pathKey(path));
    });
    return byKey;
  }, [paths, names.data]);
}

interface Picked {
  path: AreaPath;
  fullName: string;
}

/**
 * The province / city / district dialog (widgets.md §2): 800 px, a lazy tree (a level is read when
 * its parent opens; the nodes at the field's level are leaves) and the chosen areas beside it.
 */
function AreaDialog({
  open,
  level,
  multiple,
  value,
  onOk,
  onCancel,
}: {
  open: boolean;
  level: number;
  multiple: boolean;
  value: Picked[];
  onOk: (picked: Picked[]) => void;
  onCancel: () => void;
}) {
  const { t } = useComponentsTranslation();
  const [levels, setLevels] = useState<Record<string, AreaSelectorNode[]>>({});
  const [picked, setPicked] = useState<Picked[]>(value);
  const top = useQuery({
    queryKey: ['picker', 'area', 'level', '-1'],
    queryFn: () => areaPickerApi.children(AREA_ROOT_ID).then((d) => d.list),
    enabled: open,
    staleTime: 60_000,
    retry: false,
  });
  useEffect(() => {
    if (open) setPicked(value);
  }, [open, value]);

  // A key is the id path, so a node knows its depth and its whole path.
  const { treeData, named } = useMemo(() => {
    const named = new Map<string, string>();
    const build = (nodes: readonly AreaSelectorNode[], parent: AreaPath, parentName: string): DataNode[] =>
      nodes.map((node) => {
        const path = [...parent, node.id];
        const key = pathKey(path);
        const fullName = parentName ? `${parentName}/${node.fullName}` : node.fullName;
        named.set(key, fullName);
        const atLevel = path.length >= level + 1;
        const children = levels[key];
        return {
          key,
          title: node.fullName,
          isLeaf: atLevel || node.isLeaf,
          selectable: isAreaPathAccepted(path, level),
          children: children ? build(children, path, fullName) : undefined,
        };
      });
    return { treeData: build(top.data ?? [], [], ''), named };
  }, [top.data, levels, level]);

  const loadLevel = async (key: string) => {
    if (levels[key]) return;
    const id = key.split('/').at(-1) ?? AREA_ROOT_ID;
    const children = await areaPickerApi.children(id).then(
      (d) => d.list,
      // A failed level only stops its loading indicator (widgets.md §8).
      () => [],
    );
    setLevels((current) => ({ ...current, [key]: children }));
  };

  const pick = (key: string) => {
    const path = key.split('/');
    if (!isAreaPathAccepted(path, level)) return;
    const item = { path, fullName: named.get(key) ?? key };
    setPicked((current) =>
      multiple ? (current.some((c) => pathKey(c.path) === key) ? current : [...current, item]) : [item],
    );
  };

  return (
    <Modal
      open={open}
      width={800}
      title={t('picker.area')}
      maskClosable={false}
      destroyOnHidden
      okText={t('ok')}
      cancelText={t('cancel')}
      onCancel={onCancel}
      onOk={() => onOk(picked)}
    >
      <div className="selector-dialog">
        <div className="selector-dialog-pane">
          <div className="selector-dialog-pane-body">
            <Tree
              blockNode
              treeData={treeData}
              loadData={(node) => loadLevel(String(node.key))}
              selectedKeys={[]}
              onSelect={(_, info) => pick(String(info.node.key))}
            />
          </div>
        </div>
        <div className="selector-dialog-pane">
          <div className="selector-dialog-pane-head">
            <span>
              {t('selected')} ({picked.length})
            </span>
            <Button type="link" size="small" onClick={() => setPicked([])}>
              {t('clearList')}
            </Button>
          </div>
          <div className="selector-dialog-pane-body">
            {picked.map((item) => (
              <div className="selector-dialog-item" key={pathKey(item.path)}>
                <span>{item.fullName}</span>
                <Button
                  type="text"
                  size="small"
                  aria-label={t('removeItem', { name: item.fullName })}
                  icon={<CloseOutlined />}
                  onClick={() => setPicked((current) => current.filter((c) => c !== item))}
                />
              </div>
            ))}
          </div>
        </div>
      </div>
    </Modal>
  );
}

/**
 * The area field: the chosen areas by name ("福建省/厦门市/思明区"), the dialog on click. Value: an
 * id path (single) or a list of paths (multiple), each with level+1 ids. Clearing gives [] (the
 * value is a list in both modes).
 */
export function AreaPicker({
  value,
  onChange,
  level = DEFAULT_AREA_LEVEL,
  multiple = false,
  disabled,
  clearable = true,
  placeholder,
  id,
}: {
  value?: unknown;
  onChange?: (value: AreaPath | AreaPath[]) => void;
  level?: number;
  multiple?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  placeholder?: string;
  id?: string;
}) {
  const [open, setOpen] = useState(false);
  const paths = useMemo(() => areaPathsOf(value, multiple), [value, multiple]);
  const names = useAreaNames(paths);
  const items = paths.map((path) => ({ path, fullName: names.get(pathKey(path)) ?? pathKey(path) }));
  const emit = (next: AreaPath[]) => onChange?.(multiple ? next : (next[0] ?? []));
  return (
    <>
      <DialogSelect
        id={id}
        value={items.map((item) => pathKey(item.path))}
        options={items.map((item) => ({ value: pathKey(item.path), label: item.fullName }))}
        placeholder={placeholder}
        disabled={disabled}
        clearable={clearable}
        onChange={(keys) => emit(keys.map((key) => key.split('/')))}
        onOpen={() => setOpen(true)}
      />
      <AreaDialog
        open={open}
        level={level}
        multiple={multiple}
        value={items}
        onCancel={() => setOpen(false)}
        onOk={(picked) => {
          setOpen(false);
          emit(picked.map((p) => p.path));
        }}
      />
    </>
  );
}

/** The names of a stored area value, joined (the read-only renderer). */
export function AreaNamesView({ value, multiple = false }: { value: unknown; multiple?: boolean }) {
  const paths = useMemo(() => areaPathsOf(value, multiple), [value, multiple]);
  const names = useAreaNames(paths);
  return <>{paths.map((path) => names.get(pathKey(path))).join(',')}</>;
}
