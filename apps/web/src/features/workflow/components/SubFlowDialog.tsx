import { useQueries } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { taskApi } from '../api.ts';
import { DetailType, detailPath } from '../run-time.ts';
import { taskStatusColors } from '../wire.ts';

/** Selector dialogs are 800 px (DESIGN.md). */
const dialogWidth = 800;

interface ChildRow {
  key: string;
  nodeName: string;
  taskId: string;
  flowId: string;
  fullName: string;
  status: number;
  creatorTime: number;
}

/**
 * 子流程: the child tasks each sub-flow node instance of this task launched (`SubFlowInfo`), and
 * 查看 opening a child's detail to look at.
 */
export function SubFlowDialog({
  nodes,
  open,
  onClose,
}: {
  /** The task's sub-flow node instances. */
  nodes: readonly { id: string; nodeName: string }[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflow');
  const navigate = useNavigate();
  const answers = useQueries({
    queries: nodes.map((node) => ({
      queryKey: ['workflow', 'subFlowInfo', node.id],
      queryFn: () => taskApi.subFlowInfo(node.id),
      enabled: open,
      gcTime: 0,
      retry: false,
    })),
  });
  const rows: ChildRow[] = nodes.flatMap((node, i) =>
    (answers[i]?.data ?? []).flatMap((child) =>
      child.flowTaskInfo
        ? [
            {
              key: child.flowTaskInfo.id,
              nodeName: node.nodeName,
              taskId: child.flowTaskInfo.id,
              flowId: child.flowTemplateInfo.id,
              fullName: child.flowTaskInfo.fullName,
              status: child.flowTaskInfo.status,
              creatorTime: child.flowTaskInfo.creatorTime,
            },
          ]
        : [],
    ),
  );
  return (
    <Modal open={open} width={dialogWidth} title={t('subFlows.title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<ChildRow>
        size="small"
        pagination={false}
        loading={answers.some((a) => a.isLoading)}
        dataSource={rows}
        locale={{ emptyText: t('subFlows.empty') }}
        columns={[
          { title: t('subFlows.node'), dataIndex: 'nodeName', key: 'nodeName', width: 140 },
          { title: t('subFlows.fullName'), dataIndex: 'fullName', key: 'fullName' },
          {
            title: t('subFlows.status'),
            dataIndex: 'status',
            key: 'status',
            width: 100,
            render: (status: number) => (
              <Tag color={taskStatusColors[status] ?? 'default'}>
                {t(`status.${status}`, { defaultValue: String(status) })}
              </Tag>
            ),
          },
          {
            title: t('subFlows.creatorTime'),
            dataIndex: 'creatorTime',
            key: 'creatorTime',
            width: 170,
            render: formatDateTime,
          },
          {
            title: t('subFlows.actions'),
            key: 'actions',
            width: 80,
            render: (_: unknown, row) => (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  onClose();
                  navigate(detailPath({ type: DetailType.monitor, processId: row.taskId, flowId: row.flowId }));
                }}
              >
                {t('subFlows.open')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
