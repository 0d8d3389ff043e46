import type { PageData } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ListTable } from './ListPage.tsx';

export interface LogPaging {
  currentPage: number;
  pageSize: number;
}

/**
 * The log of one record in a dialog (a template's prints, an interface's calls): its rows newest
 * first, paged with the list pages' pager; read afresh each time it opens.
 */
export function RecordLogDialog<Row extends { id: string }>({
  target,
  title,
  width = 800,
  queryKey,
  fetch,
  columns,
  onClose,
}: {
  /** The record (null: closed). */
  target: { id: string; fullName: string } | null;
  title: string;
  width?: number;
  /** The log's cache key before the record id and paging, e.g. `['printDev', 'log']`. */
  queryKey: readonly string[];
  fetch: (id: string, paging: LogPaging, signal: AbortSignal) => Promise<PageData<Row>>;
  columns: ColumnsType<Row>;
  onClose: () => void;
}) {
  const [paging, setPaging] = useState<LogPaging>({ currentPage: 1, pageSize: 20 });
  const logs = useQuery({
    queryKey: [...queryKey, target?.id, paging],
    queryFn: ({ signal }) => fetch(target?.id ?? '', paging, signal),
    enabled: Boolean(target),
    gcTime: 0,
  });
  return (
    <Modal
      open={Boolean(target)}
      title={`${title} - ${target?.fullName ?? ''}`}
      width={width}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <ListTable<Row>
        loading={logs.isFetching}
        error={logs.error}
        onRetry={() => void logs.refetch()}
        dataSource={logs.data?.list ?? []}
        paging={{
          ...paging,
          total: logs.data?.pagination.total ?? 0,
          onChange: (currentPage, pageSize) => setPaging({ currentPage, pageSize }),
        }}
        columns={columns}
      />
    </Modal>
  );
}
