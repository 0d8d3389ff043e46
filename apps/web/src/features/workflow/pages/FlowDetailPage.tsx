import type { Envelope, FormDefinition } from '@platform/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useConfirm } from '../../../shared/components/confirm.tsx';
import { useSuccessToast } from '../../../shared/components/FormDialog.tsx';
import { formFileService } from '../../../shared/components/upload/form-file-service.ts';
import { FormRenderer, FormStore, setFileService } from '../../../shared/form-engine/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useToast } from '../../../shared/toast.tsx';
import { printTemplateIds, usePrintDialog } from '../../printDev/index.ts';
import { taskApi } from '../api.ts';
import {
  type CandidateChoice,
  CandidatesDialog,
  RejectDialog,
  SignDialog,
  UserActionDialog,
} from '../components/ActionDialogs.tsx';
import { EngineField, flowFilesOf, parseFiles } from '../components/EngineField.tsx';
import { EventLog } from '../components/EventLog.tsx';
import { FlowComments } from '../components/FlowComments.tsx';
import { LaunchOnBehalf, onBehalfOf } from '../components/LaunchOnBehalf.tsx';
import { SubFlowDialog } from '../components/SubFlowDialog.tsx';
import { FlowCanvas } from '../designer/FlowCanvas.tsx';
import { type FlowProperties, propsOf } from '../graph.ts';
import {
  applyOperates,
  buttonTextKey,
  type DetailButton,
  DetailType,
  detailButtons,
  nodeStates,
  readConfig,
  readTree,
} from '../run-time.ts';
import type {
  ActionBody,
  CandidateAnswer,
  DetailConfig,
  FlowDetail,
  LaunchBody,
  NodeOperate,
  OperatorRecord,
} from '../wire.ts';
import { taskStatusColors } from '../wire.ts';
import '../workflow.css';

setFileService(formFileService);

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

/** `/workFlowDetail?config=`: a launch form, a to-do to act on, or a flow to look at. */
export default function FlowDetailPage() {
  const { t } = useTranslation('workflow');
  const location = useLocation();
  const config = useMemo(() => readConfig(new URLSearchParams(location.search).get('config')), [location.search]);
  const detail = useQuery({
    queryKey: ['workflow', 'detail', config],
    queryFn: () =>
      taskApi.detail(config?.processId ?? '0', {
        taskNodeId: config?.taskNodeId || undefined,
        taskOperatorId: config?.taskOperatorId || undefined,
        flowId: config?.flowId || undefined,
      }),
    enabled: !!config,
    gcTime: 0,
    retry: false,
  });
  const check = useQuery({
    queryKey: ['workflow', 'operatorInfo', config?.taskOperatorId],
    queryFn: () => taskApi.operatorInfo(config?.taskOperatorId ?? ''),
    enabled: config?.type === DetailType.todo && !!config.taskOperatorId,
    gcTime: 0,
    retry: false,
  });
  // The view is made anew after every action (its key), the tab a person chose stays.
  const [tab, setTab] = useState('form');
  if (!config) return <Result status="warning" title={t('detail.badConfig')} />;
  if (detail.error) return <Result status="warning" title={t('detail.loadFailed')} />;
  if (!detail.data || (config.type === DetailType.todo && check.isLoading))
    return <Spin className="shell-page-loading" />;
  return (
    <FlowDetailView
      key={detail.dataUpdatedAt}
      config={{ ...config, readonly: check.data?.isCheck === true }}
      detail={detail.data}
      onChanged={() => void detail.refetch()}
      tab={tab}
      onTab={setTab}
    />
  );
}

