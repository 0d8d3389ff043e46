import type { SystemInfo } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, usePermission } from '../../../app/permission.tsx';
import {
  ListPage,
  ListTable,
  RefreshButton,
  SearchBar,
  useComponentsTranslation,
  useConfirm,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { systemApi } from '../api.ts';
import { SystemForm } from '../components/SystemForm.tsx';

const emptySearch = { keyword: '' };

/** 应用管理: the applications (systems); the main one cannot be disabled or deleted. */
export default function SystemPage() {
  const { t } = useTranslation('system');
  const { t: c } = useComponentsTranslation();
  const permission = usePermission();
  const [search, setSearch] = useState(emptySearch);
  const [target, setTarget] = useState<{ id?: string } | null>(null);
  const [confirm, confirmHolder] = useConfirm();
  const success = useSuccessToast();
  const list = useQuery({
    queryKey: ['system', 'list', search.keyword],
    queryFn: () => systemApi.list({ keyword: search.keyword || undefined }),
    retry: false,
  });
  const refetch = () => void list.refetch();
  const columns: ColumnsType<SystemInfo> = [
    {
      title: t('systemName'),
      dataIndex: 'fullName',
      key: 'fullName',
      width: 200,
      render: (value: string, row) => (
        <>
          {value}
          {row.isMain ? (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              {t('main')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('systemCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    { title: t('icon'), dataIndex: 'icon', key: 'icon', width: 180 },
    { title: c('fields.description'), dataIndex: 'description', key: 'description', width: 200, ellipsis: true },
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
          disabled={row.isMain || !permission.hasBtn('btn_edit')}
          aria-label={value === 1 ? t('disable') : t('enable')}
          onChange={() =>
            confirm(value === 1 ? 'disable' : 'enable', async () => {
              success(await systemApi.toggleState(row.id));
              refetch();
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
          {row.isMain ? null : (
            <Auth button="btn_remove">
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirm('delete', async () => {
                    success(await systemApi.remove(row.id));
                    refetch();
                  })
                }
              >
                {c('buttons.remove')}
              </Button>
            </Auth>
          )}
        </>
      ),
    },
  ];
  return (
    <ListPage
      search={
        <SearchBar
          values={search}
          onSearch={(v) => setSearch({ keyword: v.keyword ?? '' })}
          onReset={() => setSearch(emptySearch)}
        />
      }
      actions={
        <Auth button="btn_add">
          <Button type="primary" onClick={() => setTarget({})}>
            {c('buttons.add')}
          </Button>
        </Auth>
      }
      tools={<RefreshButton onClick={refetch} loading={list.isFetching} />}
    >
      {confirmHolder}
      <ListTable<SystemInfo>
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        error={list.error}
        onRetry={refetch}
      />
      <SystemForm target={target} onClose={() => setTarget(null)} onSaved={refetch} />
    </ListPage>
  );
}
