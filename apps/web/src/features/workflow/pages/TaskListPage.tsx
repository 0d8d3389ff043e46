import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage, useCrudList, useListQuery } from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { monitorApi, taskApi } from '../api.ts';
import { SignDialog } from '../components/ActionDialogs.tsx';
import { ChangeDialog, type ChangeMode, revivableStatuses } from '../components/ChangeDialog.tsx';
import { DetailType, detailPath } from '../run-time.ts';
import { type TaskRow, taskStatusColors } from '../wire.ts';

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

/** Task statuses (wire.ts): 1 pending, 6 suspended. */
const running = 1;
const suspended = 6;

/** A to-do row whose node (or whose flow, on its start node) asks for a signature on approval. */
function asksSign(row: TaskRow): boolean {
  try {
    return (JSON.parse(row.approversProperties || '{}') as { hasSign?: boolean }).hasSign === true;
  } catch {
    return false;
  }
}

/** Handle statuses of the done list's rows: 0 rejected, 1 agreed, others as their names say. */
const handleColors: Record<number, string> = { 0: 'error', 1: 'success' };

/** 待办事宜, 已办事宜, 抄送事宜 and 我发起的: each row opens the flow detail page. */
export function TaskListPage({ kind }: { kind: TaskListKind }) {
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
      const answer = await taskApi.batch(0, selected, { handleOpinion: '', signImg, fileList: [] });
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
  /** The monitor's 更多: 指派 and 挂起 a running task, 恢复 a suspended one. */
  const monitorMore = (row: TaskRow) => [
    ...(row.status === running
      ? [
          { key: 'assign', label: t('actions.assign'), onClick: () => setChanging({ taskId: row.id, mode: 'assign' }) },
          {
            key: 'suspend',
            label: t('actions.suspend'),
            onClick: () => crud.act({ text: t('questions.suspend') }, () => monitorApi.suspend(row.id)),
          },
        ]
      : []),
    ...(row.status === suspended
      ? [
          {
            key: 'restore',
            label: t('actions.restore'),
            onClick: () => crud.act({ text: t('questions.restore') }, () => monitorApi.restore(row.id)),
          },
        ]
      : []),
  ];
  const statusCell = (status: number) =>
    kind === 'done' ? (
      <Tag color={handleColors[status] ?? 'default'}>
        {t(`common:handleStatus.${status}`, { defaultValue: String(status) })}
      </Tag>
    ) : (
      <Tag color={taskStatusColors[status] ?? 'default'}>{t(`status.${status}`, { defaultValue: String(status) })}</Tag>
    );
  const columns: ColumnsType<TaskRow> = [
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
      ? [
          {
            title: t('list.delegateUser'),
            dataIndex: 'delegateUser',
            key: 'delegateUser',
            width: 110,
          } as const,
        ]
      : []),
    { title: t('list.status'), dataIndex: 'status', key: 'status', width: 100, render: statusCell },
    crud.columns.actions({
      // The monitor's columns fit a 1440 px screen beside the menu with its four row actions.
      width: kind === 'monitor' ? 220 : 90,
      more: kind === 'monitor' ? (row) => ({ items: monitorMore(row) }) : undefined,
      actions: (row) => [
        { key: 'open', label: t(kind === 'todo' ? 'list.handle' : 'list.detail'), onClick: () => open(row) },
        kind === 'monitor' &&
          row.status === 1 && {
            key: 'cancel',
            label: t('actions.cancel'),
            danger: true,
            onClick: () =>
              crud.act({ text: t('questions.cancel') }, () =>
                taskApi.cancel(row.id, { handleOpinion: '', signImg: '', fileList: [] }),
              ),
          },
        kind === 'monitor' &&
          row.status === 1 && {
            key: 'change',
            label: t('actions.change'),
            onClick: () => setChanging({ taskId: row.id, mode: 'change' }),
          },
        kind === 'monitor' &&
          revivableStatuses.includes(row.status) && {
            key: 'resurgence',
            label: t('actions.resurgence'),
            onClick: () => setChanging({ taskId: row.id, mode: 'resurgence' }),
          },
      ],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      filters={
        kind === 'mine' ? (
          <Form.Item name="status" label={t('list.status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('all')}
              options={[0, 1, 2, 3, 4, 5].map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="flowUrgent" label={t('list.flowUrgent')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('all')}
              options={[1, 2, 3].map((s) => ({ value: s, label: t(`urgent.${s}`) }))}
            />
          </Form.Item>
        )
      }
      actions={
        kind === 'monitor' ? (
          <>
            <ChangeDialog target={changing} onClose={() => setChanging(null)} onDone={list.refetch} />
            <Button
              danger
              disabled={!selected.length}
              onClick={() =>
                crud.act('delete', async () => {
                  const answer = await monitorApi.remove(selected);
                  setSelected([]);
                  return answer;
                })
              }
            >
              {t('remove')}
            </Button>
          </>
        ) : kind === 'todo' ? (
          <>
            <Button
              type="primary"
              disabled={!selected.length}
              onClick={() =>
                list.rows.some((r) => selected.includes(r.id) && asksSign(r)) ? setSigning(true) : batchAudit('')
              }
            >
              {t('list.batchAudit')}
            </Button>
            <SignDialog
              open={signing}
              onCancel={() => setSigning(false)}
              onOk={(signImg) => {
                setSigning(false);
                batchAudit(signImg);
              }}
            />
          </>
        ) : undefined
      }
      table={
        kind === 'todo' || kind === 'monitor'
          ? { rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } }
          : undefined
      }
    />
  );
}
