import type { FlowDetail, FlowEventLogRow } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { monitorApi } from '../api.ts';

const stateColors: Record<string, string> = { done: 'success', failed: 'error', running: 'processing' };

/**
 * 事件日志 (the monitor's detail): pick one node instance of the task, see what happened there,
 * oldest first: arrival, to-dos, acts, messages, timer and time-limit jobs, its end.
 */
export function EventLog({ nodes }: { nodes: FlowDetail['flowTaskNodeList'] }) {
  const { t } = useTranslation('workflow');
  // The latest node first: what a monitor most often looks into is where the task is now.
  const [nodeId, setNodeId] = useState(nodes.at(-1)?.id ?? '');
  const log = useQuery({
    queryKey: ['workflow', 'eventLog', nodeId],
    queryFn: () => monitorApi.eventLog(nodeId),
    enabled: nodeId !== '',
  });
  return (
    <div className="wf-event-log">
      <Select
        className="wf-event-log-node"
        aria-label={t('eventLog.node')}
        value={nodeId || undefined}
        onChange={setNodeId}
        options={nodes.map((n) => ({
          value: n.id,
          label: `${n.nodeName}${n.type === 1 ? ` (${t('detail.nodeState.current')})` : ''}`,
        }))}
        style={{ width: 320 }}
      />
      <Table<FlowEventLogRow>
        size="small"
        rowKey="id"
        pagination={false}
        loading={log.isLoading}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: t('eventLog.empty') }}
        columns={[
          {
            title: t('eventLog.eventTime'),
            dataIndex: 'eventTime',
            key: 'eventTime',
            width: 170,
            render: formatDateTime,
          },
          {
            title: t('eventLog.eventType'),
            dataIndex: 'eventType',
            key: 'eventType',
            width: 150,
            render: (type: FlowEventLogRow['eventType'], row) =>
              type === 'record' && row.handleStatus !== null
                ? `${t(`eventLog.types.${type}`)} · ${t(`common:handleStatus.${row.handleStatus}`, {
                    defaultValue: String(row.handleStatus),
                  })}`
                : t(`eventLog.types.${type}`),
          },
          { title: t('eventLog.userName'), dataIndex: 'userName', key: 'userName', width: 160 },
          { title: t('eventLog.content'), dataIndex: 'content', key: 'content' },
          {
            title: t('eventLog.state'),
            dataIndex: 'state',
            key: 'state',
            width: 110,
            // Timer and time-limit jobs have a run state.
            render: (state: string) =>
              state ? (
                <Tag color={stateColors[state] ?? 'default'}>
                  {t(`eventLog.states.${state}`, { defaultValue: state })}
                </Tag>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