function FlowDetailView({
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const success = useSuccessToast();
  const [confirm, holder] = useConfirm();
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
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const [candidates, setCandidates] = useState<{
    answer: CandidateAnswer;
    handlers?: boolean;
    send: (c: CandidateChoice) => void;
  } | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [signing, setSigning] = useState(false);
  const [subFlowsOpen, setSubFlowsOpen] = useState(false);
  const printer = usePrintDialog();
  const [files, setFiles] = useState<unknown>([]);
  // Delegated launch: the principals this new task is launched for ([] = myself).
  const [principals, setPrincipals] = useState<string[]>([]);
  // `hasSign` on the start node asks every approval for a signature; on an approver node, that node's.
  const signAsked = start.hasSign === true || detail.approversProperties?.hasSign === true;
  const commentsOn = (start as Record<string, unknown>).isComment !== false;
  const subFlowNodes = detail.flowTaskNodeList.filter((n) => n.nodeType === 'subFlow' && n.type !== -1);
  /** What every action carries (protocol-workflow.md §2): the opinion, a signature, the attached files. */
  const actionBody = (signImg = ''): ActionBody => ({
    handleOpinion: opinion.trim(),
    signImg,
    fileList: flowFilesOf(files),
  });
  const [userAction, setUserAction] = useState<'transfer' | 'freeApprover' | null>(null);
  const operatorId = config.taskOperatorId ?? '';
  const taskId = config.processId;
  const status = detail.flowTaskInfo?.status;

  const finish = (envelope: Envelope<unknown>) => {
    success(envelope);
    void queryClient.invalidateQueries({ queryKey: ['workflow'] });
    onChanged();
  };
  const run = async (call: () => Promise<Envelope<unknown>>) => {
    setBusy(true);
    try {
      finish(await call());
    } catch {
      // The request layer has shown the error.
    } finally {
      setBusy(false);
    }
  };
  const values = () => store?.getValues() ?? {};

  /** Asks `Candidates` first; a branch or candidate answer opens the chooser, then `send` goes with the choice. */
  const withCandidates = async (body: Partial<LaunchBody> | ActionBody, send: (choice: CandidateChoice) => void) => {
    setBusy(true);
    let answer: CandidateAnswer;
    try {
      answer = await taskApi.candidates(operatorId, body);
    } catch {
      setBusy(false);
      return;
    }
    setBusy(false);
    if ((answer.type === 1 || answer.type === 2) && answer.list?.length) setCandidates({ answer, send });
    else send({});
  };

  const launchBody = (statusCode: 0 | 1, choice: CandidateChoice = {}): LaunchBody => ({
    ...(taskId ? { id: taskId } : {}),
    flowId: config.flowId,
    formData: values(),
    status: statusCode,
    flowUrgent: detail.flowTaskInfo?.flowUrgent ?? 1,
    ...(taskId ? {} : onBehalfOf(principals)),
    ...choice,
  });

  const sendLaunch = async (body: LaunchBody) => {
    setBusy(true);
    try {
      const envelope = taskId ? await taskApi.resubmit(taskId, body) : await taskApi.launch(body);
      // A non-empty list answers "pick the handlers of these nodes", then the launch goes again.
      if (Array.isArray(envelope.data) && envelope.data.length) {
        const list = (envelope.data as { nodeId: string; nodeName: string }[]).map((n) => ({
          ...n,
          isBranchFlow: false,
          isCandidates: true,
        }));
        setCandidates({
          answer: { type: 2, list },
          handlers: true,
          send: (choice) => void sendLaunch({ ...body, errorRuleUserList: choice.candidateList ?? {} }),
        });
        return;
      }
      success(envelope);
      void queryClient.invalidateQueries({ queryKey: ['workflow'] });
      navigate(-1);
    } catch {
      // The request layer has shown the error.
    } finally {
      setBusy(false);
    }
  };

  const audit = (signImg: string) => {
    const body = { ...actionBody(signImg), formData: values() };
    void withCandidates(body, (choice) => void run(() => taskApi.audit(operatorId, { ...body, ...choice })));
  };

  const act = (button: DetailButton) => {
    const body = actionBody();
    switch (button) {
      case 'submit':
        if (store && !store.validate()) {
          toast.error(store.messages()[0] ?? t('detail.fixForm'));
          return;
        }
        void withCandidates(launchBody(0), (choice) => void sendLaunch(launchBody(0, choice)));
        return;
      case 'save':
        void sendLaunch(launchBody(1));
        return;
      case 'audit':
        if (store && !store.validate()) {
          toast.error(store.messages()[0] ?? t('detail.fixForm'));
          return;
        }
        if (signAsked) setSigning(true);
        else audit('');
        return;
      case 'reject':
        setRejecting(true);
        return;
      case 'transfer':
      case 'freeApprover':
        setUserAction(button);
        return;
      case 'saveAudit':
        void run(() => taskApi.saveAudit(operatorId, { ...body, formData: values() }));
        return;
      case 'cancel':
        confirm.text(t('questions.cancel'), () => run(() => taskApi.cancel(taskId, body)));
        return;
      case 'recall':
        confirm.text(t('questions.recall'), () => run(() => taskApi.recall(operatorId, body)));
        return;
      case 'withdraw':
        confirm.text(t('questions.withdraw'), () => run(() => taskApi.withdraw(taskId, body)));
        return;
      case 'press':
        confirm.text(t('questions.press'), () => run(() => taskApi.press(taskId)));
        return;
    }
  };

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
  const states = useMemo(() => nodeStates(detail), [detail]);
  const title = detail.flowTaskInfo?.fullName || detail.flowTemplateInfo?.fullName || '';
  const acting = config.type === DetailType.todo && buttons.length > 0;

  const tabs = [
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
    ...(detail.flowTaskInfo
      ? [
          {
            key: 'records',
            label: t('detail.recordsTab'),
            children: <Records records={detail.flowTaskOperatorRecordList ?? []} />,
          },
        ]
      : []),
    ...(detail.flowTaskInfo && config.type === DetailType.monitor && detail.flowTaskNodeList.length
      ? [
          {
            key: 'eventLog',
            label: t('detail.eventLogTab'),
            children: <EventLog nodes={detail.flowTaskNodeList} />,
          },
        ]
      : []),
    ...(detail.flowTaskInfo && commentsOn
      ? [
          {
            key: 'comments',
            label: t('comments.tab'),
            children: <FlowComments taskId={detail.flowTaskInfo.id} />,
          },
        ]
      : []),
  ];
  return (
    <div className="wf-detail">
      {holder}
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
              loading={busy}
              onClick={() => act(button)}
            >
              {label(button)}
            </Button>
          ))}
          {subFlowNodes.length ? <Button onClick={() => setSubFlowsOpen(true)}>{t('subFlows.button')}</Button> : null}
          {printing && detail.flowTaskInfo ? (
            <Button onClick={() => printer.print(printTemplateIds(printing.printId), [detail.flowTaskInfo?.id ?? ''])}>
              {printText || t('actions.print')}
            </Button>
          ) : null}
          <Button onClick={() => navigate(-1)}>{t('close')}</Button>
        </div>
      </div>
      {!taskId && buttons.includes('submit') ? (
        <LaunchOnBehalf flowId={config.flowId} value={principals} onChange={setPrincipals} />
      ) : null}
      {acting ? (
        <Input.TextArea
          className="wf-opinion"
          rows={3}
          maxLength={500}
          value={opinion}
          onChange={(e) => setOpinion(e.target.value)}
          placeholder={t('detail.opinionPlaceholder')}
          aria-label={t('detail.opinion')}
        />
      ) : null}
      {acting ? (
        <div className="wf-action-files">
          <span className="wf-muted">{t('detail.files')}</span>
          <EngineField
            kind="uploadFile"
            id="wf-action-files"
            label={t('detail.files')}
            value={files}
            onChange={setFiles}
          />
        </div>
      ) : null}
      <Tabs activeKey={tabs.some((item) => item.key === tab) ? tab : 'form'} onChange={onTab} items={tabs} />
      <CandidatesDialog
        answer={candidates?.answer ?? null}
        handlers={candidates?.handlers}
        onCancel={() => setCandidates(null)}
        onOk={(choice) => {
          const send = candidates?.send;
          setCandidates(null);
          send?.(choice);
        }}
      />
      <RejectDialog
        operatorId={operatorId}
        choose={detail.approversProperties?.rejectStep === '2'}
        sign={signAsked}
        startNodeId={tree?.nodeId ?? ''}
        open={rejecting}
        onCancel={() => setRejecting(false)}
        onOk={(rejectStep, signImg) => {
          setRejecting(false);
          void run(() =>
            taskApi.reject(operatorId, {
              ...actionBody(signImg),
              ...(rejectStep === undefined ? {} : { rejectStep }),
              rejectType: Number(detail.approversProperties?.rejectType ?? 1),
            }),
          );
        }}
      />
      <SignDialog
        open={signing}
        onCancel={() => setSigning(false)}
        onOk={(signImg) => {
          setSigning(false);
          audit(signImg);
        }}
      />
      <SubFlowDialog nodes={subFlowNodes} open={subFlowsOpen} onClose={() => setSubFlowsOpen(false)} />
      <UserActionDialog
        kind={userAction}
        onCancel={() => setUserAction(null)}
        onOk={(userId, freeApproverType) => {
          const kind = userAction;
          setUserAction(null);
          const body = { ...actionBody(), freeApproverUserId: userId };
          void run(() =>
            kind === 'transfer'
              ? taskApi.transfer(operatorId, body)
              : taskApi.addSigner(operatorId, { ...body, freeApproverType }),
          );
        }}
      />
    </div>
  );
}

