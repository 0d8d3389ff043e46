import type { OnlineUserRow } from '@platform/shared';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, tagColumn, useCrudQuery } from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { Auth } from '../../../shared/shell/permission.tsx';
import { userOnlineApi } from '../api.ts';

const initialSearch = { keyword: '' };

/** 在线用户: live sessions; forcing one offline confirms with 确定要注销该账号? */
export default function UserOnlinePage() {
  const { t } = useTranslation('userOnline');
  const [selected, setSelected] = useState<string[]>([]);
  const crud = useCrudQuery<OnlineUserRow, typeof initialSearch>({
    queryKey: ['userOnline', 'list'],
    fetch: (params, signal) => userOnlineApi.list(params, signal),
    initialSearch,
  });
  const columns: ColumnsType<OnlineUserRow> = [
    tagColumn('userAccount', t('userAccount'), 140, (row) => row.isCurrent && t('current'), 'success'),
    { title: t('userName'), dataIndex: 'userName', key: 'userName', width: 120 },
    { title: t('organize'), dataIndex: 'organize', key: 'organize', width: 200, ellipsis: true },
    { title: t('loginTime'), dataIndex: 'loginTime', key: 'loginTime', width: 170, render: formatDateTime },
    { title: t('lastSeenTime'), dataIndex: 'lastSeenTime', key: 'lastSeenTime', width: 170, render: formatDateTime },
    { title: t('loginIPAddress'), dataIndex: 'loginIPAddress', key: 'loginIPAddress', width: 130 },
    { title: t('loginPlatForm'), dataIndex: 'loginPlatForm', key: 'loginPlatForm', width: 160, ellipsis: true },
    crud.columns.actions({
      width: 100,
      actions: (row) => [
        !row.isCurrent && {
          key: 'offline',
          label: t('offline'),
          button: 'btn_remove',
          danger: true,
          onClick: () => crud.act('offline', () => userOnlineApi.offline(row.id)),
        },
      ],
    }),
  ];
  const batchOffline = async () => {
    const answer = await userOnlineApi.batchOffline(selected);
    setSelected([]);
    return answer;
  };
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      actions={
        <Auth button="btn_remove">
          <Button danger disabled={!selected.length} onClick={() => crud.act('offline', batchOffline)}>
            {t('batchOffline')}
          </Button>
        </Auth>
      }
      table={{
        rowSelection: {
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (row) => ({ disabled: row.isCurrent }),
        },
      }}
    />
  );
}
