import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCrudList, useListQuery } from '../../../../shared/components/index.ts';
import { monitorApi, taskApi } from '../../api.ts';
import type { ChangeMode } from '../../components/ChangeDialog.tsx';
import { DetailType, detailPath } from '../../run-time.ts';
import type { TaskRow } from '../../wire.ts';

export type TaskListKind = 'todo' | 'done' | 'circulate' | 'mine' | 'monitor';

const initialSearch: { keyword: string; status?: number; flowUrgent?: number } = { keyword: '' };

const detailTypes: Record<TaskListKind, number> = {
  todo: DetailType.todo,
  done: DetailType.done,
  circulate: DetailType.circulate,
  mine: DetailType.mine,
  monitor: DetailType.monitor,
};

const categories = { todo: 1, done: 2, circulate: 3 } as const;

/** A to-do row whose node (or whose flow, on its start node) asks for a signature on approval. */
function asksSign(row: TaskRow): boolean {
  try {
    return (JSON.parse(row.approversProperties || '{}') as { hasSign?: boolean }).hasSign === true;
  } catch {
    return false;
  }
}

const noAction = { handleOpinion: '', signImg: '', fileList: [] };

/**
 * A task list's state and calls: the list of its kind, the rows chosen for a batch, opening a row's
 * detail, the batch approval (with one signature when a row asks for it) and the monitor's actions.
 */
export function useTaskList(kind: TaskListKind) {
  const { t } = useTranslation('workflow');
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const list = useListQuery<TaskRow, typeof initialSearch>({
    queryKey: ['workflow', 'tasks', kind],
    fetch: (params, signal) =>
      kind === 'mine'
        ? taskApi.mine(params, signal)
        : // The monitor lists every task (FlowMonitor), its rows' ids are task ids.
          kind === 'monitor'
          ? monitorApi.list(params, signal)
          : taskApi.list(categories[kind], params, signal),
    initialSearch,
  });
  const crud = useCrudList<TaskRow>(list, { permissions: false });
  const [signing, setSigning] = useState(false);
  const [changing, setChanging] = useState<{ taskId: string; mode: ChangeMode } | null>(null);
  // One signature, drawn once, signs every row of a batch approval that asks for one.
  const batchAudit = (signImg: string) =>
    crud.act({ text: t('questions.batchAudit', { count: selected.length }) }, async () => {
      const answer = await taskApi.batch(0, selected, { ...noAction, signImg });
      setSelected([]);
      return answer;
    });
  const open = (row: TaskRow) =>
    navigate(
      detailPath({
        type: detailTypes[kind],
        processId: kind === 'mine' || kind === 'monitor' ? row.id : (row.processId ?? ''),
        flowId: row.flowId,
        taskNodeId: row.taskNodeId ?? row.thisStepId ?? '',
        taskOperatorId: kind === 'mine' || kind === 'monitor' ? '' : row.id,
        status: row.status,
      }),
    );
  return {
    list,
    crud,
    selected,
    setSelected,
    open,
    signing,
    /** 批量审批: asks for the signature first when a chosen row wants one. */
    auditSelected: () => {
      if (list.rows.some((r) => selected.includes(r.id) && asksSign(r))) setSigning(true);
      else batchAudit('');
    },
    cancelSign: () => setSigning(false),
    sign: (signImg: string) => {
      setSigning(false);
      batchAudit(signImg);
    },
    removeSelected: () =>
      crud.act('delete', async () => {
        const answer = await monitorApi.remove(selected);
        setSelected([]);
        return answer;
      }),
    changing,
    change: (taskId: string, mode: ChangeMode) => setChanging({ taskId, mode }),
    closeChange: () => setChanging(null),
    suspend: (row: TaskRow) => crud.act({ text: t('questions.suspend') }, () => monitorApi.suspend(row.id)),
    resume: (row: TaskRow) => crud.act({ text: t('questions.restore') }, () => monitorApi.restore(row.id)),
    cancel: (row: TaskRow) => crud.act({ text: t('questions.cancel') }, () => taskApi.cancel(row.id, noAction)),
  };
}

export type TaskList = ReturnType<typeof useTaskList>;