/** 流转记录: who did what at which node, with the opinion and signature. */
/** `handleStatus` 2: the launch record. */
const launchStatus = 2;

function Records({ records }: { records: OperatorRecord[] }) {
  const { t } = useTranslation('workflow');
  return (
    <Table<OperatorRecord>
      size="small"
      rowKey={(row, i) => row.id ?? `${row.nodeCode}-${i}`}
      pagination={false}
      dataSource={records}
      columns={[
        { title: t('records.nodeName'), dataIndex: 'nodeName', key: 'nodeName', width: 140 },
        {
          title: t('records.userName'),
          dataIndex: 'userName',
          key: 'userName',
          width: 140,
          // A delegated launch's record: the delegate who launched, and the principal launched for.
          render: (user: string, row) =>
            row.handleStatus === launchStatus && row.operatorId
              ? t('records.launchedFor', { user, principal: row.operatorId })
              : user,
        },
        {
          title: t('records.handleTime'),
          dataIndex: 'handleTime',
          key: 'handleTime',
          width: 170,
          render: formatDateTime,
        },
        {
          title: t('records.handleStatus'),
          dataIndex: 'handleStatus',
          key: 'handleStatus',
          width: 110,
          render: (code: number) => (
            <Tag color={code === 0 ? 'error' : code === 1 ? 'success' : 'default'}>
              {t(`common:handleStatus.${code}`, { defaultValue: String(code) })}
            </Tag>
          ),
        },
        { title: t('records.handleOpinion'), dataIndex: 'handleOpinion', key: 'handleOpinion' },
        {
          title: t('records.signImg'),
          dataIndex: 'signImg',
          key: 'signImg',
          width: 120,
          render: (src: string | null) =>
            src && /^(data:image\/|\/|https?:)/.test(src) ? (
              <img src={src} alt={t('records.signImg')} height={32} />
            ) : null,
        },
        {
          title: t('records.fileList'),
          dataIndex: 'fileList',
          key: 'fileList',
          width: 180,
          render: (text: string, row) => {
            const files = parseFiles(text);
            return files.length ? (
              <EngineField
                kind="uploadFile"
                id={`wf-record-${row.id}-files`}
                label={t('records.fileList')}
                value={files}
                readOnly
              />
            ) : null;
          },
        },
      ]}
    />
  );
}
