import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/components/index.ts';
import { SignDialog } from '../components/ActionDialogs.tsx';
import { ChangeDialog } from '../components/ChangeDialog.tsx';
import { taskColumns } from './task-list/task-columns.tsx';
import { type TaskListKind, useTaskList } from './task-list/useTaskList.ts';

export type { TaskListKind } from './task-list/useTaskList.ts';

/** 待办事宜, 已办事宜, 抄送事宜, 我发起的 and the monitor: each row opens the flow detail page. */
export function TaskListPage({ kind }: { kind: TaskListKind }) {
  const { t } = useTranslation('workflow');
  const tasks = useTaskList(kind);
  const { selected } = tasks;
  return (
    <CrudPage
      crud={tasks.crud}
      columns={taskColumns(kind, tasks, t)}
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
            <ChangeDialog target={tasks.changing} onClose={tasks.closeChange} onDone={tasks.list.refetch} />
            <Button danger disabled={!selected.length} onClick={tasks.removeSelected}>
              {t('remove')}
            </Button>
          </>
        ) : kind === 'todo' ? (
          <>
            <Button type="primary" disabled={!selected.length} onClick={tasks.auditSelected}>
              {t('list.batchAudit')}
            </Button>
            <SignDialog open={tasks.signing} onCancel={tasks.cancelSign} onOk={tasks.sign} />
          </>
        ) : undefined
      }
      table={
        kind === 'todo' || kind === 'monitor'
          ? { rowSelection: { selectedRowKeys: selected, onChange: (keys) => tasks.setSelected(keys.map(String)) } }
          : undefined
      }
    />
  );
}
