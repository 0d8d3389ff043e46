import type { PrintLogRow } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { RecordLogDialog } from '../../../shared/components/index.ts';
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
  return (
    <RecordLogDialog<PrintLogRow>
      target={target}
      title={t('log.title')}
      queryKey={['printDev', 'log']}
      fetch={(id, paging) => printDevApi.log(id, paging)}
      onClose={onClose}
      columns={[
        { title: t('log.printTitle'), dataIndex: 'printTitle', key: 'printTitle', width: 200, ellipsis: true },
        { title: t('log.printMan'), dataIndex: 'printMan', key: 'printMan', width: 200 },
        { title: t('log.printTime'), dataIndex: 'printTime', key: 'printTime', width: 170, render: formatDateTime },
        { title: t('log.printNum'), dataIndex: 'printNum', key: 'printNum', width: 100 },
      ]}
    />
  );
}
