import type { PrintLogRow } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { printDevApi } from '../api.ts';

/** 打印日志: who printed a template, when and how many, newest first. */
export function PrintLogDialog({
  target,
  onClose,
}: {
  target: { id: string; fullName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('printDev');
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: 20 });
  const logs = useQuery({
    queryKey: ['printDev', 'log', target?.id, paging],
    queryFn: () => printDevApi.log(target?.id ?? '', paging),
    enabled: Boolean(target),
    gcTime: 0,
  });
  return (
    <Modal
      open={Boolean(target)}
      title={`${t('log.title')} - ${target?.fullName ?? ''}`}
      width={800}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<PrintLogRow>
        size="small"
        rowKey="id"
        loading={logs.isFetching}
        dataSource={logs.data?.list ?? []}
        pagination={{
          current: paging.currentPage,
          pageSize: paging.pageSize,
          total: logs.data?.pagination.total ?? 0,
          showTotal: (total) => t('log.rows', { count: total }),
          onChange: (currentPage, pageSize) => setPaging({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('log.printTitle'), dataIndex: 'printTitle', key: 'printTitle' },
          { title: t('log.printMan'), dataIndex: 'printMan', key: 'printMan', width: 200 },
          { title: t('log.printTime'), dataIndex: 'printTime', key: 'printTime', width: 170, render: formatDateTime },
          { title: t('log.printNum'), dataIndex: 'printNum', key: 'printNum', width: 100 },
        ]}
      />
    </Modal>
  );
}
