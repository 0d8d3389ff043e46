import type { PositionRow } from '@platform/shared';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../app/permission.tsx';
import {
  ListPage,
  ListTable,
  OrganizeSide,
  RefreshButton,
  SearchBar,
  StateTag,
  useComponentsTranslation,
  useConfirm,
  useListQuery,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { positionApi } from '../api.ts';
import { PositionForm } from '../components/PositionForm.tsx';

const initialSearch = { keyword: '' };

/** 岗位管理: positions of the organisation chosen on the left, and below it. */
export default function PositionPage() {
  const { t } = useTranslation('position');
  const { t: c } = useComponentsTranslation();
  const [target, setTarget] = useState<{ id?: string; organizeId?: string } | null>(null);
  const [confirm, confirmHolder] = useConfirm();
  const success = useSuccessToast();
  const list = useListQuery<PositionRow, typeof initialSearch, { organizeId?: string }>({
    queryKey: ['position', 'list'],
    fetch: (params, signal) => positionApi.list(params, signal),
    initialSearch,
  });
  const columns: ColumnsType<PositionRow> = [
    { title: t('positionName'), dataIndex: 'fullName', key: 'fullName', width: 180 },
    { title: t('positionCode'), dataIndex: 'enCode', key: 'enCode', width: 150 },
    { title: t('positionType'), dataIndex: 'type', key: 'type', width: 100 },
    { title: t('department'), dataIndex: 'department', key: 'department', width: 220 },
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
                  success(await positionApi.remove(row.id));
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
          title={t('organize')}
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
      <ListTable<PositionRow>
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
      <PositionForm target={target} onClose={() => setTarget(null)} onSaved={list.refetch} />
    </ListPage>
  );
}
