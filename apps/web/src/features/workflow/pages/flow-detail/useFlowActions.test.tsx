import type { FormDefinition } from '@platform/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { FormStore } from '../../../../shared/form-engine/index.ts';
import { i18n } from '../../../../shared/i18n/index.ts';
import { HookProviders } from '../../../../test-providers.tsx';
import { taskApi } from '../../api.ts';
import { DetailType } from '../../run-time.ts';
import type { DetailConfig, FlowDetail } from '../../wire.ts';
import { useFlowActions } from './useFlowActions.ts';

/** The parts of a detail the actions read: the task (its urgency) and the current node's reject type. */
const detail = {
  flowTaskInfo: { id: 't1', flowUrgent: 2, status: 1 },
  approversProperties: { rejectType: 2 },
  flowTaskNodeList: [],
  formOperates: [],
} as unknown as FlowDetail;
const launchConfig: DetailConfig = { type: DetailType.mine, processId: '', flowId: 'f1' };
const todoConfig: DetailConfig = { type: DetailType.todo, processId: 't1', flowId: 'f1', taskOperatorId: 'op1' };
const form: FormDefinition = {
  fields: [{ __vModel__: 'amount', __config__: { jnpfKey: 'input', label: '金额', required: true } }],
};
const done = { code: 200, msg: '成功', data: null };
const noCandidates = { type: 3, list: [] };

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('workflow');
});
afterEach(() => vi.restoreAllMocks());

function renderActions(config: DetailConfig, options: { store?: FormStore | null; signAsked?: boolean } = {}) {
  const onChanged = vi.fn();
  const store = options.store === undefined ? new FormStore(form, { amount: '12' }) : options.store;
  const hook = renderHook(
    () => useFlowActions({ config, detail, store, signAsked: options.signAsked ?? false, onChanged }),
    { wrapper: HookProviders },
  );
  return { hook, onChanged };
}

describe('useFlowActions: launching', () => {
  test('submit asks the candidates, then launches the form for myself', async () => {
    vi.spyOn(taskApi, 'candidates').mockResolvedValue(noCandidates);
    const launch = vi.spyOn(taskApi, 'launch').mockResolvedValue(done);
    const { hook } = renderActions(launchConfig);
    act(() => hook.result.current.act('submit'));
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(1));
    expect(launch.mock.calls[0]?.[0]).toMatchObject({
      flowId: 'f1',
      formData: { amount: '12' },
      status: 0,
      flowUrgent: 2,
    });
    await waitFor(() => expect(hook.result.current.busy).toBe(false));
  });

  test('a form that fails its rules is not sent', async () => {
    const candidates = vi.spyOn(taskApi, 'candidates');
    const { hook } = renderActions(launchConfig, { store: new FormStore(form, {}) });
    act(() => hook.result.current.act('submit'));
    expect(candidates).not.toHaveBeenCalled();
  });

  test('a branch answer opens the chooser; the choice goes with the launch', async () => {
    const list = [{ nodeId: 'n1', nodeName: '审批', isBranchFlow: true, isCandidates: false }];
    vi.spyOn(taskApi, 'candidates').mockResolvedValue({ type: 1, list });
    const launch = vi.spyOn(taskApi, 'launch').mockResolvedValue(done);
    const { hook } = renderActions(launchConfig);
    act(() => hook.result.current.act('submit'));
    await waitFor(() => expect(hook.result.current.candidates?.answer.type).toBe(1));
    act(() => hook.result.current.chooseCandidates({ branchList: ['n1'] }));
    expect(hook.result.current.candidates).toBeNull();
    await waitFor(() => expect(launch.mock.calls[0]?.[0]).toMatchObject({ branchList: ['n1'], status: 0 }));
  });

  test('a launch answering nodes without handlers asks for them and launches again with them', async () => {
    vi.spyOn(taskApi, 'candidates').mockResolvedValue(noCandidates);
    const launch = vi
      .spyOn(taskApi, 'launch')
      .mockResolvedValueOnce({ code: 200, msg: '', data: [{ nodeId: 'n2', nodeName: '复核' }] })
      .mockResolvedValueOnce(done);
    const { hook } = renderActions(launchConfig);
    act(() => hook.result.current.act('submit'));
    await waitFor(() => expect(hook.result.current.candidates?.handlers).toBe(true));
    act(() => hook.result.current.chooseCandidates({ candidateList: { n2: ['u1'] } }));
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(2));
    expect(launch.mock.calls[1]?.[0]).toMatchObject({ errorRuleUserList: { n2: ['u1'] } });
  });

  test('save sends a draft (status 1) without asking candidates', async () => {
    const candidates = vi.spyOn(taskApi, 'candidates');
    const launch = vi.spyOn(taskApi, 'launch').mockResolvedValue(done);
    const { hook } = renderActions(launchConfig);
    act(() => hook.result.current.act('save'));
    await waitFor(() => expect(launch.mock.calls[0]?.[0]).toMatchObject({ status: 1 }));
    expect(candidates).not.toHaveBeenCalled();
  });
});

