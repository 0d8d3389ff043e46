import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../../shared/format.ts';
import { type MonitorAction, monitorActions } from '../../run-time.ts';
import { type TaskRow, taskStatusColors } from '../../wire.ts';
import type { TaskList, TaskListKind } from './useTaskList.ts';

/** Handle statuses of the done list's rows: 0 rejected, 1 agreed, others as their names say. */
const handleColors: Record<number, string> = { 0: 'error', 1: 'success' };

/** The monitor's 更多 on a row: 指派 and 挂起 a running task, 恢复 a suspended one (as the state table allows). */
function monitorMoreItems(row: TaskRow, tasks: TaskList, t: TFunction) {
  const items: Partial<Record<MonitorAction, { key: string; label: string; onClick: () => void }>> = {
    assign: { key: 'assign', label: t('actions.assign'), onClick: () => tasks.change(row.id, 'assign') },
    suspend: { key: 'suspend', label: t('actions.suspend'), onClick: () => tasks.suspend(row) },
    resume: { key: 'restore', label: t('actions.restore'), onClick: () => tasks.resume(row) },
  };
  return monitorActions(row.status).flatMap((action) => items[action] ?? []);
}

/** The row's buttons: open (处理 or 详情), and on the monitor cancel, change and revive as the task's state allows. */
function rowActions(row: TaskRow, kind: TaskListKind, tasks: TaskList, t: TFunction) {
  const allowed = kind === 'monitor' ? monitorActions(row.status) : [];
  return [
    { key: 'open', label: t(kind === 'todo' ? 'list.handle' : 'list.detail'), onClick: () => tasks.open(row) },
    allowed.includes('cancel') && {
      key: 'cancel',
      label: t('actions.cancel'),
      danger: true,
      onClick: () => tasks.cancel(row),
    },
    allowed.includes('change') && {
      key: 'change',
      label: t('actions.change'),
      onClick: () => tasks.change(row.id, 'change'),
    },
    allowed.includes('revive') && {
      key: 'resurgence',
      label: t('actions.resurgence'),
      onClick: () => tasks.change(row.id, 'resurgence'),
    },
  ];
}

/** 待办事宜, 已办事宜, 抄送事宜, 我发起的 and the monitor: the columns of each kind. */
export function taskColumns(kind: TaskListKind, tasks: TaskList, t: TFunction): ColumnsType<TaskRow> {
  const statusCell = (status: number) =>
    kind === 'done' ? (
      <Tag color={handleColors[status] ?? 'default'}>
        {t(`common:handleStatus.${status}`, { defaultValue: String(status) })}
      </Tag>
    ) : (
      <Tag color={taskStatusColors[status] ?? 'default'}>{t(`status.${status}`, { defaultValue: String(status) })}</Tag>
    );
  return [
    { title: t('list.fullName'), dataIndex: 'fullName', key: 'fullName', width: 190, ellipsis: true },
    { title: t('list.flowName'), dataIndex: 'flowName', key: 'flowName', width: 130, ellipsis: true },
    ...(kind === 'mine'
      ? []
      : [{ title: t('list.userName'), dataIndex: 'userName', key: 'userName', width: 110 } as const]),
    {
      title: t('list.startTime'),
      key: 'startTime',
      width: 160,
      render: (_: unknown, row: TaskRow) => formatDateTime(row.startTime ?? row.creatorTime ?? null),
    },
    { title: t('list.thisStep'), dataIndex: 'thisStep', key: 'thisStep', width: 120, ellipsis: true },
    {
      title: t('list.flowUrgent'),
      dataIndex: 'flowUrgent',
      key: 'flowUrgent',
      width: 90,
      render: (value: number) => t(`urgent.${value ?? 1}`, { defaultValue: String(value) }),
    },
    ...(kind === 'todo'
      ? [{ title: t('list.delegateUser'), dataIndex: 'delegateUser', key: 'delegateUser', width: 110 } as const]
      : []),
    { title: t('list.status'), dataIndex: 'status', key: 'status', width: 100, render: statusCell },
    tasks.crud.columns.actions({
      // The monitor's columns fit a 1440 px screen beside the menu with its four row actions.
      width: kind === 'monitor' ? 220 : 90,
      more: kind === 'monitor' ? (row) => ({ items: monitorMoreItems(row, tasks, t) }) : undefined,
      actions: (row) => rowActions(row, kind, tasks, t),
    }),
  ];
}
