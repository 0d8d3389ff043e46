import type { ScheduleScope } from '@platform/shared';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/toast.tsx';

/**
 * admin.md §2.8 删除确认 (380 px): which entries of a repeating schedule a delete (or change)
 * applies to: 1 this one, 2 this and the following ones, 3 all. Nothing chosen: 请选择日程.
 */
export function ScopeDialog({
  open,
  title,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title?: string;
  onCancel: () => void;
  onConfirm: (scope: ScheduleScope) => Promise<void> | void;
}) {
  const { t } = useTranslation('schedule');
  const toast = useToast();
  const [scope, setScope] = useState<ScheduleScope>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title ?? t('scopeTitle')}
      width={380}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      destroyOnHidden
      afterClose={() => setScope(undefined)}
      onCancel={onCancel}
      onOk={async () => {
        if (!scope) {
          toast.warning(t('chooseScope'));
          return;
        }
        setBusy(true);
        try {
          await onConfirm(scope);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Radio.Group
        value={scope}
        onChange={(e) => setScope(e.target.value as ScheduleScope)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={([1, 2, 3] as const).map((value) => ({ value, label: t(`scopes.${value}`) }))}
      />
    </Modal>
  );
}
