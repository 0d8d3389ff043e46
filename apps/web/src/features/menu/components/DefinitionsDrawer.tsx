import {
  type DataScopeType,
  dataScopeTypes,
  type ModulePermissionInput,
  type PermissionKind,
  permissionKinds,
} from '@platform/shared';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  ListTable,
  RecordFormDialog,
  type RecordValues,
  recordValues,
  useAdminRules,
  useComponentsTranslation,
  useCrudList,
  useUnpagedListQuery,
} from '../../../shared/components/index.ts';
import { Auth } from '../../../shared/shell/permission.tsx';
import { menuApi, type PermissionDefinition } from '../api.ts';

interface Values extends RecordValues {
  scopeType?: DataScopeType;
}

function DefinitionForm({
  kind,
  moduleId,
  ...props
}: CrudFormProps<{ id?: string }> & { kind: PermissionKind; moduleId: string }) {
  const { t } = useTranslation('menu');
  const rules = useAdminRules();
  const kindName = t(`kinds.${kind}`);
  return (
    <RecordFormDialog
      {...props}
      queryKey={['menu', 'definition', kind]}
      api={{
        info: (id: string) => menuApi.definition(kind, id),
        create: (input: ModulePermissionInput) => menuApi.createDefinition(kind, input),
        update: (id: string, input: ModulePermissionInput) => menuApi.updateDefinition(kind, id, input),
      }}
      toValues={(definition): Partial<Values> => ({
        ...recordValues(definition),
        scopeType: (definition.scopeType || undefined) as DataScopeType | undefined,
      })}
      toInput={(values: Values) => ({
        moduleId,
        ...(kind === 'resource' ? { scopeType: values.scopeType as ModulePermissionInput['scopeType'] } : {}),
      })}
      initialValues={{ scopeType: 'all' }}
      titles={[`${t('addDefinition')} ${kindName}`, `${t('editDefinition')} ${kindName}`]}
      codePlaceholder={kind === 'button' ? 'btn_add' : undefined}
      descriptionRows={2}
    >
      {kind === 'resource' ? (
        <Form.Item name="scopeType" label={t('scopeType')} rules={rules.select(t('scopeType'))}>
          <Select options={dataScopeTypes.map((scope) => ({ value: scope, label: t(`scopes.${scope}`) }))} />
        </Form.Item>
      ) : null}
    </RecordFormDialog>
  );
}

const noSearch = {};

/** The definitions of one kind; the drawer is behind btn_edit already, so its buttons need no more. */
function DefinitionList({ kind, moduleId }: { kind: PermissionKind; moduleId: string }) {
  const { t } = useTranslation('menu');
  const { t: c } = useComponentsTranslation();
  const list = useUnpagedListQuery<PermissionDefinition>({
    queryKey: ['menu', 'definitions', kind, moduleId],
    fetch: () => menuApi.definitions(kind, moduleId),
    initialSearch: noSearch,
  });
  const crud = useCrudList<PermissionDefinition>(list, { permissions: false });
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
    crud.columns.stateSwitch({ width: 70, toggle: (row) => menuApi.toggleDefinition(kind, row.id) }),
    crud.columns.actions({
      width: 110,
      fixed: false,
      actions: (row) => [crud.edit({ id: row.id }), crud.remove(() => menuApi.removeDefinition(kind, row.id))],
    }),
  ];
  return (
    <>
      {crud.holder}
      <div className="list-page-toolbar">
        <Button type="primary" size="small" onClick={() => crud.open({})}>
          {t('addDefinition')}
        </Button>
      </div>
      <ListTable<PermissionDefinition>
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        error={list.error}
        onRetry={list.refetch}
      />
      <DefinitionForm kind={kind} moduleId={moduleId} {...crud.form} />
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
