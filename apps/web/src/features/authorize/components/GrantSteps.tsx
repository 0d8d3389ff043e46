import { type AuthorizeItemType, type AuthorizeObjectType, authorizeItemTypes } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Tree, { type DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComponentsTranslation, useSuccessToast } from '../../../shared/components/index.ts';
import { authorizeApi, type GrantNode } from '../api.ts';
import { parentIndex, toggleGrant } from '../grant-tree.ts';

/** What is ticked per step; a step not visited yet is absent and is not sent. */
export type Checked = Partial<Record<AuthorizeItemType, string[]>>;

const toGrantData = (nodes: readonly GrantNode[], all: ReadonlySet<string>): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.fullName,
    disableCheckbox: !all.has(n.id) && !n.children?.length,
    checkable: all.has(n.id) || Boolean(n.children?.length),
    children: n.children?.length ? toGrantData(n.children, all) : undefined,
  }));

/** One step: the tree of what may be granted, ticked where the holder has it. */
function GrantStep({
  objectType,
  objectId,
  type,
  checked,
  narrow,
  onChange,
}: {
  objectType: AuthorizeObjectType;
  objectId: string;
  type: AuthorizeItemType;
  checked: string[] | undefined;
  narrow: { systemIds?: string[]; moduleIds?: string[] };
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation('authorize');
  const { t: c } = useComponentsTranslation();
  const values = useQuery({
    queryKey: ['authorize', objectType, objectId, type, narrow],
    queryFn: async () => {
      const answer = await authorizeApi.values(objectId, { objectType, type, ...narrow });
      if (checked === undefined) onChange(answer.ids);
      return answer;
    },
    gcTime: 0,
    retry: false,
  });
  const all = useMemo(() => new Set(values.data?.all ?? []), [values.data]);
  const parents = useMemo(() => parentIndex(values.data?.list ?? []), [values.data]);
  const byId = useMemo(() => {
    const map = new Map<string, GrantNode>();
    const walk = (nodes: readonly GrantNode[]) => {
      for (const n of nodes) {
        map.set(n.id, n);
        walk(n.children ?? []);
      }
    };
    walk(values.data?.list ?? []);
    return map;
  }, [values.data]);
  if (values.isLoading) return <Spin />;
  if (!values.data?.list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c('empty')} />;
  const current = checked ?? values.data.ids;
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => onChange([...all])}>
          {t('checkAll')}
        </Button>
        <Button size="small" onClick={() => onChange([])}>
          {t('uncheckAll')}
        </Button>
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={toGrantData(values.data.list, all)}
        checkedKeys={{ checked: current, halfChecked: [] }}
        onCheck={(_, info) => {
          const node = byId.get(String(info.node.key));
          if (node) onChange(toggleGrant(current, node, info.checked, parents, all));
        }}
      />
    </>
  );
}

/**
 * The grant wizard of one holder: a tab per item type (应用权限, 菜单权限, 按钮权限, 列表权限,
 * 表单权限, 数据权限, 门户权限), each narrowed to what the earlier steps tick (portals belong to no
 * application and are not narrowed). The caller keeps `checked`
 * (remount with a `key` to start over for another holder) and saves it with `useGrantSave`.
 */
export function GrantSteps({
  objectType,
  objectId,
  checked,
  onChange,
}: {
  objectType: AuthorizeObjectType;
  objectId: string;
  checked: Checked;
  onChange: (next: (current: Checked) => Checked) => void;
}) {
  const { t } = useTranslation('authorize');
  const [step, setStep] = useState<AuthorizeItemType>('system');
  const narrowFor = (type: AuthorizeItemType) =>
    type === 'system'
      ? {}
      : type === 'module'
        ? { systemIds: checked.system }
        : { systemIds: checked.system, moduleIds: checked.module };
  return (
    <Tabs
      activeKey={step}
      onChange={(key) => setStep(key as AuthorizeItemType)}
      items={authorizeItemTypes.map((type) => ({
        key: type,
        label: t(`steps.${type}`),
        children:
          step === type ? (
            <GrantStep
              objectType={objectType}
              objectId={objectId}
              type={type}
              checked={checked[type]}
              narrow={narrowFor(type)}
              onChange={(ids) => onChange((current) => ({ ...current, [type]: ids }))}
            />
          ) : null,
      }))}
    />
  );
}

/** Saves what `GrantSteps` ticked (only the steps visited), showing the server's message; true when saved. */
export function useGrantSave() {
  const success = useSuccessToast();
  const [saving, setSaving] = useState(false);
  const save = async (objectType: AuthorizeObjectType, objectId: string, checked: Checked) => {
    setSaving(true);
    try {
      const answer = await authorizeApi.save(objectId, {
        objectType,
        ...(checked.system ? { systemIds: checked.system } : {}),
        ...(checked.module ? { module: checked.module } : {}),
        ...(checked.button ? { button: checked.button } : {}),
        ...(checked.column ? { column: checked.column } : {}),
        ...(checked.form ? { form: checked.form } : {}),
        ...(checked.resource ? { resource: checked.resource } : {}),
        ...(checked.portal ? { portal: checked.portal } : {}),
      });
      success(answer);
      return true;
    } catch {
      // shown by the request layer
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
