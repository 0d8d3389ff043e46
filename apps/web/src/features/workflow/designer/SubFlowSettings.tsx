import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { FlowAssign, FormDataField } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../shared/components/index.ts';
import { templateApi } from '../api.ts';
import type { FlowNode } from '../graph.ts';

/** Who launches the children: the approver kinds that need no run-time answer of their own. */
const initiateKinds = [6, 1, 2, 3, 4, 5] as const;

/** The value fields of the child flow's form, which `assignList` fills. */
async function childFieldsOf(flowId: string): Promise<FormDataField[]> {
  const form = await templateApi.formInfo(flowId);
  return form.id ? templateApi.formFields(form.id) : [];
}

/**
 * The drawer's rows of `assignList` as the engine reads them: one entry for the form the rules read
 * (the start node's, `{nodeId, title, ruleList}`), every rule naming both fields.
 */
export function assignListOf(edited: readonly FlowAssign[] | undefined, start: FlowNode, title: string): FlowAssign[] {
  const ruleList = (edited ?? [])
    .flatMap((entry) => entry.ruleList ?? [])
    .filter((rule) => rule?.parentField && rule.childField);
  return ruleList.length ? [{ nodeId: start.nodeId, title, ruleList }] : [];
}

/**
 * 子流程 node (protocol-workflow.md: `{isAsync, flowId, initiateType, initiator[], assignList,
 * autoSubmit}`): the child flow, who launches it, which parent field fills which child field,
 * whether the parent waits (sync) and whether the child is submitted at once.
 */
export function SubFlowSettings({
  flows,
  fields,
}: {
  flows: readonly { id: string; fullName: string }[];
  /** The parent's (start form's) value fields. */
  fields: readonly FormDataField[];
}) {
  const { t } = useTranslation('workflow');
  const kind = Form.useWatch<number | undefined>('initiateType');
  const flowId = Form.useWatch<string | undefined>('flowId');
  const childFields = useQuery({
    queryKey: ['workflow', 'subFlowFields', flowId],
    queryFn: () => childFieldsOf(flowId as string),
    enabled: !!flowId,
    retry: false,
  });
  const parentOptions = fields.map((f) => ({ value: f.vModel, label: f.label || f.vModel }));
  const childOptions = (childFields.data ?? []).map((f) => ({ value: f.vModel, label: f.label || f.vModel }));
  return (
    <>
      <Form.Item name="flowId" label={t('props.subFlow')}>
        <Select showSearch optionFilterProp="label" options={flows.map((f) => ({ value: f.id, label: f.fullName }))} />
      </Form.Item>
      <Form.Item name="initiateType" label={t('props.subInitiator')}>
        <Select options={initiateKinds.map((k) => ({ value: k, label: t(`props.assignee.${k}`) }))} />
      </Form.Item>
      {kind === 6 ? (
        <Form.Item name="initiator" label={t('props.approvers')}>
          <PickerField kind="users" multiple />
        </Form.Item>
      ) : null}
      <Form.Item label={t('props.assignList')} extra={t('props.assignListHint')}>
        <Form.List name={['assignList', 0, 'ruleList']}>
          {(rules, ops) => (
            <>
              {rules.map((rule, i) => (
                <Space key={rule.key} className="wf-condition-row" align="baseline">
                  <Form.Item name={[rule.name, 'parentField']} noStyle>
                    <Select
                      style={{ width: 200 }}
                      showSearch
                      optionFilterProp="label"
                      options={parentOptions}
                      placeholder={t('props.parentField')}
                      aria-label={t('props.parentFieldN', { n: i + 1 })}
                    />
                  </Form.Item>
                  <span aria-hidden>→</span>
                  <Form.Item name={[rule.name, 'childField']} noStyle>
                    <Select
                      style={{ width: 200 }}
                      showSearch
                      optionFilterProp="label"
                      options={childOptions}
                      placeholder={t('props.childField')}
                      aria-label={t('props.childFieldN', { n: i + 1 })}
                    />
                  </Form.Item>
                  <Button
                    size="small"
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('props.removeAssign', { n: i + 1 })}
                    onClick={() => ops.remove(rule.name)}
                  />
                </Space>
              ))}
              <Button
                size="small"
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => ops.add({ parentField: undefined, childField: undefined })}
              >
                {t('props.addAssign')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="isAsync" label={t('props.subFlowMode')}>
        <Radio.Group
          options={[
            { value: false, label: t('props.subFlowModes.sync') },
            { value: true, label: t('props.subFlowModes.async') },
          ]}
        />
      </Form.Item>
      <Form.Item name="autoSubmit" label={t('props.autoSubmit')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
