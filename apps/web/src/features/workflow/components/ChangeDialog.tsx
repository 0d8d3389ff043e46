import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useFormSubmit } from '../../../shared/components/index.ts';
import { monitorApi } from '../api.ts';

/** Form dialogs of the run time: 600 px (DESIGN.md), as the 3.6 client's 变更 / 复活 dialog. */
const dialogWidth = 600;

export type ChangeMode = 'change' | 'resurgence';

/** Task statuses a monitor may revive from: approved, rejected, terminated (the server checks too). */
export const revivableStatuses: readonly number[] = [2, 3, 5];

/**
 * 变更 (a running task moves to another approver node) and 复活 (an ended task runs again from one):
 * the node from `Selector`, an opinion, then `Change`. The server's message shows, the list refreshes.
 */
export function ChangeDialog({
  target,
  onClose,
  onDone,
}: {
  target: { taskId: string; mode: ChangeMode } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<{ taskNodeId: string; handleOpinion?: string }>();
  const mode = target?.mode ?? 'change';
  const nodes = useQuery({
    queryKey: ['workflow', 'changeTargets', target?.taskId],
    queryFn: () => monitorApi.changeTargets(target?.taskId ?? ''),
    enabled: !!target,
    gcTime: 0,
    retry: false,
  });
  const { saving, submit } = useFormSubmit({
    form,
    onSubmit: (values) =>
      monitorApi.change({
        taskId: target?.taskId ?? '',
        taskNodeId: values.taskNodeId,
        resurgence: mode === 'resurgence',
        handleOpinion: values.handleOpinion ?? '',
        fileList: [],
      }),
    onClose,
    onSaved: onDone,
  });
  return (
    <Modal
      open={!!target}
      width={dialogWidth}
      title={t(`change.title.${mode}`)}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="taskNodeId"
          label={t(`change.node.${mode}`)}
          rules={[{ required: true, message: t('change.chooseNode') }]}
        >
          <Select
            loading={nodes.isLoading}
            placeholder={t(`change.nodePlaceholder.${mode}`)}
            options={(nodes.data ?? []).map((n) => ({ value: n.id, label: n.nodeName }))}
          />
        </Form.Item>
        <Form.Item name="handleOpinion" label={t(`change.opinion.${mode}`)}>
          <Input.TextArea rows={4} maxLength={2000} placeholder={t('change.opinionPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