describe('useFlowActions: acting on a to-do', () => {
  test('audit sends the trimmed opinion and the form, then tells the page', async () => {
    vi.spyOn(taskApi, 'candidates').mockResolvedValue(noCandidates);
    const audit = vi.spyOn(taskApi, 'audit').mockResolvedValue(done);
    const { hook, onChanged } = renderActions(todoConfig);
    act(() => hook.result.current.setOpinion('  同意 '));
    act(() => hook.result.current.act('audit'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(audit).toHaveBeenCalledWith(
      'op1',
      expect.objectContaining({ handleOpinion: '同意', signImg: '', formData: { amount: '12' } }),
    );
  });

  test('audit where a signature is asked opens the signature first and sends it', async () => {
    vi.spyOn(taskApi, 'candidates').mockResolvedValue(noCandidates);
    const audit = vi.spyOn(taskApi, 'audit').mockResolvedValue(done);
    const { hook } = renderActions(todoConfig, { signAsked: true });
    act(() => hook.result.current.act('audit'));
    expect(hook.result.current.signing).toBe(true);
    expect(audit).not.toHaveBeenCalled();
    act(() => hook.result.current.sign('data:image/png;base64,x'));
    expect(hook.result.current.signing).toBe(false);
    await waitFor(() =>
      expect(audit).toHaveBeenCalledWith('op1', expect.objectContaining({ signImg: 'data:image/png;base64,x' })),
    );
  });

  test('reject opens its dialog and sends the step and the node reject type', async () => {
    const reject = vi.spyOn(taskApi, 'reject').mockResolvedValue(done);
    const { hook, onChanged } = renderActions(todoConfig);
    act(() => hook.result.current.act('reject'));
    expect(hook.result.current.rejecting).toBe(true);
    act(() => hook.result.current.reject('n0', ''));
    expect(hook.result.current.rejecting).toBe(false);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(reject).toHaveBeenCalledWith('op1', expect.objectContaining({ rejectStep: 'n0', rejectType: 2 }));
  });

  test('transfer and add signer choose a user, then send to the matching call', async () => {
    const transfer = vi.spyOn(taskApi, 'transfer').mockResolvedValue(done);
    const addSigner = vi.spyOn(taskApi, 'addSigner').mockResolvedValue(done);
    const { hook } = renderActions(todoConfig);
    act(() => hook.result.current.act('transfer'));
    expect(hook.result.current.userAction).toBe('transfer');
    act(() => hook.result.current.chooseUser('u2', 1));
    await waitFor(() =>
      expect(transfer).toHaveBeenCalledWith('op1', expect.objectContaining({ freeApproverUserId: 'u2' })),
    );
    act(() => hook.result.current.act('freeApprover'));
    act(() => hook.result.current.chooseUser('u3', 2));
    await waitFor(() =>
      expect(addSigner).toHaveBeenCalledWith(
        'op1',
        expect.objectContaining({ freeApproverUserId: 'u3', freeApproverType: 2 }),
      ),
    );
    expect(hook.result.current.userAction).toBeNull();
  });

  test('a failed call leaves the page as it was, not busy', async () => {
    vi.spyOn(taskApi, 'saveAudit').mockRejectedValue(new Error('refused'));
    const { hook, onChanged } = renderActions(todoConfig);
    act(() => hook.result.current.act('saveAudit'));
    await waitFor(() => expect(hook.result.current.busy).toBe(false));
    expect(onChanged).not.toHaveBeenCalled();
  });
});
