import type { LogRow } from '@platform/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { type LogCategory, logPageSize, profileApi } from '../api.ts';
import { Section } from './Section.tsx';

/** The user's own login (1) or operation (2) log, paged. */
export function LogSection({ category }: { category: LogCategory }) {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState({ current: 1, size: logPageSize });
  const log = useQuery({
    queryKey: ['profile', 'log', category, page.current, page.size],
    queryFn: () => profileApi.systemLog(category, page.current, page.size),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<LogRow> =
    category === 1
      ? [
          { title: t('fields.time'), dataIndex: 'creatorTime', render: (v: number) => formatDateTime(v) },
          { title: t('log.userName'), dataIndex: 'userName' },
          { title: t('fields.ip'), dataIndex: 'ipAddress' },
          { title: t('log.ipName'), dataIndex: 'ipAddressName' },
          { title: t('log.browser'), dataIndex: 'browser' },
          { title: t('fields.platform'), dataIndex: 'platForm' },
        ]
      : [
          { title: t('fields.time'), dataIndex: 'creatorTime', render: (v: number) => formatDateTime(v) },
          { title: t('log.module'), dataIndex: 'moduleName' },
          {
            title: t('log.request'),
            dataIndex: 'requestURL',
            render: (url: string, row) => [row.requestMethod, url].filter(Boolean).join(' '),
          },
          { title: t('log.abstracts'), dataIndex: 'abstracts' },
          { title: t('fields.ip'), dataIndex: 'ipAddress' },
        ];
  return (
    <Section query={log}>
      {(data) => (
        <Table<LogRow>
          rowKey="id"
          size="small"
          dataSource={data.list}
          loading={log.isFetching}
          columns={columns}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: data.pagination.total,
            showSizeChanger: true,
            onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
          }}
        />
      )}
    </Section>
  );
}
