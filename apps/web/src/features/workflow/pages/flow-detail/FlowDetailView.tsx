import type { FormDefinition } from '@platform/shared';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormRenderer, FormStore } from '../../../../shared/form-engine/index.ts';
import { printTemplateIds, usePrintDialog } from '../../../printDev/index.ts';
import { CandidatesDialog, RejectDialog, SignDialog, UserActionDialog } from '../../components/ActionDialogs.tsx';
import { EngineField } from '../../components/EngineField.tsx';
import { EventLog } from '../../components/EventLog.tsx';
import { FlowComments } from '../../components/FlowComments.tsx';
import { LaunchOnBehalf } from '../../components/LaunchOnBehalf.tsx';
import { SubFlowDialog } from '../../components/SubFlowDialog.tsx';
import { FlowCanvas } from '../../designer/FlowCanvas.tsx';
import { type FlowProperties, propsOf } from '../../graph.ts';
import {
  applyOperates,
  buttonTextKey,
  type DetailButton,
  DetailType,
  detailButtons,
  nodeStates,
  readTree,
} from '../../run-time.ts';
import type { DetailConfig, FlowDetail, NodeOperate } from '../../wire.ts';
import { taskStatusColors } from '../../wire.ts';
import { Records } from './Records.tsx';
import { type FlowActions, useFlowActions } from './useFlowActions.ts';

const noErrors: ReadonlyMap<string, string> = new Map();

/** The generated form of the detail: `flowFormInfo.propertyJson` holds its definition. */
function formDefinitionOf(detail: FlowDetail): FormDefinition | null {
  try {
    const parsed = JSON.parse(detail.flowFormInfo?.propertyJson || 'null') as FormDefinition | null;
    return parsed && Array.isArray(parsed.fields) ? parsed : null;
  } catch {
    return null;
  }
}

/** The detail's tabs: the form, the graph, the records, the monitor's event log and the comments, as the task has them. */
function detailTabs(
  t: TFunction,
  {
    config,
    detail,
    store,
    editable,
    tree,
  }: {
    config: DetailConfig;
    detail: FlowDetail;
    store: FormStore | null;
    editable: boolean;
    tree: ReturnType<typeof readTree>;
  },
  states: ReturnType<typeof nodeStates>,
  commentsOn: boolean,
) {
  const task = detail.flowTaskInfo;
  return [
    {
      key: 'form',
      label: t('detail.formTab'),
      children: store ? (
        <FormRenderer store={store} mode={editable ? 'edit' : 'detail'} />
      ) : (
        <Result status="warning" title={t('detail.noForm')} />
      ),
    },
    ...(tree
      ? [
          {
            key: 'graph',
            label: t('detail.graphTab'),
            children: <FlowCanvas tree={tree} selected={null} errors={noErrors} states={states} readOnly />,
          },
        ]
      : []),
    ...(task
      ? [
          {
            key: 'records',
            label: t('detail.recordsTab'),
            children: <Records records={detail.flowTaskOperatorRecordList ?? []} />,
          },
        ]
      : []),
    ...(task && config.type === DetailType.monitor && detail.flowTaskNodeList.length
      ? [{ key: 'eventLog', label: t('detail.eventLogTab'), children: <EventLog nodes={detail.flowTaskNodeList} /> }]
      : []),
    ...(task && commentsOn
      ? [{ key: 'comments', label: t('comments.tab'), children: <FlowComments taskId={task.id} /> }]
      : []),
  ];
}

/** The title with the task's status, the action buttons, sub-flows, print and close. */
function DetailHead({
  detail,
  start,
  buttons,
  actions,
  onSubFlows,
}: {
  detail: FlowDetail;
  start: FlowProperties;
  buttons: DetailButton[];
  actions: FlowActions;
  /** Opens the sub-flows of the task, when it has any. */
  onSubFlows: (() => void) | null;
}) {
  const { t } = useTranslation('workflow');
  const navigate = useNavigate();
  const printer = usePrintDialog();
  const status = detail.flowTaskInfo?.status;
  const label = (button: DetailButton) => {
    const own = (
      button === 'submit' || button === 'save' || button === 'withdraw' || button === 'press'
        ? start
        : detail.approversProperties
    )[buttonTextKey[button] ?? ''];
    return typeof own === 'string' && own.trim() ? own : t(`actions.${button}`);
  };
  // 打印 (protocol-workflow.md: hasPrintBtn + printId[]): the current node's when it has it on, else the start's.
  const printing = detail.flowTaskInfo
    ? [detail.approversProperties, start as Record<string, unknown>].find(
        (node) => node?.hasPrintBtn === true && printTemplateIds(node.printId).length > 0,
      )
    : undefined;
  const printText = typeof printing?.hasPrintBtnText === 'string' && printing.hasPrintBtnText.trim();
  const title = detail.flowTaskInfo?.fullName || detail.flowTemplateInfo?.fullName || '';
  return (
    <>
      {printer.dialog}
      <div className="wf-detail-head">
        <h2 className="wf-title">
          {title}{' '}
          {status !== undefined && detail.flowTaskInfo ? (
            <Tag color={taskStatusColors[status] ?? 'default'}>
              {t(`status.${status}`, { defaultValue: String(status) })}
            </Tag>
          ) : null}
        </h2>
        <div className="wf-detail-actions">
          {buttons.map((button) => (
            <Button
              key={button}
              type={button === 'submit' || button === 'audit' ? 'primary' : 'default'}
              danger={button === 'reject' || button === 'cancel'}
              loading={actions.busy}
              onClick={() => actions.act(button)}
            >
              {label(button)}
            </Button>
          ))}
          {onSubFlows ? <Button onClick={onSubFlows}>{t('subFlows.button')}</Button> : null}
          {printing && detail.flowTaskInfo ? (
            <Button onClick={() => printer.print(printTemplateIds(printing.printId), [detail.flowTaskInfo?.id ?? ''])}>
              {printText || t('actions.print')}
            </Button>
          ) : null}
          <Button onClick={() => navigate(-1)}>{t('close')}</Button>
        </div>
      </div>
    </>
  );
}

