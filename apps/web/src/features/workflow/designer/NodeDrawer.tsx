import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { FlowMsgEvent, FormDataField } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Divider from 'antd/es/divider';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../shared/components/index.ts';
import { PrintTemplateSelect } from '../../printDev/index.ts';
import { sendConfigApi } from '../../sendConfig/api.ts';
import { approversBefore, type FlowNode, type FlowProperties, startMsgEvents } from '../graph.ts';
import type { NodeOperate } from '../wire.ts';
import { InterfaceSettings } from './InterfaceSettings.tsx';
import { assignListOf, SubFlowSettings } from './SubFlowSettings.tsx';
import { nodeSummary, nodeTitle } from './summary.ts';
import { TemplateParamMapping } from './TemplateParamMapping.tsx';

/** The designer's property drawer: 700 px (DESIGN.md drawer widths). */
const drawerWidth = 700;

export const assigneeKinds = [6, 1, 2, 3, 4, 5, 7, 9] as const;
export const symbols = ['>=', '>', '==', '<=', '<', '<>', 'like', 'notLike'] as const;
const startButtons = ['Submit', 'Save', 'Revoke', 'Press', 'Print'] as const;
const approverButtons = ['Audit', 'Reject', 'Revoke', 'Transfer', 'FreeApprover', 'Cancel', 'Save', 'Print'] as const;

