import { SaveOutlined } from '@ant-design/icons';
import { type AuthorizeItemType, type AuthorizeObjectType, authorizeItemTypes } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Tree, { type DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  filterTree,
  ListPage,
  type PickerKind,
  type PickerNode,
  pickerSources,
  useComponentsTranslation,
  usePickerTree,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { Auth } from '../../../shared/shell/permission.tsx';
import { authorizeApi, type GrantNode } from '../api.ts';
import { parentIndex, toggleGrant } from '../grant-tree.ts';

/** The holders this page grants to directly; permission groups get their grants from the group list. */
type HolderType = Exclude<AuthorizeObjectType, 'PermissionGroup'>;
const pickerOf: Record<HolderType, Exclude<PickerKind, 'users'>> = {
  Role: 'role',
  Position: 'position',
  User: 'user',
  Group: 'group',
};
const holderTypes = Object.keys(pickerOf) as HolderType[];

type Checked = Partial<Record<AuthorizeItemType, string[]>>;

const toHolderData = (nodes: readonly PickerNode[], selectable: (n: PickerNode) => boolean): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.fullName,
    selectable: selectable(n),
    children: n.children?.length ? toHolderData(n.children, selectable) : undefined,
  }));

const toGrantData = (nodes: readonly GrantNode[], all: ReadonlySet<string>): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.fullName,
    disableCheckbox: !all.has(n.id) && !n.children?.length,
    checkable: all.has(n.id) || Boolean(n.children?.length),
    children: n.children?.length ? toGrantData(n.children, all) : undefined,
  }));

function Holders({
  objectType,
  value,
  onChange,
}: {
  objectType: HolderType;
  value?: PickerNode;
  onChange: (node: PickerNode) => void;
}) {
  const { t } = useComponentsTranslation();
  const kind = pickerOf[objectType];
  const tree = usePickerTree(kind);
  const [keyword, setKeyword] = useState('');
  const byId = useMemo(() => {
    const map = new Map<string, PickerNode>();
    const walk = (nodes: readonly PickerNode[]) => {
      for (const n of nodes) {
        map.set(n.id, n);
        walk(n.children ?? []);
      }
    };
    walk(tree.data ?? []);
    return map;
  }, [tree.data]);
  const data = toHolderData(filterTree(tree.data ?? [], keyword), pickerSources[kind].selectable);
  return (
    <>
      <Input.Search
        size="small"
        allowClear
        placeholder={t('keywordPlaceholder')}
        onSearch={setKeyword}
        style={{ margin: '8px 0' }}
      />
      {tree.isLoading ? (
        <Spin />
      ) : data.length ? (
        <Tree
          blockNode
          defaultExpandAll
          key={`${objectType}-${keyword}`}
          treeData={data}
          selectedKeys={value ? [value.id] : []}
          onSelect={(keys) => {
            const node = keys.length ? byId.get(String(keys[0])) : undefined;
            if (node) onChange(node);
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      )}
    </>
  );
}

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
  onChange: (ids: string[], fromServer: boolean) => void;
}) {
  const { t } = useTranslation('authorize');
  const { t: c } = useComponentsTranslation();
  const values = useQuery({
    queryKey: ['authorize', objectType, objectId, type, narrow],
    queryFn: async () => {
      const answer = await authorizeApi.values(objectId, { objectType, type, ...narrow });
      if (checked === undefined) onChange(answer.ids, true);
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
        <Button size="small" onClick={() => onChange([...all], false)}>
          {t('checkAll')}
        </Button>
        <Button size="small" onClick={() => onChange([], false)}>
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
          if (node) onChange(toggleGrant(current, node, info.checked, parents, all), false);
        }}
      />
    </>
  );
}

/** 权限授权: grant applications, menus, buttons, columns, forms and data scopes to a role, position, user or group. */
export default function AuthorizePage() {
  const { t } = useTranslation('authorize');
  const success = useSuccessToast();
  const [objectType, setObjectType] = useState<HolderType>('Role');
  const [holder, setHolder] = useState<PickerNode>();
  const [step, setStep] = useState<AuthorizeItemType>('system');
  const [checked, setChecked] = useState<Checked>({});
  const [saving, setSaving] = useState(false);

  const chooseHolder = (node: PickerNode) => {
    setHolder(node);
    setChecked({});
    setStep('system');
  };
  const narrowFor = (type: AuthorizeItemType) =>
    type === 'system'
      ? {}
      : type === 'module'
        ? { systemIds: checked.system }
        : { systemIds: checked.system, moduleIds: checked.module };

  const save = async () => {
    if (!holder) return;
    setSaving(true);
    try {
      const answer = await authorizeApi.save(holder.id, {
        objectType,
        ...(checked.system ? { systemIds: checked.system } : {}),
        ...(checked.module ? { module: checked.module } : {}),
        ...(checked.button ? { button: checked.button } : {}),
        ...(checked.column ? { column: checked.column } : {}),
        ...(checked.form ? { form: checked.form } : {}),
        ...(checked.resource ? { resource: checked.resource } : {}),
      });
      success(answer);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <ListPage
      side={
        <>
          <Tabs
            size="small"
            activeKey={objectType}
            onChange={(key) => {
              setObjectType(key as HolderType);
              setHolder(undefined);
              setChecked({});
            }}
            items={holderTypes.map((type) => ({ key: type, label: t(`objects.${type}`) }))}
          />
          <Holders objectType={objectType} value={holder} onChange={chooseHolder} />
        </>
      }
      actions={holder ? <strong>{t('granting', { name: holder.fullName })}</strong> : null}
      tools={
        <Auth button="btn_edit">
          <Button type="primary" icon={<SaveOutlined />} disabled={!holder} loading={saving} onClick={save}>
            {t('save')}
          </Button>
        </Auth>
      }
    >
      {holder ? (
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
                  objectId={holder.id}
                  type={type}
                  checked={checked[type]}
                  narrow={narrowFor(type)}
                  onChange={(ids) => setChecked((current) => ({ ...current, [type]: ids }))}
                />
              ) : null,
          }))}
        />
      ) : (
        <Empty description={t('chooseObject')} />
      )}
    </ListPage>
  );
}
