import {
  type DataScopeType,
  dataScopeTypes,
  type ModulePermissionInput,
  type PermissionKind,
  permissionKinds,
} from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../app/permission.tsx';
import {
  FormDialog,
  ListTable,
  sortMax,
  useAdminRules,
  useComponentsTranslation,
  useConfirm,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { menuApi, type PermissionDefinition } from '../api.ts';

interface Values {
  fullName: string;
  enCode: string;
  scopeType?: DataScopeType;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

function DefinitionForm({
  kind,
  moduleId,
  target,
  onClose,
  onSaved,
}: {
  kind: PermissionKind;
  moduleId: string;
  target: { id?: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('menu');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<Values>();
  const id = target?.id;
  const info = useQuery({
    queryKey: ['menu', 'definition', kind, id],
    queryFn: () => menuApi.definition(kind, id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    if (info.data)
      form.setFieldsValue({
        fullName: info.data.fullName,
        enCode: info.data.enCode,
        scopeType: (info.data.scopeType || undefined) as DataScopeType | undefined,
        sortCode: info.data.sortCode,
        enabled: info.data.enabledMark === 1,
        description: info.data.description,
      });
  }, [form, info.data]);
  const submit = (values: Values) => {
    const input: ModulePermissionInput = {
      moduleId,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      ...(kind === 'resource' ? { scopeType: values.scopeType as ModulePermissionInput['scopeType'] } : {}),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
    };
    return id ? menuApi.updateDefinition(kind, id, input) : menuApi.createDefinition(kind, input);
  };
  return (
    <FormDialog<Values>
      open={Boolean(target)}
      title={`${id ? t('editDefinition') : t('addDefinition')} ${t(`kinds.${kind}`)}`}
      form={form}
      loading={info.isLoading}
      initialValues={{ sortCode: 0, enabled: true, scopeType: 'all' }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="fullName" label={c('fields.fullName')} rules={rules.fullName}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="enCode" label={c('fields.enCode')} rules={rules.enCode}>
        <Input maxLength={50} placeholder={kind === 'button' ? 'btn_add' : undefined} />
      </Form.Item>
      {kind === 'resource' ? (
        <Form.Item name="scopeType" label={t('scopeType')} rules={rules.select(t('scopeType'))}>
          <Select options={dataScopeTypes.map((scope) => ({ value: scope, label: t(`scopes.${scope}`) }))} />
        </Form.Item>
      ) : null}
      <Form.Item name="sortCode" label={c('fields.sortCode')}>
        <InputNumber min={0} max={sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={c('fields.enabledMark')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={c('fields.description')} rules={rules.description}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

function DefinitionList({ kind, moduleId }: { kind: PermissionKind; moduleId: string }) {
  const { t } = useTranslation('menu');
  const { t: c } = useComponentsTranslation();
  const [target, setTarget] = useState<{ id?: string } | null>(null);
  const [confirm, holder] = useConfirm();
  const success = useSuccessToast();
  const list = useQuery({
    queryKey: ['menu', 'definitions', kind, moduleId],
    queryFn: () => menuApi.definitions(kind, moduleId),
    retry: false,
  });
  const refetch = () => void list.refetch();
  const columns: ColumnsType<PermissionDefinition> = [
    { title: c('fields.fullName'), dataIndex: 'fullName', key: 'fullName', width: 140 },
    { title: c('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 140 },
    ...(kind === 'resource'
      ? [
          {
            title: t('scopeType'),
            dataIndex: 'scopeType',
            key: 'scopeType',
            width: 140,
            render: (value: string) => (value ? t(`scopes.${value}`) : ''),
          },
        ]
      : []),
    {
      title: c('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 70,
      align: 'center',
      render: (value: number, row) => (
        <Switch
          size="small"
          checked={value === 1}
          aria-label={value === 1 ? t('disable') : t('enable')}
          onChange={() =>
            confirm(value === 1 ? 'disable' : 'enable', async () => {
              success(await menuApi.toggleDefinition(kind, row.id));
              refetch();
            })
          }
        />
      ),
    },
    {
      title: c('action'),
      width: 110,
      render: (_, row) => (
        <>
          <Button type="link" size="small" onClick={() => setTarget({ id: row.id })}>
            {c('buttons.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              confirm('delete', async () => {
                success(await menuApi.removeDefinition(kind, row.id));
                refetch();
              })
            }
          >
            {c('buttons.remove')}
          </Button>
        </>
      ),
    },
  ];
  return (
    <>
      {holder}
      <div className="list-page-toolbar">
        <Button type="primary" size="small" onClick={() => setTarget({})}>
          {t('addDefinition')}
        </Button>
      </div>
      <ListTable<PermissionDefinition>
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        error={list.error}
        onRetry={refetch}
      />
      <DefinitionForm
        kind={kind}
        moduleId={moduleId}
        target={target}
        onClose={() => setTarget(null)}
        onSaved={refetch}
      />
    </>
  );
}

/** A menu's button, column, form and data-scope definitions (drawer 700 px). Changes need btn_edit of the menu page. */
export function DefinitionsDrawer({
  menu,
  onClose,
}: {
  menu: { id: string; fullName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('menu');
  return (
    <Drawer
      open={Boolean(menu)}
      onClose={onClose}
      size={700}
      title={t('definitions', { name: menu?.fullName ?? '' })}
      destroyOnHidden
    >
      {menu ? (
        <Auth button="btn_edit">
          <Tabs
            items={permissionKinds.map((kind) => ({
              key: kind,
              label: t(`kinds.${kind}`),
              children: <DefinitionList kind={kind} moduleId={menu.id} />,
            }))}
          />
        </Auth>
      ) : null}
    </Drawer>
  );
}
