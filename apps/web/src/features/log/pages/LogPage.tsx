import type { LogRow } from '@platform/shared';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, ListTable, RefreshButton, SearchBar, useListQuery } from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { type LogCategory, logApi } from '../api.ts';
import { AuditChanges, useObjectLabel } from '../components/AuditChanges.tsx';

interface Search {
  keyword: string;
  range?: [Dayjs, Dayjs] | null;
}
const initialSearch: Search = { keyword: '', range: null };

function LogList({ category }: { category: LogCategory }) {
  const { t } = useTranslation('log');
  const objectLabel = useObjectLabel();
  const list = useListQuery<LogRow, Search>({
    queryKey: ['log', category],
    fetch: ({ range, ...params }, signal) =>
      logApi.list(
        category,
        {
          ...params,
          startTime: range?.[0]?.startOf('day').valueOf(),
          endTime: range?.[1]?.endOf('day').valueOf(),
        },
        signal,
      ),
    initialSearch,
  });
  // loginMark: the login succeeded, or the operation's answer was code 200.
  const result: ColumnsType<LogRow>[number] = {
    title: t('result'),
    dataIndex: 'loginMark',
    key: 'loginMark',
    width: 80,
    align: 'center',
    render: (value: number) =>
      value === 1 ? <Tag color="success">{t('success')}</Tag> : <Tag color="error">{t('failure')}</Tag>,
  };
  const columns: ColumnsType<LogRow> =
    category === 1
      ? [
          { title: t('time'), dataIndex: 'creatorTime', key: 'creatorTime', width: 170, render: formatDateTime },
          { title: t('userName'), dataIndex: 'userName', key: 'userName', width: 140 },
          { title: t('ip'), dataIndex: 'ipAddress', key: 'ipAddress', width: 130 },
          { title: t('ipArea'), dataIndex: 'ipAddressName', key: 'ipAddressName', width: 130 },
          { title: t('platform'), dataIndex: 'platForm', key: 'platForm', width: 200, ellipsis: true },
          result,
          { title: t('abstracts'), dataIndex: 'abstracts', key: 'abstracts', width: 220, ellipsis: true },
        ]
      : [
          { title: t('time'), dataIndex: 'creatorTime', key: 'creatorTime', width: 170, render: formatDateTime },
          { title: t('operator'), dataIndex: 'userName', key: 'userName', width: 140 },
          { title: t('ip'), dataIndex: 'ipAddress', key: 'ipAddress', width: 120 },
          { title: t('method'), dataIndex: 'requestMethod', key: 'requestMethod', width: 90 },
          { title: t('module'), dataIndex: 'moduleName', key: 'moduleName', width: 120, ellipsis: true },
          // What an administrative change changed; its fields show in the row's expansion.
          {
            title: t('object'),
            key: 'object',
            width: 160,
            ellipsis: true,
            render: (_: unknown, row: LogRow) => objectLabel(row),
          },
          { title: t('url'), dataIndex: 'requestURL', key: 'requestURL', width: 220, ellipsis: true },
          // The message the caller saw ("删除成功", "暂无权限", ...).
          { title: t('abstracts'), dataIndex: 'abstracts', key: 'abstracts', width: 200, ellipsis: true },
          result,
          { title: t('duration'), dataIndex: 'requestDuration', key: 'requestDuration', width: 110, align: 'right' },
          { title: t('client'), dataIndex: 'browser', key: 'browser', width: 130, ellipsis: true },
        ];
  return (
    <>
      <SearchBar values={list.state.search} onSearch={list.search} onReset={list.reset}>
        <Form.Item name="range" label={t('range')}>
          <DatePicker.RangePicker placeholder={[t('start'), t('end')]} />
        </Form.Item>
      </SearchBar>
      <div className="list-page-toolbar" style={{ marginTop: 10 }}>
        <span />
        <RefreshButton onClick={list.refetch} loading={list.loading} />
      </div>
      <ListTable<LogRow>
        columns={columns}
        dataSource={list.rows}
        expandable={
          category === 2
            ? { rowExpandable: (row) => row.changes.length > 0, expandedRowRender: (row) => <AuditChanges row={row} /> }
            : undefined
        }
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
    </>
  );
}

/** 系统日志: logins and operations, each with keyword and a time range. */
export default function LogPage() {
  const { t } = useTranslation('log');
  const [tab, setTab] = useState('1');
  return (
    <ListPage>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: '1', label: t('login'), children: <LogList category={1} /> },
          { key: '2', label: t('operation'), children: <LogList category={2} /> },
        ]}
      />
    </ListPage>
  );
}
