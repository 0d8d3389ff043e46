import { PaperClipOutlined } from '@ant-design/icons';
import type { ScheduleScope } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseFiles } from '../../../shared/attachments.ts';
import { StoredFileLink } from '../../../shared/components/StoredFileLink.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { scheduleApi } from '../api.ts';
import { formatMinute } from '../schedule-time.ts';
import { ScopeDialog } from './ScopeDialog.tsx';

const urgencyColours: Record<number, string> = { 1: 'processing', 2: 'warning', 3: 'error' };

/**
 * admin.md §2.8 详情 (600 px): type, urgency, title, content, attachments, start and end
 * (yyyy-MM-dd HH:mm), creator and participants. Delete only when opened with type 1; a repeating
 * entry asks which entries first. A failed load closes the dialog.
 */
export function ScheduleDetailDialog({
  open,
  id,
  groupId,
  type,
  onClose,
  onDeleted,
  onEdit,
}: {
  open: boolean;
  id: string;
  groupId?: string;
  type: number;
  onClose: () => void;
  onDeleted?: () => void;
  onEdit?: () => void;
}) {
  const { t } = useTranslation('schedule', { i18n });
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const [scopeOpen, setScopeOpen] = useState(false);
  const detail = useQuery({
    queryKey: ['schedule', 'detail', id, groupId],
    queryFn: () => scheduleApi.detail(id, groupId),
    enabled: open && !!id,
    gcTime: 0,
  });
  // admin.md §7: a schedule that cannot be loaded closes the dialog.
  useEffect(() => {
    if (detail.isError) onClose();
  }, [detail.isError, onClose]);

  const remove = async (scope: ScheduleScope) => {
    const answer = await scheduleApi.remove(id, scope);
    toast.success({ content: answer.msg, duration: 1.5 });
    setScopeOpen(false);
    onDeleted?.();
    onClose();
  };

  const askDelete = () => {
    const info = detail.data;
    if (!info) return;
    if (info.repetition !== '1') {
      setScopeOpen(true);
      return;
    }
    // admin.md §4: a non-repeating entry is deleted with scope 3 after a warning.
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm'),
      type: 'warning',
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: () => remove(3),
    });
  };

  const info = detail.data;
  const files = parseFiles(info?.files);
  return (
    <Modal
      open={open}
      title={t('detail')}
      width={600}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <>
          {onEdit && info && type === 1 ? <Button onClick={onEdit}>{t('edit')}</Button> : null}
          {type === 1 && info ? (
            <Button danger onClick={askDelete}>
              {t('remove')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('cancel')}</Button>
        </>
      }
    >
      {modalHolder}
      {!info ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : (
        <Descriptions column={1} size="small" bordered labelStyle={{ width: 110 }}>
          <Descriptions.Item label={t('fields.category')}>{info.category}</Descriptions.Item>
          <Descriptions.Item label={t('fields.urgent')}>
            <Tag color={urgencyColours[info.urgentLevel] ?? 'blue'}>{info.urgent}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.title')}>{info.title}</Descriptions.Item>
          <Descriptions.Item label={t('fields.content')}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{info.content}</div>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.files')}>
            {files.map((file) => (
              <div key={file.url}>
                <StoredFileLink url={file.url} name={file.name}>
                  <PaperClipOutlined /> {file.name}
                </StoredFileLink>
              </div>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.startDay')}>{formatMinute(info.startDay)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.endDay')}>{formatMinute(info.endDay)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.creator')}>{info.creatorUser}</Descriptions.Item>
          <Descriptions.Item label={t('fields.toUsers')}>{info.toUser.join('，')}</Descriptions.Item>
        </Descriptions>
      )}
      <ScopeDialog open={scopeOpen} onCancel={() => setScopeOpen(false)} onConfirm={remove} />
    </Modal>
  );
}
