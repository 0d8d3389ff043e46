import { DownOutlined, SettingOutlined } from '@ant-design/icons';
import type { UserRow } from '@platform/shared';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, usePermission } from '../../../app/permission.tsx';
import {
  applyColumnSettings,
  ColumnSettingsDrawer,
  ListPage,
  ListTable,
  OrganizeSide,
  RefreshButton,
  SearchBar,
  StateTag,
  useColumnSettings,
  useComponentsTranslation,
  useConfirm,
  useListQuery,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { download, userApi } from '../api.ts';
import { ImportWizard } from '../components/ImportWizard.tsx';
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
  const [target, setTarget] = useState<{ id?: string; organizeId?: string } | null>(null);
  const [resetFor, setResetFor] = useState<{ id: string; account: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirm, confirmHolder] = useConfirm();
  const success = useSuccessToast();
  const list = useListQuery<UserRow, Search, { organizeId?: string }>({
    queryKey: ['user', 'list'],
    fetch: (params, signal) => userApi.list(params, signal),
    initialSearch,
  });

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

  const act = (action: () => Promise<Parameters<typeof success>[0]>) => async () => {
    success(await action());
    list.refetch();
  };

  const allColumns: ColumnsType<UserRow> = [
    {
      title: t('account'),
      dataIndex: 'account',
      key: 'account',
      width: 140,
      render: (value: string, row) => (
        <>
          {value}
          {row.isAdministrator ? (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              {t('admin')}
            </Tag>
          ) : null}
        </>
      ),
    },
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
    {
      title: c('fields.creatorTime'),
      dataIndex: 'creatorTime',
      key: 'creatorTime',
      width: 170,
      render: formatDateTime,
    },
    { title: c('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 70, align: 'center' },
    {
      title: c('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 80,
      align: 'center',
      render: (value: number) => <StateTag value={value} />,
    },
    {
      title: c('action'),
      width: 170,
      fixed: 'right',
      render: (_, row) => {
        const more = [
          { key: 'reset', label: t('resetPassword'), onClick: () => setResetFor({ id: row.id, account: row.account }) },
          ...(row.isAdministrator
            ? []
            : [
                {
                  key: 'state',
                  label: row.enabledMark === 1 ? t('disable') : t('enable'),
                  onClick: () =>
                    confirm(
                      row.enabledMark === 1 ? 'disable' : 'enable',
                      act(() => userApi.toggleState(row.id)),
                    ),
                },
              ]),
          ...(row.enabledMark === 2
            ? [
                {
                  key: 'unlock',
                  label: t('unlock'),
                  onClick: () =>
                    confirm.text(
                      t('confirmUnlock'),
                      act(() => userApi.unlock(row.id)),
                    ),
                },
              ]
            : []),
        ];
        return (
          <>
            <Auth button="btn_edit">
              <Button type="link" size="small" onClick={() => setTarget({ id: row.id })}>
                {c('buttons.edit')}
              </Button>
            </Auth>
            {row.isAdministrator ? null : (
              <Auth button="btn_remove">
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    confirm(
                      'delete',
                      act(() => userApi.remove(row.id)),
                    )
                  }
                >
                  {c('buttons.remove')}
                </Button>
              </Auth>
            )}
            <Auth button="btn_edit">
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small">
                  {c('buttons.more')} <DownOutlined />
                </Button>
              </Dropdown>
            </Auth>
          </>
        );
      },
    },
  ];
  const columns = applyColumnSettings(allColumns, settings.columns);

  const exportUsers = async (dataType: 0 | 1) => {
    download(await userApi.exportData({ ...list.params, dataType }));
  };

  return (
    <ListPage
      side={
        <OrganizeSide
          title={t('organize')}
          value={list.state.fixed.organizeId}
          onChange={(organizeId) => list.setFixed({ organizeId })}
        />
      }
      search={
        <SearchBar values={list.state.search} onSearch={list.search} onReset={list.reset}>
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
        </SearchBar>
      }
      actions={
        <>
          <Auth button="btn_add">
            <Button type="primary" onClick={() => setTarget({ organizeId: list.state.fixed.organizeId })}>
              {c('buttons.add')}
            </Button>
          </Auth>
          <Auth button="btn_import">
            <Button onClick={() => setImporting(true)}>{c('buttons.import')}</Button>
          </Auth>
          <Auth button="btn_export">
            <Dropdown
              menu={{
                items: [
                  { key: 'page', label: t('exportPage'), onClick: () => void exportUsers(0) },
                  { key: 'all', label: t('exportAll'), onClick: () => void exportUsers(1) },
                ],
              }}
            >
              <Button>
                {c('buttons.export')} <DownOutlined />
              </Button>
            </Dropdown>
          </Auth>
        </>
      }
      tools={
        <>
          <RefreshButton onClick={list.refetch} loading={list.loading} />
          <Tooltip title={c('columnSettings')}>
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label={c('columnSettings')}
              onClick={() => setSettingsOpen(true)}
            />
          </Tooltip>
        </>
      }
    >
      {confirmHolder}
      <ListTable<UserRow>
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        error={list.error}
        onRetry={list.refetch}
        paging={{
          currentPage: list.state.currentPage,
          pageSize: list.state.pageSize,
          total: list.total,
          onChange: list.setPage,
        }}
      />
      <UserForm target={target} onClose={() => setTarget(null)} onSaved={list.refetch} />
      <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />
      <ImportWizard
        open={importing}
        onClose={(changed) => {
          setImporting(false);
          if (changed) list.refetch();
        }}
      />
      <ColumnSettingsDrawer
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        columns={settings.columns}
        onChange={(next) => void settings.save(next)}
        onRestore={() => void settings.restore()}
      />
    </ListPage>
  );
}
