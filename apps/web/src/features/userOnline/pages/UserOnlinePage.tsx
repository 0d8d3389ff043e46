import type { OnlineUserRow } from '@platform/shared';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../app/permission.tsx';
import {
  ListPage,
  ListTable,
  RefreshButton,
  SearchBar,
  useComponentsTranslation,
  useConfirm,
  useListQuery,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { userOnlineApi } from '../api.ts';

const initialSearch = { keyword: '' };

/** 在线用户: live sessions; forcing one offline confirms with 确定要注销该账号? */
export default function UserOnlinePage() {
  const { t } = useTranslation('userOnline');
  const { t: c } = useComponentsTranslation();
  const [confirm, confirmHolder] = useConfirm();
  const success = useSuccessToast();
  const [selected, setSelected] = useState<string[]>([]);
  const list = useListQuery<OnlineUserRow, typeof initialSearch>({
    queryKey: ['userOnline', 'list'],
    fetch: (params, signal) => userOnlineApi.list(params, signal),
    initialSearch,
  });
  const columns: ColumnsType<OnlineUserRow> = [
    {
      title: t('userAccount'),
      dataIndex: 'userAccount',
      key: 'userAccount',
      width: 140,
      render: (value: string, row) => (
        <>
          {value}
          {row.isCurrent ? (
            <Tag color="green" style={{ marginLeft: 6 }}>
              {t('current')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('userName'), dataIndex: 'userName', key: 'userName', width: 120 },
    { title: t('organize'), dataIndex: 'organize', key: 'organize', width: 200, ellipsis: true },
    { title: t('loginTime'), dataIndex: 'loginTime', key: 'loginTime', width: 170, render: formatDateTime },
    { title: t('lastSeenTime'), dataIndex: 'lastSeenTime', key: 'lastSeenTime', width: 170, render: formatDateTime },
    { title: t('loginIPAddress'), dataIndex: 'loginIPAddress', key: 'loginIPAddress', width: 130 },
    { title: t('loginPlatForm'), dataIndex: 'loginPlatForm', key: 'loginPlatForm', width: 160, ellipsis: true },
    {
      title: c('action'),
      width: 100,
      fixed: 'right',
      render: (_, row) =>
        row.isCurrent ? null : (
          <Auth button="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirm('offline', async () => {
                  success(await userOnlineApi.offline(row.id));
                  list.refetch();
                })
              }
            >
              {t('offline')}
            </Button>
          </Auth>
        ),
    },
  ];
  return (
    <ListPage
      search={<SearchBar values={list.state.search} onSearch={list.search} onReset={list.reset} />}
      actions={
        <Auth button="btn_remove">
          <Button
            danger
            disabled={!selected.length}
            onClick={() =>
              confirm('offline', async () => {
                success(await userOnlineApi.batchOffline(selected));
                setSelected([]);
                list.refetch();
              })
            }
          >
            {t('batchOffline')}
          </Button>
        </Auth>
      }
      tools={<RefreshButton onClick={list.refetch} loading={list.loading} />}
    >
      {confirmHolder}
      <ListTable<OnlineUserRow>
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        error={list.error}
        onRetry={list.refetch}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (row) => ({ disabled: row.isCurrent }),
        }}
        paging={{
          currentPage: list.state.currentPage,
          pageSize: list.state.pageSize,
          total: list.total,
          onChange: list.setPage,
        }}
      />
    </ListPage>
  );
}