/** Per-field read / write / required of a node, one row per field of the bound form. */
function FieldPermissions({
  fields,
  writable,
  value,
  onChange,
  emptyText,
}: {
  fields: readonly FormDataField[];
  /** Whether a field not listed yet is written: the launcher fills the form, approvers read it. */
  writable: boolean;
  /** Why there is no field to set (the start node, where the form is chosen, says it its own way). */
  emptyText?: string;
  value?: NodeOperate[];
  onChange?: (next: NodeOperate[]) => void;
}) {
  const { t } = useTranslation('workflow');
  const byId = new Map((value ?? []).map((o) => [o.id, o]));
  const rows = fields.map((f) => byId.get(f.vModel) ?? { id: f.vModel, read: true, write: writable, required: false });
  const set = (id: string, patch: Partial<NodeOperate>) =>
    onChange?.(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  if (!fields.length) return <div className="wf-muted">{emptyText ?? t('props.noFormFields')}</div>;
  return (
    <table className="wf-operates">
      <thead>
        <tr>
          <th>{t('props.field')}</th>
          <th>{t('props.read')}</th>
          <th>{t('props.write')}</th>
          <th>{t('props.required')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field, i) => {
          const row = rows[i] as NodeOperate;
          return (
            <tr key={field.vModel}>
              <td>{field.label}</td>
              <td>
                <Checkbox
                  checked={row.read}
                  aria-label={`${field.label} ${t('props.read')}`}
                  onChange={(e) =>
                    set(row.id, e.target.checked ? { read: true } : { read: false, write: false, required: false })
                  }
                />
              </td>
              <td>
                <Checkbox
                  checked={row.write}
                  aria-label={`${field.label} ${t('props.write')}`}
                  onChange={(e) =>
                    set(row.id, e.target.checked ? { write: true, read: true } : { write: false, required: false })
                  }
                />
              </td>
              <td>
                <Checkbox
                  checked={!!row.required}
                  aria-label={`${field.label} ${t('props.required')}`}
                  onChange={(e) =>
                    set(row.id, e.target.checked ? { required: true, write: true, read: true } : { required: false })
                  }
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** 按钮: a switch per button and the text it shows. */
function ButtonSettings({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('workflow');
  return (
    <>
      {names.map((name) => (
        <Space key={name} className="wf-button-row" align="baseline">
          <Form.Item name={`has${name}Btn`} valuePropName="checked" noStyle>
            <Checkbox>{t(`buttons.${name}`)}</Checkbox>
          </Form.Item>
          <Form.Item name={`has${name}BtnText`} noStyle>
            <Input
              size="small"
              placeholder={t(`buttons.${name}`)}
              aria-label={t('props.buttonText', { name: t(`buttons.${name}`) })}
            />
          </Form.Item>
        </Space>
      ))}
      {names.includes('Print') ? <PrintTemplates /> : null}
    </>
  );
}

/** The templates 打印 offers (`printId[]`), once the node switches the button on. */
function PrintTemplates() {
  const { t } = useTranslation('workflow');
  const on = Form.useWatch('hasPrintBtn', Form.useFormInstance()) === true;
  return on ? (
    <Form.Item name="printId" label={t('props.printId')}>
      <PrintTemplateSelect />
    </Form.Item>
  ) : null;
}

const approverEvents = [
  'approveMsgConfig',
  'rejectMsgConfig',
  'copyMsgConfig',
  'overTimeMsgConfig',
  'noticeMsgConfig',
] as const satisfies readonly FlowMsgEvent[];
const subFlowEvents = ['launchMsgConfig'] as const satisfies readonly FlowMsgEvent[];

/**
 * 节点通知: per node event, off / default in-app / a send configuration (or, on an approver, what the
 * start node says). With a send configuration, each of its templates' parameters is mapped to a
 * form field or a system value.
 */
function MessageSettings({
  events,
  followsStart,
  fields,
}: {
  events: readonly FlowMsgEvent[];
  followsStart: boolean;
  fields: readonly FormDataField[];
}) {
  const { t } = useTranslation('workflow');
  const form = Form.useFormInstance();
  const configs = useQuery({
    queryKey: ['workflow', 'sendConfigs'],
    queryFn: () => sendConfigApi.list({ currentPage: 1, pageSize: 500, keyword: '', enabledMark: '1' }),
  });
  const options = (followsStart ? [2, 3, 1, 0] : [3, 1, 0]).map((on) => ({
    value: on,
    label: t(`props.msg.on.${on}`),
  }));
  return (
    <>
      <Divider>{t('props.msg.title')}</Divider>
      {events.map((event) => (
        <Form.Item key={event} label={t(`props.msg.events.${event}`)}>
          <Space wrap>
            {/* Without a setting the engine sends nothing (a new start node has them on, graph.ts). */}
            <Form.Item name={[event, 'on']} noStyle initialValue={followsStart ? 2 : 0}>
              <Select style={{ width: 140 }} options={options} aria-label={t(`props.msg.events.${event}`)} />
            </Form.Item>
            <Form.Item noStyle dependencies={[[event, 'on']]}>
              {() =>
                form.getFieldValue([event, 'on']) === 1 ? (
                  <Form.Item name={[event, 'msgId']} noStyle>
                    <Select
                      style={{ width: 220 }}
                      showSearch
                      optionFilterProp="label"
                      placeholder={t('props.msg.sendConfig')}
                      aria-label={`${t(`props.msg.events.${event}`)} ${t('props.msg.sendConfig')}`}
                      options={(configs.data?.list ?? []).map((c) => ({ value: c.id, label: c.fullName }))}
                    />
                  </Form.Item>
                ) : null
              }
            </Form.Item>
          </Space>
          <Form.Item
            noStyle
            dependencies={[
              [event, 'on'],
              [event, 'msgId'],
            ]}
          >
            {() =>
              form.getFieldValue([event, 'on']) === 1 ? (
                <Form.Item name={[event, 'templateJson']} noStyle>
                  <TemplateParamMapping
                    msgId={form.getFieldValue([event, 'msgId']) as string | undefined}
                    fields={fields}
                    label={t(`props.msg.events.${event}`)}
                  />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </Form.Item>
      ))}
    </>
  );
}

/** Hours with their unit, fractions allowed (the engine counts in hours). */
function Hours({ name, label }: { name: (string | number)[]; label: string }) {
  const { t } = useTranslation('workflow');
  return (
    <Form.Item name={name} label={label}>
      <InputNumber min={0} max={87_600} addonAfter={t('props.hours')} aria-label={label} />
    </Form.Item>
  );
}

/** 超时处理: the time limit, the reminders before it and what happens after it. */
function TimingSettings({ fields, followsStart }: { fields: readonly FormDataField[]; followsStart: boolean }) {
  const { t } = useTranslation('workflow');
  const limitOn = Form.useWatch<number | undefined>(['timeLimitConfig', 'on']);
  const nodeLimit = Form.useWatch<number | undefined>(['timeLimitConfig', 'nodeLimit']);
  const onOptions = (followsStart ? [2, 1, 0] : [1, 0]).map((on) => ({ value: on, label: t(`props.timing.on.${on}`) }));
  const initial = followsStart ? 2 : 0;
  return (
    <>
      <Divider>{t('props.timing.title')}</Divider>
      <Form.Item name={['timeLimitConfig', 'on']} label={t('props.timing.limit')} initialValue={initial}>
        <Select options={onOptions} />
      </Form.Item>
      {limitOn === 1 ? (
        <>
          <Form.Item name={['timeLimitConfig', 'nodeLimit']} label={t('props.timing.nodeLimit')} initialValue={0}>
            <Select options={[0, 1, 2].map((k) => ({ value: k, label: t(`props.timing.nodeLimits.${k}`) }))} />
          </Form.Item>
          {nodeLimit === 2 ? (
            <Form.Item name={['timeLimitConfig', 'formField']} label={t('props.formField')}>
              <Select options={fields.map((f) => ({ value: f.vModel, label: f.label }))} />
            </Form.Item>
          ) : null}
          <Hours name={['timeLimitConfig', 'duringDeal']} label={t('props.timing.duringDeal')} />
        </>
      ) : null}
      {limitOn ? (
        <>
          <RepeatedNotice
            config="noticeConfig"
            label={t('props.timing.notice')}
            first={t('props.timing.noticeFirst')}
            message={t('props.timing.noticeMessage')}
            options={onOptions}
            initial={initial}
          />
          <RepeatedNotice
            config="overTimeConfig"
            label={t('props.timing.overTime')}
            first={t('props.timing.overFirst')}
            message={t('props.timing.overMessage')}
            options={onOptions}
            initial={initial}
          >
            <OverTimeAction action="Approve" />
            <OverTimeAction action="Reject" />
          </RepeatedNotice>
        </>
      ) : null}
    </>
  );
}

function ConditionEditor({ fields }: { fields: readonly FormDataField[] }) {
  const { t } = useTranslation('workflow');
  const fieldOptions = fields.map((f) => ({ value: f.vModel, label: f.label }));
  return (
    <>
      <Form.Item name="matchLogic" label={t('props.matchLogic')}>
        <Radio.Group
          options={[
            { value: 'and', label: t('props.and') },
            { value: 'or', label: t('props.or') },
          ]}
        />
      </Form.Item>
      <Form.List name="conditions">
        {(groups, groupOps) => (
          <>
            {groups.map((group, gi) => (
              <div className="wf-condition-group" key={group.key}>
                <Space className="wf-condition-head">
                  <span>{t('props.group', { n: gi + 1 })}</span>
                  <Form.Item name={[group.name, 'logic']} noStyle>
                    <Select
                      size="small"
                      style={{ width: 90 }}
                      aria-label={t('props.groupLogic')}
                      options={[
                        { value: 'and', label: t('props.and') },
                        { value: 'or', label: t('props.or') },
                      ]}
                    />
                  </Form.Item>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('props.removeGroup', { n: gi + 1 })}
                    onClick={() => groupOps.remove(group.name)}
                  />
                </Space>
                <Form.List name={[group.name, 'groups']}>
                  {(items, itemOps) => (
                    <>
                      {items.map((item, ii) => (
                        <Space key={item.key} className="wf-condition-row" align="baseline">
                          <Form.Item name={[item.name, 'field']} noStyle>
                            <Select
                              style={{ width: 180 }}
                              options={fieldOptions}
                              placeholder={t('props.field')}
                              aria-label={t('props.conditionField', { n: ii + 1 })}
                            />
                          </Form.Item>
                          <Form.Item name={[item.name, 'symbol']} noStyle>
                            <Select
                              style={{ width: 110 }}
                              aria-label={t('props.conditionSymbol', { n: ii + 1 })}
                              options={symbols.map((s) => ({ value: s, label: t(`symbols.${s}`) }))}
                            />
                          </Form.Item>
                          <Form.Item name={[item.name, 'fieldValue']} noStyle>
                            <Input style={{ width: 160 }} aria-label={t('props.conditionValue', { n: ii + 1 })} />
                          </Form.Item>
                          <Button
                            size="small"
                            type="text"
                            icon={<DeleteOutlined />}
                            aria-label={t('props.removeCondition', { n: ii + 1 })}
                            onClick={() => itemOps.remove(item.name)}
                          />
                        </Space>
                      ))}
                      <Button
                        size="small"
                        type="dashed"
                        icon={<PlusOutlined />}
                        onClick={() =>
                          itemOps.add({
                            fieldType: 1,
                            field: undefined,
                            symbol: '==',
                            fieldValueType: 2,
                            fieldValue: '',
                          })
                        }
                      >
                        {t('props.addCondition')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </div>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                groupOps.add({
                  logic: 'and',
                  groups: [{ fieldType: 1, field: undefined, symbol: '==', fieldValueType: 2, fieldValue: '' }],
                })
              }
            >
              {t('props.addGroup')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

function ApproverSettings({
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

function StartSettings({
  fields,
  forms,
}: {
  fields: readonly FormDataField[];
  forms: readonly { id: string; fullName: string }[];
}) {
  const { t } = useTranslation('workflow');
  const titleType = Form.useWatch<number | undefined>('titleType');
  const formId = Form.useWatch<string | undefined>('formId');
  return (
    <>
      <Form.Item name="formId" label={t('props.form')}>
        <Select
          showSearch
          optionFilterProp="label"
          options={forms.map((f) => ({ value: f.id, label: f.fullName }))}
          placeholder={t('props.chooseForm')}
        />
      </Form.Item>
      <Form.Item name="initiator" label={t('props.initiator')} extra={t('props.initiatorHint')}>
        <PickerField kind="users" multiple />
      </Form.Item>
      <Form.Item name="circulateUser" label={t('props.circulateUser')}>
        <PickerField kind="users" multiple />
      </Form.Item>
      <Form.Item name="titleType" label={t('props.titleType')}>
        <Radio.Group
          options={[
            { value: 0, label: t('props.titleTypes.0') },
            { value: 1, label: t('props.titleTypes.1') },
          ]}
        />
      </Form.Item>
      {titleType === 1 ? (
        <Form.Item name="titleContent" label={t('props.titleContent')}>
          <Input />
        </Form.Item>
      ) : null}
      <Form.Item name="hasSign" label={t('props.hasSign')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="isComment"
        label={t('props.isComment')}
        valuePropName="checked"
        getValueProps={(value: unknown) => ({ checked: value !== false })}
      >
        <Switch />
      </Form.Item>
      <TimingSettings fields={fields} followsStart={false} />
      <MessageSettings events={startMsgEvents} followsStart={false} fields={fields} />
      <Divider>{t('props.formOperates')}</Divider>
      <Form.Item name="formOperates" noStyle>
        <FieldPermissions
          fields={fields}
          writable
          emptyText={formId ? t('props.formWithoutFields') : t('props.chooseFormAbove')}
        />
      </Form.Item>
      <Divider>{t('props.buttons')}</Divider>
      <ButtonSettings names={startButtons} />
    </>
  );
}

/**
 * Reminders before the limit (`noticeConfig`) or notices after it (`overTimeConfig`): whether the
 * node has its own, when the first comes, how often the next, whether each sends a message.
 */
function RepeatedNotice(props: {
  config: 'noticeConfig' | 'overTimeConfig';
  label: string;
  first: string;
  message: string;
  options: { value: number; label: string }[];
  initial: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation('workflow');
  const on = Form.useWatch<number | undefined>([props.config, 'on']);
  return (
    <>
      <Form.Item name={[props.config, 'on']} label={props.label} initialValue={props.initial}>
        <Select options={props.options} />
      </Form.Item>
      {on === 1 ? (
        <>
          <Hours name={[props.config, 'firstOver']} label={props.first} />
          <Hours name={[props.config, 'overTimeDuring']} label={t('props.timing.interval')} />
          <Form.Item name={[props.config, 'overNotice']} valuePropName="checked" label=" " colon={false}>
            <Checkbox>{props.message}</Checkbox>
          </Form.Item>
          {props.children}
        </>
      ) : null}
    </>
  );
}

/** An over-time action (`overAuto{action}`), taken at the `overAuto{action}Time`-th over-time notice. */
function OverTimeAction({ action }: { action: 'Approve' | 'Reject' }) {
  const { t } = useTranslation('workflow');
  const on = Form.useWatch<boolean | undefined>(['overTimeConfig', `overAuto${action}`]);
  const label = t(`props.timing.auto${action}`);
  return (
    <Form.Item label={label}>
      <Space>
        <Form.Item name={['overTimeConfig', `overAuto${action}`]} valuePropName="checked" noStyle>
          <Switch aria-label={label} />
        </Form.Item>
        {on ? (
          <Form.Item name={['overTimeConfig', `overAuto${action}Time`]} noStyle initialValue={1}>
            <InputNumber
              min={1}
              max={1000}
              aria-label={t('props.timing.atNotice')}
              addonBefore={t('props.timing.atNotice')}
            />
          </Form.Item>
        ) : null}
      </Space>
    </Form.Item>
  );
}

function TimerSettings() {
  const { t } = useTranslation('workflow');
  return (
    <Space wrap>
      {(['day', 'hour', 'minute', 'second'] as const).map((unit) => (
        <Form.Item key={unit} name={unit} label={t(`props.units.${unit}`)}>
          <InputNumber min={0} max={unit === 'day' ? 365 : 59} />
        </Form.Item>
      ))}
    </Space>
  );
}

export interface NodeDrawerProps {
  tree: FlowNode;
  node: FlowNode | null;
  fields: readonly FormDataField[];
  forms: readonly { id: string; fullName: string }[];
  flows: readonly { id: string; fullName: string }[];
  onClose: () => void;
  onSave: (nodeId: string, properties: FlowProperties, content: string) => void;
}

/** The properties of one node, by its kind; 确定 writes them into the tree. */
export function NodeDrawer({ tree, node, fields, forms, flows, onClose, onSave }: NodeDrawerProps) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<FlowProperties>();
  useEffect(() => {
    if (node) {
      form.resetFields();
      form.setFieldsValue({ title: nodeTitle(node, t), ...node.properties });
    }
  }, [node, form, t]);
  const save = () => {
    if (!node) return;
    const properties = { ...node.properties, ...form.getFieldsValue(true) } as FlowProperties;
    if (node.type === 'subFlow') {
      properties.flowName = flows.find((f) => f.id === properties.flowId)?.fullName ?? '';
      properties.assignList = assignListOf(properties.assignList, tree, nodeTitle(tree, t));
    }
    // The card names a condition's field by its label; the engine reads `field`.
    if (node.type === 'condition' && properties.conditions) {
      const labels = new Map(fields.map((f) => [f.vModel, f.label]));
      properties.conditions = properties.conditions.map((group) => ({
        ...group,
        groups: group.groups.map((item) => ({ ...item, fieldName: labels.get(item.field) ?? item.field })),
      }));
    }
    onSave(node.nodeId, properties, nodeSummary({ ...node, properties }, t));
  };
  return (
    <Drawer
      open={!!node}
      rootClassName="wf-node-drawer"
      width={drawerWidth}
      title={node ? nodeTitle(node, t) : ''}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" onClick={save}>
            {t('ok')}
          </Button>
        </Space>
      }
    >
      {node ? (
        <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} className="wf-props">
          <Form.Item name="title" label={t('props.title')}>
            <Input maxLength={50} />
          </Form.Item>
          {node.type === 'start' ? <StartSettings fields={fields} forms={forms} /> : null}
          {node.type === 'approver' ? <ApproverSettings tree={tree} node={node} fields={fields} /> : null}
          {node.type === 'condition' ? (
            node.properties.isDefault === true ? (
              <div className="wf-muted">{t('summary.otherwise')}</div>
            ) : (
              <ConditionEditor fields={fields} />
            )
          ) : null}
          {node.type === 'timer' ? <TimerSettings /> : null}
          {node.type === 'subFlow' ? (
            <>
              <SubFlowSettings flows={flows} fields={fields} />
              <MessageSettings events={subFlowEvents} followsStart={false} fields={fields} />
            </>
          ) : null}
        </Form>
      ) : null}
    </Drawer>
  );
}
