import { useQuery } from '@tanstack/react-query';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { taskApi } from '../api.ts';
import { DetailType, readConfig } from '../run-time.ts';
import '../workflow.css';
import { FlowDetailView } from './flow-detail/FlowDetailView.tsx';

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
