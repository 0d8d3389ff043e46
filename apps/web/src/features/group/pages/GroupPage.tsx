import type { GroupRow } from '@platform/shared';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../app/permission.tsx';
import {
  ListPage,
  ListTable,
  RefreshButton,
  SearchBar,
  StateTag,
  useComponentsTranslation,
  useConfirm,
  useListQuery,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { groupApi } from '../api.ts';
import { GroupForm } from '../components/GroupForm.tsx';

const initialSearch = { keyword: '' };

/** 分组管理: user groups, which grants can target. */
export default function GroupPage() {
  const { t } = useTranslation('group');
  const { t: c } = useComponentsTranslation();
  const [target, setTarget] = useState<{ id?: string } | null>(null);
  const [confirm, confirmHolder] = useConfirm();
  const success = useSuccessToast();
  const list = useListQuery<GroupRow, typeof initialSearch>({
    queryKey: ['group', 'list'],
    fetch: (params, signal) => groupApi.list(params, signal),
    initialSearch,
  });
  const columns: ColumnsType<GroupRow> = [
    { title: t('groupName'), dataIndex: 'fullName', key: 'fullName', width: 200 },
    { title: t('groupCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    { title: t('groupType'), dataIndex: 'type', key: 'type', width: 120 },
    { title: c('fields.description'), dataIndex: 'description', key: 'description', width: 220, ellipsis: true },
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
                  success(await groupApi.remove(row.id));
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
      search={<SearchBar values={list.state.search} onSearch={list.search} onReset={list.reset} />}
      actions={
        <Auth button="btn_add">
          <Button type="primary" onClick={() => setTarget({})}>
            {c('buttons.add')}
          </Button>
        </Auth>
      }
      tools={<RefreshButton onClick={list.refetch} loading={list.loading} />}
    >
      {confirmHolder}
      <ListTable<GroupRow>
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
      <GroupForm target={target} onClose={() => setTarget(null)} onSaved={list.refetch} />
    </ListPage>
  );
}
