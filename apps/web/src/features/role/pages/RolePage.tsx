import { globalRoleNodeId, type RoleRow } from '@platform/shared';
import Button from 'antd/es/button';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, usePermission } from '../../../app/permission.tsx';
import {
  ListPage,
  ListTable,
  OrganizeSide,
  type PickerNode,
  RefreshButton,
  SearchBar,
  useComponentsTranslation,
  useConfirm,
  useListQuery,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { roleApi } from '../api.ts';
import { RoleForm } from '../components/RoleForm.tsx';

const initialSearch = { keyword: '' };

/** 角色管理: global roles (the 全局 node, id "1") and organisation roles, with the state toggle. */
export default function RolePage() {
  const { t } = useTranslation('role');
  const { t: c } = useComponentsTranslation();
  const permission = usePermission();
  const [target, setTarget] = useState<{ id?: string; organizeId?: string } | null>(null);
  const [confirm, confirmHolder] = useConfirm();
  const success = useSuccessToast();
  const roots: PickerNode[] = useMemo(() => [{ id: globalRoleNodeId, fullName: t('global') }], [t]);
  const list = useListQuery<RoleRow, typeof initialSearch, { organizeId?: string }>({
    queryKey: ['role', 'list'],
    fetch: (params, signal) => roleApi.list(params, signal),
    initialSearch,
  });
  const columns: ColumnsType<RoleRow> = [
    { title: t('roleName'), dataIndex: 'fullName', key: 'fullName', width: 180 },
    { title: t('roleCode'), dataIndex: 'enCode', key: 'enCode', width: 150 },
    {
      title: t('roleType'),
      dataIndex: 'globalMark',
      key: 'globalMark',
      width: 100,
      render: (value: number) => (value === 1 ? t('globalMark') : t('organizeRole')),
    },
    { title: t('organizes'), dataIndex: 'organizeInfo', key: 'organizeInfo', width: 220, ellipsis: true },
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
      width: 90,
      align: 'center',
      render: (value: number, row) => (
        <Switch
          size="small"
          checked={value === 1}
          disabled={!permission.hasBtn('btn_edit')}
          aria-label={value === 1 ? t('disable') : t('enable')}
          onChange={() =>
            confirm(value === 1 ? 'disable' : 'enable', async () => {
              success(await roleApi.toggleState(row.id));
              list.refetch();
            })
          }
        />
      ),
    },
    {
      title: c('action'),
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <>
          <Auth button="btn_edit">
            <Button type="link" size="small" onClick={() => setTarget({ id: row.id })}>
              {c('buttons.edit')}
            </Button>
          </Auth>
          <Auth button="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirm('delete', async () => {
                  success(await roleApi.remove(row.id));
                  list.refetch();
                })
              }
            >
              {c('buttons.remove')}
            </Button>
          </Auth>
        </>
      ),
    },
  ];
  return (
    <ListPage
      side={
        <OrganizeSide
          title={t('roleTree')}
          roots={roots}
          value={list.state.fixed.organizeId}
          onChange={(organizeId) => list.setFixed({ organizeId })}
        />
      }
      search={<SearchBar values={list.state.search} onSearch={list.search} onReset={list.reset} />}
      actions={
        <Auth button="btn_add">
          <Button type="primary" onClick={() => setTarget({ organizeId: list.state.fixed.organizeId })}>
            {c('buttons.add')}
          </Button>
        </Auth>
      }
      tools={<RefreshButton onClick={list.refetch} loading={list.loading} />}
    >
      {confirmHolder}
      <ListTable<RoleRow>
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
      <RoleForm target={target} onClose={() => setTarget(null)} onSaved={list.refetch} />
    </ListPage>
  );
}