/** The opinion and the files an approver attaches to the action. */
function ActionInputs({ actions }: { actions: FlowActions }) {
  const { t } = useTranslation('workflow');
  return (
    <>
      <Input.TextArea
        className="wf-opinion"
        rows={3}
        maxLength={500}
        value={actions.opinion}
        onChange={(e) => actions.setOpinion(e.target.value)}
        placeholder={t('detail.opinionPlaceholder')}
        aria-label={t('detail.opinion')}
      />
      <div className="wf-action-files">
        <span className="wf-muted">{t('detail.files')}</span>
        <EngineField
          kind="uploadFile"
          id="wf-action-files"
          label={t('detail.files')}
          value={actions.files}
          onChange={actions.setFiles}
        />
      </div>
    </>
  );
}

/** The dialogs the actions open: candidates, reject, signature, transfer or add a signer. */
function ActionDialogs({
  actions,
  config,
  detail,
  signAsked,
  startNodeId,
}: {
  actions: FlowActions;
  config: DetailConfig;
  detail: FlowDetail;
  signAsked: boolean;
  startNodeId: string;
}) {
  return (
    <>
      <CandidatesDialog
        answer={actions.candidates?.answer ?? null}
        handlers={actions.candidates?.handlers}
        onCancel={actions.cancelCandidates}
        onOk={actions.chooseCandidates}
      />
      <RejectDialog
        operatorId={config.taskOperatorId ?? ''}
        choose={detail.approversProperties?.rejectStep === '2'}
        sign={signAsked}
        startNodeId={startNodeId}
        open={actions.rejecting}
        onCancel={actions.cancelReject}
        onOk={actions.reject}
      />
      <SignDialog open={actions.signing} onCancel={actions.cancelSign} onOk={actions.sign} />
      <UserActionDialog kind={actions.userAction} onCancel={actions.cancelUserAction} onOk={actions.chooseUser} />
    </>
  );
}

/** A detail as loaded: its form under the node's field rights, the buttons the task's state allows, and its tabs. */
export function FlowDetailView({
  config,
  detail,
  onChanged,
  tab,
  onTab,
}: {
  config: DetailConfig;
  detail: FlowDetail;
  onChanged: () => void;
  tab: string;
  onTab: (key: string) => void;
}) {
  const { t } = useTranslation('workflow');
  const tree = useMemo(() => readTree(detail.flowTemplateInfo?.flowTemplateJson), [detail]);
  const start: FlowProperties = tree ? propsOf(tree) : {};
  const buttons = detailButtons(config, detail, start);
  // The wire types formOperates loosely; its rows are the node's `{id, read, write, required}`.
  const operates = detail.formOperates as NodeOperate[];
  // The launcher fills the form; an approver writes only the fields the node lets it write.
  const editable = buttons.includes('submit') || (buttons.includes('audit') && operates.some((o) => o.write));
  const definition = useMemo(() => formDefinitionOf(detail), [detail]);
  const store = useMemo(
    () =>
      definition ? new FormStore(applyOperates(definition, operates), detail.draftData ?? detail.formData ?? {}) : null,
    [definition, operates, detail],
  );
  // `hasSign` on the start node asks every approval for a signature; on an approver node, that node's.
  const signAsked = start.hasSign === true || detail.approversProperties?.hasSign === true;
  const actions = useFlowActions({ config, detail, store, signAsked, onChanged });
  const [subFlowsOpen, setSubFlowsOpen] = useState(false);
  const subFlowNodes = detail.flowTaskNodeList.filter((n) => n.nodeType === 'subFlow' && n.type !== -1);
  const commentsOn = (start as Record<string, unknown>).isComment !== false;
  const states = useMemo(() => nodeStates(detail), [detail]);
  const acting = config.type === DetailType.todo && buttons.length > 0;
  const tabs = detailTabs(t, { config, detail, store, editable, tree }, states, commentsOn);
  return (
    <div className="wf-detail">
      {actions.confirmHolder}
      <DetailHead
        detail={detail}
        start={start}
        buttons={buttons}
        actions={actions}
        onSubFlows={subFlowNodes.length ? () => setSubFlowsOpen(true) : null}
      />
      {!config.processId && buttons.includes('submit') ? (
        <LaunchOnBehalf flowId={config.flowId} value={actions.principals} onChange={actions.setPrincipals} />
      ) : null}
      {acting ? <ActionInputs actions={actions} /> : null}
      <Tabs activeKey={tabs.some((item) => item.key === tab) ? tab : 'form'} onChange={onTab} items={tabs} />
      <ActionDialogs
        actions={actions}
        config={config}
        detail={detail}
        signAsked={signAsked}
        startNodeId={tree?.nodeId ?? ''}
      />
      <SubFlowDialog nodes={subFlowNodes} open={subFlowsOpen} onClose={() => setSubFlowsOpen(false)} />
    </div>
  );
}
