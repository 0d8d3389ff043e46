import type { OrganizeAdministratorRow } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Table from 'antd/es/table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  FormDialog,
  PickerField,
  type PickerNode,
  useAdminRules,
  usePickerTree,
} from '../../../shared/components/index.ts';
import {
  defaultRights,
  type Layer,
  type LayerRights,
  layers,
  modelOf,
  type Right,
  rights,
  rightsOf,
} from '../administrator-rights.ts';
import { organizeAdministratorApi } from '../api.ts';

interface Values {
  userId: string;
  organizeIds: string[];
}

/** `userId` absent: a new administrator. */
export interface AdministratorTarget {
  userId?: string;
}

function namesOf(nodes: readonly PickerNode[], out = new Map<string, string>()) {
  for (const node of nodes) {
    out.set(node.id, node.fullName);
    namesOf(node.children ?? [], out);
  }
  return out;
}

/**
 * A tiered administrator (分级管理): the user, the organisations they administer, and per
 * organisation what they may do in it (本层级) and below it (子层级): add, edit, delete, view.
 * Saving replaces everything the user administers.
 */
export function AdministratorForm({ target, onClose, onSaved }: CrudFormProps<AdministratorTarget>) {
  const { t } = useTranslation('permissionGroup');
  const rules = useAdminRules();
  const [form] = Form.useForm<Values>();
  const userId = target?.userId;
  const [ticked, setTicked] = useState<Record<string, LayerRights>>({});
  const existing = useQuery({
    queryKey: ['permissionGroup', 'administrator', userId],
    queryFn: () => organizeAdministratorApi.ofUser(userId ?? ''),
    enabled: Boolean(userId),
    gcTime: 0,
    retry: false,
  });
  const tree = usePickerTree('organize', Boolean(target));
  const names = useMemo(() => {
    const map = namesOf(tree.data ?? []);
    for (const row of existing.data?.list ?? []) map.set(row.organizeId, row.organizeName);
    return map;
  }, [tree.data, existing.data]);
  // The rights are read into the form once per opening: a later re-render or refetch must not undo
  // what the person has ticked since.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!target) {
      filledFor.current = null;
      return;
    }
    if (userId && !existing.data) return;
    if (filledFor.current === (userId ?? '')) return;
    filledFor.current = userId ?? '';
    const rows: OrganizeAdministratorRow[] = existing.data?.list ?? [];
    setTicked(Object.fromEntries(rows.map((row) => [row.organizeId, rightsOf(row)])));
    if (userId && existing.data) form.setFieldsValue({ userId, organizeIds: rows.map((row) => row.organizeId) });
  }, [target, userId, existing.data, form]);
  const organizeIds = Form.useWatch('organizeIds', form) ?? [];
  const rightsFor = (id: string) => ticked[id] ?? defaultRights();
  const setRights = (id: string, layer: Layer, next: Right[]) =>
    setTicked((current) => ({ ...current, [id]: { ...(current[id] ?? defaultRights()), [layer]: next } }));
  return (
    <FormDialog<Values>
      open={Boolean(target)}
      title={userId ? t('administrators.edit') : t('administrators.add')}
      form={form}
      width={800}
      loading={existing.isLoading && Boolean(userId)}
      initialValues={{ organizeIds: [] }}
      onSubmit={(values) =>
        organizeAdministratorApi.save({
          userId: values.userId,
          orgAdminModel: values.organizeIds.map((id) => modelOf(id, rightsFor(id))),
        })
      }
      onClose={() => {
        setTicked({});
        onClose();
      }}
      onSaved={onSaved}
    >
      <Form.Item name="userId" label={t('administrators.user')} rules={rules.select(t('administrators.user'))}>
        <PickerField kind="user" disabled={Boolean(userId)} clearable={!userId} />
      </Form.Item>
      <Form.Item
        name="organizeIds"
        label={t('administrators.organize')}
        rules={rules.select(t('administrators.organize'))}
      >
        <PickerField kind="organize" multiple />
      </Form.Item>
      {organizeIds.length ? (
        <Table<{ id: string }>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={organizeIds.map((id) => ({ id }))}
          columns={[
            {
              title: t('administrators.organize'),
              key: 'organize',
              width: 200,
              render: (_, row) => names.get(row.id) ?? row.id,
            },
            ...layers.map((layer) => ({
              title: t(`administrators.${layer}`),
              key: layer,
              render: (_: unknown, row: { id: string }) => (
                <Checkbox.Group
                  aria-label={`${names.get(row.id) ?? row.id} ${t(`administrators.${layer}`)}`}
                  value={rightsFor(row.id)[layer]}
                  onChange={(next) => setRights(row.id, layer, next as Right[])}
                  options={rights.map((right) => ({ value: right, label: t(`administrators.rights.${right}`) }))}
                />
              ),
            })),
          ]}
        />
      ) : null}
    </FormDialog>
  );
}
