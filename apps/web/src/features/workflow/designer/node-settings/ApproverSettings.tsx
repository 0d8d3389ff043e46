import type { FormDataField } from '@platform/shared';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../../shared/components/index.ts';
import { approversBefore, type FlowNode } from '../../graph.ts';
import { InterfaceSettings } from '../InterfaceSettings.tsx';
import { nodeTitle } from '../summary.ts';
import { approverButtons, ButtonSettings } from './ButtonSettings.tsx';
import { FieldPermissions } from './FieldPermissions.tsx';
import { approverEvents, MessageSettings } from './MessageSettings.tsx';
import { TimingSettings } from './TimingSettings.tsx';

export const assigneeKinds = [6, 1, 2, 3, 4, 5, 7, 9] as const;

/** 审批人: who approves (and how several sign), rejection, copies, timing, notices, field rights and buttons. */
export function ApproverSettings({
  tree,
  node,
  fields,
}: {
  tree: FlowNode;
  node: FlowNode;
  fields: readonly FormDataField[];
}) {
  const { t } = useTranslation('workflow');
  const kind = Form.useWatch<number | undefined>('assigneeType');
  const counterSign = Form.useWatch<number | undefined>('counterSign');
  const earlier = approversBefore(tree, node.nodeId);
  return (
    <>
      <Form.Item name="assigneeType" label={t('props.assigneeType')}>
        <Select options={assigneeKinds.map((k) => ({ value: k, label: t(`props.assignee.${k}`) }))} />
      </Form.Item>
      {kind === 6 || kind === 7 ? (
        <Form.Item name="approvers" label={t(kind === 7 ? 'props.candidateRange' : 'props.approvers')}>
          <PickerField kind="users" multiple />
        </Form.Item>
      ) : null}
      {kind === 6 ? (
        <Form.Item name="extraRule" label={t('props.extraRule')}>
          <Select options={[1, 6, 2, 3, 4, 5].map((k) => ({ value: k, label: t(`props.extraRules.${k}`) }))} />
        </Form.Item>
      ) : null}
      {kind === 1 ? (
        <Form.Item name="managerLevel" label={t('props.managerLevel')}>
          <InputNumber min={1} max={10} />
        </Form.Item>
      ) : null}
      {kind === 4 ? (
        <>
          <Form.Item name="formField" label={t('props.formField')}>
            <Select options={fields.map((f) => ({ value: f.vModel, label: f.label }))} />
          </Form.Item>
          <Form.Item name="formFieldType" label={t('props.formFieldType')}>
            <Select options={[1, 2, 3, 4, 5].map((k) => ({ value: k, label: t(`props.fieldKinds.${k}`) }))} />
          </Form.Item>
        </>
      ) : null}
      {kind === 5 ? (
        <Form.Item name="nodeId" label={t('props.otherNode')}>
          <Select options={earlier.map((n) => ({ value: n.nodeId, label: nodeTitle(n, t) }))} />
        </Form.Item>
      ) : null}
      {kind === 9 ? <InterfaceSettings fields={fields} /> : null}
      <Form.Item name="counterSign" label={t('props.counterSignLabel')}>
        <Radio.Group options={[0, 1, 2].map((k) => ({ value: k, label: t(`props.counterSign.${k}`) }))} />
      </Form.Item>
      {counterSign === 1 ? (
        <Form.Item name={['counterSignConfig', 'auditRatio']} label={t('props.auditRatio')}>
          <InputNumber min={1} max={100} addonAfter="%" />
        </Form.Item>
      ) : null}
      <Form.Item name="rejectType" label={t('props.rejectType')}>
        <Radio.Group options={[1, 2, 3].map((k) => ({ value: k, label: t(`props.rejectTypes.${k}`) }))} />
      </Form.Item>
      <Form.Item name="rejectStep" label={t('props.rejectStep')}>
        <Select
          options={[
            ...['0', '1', '2'].map((k) => ({ value: k, label: t(`props.rejectSteps.${k}`) })),
            ...earlier.map((n) => ({ value: n.nodeId, label: nodeTitle(n, t) })),
          ]}
        />
      </Form.Item>
      <Form.Item name="circulateUser" label={t('props.circulateUser')}>
        <PickerField kind="users" multiple />
      </Form.Item>
      <TimingSettings fields={fields} followsStart />
      <MessageSettings events={approverEvents} followsStart fields={fields} />
      <Divider>{t('props.formOperates')}</Divider>
      <Form.Item name="formOperates" noStyle>
        <FieldPermissions fields={fields} writable={false} />
      </Form.Item>
      <Divider>{t('props.buttons')}</Divider>
      <ButtonSettings names={approverButtons} />
    </>
  );
}
