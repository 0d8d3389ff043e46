import type { Envelope } from '@platform/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../../shared/components/confirm.tsx';
import { useSuccessToast } from '../../../../shared/components/FormDialog.tsx';
import type { FormStore } from '../../../../shared/form-engine/index.ts';
import { useToast } from '../../../../shared/toast.tsx';
import { taskApi } from '../../api.ts';
import type { CandidateChoice } from '../../components/ActionDialogs.tsx';
import { flowFilesOf } from '../../components/EngineField.tsx';
import { onBehalfOf } from '../../components/LaunchOnBehalf.tsx';
import type { DetailButton } from '../../run-time.ts';
import type { ActionBody, CandidateAnswer, DetailConfig, FlowDetail, LaunchBody } from '../../wire.ts';

/** The chooser asked for: its answer, whether it picks handlers of a launch, and what goes with the choice. */
interface CandidateAsk {
  answer: CandidateAnswer;
  handlers?: boolean;
  send: (choice: CandidateChoice) => void;
}

/**
 * The calls behind the detail's actions and their protocol (protocol-workflow.md §2): `Candidates`
 * asked first, the chooser when it answers with branches or candidates, a launch that asks for
 * handlers and goes again, the page told after each change.
 */
function useFlowCalls({
  config,
  detail,
  store,
  onChanged,
}: {
  config: DetailConfig;
  detail: FlowDetail;
  store: FormStore | null;
  onChanged: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const success = useSuccessToast();
  const [busy, setBusy] = useState(false);
  const [candidates, setCandidates] = useState<CandidateAsk | null>(null);
  const operatorId = config.taskOperatorId ?? '';
  const taskId = config.processId;

  const run = async (call: () => Promise<Envelope<unknown>>) => {
    setBusy(true);
    try {
      success(await call());
      void queryClient.invalidateQueries({ queryKey: ['workflow'] });
      onChanged();
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

  /** The launch (status 0) or draft (1) of the form, for the principals of a delegated launch ([] = myself). */
  const launchBody = (statusCode: 0 | 1, principals: string[], choice: CandidateChoice = {}): LaunchBody => ({
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
  return {
    busy,
    run,
    values,
    withCandidates,
    launchBody,
    sendLaunch,
    candidates,
    cancelCandidates: () => setCandidates(null),
    chooseCandidates: (choice: CandidateChoice) => {
      const send = candidates?.send;
      setCandidates(null);
      send?.(choice);
    },
  };
}

/**
 * The actions of a flow's detail page (protocol-workflow.md §2, §3): launch and save, approve with
 * the candidates and signature asked first, reject, transfer, add a signer, cancel, recall, withdraw
 * and press, each carrying the opinion and files typed on the page.
 */
export function useFlowActions({
  config,
  detail,
  store,
  signAsked,
  onChanged,
}: {
  config: DetailConfig;
  detail: FlowDetail;
  /** The detail's form, null when its definition could not be read. */
  store: FormStore | null;
  /** Whether an approval carries a signature (hasSign on the start or the current node). */
  signAsked: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('workflow');
  const toast = useToast();
  const [confirm, confirmHolder] = useConfirm();
  const [opinion, setOpinion] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [signing, setSigning] = useState(false);
  const [files, setFiles] = useState<unknown>([]);
  // Delegated launch: the principals this new task is launched for ([] = myself).
  const [principals, setPrincipals] = useState<string[]>([]);
  const [userAction, setUserAction] = useState<'transfer' | 'freeApprover' | null>(null);
  const operatorId = config.taskOperatorId ?? '';
  const taskId = config.processId;
  const calls = useFlowCalls({ config, detail, store, onChanged });
  const { run, values, withCandidates, launchBody } = calls;

  /** What every action carries (protocol-workflow.md §2): the opinion, a signature, the attached files. */
  const actionBody = (signImg = ''): ActionBody => ({
    handleOpinion: opinion.trim(),
    signImg,
    fileList: flowFilesOf(files),
  });
  const audit = (signImg: string) => {
    const body = { ...actionBody(signImg), formData: values() };
    void withCandidates(body, (choice) => void run(() => taskApi.audit(operatorId, { ...body, ...choice })));
  };
  /** Whether the form may be sent; if not, says its first problem. */
  const formValid = () => {
    if (!store || store.validate()) return true;
    toast.error(store.messages()[0] ?? t('detail.fixForm'));
    return false;
  };

  const act = (button: DetailButton) => {
    const body = actionBody();
    switch (button) {
      case 'submit':
        if (formValid())
          void withCandidates(
            launchBody(0, principals),
            (choice) => void calls.sendLaunch(launchBody(0, principals, choice)),
          );
        return;
      case 'save':
        void calls.sendLaunch(launchBody(1, principals));
        return;
      case 'audit':
        if (!formValid()) return;
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

  return {
    act,
    busy: calls.busy,
    confirmHolder,
    opinion,
    setOpinion,
    files,
    setFiles,
    principals,
    setPrincipals,
    candidates: calls.candidates,
    cancelCandidates: calls.cancelCandidates,
    chooseCandidates: calls.chooseCandidates,
    rejecting,
    cancelReject: () => setRejecting(false),
    reject: (rejectStep: string | undefined, signImg: string) => {
      setRejecting(false);
      void run(() =>
        taskApi.reject(operatorId, {
          ...actionBody(signImg),
          ...(rejectStep === undefined ? {} : { rejectStep }),
          rejectType: Number(detail.approversProperties?.rejectType ?? 1),
        }),
      );
    },
    signing,
    cancelSign: () => setSigning(false),
    sign: (signImg: string) => {
      setSigning(false);
      audit(signImg);
    },
    userAction,
    cancelUserAction: () => setUserAction(null),
    /** Transfers the task, or adds a signer (freeApprover) of the chosen type, to the chosen user. */
    chooseUser: (userId: string, freeApproverType: number) => {
      const kind = userAction;
      setUserAction(null);
      const body = { ...actionBody(), freeApproverUserId: userId };
      void run(() =>
        kind === 'transfer'
          ? taskApi.transfer(operatorId, body)
          : taskApi.addSigner(operatorId, { ...body, freeApproverType }),
      );
    },
  };
}

export type FlowActions = ReturnType<typeof useFlowActions>;
