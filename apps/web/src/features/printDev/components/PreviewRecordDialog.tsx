import type { PrintDevRow } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printDevApi } from '../api.ts';

/** A record as the chooser names it: its first few values that read as text. */
const recordLabel = (row: Record<string, unknown>) =>
  Object.entries(row)
    .filter(([key, value]) => key !== 'id' && (typeof value === 'string' || typeof value === 'number') && value !== '')
    .slice(0, 3)
    .map(([, value]) => String(value))
    .join(' / ') || String(row.id);

/**
 * 预览 on the template list: the template printed with a record chosen here, one of its form's
 * records, or for a template on its own SQL or data interface the business key (`@formId`) typed in.
 */
export function PreviewRecordDialog({
  template,
  onChoose,
  onClose,
}: {
  /** null: closed. */
  template: PrintDevRow | null;
  onChoose: (recordId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('printDev');
  const [recordId, setRecordId] = useState('');
  const formId = template?.formId ?? '';
  const records = useQuery({
    queryKey: ['printDev', 'records', formId],
    queryFn: () => printDevApi.records(formId),
    enabled: Boolean(formId),
  });
  return (
    <Modal
      open={Boolean(template)}
      title={t('previewRecord.title')}
      width={400}
      onCancel={onClose}
      onOk={() => onChoose(recordId.trim())}
      okButtonProps={{ disabled: !recordId.trim() }}
      afterClose={() => setRecordId('')}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('previewRecord.record')} htmlFor="print-preview-record">
          {formId ? (
            <Select
              id="print-preview-record"
              showSearch
              optionFilterProp="label"
              loading={records.isLoading}
              value={recordId || undefined}
              onChange={(id: string) => setRecordId(id)}
              options={(records.data?.list ?? []).map((row) => ({ value: row.id, label: recordLabel(row) }))}
            />
          ) : (
            <Input
              id="print-preview-record"
              value={recordId}
              placeholder={t('previewRecord.key')}
              onChange={(event) => setRecordId(event.target.value)}
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
