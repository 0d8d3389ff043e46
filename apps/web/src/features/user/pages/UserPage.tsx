import { DownOutlined } from '@ant-design/icons';
import type { UserRow } from '@platform/shared';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportWizard } from '../../../shared/components/import/index.ts';
import {
  AddButton,
  CrudPage,
  OrganizeSide,
  tagColumn,
  useColumnSettings,
  useComponentsTranslation,
  useCrudList,
  useExportTask,
  useListQuery,
} from '../../../shared/components/index.ts';
import { Auth, usePermission } from '../../../shared/shell/permission.tsx';
import { usePermissionsView } from '../../permissionGroup/index.ts';
import { userApi } from '../api.ts';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog.tsx';
import { UserForm } from '../components/UserForm.tsx';

interface Search {
  keyword: string;
  enabledMark?: 0 | 1 | 2;
}
const initialSearch: Search = { keyword: '' };

/** 用户管理 (protocol.md "User list"): users of the organisation chosen on the left, and below it. */
export default function UserPage() {
  const { t } = useTranslation('user');
  const { t: c } = useComponentsTranslation();
  const permission = usePermission();
  const [resetFor, setResetFor] = useState<{ id: string; account: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useListQuery<UserRow, Search, { organizeId?: string }>({
    queryKey: ['user', 'list'],
    fetch: (params, signal) => userApi.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<UserRow, { id?: string; organizeId?: string }>(list);
  const { organizeId } = list.state.fixed;
  const permissions = usePermissionsView();

  const settable = useMemo(
    () => [
      { prop: 'account', label: t('account') },
      { prop: 'realName', label: t('realName') },
      { prop: 'gender', label: t('gender') },
      { prop: 'mobilePhone', label: t('mobilePhone') },
      { prop: 'organize', label: t('organizeName') },
      { prop: 'creatorTime', label: c('fields.creatorTime') },
      { prop: 'sortCode', label: c('fields.sortCode') },
      { prop: 'enabledMark', label: c('fields.enabledMark') },
    ],
    [t, c],
  );
  const settings = useColumnSettings(permission.moduleId, settable);

  const more = (row: UserRow) => [
    { key: 'reset', label: t('resetPassword'), onClick: () => setResetFor({ id: row.id, account: row.account }) },
    ...(row.isAdministrator
      ? []
      : [
          {
            key: 'state',
            label: row.enabledMark === 1 ? t('disable') : t('enable'),
            onClick: () => crud.act(row.enabledMark === 1 ? 'disable' : 'enable', () => userApi.toggleState(row.id)),
          },
        ]),
    ...(row.enabledMark === 2
      ? [
          {
            key: 'unlock',
            label: t('unlock'),
            onClick: () => crud.act({ text: t('confirmUnlock') }, () => userApi.unlock(row.id)),
          },
        ]
      : []),
  ];

  const columns: ColumnsType<UserRow> = [
    tagColumn('account', t('account'), 140, (row) => row.isAdministrator && t('admin')),
    { title: t('realName'), dataIndex: 'realName', key: 'realName', width: 120 },
    {
      title: t('gender'),
      dataIndex: 'gender',
      key: 'gender',
      width: 70,
      align: 'center',
      render: (value: string) => (value === '1' || value === '2' || value === '3' ? t(`genders.${value}`) : value),
    },
    { title: t('mobilePhone'), dataIndex: 'mobilePhone', key: 'mobilePhone', width: 120 },
    {
      title: t('organizeName'),
      dataIndex: 'organize',
      key: 'organize',
      width: 240,
      ellipsis: { showTitle: false },
      render: (value: string) => (
        <Tooltip title={value} placement="topLeft">
          {value}
        </Tooltip>
      ),
    },
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.state,
    crud.columns.actions({
      width: 220,
      actions: (row) => [
        crud.edit({ id: row.id }),
        !row.isAdministrator && crud.remove(() => userApi.remove(row.id)),
        permissions.action({ id: row.id, fullName: `${row.realName}/${row.account}`, objectType: 'user' }),
      ],
      more: (row) => ({ button: 'btn_edit', items: more(row) }),
    }),
  ];

  const exportTask = useExportTask();
  const exportUsers = (dataType: 0 | 1) => exportTask(() => userApi.exportData({ ...list.params, dataType }));

  return (
    <CrudPage
      crud={crud}
      columns={columns}
      columnSettings={settings}
      side={<OrganizeSide title={t('organize')} list={list} />}
      filters={<StateFilter />}
      actions={
        <>
          <AddButton onClick={() => crud.open({ organizeId })} />
          <Auth button="btn_import">
            <Button onClick={() => setImporting(true)}>{c('buttons.import')}</Button>
          </Auth>
          <Auth button="btn_export">
            <ExportButton onExport={(dataType) => void exportUsers(dataType)} />
          </Auth>
        </>
      }
    >
      <UserForm {...crud.form} />
      <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />
      {permissions.dialog}
      <ImportWizard
        open={importing}
        api={userApi.sheets}
        onClose={(changed) => {
          setImporting(false);
          if (changed) list.refetch();
        }}
      />
    </CrudPage>
  );
}

/** The state filter: enabled, disabled or locked (all when cleared). */
function StateFilter() {
  const { t } = useTranslation('user');
  return (
    <Form.Item name="enabledMark" label={t('state')}>
      <Select
        allowClear
        placeholder={t('states.all')}
        style={{ width: 120 }}
        options={[
          { value: 1, label: t('states.enabled') },
          { value: 0, label: t('states.disabled') },
          { value: 2, label: t('states.locked') },
        ]}
      />
    </Form.Item>
  );
}

/** 导出: the users of this page (0) or all users under the filter (1). */
function ExportButton({ onExport }: { onExport: (dataType: 0 | 1) => void }) {
  const { t } = useTranslation('user');
  const { t: c } = useComponentsTranslation();
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'page', label: t('exportPage'), onClick: () => onExport(0) },
          { key: 'all', label: t('exportAll'), onClick: () => onExport(1) },
        ],
      }}
    >
      <Button>
        {c('buttons.export')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
