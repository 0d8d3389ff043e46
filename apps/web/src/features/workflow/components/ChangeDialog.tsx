import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { PickerField, useFormSubmit } from '../../../shared/components/index.ts';
import { monitorApi, taskApi } from '../api.ts';

/** Form dialogs of the run time: 600 px (DESIGN.md), as the 3.6 client's 变更 / 复活 dialog. */
const dialogWidth = 600;

export type ChangeMode = 'change' | 'resurgence' | 'assign';

/** The nodes a mode offers: 变更 / 复活 the approver nodes of the flow (`Selector`), 指派 the current ones. */
async function targetsOf(taskId: string, mode: ChangeMode): Promise<{ id: string; nodeName: string }[]> {
  if (mode !== 'assign') return monitorApi.changeTargets(taskId);
  const detail = await taskApi.detail(taskId, {});
  return detail.flowTaskNodeList.filter((n) => n.type === 1).map((n) => ({ id: n.nodeCode, nodeName: n.nodeName }));
}

/**
 * 变更 (a running task moves to another approver node), 复活 (an ended task runs again from one) and
 * 指派 (a current node's handling given to one person): the node, for 指派 the person, an opinion,
 * then `Change` or `Assign`. The server's message shows, the list refreshes.
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
  const [form] = Form.useForm<{ taskNodeId: string; userId?: string; handleOpinion?: string }>();
  const mode = target?.mode ?? 'change';
  const nodes = useQuery({
    queryKey: ['workflow', 'changeTargets', target?.taskId, mode],
    queryFn: () => targetsOf(target?.taskId ?? '', mode),
    enabled: !!target,
    gcTime: 0,
    retry: false,
  });
  const { saving, submit } = useFormSubmit({
    form,
    onSubmit: (values) =>
      mode === 'assign'
        ? monitorApi.assign(target?.taskId ?? '', {
            nodeCode: values.taskNodeId,
            freeApproverUserId: values.userId ?? '',
            handleOpinion: values.handleOpinion ?? '',
            fileList: [],
          })
        : monitorApi.change({
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
        {mode === 'assign' ? (
          <Form.Item name="userId" label={t('change.assignTo')} rules={[{ required: true, message: t('chooseUser') }]}>
            <PickerField kind="user" />
          </Form.Item>
        ) : null}
        <Form.Item name="handleOpinion" label={t(`change.opinion.${mode}`)}>
          <Input.TextArea rows={4} maxLength={2000} placeholder={t('change.opinionPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
